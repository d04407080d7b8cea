"""Hard: expectimax two replies deep. The best moves by the normal level's measure (with
quiet moves that are alike to the search kept once) are searched further (`search`): the
opponent's best answer with each number they might hold, weighed by the chance they hold
it, then this seat's best answer with what it keeps and might draw. How many moves are
searched is sized from the budget, never from the clock."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from .moves import Move, between_rounds, decision
from .normal import ranked
from .position import Position, read_view
from .reasons import reason_for
from .scratch import Scratch
from .search import searched_worth
from .shape import shape

LEVEL_BUDGET = 1.0
"""Seconds a decision may take (its `ComputerPlayer.budget`)."""
MOVES_PER_SECOND = 24
"""Candidate moves searched deeply per second of budget (about 30 ms each, worst case)."""
MIN_MOVES = 3
ROOT_SHAPE_WEIGHT = 1.0
"""A move's shape (see `shape`) in marker steps, added to what the search finds: less than
the normal level gives it, as the search itself sees much of what shape guesses at."""


def search_width(budget: Budget) -> int:
    """How many of the best-looking moves to search, from the budget alone (never the
    clock), so that the same view always gets the same choice."""
    seconds = min(budget.seconds, LEVEL_BUDGET)
    return max(MIN_MOVES, int(seconds * MOVES_PER_SECOND))


def shortlist(position: Position, width: int) -> list[Move]:
    """The moves worth searching, best first by the normal level's measure. Quiet moves far
    from any line's end are alike to the search, so only the best of them per number (and
    per how far its lines are from complete) is kept, leaving room for the sharp moves."""
    scratch = Scratch(position)
    sharp = set(scratch.hot()) | set(scratch.warm())
    kept: list[Move] = []
    quiet_kinds: set[tuple[int, int]] = set()
    for _, move in ranked(position):
        if move.cell not in sharp:
            kind = (move.value, min(4, min(scratch.missing[i]
                                           for i in position.geo.lines_of[move.cell])))
            if kind in quiet_kinds:
                continue
            quiet_kinds.add(kind)
        kept.append(move)
        if len(kept) == width:
            break
    return kept


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    waiting = between_rounds(view)
    if waiting is not None:
        return waiting
    position = read_view(view, seat)
    scratch = Scratch(position)
    best_worth, best_moves = -math.inf, []
    for move in shortlist(position, search_width(budget)):
        if budget.expired() and best_moves:
            break  # a guard for an overloaded machine only
        worth = (searched_worth(scratch, position, move)
                 + ROOT_SHAPE_WEIGHT * shape(position, move.value, move.cell))
        if worth > best_worth + 1e-9:
            best_worth, best_moves = worth, [move]
        elif worth > best_worth - 1e-9:
            best_moves.append(move)
    move = rng.choice(best_moves)
    return decision(position, move, reason_for(position, move))
