"""The public table as a computer player keeps it while it replays the history: fireworks,
discards, tokens and deck size, and which identities are playable, useless or critical."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..components import MAX_CLUES, MAX_RANK
from .cards import Deck, index


@dataclass
class Board:
    deck: Deck
    fireworks: list[int]
    discarded: list[int]  # per identity: copies in the discard pile (misplays included)
    clues: int = MAX_CLUES
    fuses: int = 0
    deck_left: int = 0
    _masks: tuple[int, int, int] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, deck: Deck, deck_left: int) -> Board:
        return cls(deck, [0] * deck.colors, [0] * deck.size, deck_left=deck_left)

    def copy(self) -> Board:
        return Board(self.deck, list(self.fireworks), list(self.discarded), self.clues,
                     self.fuses, self.deck_left, self._masks)

    def changed(self) -> None:
        self._masks = None

    def _compute(self) -> tuple[int, int, int]:
        playable = trash = critical = 0
        copies = self.deck.copies
        for color, height in enumerate(self.fireworks):
            if height < MAX_RANK:
                playable |= 1 << index(color, height + 1)
            dead = False  # a lower card of this colour is gone for good
            for rank in range(1, MAX_RANK + 1):
                i = index(color, rank)
                if rank <= height or dead:
                    trash |= 1 << i
                    continue
                left = copies[i] - self.discarded[i]
                if left == 1:
                    critical |= 1 << i
                elif left == 0:
                    dead = True
                    trash |= 1 << i
        self._masks = (playable, trash, critical)
        return self._masks

    @property
    def playable(self) -> int:
        """Identities that fit a firework now."""
        return (self._masks or self._compute())[0]

    @property
    def trash(self) -> int:
        """Identities that can never join a firework: already played, or a lower card of
        their colour is all discarded."""
        return (self._masks or self._compute())[1]

    @property
    def critical(self) -> int:
        """Needed identities with a single copy left."""
        return (self._masks or self._compute())[2]

    def gone(self, i: int) -> int:
        """Copies of an identity everyone has seen leave the game (played or discarded)."""
        played = 1 if i % MAX_RANK < self.fireworks[i // MAX_RANK] else 0
        return self.discarded[i] + played

    def play(self, i: int) -> bool:
        """A card played face up; whether it joined its firework."""
        color, rank = divmod(i, MAX_RANK)
        if self.fireworks[color] == rank:
            self.fireworks[color] = rank + 1
            if rank + 1 == MAX_RANK and self.clues < MAX_CLUES:
                self.clues += 1
            self.changed()
            return True
        self.discarded[i] += 1
        self.fuses += 1
        self.changed()
        return False

    def discard(self, i: int) -> None:
        self.discarded[i] += 1
        self.clues += 1
        self.changed()

    @property
    def score(self) -> int:
        return sum(self.fireworks)

    def max_score(self) -> int:
        """The score still reachable: each firework up to its first rank that is gone."""
        total = 0
        for color, height in enumerate(self.fireworks):
            reach = height
            for rank in range(height + 1, MAX_RANK + 1):
                if self.discarded[index(color, rank)] >= self.deck.copies[index(color, rank)]:
                    break
                reach = rank
            total += reach
        return total
