"""Pictures of Rafter Five, drawn from engine views.

Pure functions turn a view (the JSON dict `engine.rafter` hands out) into PNG (or GIF) bytes:

* `board_png(view, *, names)`: the group's picture: the raft in a ¾ perspective view (from
  in front, a little to the left, looking down at about 44°), framed on the raft and what
  lies near it, then a strip per player. Every piece is its boxes, each face the eye sees
  lit by a light from the front left above (tops brightest) and lighter the higher it is,
  painted farthest first, with soft shadows on the surfaces below: lumber cards with wood
  grain (nails and dark joints in the advanced game), each rafter in its own wood with its
  number (id + 1) on top, chests in their colour with its symbol on every face seen. The
  upturned box and the raft card (10 mm grid) are the pedestal. The last move's pieces are
  outlined in gold, what it dropped lies faded where it came to lie; the rafters in the sea
  stand in front of the box, the face-down lumber pile (with its count) lies right of it,
  the face-up sea cards left of it; the rafter that may not be taken is crossed. A strip
  per player: the turn's arrow and golden frame, the name, their chest colours, the chests
  left in supply, the penalty board (5 slots, more if needed, filled with the penalty
  chests) and a struck-through circle once out.
* `panel_png(view, *, names, focus=None)`: the acting player's picture: their strip, the
  rafter in hand and the card drawn, and the raft larger; `focus` adds a ghost lumber card
  where it would land (green with a tick if legal, red with a cross if not), numbered
  target areas and spots, ghost rafter and chest, the rafters and the face-up sea cards
  that may be taken (numbered).
* `waiting_png(view, *, names)`: the viewer's strip alone (Rafter Five hides nothing), so it
  changes only when that strip does.
* `animation_gif(view, *, names)`: the last move's recorded frames in the same view, about
  two seconds, as a small looping GIF, or None without frames.

No words are drawn, only names, numbers and pictograms, and every text is readable on a
phone (at least `kit.READABLE_PX` px tall when the picture is shown 360 px wide); every
chest colour has a symbol (red circle, blue diamond, yellow square, green triangle, purple
cross, white star) and the ghost's verdict a tick or a cross besides its colour. Identical
input gives identical bytes. `board_geometry(view)` / `panel_geometry(view, focus=...)` give
the `RaftView` whose `raft_to_px(x, y, z)` tells where a raft point lands.

The package, one job a module:

* `theme`: the palette (night theme, sea, raft, box, woods, chest colours) and sizes;
* `view`: reading a view and a menu's focus tolerantly;
* `geometry`: pieces' boxes in space, footprints, the height of a top at a point;
* `camera`: the ¾ perspective projection and `RaftView`, fitted to what a picture shows;
* `order`: which box hides which, the painter's order;
* `stage`: what a view shows where (the pedestal, the sea's pieces) and the shadows;
* `pieces`: painting boxes, their prints, numbers and symbols, and the marks over them;
* `labels`: the pictures' text, sized to be read on a phone;
* `raft`: the raft's area: sea, pedestal, pieces, the pile's count, the focus;
* `sprites`: the strips' small pictures; `seats`: the strips;
* `board`, `panel` (with the waiting picture), `anim` (the GIF): the pictures;
* `regions`: where the panel's choices are, and the camera's way back onto the raft;
* `drag`: a picture point to the nearest legal step (a card dragged onto the raft), and
  the controls drawn over the picture (turn the card, How risky?).
"""

from __future__ import annotations

from .anim import animation_frames, animation_gif
from .board import board_geometry, board_plan, board_png
from .camera import RaftView
from .drag import panel_controls, panel_pick, takes_points
from .geometry import place
from .order import paint_order
from .panel import panel_geometry, panel_plan, panel_png, waiting_png, waiting_size
from .pieces import shade
from .regions import panel_drawn, panel_regions, panel_to_raft, panel_to_surface
from .theme import BOARD_WIDTH, CHESTS, GIF_SIZE, PANEL_WIDTH, chest, rafter_tint
from .view import piece as view_piece

__all__ = [
    "BOARD_WIDTH", "CHESTS", "GIF_SIZE", "PANEL_WIDTH", "RaftView", "animation_frames",
    "animation_gif", "board_geometry", "board_plan", "board_png", "chest", "paint_order",
    "panel_controls", "panel_drawn", "panel_geometry", "panel_pick", "panel_plan", "panel_png",
    "panel_regions", "panel_to_raft", "panel_to_surface", "place", "rafter_tint", "shade",
    "takes_points", "view_piece", "waiting_png", "waiting_size",
]
