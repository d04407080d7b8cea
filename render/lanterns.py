"""Pictures of Lanterns: The Harvest Festival, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.lanterns` hands out) into PNG bytes:

* `board_png(view, *, names)`: the public picture for the group: the lake with every
  tile, each player's cards, favors and honor on the side of the lake they face, the
  supply, the favor supply, the draw stack and the dedication stacks.
* `panel_png(view, *, names, focus=None)`: a player's private picture: their hand
  tiles large, their own cards, the lake smaller, and whatever the `focus` hints
  (a tile's four rotations numbered 1-4, the legal spots numbered 1..n, a ghost tile).
* `waiting_png(view, *, names)`: a player's compact private picture between their turns:
  their name, the side of the lake they face and their hand, nothing that changes with
  other players' moves (so the bot re-sends it only when the hand changes).

No words are drawn, only names, numbers and pictograms (translation happens in the
bot). Every colour also has its symbol (see `render.kit`). Identical input gives
identical bytes. Sprites (tiles, cards, icons) are drawn supersampled once and cached,
so a render is mostly pastes; `board_geometry`/`panel_geometry` tell where each lake
cell lands in the picture (for tests and anything that wants to point at a cell).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, blend, draw_text, exact, font, lantern, paste

Cell = tuple[int, int]

# ---------------------------------------------------------------------------
# Theme

NIGHT: RGB = exact((10, 15, 30))
LAKE: RGB = exact((17, 43, 76))
LAKE_WAVE: RGB = exact((25, 57, 97))
LAKE_EDGE: RGB = exact((40, 78, 124))
PANEL: RGB = exact((24, 32, 54))
PANEL_EDGE: RGB = exact((46, 58, 92))
PANEL_HOT: RGB = exact((44, 50, 70))
TEXT: RGB = exact((245, 240, 228))
TEXT_DIM: RGB = exact((112, 124, 156))
GOLD: RGB = exact((255, 198, 64))
GOLD_DEEP: RGB = exact((184, 124, 18))
INK_DARK: RGB = exact((34, 22, 4))
WOOD: RGB = exact((176, 116, 60))
WOOD_DARK: RGB = exact((104, 62, 26))
WOOD_LIGHT: RGB = exact((214, 160, 100))
RIM: RGB = exact((9, 14, 26))
SPOT: RGB = exact((52, 92, 140))
SILVER: RGB = exact((188, 198, 216))
SILVER_EDGE: RGB = exact((104, 114, 138))
TEAL: RGB = exact((30, 96, 104))
TEAL_DARK: RGB = exact((16, 58, 64))
MARKET: RGB = exact((18, 24, 42))
MARKET_EDGE: RGB = exact((34, 44, 72))
SEPARATOR: RGB = exact((48, 60, 94))
EMPTY_SEAT: RGB = exact((28, 36, 60))

_KEEP: tuple[RGB, ...] = (
    NIGHT, LAKE, LAKE_WAVE, LAKE_EDGE, PANEL, PANEL_EDGE, PANEL_HOT, TEXT, TEXT_DIM,
    GOLD, GOLD_DEEP, INK_DARK, WOOD, WOOD_DARK, WOOD_LIGHT, RIM, SPOT, SILVER, TEAL,
    MARKET, MARKET_EDGE, SEPARATOR, EMPTY_SEAT,
    *(exact(blend(TEXT, bg, t)) for bg in (PANEL, LAKE, NIGHT, PANEL_HOT)
      for t in (0.25, 0.5, 0.75)),
)
"""Colours kept exact in the PNG palette (flat areas and the usual text blends)."""

BOARD_WIDTH = 1280
PANEL_WIDTH = 1080
MARGIN = 16
GAP = 12
MAX_HEIGHT = 1280
PANEL_MAX_HEIGHT = 1350  # 4:5, still shown full width on phones
MAX_TILE = 144
MIN_TILE = 8  # only a lake stretched absurdly far gets this small


# ---------------------------------------------------------------------------
# View access (tolerant: a malformed field draws as empty, never crashes)

def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _cell(value: Any) -> Cell | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        try:
            return int(value[0]), int(value[1])
        except (TypeError, ValueError):
            return None
    return None


def _sides(value: Any) -> tuple[str, str, str, str]:
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return tuple(str(s) for s in value)  # type: ignore[return-value]
    return ("?", "?", "?", "?")


def rotated(sides: Sequence[str], rot: int) -> tuple[str, str, str, str]:
    """The sides N, E, S, W of a tile turned clockwise by `rot` quarter turns."""
    return tuple(sides[(d - rot) % 4] for d in range(4))  # type: ignore[return-value]


@dataclass(frozen=True)
class _Placed:
    cell: Cell
    sides: tuple[str, str, str, str]
    center: str  # "plain" | "platform" | "boat"


def _placed(view: Mapping[str, Any]) -> list[_Placed]:
    out: list[_Placed] = []
    board = view.get("board")
    for t in board if isinstance(board, (list, tuple)) else ():
        if not isinstance(t, Mapping):
            continue
        cell = _cell((t.get("x"), t.get("y")))
        if cell is None:
            continue
        center = "boat" if t.get("start") else "platform" if t.get("platform") else "plain"
        out.append(_Placed(cell, _sides(t.get("sides")), center))
    return out


def _cells(value: Any) -> list[Cell]:
    if not isinstance(value, (list, tuple)):
        return []
    return [c for c in (_cell(v) for v in value) if c is not None]


def _name(names: Sequence[str], seat: int) -> str:
    """The player's name as drawable text, or '#n' when nothing of it can be drawn."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return raw if kit.clean_text(raw, font(30, "bold")).strip(kit.REPLACEMENT + " ") \
        else f"#{seat + 1}"


def _seats(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    seats = view.get("seats")
    return [s for s in seats if isinstance(s, Mapping)] if isinstance(seats, (list, tuple)) else []


# ---------------------------------------------------------------------------
# Sprites

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
    sprite = tile_sprite(sides, center, size).copy()
    sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 80 // 100))
    return sprite


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
    if dim:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 30 // 100))
    return sprite


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
def token_sprite(size: int, dim: bool = False) -> Image.Image:
    """A dedication token: a golden octagon (the honor value is written on it)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        pts = [(u / 2 + 0.48 * u * math.cos(math.pi / 8 + i * math.pi / 4),
                u / 2 + 0.48 * u * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
        d.polygon(pts, fill=GOLD if not dim else (70, 74, 92),
                  outline=GOLD_DEEP if not dim else (96, 100, 120))
        d.line(pts + [pts[0]], fill=GOLD_DEEP if not dim else (96, 100, 120),
               width=max(1, round(0.07 * u)), joint="curve")

    return kit.supersampled(size, size, paint)


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


@lru_cache(maxsize=16)
def arrow_sprite(size: int) -> Image.Image:
    """A golden arrow pointing right, at the player to act."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        pts = [(0.12 * u, 0.12 * u), (0.92 * u, 0.5 * u), (0.12 * u, 0.88 * u),
               (0.3 * u, 0.5 * u)]
        d.polygon(pts, fill=GOLD, outline=GOLD_DEEP)

    return kit.supersampled(size, size, paint)


_MEDALS: Mapping[int, tuple[RGB, RGB]] = {
    1: (GOLD, GOLD_DEEP), 2: (exact((208, 214, 226)), exact((120, 128, 148))),
    3: (exact((214, 140, 84)), exact((136, 78, 36))), 4: (exact((96, 104, 128)), RIM),
}


@lru_cache(maxsize=16)
def medal_sprite(rank: int, size: int) -> Image.Image:
    """A finished game's place: a medal with the rank on it (gold, silver, bronze)."""
    fill, edge = _MEDALS.get(rank, _MEDALS[4])

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.ellipse([0.08 * u, 0.08 * u, 0.92 * u, 0.92 * u], fill=fill, outline=edge,
                  width=round(0.08 * u))

    sprite = kit.supersampled(size, size, paint)
    draw_text(ImageDraw.Draw(sprite), (size / 2, size / 2 + 1), str(rank),
              font(round(size * 0.62), "black"), INK_DARK, "mm")
    return sprite


@lru_cache(maxsize=1)
def _wave_sprite() -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.arc([k, k, 27 * k, 13 * k], 200, 340, fill=LAKE_WAVE, width=round(2 * k))

    return kit.supersampled(28, 14, paint)


@lru_cache(maxsize=1)
def _wave_texture() -> Image.Image:
    """Rows of small waves on the lake colour, big enough for any lake; cropped per use."""
    height = max(MAX_HEIGHT, PANEL_MAX_HEIGHT)
    tex = Image.new("RGB", (BOARD_WIDTH, height), LAKE)
    wave = _wave_sprite()
    for row, y in enumerate(range(14, height - 14, 34)):
        for x in range(10 if row % 2 else 42, BOARD_WIDTH - 28, 64):
            tex.paste(wave, (x, y), wave)
    return tex


def _draw_water(canvas: Image.Image, draw: ImageDraw.ImageDraw,
                box: tuple[int, int, int, int]) -> None:
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=22, fill=LAKE,
                           outline=LAKE_EDGE, width=3)
    inset = 10  # inside the rounded rim, so the texture's square corners never show
    canvas.paste(_wave_texture().crop((0, 0, w - 2 * inset, h - 2 * inset)),
                 (x + inset, y + inset))


# ---------------------------------------------------------------------------
# Lake geometry

@dataclass(frozen=True)
class LakeGeometry:
    """Where lake cells land in a picture: cell (x, y) is the square of side `tile`
    with its top-left corner at (left + (x - min_x) * tile, top + (y - min_y) * tile)."""

    left: int
    top: int
    min_x: int
    min_y: int
    cols: int
    rows: int
    tile: int

    def cell_box(self, cell: Cell) -> tuple[int, int, int, int]:
        x0 = self.left + (cell[0] - self.min_x) * self.tile
        y0 = self.top + (cell[1] - self.min_y) * self.tile
        return x0, y0, x0 + self.tile, y0 + self.tile

    def center(self, cell: Cell) -> tuple[int, int]:
        x0, y0, _, _ = self.cell_box(cell)
        return x0 + self.tile // 2, y0 + self.tile // 2


@dataclass(frozen=True)
class _Grid:
    min_x: int
    min_y: int
    cols: int
    rows: int


_LAKE_PAD = 16


def _grid(view: Mapping[str, Any], extra: Iterable[Cell] = ()) -> _Grid:
    """The placed tiles' bounding box plus one ring of empty cells (and any `extra`)."""
    tiles = [t.cell for t in _placed(view)] or [(0, 0)]
    xs = [c[0] for c in tiles]
    ys = [c[1] for c in tiles]
    min_x, max_x, min_y, max_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    for cx, cy in list(extra) + _cells(view.get("spots")):
        min_x, max_x = min(min_x, cx), max(max_x, cx)
        min_y, max_y = min(min_y, cy), max(max_y, cy)
    return _Grid(min_x, min_y, max_x - min_x + 1, max_y - min_y + 1)


def _tile_size(grid: _Grid, width: int, max_height: int) -> int:
    tile = min(MAX_TILE, (width - 2 * _LAKE_PAD) // grid.cols,
               (max_height - 2 * _LAKE_PAD) // grid.rows)
    if tile >= 24:
        tile -= tile % 4  # steps of 4 px: tile sprites are reused as the lake grows
    return max(MIN_TILE, tile)


def _lake_height(grid: _Grid, tile: int, low: int, high: int) -> int:
    return max(low, min(high, grid.rows * tile + 2 * _LAKE_PAD))


def _place_grid(grid: _Grid, tile: int, box: tuple[int, int, int, int]) -> LakeGeometry:
    bx, by, bw, bh = box
    return LakeGeometry(bx + (bw - grid.cols * tile) // 2, by + (bh - grid.rows * tile) // 2,
                        grid.min_x, grid.min_y, grid.cols, grid.rows, tile)


# ---------------------------------------------------------------------------
# Drawing pieces

def _draw_lake(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
               geo: LakeGeometry, *, show_spots: bool = True, numbered: Sequence[Cell] = (),
               ghost: tuple[Cell, tuple[str, str, str, str], str] | None = None) -> None:
    """Tiles, the faint legal spots, the last placed tile's frame, and focus marks."""
    t = geo.tile
    placed = _placed(view)
    occupied = {p.cell for p in placed}
    line = max(2, round(t * 0.03))
    inset = round(t * 0.09)
    if show_spots:
        for cell in _cells(view.get("spots")):
            if cell in occupied or cell in numbered:
                continue
            x0, y0, x1, y1 = geo.cell_box(cell)
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset],
                                   radius=t * 0.1, outline=SPOT, width=max(1, line - 1))
    for p in placed:
        paste(canvas, tile_sprite(p.sides, p.center, t), geo.cell_box(p.cell)[:2], anchor="lt")
    frame_w = max(3, round(t * 0.055))
    last = _cell(view.get("last_placed"))
    if last is not None and last in occupied:
        x0, y0, x1, y1 = geo.cell_box(last)
        draw.rounded_rectangle([x0 - 1, y0 - 1, x1, y1], radius=t * 0.12, outline=GOLD,
                               width=frame_w)
    if ghost is not None:
        cell, sides, center = ghost
        x0, y0, x1, y1 = geo.cell_box(cell)
        paste(canvas, _ghost_sprite(sides, center, t), (x0, y0), anchor="lt")
        draw.rounded_rectangle([x0 - 1, y0 - 1, x1, y1], radius=t * 0.12, outline=TEXT,
                               width=frame_w)
    if numbered:
        fnt = font(max(12, round(t * 0.4)), "black")
        r = max(10, round(t * 0.28))
        for i, cell in enumerate(numbered, start=1):
            x0, y0, x1, y1 = geo.cell_box(cell)
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset, y1 - inset],
                                   radius=t * 0.1, outline=GOLD, width=line)
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=GOLD, outline=GOLD_DEEP,
                         width=max(1, line // 2))
            draw_text(draw, (cx, cy + 1), str(i), fnt, INK_DARK, "mm")


def _frame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], *, hot: bool,
           empty: bool = False) -> None:
    x, y, w, h = box
    if empty:  # a side of the lake where nobody sits
        draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14, outline=EMPTY_SEAT,
                               width=2)
        return
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14,
                           fill=PANEL_HOT if hot else PANEL,
                           outline=GOLD if hot else PANEL_EDGE, width=3 if hot else 2)


def _chip(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int,
          sprite: Image.Image, value: Any, size: int, *, dim: bool = False) -> None:
    """A pictogram and its count; zero counts are drawn dim."""
    paste(canvas, sprite, (x, cy), anchor="lm")
    draw_text(draw, (x + sprite.width + 5, cy + 1), str(value), font(size, "bold"),
              TEXT_DIM if dim else TEXT, "lm")


def _hand_backs(canvas: Image.Image, x: int, cy: int, n: int, size: int) -> None:
    """Small tile backs, one per tile a player holds."""
    back = tile_back_sprite(size, stacked=False)
    for i in range(max(0, min(n, 5))):
        paste(canvas, back, (x + i * (size * 2 // 3), cy), anchor="lm")


@dataclass(frozen=True)
class _Seat:
    seat: int
    side: int
    cards: Mapping[str, int]
    favors: int
    honor: int
    hand_size: int
    rank: int | None  # once the game is over: 1 for the winners


def _seat_infos(view: Mapping[str, Any]) -> list[_Seat]:
    outcome = view.get("outcome")
    ranks = {_int(o.get("seat"), -1): _int(o.get("rank"), 0)
             for o in (outcome if isinstance(outcome, list) else ()) if isinstance(o, Mapping)}
    out = []
    for i, s in enumerate(_seats(view)):
        cards = s.get("cards") if isinstance(s.get("cards"), Mapping) else {}
        seat = _int(s.get("seat"), i)
        out.append(_Seat(seat, _int(s.get("side"), i) % 4,
                         {c: _int(cards.get(c)) for c in kit.COLORS}, _int(s.get("favors")),
                         _int(s.get("honor")), _int(s.get("hand_size")), ranks.get(seat)))
    return out


def _badge(canvas: Image.Image, x: int, cy: int, info: _Seat, hot: bool, size: int) -> int:
    """The arrow of the player to act, or a finished game's medal; returns the width used."""
    if info.rank is not None and info.rank > 0:
        paste(canvas, medal_sprite(min(info.rank, 4), size + 6), (x, cy), anchor="lm")
        return size + 14
    if hot:
        paste(canvas, arrow_sprite(size), (x, cy), anchor="lm")
        return size + 8
    return 0


def _strip_h(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
             info: _Seat, name: str, *, hot: bool, compact: bool = False) -> None:
    """A player's horizontal panel: arrow, name, cards per colour, favors, honor, hand."""
    _frame(draw, box, hot=hot)
    x, y, w, h = box
    cy = y + h // 2
    pitch, card_w, num = (66, 26, 28) if compact else (74, 30, 30)
    stats_w = 7 * pitch + 86 + 96 + (0 if compact else 72)
    right = x + w - 12 - stats_w
    nx = x + 18
    nx += _badge(canvas, nx, cy, info, hot, 30)
    draw_text(draw, (nx, cy), name, font(32, "bold"), GOLD if hot else TEXT, "lm",
              max_width=max(40, right - nx - 14))
    cx = right
    for color in kit.COLORS:
        n = info.cards.get(color, 0)
        _chip(canvas, draw, cx, cy, card_sprite(color, card_w, round(card_w * 1.4), n == 0),
              n, num, dim=n == 0)
        cx += pitch
    _chip(canvas, draw, cx, cy, coin_sprite(34), info.favors, num, dim=info.favors == 0)
    cx += 86
    _chip(canvas, draw, cx, cy, laurel_sprite(40), info.honor, num)
    cx += 96
    if not compact:
        _hand_backs(canvas, cx, cy, info.hand_size, 28)


_V_ROW = 48
_V_PANEL_H = 62 + 5 * _V_ROW + 14


def _strip_v(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
             info: _Seat, name: str, *, hot: bool) -> None:
    """A player's vertical panel (east or west of the lake): name, then a 2-column grid."""
    _frame(draw, box, hot=hot)
    x, y, w, _h = box
    nx, ny = x + 14, y + 30
    nx += _badge(canvas, nx, ny, info, hot, 26)
    draw_text(draw, (nx, ny), name, font(30, "bold"), GOLD if hot else TEXT, "lm",
              max_width=x + w - 12 - nx)
    col_w = (w - 28) // 2
    gy = y + 62
    cells: list[tuple[Image.Image, int, bool]] = []
    for color in kit.COLORS:
        n = info.cards.get(color, 0)
        cells.append((card_sprite(color, 26, 36, n == 0), n, n == 0))
    cells.append((coin_sprite(32), info.favors, info.favors == 0))
    cells.append((laurel_sprite(38), info.honor, False))
    for i, (sprite, value, dim) in enumerate(cells):
        _chip(canvas, draw, x + 16 + (i % 2) * col_w, gy + (i // 2) * _V_ROW + _V_ROW // 2,
              sprite, value, 28, dim=dim)
    _hand_backs(canvas, x + 16 + col_w, gy + 4 * _V_ROW + _V_ROW // 2, info.hand_size, 26)


# The market (middle of the table) is a row of groups that wraps when narrow.

_Paint = Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]


@dataclass(frozen=True)
class _Item:
    width: int
    paint: _Paint


@dataclass(frozen=True)
class _MarketStyle:
    card: tuple[int, int] = (26, 36)
    number: int = 28
    coin: int = 34
    stack: int = 38
    dedication: int = 44
    token: int = 44
    token_number: int = 26
    row: int = 60
    item_gap: int = 16
    group_gap: int = 34


_MARKET = _MarketStyle()
_MARKET_COMPACT = _MarketStyle((22, 30), 25, 28, 32, 36, 36, 22, 52, 12, 26)


def _chip_item(sprite: Image.Image, value: Any, size: int, *, dim: bool = False) -> _Item:
    text = str(value)
    width = sprite.width + 5 + math.ceil(kit.text_width(text, font(size, "bold")))

    def paint(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int) -> None:
        _chip(canvas, draw, x, cy, sprite, text, size, dim=dim)

    return _Item(width, paint)


def _token_item(icon: Image.Image | None, value: str, style: _MarketStyle, *, dim: bool,
                times: int | None = None) -> _Item:
    """A dedication: its picture, then a token with the honor it is worth now."""
    token = token_sprite(style.token, dim=dim)
    suffix = f"\u00d7{times}" if times is not None else ""
    number = font(style.token_number, "black")
    width = (icon.width + 6 if icon else 0) + token.width
    if suffix:
        width += 5 + math.ceil(kit.text_width(suffix, font(style.token_number, "bold")))

    def paint(canvas: Image.Image, draw: ImageDraw.ImageDraw, x: int, cy: int) -> None:
        if icon is not None:
            paste(canvas, icon, (x, cy), anchor="lm")
            x += icon.width + 6
        paste(canvas, token, (x, cy), anchor="lm")
        draw_text(draw, (x + token.width / 2, cy + 1), value, number,
                  TEXT_DIM if dim else INK_DARK, "mm")
        if suffix:
            draw_text(draw, (x + token.width + 5, cy + 1), suffix,
                      font(style.token_number, "bold"), TEXT_DIM if dim else TEXT, "lm")

    return _Item(width, paint)


def _market_groups(view: Mapping[str, Any], style: _MarketStyle) -> list[list[_Item]]:
    supply = view.get("supply") if isinstance(view.get("supply"), Mapping) else {}
    ded = view.get("dedications") if isinstance(view.get("dedications"), Mapping) else {}
    cards = []
    for color in kit.COLORS:
        n = _int(supply.get(color))
        cards.append(_chip_item(card_sprite(color, *style.card, n == 0), n, style.number,
                                dim=n == 0))
    fav = _int(view.get("favor_supply"))
    stack = _int(view.get("stack"))
    table = [_chip_item(coin_sprite(style.coin), fav, style.number, dim=fav == 0),
             _chip_item(tile_back_sprite(style.stack), stack, style.number, dim=stack == 0)]
    if view.get("phase") == "final":
        glass = hourglass_sprite(style.coin)
        table.append(_Item(glass.width, lambda c, d, x, cy: paste(c, glass, (x, cy),
                                                                   anchor="lm")))
    kinds = []
    for kind in ("four_of_a_kind", "three_pairs", "seven_unique"):
        values = ded.get(kind)
        top = [v for v in values if isinstance(v, int)] if isinstance(values, list) else []
        kinds.append(_token_item(dedication_sprite(kind, style.dedication),
                                 str(top[0]) if top else "\u2013", style, dim=not top))
    generic = _int(ded.get("generic"))
    kinds.append(_token_item(None, "4", style, dim=generic == 0, times=generic))
    return [cards, table, kinds]


def _market_rows(groups: list[list[_Item]], width: int,
                 style: _MarketStyle) -> list[list[list[_Item]]]:
    rows: list[list[list[_Item]]] = [[]]
    used = 0
    for group in groups:
        w = sum(i.width for i in group) + style.item_gap * (len(group) - 1)
        extra = w + (style.group_gap if rows[-1] else 0)
        if rows[-1] and used + extra > width:
            rows.append([])
            used, extra = 0, w
        rows[-1].append(group)
        used += extra
    return rows


def _market_height(view: Mapping[str, Any], width: int, style: _MarketStyle) -> int:
    return len(_market_rows(_market_groups(view, style), width - 32, style)) * style.row + 24


def _market(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
            view: Mapping[str, Any], style: _MarketStyle) -> None:
    """The middle of the table: supply per colour, favors, the draw stack, dedications."""
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14, fill=MARKET,
                           outline=MARKET_EDGE, width=2)
    rows = _market_rows(_market_groups(view, style), w - 32, style)
    for r, row in enumerate(rows):
        cy = y + 12 + r * style.row + style.row // 2
        total = sum(sum(i.width for i in g) + style.item_gap * (len(g) - 1) for g in row)
        total += style.group_gap * (len(row) - 1)
        cx = x + (w - total) // 2
        for g, group in enumerate(row):
            if g:
                sx = cx - style.group_gap // 2
                draw.line([(sx, cy - style.row // 3), (sx, cy + style.row // 3)],
                          fill=SEPARATOR, width=2)
            for item in group:
                item.paint(canvas, draw, cx, cy)
                cx += item.width + style.item_gap
            cx += style.group_gap - style.item_gap


# ---------------------------------------------------------------------------
# The group's board

_H_PANEL_H = 80
_V_PANEL_W = 216


@dataclass(frozen=True)
class _BoardPlan:
    size: tuple[int, int]
    market: tuple[int, int, int, int]
    lake: tuple[int, int, int, int]
    sides: Mapping[int, tuple[int, int, int, int]]  # side of the lake -> panel box
    geometry: LakeGeometry


def _board_plan(view: Mapping[str, Any]) -> _BoardPlan:
    used = frozenset(s.side for s in _seat_infos(view))
    horizontal, vertical = bool(used & {0, 2}), bool(used & {1, 3})
    inner = BOARD_WIDTH - 2 * MARGIN
    market_h = _market_height(view, inner, _MARKET)
    lake_w = inner - (2 * (_V_PANEL_W + GAP) if vertical else 0)
    fixed = 2 * MARGIN + market_h + GAP + (2 * (_H_PANEL_H + GAP) if horizontal else 0)
    grid = _grid(view)
    tile = _tile_size(grid, lake_w, MAX_HEIGHT - fixed)
    lake_h = _lake_height(grid, tile, 600, MAX_HEIGHT - fixed)

    y = MARGIN
    market = (MARGIN, y, inner, market_h)
    y += market_h + GAP
    sides: dict[int, tuple[int, int, int, int]] = {}
    if horizontal:
        sides[0] = (MARGIN, y, inner, _H_PANEL_H)
        y += _H_PANEL_H + GAP
    lake_x = MARGIN + (_V_PANEL_W + GAP if vertical else 0)
    if vertical:
        vy = y + (lake_h - _V_PANEL_H) // 2
        sides[3] = (MARGIN, vy, _V_PANEL_W, _V_PANEL_H)
        sides[1] = (BOARD_WIDTH - MARGIN - _V_PANEL_W, vy, _V_PANEL_W, _V_PANEL_H)
    lake = (lake_x, y, lake_w, lake_h)
    y += lake_h
    if horizontal:
        sides[2] = (MARGIN, y + GAP, inner, _H_PANEL_H)
        y += GAP + _H_PANEL_H
    return _BoardPlan((BOARD_WIDTH, y + MARGIN), market, lake, sides,
                      _place_grid(grid, tile, lake))


def board_geometry(view: Mapping[str, Any]) -> LakeGeometry:
    """Where each lake cell lands in `board_png(view, ...)`."""
    return _board_plan(view).geometry


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    `names[seat]` is each player's display name (any text: emoji and scripts the font
    lacks are dropped or dotted, long names are shortened).
    """
    plan = _board_plan(view)
    canvas = Image.new("RGB", plan.size, NIGHT)
    draw = ImageDraw.Draw(canvas)
    _market(canvas, draw, plan.market, view, _MARKET)
    _draw_water(canvas, draw, plan.lake)
    _draw_lake(canvas, draw, view, plan.geometry, show_spots=view.get("phase") != "over")
    current = view.get("current")
    infos = {s.side: s for s in _seat_infos(view)}
    for side, box in sorted(plan.sides.items()):
        info = infos.get(side)
        if info is None:
            _frame(draw, box, hot=False, empty=True)
        elif side in (0, 2):
            _strip_h(canvas, draw, box, info, _name(names, info.seat),
                     hot=current == info.seat or info.rank == 1)
        else:
            _strip_v(canvas, draw, box, info, _name(names, info.seat),
                     hot=current == info.seat or info.rank == 1)
    return kit.to_png(canvas, keep=_KEEP)


# ---------------------------------------------------------------------------
# A player's private panel

_OWN_H = 80
_HAND_TILE = 176
_HAND_SMALL = 116
_HAND_BOX_H = _HAND_TILE + 76  # the tray: tiles, then their numbers
_TAG = 34


@dataclass(frozen=True)
class _Focus:
    tile: int | None
    rot: int | None
    spots: tuple[Cell, ...]
    spot: Cell | None


def _focus(focus: Mapping[str, Any] | None) -> _Focus:
    if not isinstance(focus, Mapping):
        return _Focus(None, None, (), None)
    tile, rot = focus.get("tile"), focus.get("rot")
    return _Focus(tile if isinstance(tile, int) else None,
                  rot % 4 if isinstance(rot, int) else None,
                  tuple(_cells(focus.get("spots"))), _cell(focus.get("spot")))


def _hand(view: Mapping[str, Any]) -> list[tuple[int, tuple[str, str, str, str], str]]:
    out = []
    hand = view.get("hand")
    for h in hand if isinstance(hand, (list, tuple)) else ():
        if isinstance(h, Mapping):
            out.append((_int(h.get("tile"), -1), _sides(h.get("sides")),
                        "platform" if h.get("platform") else "plain"))
    return out


@dataclass(frozen=True)
class _PanelPlan:
    size: tuple[int, int]
    own: tuple[int, int, int, int] | None
    hand: tuple[int, int, int, int] | None
    lake: tuple[int, int, int, int]
    market: tuple[int, int, int, int]
    geometry: LakeGeometry


def _panel_plan(view: Mapping[str, Any], f: _Focus) -> _PanelPlan:
    inner = PANEL_WIDTH - 2 * MARGIN
    y = MARGIN
    own = hand = None
    if view.get("viewer") is not None:
        own = (MARGIN, y, inner, _OWN_H)
        y += _OWN_H + GAP
    if view.get("hand"):
        hand = (MARGIN, y, inner, _HAND_BOX_H)
        y += hand[3] + GAP
    market_h = _market_height(view, inner, _MARKET_COMPACT)
    lake_w = inner - 2 * _TAG
    room = PANEL_MAX_HEIGHT - y - 2 * _TAG - GAP - market_h - MARGIN
    grid = _grid(view, list(f.spots) + ([f.spot] if f.spot else []))
    tile = _tile_size(grid, lake_w, room)
    lake = (MARGIN + _TAG, y + _TAG, lake_w, _lake_height(grid, tile, 420, room))
    y += lake[3] + 2 * _TAG + GAP
    market = (MARGIN, y, inner, market_h)
    y += market_h + MARGIN
    return _PanelPlan((PANEL_WIDTH, y), own, hand, lake, market, _place_grid(grid, tile, lake))


def panel_geometry(view: Mapping[str, Any], *,
                   focus: Mapping[str, Any] | None = None) -> LakeGeometry:
    """Where each lake cell lands in `panel_png(view, focus=focus, ...)`."""
    return _panel_plan(view, _focus(focus)).geometry


@lru_cache(maxsize=64)
def _tag_sprite(text: str, hot: bool, turns: int) -> Image.Image:
    """A small name tag for a side of the lake, turned for the east and west sides."""
    fnt = font(22, "bold")
    line = kit.fit_text(text, fnt, 300)
    w = round(kit.text_width(line, fnt)) + 24
    img = Image.new("RGBA", (w, 28), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, 27], radius=13, fill=GOLD if hot else PANEL,
                        outline=GOLD_DEEP if hot else PANEL_EDGE, width=2)
    draw_text(d, (w / 2, 14), line, fnt, INK_DARK if hot else TEXT, "mm")
    return img.rotate(turns * 90, expand=True) if turns else img


_HandItem = tuple[tuple[str, str, str, str], str, int, str, bool]
"""A tile in the hand tray: its sides, centre, size in px, the number under it, framed."""

_HAND_GAP = 48


def _hand_items(view: Mapping[str, Any], f: _Focus) -> list[_HandItem]:
    """The hand, large and numbered 1..n like the tile buttons; or, when a tile is being
    turned, its four rotations numbered 1-4."""
    hand = _hand(view)
    focused = next((t for t in hand if t[0] == f.tile), None)
    if focused is not None and f.rot is None:
        return [(rotated(focused[1], r), focused[2], _HAND_TILE, str(r + 1), False)
                for r in range(4)]
    items: list[_HandItem] = []
    for i, (tile_id, sides, center) in enumerate(hand):
        hot = focused is not None and tile_id == f.tile
        size = _HAND_TILE if focused is None or hot else _HAND_SMALL
        items.append((rotated(sides, f.rot or 0) if hot else sides, center, size,
                      str(i + 1), hot))
    return items


def _hand_tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
               items: Sequence[_HandItem]) -> None:
    """A panel with the tiles of `items` side by side, each with its number on a golden
    disc below (shrunk only if they would not fit the width)."""
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14, fill=PANEL,
                           outline=PANEL_EDGE, width=2)
    if not items:
        return
    total = sum(i[2] for i in items) + _HAND_GAP * (len(items) - 1)
    scale = min(1.0, (w - 32) / total)
    gap = round(_HAND_GAP * scale)
    sizes = [max(MIN_TILE, int(i[2] * scale)) for i in items]
    tx = x + (w - sum(sizes) - gap * (len(items) - 1)) // 2
    top = y + 16
    for (sides, center, _, label, hot), size in zip(items, sizes):
        ty = top + (_HAND_TILE - size) // 2
        if hot:
            draw.rounded_rectangle([tx - 8, ty - 8, tx + size + 7, ty + size + 7], radius=24,
                                   outline=GOLD, width=5)
        paste(canvas, tile_sprite(sides, center, size), (tx, ty), anchor="lt")
        bx, by = tx + size // 2, top + _HAND_TILE + 30
        draw.ellipse([bx - 22, by - 22, bx + 22, by + 22], fill=GOLD, outline=GOLD_DEEP,
                     width=2)
        draw_text(draw, (bx, by + 1), label, font(32, "black"), INK_DARK, "mm")
        tx += size + gap


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """A player's private picture, as PNG bytes.

    `focus` (from the engine's menu) says what step the player is at:
    ``{"tile": t}`` shows tile t in its four rotations numbered 1-4;
    ``{"tile": t, "rot": r, "spots": [[x, y], ...]}`` shows the tile turned and numbers
    the spots 1..n on the lake in list order; ``{"spot": [x, y], "tile": t, "rot": r}``
    draws the tile as a ghost on that spot; None or ``{}`` shows the hand and the lake.
    """
    f = _focus(focus)
    plan = _panel_plan(view, f)
    canvas = Image.new("RGB", plan.size, NIGHT)
    draw = ImageDraw.Draw(canvas)
    viewer = view.get("viewer")
    infos = _seat_infos(view)
    if plan.own is not None:
        mine = next((s for s in infos if s.seat == viewer), None)
        if mine is not None:
            _strip_h(canvas, draw, plan.own, mine, _name(names, mine.seat),
                     hot=view.get("current") == mine.seat, compact=True)
    if plan.hand is not None:
        _hand_tray(canvas, draw, plan.hand, _hand_items(view, f))

    _draw_water(canvas, draw, plan.lake)
    ghost = None
    hand = {t[0]: t for t in _hand(view)}
    if f.spot is not None and f.tile in hand:
        _, sides, center = hand[f.tile]
        ghost = (f.spot, rotated(sides, f.rot or 0), center)
    _draw_lake(canvas, draw, view, plan.geometry, show_spots=not f.spots and ghost is None,
               numbered=f.spots, ghost=ghost)
    lx, ly, lw, lh = plan.lake
    for info in infos:  # name tags on the side of the lake each player faces
        mine = info.seat == viewer
        tag = _tag_sprite(_name(names, info.seat), mine, {1: 3, 3: 1}.get(info.side, 0))
        at = {0: (lx + lw // 2, ly - _TAG // 2), 2: (lx + lw // 2, ly + lh + _TAG // 2),
              1: (lx + lw + _TAG // 2, ly + lh // 2), 3: (lx - _TAG // 2, ly + lh // 2)}
        paste(canvas, tag, at[info.side], anchor="mm")
        if mine:  # a golden edge on the viewer's side of the lake
            edge = {0: ((lx + 30, ly + 1), (lx + lw - 30, ly + 1)),
                    2: ((lx + 30, ly + lh - 2), (lx + lw - 30, ly + lh - 2)),
                    1: ((lx + lw - 2, ly + 30), (lx + lw - 2, ly + lh - 30)),
                    3: ((lx + 1, ly + 30), (lx + 1, ly + lh - 30))}[info.side]
            draw.line(edge, fill=GOLD, width=4)
    _market(canvas, draw, plan.market, view, _MARKET_COMPACT)
    return kit.to_png(canvas, keep=_KEEP)


# ---------------------------------------------------------------------------
# The waiting picture (a player's private chat between their turns)

_WAIT_HEAD_H = 64
_SIDE_MARK = 52


@lru_cache(maxsize=8)
def side_sprite(side: int | None, size: int) -> Image.Image:
    """A tiny lake with a golden edge on the `side` (0 N, 1 E, 2 S, 3 W) a player faces."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        a, b = 0.12 * u, 0.88 * u
        d.rounded_rectangle([a, a, b, b], radius=0.16 * u, fill=LAKE, outline=LAKE_EDGE,
                            width=round(0.05 * u))
        for i in range(2):  # two small waves
            y = (0.42 + 0.18 * i) * u
            x = (0.32 + 0.08 * (i - 0.5)) * u
            d.arc([x, y - 0.07 * u, x + 0.36 * u, y + 0.07 * u], 200, 340, fill=LAKE_WAVE,
                  width=round(0.06 * u))
        if side is None:
            return
        w = 0.2 * u  # a bar lying over the rim of that side
        lo, hi = a - w / 2, b - w / 2
        bars = {0: (0.22 * u, lo, 0.78 * u, lo + w), 2: (0.22 * u, hi, 0.78 * u, hi + w),
                3: (lo, 0.22 * u, lo + w, 0.78 * u), 1: (hi, 0.22 * u, hi + w, 0.78 * u)}
        d.rounded_rectangle(bars[side % 4], radius=w / 2, fill=GOLD, outline=GOLD_DEEP,
                            width=max(1, round(0.03 * u)))

    return kit.supersampled(size, size, paint)


def _empty_tray(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                slots: int = 3) -> None:
    """Faint empty places where the hand's tiles would lie."""
    x, y, w, _h = box
    size = _HAND_TILE - 24
    tx = x + (w - slots * size - (slots - 1) * _HAND_GAP) // 2
    ty = y + 16 + (_HAND_TILE - size) // 2
    for _ in range(slots):
        draw.rounded_rectangle([tx, ty, tx + size - 1, ty + size - 1], radius=0.09 * size,
                               outline=PANEL_EDGE, width=3)
        cx, cy, r = tx + size // 2, ty + size // 2, 6
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=PANEL_EDGE)
        tx += size + _HAND_GAP


def waiting_size() -> tuple[int, int]:
    """The size of every `waiting_png` picture."""
    return PANEL_WIDTH, 2 * MARGIN + _WAIT_HEAD_H + GAP + _HAND_BOX_H


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """A player's compact private picture while others play, as PNG bytes.

    It shows only what is the viewer's own and does not change while others move: the
    side of the lake they face and their name (`names[view["viewer"]]`), and their hand
    tiles unturned, numbered 1..n as in `panel_png` (an empty tray once the hand is
    empty). The lake, the cards, whose turn it is and the version are left out on
    purpose, so the bytes change only when the hand does and need not be re-sent.
    """
    viewer = view.get("viewer")
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    side = next((s.side for s in _seat_infos(view) if s.seat == seat), None) \
        if seat is not None else None
    width, height = waiting_size()
    canvas = Image.new("RGB", (width, height), NIGHT)
    draw = ImageDraw.Draw(canvas)
    inner = width - 2 * MARGIN
    head = (MARGIN, MARGIN, inner, _WAIT_HEAD_H)
    _frame(draw, head, hot=False)
    cy = MARGIN + _WAIT_HEAD_H // 2
    paste(canvas, side_sprite(side, _SIDE_MARK), (MARGIN + 14, cy), anchor="lm")
    if seat is not None:
        nx = MARGIN + 14 + _SIDE_MARK + 14
        draw_text(draw, (nx, cy), _name(names, seat), font(32, "bold"), TEXT, "lm",
                  max_width=MARGIN + inner - 18 - nx)
    tray = (MARGIN, MARGIN + _WAIT_HEAD_H + GAP, inner, _HAND_BOX_H)
    items = _hand_items(view, _focus(None))
    _hand_tray(canvas, draw, tray, items)
    if not items:
        _empty_tray(draw, tray)
    return kit.to_png(canvas, keep=_KEEP)
