"""The small pictures of Hanabi: card faces and backs, the colours' symbols (the kit's
shapes plus a firework spark), clue tokens, fuses, the deck and the move pictograms."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, font

from .theme import (
    BACK,
    BACK_EDGE,
    BACK_MOTIF,
    CLUE_BLUE,
    CLUE_DEEP,
    FUSE_GLOW,
    FUSE_RED,
    GOLD,
    GOLD_DEEP,
    GOOD,
    RAINBOW,
    SPENT,
    TEXT,
    TEXT_DIM,
    color,
)


def symbol_points(symbol: str, center: kit.Point, size: float) -> list[kit.Point]:
    """The polygon of a colour's symbol; the kit's shapes plus a firework spark."""
    if symbol != "spark":
        return kit.symbol_points(symbol, center, size)
    cx, cy = center
    points = []
    for i in range(16):  # eight rays
        r = size / 2 * (1.0 if i % 2 == 0 else 0.42)
        a = -math.pi / 2 + i * math.pi / 8
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def draw_symbol(d: ImageDraw.ImageDraw, name: str, center: kit.Point, size: float, *,
                fill: RGB | None = None, outline: RGB | None = None, width: int = 0) -> None:
    spec = color(name)
    pts = symbol_points(spec.symbol, center, size)
    d.polygon(pts, fill=spec.fill if fill is None else fill)
    if outline is not None and width > 0:
        d.line(pts + [pts[0]], fill=outline, width=width, joint="curve")


@lru_cache(maxsize=256)
def card_sprite(name: str, rank: int, width: int, height: int) -> Image.Image:
    """A card face: its colour, its symbol in two corners and its number large."""
    spec = color(name)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        r = 0.14 * w
        d.rounded_rectangle([k, k, w - k, h - k], radius=r, fill=spec.fill, outline=spec.edge,
                            width=max(1, round(0.05 * w)))
        if name == "multicolor":  # a rainbow arc over the number
            for i, band in enumerate(RAINBOW):
                a = (0.44 - 0.05 * i) * w
                d.arc([w / 2 - a, 0.56 * h - a, w / 2 + a, 0.56 * h + a], 200, 340,
                      fill=color(band).fill, width=max(1, round(0.05 * w)))
        s = 0.24 * w
        for cx, cy in ((0.2 * w, 0.15 * h), (0.8 * w, 0.85 * h)):
            pts = symbol_points(spec.symbol, (cx, cy), s)
            d.polygon(pts, fill=spec.ink)
        if rank > 0:
            fnt = font(round(0.62 * h), "black")
            outline = {"stroke_width": max(1, round(0.03 * w)), "stroke_fill": spec.edge} \
                if name == "multicolor" else {}
            d.text((w / 2, 0.53 * h), str(rank), font=fnt, fill=spec.ink, anchor="mm",
                   **outline)
            kit.note_text(d, fnt.size)

    return kit.supersampled(width, height, paint)


@lru_cache(maxsize=64)
def back_sprite(width: int, height: int, touched: bool = False) -> Image.Image:
    """A card back: night blue with a faint burst; a golden edge once a clue touched it."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        d.rounded_rectangle([k, k, w - k, h - k], radius=0.14 * w, fill=BACK,
                            outline=GOLD if touched else BACK_EDGE,
                            width=max(1, round((0.07 if touched else 0.04) * w)))
        cx, cy = w / 2, h / 2
        for i in range(12):
            a = i * math.pi / 6
            d.line([(cx + 0.1 * w * math.cos(a), cy + 0.1 * w * math.sin(a)),
                    (cx + 0.3 * w * math.cos(a), cy + 0.3 * w * math.sin(a))],
                   fill=BACK_MOTIF, width=max(1, round(0.03 * w)))

    return kit.supersampled(width, height, paint)


@lru_cache(maxsize=64)
def symbol_sprite(name: str, size: int, on_fill: bool = False) -> Image.Image:
    """A colour's symbol, `size` px: filled with the colour and outlined with its ink, or
    (`on_fill`) in the ink alone, to sit on that colour."""
    spec = color(name)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        c = (size * k / 2, size * k / 2)
        if on_fill:
            draw_symbol(d, name, c, size * k * 0.96, fill=spec.ink)
        else:
            draw_symbol(d, name, c, size * k * 0.9, outline=spec.ink if name != "white"
                        else spec.edge, width=max(1, round(size * k / 12)))

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=16)
def clue_token_sprite(size: int, spent: bool = False) -> Image.Image:
    """A clue token: a blue disc with a speech bubble; spent tokens are hollow."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        w = max(1, round(0.08 * u))
        if spent:
            d.ellipse([k, k, u - k, u - k], outline=SPENT, width=w)
            return
        d.ellipse([k, k, u - k, u - k], fill=CLUE_BLUE, outline=CLUE_DEEP, width=w)
        d.rounded_rectangle([0.26 * u, 0.28 * u, 0.74 * u, 0.6 * u], radius=0.1 * u,
                            fill=TEXT)
        d.polygon([(0.36 * u, 0.58 * u), (0.5 * u, 0.58 * u), (0.34 * u, 0.74 * u)], fill=TEXT)

    return kit.supersampled(size, size, paint)


def _flame(cx: float, cy: float, u: float) -> list[kit.Point]:
    pts = []
    for i in range(24):
        t = 2 * math.pi * i / 24
        r = 0.3 * u * (1 - 0.55 * max(0.0, -math.sin(t)) ** 1.5)
        y = cy + 0.3 * u * math.sin(t) * (1.6 if math.sin(t) < 0 else 1.0)
        pts.append((cx + r * math.cos(t), y + 0.08 * u))
    return pts


@lru_cache(maxsize=16)
def fuse_sprite(size: int, burnt: bool = False) -> Image.Image:
    """A fuse: a red flame once burnt, a dim outline while it is still whole."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        outer = _flame(u / 2, u / 2, u)
        if burnt:
            d.polygon(outer, fill=FUSE_RED)
            d.polygon(_flame(u / 2, 0.6 * u, 0.55 * u), fill=FUSE_GLOW)
        else:
            d.line(outer + [outer[0]], fill=SPENT, width=max(1, round(0.07 * u)),
                   joint="curve")

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=16)
def deck_sprite(width: int, height: int, count: int) -> Image.Image:
    """The deck: a few backs stacked (one when it is nearly out, a dashed place when empty)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        layers = 0 if count == 0 else 1 if count < 3 else 3
        step = 0.05 * w
        cw, ch = w - 2 * step - 2 * k, h - 2 * step - 2 * k
        if not layers:
            d.rounded_rectangle([k + step, k + step, k + step + cw, k + step + ch],
                                radius=0.14 * cw, outline=SPENT, width=max(1, round(0.04 * w)))
            return
        for i in range(layers):
            x0 = k + (layers - 1 - i) * step
            y0 = k + i * step
            d.rounded_rectangle([x0, y0, x0 + cw, y0 + ch], radius=0.14 * cw, fill=BACK,
                                outline=BACK_EDGE, width=max(1, round(0.04 * w)))

    return kit.supersampled(width, height, paint)


@lru_cache(maxsize=32)
def icon_sprite(kind: str, size: int) -> Image.Image:
    """Small pictograms of the moves: an arrow (clue), a rising rocket (play), a bin
    (discard), a tick and a flame (did the play fit), a pointer above a touched card;
    "turn" is the kit's golden arrow at the player to act."""
    if kind == "turn":
        return kit.arrow_sprite(size)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        w = max(1, round(0.12 * u))
        if kind == "arrow":
            d.line([(0.1 * u, 0.5 * u), (0.78 * u, 0.5 * u)], fill=TEXT_DIM, width=w)
            d.polygon([(0.62 * u, 0.26 * u), (0.95 * u, 0.5 * u), (0.62 * u, 0.74 * u)],
                      fill=TEXT_DIM)
        elif kind == "play":  # a rocket: nose, body, fins and a flame
            d.polygon([(0.5 * u, 0.02 * u), (0.65 * u, 0.26 * u), (0.35 * u, 0.26 * u)],
                      fill=FUSE_RED)
            d.rectangle([0.36 * u, 0.26 * u, 0.64 * u, 0.68 * u], fill=GOLD)
            d.polygon([(0.36 * u, 0.46 * u), (0.2 * u, 0.72 * u), (0.36 * u, 0.68 * u)],
                      fill=FUSE_RED)
            d.polygon([(0.64 * u, 0.46 * u), (0.8 * u, 0.72 * u), (0.64 * u, 0.68 * u)],
                      fill=FUSE_RED)
            d.polygon([(0.4 * u, 0.7 * u), (0.6 * u, 0.7 * u), (0.5 * u, 0.98 * u)],
                      fill=FUSE_GLOW)
        elif kind == "discard":
            d.rectangle([0.22 * u, 0.16 * u, 0.78 * u, 0.26 * u], fill=TEXT_DIM)
            d.rectangle([0.4 * u, 0.06 * u, 0.6 * u, 0.16 * u], fill=TEXT_DIM)
            d.polygon([(0.28 * u, 0.32 * u), (0.72 * u, 0.32 * u), (0.66 * u, 0.94 * u),
                       (0.34 * u, 0.94 * u)], fill=TEXT_DIM)
        elif kind == "ok":
            d.line([(0.14 * u, 0.54 * u), (0.4 * u, 0.8 * u), (0.88 * u, 0.22 * u)],
                   fill=GOOD, width=round(0.16 * u), joint="curve")
        elif kind == "pointer":
            d.polygon([(0.16 * u, 0.1 * u), (0.84 * u, 0.1 * u), (0.5 * u, 0.9 * u)],
                      fill=GOLD, outline=GOLD_DEEP)

    return kit.supersampled(size, size, paint)
