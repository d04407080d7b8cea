"""The small pictures of Lanterns besides the tiles: lantern cards, favors, honor, the
dedication tokens and pictures, the final round's hourglass, the arrow and the medals."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.kit import lantern

from .theme import GOLD, GOLD_DEEP, SILVER, SILVER_EDGE


@lru_cache(maxsize=128)
def card_sprite(color: str, width: int, height: int, dim: bool = False) -> Image.Image:
    """A lantern card: a small rounded card in the colour with its symbol."""
    spec = lantern(color)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        d.rounded_rectangle([k, k, w - k, h - k], radius=0.2 * w, fill=spec.fill,
                            outline=spec.edge if color != "black" else (92, 94, 110),
                            width=max(1, round(0.07 * w)))
        kit.draw_symbol(d, color, (w / 2, h / 2), 0.6 * w, fill=spec.ink)

    sprite = kit.supersampled(width, height, paint)
    return kit.fade(sprite, 30) if dim else sprite


@lru_cache(maxsize=32)
def coin_sprite(size: int) -> Image.Image:
    """A favor: a gold coin with a square hole."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.ellipse([k, k, u - k, u - k], fill=GOLD, outline=GOLD_DEEP, width=round(0.08 * u))
        r = 0.33 * u
        d.ellipse([u / 2 - r, u / 2 - r, u / 2 + r, u / 2 + r], outline=GOLD_DEEP,
                  width=round(0.04 * u))
        a = 0.12 * u
        d.rectangle([u / 2 - a, u / 2 - a, u / 2 + a, u / 2 + a], fill=(0, 0, 0, 0),
                    outline=GOLD_DEEP, width=round(0.04 * u))

    return kit.supersampled(size, size, paint)


def _leaf(cx: float, cy: float, angle: float, length: float, width: float) -> list[kit.Point]:
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(16):
        t = 2 * math.pi * i / 16
        x, y = math.cos(t) * length / 2, math.sin(t) * width / 2
        pts.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return pts


@lru_cache(maxsize=32)
def laurel_sprite(size: int) -> Image.Image:
    """Honor: a golden laurel wreath."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        cx, cy, r = u / 2, u * 0.5, 0.33 * u
        leaves: list[list[kit.Point]] = []
        for i in range(5):  # the left branch, from the bottom up; the right one mirrors it
            a = math.radians(112 + i * 30)
            px, py = cx + r * math.cos(a), cy + r * math.sin(a)
            along = a + math.pi / 2  # the branch's direction, upwards
            for lean, dr in ((-0.6, 0.07), (0.6, -0.05)):
                leaves.append(_leaf(px + dr * u * math.cos(a), py + dr * u * math.sin(a),
                                    along + lean, 0.24 * u * (1 - 0.08 * i),
                                    0.1 * u * (1 - 0.08 * i)))
        w = max(1, round(0.035 * u))
        d.arc([cx - r, cy - r, cx + r, cy + r], 105, 250, fill=GOLD_DEEP, width=w)
        d.arc([cx - r, cy - r, cx + r, cy + r], 290, 75, fill=GOLD_DEEP, width=w)
        for leaf in leaves:
            for pts in (leaf, [(u - x, y) for x, y in leaf]):
                d.polygon(pts, fill=GOLD, outline=GOLD_DEEP)

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=32)
def token_sprite(size: int, dim: bool = False, grey: bool = False) -> Image.Image:
    """A dedication token: a golden octagon (the honor value is written on it); `grey`: the
    generic token that lies on an empty stack, worth 4 as often as the kind is dedicated."""
    fill, edge = (SILVER, SILVER_EDGE) if grey else (GOLD, GOLD_DEEP)
    if dim:
        fill, edge = (70, 74, 92), (96, 100, 120)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        pts = [(u / 2 + 0.48 * u * math.cos(math.pi / 8 + i * math.pi / 4),
                u / 2 + 0.48 * u * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
        d.polygon(pts, fill=fill, outline=edge)
        d.line(pts + [pts[0]], fill=edge, width=max(1, round(0.07 * u)), joint="curve")

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=32)
def hourglass_sprite(size: int) -> Image.Image:
    """The final round has begun (the draw stack is empty)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        w = max(1, round(0.07 * u))
        d.line([(0.2 * u, 0.1 * u), (0.8 * u, 0.1 * u)], fill=GOLD, width=w)
        d.line([(0.2 * u, 0.9 * u), (0.8 * u, 0.9 * u)], fill=GOLD, width=w)
        d.polygon([(0.27 * u, 0.14 * u), (0.73 * u, 0.14 * u), (0.5 * u, 0.5 * u),
                   (0.73 * u, 0.86 * u), (0.27 * u, 0.86 * u), (0.5 * u, 0.5 * u)],
                  outline=GOLD, width=w)
        d.polygon([(0.36 * u, 0.84 * u), (0.64 * u, 0.84 * u), (0.5 * u, 0.64 * u)], fill=GOLD)

    return kit.supersampled(size, size, paint)


_PAIR_SYMBOLS = ("circle", "triangle", "square")


@lru_cache(maxsize=16)
def dedication_sprite(kind: str, height: int) -> Image.Image:
    """The three dedications as small grids of cards, without words.

    Silver cards mean "any colour": four with one symbol (four of a kind), three
    columns of two equal symbols (three pairs), the seven colours (seven unique).
    """
    gap = max(1, round(height * 0.06))
    ch = (height - gap) / 2
    cw = round(ch * 0.74)
    if kind == "seven_unique":
        cols = 4
        cards = [(lantern(c).fill, lantern(c).edge, lantern(c).symbol, lantern(c).ink,
                  i % 4, i // 4) for i, c in enumerate(kit.COLORS)]
    elif kind == "three_pairs":
        cols = 3
        cards = [(SILVER, SILVER_EDGE, _PAIR_SYMBOLS[i // 2], (52, 60, 80), i // 2, i % 2)
                 for i in range(6)]
    else:
        cols = 2
        cards = [(SILVER, SILVER_EDGE, "circle", (52, 60, 80), i % 2, i // 2) for i in range(4)]
    width = cols * cw + (cols - 1) * gap

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        for fill, edge, symbol, ink, col, row in cards:
            x, y = col * (cw + gap) * k, row * (ch + gap) * k
            w, h = cw * k, ch * k
            if kind == "seven_unique" and row == 1:
                x += (cw + gap) * k / 2  # the row of three sits centred under the four
            d.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=0.22 * w, fill=fill,
                                outline=edge, width=max(1, round(0.08 * w)))
            d.polygon(kit.symbol_points(symbol, (x + w / 2, y + h / 2), 0.6 * w), fill=ink)

    return kit.supersampled(width, height, paint)


arrow_sprite = kit.arrow_sprite


def medal_sprite(rank: int, size: int) -> Image.Image:
    """A finished game's place: a medal with the rank on it (gold, silver, bronze)."""
    return kit.medal_sprite(rank, size, places=4)
