"""Normal: look one reply ahead, and shape the open lines. Each move is worth the marker
after it and after the opponent's best immediate answer (completing a line the move left
open, or playing quietly), expected over every hand the opponent could hold given the
tokens not yet seen; a move that ends the round is worth the round. To that it adds the
move's shape (`shape`): more of its colour in lines it can own, pairs in them, fewer in the
opponent's. Measured, shape weighs best at about three marker steps per point of outlook."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from .lookahead import after_answer
from .moves import Move, between_rounds, decision, moves
from .position import Position, code, read_view
from .reasons import reason_for
from .scratch import Scratch
from .shape import shape

SHAPE_WEIGHT = 3.0
"""A move's shape (see `shape`) in marker steps."""


def move_worth(scratch: Scratch, position: Position, move: Move) -> float:
    """My worth after `move` and the opponent's best immediate answer."""
    before = scratch.put(move.cell, code(position.seat, move.value))
    result = scratch.finished(position.their_hand_size)
    worth = after_answer(scratch, position) if result is None else result
    scratch.take(move.cell, before)
    return worth


def ranked(position: Position) -> list[tuple[float, Move]]:
    """Every move with its worth and shape, best first (ties in the moves' fixed order)."""
    scratch = Scratch(position)
    scored = [(move_worth(scratch, position, m) + SHAPE_WEIGHT * shape(position, m.value, m.cell),
               m) for m in moves(position)]
    return sorted(scored, key=lambda pair: -pair[0])


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    waiting = between_rounds(view)
    if waiting is not None:
        return waiting
    position = read_view(view, seat)
    scored = ranked(position)
    best = scored[0][0]
    move = rng.choice([m for worth, m in scored if worth >= best - 1e-9])
    return decision(position, move, reason_for(position, move))
