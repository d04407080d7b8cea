"""Rafter Five: are stored rafts at rest? Seeded whole games of random legal moves; every
k-th stored raft runs with every piece free for two simulated seconds (`engine.rafter.rest`),
and the table says what fell and how far the pieces moved, by move number, then the moves'
process time (median, p95, worst; also of the moves on rafts of 40+ pieces).

    python -m bench.rafter_rest [--games 2] [--players 3] [--seed 11] [--every 4] [--chests N]
                                [--tolerance 2] [--keep DIR]

A piece that moves more than `--tolerance` mm is counted as restless (the at-rest test's and
`bench.rafter_moves`' 2 mm by default). Process time of playing and of checking is printed.
With `--keep`, each checked move whose raft had a fall or a restless piece is written to DIR
as a case file for `bench.rafter_fall_left` (the state before it, the seat and its action).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from bench.figures import ms, p95
from engine.rafter import SPEC
from engine.rafter.rest import REST_SECONDS, rest_check
from engine.rafter.state import to_dict

BIG = 40


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--chests", type=int, default=0, help="chests each (0: the rulebook's)")
    parser.add_argument("--tolerance", type=float, default=2.0, help="mm a piece may move")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="write the restless moves there")
    args = parser.parse_args(argv)
    falls = restless = checked = 0
    worst = playing = checking = 0.0
    times: list[float] = []
    big: list[float] = []  # moves on rafts of BIG pieces or more
    for game in range(args.games):
        seed = args.seed + game
        rng = random.Random(seed)
        state = SPEC.setup(args.players, seed, {"chests": args.chests})
        started = time.perf_counter()
        print(f"game seed {seed}, {args.players} players")
        while not SPEC.is_over(state):
            pieces = len(state.scene.pieces)
            clock = time.process_time()
            before, seat = state, state.current
            action = rng.choice(SPEC.legal_actions(state, seat))
            state, _ = SPEC.apply(state, seat, action)
            times.append(time.process_time() - clock)
            playing += times[-1]
            if pieces >= BIG:
                big.append(times[-1])
            if state.version % args.every:
                continue
            clock = time.process_time()
            check = rest_check(state.scene)
            checking += time.process_time() - clock
            checked += 1
            falls += bool(check.fallen)
            restless += check.moved_mm > args.tolerance
            worst = max(worst, check.moved_mm)
            print(f"  move {state.version:3d}, {len(state.scene.pieces):2d} pieces: "
                  f"moved {check.moved_mm:6.2f} mm ({check.mover or '-'}), "
                  f"fell {', '.join(check.fallen) or '-'}", flush=True)
            if args.keep and not check.at_rest(args.tolerance):
                args.keep.mkdir(parents=True, exist_ok=True)
                about = (f"Rafter Five, {args.players} players, seed {seed}, chests "
                         f"{args.chests or 'as the rulebook'}, random legal moves "
                         f"(bench.rafter_rest): the state before move {state.version}; left "
                         f"free for {REST_SECONDS:g} s the raft it stored moved {check.mover} "
                         f"{check.moved_mm:.2f} mm, fell {', '.join(check.fallen) or '-'}")
                case = {"about": about, "seat": seat, "action": action, "before": to_dict(before)}
                name = f"rafter_p{args.players}_seed{seed}_move{state.version}.json"
                (args.keep / name).write_text(json.dumps(case, separators=(",", ":")))
        print(f"  ended: {state.ending.key if state.ending else '?'} after {state.version} "
              f"moves, {time.perf_counter() - started:.0f} s")
    print(f"{checked} stored rafts checked: {falls} with a fall, {restless} with a piece "
          f"moving more than {args.tolerance:g} mm, largest move {worst:.2f} mm; process time "
          f"playing {playing:.1f} s, checking {checking:.1f} s")
    for name, some in ((f"{len(times)} moves", times), (f"{len(big)} on {BIG}+ pieces", big)):
        if some:
            print(f"{name}: median {ms(statistics.median(some))}, p95 {ms(p95(some))}, "
                  f"worst {ms(max(some))}")


if __name__ == "__main__":
    main()
