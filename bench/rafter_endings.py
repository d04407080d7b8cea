"""Rafter Five: how do games between computer players end? Seeded whole games, the levels
taking the seats in turn (`--levels easy,normal,hard`: seat i plays level i mod 3); prints
each game's ending and length, then how many games ended by each reason (the rulebook's
condition 1, a player out on penalties, or condition 2, all chests placed, against the last
resorts: no lumber card left to take, no legal place left for the card) and how many moves
in 100 made something fall. The tremor is calibrated so that most games end by 1 or 2, as
physical games do. Games are slow (seconds per decision on a big raft): use few, niced.

    nice -n 10 python -m bench.rafter_endings [--games 4] [--players 3] [--seed 1]
        [--levels easy,normal,hard] [--chests N] [--jobs 1] [--tremor 1.0]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from engine.computer import play_game
from engine.core import Budget
from engine.rafter import SPEC
from engine.rafter.computer import LEVELS
from engine.rafter.config import CONFIG
from engine.rafter.ranking import END_ALL_PLACED, END_PENALTIES
from engine.rafter.rules import END_NO_LUMBER, END_NO_ROOM
from engine.rafter.state import PLACE

NAMES = {END_PENALTIES: "1: penalties", END_ALL_PLACED: "2: all placed",
         END_NO_LUMBER: "last resort: no lumber", END_NO_ROOM: "last resort: no room"}
FELL = "rafter-fell"


@dataclass(frozen=True)
class Game:
    seed: int
    ending: str
    moves: int
    builds: int
    falls: int  # moves that made something fall
    pieces: int  # on the raft at the end
    seconds: float


def scale_tremor(scale: float) -> None:
    """Multiply the shipped tremor's spreads by `scale`, in this process only: every module
    shares the one `CONFIG` object, so its (frozen) tremor is swapped in place. For trying a
    calibration before writing it into data/rafter/components.json."""
    t = CONFIG.tremor
    object.__setattr__(CONFIG, "tremor", replace(
        t, pos_mm=t.pos_mm * scale, pos_per_mm_out=t.pos_per_mm_out * scale,
        pos_per_mm_up=t.pos_per_mm_up * scale, yaw_deg=t.yaw_deg * scale,
        yaw_per_mm_out=t.yaw_per_mm_out * scale, yaw_per_mm_up=t.yaw_per_mm_up * scale))


def one_game(players: int, seed: int, levels: tuple[str, ...], chests: int | None,
             tremor: float = 1.0) -> Game:
    if tremor != 1.0:
        scale_tremor(tremor)
    lineup = [LEVELS[levels[seat % len(levels)]] for seat in range(players)]
    counts = Counter()

    def on_move(before, seat, decision, after, events) -> None:
        counts["builds"] += before.phase == PLACE
        counts["falls"] += any(e.label.key == FELL for e in events)
        counts["moves"] += 1
        if counts["moves"] % 10 == 0:
            print(f"    seed {seed}: {counts['moves']} moves, {counts['falls']} with a fall, "
                  f"{len(after.scene.pieces)} pieces", flush=True)

    started = time.perf_counter()
    # each decision sized from the level's own budget (`work`), never from the clock
    played = play_game(SPEC, lineup, seed, {"chests": chests} if chests else {},
                       budget=lambda player: Budget(player.budget), on_move=on_move)
    state = played.state
    assert state.ending is not None
    return Game(seed, state.ending.key, played.moves, counts["builds"], counts["falls"],
                len(state.scene.pieces), time.perf_counter() - started)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rafter_endings",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--chests", type=int, default=None, help="chests each (default: all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--tremor", type=float, default=1.0,
                        help="try the shipped tremor's spreads times this")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    seeds = range(args.seed, args.seed + args.games)
    games: list[Game] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in pool.map(one_game, *zip(*((args.players, s, levels, args.chests,
                                               args.tremor) for s in seeds))):
            games.append(game)
            print(f"  seed {game.seed}: {NAMES.get(game.ending, game.ending)} after "
                  f"{game.moves} moves ({game.builds} builds, {game.falls} with a fall, "
                  f"{game.pieces} pieces left), {game.seconds:.0f} s", flush=True)
    print(f"{len(games)} games, {args.players} players ({','.join(levels)}), "
          f"chests {args.chests or 'all'}, seeds {args.seed}–{args.seed + args.games - 1}, "
          f"tremor ×{args.tremor}")
    endings = Counter(g.ending for g in games)
    for key, name in NAMES.items():
        print(f"  {name:24s} {endings[key]:3d}")
    moves = sum(g.moves for g in games)
    falls = sum(g.falls for g in games)
    print(f"  by the rulebook (1 or 2): {endings[END_PENALTIES] + endings[END_ALL_PLACED]} "
          f"of {len(games)}")
    print(f"  falls: {100 * falls / max(moves, 1):.1f} per 100 moves ({falls} of {moves}); "
          f"{sum(g.builds for g in games)} builds")


if __name__ == "__main__":
    main()
