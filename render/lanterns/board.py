"""The group's board: the market on top, the lake in the middle and each player's panel
on the side of the lake they face."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit

from .geometry import LakeGeometry, _grid, _lake_height, _place_grid, _tile_size
from .lake import _draw_lake, _draw_water
from .market import _MARKET, _market, _market_height
from .seats import _V_PANEL_H, _frame, _strip_h, _strip_v
from .theme import _KEEP, BOARD_WIDTH, GAP, MARGIN, MAX_HEIGHT
from .view import _seat_infos

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
    # A box only for a side somebody sits on: three players leave the west side open
    # (the lake takes its room) rather than showing an empty fourth box.
    used = frozenset(s.side for s in _seat_infos(view))
    horizontal = bool(used & {0, 2})
    inner = BOARD_WIDTH - 2 * MARGIN
    market_h = _market_height(view, inner, _MARKET)
    lake_w = inner - len(used & {1, 3}) * (_V_PANEL_W + GAP)
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
    lake_x = MARGIN + (_V_PANEL_W + GAP if 3 in used else 0)
    vy = y + (lake_h - _V_PANEL_H) // 2
    if 3 in used:
        sides[3] = (MARGIN, vy, _V_PANEL_W, _V_PANEL_H)
    if 1 in used:
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

    `names[seat]` is each player's display name (any text: emoji are drawn in colour,
    scripts the font lacks are dotted, long names are shortened).
    """
    plan = _board_plan(view)
    canvas, draw = kit.new_canvas(plan.size)
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
            _strip_h(canvas, draw, box, info, kit.player_name(names, info.seat),
                     hot=current == info.seat or info.rank == 1)
        else:
            _strip_v(canvas, draw, box, info, kit.player_name(names, info.seat),
                     hot=current == info.seat or info.rank == 1)
    return kit.to_png(canvas, keep=_KEEP)
