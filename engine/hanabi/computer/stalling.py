"""Stalling (H-group): a clue that neither makes a card play nor saves one is given only in a
*stalling situation*, and then only of the kinds everybody reads as a stall.

The Guide's rule (Minimum Clue Value Principle and the stall table): every clue must get a
new card played or save one. When discarding is dangerous or impossible, players may stall
instead, with these clues, in this order of precedence:

1. a *5 Stall*: number 5 on 5s that are not on chop (in every stalling situation);
2. a *Tempo Clue Stall*: re-cluing touched cards so that one plays (not in the early game);
3. a *Locked Hand Save*: any card on chop, when the giver's hand is locked; an
   *8 Clue Save*: any card on chop that is not slot 1, at 8 clues.

(The table's Fill-in Clues and Hard Burns belong to level 9: a beginner reads a clue on
clued cards as a Tempo Clue, and, with none of them playable, as a finesse. Not given.)

The stalling situations: the *Early Game* (before the first discard: play and save clues
first, then only a 5 Stall, otherwise discard), a *Locked Hand* (every card of the giver
touched and none known to play or be useless), *8 Clues* (discarding is not allowed) and the
*End-Game* (the deck about to run out with plays still queued: "use context"; the H-group
bot knows no end-game stall and reads a 5 Stall there as a 5 to play, so only a Tempo Clue
is given). Anywhere else a clue on a new card is a play clue, so nobody stalls with one.
"""

from __future__ import annotations

from ..components import MAX_CLUES
from .clues import ClueOption
from .conventions import RANK
from .position import Position

EARLY_GAME, LOCKED_HAND, EIGHT_CLUES, END_GAME = "early", "locked", "eight", "end"
FIVE_STALL, TEMPO_STALL, LOCKED_SAVE, EIGHT_CLUE_SAVE = (
    "five-stall", "tempo-stall", "locked-save", "eight-save")
PRECEDENCE = (FIVE_STALL, TEMPO_STALL, LOCKED_SAVE, EIGHT_CLUE_SAVE)


def locked(pos: Position) -> bool:
    """Every own card is touched and none is known to fit or to be useless."""
    board = pos.board
    return bool(pos.hand) and all(card.touched for card in pos.hand) and not any(
        mask & ~board.playable == 0 or mask & ~board.trash == 0 for mask in pos.own)


def loaded(pos: Position) -> bool:
    """The giver has a move everybody knows of: a card known to fit, or (below 8 clues) one
    known to be useless. A loaded player is in no stalling situation: a clue from them that
    neither plays nor saves a card reads as a play clue (a finesse), never as a stall."""
    board = pos.board
    return any(card.mask and (card.mask & ~board.playable == 0
                              or (card.mask & ~board.trash == 0 and board.clues < MAX_CLUES))
               for card in pos.hand)


def situation(pos: Position, end_game: bool) -> str | None:
    """The stalling situation the giver is in, the most severe first, or None."""
    if loaded(pos):
        return None
    if pos.board.clues >= MAX_CLUES:
        return EIGHT_CLUES
    if locked(pos):
        return LOCKED_HAND
    if end_game:
        return END_GAME
    if pos.model.discards == 0:
        return EARLY_GAME
    return None


def kind_of(pos: Position, option: ClueOption, where: str) -> str | None:
    """Which stall clue the option is in this situation, or None when it is not one."""
    if option.bad_touch:
        return None
    if where == END_GAME:  # no stalling situation to the H-group bot: only a clue that plays
        return TEMPO_STALL if not option.new and option.plays else None
    if option.new and option.kind == RANK and option.value == 5 and not option.chop:
        return FIVE_STALL
    if where == EARLY_GAME:
        return None
    if not option.new:
        # a clue on clued cards only is a Tempo Clue to an H-group player: with nothing of
        # them playable it reads as a finesse on them, so Fill-in Clues and Hard Burns (the
        # stall table's level-9 kinds) are not given
        return TEMPO_STALL if option.plays else None
    if option.chop and where == LOCKED_HAND:
        return LOCKED_SAVE
    if option.chop and where == EIGHT_CLUES and 1 not in option.new:
        return EIGHT_CLUE_SAVE
    return None


def stall_clue(pos: Position, options: list[ClueOption],
               where: str) -> tuple[ClueOption, str] | None:
    """The stall clue to give in this situation: the highest precedence, then the worthiest."""
    allowed = [(PRECEDENCE.index(kind), -option.score, n, option, kind)
               for n, option in enumerate(options)
               if (kind := kind_of(pos, option, where)) is not None]
    if not allowed:
        return None
    *_, option, kind = min(allowed)
    return option, kind
