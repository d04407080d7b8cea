"""The group's Lighthouse board: both players and the rounds on top, then the track, then
the two zones with the last token and the lines it completed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit
from render.kit import Box

from .geometry import ZoneGeometry, _zones_geometry
from .players import _player_strip, _round_pips
from .theme import _KEEP, BOARD_WIDTH, GAP, MARGIN
from .track import _TRACK_H, _draw_track
from .view import _last, _lines, _size
from .zones import _draw_zones, _ZoneMarks

_HEAD_H = 116


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


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    `names[seat]` is each player's display name (any text: emoji are drawn in colour,
    scripts the font lacks are dotted, long names are shortened).
    """
    plan = _board_plan(view)
    canvas, draw = kit.new_canvas(plan.size)
    for seat, box in enumerate(plan.strips):
        _player_strip(canvas, draw, box, view, seat, kit.player_name(names, seat))
    _round_pips(canvas, draw, plan.pips, view)
    _draw_track(canvas, draw, plan.track, view)
    marks = _ZoneMarks(last=_last(view), lines=tuple(_lines(view.get("lines"))))
    _draw_zones(canvas, draw, view, plan.geometry, plan.zones, marks)
    return kit.to_png(canvas, keep=_KEEP)
