"""The hard level's search: expectimax two replies deep after one of its moves.

After my move the opponent answers with each number they might hold, on every cell that
matters: the cells that complete a line, those that leave a line one cell short, and the
quiet cell that suits that number's shape best (quiet cells are otherwise alike at this
depth). Then I answer with my remaining numbers and each number I might draw: my best
completion, or my best-shaped quiet move. A position is worth its marker plus the shape
of the moves that led there (`shape`), counted for whoever made them. The opponent's
hidden hand and my draw are chance nodes weighed exactly from the tokens not yet seen
(`odds`).
"""

from __future__ import annotations

import math

from .moves import Move
from .odds import draw_chances, expected_extreme
from .position import Position, code
from .scratch import Scratch
from .shape import shape_on

SHAPE_DEEP = 1.0
"""The shape of the moves inside the search, in marker steps."""


class MyAnswers:
    """My best immediate answer to each opponent move, after my first move.

    The hot cells standing after my first move keep their points for me unless the
    opponent's token lands on their row or column, so those are scored once per number and
    kept best first; only the cells on the opponent's lines are scored again."""

    def __init__(self, scratch: Scratch, position: Position, kept: tuple[int, ...]) -> None:
        self.scratch = scratch
        self.position = position
        self.kept = kept
        self.draws = draw_chances(position.own_unseen)
        self.values = sorted(set(kept) | {v for v, _ in self.draws})
        self.tokens = {value: code(position.seat, value) for value in self.values}
        self.sign = 1 if position.seat == 0 else -1  # steps towards seat 0 -> towards me
        self.hot = scratch.hot()
        hot = set(self.hot)
        quiet = [c for c, t in enumerate(scratch.cells) if t == 0 and c not in hot]
        self.quiet_shape = {value: max((shape_on(scratch.cells, scratch.geo, position.seat,
                                                 value, c) for c in quiet), default=0.0)
                            for value in self.values}
        self.standing = {value: sorted(((self.sign * scratch.steps(cell, token), cell)
                                        for cell in self.hot), reverse=True)
                         for value, token in self.tokens.items()}

    def after(self, their_cell: int) -> float:
        """My worth after my best answer, expected over my draw, with the opponent's token
        already on `their_cell` (of the scratch board)."""
        scratch = self.scratch
        peers = scratch.geo.peers[their_cell]
        fresh = set(scratch.hot_through(their_cell))
        fresh.update(c for c in self.hot if c in peers)
        hot_now = len(fresh | (set(self.hot) - {their_cell}))
        still = scratch.worth() if scratch.empties > hot_now else -math.inf
        next_hand = self.position.their_hand_after
        fresh_shorts = [scratch.shorts(cell) for cell in fresh]
        best: dict[int, float] = {}
        sign = self.sign
        for value, token in self.tokens.items():
            steps = next((s for s, c in self.standing[value]
                          if c != their_cell and c not in peers), None)
            for shorts in fresh_shorts:
                moved = 0
                for short in shorts:
                    moved += short.steps(token)
                moved *= sign
                if steps is None or moved > steps:
                    steps = moved
            top = still + SHAPE_DEEP * self.quiet_shape[value]
            if steps is not None:
                worth = scratch.worth_after(steps, next_hand)
                top = max(top, self.played_out(value) if worth is None else worth)
            best[value] = top
        kept_best = max((best[v] for v in self.kept), default=-math.inf)
        if not self.draws:
            return kept_best
        return sum(chance * max(kept_best, best[v]) for v, chance in self.draws)

    def played_out(self, value: int) -> float:
        """My best with `value` when a move may end the round (the last cells, or a player
        about to run out of tokens): every hot cell played and judged in full."""
        scratch = self.scratch
        token = self.tokens[value]
        top = -math.inf
        for cell in scratch.hot():
            before = scratch.put(cell, token)
            result = scratch.finished(self.position.their_hand_after)
            top = max(top, scratch.worth() if result is None else result)
            scratch.take(cell, before)
        return top


def their_cells(scratch: Scratch) -> tuple[list[int], list[int]]:
    """The opponent's cells worth searching: hot and warm cells; and the quiet cells that
    change nothing for the next move (alike at this depth but for their shape)."""
    hot = scratch.hot()
    warm = scratch.warm()
    busy = set(hot) | set(warm)
    quiet = [c for c, t in enumerate(scratch.cells) if t == 0 and c not in busy]
    return hot + warm, quiet


def searched_worth(scratch: Scratch, position: Position, move: Move) -> float:
    """My worth after `move`, the opponent's best answer and mine, in expectation."""
    before = scratch.put(move.cell, code(position.seat, move.value))
    result = scratch.finished(position.their_hand_size)
    if result is not None:
        scratch.take(move.cell, before)
        return result
    kept = list(position.hand)
    kept.remove(move.value)
    answers = MyAnswers(scratch, position, tuple(kept))
    other = position.other
    sharp, quiet = their_cells(scratch)
    worth: dict[int, float] = {}
    for value, count in position.their_unseen.items():
        if not count:
            continue
        token = code(other, value)
        cells = list(sharp)
        if quiet:
            cells.append(max(quiet, key=lambda c: shape_on(scratch.cells, scratch.geo, other,
                                                           value, c)))
        worst = math.inf
        for cell in cells:
            theirs = SHAPE_DEEP * shape_on(scratch.cells, scratch.geo, other, value, cell)
            marker = scratch.put(cell, token)
            ended = scratch.finished(position.my_hand_after)
            worst = min(worst, (answers.after(cell) - theirs) if ended is None else ended)
            scratch.take(cell, marker)
        worth[value] = worst
    scratch.take(move.cell, before)
    return expected_extreme(worth, position.their_unseen, position.their_hand_size, lowest=True)
