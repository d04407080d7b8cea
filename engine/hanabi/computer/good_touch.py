"""Good Touch Principle (H-group): the cards a clue touches besides its focus will all be
useful one day.

The Guide's rule: do not touch a card that is already useless (trash) or a copy of a card
already touched in some hand, nor two copies of the same card in one clue. It is a
principle, not an absolute: when no clean clue does the job (the only way to get a card
played or saved also touches trash) the bad touch is allowed, so a giver only picks a clue
with a bad touch when no clue without one reaches the same worth. Never with a number 1
clue: every 1 it touches is played (the Guide's play order for 1s), so a duplicate misplays;
and never two copies of one card in one clue: once one plays, the table reads the other as
another card of the clue.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import identities_in, single
from .clues import ClueOption
from .conventions import RANK
from .position import Position


def prefer_clean(options: Sequence[ClueOption], needed: float) -> list[ClueOption]:
    """The options worth giving (at least `needed`), those that touch no trash or duplicate
    first: a bad-touch clue is kept only when no clean clue is worth giving."""
    worth = [o for o in options
             if o.score >= needed and not (o.bad_touch and ones(o)) and not o.twins]
    clean = [o for o in worth if not o.bad_touch]
    return clean or worth


def ones(option: ClueOption) -> bool:
    """A number 1 clue: everybody plays every 1 it touches, so a duplicate misplays."""
    return option.kind == RANK and option.value == 1


def visible_duplicates(pos: Position) -> None:
    """Good touch, read by the receiver: a clued card read as a play is no copy of a card this
    seat sees touched in a partner's hand (touched before it: a copy touched later is the
    duplicate, and this card is what it was read as). When the table reads the focus as such
    a copy, it is the card that plays after the touched cards (a delayed play): this seat's
    own knowledge of the card (`pos.own`) is narrowed to what fits after them."""
    board, model = pos.board, pos.model
    touched = 0
    when: dict[int, int] = {}  # identity -> the move its first visible copy was touched
    for seat in pos.others():
        for j, card in enumerate(model.hands[seat]):
            identity = pos.cards[seat][j]
            if card.touched and identity is not None:
                touched |= 1 << identity
                when[identity] = min(when.get(identity, card.touch_move), card.touch_move)
    if not touched or pos.private is None:
        return
    known = set(identities_in(touched))
    for k, card in enumerate(pos.hand):
        if card.touched and single(pos.own[k]):
            known.add(pos.own[k].bit_length() - 1)
    after = 0
    for color, height in enumerate(board.fireworks):
        while height < 5 and color * 5 + height in known:
            height += 1
        if height < 5:
            after |= 1 << (color * 5 + height)
    for k, card in enumerate(pos.hand):
        mask = pos.own[k]
        if not card.touched or card.save or not single(mask) or not mask & touched:
            continue
        if when[mask.bit_length() - 1] > card.touch_move:
            continue  # the partner's copy was touched later: theirs is the duplicate
        other = pos.private[k] & card.clued & ~touched
        shifted = other & ~board.trash & after
        if shifted or other:  # else a copy after all; nothing left but trash: a bad touch
            pos.own[k] = shifted or other
