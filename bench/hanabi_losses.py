"""Where Hanabi's computer players lose points in self-play:

    python -m bench.hanabi_losses --players 2 --games 1000 --seed 1 [--level normal] [--jobs 2]

Every point short of the maximum goes to one of three places: a game struck out (it scores
0), a card lost for good (its last copy discarded or misplayed: the cards above it can no
longer be played either), or the deck running out with cards still to play. For the lost
cards it names the moves that lost them by their reason's key (the board's history line,
e.g. ``hanabi-bot-discard-chop``) and the clue tokens left at that moment, so a change to
the conventions can be aimed at the biggest share.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine.computer import play_game
from engine.hanabi.components import MAX_RANK
from engine.hanabi.computer import LEVELS
from engine.hanabi.state import FUSES, HanabiState
from engine.registry import GAMES


def reachable(state: HanabiState) -> int:
    """The score the fireworks could still reach: each colour up to its first rank whose
    every copy is gone."""
    copies = Counter((card.color, card.rank) for card in state.deck)
    gone = Counter((state.deck[o].color, state.deck[o].rank) for o in state.discards)
    total = 0
    for color in range(len(state.fireworks)):
        rank = 1
        while rank <= MAX_RANK and gone[color, rank] < copies[color, rank]:
            rank += 1
        total += rank - 1
    return total


@dataclass
class Losses:
    games: int = 0
    scores: list[int] = field(default_factory=list)
    struck_out: int = 0  # points the struck-out games could still have reached
    lost_cards: int = 0  # points no longer reachable when the game ended
    deck_ran_out: int = 0  # points reachable but not played
    by_move: Counter[str] = field(default_factory=Counter)  # points lost, by reason key
    by_tokens: Counter[tuple[str, int]] = field(default_factory=Counter)

    def add(self, other: Losses) -> None:
        self.games += other.games
        self.scores += other.scores
        self.struck_out += other.struck_out
        self.lost_cards += other.lost_cards
        self.deck_ran_out += other.deck_ran_out
        self.by_move.update(other.by_move)
        self.by_tokens.update(other.by_tokens)


def one_game(players: int, seed: int, level: str) -> Losses:
    spec = GAMES["hanabi"]
    losses = Losses(games=1)

    def on_move(before: HanabiState, seat: int, decision: Any, after: HanabiState,
                events: Any) -> None:
        lost = reachable(before) - reachable(after)
        if lost:
            losses.by_move[decision.reason.key] += lost
            losses.by_tokens[(decision.reason.key, before.clues)] += lost

    played = play_game(spec, [LEVELS[level]] * players, seed, on_move=on_move)
    state: HanabiState = played.state
    max_score = state.variant.max_score
    still = reachable(state)
    losses.lost_cards += max_score - still
    if state.ending == FUSES:
        losses.scores.append(0)
        losses.struck_out += still
    else:
        losses.scores.append(state.score)
        losses.deck_ran_out += still - state.score
    return losses


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.hanabi_losses",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=sorted(LEVELS))
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    total = Losses()
    with ProcessPoolExecutor(args.jobs) as pool:
        for losses in pool.map(one_game, [args.players] * args.games, seeds,
                               [args.level] * args.games, chunksize=8):
            total.add(losses)
    n = total.games
    print(f"hanabi {args.players}p {args.level}: mean {statistics.fmean(total.scores):.2f} over "
          f"{n} games (seeds {args.seed}–{args.seed + n - 1}); points lost a game: "
          f"struck out {total.struck_out / n:.2f}, cards lost {total.lost_cards / n:.2f}, "
          f"the deck ran out {total.deck_ran_out / n:.2f}")
    print("  cards lost, by the move that lost them (points a game):")
    for key, points in total.by_move.most_common():
        tokens = sorted((t, p) for (k, t), p in total.by_tokens.items() if k == key)
        spread = ", ".join(f"{t}: {p / n:.2f}" for t, p in tokens)
        print(f"    {key} {points / n:.2f} (by clue tokens left: {spread})")


if __name__ == "__main__":
    main()
