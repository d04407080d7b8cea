"""Rafter Five: is "How risky?" calibrated, and how fast is it? Seeded games of random legal
moves; at every build, the estimate is asked (as the menu asks it), and then the same build
is really played (card and rafter, settle, chest, settle: `rules`' own steps) under `--draws`
fresh tremor draws. The table gives, for each word, how many builds got it and the share of
all their draws in which something fell. The aim: *safe* falls in under 5% of draws,
*dangerous* in over 50%.

    python -m bench.rafter_risk [--games 4] [--players 3] [--seed 21] [--draws 8]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.figures import ms, p95
from engine.rafter import SPEC
from engine.rafter.actions import Build, decode
from engine.rafter.physics import place
from engine.rafter.risk import Risk, placement_risk
from engine.rafter.rules import build_placements
from engine.rafter.state import PLACE
from engine.rafter.tremor import derive_seed


def _falls(state, build: Build, draws: int) -> int:
    """In how many of `draws` fresh tremor draws the build drops something."""
    card, rafter, chest = build_placements(state, build)
    count = 0
    for i in range(draws):
        first = place(state.scene, (card, rafter), seed=derive_seed("truth", state.version, i))
        if first.fallen:
            count += 1
            continue
        second = place(first.scene, (chest,), seed=derive_seed("truth", state.version, i, "c"))
        count += bool(second.fallen)
    return count


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--draws", type=int, default=8)
    parser.add_argument("--builds", type=int, default=200, help="stop after this many builds")
    args = parser.parse_args(argv)
    tally: dict[Risk, list[tuple[int, int]]] = {r: [] for r in Risk}
    seconds: list[tuple[int, float]] = []
    builds = 0
    for game in range(args.games):
        seed = args.seed + game
        rng = random.Random(seed)
        state = SPEC.setup(args.players, seed, {})
        while not SPEC.is_over(state) and builds < args.builds:
            action = rng.choice(SPEC.legal_actions(state, state.current))
            if state.phase == PLACE:
                build = decode(action)
                card, rafter, chest = build_placements(state, build)
                started = time.perf_counter()
                word = placement_risk(state.scene, (card, rafter), then=(chest,),
                                      seed=derive_seed(state.seed, state.version, "risk"))
                seconds.append((len(state.scene.pieces), time.perf_counter() - started))
                fell = _falls(state, build, args.draws)
                tally[word].append((fell, args.draws))
                builds += 1
                print(f"  game {seed} move {state.version:3d} ({len(state.scene.pieces):2d} "
                      f"pieces): {word.value:9s} fell in {fell}/{args.draws}", flush=True)
            state, _ = SPEC.apply(state, state.current, action)
    print(f"{builds} builds, {args.draws} draws each")
    print("word       builds  draws that fell")
    for word, rows in tally.items():
        fell, draws = sum(f for f, _ in rows), sum(d for _, d in rows)
        share = f"{100 * fell / draws:5.1f}%" if draws else "    -"
        print(f"{word.value:9s}  {len(rows):6d}  {share} ({fell}/{draws})")
    for label, times in (("all", [s for _, s in seconds]),
                         ("on 40+ pieces", [s for n, s in seconds if n >= 40])):
        if times:
            print(f"risk estimate, {label}: {len(times)} asks, median "
                  f"{ms(statistics.median(times))}, p95 {ms(p95(times))}, worst {ms(max(times))}")


if __name__ == "__main__":
    main()
