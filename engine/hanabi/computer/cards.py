"""Card identities as bit positions, so everything a card may be is one int.

Identity `i` is colour `i // 5`, rank `i % 5 + 1` (the engine's own grid order), and a
*mask* has bit `i` set when the card may be that identity. Masks make the many set
operations a computer player does per decision cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..components import COLORS, MAX_RANK, Card, Variant


def index(color: int, rank: int) -> int:
    return color * MAX_RANK + rank - 1


def color_of(i: int) -> int:
    return i // MAX_RANK


def rank_of(i: int) -> int:
    return i % MAX_RANK + 1


def identities_in(mask: int) -> list[int]:
    """The identities a mask allows, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


@dataclass(frozen=True)
class Deck:
    """The facts of one variant's deck, as masks."""

    colors: int
    copies: tuple[int, ...]  # per identity
    full: int  # every identity
    color_masks: tuple[int, ...]  # per colour
    rank_masks: tuple[int, ...]  # per rank, index 0 unused

    @property
    def size(self) -> int:
        return self.colors * MAX_RANK

    def clue_mask(self, kind: str, value: int) -> int:
        return self.color_masks[value] if kind == "color" else self.rank_masks[value]

    def total_cards(self) -> int:
        return sum(self.copies)


@cache
def deck_of(colors: int) -> Deck:
    """The deck with this many colours (5, or 6 with the multicolour expansion)."""
    variant = Variant(multicolor=colors > len(COLORS) - 1)
    copies = tuple(variant.copies(Card(color_of(i), rank_of(i)))
                   for i in range(colors * MAX_RANK))
    color_masks = tuple(((1 << MAX_RANK) - 1) << (c * MAX_RANK) for c in range(colors))
    rank_masks = (0,) + tuple(sum(1 << index(c, r) for c in range(colors))
                              for r in range(1, MAX_RANK + 1))
    return Deck(colors, copies, (1 << colors * MAX_RANK) - 1, color_masks, rank_masks)
