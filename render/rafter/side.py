"""The side view under the panel's raft: the pile seen from the front (x across, height up,
aligned with the top-down view above it), so heights can be read; farther boxes are painted
first and darker. The height is squeezed when the pile is tall."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.rafter.config import CONFIG
from render import kit
from render.kit import Box, blend

from .geometry import Placed, convex_hull
from .pieces import BLACK, base_color
from .theme import NIGHT, PANEL_EDGE, RAFT, RAFT_EDGE, SEA, SS, TEXT_DIM, chest, rafter_ink

_BASE = 34  # px under the raft top's line: the card and the top of the box


def draw_side(canvas: Image.Image, box: Box, center_x: float, scale: float,
              placed: Sequence[Placed], colors: Sequence[str]) -> None:
    """The side view in `box`; x maps as in the top-down view (`center_x`, `scale`)."""
    x0, y0, w, h = box
    k = SS
    img = Image.new("RGB", (w * k, h * k), NIGHT)
    d = ImageDraw.Draw(img, "RGBA")
    on = [p for p in placed if p.top > -1.0]
    high = max([30.0] + [p.top + 6.0 for p in on])
    zs = min(scale, (h - _BASE - 10) / high)
    base = (h - _BASE) * k

    def pt(x: float, z: float) -> tuple[float, float]:
        return ((center_x - x0 + x * scale) * k, base - z * zs * k)

    half = CONFIG.raft_size[0] / 2
    d.rectangle([pt(-half, 0)[0], base, pt(half, 0)[0], h * k], fill=blend(RAFT_EDGE, NIGHT, 0.4))
    d.rectangle([pt(-half, 0)[0], base, pt(half, 0)[0], base + 4 * k], fill=RAFT)
    d.line([(0, base + 4 * k), (pt(-half, 0)[0], base + 4 * k)], fill=SEA, width=k)
    for z in range(10, int(high) + 1, 10):  # a faint line every 10 mm of height
        y = base - z * zs * k
        d.line([(0, y), (w * k, y)], fill=PANEL_EDGE + (90,), width=max(1, k // 2))
        kit.draw_text(d, (4 * k, y - 2 * k), str(z), kit.font(13 * k, "bold"), TEXT_DIM, "lb")
    boxes = sorted(((b, p) for p in on for b in p.boxes), key=lambda t: (-t[0].center[1],
                                                                          t[0].center[2]))
    ys = [b.center[1] for b, _ in boxes] or [0.0]
    far, near = max(ys), min(ys)
    for b, p in boxes:
        depth = 0.0 if far == near else (b.center[1] - near) / (far - near)
        fill = blend(base_color(p, colors), BLACK, 0.1 + 0.3 * depth)
        hull = convex_hull([pt(c[0], c[2]) for c in b.corners])
        if len(hull) < 3:
            continue
        d.polygon(hull, fill=fill, outline=blend(fill, BLACK, 0.5), width=k)
        cx = sum(q[0] for q in hull) / len(hull)
        cy = sum(q[1] for q in hull) / len(hull)
        extent = min(max(q[0] for q in hull) - min(q[0] for q in hull),
                     max(q[1] for q in hull) - min(q[1] for q in hull))
        if p.piece.kind == "C" and extent > 10 * k:
            spec = chest(colors[p.piece.variant] if p.piece.variant < len(colors) else "?")
            d.polygon(kit.symbol_points(spec.symbol, (cx, cy), 0.6 * extent), fill=spec.ink)
        elif p.piece.kind == "R" and extent > 12 * k and b is max(p.boxes, key=lambda q: q.top):
            kit.draw_text(d, (cx, cy), str(p.piece.variant + 1),
                          kit.font(round(0.75 * extent), "black"), rafter_ink(p.piece.variant),
                          "mm")
    canvas.paste(img.reduce(k), (x0, y0))
