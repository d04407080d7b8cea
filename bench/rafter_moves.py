"""Rafter Five: the same late moves timed again, to compare two versions of the physics.

`bench.rafter` plays its games anew, so a change of the physics changes the games it times.
This records the moves on rafts of `--pieces` or more of seeded random games once (the state
before each move and the move, pickled to a local file: a bench scratch file, not a format
to keep), then replays exactly those moves and prints their process time. With `--rest`,
every raft a move leaves is checked as `bench.rafter_rest` does (all pieces free for two
simulated seconds), and so is the raft it started from: a fall from a raft that had been at
rest is one the move left behind (a restless recorded raft is the recording version's doing).

    python -m bench.rafter_moves --record F [--games 3] [--game-players 4,3,4] [--seed 11]
    python -m bench.rafter_moves --replay F [--verbose] [--rest]
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time
from pathlib import Path

from bench.figures import ms, p95
from engine.rafter import SPEC
from engine.rafter.rest import rest_check


def record(path: Path, *, games: int, players: list[int], seed: int, pieces: int) -> None:
    moves = []
    for game in range(games):
        rng = random.Random(seed + game)
        state = SPEC.setup(players[game % len(players)], seed + game, {})
        while not SPEC.is_over(state):
            seat = state.current
            action = rng.choice(SPEC.legal_actions(state, seat))
            if len(state.scene.pieces) >= pieces:
                moves.append((state, seat, action))
            state, _ = SPEC.apply(state, seat, action)
    path.write_bytes(pickle.dumps(moves))
    print(f"recorded {len(moves)} moves on rafts of {pieces}+ pieces to {path}")


def replay(path: Path, *, verbose: bool, rest: bool) -> None:
    moves = pickle.loads(path.read_bytes())  # our own scratch file (see the docstring)
    times = []
    left_falling = restless = 0
    for state, seat, action in moves:
        start = time.process_time()
        after, _ = SPEC.apply(state, seat, action)
        times.append(time.process_time() - start)
        note = ""
        if rest:
            before, check = rest_check(state.scene), rest_check(after.scene)
            left_falling += bool(check.fallen) and not before.fallen
            restless += check.moved_mm > 2.0
            note = (f", then moved {check.moved_mm:.1f} mm, fell {', '.join(check.fallen) or '-'}"
                    f" (before: {before.moved_mm:.1f} mm, {', '.join(before.fallen) or '-'})")
        if verbose:
            print(f"move {state.version:3d} on {len(state.scene.pieces)} pieces "
                  f"{action[:1]}: {ms(times[-1])}{note}", flush=True)
    print(f"{len(times)} moves, process time: median {ms(statistics.median(times))}, "
          f"p95 {ms(p95(times))}, worst {ms(max(times))}")
    if rest:
        print(f"rafts left with a fall where the raft before was at rest: {left_falling}; "
              f"with a piece moving more than 2 mm: {restless}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--record", type=Path, metavar="FILE")
    what.add_argument("--replay", type=Path, metavar="FILE")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game-players", default="4,3,4")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--pieces", type=int, default=40)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--rest", action="store_true", help="check the rafts left at rest")
    args = parser.parse_args(argv)
    if args.record:
        record(args.record, games=args.games, seed=args.seed, pieces=args.pieces,
               players=[int(p) for p in args.game_players.split(",")])
    else:
        replay(args.replay, verbose=args.verbose, rest=args.rest)


if __name__ == "__main__":
    main()
