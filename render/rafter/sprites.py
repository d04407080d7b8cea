"""The small pictures of the players' strips: a chest of a colour (its fill and symbol), an
empty penalty slot, the supply pile and the "out" mark."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit

from .theme import ILLEGAL, INK_DARK, SLOT, SLOT_EDGE, TEXT, TEXT_DIM, chest


@lru_cache(maxsize=128)
def chest_sprite(name: str, size: int) -> Image.Image:
    """A chest of colour `name`, `size` px square: the colour, its symbol in its ink."""
    spec = chest(name)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.rounded_rectangle([k, k, u - k, u - k], radius=0.18 * u, fill=spec.fill,
                            outline=spec.edge, width=max(1, round(0.08 * u)))
        d.polygon(kit.symbol_points(spec.symbol, (u / 2, u / 2), 0.6 * u), fill=spec.ink)

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=16)
def slot_sprite(size: int) -> Image.Image:
    """An empty slot of a penalty board."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.rounded_rectangle([k, k, u - k, u - k], radius=0.18 * u, fill=SLOT,
                            outline=SLOT_EDGE, width=max(1, round(0.07 * u)))

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=16)
def supply_sprite(size: int) -> Image.Image:
    """The chests a player still has to place: three chest outlines stacked."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        c = 0.5 * u
        for i, (x, y) in enumerate(((0.06, 0.5), (0.5, 0.5), (0.28, 0.08))):
            d.rounded_rectangle([x * u, y * u, x * u + c - k, y * u + c - k], radius=0.1 * u,
                                fill=TEXT_DIM if i < 2 else TEXT, outline=INK_DARK,
                                width=max(1, round(0.05 * u)))

    return kit.supersampled(size, size, paint)


@lru_cache(maxsize=8)
def out_sprite(size: int) -> Image.Image:
    """A player who is out: a struck-through circle."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        w = round(0.14 * u)
        d.ellipse([w / 2, w / 2, u - w / 2, u - w / 2], outline=ILLEGAL, width=w)
        d.line([(0.22 * u, 0.78 * u), (0.78 * u, 0.22 * u)], fill=ILLEGAL, width=w)

    return kit.supersampled(size, size, paint)
