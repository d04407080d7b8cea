"""Rafter Five figures: the time to simulate and settle one step (lift a rafter, place a
lumber card, a rafter, a chest) on an early and on a late raft built by legal-looking play,
then on the final raft: a risk estimate (its trials in a thread pool) and a `RaftProbe`
(built once, then 100 fine-grid footprint queries, as the legality checks use it); last,
whole moves of two real games (`SPEC.apply` for takes and builds once the raft holds 20
pieces, and a nudge of the ghost card).

    python -m bench.rafter [--turns N] [--seed S] [--players P] [--games G]
                           [--game-players 3,4,4] [--verbose]

Play: each turn lifts a rafter off the raft when none is in the sea (never the previous
player's), puts a lumber card partly over lumber already on the raft (never over a chest or
a rafter; the first one anywhere on the raft card), the rafter and a chest on that card; a
fall ends the turn. Aims are random but sensible; the tremor is seeded.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from bench.figures import ms, p95
from engine.rafter.config import CONFIG
from engine.rafter.physics import Placement, lift, place
from engine.rafter.probe import RAFT, RaftProbe
from engine.rafter.risk import placement_risk
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Scene
from engine.rafter.tremor import derive_seed

_TRIES = 40  # aims tried for a legal lumber card before giving up on a turn


def _lumber_aim(scene: Scene, variant: int, rng: random.Random) -> Placement | None:
    """A random legal-looking aim for a lumber card: over the raft card, partly on lumber."""
    boards = scene.of_kind(LUMBER)
    probe = RaftProbe(scene)
    half_x, half_y = CONFIG.raft_size[0] / 2, CONFIG.raft_size[1] / 2
    for _ in range(_TRIES):
        if boards:
            base = rng.choice(boards)
            x = base.pose.pos[0] + rng.uniform(-25, 25)
            y = base.pose.pos[1] + rng.uniform(-15, 15)
        else:
            x, y = rng.uniform(-20, 20), rng.uniform(-half_y + 15, half_y - 15)
        x = max(-half_x, min(half_x, x))
        y = max(-half_y, min(half_y, y))
        yaw = rng.uniform(0, 180)
        under = {owner for owner, _h in probe.surface_under(LUMBER, variant, x, y, yaw)}
        if any(o[0] in (RAFTER, CHEST) for o in under if o not in (RAFT,)):
            continue
        if boards and not any(o.startswith(LUMBER) for o in under):
            continue
        return Placement(LUMBER, variant, x, y, yaw)
    return None


def _on_card(card_x: float, card_y: float, yaw: float, along: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    return card_x + c * along, card_y + s * along


def play(turns: int, seed: int, players: int = 4):
    """Yield (turn, step name, pieces on the raft before, seconds, simulation steps, scene
    after) while playing."""
    rng = random.Random(seed)
    scene = Scene()
    sea_lumber = list(range(CONFIG.lumber.count))
    rng.shuffle(sea_lumber)
    sea_rafters = list(range(len(CONFIG.rafters)))
    chest_index = [0] * len(CONFIG.colors)
    previous: int | None = None
    for turn in range(turns):
        color = turn % players
        fell = False
        # take a rafter: from the sea first, else lift one off the raft
        choices = [r for r in sea_rafters if r != previous]
        if choices:
            rafter = rng.choice(choices)
            sea_rafters.remove(rafter)
        else:
            on_raft = [p.variant for p in scene.of_kind(RAFTER) if p.variant != previous]
            rafter = rng.choice(on_raft)
            n = len(scene.pieces)
            t0 = time.perf_counter()
            result = lift(scene, f"{RAFTER}{rafter}", seed=derive_seed(seed, turn, "lift"))
            yield turn, "lift", n, time.perf_counter() - t0, result.steps, result.scene
            scene, fell = result.scene, bool(result.fallen)
            for piece in result.fallen:
                if piece.kind == RAFTER:
                    sea_rafters.append(piece.variant)
                elif piece.kind == LUMBER:
                    sea_lumber.append(piece.variant)
        previous = rafter
        if fell or not sea_lumber:
            if not fell:
                sea_rafters.append(rafter)
            continue
        variant = sea_lumber[0]
        aim = _lumber_aim(scene, variant, rng)
        if aim is None:
            sea_rafters.append(rafter)
            continue
        sea_lumber.pop(0)
        steps = [aim]
        along_r, along_c = rng.uniform(-30, 30), rng.uniform(-40, 40)
        rx, ry = _on_card(aim.x, aim.y, aim.yaw_deg, along_r)
        cx, cy = _on_card(aim.x, aim.y, aim.yaw_deg, along_c)
        steps.append(Placement(RAFTER, rafter, rx, ry, aim.yaw_deg))
        steps.append(Placement(CHEST, color, cx, cy, aim.yaw_deg, index=chest_index[color]))
        chest_index[color] += 1
        for name, placement in zip(("lumber", "rafter", "chest"), steps):
            n = len(scene.pieces)
            t0 = time.perf_counter()
            result = place(scene, [placement], seed=derive_seed(seed, turn, name))
            yield turn, name, n, time.perf_counter() - t0, result.steps, result.scene
            scene = result.scene
            if result.fallen:
                for piece in result.fallen:
                    if piece.kind == RAFTER:
                        sea_rafters.append(piece.variant)
                    elif piece.kind == LUMBER:
                        sea_lumber.append(piece.variant)
                if name == "lumber":
                    sea_rafters.append(rafter)
                break


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _probe_seconds(scene: Scene, queries: int = 100) -> tuple[float, float]:
    """(build, `queries` fine-grid queries) seconds of a `RaftProbe` on `scene`."""
    rng = random.Random(0)
    probe: list[RaftProbe] = []
    build = _timed(lambda: probe.append(RaftProbe(scene)))
    aims = [(rng.uniform(-60, 60), rng.uniform(-40, 40), rng.uniform(0, 180))
            for _ in range(queries)]
    ask = _timed(lambda: [probe[0].surface_under(LUMBER, 0, x, y, a, grid=(23, 5))
                          for x, y, a in aims])
    return build, ask


def _line(label: str, times: list[float]) -> str:
    return (f"{label}: {len(times)} steps, median {ms(statistics.median(times))}, "
            f"p95 {ms(p95(times))}, worst {ms(max(times))}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=14)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2,
                        help="whole random games timed move by move at the end")
    parser.add_argument("--game-players", default="",
                        help="players of each whole game, cycled (e.g. 3,4,4; default: --players)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    game_players = [int(p) for p in args.game_players.split(",") if p] or [args.players]
    early: list[float] = []
    late: list[float] = []
    split = args.turns // 2
    scene = Scene()
    for turn, name, n, seconds, steps, scene in play(args.turns, args.seed, args.players):
        if args.verbose:
            print(f"turn {turn:2d} {name:6s} pieces {n:2d}: {seconds * 1000:7.1f} ms, {steps} steps")
        (early if turn < 4 else late if turn >= split else []).append(seconds)
    for label, times in (("early (turns 0-3)", early), (f"late (turns {split}+)", late)):
        if times:
            print(_line(label, times))
    spare = next(v for v in range(CONFIG.lumber.count) if f"{LUMBER}{v}" not in scene.ids())
    aim = _lumber_aim(scene, spare, random.Random(args.seed))
    if aim is not None:
        risk = _timed(lambda: placement_risk(scene, [aim], seed=args.seed))
        print(f"risk estimate ({CONFIG.risk.trials} trials, {CONFIG.risk.workers} threads, "
              f"{len(scene.pieces)} pieces): {ms(risk)}")
    build, ask = _probe_seconds(scene)
    print(f"probe ({len(scene.pieces)} pieces): build {build * 1000:.1f} ms, "
          f"100 queries of a 23x5 grid {ms(ask)}")
    _game_lines(args.seed, game_players, games=args.games)


def _game_lines(seed: int, players: list[int], late_from: int = 20, games: int = 2) -> None:
    """Whole moves of real games (random legal actions; game g has `players[g]` players,
    cycled, and seed `seed + g`): the time `SPEC.apply` takes for a
    take and a build once the raft holds `late_from` pieces (and 40), and for a menu step (a
    nudge); then every move by move number, 25 moves a row."""
    from engine.rafter import SPEC
    from engine.rafter.menu import pose_key

    moves: dict[str, list[float]] = {"take": [], "build": [], "nudge": [], "move on 40+": []}
    by_number: dict[int, list[float]] = {}
    cpu_by_number: dict[int, list[float]] = {}  # process time: the machine may be shared
    cpu_big: list[float] = []
    for game in range(games):
        rng = random.Random(seed + game)
        state = SPEC.setup(players[game % len(players)], seed + game, {})
        while not SPEC.is_over(state):
            seat, late = state.current, len(state.scene.pieces) >= late_from
            action = rng.choice(SPEC.legal_actions(state, seat))
            if late and action.startswith("b"):
                x, y, angle = (int(v) for v in action[1:].split(";")[0].split(","))
                start = time.perf_counter()  # a nudge: the path is the nudged pose's key
                SPEC.menu(state, seat, (pose_key((x + 2, y, angle)),))
                moves["nudge"].append(time.perf_counter() - start)
            big = len(state.scene.pieces) >= 40
            start, cpu = time.perf_counter(), time.process_time()
            state, _ = SPEC.apply(state, seat, action)
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            by_number.setdefault(state.version // 25, []).append(seconds)
            cpu_by_number.setdefault(state.version // 25, []).append(cpu)
            if big:
                cpu_big.append(cpu)
            if late:
                moves["take" if action.startswith("t") else "build"].append(seconds)
            if big:
                moves["move on 40+"].append(seconds)
    for kind, times in moves.items():
        if times:
            label = f"game {kind}s on rafts of {late_from}+ pieces" if kind != "move on 40+" \
                else "game moves on rafts of 40+ pieces"
            print(_line(label, times))
    if cpu_big:
        print(_line("  (process time) game moves on rafts of 40+ pieces", cpu_big))
    for bucket, times in sorted(by_number.items()):
        print(_line(f"game moves {bucket * 25}-{bucket * 25 + 24}", times))
        print(_line("  (process time)", cpu_by_number[bucket]))


if __name__ == "__main__":
    main()
