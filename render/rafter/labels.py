"""The text of the Rafter Five pictures (names and numbers only), sized to be read on a phone:
every text is at least `kit.READABLE_PX` tall when its picture is shown `kit.PHONE_WIDTH`
wide. Text goes through `kit.draw_text` (or `kit.note_text`), so `kit.measuring_text` sees
it; a supersampled area is shrunk onto its picture with `shrink_onto`, which hands the
area's text sizes on divided by the supersampling factor."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import kit
from render.kit import GOLD, GOLD_DEEP, INK_DARK, RGB

Point = tuple[float, float]


def readable_px(width: int) -> int:
    """The smallest font size (px) readable in a picture `width` px wide."""
    return math.ceil(kit.READABLE_PX * width / kit.PHONE_WIDTH)


def text(draw: ImageDraw.ImageDraw, xy: Point, value: object, px: float, k: float,
         fill: RGB, anchor: str = "mm", *, weight: str = "black", stroke: RGB | None = None,
         max_width: float | None = None) -> float:
    """A line of text `px` picture pixels tall on a `k` times larger image; `stroke` rings
    it in that colour (a number on busy wood). Returns its width on the image."""
    fnt = kit.font(round(px * k), weight)  # type: ignore[arg-type]
    if stroke is None:
        return kit.draw_text(draw, xy, value, fnt, fill, anchor, max_width=max_width)
    line = kit.clean_text(value, fnt)
    draw.text(xy, line, font=fnt, fill=fill, anchor=anchor,
              stroke_width=max(1, round(fnt.size / 9)), stroke_fill=stroke)
    kit.note_text(draw, fnt.size)
    return kit.text_width(line, fnt)


def disc_radius(px: float) -> float:
    """The radius of a number disc for `px` px text, in picture pixels."""
    return 0.72 * px


def disc(draw: ImageDraw.ImageDraw, center: Point, px: float, k: float, value: object, *,
         fill: RGB = GOLD, ink: RGB = INK_DARK, edge: RGB = GOLD_DEEP) -> float:
    """A number on a disc sized for `px` px text; returns the disc's radius on the image."""
    r = disc_radius(px) * k
    cx, cy = center
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=edge,
                 width=max(1, round(0.08 * r)))
    text(draw, (cx, cy + 0.04 * r), value, px, k, ink)
    return r


def shrink_onto(canvas: Image.Image, big: Image.Image, k: int, xy: tuple[int, int]) -> None:
    """Paste `big` (painted `k` times larger) shrunk onto `canvas` at `xy`, with its text."""
    canvas.paste(big.reduce(k) if k > 1 else big, xy)
    for size in kit.text_sizes(big):
        kit.note_text(canvas, size / k)
