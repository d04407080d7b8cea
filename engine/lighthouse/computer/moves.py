"""The moves a computer player considers, and the one decision every level makes the same
way: between rounds there is nothing to choose but the next round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Decision, Label
from ..actions import NextRound
from .position import Position, encode_place


@dataclass(frozen=True, order=True)
class Move:
    """A number from the hand on an empty board cell (cells counted over both zones)."""

    value: int
    cell: int


def moves(position: Position) -> list[Move]:
    """Every legal placement, each number once, in a fixed order."""
    cells = position.empty_cells()
    return [Move(value, cell) for value in sorted(set(position.hand)) for cell in cells]


def decision(position: Position, move: Move, reason: Label | None) -> Decision:
    return Decision(encode_place(position.geo, move.value, move.cell), reason)


def between_rounds(view: Mapping[str, Any]) -> Decision | None:
    """The decision when the view shows no round in play (the only action: the next round)."""
    if view["phase"] == "play":
        return None
    return Decision(NextRound().encode(), Label("lighthouse-bot-next-round"))
