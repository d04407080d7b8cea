"""The public knowledge model: what everybody at the table can deduce about every card in
every hand, replayed from the public history of moves.

Each card carries a mask of the identities it may still be given the clues (`clued`) and,
on top, the table's conventions (`mask`: see `conventions`). Both only use public facts,
so every player (and every computer player in every seat) computes the very same model;
a player then narrows the model of their own cards with what only they can see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..components import COLORS, HAND_SIZE
from .board import Board
from .cards import Deck, deck_of, index, single


@dataclass
class Known:
    """What the table knows about one card in a hand."""

    order: int  # which card it is (its place in the deal), to follow it as the hand shifts
    mask: int  # identities still possible: clues, conventions and public eliminations
    clued: int  # identities the clues alone leave possible (conventions never narrow it)
    touched: bool = False
    save: bool = False  # the focus of a save clue (not a play clue)
    play_giver: int = -1  # the seat that gave the play clue this card is the focus of
    clue_move: int = -1  # the move (counted from 0) of that play clue
    touch_move: int = -1  # the move (counted from 1) of the clue that first touched it
    clue_drawn: int = -1  # cards dealt before that play clue: later ones hold no finesse

    def copy(self) -> Known:
        return Known(self.order, self.mask, self.clued, self.touched, self.save,
                     self.play_giver, self.clue_move, self.touch_move, self.clue_drawn)


@dataclass
class Model:
    deck: Deck
    board: Board
    hands: list[list[Known]]  # per seat, slot 1 first
    drawn: int = 0  # cards dealt so far: the next card drawn gets this order
    discards: int = 0  # discards so far (not misplays): none yet is the H-group's early game
    moves: int = 0  # moves replayed so far
    misplayed: int = -1  # `moves` just after the last misplay: older play clues are doubtful

    @property
    def players(self) -> int:
        return len(self.hands)

    def copy(self) -> Model:
        """An independent copy: replaying more moves on it leaves this one as it is."""
        hands = [[card.copy() for card in hand] for hand in self.hands]
        return Model(self.deck, self.board.copy(), hands, self.drawn, self.discards, self.moves,
                     self.misplayed)

    def new_card(self) -> Known:
        card = Known(self.drawn, self.deck.full, self.deck.full)
        self.drawn += 1
        return card

    def settle(self) -> None:
        """Rule out identities whose every copy is accounted for publicly (played,
        discarded, or known exactly in some hand), until nothing changes."""
        board, copies = self.board, self.deck.copies
        gone = [board.gone(i) for i in range(self.deck.size)]  # the board does not change here
        cards = [card for hand in self.hands for card in hand]
        while True:
            seen = list(gone)
            for card in cards:
                if card.mask and not card.mask & (card.mask - 1):
                    seen[card.mask.bit_length() - 1] += 1
            used_up = 0
            for i, count in enumerate(seen):
                if count >= copies[i]:
                    used_up |= 1 << i
            changed = False
            for card in cards:
                if not card.mask & used_up or single(card.mask):
                    continue
                narrowed = card.mask & ~used_up
                if not narrowed:  # the conventions were misread: trust the clues only
                    narrowed = card.clued & ~used_up or card.clued
                card.mask = narrowed
                changed = changed or single(narrowed)
            if not changed:
                return


def colour_index(name: str) -> int:
    return COLORS.index(name)


def card_identity(data: Mapping[str, Any]) -> int:
    return index(colour_index(data["color"]), int(data["rank"]))


def start(view: Mapping[str, Any]) -> Model:
    """The model at the deal: every hand full, nothing known."""
    players = int(view["players"])
    deck = deck_of(len(view["colors"]))
    size = HAND_SIZE[players]
    board = Board.new(deck, deck.total_cards() - size * players)
    model = Model(deck, board, [[] for _ in range(players)])
    for seat in range(players):
        for _ in range(size):
            model.hands[seat].insert(0, model.new_card())
    return model
