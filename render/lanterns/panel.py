"""A player's private panel while they choose: their own strip, the hand tray, the lake
with name tags on each side (and what the menu step points at), and the market."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import draw_text, font, paste

from .geometry import LakeGeometry, _grid, _lake_height, _place_grid, _tile_size
from .hand import _END_TRAY_H, _HAND_BOX_H, _end_tray, _hand_items, _hand_tray
from .lake import _draw_lake, _draw_water
from .market import _MARKET_COMPACT, _market, _market_height
from .seats import _strip_h
from .theme import (
    _KEEP,
    GAP,
    GOLD,
    GOLD_DEEP,
    INK_DARK,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    PANEL_MAX_HEIGHT,
    PANEL_WIDTH,
    SMALL_TEXT,
    TEXT,
)
from .view import _Focus, _focus, _hand, _seat_infos, rotated

_OWN_H = 80
_TAG = 48


@dataclass(frozen=True)
class _PanelPlan:
    size: tuple[int, int]
    own: tuple[int, int, int, int] | None
    hand: tuple[int, int, int, int] | None
    end: tuple[int, int, int, int] | None  # the tray that ends the viewer's final turn
    lake: tuple[int, int, int, int]
    market: tuple[int, int, int, int]
    geometry: LakeGeometry


def _panel_plan(view: Mapping[str, Any], f: _Focus) -> _PanelPlan:
    inner = PANEL_WIDTH - 2 * MARGIN
    y = MARGIN
    own = hand = end = None
    if view.get("viewer") is not None:
        own = (MARGIN, y, inner, _OWN_H)
        y += _OWN_H + GAP
    if view.get("hand"):
        hand = (MARGIN, y, inner, _HAND_BOX_H)
        y += hand[3] + GAP
    elif _final_turn(view):
        end = (MARGIN, y, inner, _END_TRAY_H)
        y += _END_TRAY_H + GAP
    market_h = _market_height(view, inner, _MARKET_COMPACT)
    lake_w = inner - 2 * _TAG
    room = PANEL_MAX_HEIGHT - y - 2 * _TAG - GAP - market_h - MARGIN
    grid = _grid(view, list(f.spots) + ([f.spot] if f.spot else []))
    tile = _tile_size(grid, lake_w, room)
    lake = (MARGIN + _TAG, y + _TAG, lake_w, _lake_height(grid, tile, 420, room))
    y += lake[3] + 2 * _TAG + GAP
    market = (MARGIN, y, inner, market_h)
    y += market_h + MARGIN
    return _PanelPlan((PANEL_WIDTH, y), own, hand, end, lake, market,
                      _place_grid(grid, tile, lake))


def _final_turn(view: Mapping[str, Any]) -> bool:
    """The viewer's turn in the final round (no tile left to place: the turn is ended)."""
    viewer = view.get("viewer")
    return view.get("phase") == "final" and viewer is not None and view.get("current") == viewer


def panel_geometry(view: Mapping[str, Any], *,
                   focus: Mapping[str, Any] | None = None) -> LakeGeometry:
    """Where each lake cell lands in `panel_png(view, focus=focus, ...)`."""
    return _panel_plan(view, _focus(focus)).geometry


@lru_cache(maxsize=64)
def _tag_sprite(text: str, hot: bool, turns: int) -> Image.Image:
    """A small name tag for a side of the lake, turned for the east and west sides."""
    fnt = font(SMALL_TEXT, "bold")
    line = kit.fit_text(text, fnt, 420)
    w = round(kit.text_width(line, fnt)) + 28
    h = _TAG - 6
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=h // 2, fill=GOLD if hot else PANEL,
                        outline=GOLD_DEEP if hot else PANEL_EDGE, width=2)
    draw_text(d, (w / 2, h / 2), line, fnt, INK_DARK if hot else TEXT, "mm")
    return img.rotate(turns * 90, expand=True) if turns else img


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
    canvas, draw = kit.new_canvas(plan.size)
    viewer = view.get("viewer")
    infos = _seat_infos(view)
    if plan.own is not None:
        mine = next((s for s in infos if s.seat == viewer), None)
        if mine is not None:
            _strip_h(canvas, draw, plan.own, mine, kit.player_name(names, mine.seat),
                     hot=view.get("current") == mine.seat, compact=True)
    if plan.hand is not None:
        _hand_tray(canvas, draw, plan.hand, _hand_items(view, f))
    if plan.end is not None:
        _end_tray(canvas, draw, plan.end)

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
        tag = _tag_sprite(kit.player_name(names, info.seat), mine, {1: 3, 3: 1}.get(info.side, 0))
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
