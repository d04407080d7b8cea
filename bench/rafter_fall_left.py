"""Rafter Five: does a recorded move leave a fall for the next player? A case file (JSON: the
`seat`, its `action` and the state `before` it, as `../shared/reference/rafter-fall-left-*.json`)
is applied with today's engine; the script prints what fell during the move (and whose penalty
board it went to), then lets the raft before the move and the stored raft run with every piece
free (`engine.rafter.rest`, `--seconds` of simulated time) and prints what fell then: a fall
from the stored raft is one left for the next player, unless the raft before already had it
waiting. Also the move's process time.

    python -m bench.rafter_fall_left ../shared/reference/rafter-fall-left-seed5.json [--seconds 3]

Known case (seed 5, a careful 2-player game, seat 0's move 9): a lumber card leaning over the
north edge with a rafter and seat 1's chest on it creeps at about 0.7 mm/s, under the 2 mm/s a
settle calls still, then tips into the sea taking another rafter along: 1.6 s after seat 0's
build, and 2.2 s after the raft seat 1's own build stored (1.4 mm at 2 s: the at-rest test's
two seconds and 2 mm pass it). The fall was waiting since seat 1's build. Since riders are
set free however high, the recheck judges by the still speed and nothing is held still after
the last recheck (`engine.rafter.physics`), seat 0's build finishes the fall (its own penalty
board takes the chest) and the raft it stores stays put for 3 s.

Another (tests/data/rafter_fall_left_seed11_p2_move118.json, found by `bench.rafter_rest`
with `--players 2 --seed 11`): a take on 69 pieces whose last settle ran into `max_settle_s`
with a card still sliding at 10 mm/s; the raft it stored dropped a rafter and two chests
within 2 s. The settle's overtime (`Simulation.overtime_s`) makes the take drop them itself;
it takes 18-28 s of process time, too slow for the suite, so it is run here.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from engine.rafter import SPEC
from engine.rafter.rest import rest_check
from engine.rafter.state import from_dict


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case", type=Path)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long the rafts run free")
    args = parser.parse_args(argv)
    case = json.loads(args.case.read_text())
    before = from_dict(case["before"])
    clock = time.process_time()
    after, _ = SPEC.apply(before, case["seat"], case["action"])
    took = time.process_time() - clock
    fell = [p.id for p in after.last.fallen] if after.last else []
    print(f"seat {case['seat']}'s move {before.version}: {took * 1000:.0f} ms process time, "
          f"fell during it: {', '.join(fell) or '-'}")
    for seat, (was, now) in enumerate(zip(before.seats, after.seats)):
        gained = now.penalties[len(was.penalties):]
        if gained:
            print(f"  seat {seat}'s penalty board gained {gained}")
    for name, scene in (("raft before the move", before.scene), ("stored raft", after.scene)):
        check = rest_check(scene, seconds=args.seconds)
        print(f"{name} left free for {args.seconds:g} s: fell {', '.join(check.fallen) or '-'}, "
              f"largest move of a piece that stayed {check.moved_mm:.2f} mm")


if __name__ == "__main__":
    main()
