"""Self-Prompt (H-group, Beginner's Guide: prompts), read by the clue's receiver.

The Guide's rule: a play clue's focus plays once the *connecting* cards are played, and a
player who holds clued cards that may be those connecting cards plays them first, oldest
first (a *Prompt*; on one's own cards a *Self-Prompt*). So a "2" on a new card of a player
who holds clued 1s may be the 2 of one of their 1s' colours, and a "3" may wait on a
partner's clued 2: the receiver plays the connecting cards (or lets their holder play
them) before the focus, even when the focus might also be a card that plays right now.

`waiting` lists the own play-clue foci that wait: some identity the clues allow for the
focus does not fit yet but every card it waits on is clued in a hand (the first one fits
now: an own card known to fit, or a partner's card known to them, or a partner's clued
card when that partner has not had a turn since the clue: the clue may prompt it), so the
focus is not played before them. Once they are played, the focus fits whichever card it is.
"""

from __future__ import annotations

from .cards import identities_in, single
from .conventions import will_play
from .finesse import acted_since
from .model import Known
from .position import Position


def waiting(pos: Position, sure: list[int]) -> set[int]:
    """Own sure-play slots (0-based) that wait for connecting cards to be played first."""
    board = pos.board
    held: set[int] = set()
    for k in sure:
        card = pos.hand[k]
        if card.play_giver < 0 or card.play_giver == pos.seat or card.save:
            continue
        later = card.clued & ~board.trash & ~board.playable
        for identity in identities_in(later):
            if pos.unseen[identity] and connects(pos, k, identity, sure):
                held.add(k)
                break
    return held


def connects(pos: Position, k: int, identity: int, sure: list[int]) -> bool:
    """Every card below `identity` in its colour, from the firework up, is clued in some
    hand, and the first of them is about to be played (not the waiting card itself)."""
    color = identity // 5
    height = pos.board.fireworks[color]
    used = {k}
    for step, link in enumerate(range(color * 5 + height, identity)):
        holder = own_link(pos, link, used, sure if step == 0 else None)
        if holder is None and not partner_link(pos, link, pos.hand[k], first=step == 0):
            return False
        if holder is not None:
            used.add(holder)
    return True


def own_link(pos: Position, identity: int, used: set[int], sure: list[int] | None) -> int | None:
    """An own clued card that may be `identity` (for the first link: one known to fit)."""
    for k, card in enumerate(pos.hand):
        if k in used or not card.touched or not pos.own[k] >> identity & 1:
            continue
        if sure is not None and k not in sure:
            continue
        return k
    return None


def partner_link(pos: Position, identity: int, waiting: Known, *, first: bool) -> bool:
    """A partner holds `identity` clued before the waiting card was (a card clued later is
    no connecting card the giver could count on); for the first link they know it plays, or
    they have not had a turn since the clue (the clue may prompt them: a Prompt)."""
    clued_at = waiting.touch_move
    for seat in pos.others():
        hand = pos.model.hands[seat]
        for j, card in enumerate(hand):
            if not card.touched or pos.cards[seat][j] != identity:
                continue
            if card.touch_move > clued_at >= 0:
                continue
            if not first or single(card.mask) or will_play(pos.model, card):
                return True
            if seat != waiting.play_giver and not acted_since(pos.model, waiting, seat):
                return True
    return False
