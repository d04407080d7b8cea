"""The palette and sizes of the Rafter Five pictures: the kit's night theme (re-exported, so
the other modules take every colour from one place), the sea, the raft card, the wood of
the lumber cards and of the five rafters, and the six chest colours, each with a symbol."""

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

__all__ = ["GOLD", "GOLD_DEEP", "INK_DARK", "NIGHT", "PANEL", "PANEL_EDGE", "PANEL_HOT", "TEXT",
           "TEXT_DIM"]

SEA: RGB = exact((20, 58, 86))
SEA_WAVE: RGB = exact((34, 80, 110))
RAFT: RGB = exact((204, 184, 140))
RAFT_GRID: RGB = exact((186, 164, 118))
RAFT_EDGE: RGB = exact((112, 88, 52))
BOX_SIDE: RGB = exact((58, 74, 96))
"""The upturned box under the raft card: a muted slate, so the pieces stand out."""
SLOT: RGB = exact((14, 20, 38))
SLOT_EDGE: RGB = exact((52, 62, 96))
LEGAL: RGB = exact((72, 220, 96))
ILLEGAL: RGB = exact((240, 64, 56))
SCALE: RGB = exact((236, 240, 248))

LUMBER_TINTS: tuple[RGB, ...] = (exact((200, 150, 92)), exact((188, 138, 80)),
                                 exact((212, 164, 106)))
"""The wood of a lumber card (by card id, so neighbouring cards differ a little)."""
LUMBER_EDGE: RGB = exact((96, 60, 28))
NAIL: RGB = exact((250, 250, 246))
JOINT: RGB = exact((70, 42, 20))

RAFTER_TINTS: tuple[RGB, ...] = (
    exact((240, 224, 184)),  # 0 small: birch
    exact((116, 76, 44)),  # 1 stout: walnut
    exact((188, 84, 56)),  # 2 tall: cherry
    exact((232, 176, 60)),  # 3 long: honey oak
    exact((128, 150, 112)),  # 4 ell: stained ash
)
"""Each rafter's own wood; every rafter also carries its number (id + 1)."""
RAFTER_EDGE: RGB = exact((36, 22, 10))


def rafter_tint(variant: int) -> RGB:
    return RAFTER_TINTS[variant % len(RAFTER_TINTS)]


def rafter_ink(variant: int) -> RGB:
    """Dark numbers on light wood, light ones on dark wood."""
    r, g, b = rafter_tint(variant)
    return INK_DARK if 0.3 * r + 0.59 * g + 0.11 * b > 120 else TEXT


YELLOW = Lantern("yellow", (244, 206, 40), (72, 52, 0), (164, 128, 8), "square")
CHESTS: Mapping[str, Lantern] = {
    "red": kit.LANTERNS["red"], "blue": kit.LANTERNS["blue"], "yellow": YELLOW,
    "green": kit.LANTERNS["green"], "purple": kit.LANTERNS["purple"],
    "white": kit.LANTERNS["white"],
}
"""The chest colours: fill, ink (of the symbol), edge and symbol (red circle, blue diamond,
yellow square, green triangle, purple cross, white star); other kit colours by name."""


def chest(name: object) -> Lantern:
    """The palette entry of a chest colour name (the kit's, or a grey dot if unknown)."""
    if isinstance(name, str) and name in CHESTS:
        return CHESTS[name]
    return kit.lantern(name)


_KEEP: tuple[RGB, ...] = (
    NIGHT, PANEL, PANEL_EDGE, PANEL_HOT, TEXT, TEXT_DIM, GOLD, GOLD_DEEP, INK_DARK, SEA, SEA_WAVE,
    RAFT, RAFT_GRID, RAFT_EDGE, BOX_SIDE, SLOT, SLOT_EDGE, LEGAL, ILLEGAL, NAIL, JOINT, LUMBER_EDGE,
    *LUMBER_TINTS, *RAFTER_TINTS, *(c.fill for c in CHESTS.values()),
    *(c.ink for c in CHESTS.values()), *kit.text_blends(PANEL, NIGHT),
)
"""Colours kept exact in the PNG palette."""

BOARD_WIDTH = 1280
PANEL_WIDTH = 1280
GIF_SIZE = (480, 360)
MARGIN = 16
GAP = 12
SS = 2
"""The raft is painted this many times larger and shrunk (smooth edges)."""
BOARD_RAFT_H = 780  # the height of the raft's area on the board
PANEL_RAFT_H = 900  # ... on the panel
