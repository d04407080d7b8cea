"""The chance that a hidden hand holds a number: the best (or worst) a hand can do, expected
over every hand that could be dealt from the tokens not yet seen.

A hand of `h` tokens is drawn without replacement from the unseen tokens. If each number
`v` is worth `worth[v]` to its holder and a holder takes its best number, the chance that the
best number is `v` is the chance that the hand holds a `v` and none of the better numbers;
that is exact, and far cheaper than listing the hands.

>>> expected_extreme({1: 5.0, 2: 0.0}, {1: 1, 2: 1}, 1, lowest=False)
2.5
>>> expected_extreme({1: 5.0, 2: 0.0}, {1: 1, 2: 1}, 2, lowest=False)
5.0
"""

from __future__ import annotations

from collections.abc import Mapping
from math import comb


def expected_extreme(worth: Mapping[int, float], unseen: Mapping[int, int], hand_size: int, *,
                     lowest: bool) -> float:
    """The expected best `worth` of a hand of `hand_size` tokens drawn from `unseen` (counts
    by number): the highest, or with `lowest` the lowest. `worth` covers every number with
    an unseen token; the hand must not be empty."""
    total = sum(unseen.values())
    size = min(hand_size, total)
    if size <= 0:
        raise ValueError("an empty hand has no best number")
    ways = comb(total, size)
    order = sorted((v for v in worth if unseen.get(v, 0) > 0), key=lambda v: worth[v],
                   reverse=not lowest)
    expected = 0.0
    left = total
    none_so_far = 1.0  # the chance the hand holds none of the numbers ranked so far
    for value in order:
        left -= unseen[value]
        none_now = comb(left, size) / ways
        expected += worth[value] * (none_so_far - none_now)
        none_so_far = none_now
    return expected


def draw_chances(pile: Mapping[int, int]) -> list[tuple[int, float]]:
    """Each number the next draw from a pile could be, with its chance (empty pile: none)."""
    total = sum(pile.values())
    return [(value, count / total) for value, count in sorted(pile.items()) if count > 0]
