"""Pictures of Lighthouse, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.lighthouse` hands out) into PNG bytes:

* `board_png(view, *, names)`: the group's picture: both players (colour, name, round wins,
  hand and pile sizes), the rounds played, the track with the lighthouse marker, and the two
  zones with every token (colour, symbol and number); the last token is framed and the lines
  it completed are outlined with the points they gave, in a badge of the scorer's colour.
* `panel_png(view, *, names, focus=None)`: a player's picture while they choose: their hand
  large (the token chosen framed), the track and both zones; `focus` from the menu numbers
  the empty cells of the chosen zone 1..25 as the buttons do, or puts the token on the
  chosen cell as a ghost with the lines it would complete and the marker it would move.
* `waiting_png(view, *, names)`: the player's name, colour and hand only, so it changes
  only when their hand does.

No words are drawn, only names, numbers and pictograms; red tokens carry a circle and blue
tokens a diamond besides their colour. Identical input gives identical bytes. The red zone
and red's end of the track are on the left, blue's on the right. `board_geometry` and
`panel_geometry` tell where each cell lands (for tests and anything pointing at a cell).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, blend, draw_text, exact, font, lantern, paste

Box = tuple[int, int, int, int]  # x, y, width, height

# ---------------------------------------------------------------------------
# Theme (the night palette of the Lanterns pictures)

NIGHT: RGB = exact((10, 15, 30))
PANEL: RGB = exact((24, 32, 54))
PANEL_EDGE: RGB = exact((46, 58, 92))
PANEL_HOT: RGB = exact((44, 50, 70))
TEXT: RGB = exact((245, 240, 228))
TEXT_DIM: RGB = exact((112, 124, 156))
GOLD: RGB = exact((255, 198, 64))
GOLD_DEEP: RGB = exact((184, 124, 18))
INK_DARK: RGB = exact((34, 22, 4))
SLOT: RGB = exact((14, 20, 38))
SLOT_EDGE: RGB = exact((40, 50, 80))
TOWER: RGB = exact((240, 236, 224))
TOWER_STRIPE: RGB = exact((214, 48, 49))
ROOF: RGB = exact((36, 36, 44))
BEAM: tuple[int, int, int, int] = (255, 214, 96, 110)
SEATS: tuple[str, str] = ("red", "blue")


def _tint(color: str, t: float) -> RGB:
    return exact(blend(NIGHT, lantern(color).fill, t))


ZONE_BG: Mapping[str, RGB] = {c: _tint(c, 0.2) for c in SEATS}
ZONE_EDGE: Mapping[str, RGB] = {c: _tint(c, 0.5) for c in SEATS}
TRACK_CELL: Mapping[str, RGB] = {c: _tint(c, 0.35) for c in SEATS}

_KEEP: tuple[RGB, ...] = (
    NIGHT, PANEL, PANEL_EDGE, PANEL_HOT, TEXT, TEXT_DIM, GOLD, GOLD_DEEP, INK_DARK, SLOT,
    SLOT_EDGE, TOWER, ROOF, *ZONE_BG.values(), *ZONE_EDGE.values(), *TRACK_CELL.values(),
    *(exact(blend(TEXT, bg, t)) for bg in (PANEL, NIGHT) for t in (0.25, 0.5, 0.75)),
)
"""Colours kept exact in the PNG palette."""

BOARD_WIDTH = 1280
PANEL_WIDTH = 1080
MARGIN = 16
GAP = 12
_ZONE_PAD = 16
_BADGE_AREA = 68  # room right of the rows and below the columns for the points badges
_HEAD_H = 100
_TRACK_H = 124
_TRAY_H = 152


# ---------------------------------------------------------------------------
# View access (tolerant: a malformed field draws as empty, never crashes)

def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _seat_or_none(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    return None


def _size(view: Mapping[str, Any]) -> int:
    size = _int(view.get("size"), 5)
    return size if 1 <= size <= 9 else 5


@dataclass(frozen=True)
class _Token:
    seat: int
    value: int


def _zones(view: Mapping[str, Any]) -> list[list[_Token | None]]:
    cells = _size(view) ** 2
    raw = view.get("zones")
    zones: list[list[_Token | None]] = []
    for z in range(2):
        zone = raw[z] if isinstance(raw, (list, tuple)) and len(raw) > z else []
        row: list[_Token | None] = []
        for i in range(cells):
            t = zone[i] if isinstance(zone, (list, tuple)) and len(zone) > i else None
            if isinstance(t, (list, tuple)) and len(t) == 2 and _seat_or_none(t[0]) is not None:
                row.append(_Token(t[0], _int(t[1])))
            else:
                row.append(None)
        zones.append(row)
    return zones


@dataclass(frozen=True)
class _Line:
    zone: int
    kind: str
    index: int
    seat: int
    points: int


def _lines(raw: Any) -> list[_Line]:
    out = []
    for line in raw if isinstance(raw, (list, tuple)) else ():
        if isinstance(line, Mapping) and _seat_or_none(line.get("zone")) is not None \
                and _seat_or_none(line.get("seat")) is not None:
            out.append(_Line(line["zone"], "col" if line.get("kind") == "col" else "row",
                             _int(line.get("index")), line["seat"], _int(line.get("points"))))
    return out


def _hand(view: Mapping[str, Any]) -> list[int]:
    hand = view.get("hand")
    return [_int(v) for v in hand] if isinstance(hand, (list, tuple)) else []


def _seat_info(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    seats = view.get("seats")
    if isinstance(seats, (list, tuple)) and len(seats) > seat and isinstance(seats[seat], Mapping):
        return seats[seat]
    return {}


def _name(names: Sequence[str], seat: int) -> str:
    """The player's name as drawable text, or '#n' when nothing of it can be drawn."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return raw if kit.clean_text(raw, font(30, "bold")).strip(kit.REPLACEMENT + " ") \
        else f"#{seat + 1}"


def _ranks(view: Mapping[str, Any]) -> dict[int, int]:
    outcome = view.get("outcome")
    return {o["seat"]: _int(o.get("rank")) for o in (outcome if isinstance(outcome, list) else ())
            if isinstance(o, Mapping) and _seat_or_none(o.get("seat")) is not None}


# ---------------------------------------------------------------------------
# Sprites

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
              font(round(size * 0.62), "black"), color.ink + (255,), "mm")
    if ghost:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 70 // 100))
    return sprite


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
    if ghost:
        sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 45 // 100))
    return sprite


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


@lru_cache(maxsize=8)
def arrow_sprite(size: int) -> Image.Image:
    """A golden arrow pointing right, at the player to act."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.polygon([(0.12 * u, 0.12 * u), (0.92 * u, 0.5 * u), (0.12 * u, 0.88 * u),
                   (0.3 * u, 0.5 * u)], fill=GOLD, outline=GOLD_DEEP)

    return kit.supersampled(size, size, paint)


_MEDALS: Mapping[int, tuple[RGB, RGB]] = {
    1: (GOLD, GOLD_DEEP), 2: (exact((208, 214, 226)), exact((120, 128, 148))),
}


@lru_cache(maxsize=8)
def medal_sprite(rank: int, size: int) -> Image.Image:
    """A finished match's place: a medal with the rank on it."""
    fill, edge = _MEDALS.get(rank, _MEDALS[2])

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        u = size * k
        d.ellipse([0.08 * u, 0.08 * u, 0.92 * u, 0.92 * u], fill=fill, outline=edge,
                  width=round(0.08 * u))

    sprite = kit.supersampled(size, size, paint)
    draw_text(ImageDraw.Draw(sprite), (size / 2, size / 2 + 1), str(rank),
              font(round(size * 0.62), "black"), INK_DARK, "mm")
    return sprite


# ---------------------------------------------------------------------------
# Zones

@dataclass(frozen=True)
class ZoneGeometry:
    """Where the cells of the two zones land in a picture: cell `i` of zone `z` is the square
    of side `cell` at (lefts[z] + col * cell, top + row * cell), with `size` cells a row."""

    lefts: tuple[int, int]
    top: int
    cell: int
    size: int

    def cell_box(self, zone: int, index: int) -> tuple[int, int, int, int]:
        x0 = self.lefts[zone] + (index % self.size) * self.cell
        y0 = self.top + (index // self.size) * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def center(self, zone: int, index: int) -> tuple[int, int]:
        x0, y0, x1, y1 = self.cell_box(zone, index)
        return (x0 + x1) // 2, (y0 + y1) // 2


def _zone_layout(box: Box, size: int) -> tuple[int, int]:
    """The cell size and the height of a zone box `box[2]` wide (its height is ignored)."""
    _, _, w, _ = box
    cell = (w - 2 * _ZONE_PAD - _BADGE_AREA) // size
    if cell >= 24:
        cell -= cell % 4
    return cell, 2 * _ZONE_PAD + size * cell + _BADGE_AREA


def _zones_geometry(x: int, y: int, width: int, size: int) -> tuple[ZoneGeometry, list[Box]]:
    zone_w = (width - 2 * GAP) // 2
    cell, zone_h = _zone_layout((0, 0, zone_w, 0), size)
    boxes = [(x, y, zone_w, zone_h), (x + width - zone_w, y, zone_w, zone_h)]
    grid_w = size * cell + _BADGE_AREA
    lefts = tuple(bx + (zone_w - grid_w) // 2 for bx, _, _, _ in boxes)
    return ZoneGeometry(lefts, y + _ZONE_PAD, cell, size), boxes  # type: ignore[arg-type]


@dataclass(frozen=True)
class _ZoneMarks:
    """What to draw over the zones besides the tokens."""

    last: tuple[int, int] | None = None  # (zone, cell) of the last token
    lines: tuple[_Line, ...] = ()
    numbered_zone: int | None = None
    numbered: tuple[int, ...] = ()
    ghost: tuple[int, int, int, int] | None = None  # zone, cell, seat, value
    dim_zone: int | None = None


def _draw_zones(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any],
                geo: ZoneGeometry, boxes: Sequence[Box], marks: _ZoneMarks) -> None:
    zones = _zones(view)
    c = geo.cell
    inset = max(2, round(c * 0.05))
    centre = geo.size * geo.size // 2
    for z, (bx, by, bw, bh) in enumerate(boxes):
        color = SEATS[z]
        draw.rounded_rectangle([bx, by, bx + bw - 1, by + bh - 1], radius=18, fill=ZONE_BG[color],
                               outline=ZONE_EDGE[color], width=3)
        corner = (geo.lefts[z] + geo.size * c + _BADGE_AREA // 2,
                  geo.top + geo.size * c + _BADGE_AREA // 2)
        paste(canvas, kit.symbol_sprite(color, 40), corner)  # whose zone this is
        for i, token in enumerate(zones[z]):
            x0, y0, x1, y1 = geo.cell_box(z, i)
            if i == centre:  # the centre cell carries the zone's colour
                draw.rounded_rectangle([x0 + 1, y0 + 1, x1 - 2, y1 - 2], radius=c * 0.2,
                                       fill=lantern(color).edge)
            draw.rounded_rectangle([x0 + inset, y0 + inset, x1 - inset - 1, y1 - inset - 1],
                                   radius=c * 0.16, fill=SLOT, outline=SLOT_EDGE, width=2)
            if token is not None:
                paste(canvas, token_sprite(token.seat, token.value, c - 2 * inset),
                      (x0 + inset, y0 + inset), anchor="lt")
        if marks.dim_zone == z:
            veil = Image.new("RGBA", (bw, bh), NIGHT + (150,))
            canvas.paste(veil, (bx, by), veil)
    if marks.last is not None:
        x0, y0, x1, y1 = geo.cell_box(*marks.last)
        draw.rounded_rectangle([x0, y0, x1 - 1, y1 - 1], radius=c * 0.2, outline=GOLD,
                               width=max(3, round(c * 0.06)))
    if marks.ghost is not None:
        z, i, seat, value = marks.ghost
        x0, y0, x1, y1 = geo.cell_box(z, i)
        paste(canvas, token_sprite(seat, value, c - 2 * inset, ghost=True),
              (x0 + inset, y0 + inset), anchor="lt")
        draw.rounded_rectangle([x0, y0, x1 - 1, y1 - 1], radius=c * 0.2, outline=TEXT,
                               width=max(3, round(c * 0.06)))
    for line in marks.lines:
        _draw_line_mark(canvas, draw, geo, line)
    if marks.numbered_zone is not None:
        _draw_numbers(draw, geo, marks.numbered_zone, marks.numbered)


def _draw_line_mark(canvas: Image.Image, draw: ImageDraw.ImageDraw, geo: ZoneGeometry,
                    line: _Line) -> None:
    """A completed line: outlined in gold, its points in a badge of the scorer's colour at its
    end (right of a row, below a column), the scorer's symbol on top of the number."""
    if not 0 <= line.index < geo.size:
        return
    n, c = geo.size, geo.cell
    first = line.index * n if line.kind == "row" else line.index
    last = first + n - 1 if line.kind == "row" else first + (n - 1) * n
    x0, y0, _, _ = geo.cell_box(line.zone, first)
    _, _, x1, y1 = geo.cell_box(line.zone, last)
    draw.rounded_rectangle([x0 - 2, y0 - 2, x1 + 1, y1 + 1], radius=c * 0.22, outline=GOLD,
                           width=max(3, round(c * 0.05)))
    if line.kind == "row":
        cx, cy = x1 + _BADGE_AREA // 2, (y0 + y1) // 2
    else:
        cx, cy = (x0 + x1) // 2, y1 + _BADGE_AREA // 2
    color = lantern(SEATS[line.seat])
    r = _BADGE_AREA // 2 - 5
    draw.rounded_rectangle([cx - r, cy - r, cx + r, cy + r], radius=r * 0.45, fill=color.fill,
                           outline=GOLD, width=3)
    paste(canvas, kit.symbol_sprite(SEATS[line.seat], 14, on_fill=True), (cx, cy - r * 0.55))
    text = f"+{line.points}" if line.points >= 0 else f"\u2212{-line.points}"
    draw_text(draw, (cx, cy + r * 0.2), text, font(26 if len(text) < 3 else 22, "black"),
              color.ink, "mm")


def _draw_numbers(draw: ImageDraw.ImageDraw, geo: ZoneGeometry, zone: int,
                  cells: Sequence[int]) -> None:
    """The empty cells offered, numbered like the buttons (cell index + 1)."""
    c = geo.cell
    fnt = font(max(12, round(c * 0.36)), "black")
    r = max(10, round(c * 0.31))
    for i in cells:
        if not 0 <= i < geo.size * geo.size:
            continue
        x0, y0, x1, y1 = geo.cell_box(zone, i)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        draw.rounded_rectangle([x0 + 4, y0 + 4, x1 - 5, y1 - 5], radius=c * 0.16, outline=GOLD,
                               width=3)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=GOLD, outline=GOLD_DEEP, width=2)
        draw_text(draw, (cx, cy + 1), str(i + 1), fnt, INK_DARK, "mm")


# ---------------------------------------------------------------------------
# The track

def _track_x(box: Box, track: int, position: int) -> tuple[int, int]:
    """The centre x of a track position (steps towards red positive, drawn leftwards) and
    the pitch between positions."""
    x, _, w, _ = box
    slots = 2 * track + 1
    pitch = max(8, min(54, (w - 40) // slots))
    left = x + (w - pitch * slots) // 2
    return left + (track - position) * pitch + pitch // 2, pitch


def _draw_track(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
                ghost: int | None = None) -> None:
    """The score track from red's end (left) through 0 to blue's end (right), the numbers
    under it, and the lighthouse standing on the marker's position."""
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14, fill=PANEL,
                           outline=PANEL_EDGE, width=2)
    track = max(1, min(40, _int(view.get("track"), 10)))
    marker = max(-track, min(track, _int(view.get("marker"))))
    _, pitch = _track_x(box, track, 0)
    cy = y + h - 44
    half = max(3, pitch // 2 - 3)
    small = font(max(10, min(20, pitch - 8)), "bold")
    for pos in range(-track, track + 1):
        cx, _ = _track_x(box, track, pos)
        fill = SLOT if pos == 0 else TRACK_CELL[SEATS[0 if pos > 0 else 1]]
        end = abs(pos) == track
        draw.rounded_rectangle([cx - half, cy - half, cx + half, cy + half], radius=half * 0.4,
                               fill=lantern(SEATS[0 if pos > 0 else 1]).fill if end else fill,
                               outline=GOLD if pos == marker else SLOT_EDGE,
                               width=3 if pos == marker else 1)
        if end:
            paste(canvas, kit.symbol_sprite(SEATS[0 if pos > 0 else 1], max(6, half), on_fill=True),
                  (cx, cy))
        if pitch >= 22 or abs(pos) % 5 == 0:
            draw_text(draw, (cx, cy + half + 13), str(abs(pos)), small,
                      TEXT if pos == marker else TEXT_DIM, "mm")
    tower_h = h - 40
    if ghost is not None and ghost != marker:
        gx, _ = _track_x(box, track, max(-track, min(track, ghost)))
        paste(canvas, lighthouse_sprite(tower_h, ghost=True), (gx, cy + 4), anchor="mb")
    mx, _ = _track_x(box, track, marker)
    paste(canvas, lighthouse_sprite(tower_h), (mx, cy + 4), anchor="mb")


# ---------------------------------------------------------------------------
# Players and rounds

def _frame(draw: ImageDraw.ImageDraw, box: Box, *, hot: bool) -> None:
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14,
                           fill=PANEL_HOT if hot else PANEL,
                           outline=GOLD if hot else PANEL_EDGE, width=3 if hot else 2)


def _player_strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                  view: Mapping[str, Any], seat: int, name: str) -> None:
    """Two rows: the arrow (or medal), the colour's symbol and the name; below, the rounds
    won as stars, the backs of the tokens in hand and the pile with its count."""
    info = _seat_info(view, seat)
    rank = _ranks(view).get(seat)
    hot = view.get("current") == seat or rank == 1
    _frame(draw, box, hot=hot)
    x, y, w, h = box
    nx = x + 14
    if rank:
        paste(canvas, medal_sprite(rank, 36), (nx, y + h // 2), anchor="lm")
        nx += 46
    elif view.get("current") == seat:
        paste(canvas, arrow_sprite(30), (nx, y + h // 2), anchor="lm")
        nx += 38
    top, bottom = y + 28, y + h - 26
    paste(canvas, kit.symbol_sprite(SEATS[seat], 30), (nx, top), anchor="lm")
    draw_text(draw, (nx + 40, top), name, font(30, "bold"), GOLD if hot else TEXT, "lm",
              max_width=x + w - 14 - nx - 40)
    sx = nx
    wins = _int(info.get("round_wins"))
    for i in range(max(2, min(wins, 3))):
        paste(canvas, star_sprite(26, dim=i >= wins), (sx, bottom), anchor="lm")
        sx += 30
    sx += 18
    for _ in range(max(0, min(9, _int(info.get("hand_size"))))):
        paste(canvas, back_sprite(22), (sx, bottom), anchor="lm")
        sx += 26
    sx += 18
    paste(canvas, pile_sprite(28), (sx, bottom), anchor="lm")
    draw_text(draw, (sx + 34, bottom + 1), str(_int(info.get("pile"))), font(24, "bold"), TEXT,
              "lm")


def _round_pips(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                view: Mapping[str, Any]) -> None:
    """One disc per round: the winner's colour and symbol, split for a drawn round, a golden
    ring for the round being played, an empty ring for rounds to come."""
    _frame(draw, box, hot=False)
    x, y, w, h = box
    rounds = view.get("rounds") if isinstance(view.get("rounds"), list) else []
    current = _int(view.get("round"), 1)
    playing = view.get("phase") == "play"
    size = 44
    gap = (w - 3 * size) // 4
    cy = y + h // 2
    for i in range(3):
        cx = x + gap + i * (size + gap) + size // 2
        r = size // 2
        box_ = [cx - r, cy - r, cx + r, cy + r]
        result = rounds[i] if i < len(rounds) and isinstance(rounds[i], Mapping) else None
        if result is not None:
            winner = _seat_or_none(result.get("winner"))
            if winner is None:
                draw.pieslice(box_, 90, 270, fill=lantern("red").fill)
                draw.pieslice(box_, 270, 90, fill=lantern("blue").fill)
                draw.line([(cx - 9, cy - 4), (cx + 9, cy - 4)], fill=TEXT, width=3)
                draw.line([(cx - 9, cy + 4), (cx + 9, cy + 4)], fill=TEXT, width=3)
            else:
                draw.ellipse(box_, fill=lantern(SEATS[winner]).fill)
                paste(canvas, kit.symbol_sprite(SEATS[winner], 22, on_fill=True), (cx, cy))
            draw.ellipse(box_, outline=GOLD_DEEP, width=2)
        else:
            hot = playing and i + 1 == current
            draw.ellipse(box_, fill=SLOT, outline=GOLD if hot else SLOT_EDGE, width=3 if hot else 2)
            draw_text(draw, (cx, cy + 1), str(i + 1), font(22, "bold"),
                      GOLD if hot else TEXT_DIM, "mm")


# ---------------------------------------------------------------------------
# The group's board

@dataclass(frozen=True)
class _BoardPlan:
    size: tuple[int, int]
    strips: tuple[Box, Box]
    pips: Box
    track: Box
    zones: list[Box]
    geometry: ZoneGeometry


def _board_plan(view: Mapping[str, Any]) -> _BoardPlan:
    inner = BOARD_WIDTH - 2 * MARGIN
    pips_w = 210
    strip_w = (inner - pips_w - 2 * GAP) // 2
    y = MARGIN
    strips = ((MARGIN, y, strip_w, _HEAD_H), (BOARD_WIDTH - MARGIN - strip_w, y, strip_w, _HEAD_H))
    pips = (MARGIN + strip_w + GAP, y, inner - 2 * strip_w - 2 * GAP, _HEAD_H)
    y += _HEAD_H + GAP
    track = (MARGIN, y, inner, _TRACK_H)
    y += _TRACK_H + GAP
    geometry, zones = _zones_geometry(MARGIN, y, inner, _size(view))
    y += zones[0][3] + MARGIN
    return _BoardPlan((BOARD_WIDTH, y), strips, pips, track, zones, geometry)


def board_geometry(view: Mapping[str, Any]) -> ZoneGeometry:
    """Where each cell lands in `board_png(view, ...)`."""
    return _board_plan(view).geometry


def _last(view: Mapping[str, Any]) -> tuple[int, int] | None:
    last = view.get("last")
    if isinstance(last, Mapping) and _seat_or_none(last.get("zone")) is not None:
        return last["zone"], _int(last.get("cell"), -1)
    return None


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    `names[seat]` is each player's display name (any text: emoji and scripts the font lacks
    are dropped or dotted, long names are shortened).
    """
    plan = _board_plan(view)
    canvas = Image.new("RGB", plan.size, NIGHT)
    draw = ImageDraw.Draw(canvas)
    for seat, box in enumerate(plan.strips):
        _player_strip(canvas, draw, box, view, seat, _name(names, seat))
    _round_pips(canvas, draw, plan.pips, view)
    _draw_track(canvas, draw, plan.track, view)
    marks = _ZoneMarks(last=_last(view), lines=tuple(_lines(view.get("lines"))))
    _draw_zones(canvas, draw, view, plan.geometry, plan.zones, marks)
    return kit.to_png(canvas, keep=_KEEP)


# ---------------------------------------------------------------------------
# A player's private panel

_TRAY_TOKEN = 108
_TRAY_GAP = 22


@dataclass(frozen=True)
class _Focus:
    value: int | None = None
    zone: int | None = None
    cells: tuple[int, ...] = ()
    cell: int | None = None
    lines: tuple[_Line, ...] | None = None
    marker: int | None = None


def _focus(focus: Mapping[str, Any] | None) -> _Focus:
    if not isinstance(focus, Mapping):
        return _Focus()
    value = focus.get("value")
    cells = focus.get("cells")
    cell = focus.get("cell")
    marker = focus.get("marker")
    return _Focus(
        value if isinstance(value, int) and not isinstance(value, bool) else None,
        _seat_or_none(focus.get("zone")),
        tuple(_int(c, -1) for c in cells) if isinstance(cells, (list, tuple)) else (),
        cell if isinstance(cell, int) and not isinstance(cell, bool) else None,
        tuple(_lines(focus["lines"])) if "lines" in focus else None,
        marker if isinstance(marker, int) and not isinstance(marker, bool) else None,
    )


def _tray(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: Mapping[str, Any],
          seat: int | None, name: str, chosen: int | None) -> None:
    """The viewer's colour, name and hand: tokens large, the chosen one framed in gold and
    raised, the others dimmed while one is chosen; faint slots for an empty hand."""
    _frame(draw, box, hot=False)
    x, y, w, h = box
    cy = y + h // 2
    nx = x + 18
    if seat is not None:
        paste(canvas, kit.symbol_sprite(SEATS[seat], 40), (nx, cy), anchor="lm")
        nx += 52
    hand = _hand(view)
    slots = max(len(hand), 3)
    tokens_w = slots * _TRAY_TOKEN + (slots - 1) * _TRAY_GAP
    scale = min(1.0, (w - 300) / tokens_w)
    size = max(24, int(_TRAY_TOKEN * scale))
    gap = int(_TRAY_GAP * scale)
    tx = x + w - 20 - (slots * size + (slots - 1) * gap)
    if seat is not None:
        draw_text(draw, (nx, cy), name, font(32, "bold"), TEXT, "lm",
                  max_width=max(30, tx - nx - 16))
    picked = hand.index(chosen) if chosen in hand else None
    for i in range(slots):
        left = tx + i * (size + gap)
        top = cy - size // 2
        if i >= len(hand) or seat is None:
            draw.rounded_rectangle([left + 6, top + 6, left + size - 7, top + size - 7],
                                   radius=size * 0.2, outline=PANEL_EDGE, width=3)
            continue
        sprite = token_sprite(seat, hand[i], size)
        if picked is not None and i != picked:
            sprite = sprite.copy()
            sprite.putalpha(sprite.getchannel("A").point(lambda a: a * 40 // 100))
        paste(canvas, sprite, (left, top), anchor="lt")
        if i == picked:
            draw.rounded_rectangle([left - 6, top - 6, left + size + 5, top + size + 5],
                                   radius=size * 0.24, outline=GOLD, width=5)


@dataclass(frozen=True)
class _PanelPlan:
    size: tuple[int, int]
    tray: Box
    track: Box
    zones: list[Box]
    geometry: ZoneGeometry


def _panel_plan(view: Mapping[str, Any]) -> _PanelPlan:
    inner = PANEL_WIDTH - 2 * MARGIN
    y = MARGIN
    tray = (MARGIN, y, inner, _TRAY_H)
    y += _TRAY_H + GAP
    track = (MARGIN, y, inner, _TRACK_H)
    y += _TRACK_H + GAP
    geometry, zones = _zones_geometry(MARGIN, y, inner, _size(view))
    y += zones[0][3] + MARGIN
    return _PanelPlan((PANEL_WIDTH, y), tray, track, zones, geometry)


def panel_geometry(view: Mapping[str, Any], *,
                   focus: Mapping[str, Any] | None = None) -> ZoneGeometry:
    """Where each cell lands in `panel_png(view, focus=focus, ...)`."""
    return _panel_plan(view).geometry


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """A player's private picture, as PNG bytes.

    `focus` (from the engine's menu) says what step the player is at: ``{"value": v}``
    frames token v in the hand; with ``"zone": z, "cells": [...]`` the offered cells of zone
    z are numbered (index + 1) and the other zone is dimmed; with ``"zone": z, "cell": i,
    "lines": [...], "marker": m`` the token stands on cell i as a ghost, the lines it would
    complete carry their points and a faint lighthouse shows where the marker would go.
    None or ``{}`` shows the hand and the board as they are.
    """
    f = _focus(focus)
    plan = _panel_plan(view)
    canvas = Image.new("RGB", plan.size, NIGHT)
    draw = ImageDraw.Draw(canvas)
    seat = _seat_or_none(view.get("viewer"))
    _tray(canvas, draw, plan.tray, view, seat, _name(names, seat) if seat is not None else "",
          f.value)
    previewing = None not in (f.zone, f.cell, f.value, seat)
    _draw_track(canvas, draw, plan.track, view, ghost=f.marker if previewing else None)
    if previewing:
        ghost = (f.zone, f.cell, seat, f.value)
        marks = _ZoneMarks(lines=f.lines or (), ghost=ghost)  # type: ignore[arg-type]
    elif f.zone is not None:
        marks = _ZoneMarks(numbered_zone=f.zone, numbered=f.cells, dim_zone=1 - f.zone)
    else:
        marks = _ZoneMarks(last=_last(view), lines=tuple(_lines(view.get("lines"))))
    _draw_zones(canvas, draw, view, plan.geometry, plan.zones, marks)
    return kit.to_png(canvas, keep=_KEEP)


# ---------------------------------------------------------------------------
# The waiting picture (a player's private chat between their turns)

def waiting_size() -> tuple[int, int]:
    """The size of every `waiting_png` picture."""
    return PANEL_WIDTH, 2 * MARGIN + _TRAY_H


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """A player's compact private picture while the opponent plays, as PNG bytes.

    Only what is the viewer's own: their colour, name (`names[view["viewer"]]`) and hand. The
    board, the marker, whose turn it is and the version are left out on purpose, so the bytes
    change only when the hand does and need not be re-sent.
    """
    seat = _seat_or_none(view.get("viewer"))
    canvas = Image.new("RGB", waiting_size(), NIGHT)
    draw = ImageDraw.Draw(canvas)
    _tray(canvas, draw, (MARGIN, MARGIN, PANEL_WIDTH - 2 * MARGIN, _TRAY_H), view, seat,
          _name(names, seat) if seat is not None else "", None)
    return kit.to_png(canvas, keep=_KEEP)
