"""Rafter Five: is "How risky?" calibrated, and how fast is it? Seeded games of random legal
moves; at every build, the estimate's trials are run (as the menu asks them), and then the
same build is really played (card and rafter, settle, chest, settle: `rules`' own steps)
under `--draws` fresh tremor draws. The table gives, for each word, how many builds got it
and the share of all their draws in which something fell. The aim: *safe* falls in under
5% of draws, *dangerous* in over 50%.

Every build's trials (whether each dropped something, how far a piece sank) and draws can be
written to `--record` and tabulated again under other thresholds with `--replay` (the first
n of `--trials` recorded trials are the estimate's n), so calibrating costs one run.
`--time-on N` times the estimate of builds on rafts of at least N pieces (built by
`bench.rafter`'s legal-looking play).

    nice -n 10 python -m bench.rafter_risk [--games 8] [--players 3] [--seed 21] [--draws 4]
        [--builds 200] [--jobs 2] [--trials 6] [--record FILE]
    python -m bench.rafter_risk --replay FILE [--trials 6] [--shaky-from 1]
        [--dangerous-from 3] [--sinking-mm 2]
    nice -n 10 python -m bench.rafter_risk --time-on 50
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from bench.figures import ms, p95
from engine.rafter import SPEC
from engine.rafter.actions import Build, decode
from engine.rafter.config import CONFIG, RafterConfig
from engine.rafter.physics import Placement, place
from engine.rafter.risk import Risk, Trial, judge, placement_risk, placement_trials
from engine.rafter.rules import build_placements
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Scene
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


def one_game(players: int, seed: int, draws: int, trials: int, builds: int,
             record: str | None) -> list[dict]:
    """Every build of one seeded game of random legal moves (at most `builds`), each also
    appended to `record` as a JSON line as soon as it is measured."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    rows = []
    while not SPEC.is_over(state) and len(rows) < builds:
        action = rng.choice(SPEC.legal_actions(state, state.current))
        if state.phase == PLACE:
            build = decode(action)
            card, rafter, chest = build_placements(state, build)
            started = time.perf_counter()
            tried = placement_trials(state.scene, (card, rafter), then=(chest,), count=trials,
                                     seed=derive_seed(state.seed, state.version, "risk"))
            seconds = time.perf_counter() - started
            rows.append({"game": seed, "move": state.version, "pieces": len(state.scene.pieces),
                         "seconds": seconds, "trials": [[t.fell, t.sank_mm] for t in tried],
                         "fell": _falls(state, build, draws), "draws": draws})
            if record:
                with open(record, "a", encoding="utf-8") as file:
                    file.write(json.dumps(rows[-1]) + "\n")
            print(f"  game {seed} move {state.version:3d} ({len(state.scene.pieces):2d} pieces): "
                  f"{judge(tried[:CONFIG.risk.trials]).value:9s} "
                  f"fell in {rows[-1]['fell']}/{draws}", flush=True)
        state, _ = SPEC.apply(state, state.current, action)
    return rows


def table(rows: list[dict], config: RafterConfig) -> None:
    """How often each word's builds really fell."""
    risk = config.risk
    tally: dict[Risk, list[tuple[int, int]]] = {r: [] for r in Risk}
    for row in rows:
        trials = [Trial(bool(f), float(s)) for f, s in row["trials"]][:risk.trials]
        tally[judge(trials, config)].append((row["fell"], row["draws"]))
    print(f"{len(rows)} builds; {risk.trials} trials of {risk.max_settle_s} s, shaky from "
          f"{risk.shaky_from}, dangerous from {risk.dangerous_from}, sinking "
          f"{risk.sinking_mm} mm")
    print("word       builds  draws that fell")
    for word, counts in tally.items():
        fell, draws = sum(f for f, _ in counts), sum(d for _, d in counts)
        share = f"{100 * fell / draws:5.1f}%" if draws else "    -"
        print(f"{word.value:9s}  {len(counts):6d}  {share} ({fell}/{draws})")
    times = [row["seconds"] for row in rows if len(row["trials"]) == risk.trials]
    if times:
        print(f"trials of an estimate: {len(times)} asks, median {ms(statistics.median(times))}, "
              f"p95 {ms(p95(times))}, worst {ms(max(times))} (up to "
              f"{max(r['pieces'] for r in rows)} pieces)")


def time_on(pieces: int, asks: int, seed: int) -> None:
    """Time the estimate of builds on a raft of at least `pieces` pieces (or the biggest
    that the legal-looking play reaches)."""
    from bench.rafter import _lumber_aim, _on_card, play

    scene = biggest = Scene()
    for _turn, _name, _n, _s, _steps, scene in play(120, seed):
        biggest = max(biggest, scene, key=lambda s: len(s.pieces))
        if len(scene.pieces) >= pieces:
            break
    scene = biggest  # the play may end first (lumber runs out): time the biggest raft it made
    rng = random.Random(seed)
    spare = [v for v in range(CONFIG.lumber.count) if f"{LUMBER}{v}" not in scene.ids()]
    rafter = next(v for v in range(len(CONFIG.rafters)) if f"{RAFTER}{v}" not in scene.ids())
    times, words = [], []
    for i in range(asks):
        aim = _lumber_aim(scene, spare[i % len(spare)], rng)
        if aim is None:
            continue
        rafter_at = Placement(RAFTER, rafter, *_on_card(aim.x, aim.y, aim.yaw_deg, 10.0),
                              aim.yaw_deg)
        chest = Placement(CHEST, 5, *_on_card(aim.x, aim.y, aim.yaw_deg, -20.0), aim.yaw_deg,
                          index=6)
        started = time.perf_counter()
        words.append(placement_risk(scene, (aim, rafter_at), then=(chest,),
                                    seed=derive_seed(seed, i)).value)
        times.append(time.perf_counter() - started)
    print(f"risk estimate of a build on {len(scene.pieces)} pieces ({CONFIG.risk.trials} trials, "
          f"{CONFIG.risk.workers} threads): {len(times)} asks, median "
          f"{ms(statistics.median(times))}, p95 {ms(p95(times))}, worst {ms(max(times))}; "
          f"words {', '.join(words)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--draws", type=int, default=4)
    parser.add_argument("--builds", type=int, default=200, help="stop after this many builds")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--trials", type=int, default=CONFIG.risk.trials)
    parser.add_argument("--record", help="append every build's trials and draws here "
                        "(JSON lines)")
    parser.add_argument("--replay", help="tabulate a recorded run instead of playing")
    parser.add_argument("--shaky-from", type=int, default=CONFIG.risk.shaky_from)
    parser.add_argument("--dangerous-from", type=int, default=CONFIG.risk.dangerous_from)
    parser.add_argument("--sinking-mm", type=float, default=CONFIG.risk.sinking_mm)
    parser.add_argument("--time-on", type=int, help="time the estimate on this many pieces")
    args = parser.parse_args(argv)
    if args.time_on:
        time_on(args.time_on, 8, args.seed)
        return
    if args.replay:
        with open(args.replay, encoding="utf-8") as file:
            rows = [json.loads(line) for line in file if line.strip()]
    else:
        per_game = -(-args.builds // args.games)
        seeds = range(args.seed, args.seed + args.games)
        rows = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for game in pool.map(one_game, *zip(*((args.players, s, args.draws, args.trials,
                                                   per_game, args.record) for s in seeds))):
                rows += game
    risk = replace(CONFIG.risk, trials=args.trials, shaky_from=args.shaky_from,
                   dangerous_from=args.dangerous_from, sinking_mm=args.sinking_mm)
    table(rows, replace(CONFIG, risk=risk))


if __name__ == "__main__":
    main()
