"""The two zones of the Lighthouse board: tokens, cells and lines.

A zone is a flat tuple of `size * size` cells numbered row by row from 0; a cell holds a
`Token` or None. A line is a row or a column of one zone. The board is the pair of zones,
red (zone 0) and blue (zone 1).

>>> line_cells(5, ROW, 1)
(5, 6, 7, 8, 9)
>>> lines_through(5, 7)
(('row', 1), ('col', 2))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

ROW, COL = "row", "col"
LINE_KINDS: tuple[str, str] = (ROW, COL)


@dataclass(frozen=True)
class Token:
    """A token on the board: its owner's seat (so its colour) and its number."""

    seat: int
    value: int


Zone = tuple[Token | None, ...]
Board = tuple[Zone, ...]


@dataclass(frozen=True, order=True)
class Line:
    """One row or column of one zone."""

    zone: int
    kind: str  # ROW or COL
    index: int


def empty_board(size: int, zones: int = 2) -> Board:
    return tuple((None,) * (size * size) for _ in range(zones))


@cache
def line_cells(size: int, kind: str, index: int) -> tuple[int, ...]:
    """The cells of a row or column, in order."""
    if kind == ROW:
        return tuple(index * size + i for i in range(size))
    return tuple(i * size + index for i in range(size))


@cache
def lines_through(size: int, cell: int) -> tuple[tuple[str, int], tuple[str, int]]:
    """The row and the column a cell lies on."""
    return (ROW, cell // size), (COL, cell % size)


def line_tokens(board: Board, size: int, line: Line) -> tuple[Token | None, ...]:
    zone = board[line.zone]
    return tuple(zone[c] for c in line_cells(size, line.kind, line.index))


def is_complete(board: Board, size: int, line: Line) -> bool:
    return all(t is not None for t in line_tokens(board, size, line))


def all_lines(size: int, zones: int = 2) -> Iterator[Line]:
    for zone in range(zones):
        for kind in LINE_KINDS:
            for index in range(size):
                yield Line(zone, kind, index)


def completed_by(board: Board, size: int, zone: int, cell: int) -> tuple[Line, ...]:
    """The lines a token put on the empty `cell` would complete: the other cells of its row
    or column are all taken. Rows come before columns."""
    current = board[zone]
    found = []
    for kind, index in lines_through(size, cell):
        if all(current[c] is not None for c in line_cells(size, kind, index) if c != cell):
            found.append(Line(zone, kind, index))
    return tuple(found)


def place(board: Board, zone: int, cell: int, token: Token) -> Board:
    """The board with `token` on a cell (the caller has checked the cell is empty)."""
    current = board[zone]
    changed = current[:cell] + (token,) + current[cell + 1:]
    return board[:zone] + (changed,) + board[zone + 1:]


def empty_cells(board: Board, zone: int) -> tuple[int, ...]:
    return tuple([i for i, t in enumerate(board[zone]) if t is None])


def is_full(board: Board) -> bool:
    return all(None not in zone for zone in board)


def own_in_own_zone(board: Board, seat: int) -> int:
    """Tokens of a player's colour in the zone of that colour (the marker-on-0 tie-break)."""
    return sum(1 for t in board[seat] if t is not None and t.seat == seat)
