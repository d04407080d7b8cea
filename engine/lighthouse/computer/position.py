"""A Lighthouse position as a computer player reads it from its view: a flat board of small
integer codes, fast to copy and to score, and what is known of the hidden tokens.

Cells are numbered over both zones: zone `z`, cell `c` is `z * cells + c`. A token is coded
`seat * 16 + value`, so `code >> 4` is its seat and `code & 15` its number; 0 is an empty cell.
Everything here comes from the view, which holds only what the seat may know.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..board import LINE_KINDS, line_cells
from ..options import PLAYERS, Options

EMPTY = 0


def code(seat: int, value: int) -> int:
    return seat * 16 + value


@dataclass(frozen=True)
class Geometry:
    """The lines of a board size: each line's cells, and the lines through each cell."""

    size: int
    cells: int  # per zone
    lines: tuple[tuple[int, ...], ...]  # in the engine's order: zone, then rows, then columns
    lines_of: tuple[tuple[int, ...], ...]  # per board cell, the indices of its row and column
    peers: tuple[frozenset[int], ...]  # per board cell, the other cells of its row and column


@cache
def geometry(size: int) -> Geometry:
    """The same for every call with one size (a constant table, so caching changes nothing)."""
    cells = size * size
    lines = tuple(tuple(zone * cells + c for c in line_cells(size, kind, index))
                  for zone in range(PLAYERS) for kind in LINE_KINDS for index in range(size))
    lines_of = tuple(tuple(i for i, line in enumerate(lines) if cell in line)
                     for cell in range(PLAYERS * cells))
    peers = tuple(frozenset(c for index in lines_of[cell] for c in lines[index]) - {cell}
                  for cell in range(PLAYERS * cells))
    return Geometry(size, cells, lines, lines_of, peers)


@dataclass(frozen=True)
class Position:
    """What the seat to move knows: the public board and marker, its own hand, and the
    numbers of the tokens nobody has shown yet, per owner."""

    seat: int
    geo: Geometry
    board: tuple[int, ...]
    marker: int  # positive towards seat 0, as in the engine
    track: int
    hand: tuple[int, ...]  # sorted, may repeat
    own_unseen: Counter[int]  # the seat's own pile, as numbers (its order is secret)
    their_unseen: Counter[int]  # the opponent's hand and pile together
    their_hand_size: int

    @property
    def other(self) -> int:
        return 1 - self.seat

    def toward_me(self, steps: int) -> int:
        """Steps towards seat 0 turned into steps towards this seat."""
        return steps if self.seat == 0 else -steps

    @property
    def my_hand_after(self) -> int:
        """Tokens this seat holds after its move and its draw."""
        return len(self.hand) - 1 + (1 if self.own_unseen.total() else 0)

    @property
    def their_hand_after(self) -> int:
        """Tokens the opponent holds after their next move and draw."""
        pile = self.their_unseen.total() - self.their_hand_size
        return self.their_hand_size - 1 + (1 if pile > 0 else 0)

    def empty_cells(self) -> list[int]:
        return [cell for cell, token in enumerate(self.board) if token == EMPTY]


def read_view(view: Mapping[str, Any], seat: int) -> Position:
    """The position the view describes, for the seat that owns the view."""
    options = Options.parse(view["options"])
    geo = geometry(options.zone_size)
    board = tuple(EMPTY if t is None else code(int(t[0]), int(t[1]))
                  for zone in view["zones"] for t in zone)
    hand = tuple(sorted(int(v) for v in view["hand"]))
    on_board = [Counter(t & 15 for t in board if t != EMPTY and t >> 4 == s)
                for s in range(PLAYERS)]
    full = Counter(options.full_set())
    other = 1 - seat
    return Position(
        seat=seat, geo=geo, board=board, marker=int(view["marker"]), track=int(view["track"]),
        hand=hand,
        own_unseen=full - on_board[seat] - Counter(hand),
        their_unseen=full - on_board[other],
        their_hand_size=int(view["seats"][other]["hand_size"]),
    )


def encode_place(geo: Geometry, value: int, cell: int) -> str:
    """A board cell and a number as the engine's `Place` action text."""
    zone, inner = divmod(cell, geo.cells)
    return f"p:{value}:{zone}:{inner}"
