"""Pictures of Lighthouse, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.lighthouse` hands out) into PNG bytes:

* `board_png(view, *, names)`: the group's picture: both players (colour, name, round wins,
  hand and pile sizes), the rounds played, the track with the lighthouse marker, and the two
  zones with every token (colour, symbol and number); the last token is framed and the lines
  it completed are outlined with the points they gave, in a badge of the scorer's colour.
* `panel_png(view, *, names, focus=None)`: a player's picture while they choose: their hand
  large (the token chosen framed), the track and both zones; `focus` from the menu numbers
  the empty cells of the chosen zone 1..25 as the buttons do, or puts the token on the
  chosen cell as a ghost with the lines it would complete and the marker it would move.
* `waiting_png(view, *, names)`: the player's name, colour and hand only, so it changes
  only when their hand does.

No words are drawn, only names, numbers and pictograms; red tokens carry a circle and blue
tokens a diamond besides their colour. Identical input gives identical bytes. The red zone
and red's end of the track are on the left, blue's on the right. `board_geometry` and
`panel_geometry` tell where each cell lands (for tests and anything pointing at a cell).

The package, one job a module:

* `theme`: the palette (the kit's night theme, the tower, the players' tints) and sizes;
* `view`: reading a view and a menu's focus tolerantly;
* `sprites`: tokens, piles, the lighthouse, stars, the arrow and the medals;
* `geometry`: where the zones' cells land (`ZoneGeometry`); `zones`: drawing the zones
  and what is marked on them; `track`: the score track and the marker;
* `players`: the players' strips and the rounds; `tray`: the viewer's hand;
* `board`, `panel`: the pictures (the panel module also draws the waiting picture).
"""

from __future__ import annotations

from render.kit import Box

from .board import _board_plan as _board_plan  # the tests read these three
from .board import board_geometry, board_png
from .geometry import _BADGE_AREA as _BADGE_AREA
from .geometry import ZoneGeometry
from .panel import panel_geometry, panel_png, waiting_png, waiting_size
from .regions import panel_drawn, panel_regions
from .sprites import (
    arrow_sprite,
    back_sprite,
    lighthouse_sprite,
    medal_sprite,
    pile_sprite,
    star_sprite,
    token_sprite,
)
from .theme import (
    BEAM,
    BOARD_WIDTH,
    GAP,
    GOLD,
    GOLD_DEEP,
    INK_DARK,
    MARGIN,
    NIGHT,
    PANEL,
    PANEL_EDGE,
    PANEL_HOT,
    PANEL_WIDTH,
    ROOF,
    SEATS,
    SLOT,
    SLOT_EDGE,
    TEXT,
    TEXT_DIM,
    TOWER,
    TOWER_STRIPE,
    TRACK_CELL,
    ZONE_BG,
    ZONE_EDGE,
)
from .track import _track_x as _track_x

__all__ = [
    "BEAM", "BOARD_WIDTH", "GAP", "GOLD", "GOLD_DEEP", "INK_DARK", "MARGIN", "NIGHT", "PANEL",
    "PANEL_EDGE", "PANEL_HOT", "PANEL_WIDTH", "ROOF", "SEATS", "SLOT", "SLOT_EDGE", "TEXT",
    "TEXT_DIM", "TOWER", "TOWER_STRIPE", "TRACK_CELL", "ZONE_BG", "ZONE_EDGE", "Box",
    "ZoneGeometry", "arrow_sprite", "back_sprite", "board_geometry", "board_png",
    "lighthouse_sprite", "medal_sprite", "panel_drawn", "panel_geometry", "panel_png",
    "panel_regions", "pile_sprite", "star_sprite", "token_sprite", "waiting_png", "waiting_size",
]
