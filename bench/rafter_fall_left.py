"""Rafter Five: does a recorded move leave a fall for the next player? A case file (JSON: the
`seat`, its `action` and the state `before` it, as `../shared/reference/rafter-fall-left-*.json`)
is applied with today's engine; the script prints what fell during the move (and whose penalty
board it went to), then lets the stored raft run with every piece free (`engine.rafter.rest`,
two simulated seconds) and prints what fell then: a fall there is one the move left behind,
which the next player's move would be charged with. Also the move's process time.

    python -m bench.rafter_fall_left ../shared/reference/rafter-fall-left-seed5.json

Known case (seed 5, a careful 2-player game, seat 0's move 9): a lumber card leaning over the
north edge with a rafter and seat 1's chest on it creeps at about 0.7 mm/s for 1.2 s, under
the 2 mm/s a settle calls still, then tips into the sea taking another rafter along.
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
    check = rest_check(after.scene)
    print(f"stored raft left free for 2 s: fell {', '.join(check.fallen) or '-'}, "
          f"largest move of a piece that stayed {check.moved_mm:.2f} mm")
    print("a fall left for the next player" if check.fallen else "no fall left behind")


if __name__ == "__main__":
    main()
