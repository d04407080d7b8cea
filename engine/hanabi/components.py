"""Hanabi game facts: colours, card counts, tokens, hand sizes, options and score verdicts.

Everywhere in the engine a colour is its index in `COLORS` and a rank is 1–5. The
multicolour expansion adds a sixth colour with one card of each rank; without it the game
uses the first five colours.

>>> Variant(multicolor=False, advanced=False).max_score
25
>>> Variant(multicolor=True, advanced=False).copies(Card(5, 3))
1
>>> verdict(18)
'excellent'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from ..core import Malformed

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue", "white", "multicolor")
"""Colour names in the rulebook's order, the multicolour expansion last."""
BASE_COLORS = 5
MULTICOLOR = 5
RANKS: tuple[int, ...] = (1, 2, 3, 4, 5)
MAX_RANK = 5
COPIES: Mapping[int, int] = {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
"""Cards of each rank in a base colour: 1,1,1,2,2,3,3,4,4,5."""
MULTICOLOR_COPIES = 1
"""The expansion's multicolour cards: one of each rank."""

MAX_CLUES = 8
MAX_FUSES = 3
HAND_SIZE: Mapping[int, int] = {2: 5, 3: 5, 4: 4, 5: 4}
MIN_PLAYERS, MAX_PLAYERS = 2, 5

DEFAULT_OPTIONS: Mapping[str, bool] = {"multicolor": False, "advanced": False}
"""`multicolor`: the "Шквал цветов" expansion (a sixth colour, clued by its own name).
`advanced`: the rulebook's variant for experienced players: play on after the deck runs
out until every firework is complete or the game is lost; no score bands."""

VERDICTS: tuple[tuple[int, str], ...] = (
    (5, "horrible"),
    (10, "mediocre"),
    (15, "honourable"),
    (20, "excellent"),
    (24, "amazing"),
    (29, "legendary"),
    (30, "divine"),
)
"""The rulebook's scale: the highest score of each band and its verdict. The expansion's
table names 25 legendary and 30 divine, so 25–29 read as legendary."""


class Card(NamedTuple):
    """A card's identity: colour index and rank."""

    color: int
    rank: int


@dataclass(frozen=True)
class Variant:
    """The options a game was set up with, and the facts that follow from them."""

    multicolor: bool = False
    advanced: bool = False

    @property
    def colors(self) -> int:
        return BASE_COLORS + 1 if self.multicolor else BASE_COLORS

    @property
    def max_score(self) -> int:
        return self.colors * MAX_RANK

    def copies(self, card: Card) -> int:
        """How many cards of this identity the deck holds (0 for one not in play)."""
        if not (0 <= card.color < self.colors and 1 <= card.rank <= MAX_RANK):
            return 0
        return MULTICOLOR_COPIES if card.color == MULTICOLOR else COPIES[card.rank]

    @cached_property
    def identities(self) -> tuple[Card, ...]:
        """Every card identity in play, colour by colour, ranks ascending."""
        return tuple(Card(c, r) for c in range(self.colors) for r in RANKS)

    @cached_property
    def composition(self) -> Counter[Card]:
        """The whole deck as counts per identity."""
        return Counter({card: self.copies(card) for card in self.identities})

    @cached_property
    def sorted_deck(self) -> tuple[Card, ...]:
        """Every card of the deck, sorted (colour, then rank)."""
        return tuple(card for card in self.identities for _ in range(self.copies(card)))

    def deck(self) -> list[Card]:
        """The deck in a fixed order (before shuffling)."""
        return list(self.sorted_deck)

    def options(self) -> dict[str, bool]:
        return {"multicolor": self.multicolor, "advanced": self.advanced}


def variant_from_options(options: Mapping[str, Any] | None) -> Variant:
    """The variant for a table's options; unknown names or non-boolean values are refused."""
    options = dict(options or {})
    unknown = set(options) - set(DEFAULT_OPTIONS)
    if unknown:
        raise Malformed(f"unknown options {sorted(unknown)}")
    values = {**DEFAULT_OPTIONS, **options}
    if not all(isinstance(v, bool) for v in values.values()):
        raise Malformed("Hanabi options are true or false")
    return Variant(multicolor=values["multicolor"], advanced=values["advanced"])


def verdict(score: int) -> str:
    """The rulebook's verdict for a score (`divine` is reachable only with the expansion)."""
    for top, name in VERDICTS:
        if score <= top:
            return name
    return VERDICTS[-1][1]


def color_id(color: int) -> str:
    """The colour's name as labels carry it (the translation files pick the words)."""
    return COLORS[color]
