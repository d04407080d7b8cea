"""The acting player's Rafter Five panel (their strip and what is in their hand, the raft
larger with what the menu step points at, a side view under it) and the waiting picture
(their strip alone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box

from .camera import AZIMUTH_DEG, RaftView, fit
from .engine_data import CONFIG, yaw_quat
from .geometry import place
from .labels import readable_px, shrink_onto
from .pieces import Painter
from .raft import draw_raft, frame, paint_stage
from .seats import STRIP_H, seat_strip
from .stage import Item, Stage, stage
from .theme import _KEEP, GAP, MARGIN, PANEL, PANEL_RAFT_H, PANEL_WIDTH, SS
from .view import Focus, Piece, color_names, seat_info, seat_or_none
from .view import focus as read_focus

HAND_W = 440
WAITING_WIDTH = 720


@dataclass(frozen=True)
class PanelPlan:
    size: tuple[int, int]
    strip: Box
    hand: Box
    raft: RaftView
    stage: Stage
    focus: Focus


def panel_plan(view: Mapping[str, Any], focus: Mapping[str, Any] | None = None) -> PanelPlan:
    inner = PANEL_WIDTH - 2 * MARGIN
    y = MARGIN
    strip = (MARGIN, y, inner - HAND_W - GAP, STRIP_H)
    hand = (PANEL_WIDTH - MARGIN - HAND_W, y, HAND_W, STRIP_H)
    y += STRIP_H + GAP
    st = stage(view)
    f = read_focus(focus)
    rv = frame(view, (MARGIN, y, inner, PANEL_RAFT_H), f, st)
    return PanelPlan((PANEL_WIDTH, y + PANEL_RAFT_H + MARGIN), strip, hand, rv, st, f)


def panel_geometry(view: Mapping[str, Any], *,
                   focus: Mapping[str, Any] | None = None) -> RaftView:
    """Where the raft lands in `panel_png(view, focus=focus, ...)`: `.raft_to_px(x, y, z)`."""
    return panel_plan(view, focus).raft


def _hand(canvas: Image.Image, box: Box, view: Mapping[str, Any], colors: Sequence[str]) -> None:
    """The rafter in hand and the lumber card drawn (with its print in the advanced game),
    seen as on the raft."""
    draw = ImageDraw.Draw(canvas)
    kit.frame(draw, box)
    x, y, w, h = box
    inset = 6
    area = (0, 0, w - 2 * inset, h - 2 * inset)
    held, card = view.get("held"), view.get("card")
    items = []
    face = yaw_quat(AZIMUTH_DEG)  # square to the eye
    if isinstance(card, int) and not isinstance(card, bool) and card >= 0:
        items.append(Item(place(Piece("card", "L", card, 0, (-14.0, 0.0, 0.0), face))))
    if isinstance(held, int) and not isinstance(held, bool) and 0 <= held < len(CONFIG.rafters):
        items.append(Item(place(Piece("held", "R", held, 0, (62.0, -26.0, 0.0), face))))
    if not items:
        return
    st = Stage(items)
    rv = fit(area, [c for it in items for b in it.placed.boxes for c in b.corners],
             margin=0.06)
    img = Image.new("RGB", (area[2] * SS, area[3] * SS), PANEL)
    p = Painter(img, rv, SS, (0.0, 0.0), colors, view.get("advanced") is True,
                readable_px(PANEL_WIDTH))
    paint_stage(p, st, pedestal=False)
    shrink_onto(canvas, img, SS, (x + inset, y + inset))


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """The acting player's picture, as PNG bytes.

    `focus` (from the menu): ``ghost`` {x, y, yaw, card, legal, z?} a translucent lumber
    card where it would land, outlined green with a tick if legal, red with a cross if not;
    ``targets`` and ``spots`` [[n, x, y], ...] numbered discs on the surface there;
    ``rafter`` {variant, x, y, yaw, z?} and ``chest`` {color, x, y, z?} ghosts; ``take``
    [rafter ids] those rafters outlined and numbered id + 1; ``wood`` [card ids] those
    face-up sea cards outlined and numbered 1.. in that order. Other keys are ignored.
    """
    plan = panel_plan(view, focus)
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
    sea = draw_raft(view, plan.raft, focus=plan.focus, colors=colors,
                    text_px=readable_px(PANEL_WIDTH), st=plan.stage)
    shrink_onto(canvas, sea, SS, plan.raft.box[:2])
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
