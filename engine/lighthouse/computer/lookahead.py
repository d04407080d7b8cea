"""Looking one reply ahead: what the opponent's best immediate answer does to a position,
expected over every hand they could hold.

The opponent either completes a line (a hot cell) with one of their numbers or plays
quietly elsewhere, which leaves the marker where it is. Which numbers they hold is hidden,
so each number's best answer is weighed by the chance that it is their best one
(`odds.expected_extreme`).
"""

from __future__ import annotations

import math

from .odds import expected_extreme
from .position import Position, code
from .scratch import Scratch


def answer_by_number(scratch: Scratch, position: Position, hot: list[int],
                     next_hand: int) -> dict[int, float]:
    """For each number the opponent might hold, my worth after their best move with it
    (their best is my worst). `next_hand`: my tokens when it is my turn again."""
    quiet = scratch.empties > len(hot)
    still = scratch.worth()
    other = position.other
    worth: dict[int, float] = {}
    for value, count in position.their_unseen.items():
        if not count:
            continue
        token = code(other, value)
        best = still if quiet else math.inf
        for cell in hot:
            before = scratch.put(cell, token)
            result = scratch.finished(next_hand)
            best = min(best, scratch.worth() if result is None else result)
            scratch.take(cell, before)
        worth[value] = best
    return worth


def after_answer(scratch: Scratch, position: Position) -> float:
    """My worth after my move (already on `scratch`) and the opponent's best immediate
    answer, expected over their hidden hand."""
    worth = answer_by_number(scratch, position, scratch.hot(), position.my_hand_after)
    return expected_extreme(worth, position.their_unseen, position.their_hand_size, lowest=True)
