"""Pictures of Hanabi, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.hanabi` hands out) into PNG bytes:

* `board_png(view, *, names)`: the group's picture: the fireworks, the clue tokens and
  fuses, the deck, every hand as card backs carrying only what its owner was told (in
  Hanabi everybody but the owner sees a hand, so the group picture shows nobody's cards
  until the game is over), the discard pile grouped by colour, and the last moves.
* `panel_png(view, *, names, focus=None)`: a player's picture: the other hands face up,
  each card with what its owner knows under it; the player's own hand as backs showing
  which colours and numbers each card can still be; and what `focus` (from the menus)
  points at: the slot about to be played or discarded, the player a clue is for and the
  cards it would touch.
* `waiting_png(view, *, names)`: the same picture without focus, kept between turns.

Card colours are told apart by a symbol as well (red circle, yellow square, green
triangle, blue diamond, white star, multicolour spark). No words are drawn: only names,
numbers and pictograms. The same view always gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import RGB, Lantern, draw_text, exact, font, paste

Box = tuple[int, int, int, int]  # x, y, width, height

# ---------------------------------------------------------------------------
# Theme (the Lanterns night palette)

NIGHT: RGB = exact((10, 15, 30))
PANEL: RGB = exact((24, 32, 54))
PANEL_EDGE: RGB = exact((46, 58, 92))
PANEL_HOT: RGB = exact((44, 50, 70))
TEXT: RGB = exact((245, 240, 228))
TEXT_DIM: RGB = exact((112, 124, 156))
GOLD: RGB = exact((255, 198, 64))
GOLD_DEEP: RGB = exact((184, 124, 18))
INK_DARK: RGB = exact((34, 22, 4))
BACK: RGB = exact((30, 40, 78))
BACK_EDGE: RGB = exact((62, 76, 124))
BACK_MOTIF: RGB = exact((48, 62, 110))
CLUE_BLUE: RGB = exact((64, 140, 236))
CLUE_DEEP: RGB = exact((24, 72, 150))
FUSE_RED: RGB = exact((236, 72, 48))
FUSE_GLOW: RGB = exact((255, 176, 64))
SPENT: RGB = exact((52, 62, 92))
DANGER: RGB = exact((232, 84, 72))
GOOD: RGB = exact((108, 212, 120))

BOARD_WIDTH = 1280
PANEL_WIDTH = 1080
MARGIN = 16
GAP = 12

COLORS: Mapping[str, Lantern] = {
    c.name: c
    for c in (
        Lantern("red", (214, 48, 49), (255, 226, 222), (140, 22, 26), "circle"),
        Lantern("yellow", (244, 196, 40), (86, 52, 0), (172, 128, 12), "square"),
        Lantern("green", (88, 184, 82), (18, 62, 22), (44, 110, 42), "triangle"),
        Lantern("blue", (44, 128, 222), (232, 243, 255), (22, 72, 140), "diamond"),
        Lantern("white", (240, 236, 224), (64, 66, 82), (160, 156, 146), "star"),
        Lantern("multicolor", (150, 84, 196), (255, 255, 255), (84, 36, 120), "spark"),
    )
}
"""The six Hanabi colours: fill, the ink drawn on it, an edge shade and a symbol."""
RAINBOW: tuple[str, ...] = ("red", "yellow", "green", "blue", "white")
_UNKNOWN = Lantern("?", (128, 128, 128), (32, 32, 32), (70, 70, 70), "dot")

_KEEP: tuple[RGB, ...] = (
    NIGHT, PANEL, PANEL_EDGE, PANEL_HOT, TEXT, TEXT_DIM, GOLD, GOLD_DEEP, INK_DARK, BACK,
    BACK_EDGE, BACK_MOTIF, CLUE_BLUE, CLUE_DEEP, FUSE_RED, FUSE_GLOW, SPENT, DANGER, GOOD,
    *(c.fill for c in COLORS.values()), *(c.ink for c in COLORS.values()),
    *(c.edge for c in COLORS.values()),
)
"""Colours kept exact in the PNG palette."""


def color(name: object) -> Lantern:
    """The palette entry of a colour name (grey for names we do not know)."""
    return COLORS.get(name, _UNKNOWN) if isinstance(name, str) else _UNKNOWN


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


# ---------------------------------------------------------------------------
# View access (tolerant: a malformed field draws as empty, never crashes)


def _int(value: Any, default: int = 0) -> int:
    if isinstance(value, bool):
        return int(value)
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


@dataclass(frozen=True)
class CardInfo:
    """One card of a hand as the picture needs it."""

    slot: int
    face: tuple[str, int] | None  # the card itself, where the viewer may see it
    colors: tuple[str, ...]  # the colours it can be, as far as this picture tells
    ranks: tuple[int, ...]
    touched: bool  # a clue has pointed at it


@dataclass(frozen=True)
class HandInfo:
    seat: int
    cards: tuple[CardInfo, ...]


def _card_info(raw: Mapping[str, Any], slot: int, own: bool) -> CardInfo:
    told = _map(raw.get("told"))
    face_raw = _map(raw.get("card"))
    face = (str(face_raw.get("color")), _int(face_raw.get("rank"))) if face_raw else None
    # the owner's own deductions where the view has them, else what was told
    colors = raw.get("maybe_colors") if own and "maybe_colors" in raw else told.get("colors")
    ranks = raw.get("maybe_ranks") if own and "maybe_ranks" in raw else told.get("ranks")
    return CardInfo(slot, face, tuple(str(c) for c in _list(colors)),
                    tuple(_int(r) for r in _list(ranks)), bool(told.get("touched")))


def hands(view: Mapping[str, Any]) -> list[HandInfo]:
    viewer = view.get("viewer")
    out = []
    for i, raw in enumerate(_list(view.get("hands"))):
        raw = _map(raw)
        seat = _int(raw.get("seat"), i)
        cards = tuple(_card_info(_map(c), _int(_map(c).get("slot"), j + 1), seat == viewer)
                      for j, c in enumerate(_list(raw.get("cards"))))
        out.append(HandInfo(seat, cards))
    return out


def _colors(view: Mapping[str, Any]) -> list[str]:
    return [str(c) for c in _list(view.get("colors"))] or list(RAINBOW)


def _name(names: Sequence[str], seat: int) -> str:
    """The player's name as drawable text, or '#n' when nothing of it can be drawn."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return raw if kit.clean_text(raw, font(30, "bold")).strip(kit.REPLACEMENT + " ") \
        else f"#{seat + 1}"


def _last_clue(view: Mapping[str, Any]) -> tuple[int, tuple[int, ...]] | None:
    """The target and touched slots of the last move, if it was a clue."""
    recent = _list(view.get("recent"))
    last = _map(recent[-1]) if recent else {}
    if last.get("kind") in ("color", "rank"):
        return _int(last.get("target"), -1), tuple(_int(s) for s in _list(last.get("touched")))
    return None


# ---------------------------------------------------------------------------
# Sprites


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
    (discard), a tick and a flame (did the play fit), a pointer above a touched card."""

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
        elif kind == "turn":
            d.polygon([(0.12 * u, 0.12 * u), (0.92 * u, 0.5 * u), (0.12 * u, 0.88 * u),
                       (0.3 * u, 0.5 * u)], fill=GOLD, outline=GOLD_DEEP)

    return kit.supersampled(size, size, paint)


# ---------------------------------------------------------------------------
# Pieces


def _frame(draw: ImageDraw.ImageDraw, box: Box, *, hot: bool = False,
           edge: RGB | None = None) -> None:
    x, y, w, h = box
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=14,
                           fill=PANEL_HOT if hot else PANEL,
                           outline=edge or (GOLD if hot else PANEL_EDGE), width=3 if hot else 2)


def _chip(draw: ImageDraw.ImageDraw, center: kit.Point, text: str, size: int, *,
          fill: RGB, ink: RGB) -> None:
    """A number on a small disc (slot numbers, clue values)."""
    cx, cy = center
    r = size / 2
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    draw_text(draw, (cx, cy + 1), text, font(round(size * 0.72), "black"), ink, "mm")


def _knowledge(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo,
               center: kit.Point, width: int, all_colors: Sequence[str]) -> None:
    """What a card's owner knows, drawn into a `width`-wide band around `center`: the
    colours still possible as symbols and the numbers still possible as digits; a fact
    known for sure is drawn larger."""
    cx, cy = center
    colors = [c for c in all_colors if c in info.colors]
    ranks = [r for r in range(1, 6) if r in info.ranks]
    pip = max(10, min(22, (width - 8) // max(1, len(all_colors))))
    row_y = (cy - pip * 0.6, cy + pip * 0.6)
    if 0 < len(colors) < len(all_colors):
        step = pip + 2
        x0 = cx - step * (len(colors) - 1) / 2
        for i, c in enumerate(colors):
            paste(canvas, symbol_sprite(c, pip), (x0 + i * step, row_y[0]))
    if 0 < len(ranks) < 5:
        fnt = font(round(pip * 1.05), "bold")
        step = pip + 2
        x0 = cx - step * (len(ranks) - 1) / 2
        for i, r in enumerate(ranks):
            draw_text(draw, (x0 + i * step, row_y[1]), str(r), fnt, TEXT, "mm")


def _back_card(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo, xy: kit.Point,
               size: tuple[int, int], all_colors: Sequence[str]) -> None:
    """A card back carrying what its owner knows: a colour known for sure as its symbol, a
    number known for sure large, and the remaining possibilities as small pips below."""
    w, h = size
    x, y = xy
    paste(canvas, back_sprite(w, h, info.touched), (x, y), anchor="lt")
    colors = [c for c in all_colors if c in info.colors]
    ranks = sorted(set(info.ranks))
    known_color = colors[0] if len(colors) == 1 else None
    known_rank = ranks[0] if len(ranks) == 1 else None
    cx = x + w / 2
    if known_color is not None:
        spec = color(known_color)
        r = 0.3 * w
        draw.rounded_rectangle([cx - r, y + 0.1 * h, cx + r, y + 0.1 * h + 2 * r],
                               radius=0.2 * r, fill=spec.fill, outline=spec.edge, width=2)
        if known_rank is None:
            paste(canvas, symbol_sprite(known_color, round(1.3 * r), on_fill=True),
                  (cx, y + 0.1 * h + r))
        else:
            draw_text(draw, (cx, y + 0.1 * h + r + 1), str(known_rank),
                      font(round(1.6 * r), "black"), spec.ink, "mm")
    elif known_rank is not None:
        draw_text(draw, (cx, y + 0.1 * h + 0.3 * w), str(known_rank),
                  font(round(0.62 * w), "black"), TEXT, "mm")
    # the pips below show only what is still open: a known colour or number is drawn above
    open_colors = tuple(colors) if known_color is None and colors else tuple(all_colors)
    open_ranks = tuple(ranks) if known_rank is None and ranks else (1, 2, 3, 4, 5)
    _knowledge(canvas, draw, CardInfo(info.slot, None, open_colors, open_ranks, info.touched),
               (cx, y + 0.76 * h), w, all_colors)


def _face_card(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo,
               xy: kit.Point, size: tuple[int, int]) -> None:
    w, h = size
    x, y = xy
    name, rank = info.face or ("?", 0)
    paste(canvas, card_sprite(name, rank, w, h), (x, y), anchor="lt")
    if info.touched:
        draw.rounded_rectangle([x - 3, y - 3, x + w + 2, y + h + 2], radius=0.16 * w + 3,
                               outline=GOLD, width=3)


def _header(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
            view: Mapping[str, Any], card: tuple[int, int]) -> None:
    """Fireworks on the left; clue tokens, fuses, the deck and the score on the right."""
    _frame(draw, box)
    x, y, w, h = box
    cw, ch = card
    top = y + (h - ch) // 2
    fireworks = _map(view.get("fireworks"))
    fx = x + 16
    for name in _colors(view):
        height = _int(fireworks.get(name))
        if height > 0:
            if height >= 5:
                draw.rounded_rectangle([fx - 5, top - 5, fx + cw + 4, top + ch + 4],
                                       radius=0.16 * cw + 5, outline=GOLD, width=4)
            paste(canvas, card_sprite(name, height, cw, ch), (fx, top), anchor="lt")
        else:
            draw.rounded_rectangle([fx, top, fx + cw - 1, top + ch - 1], radius=0.14 * cw,
                                   outline=color(name).edge, width=3)
            paste(canvas, symbol_sprite(name, cw // 2), (fx + cw / 2, top + ch / 2))
        fx += cw + 12
    right = x + w - 16
    # the score, right-aligned: big, with the maximum beside it
    outcome = _map(view.get("outcome"))
    lost = bool(outcome.get("lost"))
    score = _int(outcome.get("score")) if outcome else _int(view.get("score"))
    big = font(round(ch * 0.62), "black")
    small = font(round(ch * 0.28), "bold")
    top_text = f"/{_int(view.get('max_score'), 25)}"
    mw = round(kit.text_width(top_text, small))
    draw_text(draw, (right, y + h / 2 + ch * 0.18), top_text, small, TEXT_DIM, "rs")
    draw_text(draw, (right - mw - 4, y + h / 2 + ch * 0.18), str(score), big,
              DANGER if lost else GOLD, "rs")
    if lost:
        sw = round(kit.text_width(str(score), big))
        sx = right - mw - 4 - sw
        draw.line([(sx - 4, y + h / 2 + 4), (sx + sw + 4, y + h / 2 - ch * 0.3)], fill=DANGER,
                  width=5)
    sx = right - mw - 4 - round(kit.text_width("00", big)) - 28
    # the deck and its count
    dw, dh = round(ch * 0.62), round(ch * 0.86)
    dx = sx - dw
    deck = _int(view.get("deck"))
    paste(canvas, deck_sprite(dw, dh, deck), (dx, y + h / 2), anchor="lm")
    if view.get("phase") == "final":  # the empty deck shows the turns left, in gold
        draw_text(draw, (dx + dw / 2, y + h / 2), str(_int(view.get("final_turns_left"))),
                  font(round(dh * 0.5), "black"), GOLD, "mm")
    else:
        draw_text(draw, (dx + dw / 2, y + h / 2), str(deck), font(round(dh * 0.42), "black"),
                  TEXT, "mm")
    # clue tokens (two rows of four) and fuses below them
    t = max(16, round(ch * 0.3))
    clues = _int(view.get("clues"))
    fuses = _int(view.get("fuses"))
    tx = dx - 24 - 4 * (t + 6)
    ty = y + h / 2 - t - 10
    for i in range(8):
        paste(canvas, clue_token_sprite(t, i >= clues),
              (tx + (i % 4) * (t + 6), ty + (i // 4) * (t + 6)), anchor="lt")
    for i in range(3):
        paste(canvas, fuse_sprite(t + 4, i < fuses),
              (tx + i * (t + 10), ty + 2 * (t + 6) + 2), anchor="lt")


def _hand_box(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, hand: HandInfo,
              name: str, *, current: bool, faces: bool, all_colors: Sequence[str],
              card: tuple[int, int], pointed: Sequence[int] = (), hot: bool = False,
              mark: Image.Image | None = None) -> None:
    """A player's name and hand: faces with their owner's knowledge under them (`faces`),
    or backs with it on them. `pointed` slots get a golden pointer above."""
    _frame(draw, box, hot=hot or current)
    x, y, w, _ = box
    ny = y + 24
    nx = x + 16
    if current:
        paste(canvas, icon_sprite("turn", 24), (nx, ny), anchor="lm")
        nx += 32
    if mark is not None:
        paste(canvas, mark, (x + w - 16, ny), anchor="rm")
    draw_text(draw, (nx, ny), name, font(28, "bold"), GOLD if current or hot else TEXT, "lm",
              max_width=x + w - 16 - nx - (mark.width + 8 if mark is not None else 0))
    cw, ch = card
    gap = 12
    n = len(hand.cards)
    cx = x + (w - n * cw - max(0, n - 1) * gap) // 2
    cy = y + 52
    for info in hand.cards:
        if info.slot in pointed:
            paste(canvas, icon_sprite("pointer", 18), (cx + cw / 2, cy - 6), anchor="mb")
        if faces and info.face is not None:
            _face_card(canvas, draw, info, (cx, cy), card)
            _knowledge_strip(canvas, draw, info, (cx, cy + ch + 6, cw, 30), all_colors)
        else:
            _back_card(canvas, draw, info, (cx, cy), card, all_colors)
        cx += cw + gap


def _knowledge_strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, info: CardInfo,
                     box: Box, all_colors: Sequence[str]) -> None:
    """Under a face-up card: what its owner knows, the possible colours on one row and the
    possible numbers on another (nothing known: a dim dot)."""
    x, y, w, h = box
    colors = [c for c in all_colors if c in info.colors]
    ranks = sorted(set(info.ranks))
    rows: list[list[tuple[str, Any]]] = []
    if len(colors) < len(all_colors):
        rows.append([("c", c) for c in colors])
    if len(ranks) < 5:
        rows.append([("r", r) for r in ranks])
    if not rows:
        r = 3
        draw.ellipse([x + w / 2 - r, y + h / 2 - r, x + w / 2 + r, y + h / 2 + r],
                     fill=PANEL_EDGE)
        return
    draw.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=8, fill=BACK,
                           outline=GOLD if info.touched else BACK_EDGE, width=1)
    row_h = (h - 4) / len(rows)
    pip = max(8, min(18, round(row_h) - 2))
    fnt = font(pip + 1, "bold")
    for i, row in enumerate(rows):
        cy = y + 2 + row_h * (i + 0.5)
        step = min(pip + 2, (w - 6) / max(1, len(row)))
        px = x + w / 2 - step * (len(row) - 1) / 2
        for kind, value in row:
            if kind == "c":
                paste(canvas, symbol_sprite(value, min(pip, round(step))), (px, cy))
            else:
                draw_text(draw, (px, cy + 1), str(value), fnt, TEXT, "mm")
            px += step


def _discards(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
              view: Mapping[str, Any], card: tuple[int, int]) -> None:
    """The discard pile, one group per colour, ranks ascending, overlapping as needed."""
    _frame(draw, box)
    x, y, w, h = box
    names = _colors(view)
    piles = _map(view.get("discards"))
    gw = (w - 24) // len(names)
    cw, ch = card
    for i, name in enumerate(names):
        gx = x + 12 + i * gw
        ranks = sorted(_int(r) for r in _list(piles.get(name)))
        cy = y + (h - ch) // 2
        if not ranks:
            paste(canvas, symbol_sprite(name, 20), (gx + 16, y + h / 2))
            continue
        step = min(cw + 4, (gw - cw - 10) / max(1, len(ranks) - 1)) if len(ranks) > 1 else 0
        for j, rank in enumerate(ranks):
            paste(canvas, card_sprite(name, rank, cw, ch), (gx + j * step, cy), anchor="lt")


def _moves(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
           view: Mapping[str, Any], names: Sequence[str]) -> None:
    """The last moves, oldest first, in pictograms: who, what, to whom, which cards."""
    _frame(draw, box)
    x, y, _, h = box
    recent = [_map(m) for m in _list(view.get("recent"))]
    line_h = (h - 16) // max(1, len(recent))
    fnt = font(24, "bold")
    for i, move in enumerate(recent):
        cy = y + 8 + i * line_h + line_h // 2
        mx = x + 16
        mx += round(draw_text(draw, (mx, cy), _name(names, _int(move.get("seat"))), fnt,
                              TEXT, "lm", max_width=240)) + 12
        kind = move.get("kind")
        if kind in ("color", "rank"):
            paste(canvas, icon_sprite("arrow", 24), (mx, cy), anchor="lm")
            mx += 32
            mx += round(draw_text(draw, (mx, cy), _name(names, _int(move.get("target"))),
                                  fnt, TEXT, "lm", max_width=240)) + 12
            if kind == "color":
                paste(canvas, symbol_sprite(str(move.get("color")), 28), (mx + 14, cy))
            else:
                _chip(draw, (mx + 14, cy), str(_int(move.get("rank"))), 28, fill=TEXT,
                      ink=INK_DARK)
            mx += 40
            for slot in _list(move.get("touched")):
                _chip(draw, (mx + 12, cy), str(_int(slot)), 24, fill=GOLD, ink=INK_DARK)
                mx += 30
        else:
            paste(canvas, icon_sprite("play" if kind == "play" else "discard", 26), (mx, cy),
                  anchor="lm")
            mx += 34
            face = _map(move.get("card"))
            paste(canvas, card_sprite(str(face.get("color")), _int(face.get("rank")), 26, 36),
                  (mx, cy), anchor="lm")
            mx += 36
            if kind == "play":
                paste(canvas, icon_sprite("ok", 24) if move.get("ok") else fuse_sprite(26, True),
                      (mx, cy), anchor="lm")


# ---------------------------------------------------------------------------
# The board


_BOARD_CARD = (84, 118)
_BOARD_HEADER_H = 168
_BOARD_HAND_H = 52 + 118 + 16
_STRIP_H = 36  # the knowledge strips under face-up cards once the game is over
_DISCARD_H = 72
_MOVE_LINE = 42


def _board_hand_h(view: Mapping[str, Any]) -> int:
    return _BOARD_HAND_H + (_STRIP_H if view.get("phase") == "over" else 0)


def board_size(view: Mapping[str, Any]) -> tuple[int, int]:
    rows = (len(hands(view)) + 1) // 2
    moves = len(_list(view.get("recent")))
    height = (2 * MARGIN + _BOARD_HEADER_H + GAP + rows * _board_hand_h(view)
              + (rows - 1) * GAP + GAP + _DISCARD_H)
    if moves:
        height += GAP + moves * _MOVE_LINE + 16
    return BOARD_WIDTH, height


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    Hands are drawn as backs with what their owners were told (during the game the view
    holds no card of any hand); once the game is over they are shown face up.
    """
    width, height = board_size(view)
    canvas = Image.new("RGB", (width, height), NIGHT)
    draw = ImageDraw.Draw(canvas)
    inner = width - 2 * MARGIN
    y = MARGIN
    _header(canvas, draw, (MARGIN, y, inner, _BOARD_HEADER_H), view, (92, 128))
    y += _BOARD_HEADER_H + GAP
    all_colors = _colors(view)
    current = view.get("current")
    clue = _last_clue(view)
    col_w = (inner - GAP) // 2
    seats = hands(view)
    hand_h = _board_hand_h(view)
    for i, hand in enumerate(seats):
        bx = MARGIN + (i % 2) * (col_w + GAP)
        by = y + (i // 2) * (hand_h + GAP)
        pointed = clue[1] if clue and clue[0] == hand.seat else ()
        _hand_box(canvas, draw, (bx, by, col_w, hand_h), hand, _name(names, hand.seat),
                  current=current == hand.seat, faces=view.get("phase") == "over",
                  all_colors=all_colors, card=_BOARD_CARD, pointed=pointed)
    rows = (len(seats) + 1) // 2
    y += rows * hand_h + (rows - 1) * GAP + GAP
    _discards(canvas, draw, (MARGIN, y, inner, _DISCARD_H), view, (38, 54))
    y += _DISCARD_H
    moves = len(_list(view.get("recent")))
    if moves:
        _moves(canvas, draw, (MARGIN, y + GAP, inner, moves * _MOVE_LINE + 16), view, names)
    return kit.to_png(canvas, keep=_KEEP)


# ---------------------------------------------------------------------------
# A player's panel


_PANEL_CARD = (72, 100)
_OWN_CARD = (124, 172)
_PANEL_HEADER_H = 128
_OTHER_H = 52 + 100 + 6 + 30 + 14
_OWN_H = 56 + 172 + 64


@dataclass(frozen=True)
class Focus:
    """What the menu step points at."""

    mode: str | None  # "play" or "discard" while choosing own cards
    slot: int | None
    target: int | None  # the seat a clue is for
    slots: tuple[int, ...]  # the slots the clue would touch
    clue: tuple[str, Any] | None  # ("color", name) or ("rank", n)


def parse_focus(focus: Mapping[str, Any] | None) -> Focus:
    f = _map(focus)
    clue = _map(f.get("clue"))
    value: tuple[str, Any] | None = None
    if "color" in clue:
        value = ("color", str(clue["color"]))
    elif "rank" in clue:
        value = ("rank", _int(clue["rank"]))
    mode = f.get("mode") if f.get("mode") in ("play", "discard") else None
    slot = f.get("slot")
    target = f.get("target")
    return Focus(mode, slot if isinstance(slot, int) else None,
                 target if isinstance(target, int) else None,
                 tuple(_int(s) for s in _list(f.get("slots"))), value)


def panel_size(view: Mapping[str, Any]) -> tuple[int, int]:
    others = max(0, len(hands(view)) - 1)
    rows = (others + 1) // 2
    height = 2 * MARGIN + _PANEL_HEADER_H + GAP + rows * (_OTHER_H + GAP) + _OWN_H + GAP
    return PANEL_WIDTH, height + _DISCARD_H


def _clue_mark(clue: tuple[str, Any] | None) -> Image.Image | None:
    if clue is None:
        return None
    if clue[0] == "color":
        return symbol_sprite(str(clue[1]), 30)
    img = Image.new("RGBA", (30, 30), (0, 0, 0, 0))
    _chip(ImageDraw.Draw(img), (15, 15), str(clue[1]), 30, fill=TEXT, ink=INK_DARK)
    return img


def _own_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, hand: HandInfo,
              name: str, f: Focus, *, current: bool, faces: bool, all_colors: Sequence[str],
              pointed: Sequence[int]) -> None:
    """The viewer's hand, large: backs with what they know, numbered like the slot buttons."""
    _frame(draw, box, hot=current)
    x, y, w, _ = box
    nx = x + 16
    if current:
        paste(canvas, icon_sprite("turn", 26), (nx, y + 28), anchor="lm")
        nx += 34
    draw_text(draw, (nx, y + 28), name, font(30, "bold"), GOLD if current else TEXT, "lm",
              max_width=x + w - 16 - nx)
    cw, ch = _OWN_CARD
    n = len(hand.cards)
    gap = 28
    cx = x + (w - n * cw - max(0, n - 1) * gap) // 2
    cy = y + 56
    for info in hand.cards:
        chosen = f.slot == info.slot and f.mode is not None
        if chosen:
            edge = GOLD if f.mode == "play" else DANGER
            draw.rounded_rectangle([cx - 7, cy - 7, cx + cw + 6, cy + ch + 6], radius=24,
                                   outline=edge, width=5)
        if info.slot in pointed:
            paste(canvas, icon_sprite("pointer", 20), (cx + cw / 2, cy - 4), anchor="mb")
        if faces and info.face is not None:
            _face_card(canvas, draw, info, (cx, cy), _OWN_CARD)
        else:
            _back_card(canvas, draw, info, (cx, cy), _OWN_CARD, all_colors)
        # the slot numbers light up while the player picks a card, then only the one picked
        lit = f.mode is not None and (f.slot is None or chosen)
        _chip(draw, (cx + cw / 2, cy + ch + 30), str(info.slot), 40,
              fill=GOLD if lit else PANEL_EDGE, ink=INK_DARK if lit else TEXT)
        cx += cw + gap


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """A player's private picture, as PNG bytes.

    `focus` (from the engine's menu) says what the player is choosing:
    ``{"mode": "play"|"discard"}`` and then ``"slot": n`` frames that card of their own
    hand; ``{"target": seat}`` frames that player's hand, and with ``"slots": [...]`` and
    ``"clue": {"color": name} | {"rank": n}`` points at the cards the clue would touch.
    None (or ``{}``) draws the plain picture, which is `waiting_png`.
    """
    f = parse_focus(focus)
    width, height = panel_size(view)
    canvas = Image.new("RGB", (width, height), NIGHT)
    draw = ImageDraw.Draw(canvas)
    inner = width - 2 * MARGIN
    y = MARGIN
    _header(canvas, draw, (MARGIN, y, inner, _PANEL_HEADER_H), view, (64, 90))
    y += _PANEL_HEADER_H + GAP
    viewer = view.get("viewer")
    seats = hands(view)
    all_colors = _colors(view)
    current = view.get("current")
    over = view.get("phase") == "over"
    clue = _last_clue(view)
    n = len(seats)
    others = [seats[(viewer + k) % n] for k in range(1, n)] if isinstance(viewer, int) and \
        0 <= viewer < n else seats
    col_w = (inner - GAP) // 2
    for i, hand in enumerate(others):
        wide = len(others) == 1
        bx = MARGIN + (0 if wide else (i % 2) * (col_w + GAP))
        by = y + (i // 2) * (_OTHER_H + GAP)
        targeted = f.target == hand.seat
        pointed = f.slots if targeted else (clue[1] if clue and clue[0] == hand.seat and
                                            f.target is None else ())
        _hand_box(canvas, draw, (bx, by, inner if wide else col_w, _OTHER_H), hand,
                  _name(names, hand.seat), current=current == hand.seat, faces=True,
                  all_colors=all_colors, card=_PANEL_CARD, pointed=pointed, hot=targeted,
                  mark=_clue_mark(f.clue) if targeted else None)
    y += ((len(others) + 1) // 2) * (_OTHER_H + GAP)
    mine = next((hd for hd in seats if hd.seat == viewer), None)
    if mine is not None:
        pointed = clue[1] if clue and clue[0] == mine.seat else ()
        _own_hand(canvas, draw, (MARGIN, y, inner, _OWN_H), mine, _name(names, mine.seat), f,
                  current=current == mine.seat, faces=over, all_colors=all_colors,
                  pointed=pointed)
    y += _OWN_H + GAP
    _discards(canvas, draw, (MARGIN, y, inner, _DISCARD_H), view, (38, 54))
    return kit.to_png(canvas, keep=_KEEP)


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """A player's private picture between their turns: the other hands with what their
    owners know, their own hand as knowledge, the fireworks and tokens (the panel without
    focus; in Hanabi what a player sees privately changes with every move)."""
    return panel_png(view, names=names, focus=None)
