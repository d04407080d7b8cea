"""Scoring completed lines on the computer players' flat board, fast enough for search.

The rules are the engine's (`engine.lighthouse.scoring`): the majority colour owns a line;
each number appearing k times gives k·(k−1)/2, one colour 3 more, nothing at all −3. The
tests check these functions against the engine's own scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..scoring import NO_COMBINATION_POINTS, ONE_COLOUR_POINTS


def line_steps(codes: Sequence[int]) -> int:
    """A completed line's points as the marker's move: positive towards seat 0."""
    red = 0
    pairs = 0
    seen: dict[int, int] = {}
    for token in codes:
        value = token & 15
        already = seen.get(value, 0)
        pairs += already  # each new copy pairs with every earlier one: k·(k−1)/2 in all
        seen[value] = already + 1
        if token < 16:
            red += 1
    if red == 0 or red == len(codes):
        pairs += ONE_COLOUR_POINTS
    points = pairs or NO_COMBINATION_POINTS
    return points if 2 * red > len(codes) else -points


class LineShort:
    """A line one token short of complete, read once so that scoring each token that could
    complete it is quick: its red tokens, its pairs so far and its numbers' counts."""

    __slots__ = ("counts", "pairs", "red", "size")

    def __init__(self, codes: Sequence[int]) -> None:
        """`codes`: the line's tokens, its one empty cell left out."""
        self.size = len(codes) + 1
        self.red = 0
        self.pairs = 0
        self.counts: dict[int, int] = {}
        for token in codes:
            value = token & 15
            already = self.counts.get(value, 0)
            self.pairs += already
            self.counts[value] = already + 1
            if token < 16:
                self.red += 1

    def steps(self, token: int) -> int:
        """The marker's move (towards seat 0) when `token` completes the line; the same as
        `line_steps` of the completed line."""
        red = self.red + (token < 16)
        pairs = self.pairs + self.counts.get(token & 15, 0)
        if red == 0 or red == self.size:
            pairs += ONE_COLOUR_POINTS
        points = pairs or NO_COMBINATION_POINTS
        return points if 2 * red > self.size else -points
