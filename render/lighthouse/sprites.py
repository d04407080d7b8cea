"""The small pictures of Lighthouse: tokens (face and back), a face-down pile, the
lighthouse marker, round stars, the arrow and the medals."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.kit import draw_text, font, lantern

from .theme import BEAM, GOLD, GOLD_DEEP, PANEL_EDGE, ROOF, SEATS, SLOT_EDGE, TOWER, TOWER_STRIPE


@lru_cache(maxsize=128)
def token_sprite(seat: int, value: int, size: int, ghost: bool = False) -> Image.Image:
    """A token `size` px square: the owner's colour, a big number, the colour's symbol in a
    corner. A ghost (a move being considered) is translucent."""
    color = lantern(SEATS[seat])

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.rounded_rectangle([k, k, u - k, u - k], radius=0.2 * u, fill=color.fill,
                            outline=color.edge, width=max(1, round(0.06 * u)))
        kit.draw_symbol(d, SEATS[seat], (0.2 * u, 0.2 * u), 0.2 * u, fill=color.ink)

    sprite = kit.supersampled(size, size, paint)
    draw_text(ImageDraw.Draw(sprite), (size * 0.54, size * 0.55), str(value),
              font(round(size * 0.68), "black"), color.ink + (255,), "mm")
    return kit.fade(sprite, 70) if ghost else sprite


@lru_cache(maxsize=16)
def lighthouse_sprite(height: int, ghost: bool = False) -> Image.Image:
    """The lighthouse marker: a striped tower, a glowing lamp and two beams."""
    width = round(height * 0.9)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        cx = w / 2
        d.polygon([(cx, 0.2 * h), (0, 0.02 * h), (0, 0.34 * h)], fill=BEAM)
        d.polygon([(cx, 0.2 * h), (w, 0.02 * h), (w, 0.34 * h)], fill=BEAM)
        base, top = 0.98 * h, 0.36 * h
        bw, tw = 0.2 * w, 0.12 * w
        tower = [(cx - tw, top), (cx + tw, top), (cx + bw, base), (cx - bw, base)]
        d.polygon(tower, fill=TOWER)
        for i in (1, 3):  # two red bands
            y0, y1 = top + (base - top) * i / 5, top + (base - top) * (i + 1) / 5
            f0, f1 = (y0 - top) / (base - top), (y1 - top) / (base - top)
            x0, x1 = tw + (bw - tw) * f0, tw + (bw - tw) * f1
            d.polygon([(cx - x0, y0), (cx + x0, y0), (cx + x1, y1), (cx - x1, y1)],
                      fill=TOWER_STRIPE)
        d.line(tower + [tower[0]], fill=ROOF, width=max(1, round(0.02 * h)))
        d.rectangle([cx - 0.15 * w, top - 0.02 * h, cx + 0.15 * w, top + 0.01 * h], fill=ROOF)
        d.rectangle([cx - 0.1 * w, 0.14 * h, cx + 0.1 * w, top - 0.02 * h], fill=GOLD,
                    outline=ROOF, width=max(1, round(0.015 * h)))
        d.polygon([(cx - 0.14 * w, 0.14 * h), (cx + 0.14 * w, 0.14 * h), (cx, 0.03 * h)],
                  fill=ROOF)

    sprite = kit.supersampled(width, height, paint)
    return kit.fade(sprite, 45) if ghost else sprite


@lru_cache(maxsize=8)
def star_sprite(size: int, dim: bool = False) -> Image.Image:
    """A round won (a golden star); dim: a round not won."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        pts = kit.symbol_points("star", (u / 2, u / 2 + 0.04 * u), 0.9 * u)
        d.polygon(pts, fill=PANEL_EDGE if dim else GOLD)
        d.line(pts + [pts[0]], fill=SLOT_EDGE if dim else GOLD_DEEP,
               width=max(1, round(0.06 * u)), joint="curve")

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=8)
def back_sprite(size: int) -> Image.Image:
    """The back of a token (a token in someone's hand or pile)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.rounded_rectangle([k, k, u - k, u - k], radius=0.2 * u, fill=PANEL_EDGE,
                            outline=SLOT_EDGE, width=max(1, round(0.08 * u)))
        r = 0.16 * u
        d.ellipse([u / 2 - r, u / 2 - r, u / 2 + r, u / 2 + r], fill=GOLD_DEEP)

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=8)
def pile_sprite(size: int) -> Image.Image:
    """A face-down pile: three token backs stacked."""
    back = back_sprite(round(size * 0.8))
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    step = round(size * 0.1)
    for i in range(3):
        img.alpha_composite(back, (2 * step - i * step, i * step))
    return img


arrow_sprite = kit.arrow_sprite


def medal_sprite(rank: int, size: int) -> Image.Image:
    """A finished match's place: a medal with the rank on it."""
    return kit.medal_sprite(rank, size, places=2)
