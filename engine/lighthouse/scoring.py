"""Scoring a completed line, and where the points move the lighthouse marker.

A completed line belongs to the player with more tokens of their colour in it (lines have
an odd length, so there is always one). It scores the sum of its combinations: each number
that appears k ≥ 2 times gives k·(k−1)/2 (pair 1, three of a kind 3, four 6, five 10), and a
line all of one colour gives 3 more. A line with no combination at all scores −3 for its
owner. The rulebook's examples:

>>> from engine.lighthouse.board import Token
>>> red, blue = 0, 1
>>> def line(*tokens): return tuple(Token(s, v) for s, v in tokens)
>>> score_line(line((red, 4), (red, 4), (red, 1), (blue, 2), (blue, 7))).points
1
>>> score_line(line((red, 7), (red, 7), (blue, 7), (red, 5), (blue, 5))).points
4
>>> s = score_line(line((blue, 1), (blue, 2), (red, 5), (blue, 6), (red, 8)))
>>> s.owner, s.points
(1, -3)

The marker is a signed number of steps: positive towards seat 0 (red), negative towards
seat 1 (blue); it never goes beyond the track's end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, Line, Token, completed_by, line_tokens

ONE_COLOUR_POINTS = 3
NO_COMBINATION_POINTS = -3


def group_points(count: int) -> int:
    """Points for one number appearing `count` times: 0, 0, 1, 3, 6, 10, 15, 21..."""
    return count * (count - 1) // 2


@dataclass(frozen=True)
class LineScore:
    """What a completed line gives, and to whom."""

    owner: int  # the seat with more tokens of its colour in the line
    points: int  # for the owner: the combinations' sum, or -3 without any
    groups: tuple[int, ...]  # sizes of the groups of equal numbers (2 or more), largest first
    one_colour: bool

    @property
    def steps(self) -> int:
        """The marker's move: positive towards seat 0, negative towards seat 1."""
        return self.points if self.owner == 0 else -self.points


def score_line(tokens: Sequence[Token]) -> LineScore:
    """Score a completed line (an odd number of tokens of the two players)."""
    red = sum(1 for t in tokens if t.seat == 0)
    owner = 0 if 2 * red > len(tokens) else 1
    groups = tuple(sorted((n for n in Counter(t.value for t in tokens).values() if n >= 2),
                          reverse=True))
    one_colour = red in (0, len(tokens))
    points = sum(group_points(n) for n in groups) + (ONE_COLOUR_POINTS if one_colour else 0)
    return LineScore(owner, points or NO_COMBINATION_POINTS, groups, one_colour)


@dataclass(frozen=True)
class ScoredLine:
    line: Line
    score: LineScore


def score_move(board: Board, size: int, zone: int, cell: int,
               token: Token) -> tuple[ScoredLine, ...]:
    """The lines a token put on an empty cell would complete, each scored, rows first.

    `board` is the board before the token is put down.
    """
    scored = []
    for line in completed_by(board, size, zone, cell):
        tokens = [token if t is None else t for t in line_tokens(board, size, line)]
        scored.append(ScoredLine(line, score_line(tokens)))
    return tuple(scored)


def scored_lines_through(board: Board, size: int, zone: int, cell: int) -> tuple[ScoredLine, ...]:
    """The completed lines through a cell of a board, each scored (what the token last put on
    that cell completed, as every line through it was open until then)."""
    scored = []
    for line in completed_by(board, size, zone, cell):
        tokens = line_tokens(board, size, line)
        if all(t is not None for t in tokens):
            scored.append(ScoredLine(line, score_line(tokens)))  # type: ignore[arg-type]
    return tuple(scored)


def clamp(marker: int, track: int) -> int:
    return max(-track, min(track, marker))


def move_marker(marker: int, lines: Sequence[ScoredLine], track: int) -> int:
    """The marker after a move: the lines' points are added together (a row and a column
    completed at once score as one move, whatever their order) and the result is held at
    the track's ends."""
    return clamp(marker + sum(s.score.steps for s in lines), track)


def side_of(marker: int) -> int | None:
    """The seat on whose side the marker stands, or None on 0."""
    return 0 if marker > 0 else 1 if marker < 0 else None
