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

The package, one job a module:

* `theme`: the palette (the kit's night theme, card backs, tokens, the six card colours)
  and the sizes;
* `view`: reading a view and a menu's focus tolerantly (`hands`, `parse_focus`);
* `sprites`: card faces and backs, symbols, clue tokens, fuses, the deck, pictograms;
* `cards`: one card with what its owner knows; `seats`: a player's name and hand;
* `header`: fireworks, score, deck, clue tokens and fuses; `history`: the discard pile
  and the last moves;
* `board`, `panel`: the pictures (`waiting_png` is the panel without focus).
"""

from __future__ import annotations

from render.kit import Box

from .board import board_png, board_size
from .panel import panel_png, panel_size, waiting_png
from .regions import panel_drawn, panel_regions
from .sprites import (
    back_sprite,
    card_sprite,
    clue_token_sprite,
    deck_sprite,
    draw_symbol,
    fuse_sprite,
    icon_sprite,
    symbol_points,
    symbol_sprite,
)
from .theme import (
    BACK,
    BACK_EDGE,
    BACK_MOTIF,
    BOARD_WIDTH,
    CLUE_BLUE,
    CLUE_DEEP,
    COLORS,
    DANGER,
    FUSE_GLOW,
    FUSE_RED,
    GAP,
    GOLD,
    GOLD_DEEP,
    GOOD,
    INK_DARK,
    MARGIN,
    NIGHT,
    PANEL,
    PANEL_EDGE,
    PANEL_HOT,
    PANEL_WIDTH,
    RAINBOW,
    SPENT,
    TEXT,
    TEXT_DIM,
    color,
)
from .view import CardInfo, Focus, HandInfo, hands, parse_focus
from .view import _name as _name  # the tests check it

__all__ = [
    "BACK", "BACK_EDGE", "BACK_MOTIF", "BOARD_WIDTH", "CLUE_BLUE", "CLUE_DEEP", "COLORS", "DANGER",
    "FUSE_GLOW", "FUSE_RED", "GAP", "GOLD", "GOLD_DEEP", "GOOD", "INK_DARK", "MARGIN", "NIGHT",
    "PANEL", "PANEL_EDGE", "PANEL_HOT", "PANEL_WIDTH", "RAINBOW", "SPENT", "TEXT", "TEXT_DIM",
    "Box", "CardInfo", "Focus", "HandInfo", "back_sprite", "board_png", "board_size",
    "card_sprite", "clue_token_sprite", "color", "deck_sprite", "draw_symbol", "fuse_sprite",
    "hands", "icon_sprite", "panel_drawn", "panel_png", "panel_regions", "panel_size",
    "parse_focus", "symbol_points", "symbol_sprite", "waiting_png",
]
