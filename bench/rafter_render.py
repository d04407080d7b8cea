"""Rafter Five picture figures: the median time to draw the board and the panel of a late
raft (20+ pieces, from a real game played with random legal moves), the board of a built
50-piece raft (five crossing layers of cards, every rafter, 28 chests), and the time, size
and length of the last move's animation.

    python -m bench.rafter_render [--renders N] [--seed S] [--pieces P]
"""

from __future__ import annotations

import argparse
import io
import math
import random
import statistics
import time
from typing import Any

from PIL import Image

from bench.figures import render_line
from engine.rafter import SPEC
from engine.rafter.config import CONFIG
from render import rafter

NAMES = ["Żółć Łukasz", "Ёжик 🦔 Щукин", "Ana", "Bob"]


def late_view(seed: int = 7, pieces: int = 22, players: int = 4) -> dict[str, Any]:
    """The view of a real game (advanced rules, random legal moves) once the raft holds at
    least `pieces` pieces and its last move made something fall (an animation of 20+ frames)."""
    for attempt in range(seed, seed + 50):
        rng = random.Random(attempt)
        state = SPEC.setup(players, attempt, {"advanced": True})
        while not SPEC.is_over(state):
            state, _ = SPEC.apply(state, state.current,
                                  rng.choice(SPEC.legal_actions(state, state.current)))
            if len(state.scene.pieces) >= pieces and state.last and len(state.last.frames) >= 20:
                return SPEC.view(state, state.current)
    raise RuntimeError("no game reached a late raft with a fall")


def built_raft(view: dict[str, Any], pieces: int = 50) -> dict[str, Any]:
    """`view` with a raft built by hand (no physics): crossing layers of lumber cards,
    every rafter and chests on top, `pieces` in all."""
    out: list[dict[str, Any]] = []
    t = CONFIG.lumber.sim_thickness
    layer = 0
    while len(out) < pieces - 33:
        spots = [(0, -28), (0, 0), (0, 28)] if layer % 2 == 0 else [(-42, 0), (-14, 0),
                                                                      (14, 0), (42, 0)]
        for x, y in spots:
            h = math.radians(90.0 * (layer % 2)) / 2
            out.append({"id": f"L{len(out)}", "kind": "L", "variant": len(out),
                        "pos": [x + layer, y, layer * t],
                        "quat": [math.cos(h), 0.0, 0.0, math.sin(h)]})
        layer += 1
    top = layer * t
    out += [{"id": f"R{r}", "kind": "R", "variant": r, "pos": [-44 + 22 * r, 30, top],
             "quat": [1, 0, 0, 0]} for r in range(5)]
    for c in range(pieces - len(out)):
        color, index = c % 6, c // 6
        out.append({"id": f"C{color}.{index}", "kind": "C", "variant": color, "index": index,
                    "pos": [-45 + 11 * (c % 9), -30 + 11 * (c // 9), top],
                    "quat": [1, 0, 0, 0]})
    return {**view, "pieces": out, "sea_rafters": []}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pieces", type=int, default=22)
    args = parser.parse_args(argv)
    view = late_view(args.seed, args.pieces)
    frames = len(view["last"].get("frames", ())) if view["last"] else 0
    print(f"raft: {len(view['pieces'])} pieces, last move {frames} frames")
    focus = {"ghost": {"x": 10.0, "y": 5.0, "yaw": 30.0, "card": 0, "legal": True},
             "spots": [[1, -20.0, 0.0], [2, 0.0, 10.0]]}
    print(render_line("board", lambda: rafter.board_png(view, names=NAMES), args.renders))
    print(render_line("panel", lambda: rafter.panel_png(view, names=NAMES, focus=focus),
                      args.renders))
    print(render_line("waiting", lambda: rafter.waiting_png(view, names=NAMES), args.renders))
    built = built_raft(view)
    print(render_line(f"board, {len(built['pieces'])} built pieces",
                      lambda: rafter.board_png(built, names=NAMES), args.renders))
    times = []
    gif = b""
    for _ in range(max(3, args.renders // 3)):
        start = time.perf_counter()
        gif = rafter.animation_gif(view, names=NAMES) or b""
        times.append(time.perf_counter() - start)
    clip = Image.open(io.BytesIO(gif)) if gif else None
    shown, length = 0, 0
    for n in range(clip.n_frames if clip else 0):
        clip.seek(n)  # type: ignore[union-attr]
        shown, length = shown + 1, length + clip.info.get("duration", 0)  # type: ignore[union-attr]
    print(f"animation: {frames} frames recorded, {shown} shown, {length / 1000:.2f} s, median "
          f"{1000 * statistics.median(times):.1f} ms, {len(gif) / 1024:.0f} KiB GIF")


if __name__ == "__main__":
    main()
