"""Pictures of Rafter Five, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.rafter` hands out) into PNG (or GIF) bytes:

* `board_png(view, *, names)`: the group's picture: the raft from above with the sea around
  it, then a strip per player. Every piece is the top-down projection of its (possibly
  tilted) boxes, painted from the lowest to the highest, lighter and with a longer shadow
  the higher it is: lumber cards with wood grain (nails and dark joints in the advanced
  game), each rafter in its own wood with its number (id + 1), chests in their colour with
  its symbol. The last move's pieces are outlined in gold, what it dropped lies faded in the
  sea; the rafters in the sea lie above the raft, the face-down lumber pile (with its count)
  bottom left, a 10 mm bar bottom right, a 10 mm grid on the raft card; the rafter that may
  not be taken is crossed. A strip per player: the turn's arrow and golden frame, the name,
  their chest colours, the chests left in supply, the penalty board (5 slots, more if
  needed, filled with the penalty chests) and a struck-through circle once out.
* `panel_png(view, *, names, focus=None)`: the acting player's picture: their strip, the
  rafter in hand and the card drawn, the raft larger, and a side view (x across, height up)
  under it; `focus` adds a ghost lumber card (green with a tick if legal, red with a cross
  if not), numbered spots, a ghost rafter or chest, the rafters that may be taken.
* `waiting_png(view, *, names)`: the viewer's strip alone (Rafter Five hides nothing), so it
  changes only when that strip does.
* `animation_gif(view, *, names)`: the last move's recorded frames as a small looping GIF,
  or None without frames.

No words are drawn, only names, numbers and pictograms; every chest colour has a symbol
(red circle, blue diamond, yellow square, green triangle, purple cross, white star) and the
ghost's verdict a tick or a cross besides its colour. Identical input gives identical bytes.
`board_geometry(view)` / `panel_geometry(view)` give the `RaftView` whose `raft_to_px(x, y)`
tells where a raft point lands (for tests and anything pointing at the raft).

The package, one job a module:

* `theme`: the palette (night theme, sea, raft, woods, chest colours) and sizes;
* `view`: reading a view and a menu's focus tolerantly;
* `geometry`: pieces' boxes in space, projections, heights, the paint order, `RaftView`;
* `pieces`: painting a piece from above (and outlines, number discs, crosses, ghosts);
* `raft`: the sea area: background, pieces, fallen pieces, sea rafters, pile, scale, focus;
* `side`: the panel's side view; `sprites`: the strips' small pictures; `seats`: the strips;
* `board`, `panel` (with the waiting picture), `anim` (the GIF): the pictures.
"""

from __future__ import annotations

from .anim import animation_gif
from .board import board_geometry, board_plan, board_png
from .geometry import RaftView, paint_order, place
from .panel import panel_geometry, panel_plan, panel_png, waiting_png, waiting_size
from .pieces import shade
from .theme import BOARD_WIDTH, CHESTS, PANEL_WIDTH, chest, rafter_tint
from .view import piece as view_piece

__all__ = [
    "BOARD_WIDTH", "CHESTS", "PANEL_WIDTH", "RaftView", "animation_gif", "board_geometry",
    "board_plan", "board_png", "chest", "paint_order", "panel_geometry", "panel_plan",
    "panel_png", "place", "rafter_tint", "shade", "view_piece", "waiting_png", "waiting_size",
]
