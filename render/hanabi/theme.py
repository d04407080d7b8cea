"""The palette of the Hanabi pictures: the kit's night theme (re-exported here, so the
other modules take every colour from one place), card backs, tokens and fuses, the six
card colours with their symbols, and the sizes."""

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
    Lantern,
    exact,
)

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

BOARD_WIDTH = 1080
PANEL_WIDTH = 1080
SMALL_TEXT = kit.readable_px(max(BOARD_WIDTH, PANEL_WIDTH))
"""The smallest font size drawn: 11 px when a picture is shown 360 px wide on a phone."""
CARD_RATIO = 1.4  # a card's height to its width
MARGIN = 16
GAP = 12

COLORS: Mapping[str, Lantern] = {
    c.name: c
    for c in (
        kit.lantern("red"),  # four colours are the lanterns' own
        Lantern("yellow", (244, 196, 40), (86, 52, 0), (172, 128, 12), "square"),
        kit.lantern("green"),
        kit.lantern("blue"),
        kit.lantern("white"),
        Lantern("multicolor", (150, 84, 196), (255, 255, 255), (84, 36, 120), "spark"),
    )
}
"""The six Hanabi colours: fill, the ink drawn on it, an edge shade and a symbol."""
RAINBOW: tuple[str, ...] = ("red", "yellow", "green", "blue", "white")

_KEEP: tuple[RGB, ...] = (
    NIGHT, PANEL, PANEL_EDGE, PANEL_HOT, TEXT, TEXT_DIM, GOLD, GOLD_DEEP, INK_DARK, BACK,
    BACK_EDGE, BACK_MOTIF, CLUE_BLUE, CLUE_DEEP, FUSE_RED, FUSE_GLOW, SPENT, DANGER, GOOD,
    *(c.fill for c in COLORS.values()), *(c.ink for c in COLORS.values()),
    *(c.edge for c in COLORS.values()),
)
"""Colours kept exact in the PNG palette."""


def color(name: object) -> Lantern:
    """The palette entry of a colour name (grey for names we do not know)."""
    return COLORS.get(name, kit.UNKNOWN) if isinstance(name, str) else kit.UNKNOWN
