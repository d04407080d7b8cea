"""What a player knows about a card in their hand.

Two layers:

* `Told`: what the card's owner was told by clues, positive ("blue", "a 3") and negative
  ("not blue", "not 3"). This is public: everybody heard every clue.
* `identities`: which cards it can still be, from the clues plus every card the owner can
  see (the other hands, the fireworks, the discards) and what they can deduce about their
  other cards. This is private to the owner: it depends on cards only they can see.

>>> told = Told().after(COLOR, 3, touched=True).after(RANK, 2, touched=False)
>>> told.colors(5), told.ranks()
((3,), (1, 3, 4, 5))
>>> told.allows(Card(3, 4)), told.allows(Card(3, 2))
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .components import MAX_RANK, RANKS, Card, Variant

COLOR, RANK = "color", "rank"
"""The two kinds of clue."""


def touches(card: Card, kind: str, value: int) -> bool:
    """Whether a clue of `kind` and `value` points at this card.

    Multicolour is a colour of its own: only a multicolour clue touches it.
    """
    return card.color == value if kind == COLOR else card.rank == value


@dataclass(frozen=True)
class Told:
    """The clue information one card's owner has received."""

    color: int | None = None  # the colour they were told it is
    rank: int | None = None
    not_colors: tuple[int, ...] = ()  # colours they were told it is not, ascending
    not_ranks: tuple[int, ...] = ()

    def after(self, kind: str, value: int, *, touched: bool) -> Told:
        """The information after one more clue, which touched this card or passed it by.

        A positive fact makes the negatives of its kind redundant, so they are dropped.
        """
        if kind == COLOR:
            if touched:
                return Told(value, self.rank, (), self.not_ranks)
            if self.color is not None or value in self.not_colors:
                return self
            return Told(self.color, self.rank, tuple(sorted((*self.not_colors, value))),
                        self.not_ranks)
        if touched:
            return Told(self.color, value, self.not_colors, ())
        if self.rank is not None or value in self.not_ranks:
            return self
        return Told(self.color, self.rank, self.not_colors,
                    tuple(sorted((*self.not_ranks, value))))

    @property
    def empty(self) -> bool:
        """Nothing was ever said about this card."""
        return self == Told()

    @property
    def touched(self) -> bool:
        """A clue has pointed at this card."""
        return self.color is not None or self.rank is not None

    def colors(self, count: int) -> tuple[int, ...]:
        """The colours (of the first `count`) the clues leave possible."""
        if self.color is not None:
            return (self.color,)
        return tuple(c for c in range(count) if c not in self.not_colors)

    def ranks(self) -> tuple[int, ...]:
        if self.rank is not None:
            return (self.rank,)
        return tuple(r for r in RANKS if r not in self.not_ranks)

    def allows(self, card: Card) -> bool:
        """Whether the clues are true of this card."""
        if self.color is not None and card.color != self.color:
            return False
        if self.rank is not None and card.rank != self.rank:
            return False
        return card.color not in self.not_colors and card.rank not in self.not_ranks


def unseen(variant: Variant, visible: Iterable[Card]) -> Counter[Card]:
    """Copies of each identity someone has not seen, given the cards they see."""
    left = Counter(variant.composition)
    left.subtract(visible)
    return left


def identities(variant: Variant, told: Sequence[Told],
               visible: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """For each card of a hand, the identities its owner cannot rule out.

    `told` is the clue information per card; `visible` every card the owner sees. A card
    known exactly (a single identity left) uses up a copy for the others, repeatedly,
    until nothing changes. Sound: the real card is always among the results.
    """
    left = unseen(variant, visible)
    grid = variant.identities  # colour by colour, ranks ascending: (c, r) is at 5c + r - 1
    options = []
    for t in told:
        ranks = t.ranks()
        options.append([card for c in t.colors(variant.colors) for r in ranks
                        if left[card := grid[MAX_RANK * c + r - 1]] > 0])
    changed = True
    while changed:
        changed = False
        known = Counter(cards[0] for cards in options if len(cards) == 1)
        for i, cards in enumerate(options):
            if len(cards) > 1:
                kept = [card for card in cards if left[card] - known[card] > 0]
                if len(kept) != len(cards):
                    options[i] = kept
                    changed = True
    return tuple(tuple(cards) for cards in options)
