"""Why a move was made, in words every reader of the group may know: only the board (which
the move itself makes public), never a number in anyone's hand."""

from __future__ import annotations

from ...core import Label
from .moves import Move
from .position import Position, code
from .scratch import Scratch


def reason_for(position: Position, move: Move) -> Label:
    """What the move does on the board: scores, takes the round, limits a loss, or keeps
    every line out of the opponent's reach."""
    scratch = Scratch(position)
    steps = position.toward_me(scratch.steps(move.cell, code(position.seat, move.value)))
    before = scratch.put(move.cell, code(position.seat, move.value))
    marker_end = abs(scratch.marker) >= scratch.track
    opened = len(scratch.hot())
    scratch.take(move.cell, before)
    if marker_end and steps > 0:
        return Label("lighthouse-bot-track")
    if steps > 0:
        return Label("lighthouse-bot-score", {"points": steps})
    if steps < 0:
        return Label("lighthouse-bot-least-loss", {"points": -steps})
    if opened == 0:
        return Label("lighthouse-bot-safe")
    return Label("lighthouse-bot-quiet")
