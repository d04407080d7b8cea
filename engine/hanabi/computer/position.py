"""One seat's position: the public model joined with what only this seat sees (the other
hands' cards, and the view's own-card deductions)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..components import MAX_CLUES
from .board import Board
from .cards import Deck
from .history import model_of
from .model import Known, Model, card_identity


@dataclass
class Position:
    seat: int
    model: Model
    cards: list[list[int | None]]  # per seat and slot: the identity, None for one's own
    own: list[int]  # per own slot: identities still possible for this seat
    unseen: list[int]  # per identity: copies this seat cannot see (own hand and deck)
    phase: str
    final_turns_left: int
    advanced: bool
    private: list[int] | None = None  # per own slot: what the clues and visible cards allow

    @property
    def board(self) -> Board:
        return self.model.board

    @property
    def deck(self) -> Deck:
        return self.model.deck

    @property
    def players(self) -> int:
        return self.model.players

    @property
    def hand(self) -> list[Known]:
        return self.model.hands[self.seat]

    def others(self) -> list[int]:
        """The other seats, in turn order from this one."""
        return [(self.seat + step) % self.players for step in range(1, self.players)]

    def can_discard(self) -> bool:
        return self.board.clues < MAX_CLUES and bool(self.hand)

    def probability(self, slot: int, mask: int) -> float:
        """The chance that an own card is one of `mask`, weighing identities by copies unseen."""
        possible = self.own[slot]
        total = hit = 0
        i = 0
        while possible:
            if possible & 1:
                total += self.unseen[i]
                if mask >> i & 1:
                    hit += self.unseen[i]
            possible >>= 1
            i += 1
        return hit / total if total else 0.0

    def visible_identities(self) -> list[int]:
        """Identities of every card in the other hands."""
        return [i for seat in self.others() for i in self.cards[seat] if i is not None]


def read(view: Mapping[str, Any], seat: int) -> Position:
    model = model_of(view)
    deck = model.deck
    cards: list[list[int | None]] = []
    own: list[int] = []
    privates: list[int] = []
    unseen = [deck.copies[i] - model.board.gone(i) for i in range(deck.size)]
    for hand in view["hands"]:
        row: list[int | None] = []
        for entry in hand["cards"]:
            if "card" in entry:
                identity = card_identity(entry["card"])
                row.append(identity)
                unseen[identity] -= 1
            else:
                row.append(None)
        cards.append(row)
    for k, entry in enumerate(view["hands"][seat]["cards"]):
        private = 0
        for card in entry.get("possible", ()):
            private |= 1 << card_identity(card)
        public = model.hands[seat][k].mask
        own.append(private & public or private or public)
        privates.append(private or public)
    return Position(seat, model, cards, own, unseen, str(view["phase"]),
                    int(view.get("final_turns_left", 0)), bool(view["options"]["advanced"]),
                    privates)
