"""The group's Rafter Five picture: the raft in the ¾ view, framed on what is there, then a
strip per player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit
from render.kit import Box

from .camera import RaftView
from .labels import readable_px, shrink_onto
from .raft import draw_raft, frame
from .seats import seat_strip, strip_boxes, strips_height
from .stage import Stage, stage
from .theme import _KEEP, BOARD_RAFT_H, BOARD_WIDTH, GAP, MARGIN, SS
from .view import color_names, seat_or_none, seats


@dataclass(frozen=True)
class BoardPlan:
    size: tuple[int, int]
    raft: RaftView
    strips: list[Box]
    stage: Stage


def board_plan(view: Mapping[str, Any]) -> BoardPlan:
    inner = BOARD_WIDTH - 2 * MARGIN
    st = stage(view)
    rv = frame(view, (MARGIN, MARGIN, inner, BOARD_RAFT_H), st=st)
    n = len(seats(view))
    y = MARGIN + BOARD_RAFT_H + GAP
    strips = strip_boxes(n, MARGIN, y, inner)
    return BoardPlan((BOARD_WIDTH, y + strips_height(n) + MARGIN - (GAP if not n else 0)),
                     rv, strips, st)


def board_geometry(view: Mapping[str, Any]) -> RaftView:
    """Where the raft lands in `board_png(view, ...)`: `.raft_to_px(x, y, z)`."""
    return board_plan(view).raft


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes."""
    plan = board_plan(view)
    canvas, draw = kit.new_canvas(plan.size)
    colors = color_names(view)
    sea = draw_raft(view, plan.raft, colors=colors, text_px=readable_px(BOARD_WIDTH),
                    st=plan.stage)
    shrink_onto(canvas, sea, SS, plan.raft.box[:2])
    turn = seat_or_none(view.get("turn")) if view.get("phase") != "over" else None
    for info, box in zip(seats(view), plan.strips):
        seat_strip(canvas, draw, box, info, kit.player_name(names, info.seat), colors,
                   turn=info.seat == turn)
    return kit.to_png(canvas, keep=_KEEP)
