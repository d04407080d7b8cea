"""A board the search may write on: put a token, look ahead, take it back.

It keeps how many cells each line still lacks, so the cells that complete a line ("hot"
cells: whoever plays there scores that line) are found without scanning the board, and it
says when a move ends the round and who would win it.
"""

from __future__ import annotations

from .lines import LineShort, line_steps
from .position import EMPTY, Position

WIN = 100.0
"""A round won, in marker steps: more than any marker the track allows."""


class Scratch:
    """A mutable copy of a position's board and marker, seen from `me`."""

    def __init__(self, position: Position) -> None:
        self.geo = position.geo
        self.me = position.seat
        self.track = position.track
        self.cells = list(position.board)
        self.marker = position.marker
        self.missing = [sum(1 for c in line if self.cells[c] == EMPTY) for line in self.geo.lines]
        self.empties = self.cells.count(EMPTY)

    # --- changing the board ---------------------------------------------------------------

    def put(self, cell: int, token: int) -> int:
        """Put `token` on the empty `cell`, move the marker; returns the old marker for
        `take`."""
        before = self.marker
        steps = self.steps(cell, token)
        self.cells[cell] = token
        for index in self.geo.lines_of[cell]:
            self.missing[index] -= 1
        self.empties -= 1
        self.marker = max(-self.track, min(self.track, before + steps))
        return before

    def take(self, cell: int, marker: int) -> None:
        """Undo `put`."""
        self.cells[cell] = EMPTY
        for index in self.geo.lines_of[cell]:
            self.missing[index] += 1
        self.empties += 1
        self.marker = marker

    # --- reading it -----------------------------------------------------------------------

    def steps(self, cell: int, token: int) -> int:
        """The marker's move (towards seat 0) if `token` went on the empty `cell`."""
        steps = 0
        for index in self.geo.lines_of[cell]:
            if self.missing[index] == 1:
                steps += line_steps([token if c == cell else self.cells[c]
                                     for c in self.geo.lines[index]])
        return steps

    def shorts(self, cell: int) -> list[LineShort]:
        """The lines a token on the empty `cell` would complete, read for quick scoring."""
        return [LineShort([self.cells[c] for c in self.geo.lines[index] if c != cell])
                for index in self.geo.lines_of[cell] if self.missing[index] == 1]

    def hot_through(self, cell: int) -> list[int]:
        """The empty cells completing a line through `cell` (a taken cell)."""
        found = []
        for index in self.geo.lines_of[cell]:
            if self.missing[index] == 1:
                found += [c for c in self.geo.lines[index] if self.cells[c] == EMPTY]
        return found

    def hot(self) -> list[int]:
        """The empty cells that complete at least one line."""
        found = {c for index, line in enumerate(self.geo.lines) if self.missing[index] == 1
                 for c in line if self.cells[c] == EMPTY}
        return sorted(found)

    def warm(self) -> list[int]:
        """The empty cells that leave a line one cell short (a hot cell for the next player)
        without completing anything themselves."""
        found = {c for index, line in enumerate(self.geo.lines) if self.missing[index] == 2
                 for c in line if self.cells[c] == EMPTY}
        return sorted(found - set(self.hot()))

    def worth_after(self, steps: int, next_hand: int) -> float | None:
        """My worth if a move (not the round's last) moved the marker `steps` towards me:
        None when that move might end the round otherwise than at the track's end (the
        caller then plays it out)."""
        marker = self.marker + (steps if self.me == 0 else -steps)
        if abs(marker) >= self.track:
            return WIN if (marker > 0) == (self.me == 0) else -WIN
        if self.empties <= 1 or next_hand <= 0:
            return None
        return float(marker if self.me == 0 else -marker)

    def worth(self) -> float:
        """The marker as steps towards `me` (the search's score of an unfinished round)."""
        return float(self.marker if self.me == 0 else -self.marker)

    def finished(self, next_hand: int) -> float | None:
        """The round's result for `me` if it is over now (the marker at an end, a full board,
        or the next player without a token), else None."""
        if abs(self.marker) >= self.track:
            return WIN if (self.marker > 0) == (self.me == 0) else -WIN
        if self.empties and next_hand > 0:
            return None
        if self.marker != 0:
            return WIN if (self.marker > 0) == (self.me == 0) else -WIN
        zones = self.geo.cells
        own = [sum(1 for t in self.cells[s * zones:(s + 1) * zones] if t != EMPTY and t >> 4 == s)
               for s in (0, 1)]
        if own[0] == own[1]:
            return 0.0
        return WIN if (own[0] > own[1]) == (self.me == 0) else -WIN
