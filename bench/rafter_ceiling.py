"""Rafter Five: between the builds of one position that are safe for the builder, how much
does the next player's turn depend on which one is chosen? The ceiling of what `hard` can do
to leave a harder raft, whatever it steers by.

Positions are build decisions of seeded games (as in `bench.rafter_nuisance`). At each, the
builds compared are `normal`'s and up to `--builds` of those `hard` weighs (well inside their
footing, chest out, spread as it spreads them) that fall in nothing when played. The raft
each leaves gets 2 x `--draws` turns of the next player (`--next`), under the same tremor
and choice draws for every build. Printed:

- how much the next turn's chance to fall really varies between the builds of a position:
  from the covariance of each build's deviation from its position's mean in the first half
  of the draws with that in the second half (the draws' own noise is independent between
  the halves, so it drops out);
- an oracle that picks the build whose next turns fell most in the first half, measured on
  the second half against `normal`'s build: what choosing by simulated next turns could gain;
- how `outlook.room` and the count of safe places (what `hard` steers by) go with the falls
  between the builds of a position.

    nice -n 10 python -m bench.rafter_ceiling [--positions 30] [--players 3] [--seed 1]
        [--builds 4] [--draws 5] [--next easy] [--from normal]

A long run stopped with Ctrl-C or `kill` (SIGINT, SIGTERM) reports on the positions studied
so far.
"""

from __future__ import annotations

import argparse
import math
import random
import signal
import statistics
from dataclasses import dataclass

from bench.bots import interval
from bench.rafter_nuisance import any_fell, built_by, next_turns_fell, positions
from engine.computer import decision_seed
from engine.rafter import SPEC
from engine.rafter.computer import LEVELS, hard
from engine.rafter.computer.outlook import room, safe_count
from engine.rafter.state import RafterState


@dataclass(frozen=True)
class Left:
    """A raft a build leaves: what `hard` judges of it, and whether each next turn fell."""

    room: float
    places: int
    fell: list[bool]


def study(state: RafterState, builds: int, draws: int,
          player_next: str) -> tuple[list[bool], list[Left]] | None:
    """`normal`'s build's next turns, and each compared build's, or None where there are
    fewer than two builds to compare."""
    after, fell = built_by(LEVELS["normal"], state)
    if fell or SPEC.is_over(after):
        return None
    rng = random.Random(decision_seed(state.seed, state.version, state.current))
    _, safe = hard.weighed_builds(state, rng, hard.BUDGET_S)
    outlook = hard.next_outlook(state)
    nxt = LEVELS.get(player_next)
    compared = []
    for option in hard.spread(safe, min(builds, len(safe)), rng):
        raft, events = SPEC.apply(state, state.current, option.build.encode())
        if any_fell(events) or SPEC.is_over(raft):
            continue
        margins = hard.left_for_next(state, outlook, option)
        compared.append(Left(room(margins), safe_count(margins),
                             next_turns_fell(raft, nxt, range(2 * draws), raft.version)))
    if len(compared) < 2:
        return None
    return next_turns_fell(after, nxt, range(2 * draws), after.version), compared


def real_spread(studied: list[tuple[list[bool], list[Left]]], draws: int) -> list[float]:
    """Per position, the variance of the next turn's chance to fall between its builds, as
    the draws' halves agree on it (an unbiased estimate: it may come out below zero)."""
    spreads = []
    for _, compared in studied:
        first = [statistics.fmean(c.fell[:draws]) for c in compared]
        second = [statistics.fmean(c.fell[draws:]) for c in compared]
        m1, m2 = statistics.fmean(first), statistics.fmean(second)
        spreads.append(sum((a - m1) * (b - m2) for a, b in zip(first, second))
                       / (len(compared) - 1))
    return spreads


def oracle_gaps(studied: list[tuple[list[bool], list[Left]]], draws: int) -> list[float]:
    """Per position, how much more often the next turn fell (second half of the draws) after
    the build whose next turns fell most in the first half than after `normal`'s build."""
    gaps = []
    for after_normal, compared in studied:
        worst = max(compared, key=lambda c: sum(c.fell[:draws]))
        gaps.append(statistics.fmean(worst.fell[draws:]) - statistics.fmean(after_normal[draws:]))
    return gaps


def within(studied: list[tuple[list[bool], list[Left]]], measure: str) -> float:
    """The correlation of `measure` with the next turn's falls between the builds of a
    position (both taken from their position's mean)."""
    xs: list[float] = []
    ys: list[float] = []
    for _, compared in studied:
        values = [float(getattr(c, measure)) for c in compared]
        falls = [statistics.fmean(c.fell) for c in compared]
        xs += [v - statistics.fmean(values) for v in values]
        ys += [f - statistics.fmean(falls) for f in falls]
    size = math.sqrt(sum(x * x for x in xs) * sum(y * y for y in ys))
    return sum(x * y for x, y in zip(xs, ys)) / size if size else math.nan


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rafter_ceiling",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--builds", type=int, default=4)
    parser.add_argument("--draws", type=int, default=5, help="next turns in each half")
    parser.add_argument("--next", default="easy", choices=[*LEVELS, "random"])
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--min-pieces", type=int, default=8)
    parser.add_argument("--from", dest="source", default="normal",
                        choices=[*LEVELS, "random"], help="who plays the games")
    args = parser.parse_args(argv)
    source = positions(args.players, args.seed, args.every, args.min_pieces,
                       LEVELS.get(args.source))
    studied: list[tuple[list[bool], list[Left]]] = []
    for stop in (signal.SIGINT, signal.SIGTERM):  # also in a background job, which ignores
        signal.signal(stop, signal.default_int_handler)  # SIGINT unless told otherwise
    try:
        while len(studied) < args.positions:
            state = next(source)
            found = study(state, args.builds, args.draws, args.next)
            if found is None:
                continue
            studied.append(found)
            after_normal, compared = found
            print(f"  move {state.version:3d} on {len(state.scene.pieces):2d} pieces: next "
                  f"turns fell {_halves(after_normal, args.draws)} after normal, "
                  f"{' '.join(_halves(c.fell, args.draws) for c in compared)} after the builds "
                  f"compared (in each half of the draws)", flush=True)
    except KeyboardInterrupt:  # a long run stopped early reports what it has
        args.positions = len(studied)
    if len(studied) < 2:
        print("fewer than 2 positions studied: nothing to compare")
        return
    spreads = real_spread(studied, args.draws)
    spread, margin = statistics.fmean(spreads), interval(spreads)
    gaps = oracle_gaps(studied, args.draws)
    builds = sum(len(c) for _, c in studied)
    print(f"{args.positions} positions ({args.players} players, seeds from {args.seed}, games "
          f"played by {args.source}), {builds} builds compared, {2 * args.draws} next turns "
          f"each by {args.next}:")
    everything = [f for _, compared in studied for c in compared for f in c.fell]
    print(f"  the next turn fell in {100 * statistics.fmean(everything):.1f}% after the builds "
          f"compared, {100 * statistics.fmean(f for a, _ in studied for f in a):.1f}% after "
          f"normal's")
    print(f"  between the builds of a position, its chance to fall varies by "
          f"{100 * math.sqrt(max(spread, 0.0)):.1f} points (standard deviation; at most "
          f"{100 * math.sqrt(max(spread + margin, 0.0)):.1f}, 95%)")
    print(f"  picked by simulated next turns: {100 * statistics.fmean(gaps):+.1f} "
          f"± {100 * interval(gaps):.1f} points over normal's build (95%)")
    for measure in ("room", "places"):
        print(f"  correlation with the falls between the builds of a position, {measure}: "
              f"{within(studied, measure):+.2f}")


def _halves(fell: list[bool], draws: int) -> str:
    return f"{sum(fell[:draws])}+{sum(fell[draws:])}"


if __name__ == "__main__":
    main()
