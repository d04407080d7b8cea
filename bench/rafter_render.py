"""Rafter Five picture figures: the median time to draw the board and the panel of a late
raft (20+ pieces, built with the physics by legal-looking play), and the time and size of
the last move's animation.

    python -m bench.rafter_render [--renders N] [--seed S] [--pieces P]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.figures import render_line
from bench.rafter import _lumber_aim, _on_card
from engine.rafter.config import CONFIG
from engine.rafter.physics import Placement, place
from engine.rafter.scene import CHEST, RAFTER, Scene, scene_to_dict
from render import rafter

NAMES = ["Żółć Łukasz", "Ёжик 🦔 Щукин", "Ana", "Bob"]


def _dicts(scene: Scene) -> list[dict[str, Any]]:
    return [dict(d, id=p.id) for d, p in zip(scene_to_dict(scene), scene.pieces)]


def late_view(seed: int = 7, pieces: int = 22, players: int = 4) -> dict[str, Any]:
    """A raft of at least `pieces` pieces; the last step is recorded every 40 steps."""
    rng = random.Random(seed)
    scene = Scene()
    lumber = list(range(CONFIG.lumber.count))
    rng.shuffle(lumber)
    chests = [0] * len(CONFIG.colors)
    rafters = list(range(len(CONFIG.rafters)))
    turn = 0
    last: dict[str, Any] = {}
    while len(scene.pieces) < pieces and lumber and turn < 200:
        color = turn % players
        variant = lumber.pop()
        aim = _lumber_aim(scene, variant, rng)
        turn += 1
        if aim is None:
            continue
        steps = [aim]
        if rafters:
            rx, ry = _on_card(aim.x, aim.y, aim.yaw_deg, rng.uniform(-30, 30))
            steps.append(Placement(RAFTER, rafters.pop(), rx, ry, aim.yaw_deg))
        cx, cy = _on_card(aim.x, aim.y, aim.yaw_deg, rng.uniform(-40, 40))
        steps.append(Placement(CHEST, color, cx, cy, aim.yaw_deg, index=chests[color]))
        chests[color] += 1
        result = place(scene, steps, seed=seed * 1000 + turn, record_every=40)
        last = {"seat": color, "placed": [p.id for p in result.placed],
                "fallen": _dicts(Scene(result.fallen)),
                "frames": [_dicts(f) for f in result.frames]}
        scene = result.scene
        rafters += [p.variant for p in result.fallen if p.kind == RAFTER]
    colors = list(CONFIG.colors)
    return {
        "game": "rafter", "players": players, "viewer": 0, "advanced": True, "colors": colors,
        "seats": [{"seat": s, "colors": [s], "supply": 7 - chests[s],
                   "penalties": [[(s + 1) % players, 0]] * (s % 3), "out": False,
                   "placed": chests[s]} for s in range(players)],
        "turn": 1, "phase": "place", "held": 0, "card": lumber[-1] if lumber else None,
        "sea_rafters": rafters, "sea_lumber": len(lumber), "last_rafter": 2,
        "pieces": _dicts(scene), "last": last,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pieces", type=int, default=22)
    args = parser.parse_args(argv)
    view = late_view(args.seed, args.pieces)
    frames = len(view["last"].get("frames", ())) if view["last"] else 0
    print(f"raft: {len(view['pieces'])} pieces, last move {frames} frames")
    focus = {"ghost": {"x": 10.0, "y": 5.0, "yaw": 30.0, "card": view["card"] or 0,
                       "legal": True}, "spots": [[1, -20.0, 0.0], [2, 0.0, 10.0]]}
    print(render_line("board", lambda: rafter.board_png(view, names=NAMES), args.renders))
    print(render_line("panel", lambda: rafter.panel_png(view, names=NAMES, focus=focus),
                      args.renders))
    print(render_line("waiting", lambda: rafter.waiting_png(view, names=NAMES), args.renders))
    times = []
    gif = b""
    for _ in range(max(3, args.renders // 3)):
        start = time.perf_counter()
        gif = rafter.animation_gif(view, names=NAMES) or b""
        times.append(time.perf_counter() - start)
    print(f"animation: {frames} frames, median {1000 * statistics.median(times):.1f} ms, "
          f"{len(gif) / 1024:.0f} KiB GIF")


if __name__ == "__main__":
    main()
