"""The palette and sizes of the Lighthouse pictures: the kit's night theme (re-exported
here, so the other modules take every colour from one place), the tower, and the zones
and track tinted in each player's colour."""

from __future__ import annotations

from collections.abc import Mapping

from render import kit
from render.kit import (
    GOLD,
    GOLD_DEEP,
    INK_DARK,
    NIGHT,
    PANEL,
    PANEL_EDGE,
    PANEL_HOT,
    RGB,
    TEXT,
    TEXT_DIM,
    blend,
    exact,
    lantern,
)

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
    *kit.text_blends(PANEL, NIGHT),
)
"""Colours kept exact in the PNG palette."""

BOARD_WIDTH = 1080
PANEL_WIDTH = 1080
SMALL_TEXT = kit.readable_px(max(BOARD_WIDTH, PANEL_WIDTH))
"""The smallest font size drawn: 11 px when a picture is shown 360 px wide on a phone."""
MARGIN = 16
GAP = 12
