"""Rafter Five: are stored rafts at rest? Seeded whole games of random legal moves; every
k-th stored raft runs with every piece free for two simulated seconds (`engine.rafter.rest`),
and the table says what fell and how far the pieces moved, by move number.

    python -m bench.rafter_rest [--games 2] [--players 3] [--seed 11] [--every 4]
"""

from __future__ import annotations

import argparse
import random
import time

from engine.rafter import SPEC
from engine.rafter.rest import rest_check


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--chests", type=int, default=0, help="chests each (0: the rulebook's)")
    args = parser.parse_args(argv)
    falls = restless = checked = 0
    worst = 0.0
    for game in range(args.games):
        seed = args.seed + game
        rng = random.Random(seed)
        state = SPEC.setup(args.players, seed, {"chests": args.chests})
        started = time.perf_counter()
        print(f"game seed {seed}, {args.players} players")
        while not SPEC.is_over(state):
            state, _ = SPEC.apply(state, state.current,
                                  rng.choice(SPEC.legal_actions(state, state.current)))
            if state.version % args.every:
                continue
            check = rest_check(state.scene)
            checked += 1
            falls += bool(check.fallen)
            restless += check.moved_mm > 1.0
            worst = max(worst, check.moved_mm)
            print(f"  move {state.version:3d}, {len(state.scene.pieces):2d} pieces: "
                  f"moved {check.moved_mm:6.2f} mm, fell {', '.join(check.fallen) or '-'}",
                  flush=True)
        print(f"  ended: {state.ending.key if state.ending else '?'} after {state.version} "
              f"moves, {time.perf_counter() - started:.0f} s")
    print(f"{checked} stored rafts checked: {falls} with a fall, {restless} with a piece "
          f"moving more than 1 mm, largest move {worst:.2f} mm")


if __name__ == "__main__":
    main()
