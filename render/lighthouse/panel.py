"""A player's private Lighthouse panel while they choose (the tray, the track and the
zones, with what the menu step points at), and the waiting picture (the tray alone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit
from render.kit import Box

from .geometry import ZoneGeometry, _zones_geometry
from .theme import _KEEP, GAP, MARGIN, PANEL_WIDTH
from .track import _TRACK_H, _draw_track
from .tray import _TRAY_H, _tray
from .view import _focus, _last, _lines, _seat_or_none, _size
from .zones import _draw_zones, _ZoneMarks


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
    canvas, draw = kit.new_canvas(plan.size)
    seat = _seat_or_none(view.get("viewer"))
    _tray(canvas, draw, plan.tray, view, seat,
          kit.player_name(names, seat) if seat is not None else "", f.value)
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
    canvas, draw = kit.new_canvas(waiting_size())
    _tray(canvas, draw, (MARGIN, MARGIN, PANEL_WIDTH - 2 * MARGIN, _TRAY_H), view, seat,
          kit.player_name(names, seat) if seat is not None else "", None)
    return kit.to_png(canvas, keep=_KEEP)
