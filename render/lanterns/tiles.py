"""Lake tiles: the faces (four coloured triangles with their symbols, a platform or the
start tile's boat in the middle), the ghost of a tile being placed, and the backs."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import kit
from render.kit import lantern

from .theme import (
    GOLD,
    GOLD_DEEP,
    LAKE,
    LAKE_EDGE,
    RIM,
    TEAL,
    TEAL_DARK,
    WOOD,
    WOOD_DARK,
    WOOD_LIGHT,
)


def _paint_boat(d: ImageDraw.ImageDraw, cx: float, cy: float, u: float) -> None:
    """The start tile's boat (u = tile size): hull, mast, sail and a glowing lantern."""
    d.ellipse([cx - 0.18 * u, cy - 0.18 * u, cx + 0.18 * u, cy + 0.18 * u], fill=LAKE,
              outline=RIM, width=max(1, round(0.012 * u)))
    for i in range(2):  # ripples under the hull
        y = cy + (0.11 + 0.035 * i) * u
        d.line([(cx - (0.12 - 0.03 * i) * u, y), (cx + (0.12 - 0.03 * i) * u, y)],
               fill=LAKE_EDGE, width=max(1, round(0.012 * u)))
    d.polygon([(cx - 0.15 * u, cy + 0.02 * u), (cx + 0.15 * u, cy + 0.02 * u),
               (cx + 0.10 * u, cy + 0.09 * u), (cx - 0.10 * u, cy + 0.09 * u)],
              fill=WOOD, outline=WOOD_DARK, width=max(1, round(0.01 * u)))
    d.line([(cx - 0.01 * u, cy + 0.02 * u), (cx - 0.01 * u, cy - 0.15 * u)], fill=WOOD_DARK,
           width=max(1, round(0.016 * u)))
    d.polygon([(cx + 0.005 * u, cy - 0.14 * u), (cx + 0.12 * u, cy - 0.005 * u),
               (cx + 0.005 * u, cy - 0.005 * u)], fill=(238, 228, 204))
    d.ellipse([cx - 0.12 * u, cy - 0.10 * u, cx - 0.04 * u, cy - 0.01 * u], fill=GOLD,
              outline=GOLD_DEEP, width=max(1, round(0.008 * u)))


def _paint_platform(d: ImageDraw.ImageDraw, cx: float, cy: float, u: float) -> None:
    """A wooden platform of three planks on two beams."""
    a = 0.155 * u
    w = max(1, round(0.012 * u))
    d.rectangle([cx - a - 0.02 * u, cy - a + 0.03 * u, cx + a + 0.02 * u, cy - a + 0.07 * u],
                fill=WOOD_DARK)
    d.rectangle([cx - a - 0.02 * u, cy + a - 0.07 * u, cx + a + 0.02 * u, cy + a - 0.03 * u],
                fill=WOOD_DARK)
    plank = 2 * a / 3
    for i in range(3):
        x0 = cx - a + i * plank
        d.rectangle([x0 + 0.006 * u, cy - a, x0 + plank - 0.006 * u, cy + a],
                    fill=WOOD_LIGHT if i == 1 else WOOD, outline=WOOD_DARK, width=w)
        for y in (cy - a + 0.05 * u, cy + a - 0.05 * u):  # nails
            d.ellipse([x0 + plank / 2 - 0.012 * u, y - 0.012 * u,
                       x0 + plank / 2 + 0.012 * u, y + 0.012 * u], fill=WOOD_DARK)


@lru_cache(maxsize=512)  # ~36 tiles x 4 turns at the sizes in use; bounded memory
def tile_sprite(sides: tuple[str, str, str, str], center: str, size: int) -> Image.Image:
    """A lake tile `size` px square: four triangles N, E, S, W, each with its symbol.

    `center` is "plain", "platform" (a wooden platform) or "boat" (the start tile).
    """

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        g = 0.035 * u
        c = (u / 2, u / 2)
        corners = [(g, g), (u - g, g), (u - g, u - g), (g, u - g)]
        for side in range(4):
            tri = [corners[side], corners[(side + 1) % 4], c]
            d.polygon(tri, fill=lantern(sides[side]).fill)
        for p in corners:  # thin seams between the triangles
            d.line([p, c], fill=RIM, width=max(1, round(0.014 * u)))
        dist, sym = 0.305 * u, 0.22 * u
        for side, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            kit.draw_symbol(d, sides[side], (c[0] + dx * dist, c[1] + dy * dist), sym,
                            fill=lantern(sides[side]).ink)
        if center == "platform":
            _paint_platform(d, c[0], c[1], u)
        elif center == "boat":
            _paint_boat(d, c[0], c[1], u)
        else:
            r = 0.06 * u
            d.ellipse([c[0] - r, c[1] - r, c[0] + r, c[1] + r], fill=RIM)
            r = 0.03 * u
            d.ellipse([c[0] - r, c[1] - r, c[0] + r, c[1] + r], fill=GOLD)
        d.rounded_rectangle([g, g, u - g, u - g], radius=0.09 * u, outline=RIM,
                            width=max(1, round(0.022 * u)))

    k = 3
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(k))
    # round the corners at the big size too, so they are as smooth as the rest
    u, g = size * k, 0.035 * size * k
    mask = Image.new("L", big.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([g, g, u - g, u - g], radius=0.09 * u, fill=255)
    big.putalpha(mask)
    return big.resize((size, size), Image.Resampling.BOX)


@lru_cache(maxsize=256)
def _ghost_sprite(sides: tuple[str, str, str, str], center: str, size: int) -> Image.Image:
    return kit.fade(tile_sprite(sides, center, size).copy(), 80)


@lru_cache(maxsize=32)
def tile_back_sprite(size: int, stacked: bool = True) -> Image.Image:
    """The back of a lake tile; `stacked` draws two more under it (the draw stack)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        step = 0.08 * u if stacked else 0
        a = u - 2 * step - 2 * k
        layers = 3 if stacked else 1
        for i in range(layers):
            x0 = k + (layers - 1 - i) * step
            y0 = k + i * step
            d.rounded_rectangle([x0, y0, x0 + a, y0 + a], radius=0.12 * a,
                                fill=TEAL if i == layers - 1 else TEAL_DARK, outline=RIM,
                                width=max(1, round(0.05 * a)))
        x0 = k
        y0 = k + (layers - 1) * step
        cx, cy = x0 + a / 2, y0 + a / 2
        r = 0.24 * a
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=GOLD, width=max(1, round(0.06 * a)))
        d.ellipse([cx - r / 2.6, cy - r / 2.6, cx + r / 2.6, cy + r / 2.6], fill=GOLD)

    return kit.supersampled(size, size, paint)
