"""The acting player's Rafter Five panel (their strip and what is in their hand, the raft
larger with what the menu step points at, a side view under it) and the waiting picture
(their strip alone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.rafter.config import CONFIG
from render import kit
from render.kit import Box

from .geometry import RaftView, paint_order, place
from .pieces import Painter
from .raft import draw_raft, raft_view
from .seats import STRIP_H, seat_strip
from .side import draw_side
from .theme import _KEEP, GAP, MARGIN, PANEL, PANEL_REACH, PANEL_SCALE, PANEL_WIDTH, SS
from .view import Piece, color_names, pieces, seat_info, seat_or_none
from .view import focus as read_focus

SIDE_H = 230
HAND_W = 440
WAITING_WIDTH = 720


@dataclass(frozen=True)
class PanelPlan:
    size: tuple[int, int]
    strip: Box
    hand: Box
    raft: RaftView
    side: Box


def panel_plan(view: Mapping[str, Any]) -> PanelPlan:
    inner = PANEL_WIDTH - 2 * MARGIN
    y = MARGIN
    strip = (MARGIN, y, inner - HAND_W - GAP, STRIP_H)
    hand = (PANEL_WIDTH - MARGIN - HAND_W, y, HAND_W, STRIP_H)
    y += STRIP_H + GAP
    sea_h = round(2 * PANEL_REACH[1] * PANEL_SCALE)
    rv = raft_view((MARGIN, y, inner, sea_h), PANEL_SCALE)
    y += sea_h + GAP
    side = (MARGIN, y, inner, SIDE_H)
    return PanelPlan((PANEL_WIDTH, y + SIDE_H + MARGIN), strip, hand, rv, side)


def panel_geometry(view: Mapping[str, Any], *,
                   focus: Mapping[str, Any] | None = None) -> RaftView:
    """Where the raft lands in `panel_png(view, focus=focus, ...)`: `.raft_to_px(x, y)`."""
    return panel_plan(view).raft


def _hand(canvas: Image.Image, box: Box, view: Mapping[str, Any], colors: Sequence[str]) -> None:
    """The rafter in hand and the lumber card drawn (with its print in the advanced game)."""
    draw = ImageDraw.Draw(canvas)
    kit.frame(draw, box)
    x, y, w, h = box
    inset = 4
    bx, by, bw, bh = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    img = Image.new("RGB", (bw * SS, bh * SS), PANEL)
    advanced = view.get("advanced") is True
    held, card = view.get("held"), view.get("card")
    if isinstance(card, int) and not isinstance(card, bool) and card >= 0:
        rv = RaftView((bw / 2, bh / 2), 2.5, (0, 0, bw, bh))
        p = Painter(img, rv, SS, (0.0, 0.0), colors, advanced)
        q = place(Piece("card", "L", card, 0, (28.0, 0.0, 0.0), (1.0, 0.0, 0.0, 0.0)))
        p.shadow(q)
        p.piece(q)
    if isinstance(held, int) and not isinstance(held, bool) and 0 <= held < len(CONFIG.rafters):
        rv = RaftView((bw / 2, bh / 2), 4.0, (0, 0, bw, bh))
        p = Painter(img, rv, SS, (0.0, 0.0), colors, advanced)
        q = place(Piece("held", "R", held, 0, (-36.0, 0.0, 0.0), (1.0, 0.0, 0.0, 0.0)))
        p.shadow(q)
        p.piece(q)
    canvas.paste(img.reduce(SS), (bx, by))


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """The acting player's picture, as PNG bytes.

    `focus` (from the menu): ``ghost`` {x, y, yaw, card, legal} a translucent lumber card
    outlined green with a tick if legal, red with a cross if not; ``spots`` [[n, x, y], ...]
    numbered discs; ``rafter`` {variant, x, y, yaw} and ``chest`` {color, x, y} ghosts;
    ``take`` [rafter ids] those rafters outlined and numbered id + 1. Other keys are ignored.
    """
    f = read_focus(focus)
    plan = panel_plan(view)
    canvas, draw = kit.new_canvas(plan.size)
    colors = color_names(view)
    seat = seat_or_none(view.get("viewer"))
    if seat is None:
        seat = seat_or_none(view.get("turn"))
    if seat is not None:
        seat_strip(canvas, draw, plan.strip, seat_info(view, seat), kit.player_name(names, seat),
                   colors, turn=seat_or_none(view.get("turn")) == seat)
    else:
        kit.frame(draw, plan.strip)
    _hand(canvas, plan.hand, view, colors)
    canvas.paste(draw_raft(view, plan.raft, focus=f, colors=colors), plan.raft.box[:2])
    placed = paint_order([place(q) for q in pieces(view.get("pieces"))])
    draw_side(canvas, plan.side, plan.raft.center[0], plan.raft.scale, placed, colors)
    return kit.to_png(canvas, keep=_KEEP)



# ---------------------------------------------------------------------------
# The waiting picture

def waiting_size() -> tuple[int, int]:
    """The size of every `waiting_png` picture."""
    return WAITING_WIDTH, 2 * MARGIN + STRIP_H


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The viewer's own strip (name, colours, supply, penalties, out), as PNG bytes. Rafter
    Five hides nothing, so the raft and whose turn it is are left out on purpose: the bytes
    change only when the strip does."""
    canvas, draw = kit.new_canvas(waiting_size())
    seat = seat_or_none(view.get("viewer"))
    box = (MARGIN, MARGIN, WAITING_WIDTH - 2 * MARGIN, STRIP_H)
    if seat is None:
        kit.frame(draw, box)
    else:
        seat_strip(canvas, draw, box, seat_info(view, seat), kit.player_name(names, seat),
                   color_names(view))
    return kit.to_png(canvas, keep=_KEEP)
