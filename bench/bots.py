"""Computer players, measured: `python -m bench.bots --game hanabi --players 4 --games 1000
--seed 1 --level normal`.

A cooperative game (Hanabi) prints the mean score with its 95% interval; a competitive one
prints the level's win rate against `--against` (another level or a baseline such as
`greedy`; ties count half), the level taking each seat in turn. Rafter Five also prints how
many moves per 100 made something fall. Every run prints the level's decision time: median,
p95 and max. Games run in `--jobs` processes (default: one per core).
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bench.figures import ms, p95
from engine.computer import play_game
from engine.core import ComputerPlayer, GameSpec
from engine.registry import GAMES

FALL_EVENTS = {"rafter": "rafter-fell"}
"""The event that says something fell, for games where a computer player can topple things."""


def players_of(game: str) -> dict[str, ComputerPlayer]:
    """Every computer player of a game by name: its levels and its benchmark baselines."""
    computer = importlib.import_module(f"engine.{game}.computer")
    return {**getattr(computer, "BASELINES", {}), **computer.LEVELS}


@dataclass
class Tally:
    scores: list[float] = field(default_factory=list)  # per game: score, or 1/0.5/0 for a win
    seconds: list[float] = field(default_factory=list)  # the measured level's decisions
    moves: int = 0
    falls: int = 0  # moves that made something fall

    def add(self, other: Tally) -> None:
        self.scores += other.scores
        self.seconds += other.seconds
        self.moves += other.moves
        self.falls += other.falls


def one_game(game: str, players: int, seed: int, level: str, against: str | None,
             options: dict[str, object]) -> Tally:
    spec: GameSpec = GAMES[game]
    by_name = players_of(game)
    measured = seed % players  # the level's seat, in turn
    lineup = [by_name[level] if against is None or seat == measured else by_name[against]
              for seat in range(players)]
    tally = Tally()
    fell = FALL_EVENTS.get(game)

    def on_move(before: Any, seat: int, decision: Any, after: Any, events: Any) -> None:
        tally.moves += 1
        tally.falls += bool(fell and any(e.label.key == fell for e in events))

    played = play_game(spec, lineup, seed, options, on_move=on_move)
    tally.seconds = [s for seat, s in zip(played.seats, played.seconds)
                     if against is None or seat == measured]
    outcome = spec.outcome(played.state)
    assert outcome is not None
    if against is None:
        tally.scores.append(outcome.standings[0].score)
        return tally
    winners = outcome.winners
    tally.scores.append(0.0 if measured not in winners else 1.0 / len(winners))
    return tally


def interval(values: list[float]) -> float:
    """Half the width of the 95% interval of the mean (normal approximation)."""
    if len(values) < 2:
        return math.nan
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hanabi", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--against", default=None,
                        help="the opponents (a level or a baseline); a competitive game needs one")
    parser.add_argument("--option", action="append", default=[],
                        help="a table option, e.g. --option multicolor --option zone_size=7")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv if argv is not None else None)
    options = dict(_option(word) for word in args.option)
    cooperative = args.game == "hanabi"
    against = None if cooperative else (args.against or "greedy")
    seeds = range(args.seed, args.seed + args.games)
    total = Tally()
    with ProcessPoolExecutor(args.jobs) as pool:
        for tally in pool.map(one_game, *zip(*((args.game, args.players, s, args.level, against,
                                                options) for s in seeds)), chunksize=4):
            total.add(tally)
    mean, half = statistics.fmean(total.scores), interval(total.scores)
    what = "mean score" if cooperative else f"win rate against {against}"
    scale = 1 if cooperative else 100
    unit = "" if cooperative else " %"
    print(f"{args.game} {args.players}p {args.level} {' '.join(args.option)}".rstrip()
          + f": {what} {scale * mean:.2f}{unit} ± {scale * half:.2f} over {args.games} games"
          + f" (seeds {args.seed}–{args.seed + args.games - 1})")
    if args.game in FALL_EVENTS:
        print(f"  falls: {100 * total.falls / max(total.moves, 1):.1f} per 100 moves "
              f"({total.falls} of {total.moves})")
    secs = total.seconds
    print(f"  decisions: {len(secs)}, median {ms(statistics.median(secs))}, p95 {ms(p95(secs))}, "
          f"max {ms(max(secs))}")


def _option(word: str) -> tuple[str, object]:
    name, _, value = word.partition("=")
    if not value:
        return name, True
    return name, int(value) if value.lstrip("-").isdigit() else value


if __name__ == "__main__":
    main()
