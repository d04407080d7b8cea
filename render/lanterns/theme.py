"""The palette and sizes of the Lanterns pictures: the kit's night theme (re-exported here,
so the other modules take every colour from one place) and the lake's own colours."""

from __future__ import annotations

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
    exact,
)

Cell = tuple[int, int]

LAKE: RGB = exact((17, 43, 76))
LAKE_WAVE: RGB = exact((25, 57, 97))
LAKE_EDGE: RGB = exact((40, 78, 124))
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
    MARKET, MARKET_EDGE, SEPARATOR, EMPTY_SEAT, *kit.text_blends(PANEL, LAKE, NIGHT, PANEL_HOT),
)
"""Colours kept exact in the PNG palette (flat areas and the usual text blends)."""

BOARD_WIDTH = 1080
PANEL_WIDTH = 1080
SMALL_TEXT = kit.readable_px(max(BOARD_WIDTH, PANEL_WIDTH))
"""The smallest font size drawn: 11 px when a picture is shown 360 px wide on a phone."""
MARGIN = 16
GAP = 12
MAX_HEIGHT = 1280
PANEL_MAX_HEIGHT = 1350  # 4:5, still shown full width on phones
MAX_TILE = 144
MIN_TILE = 8  # only a lake stretched absurdly far gets this small
