"""Pictures of Lanterns: The Harvest Festival, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.lanterns` hands out) into PNG bytes:

* `board_png(view, *, names)`: the public picture for the group: the lake with every
  tile, each player's cards, favors and honor on the side of the lake they face, the
  supply, the favor supply, the draw stack and the dedication stacks.
* `panel_png(view, *, names, focus=None)`: a player's private picture: their hand
  tiles large, their own cards, the lake smaller, and whatever the `focus` hints
  (a tile's four rotations numbered 1-4, the legal spots numbered 1..n, a ghost tile).
* `waiting_png(view, *, names)`: a player's compact private picture between their turns:
  their name, the side of the lake they face and their hand, nothing that changes with
  other players' moves (so the bot re-sends it only when the hand changes).

No words are drawn, only names, numbers and pictograms (translation happens in the
bot). Every colour also has its symbol (see `render.kit`). Identical input gives
identical bytes. Sprites (tiles, cards, icons) are drawn supersampled once and cached,
so a render is mostly pastes; `board_geometry`/`panel_geometry` tell where each lake
cell lands in the picture (for tests and anything that wants to point at a cell).

The package, one job a module:

* `theme`: the palette (the kit's night theme plus the lake's colours) and the sizes;
* `view`: reading a view and a menu's focus tolerantly;
* `tiles`: lake tiles (faces, ghosts, backs); `sprites`: cards, favors, honor, tokens,
  dedications, the hourglass, the arrow and the medals;
* `geometry`: which cells a picture shows and where they land (`LakeGeometry`);
* `lake`: the water and everything drawn on it;
* `seats`: the players' panels; `market`: the middle of the table; `hand`: the hand tray;
* `board`, `panel`, `waiting`: the three pictures.
"""

from __future__ import annotations

from .board import board_geometry, board_png
from .geometry import LakeGeometry
from .panel import panel_geometry, panel_png
from .regions import panel_drawn, panel_regions
from .sprites import (
    arrow_sprite,
    card_sprite,
    coin_sprite,
    dedication_sprite,
    hourglass_sprite,
    laurel_sprite,
    medal_sprite,
    token_sprite,
)
from .theme import (
    BOARD_WIDTH,
    EMPTY_SEAT,
    GAP,
    GOLD,
    GOLD_DEEP,
    INK_DARK,
    LAKE,
    LAKE_EDGE,
    LAKE_WAVE,
    MARGIN,
    MARKET,
    MARKET_EDGE,
    MAX_HEIGHT,
    MAX_TILE,
    MIN_TILE,
    NIGHT,
    PANEL,
    PANEL_EDGE,
    PANEL_HOT,
    PANEL_MAX_HEIGHT,
    PANEL_WIDTH,
    RIM,
    SEPARATOR,
    SILVER,
    SILVER_EDGE,
    SPOT,
    TEAL,
    TEAL_DARK,
    TEXT,
    TEXT_DIM,
    WOOD,
    WOOD_DARK,
    WOOD_LIGHT,
    Cell,
)
from .tiles import tile_back_sprite, tile_sprite
from .view import rotated
from .waiting import side_sprite, waiting_png, waiting_size

__all__ = [
    "BOARD_WIDTH", "EMPTY_SEAT", "GAP", "GOLD", "GOLD_DEEP", "INK_DARK", "LAKE", "LAKE_EDGE",
    "LAKE_WAVE", "MARGIN", "MARKET", "MARKET_EDGE", "MAX_HEIGHT", "MAX_TILE", "MIN_TILE", "NIGHT",
    "PANEL", "PANEL_EDGE", "PANEL_HOT", "PANEL_MAX_HEIGHT", "PANEL_WIDTH", "RIM", "SEPARATOR",
    "SILVER", "SILVER_EDGE", "SPOT", "TEAL", "TEAL_DARK", "TEXT", "TEXT_DIM", "WOOD", "WOOD_DARK",
    "WOOD_LIGHT", "Cell", "LakeGeometry", "arrow_sprite", "board_geometry", "board_png",
    "card_sprite", "coin_sprite", "dedication_sprite", "hourglass_sprite", "laurel_sprite",
    "medal_sprite", "panel_drawn", "panel_geometry", "panel_png", "panel_regions", "rotated",
    "side_sprite", "tile_back_sprite", "tile_sprite", "token_sprite", "waiting_png",
    "waiting_size",
]
