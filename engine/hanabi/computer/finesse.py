"""Prompts and finesses (H-group), read: a play clue promises that its focus is playable once
the *connecting* cards are played, and the team holds those connecting cards.

The Guide's rule: a teammate who sees that a play clue's focus needs connecting cards that
nobody knows about fulfils the promise: first with their clued cards that could match, left
to right (a *Prompt*), otherwise by blind-playing their unclued cards from the left, the
*finesse position* (a *Finesse*). A clue receiver whose focus might be such a clue waits
while a teammate who may hold the connecting card (on their finesse position, or clued)
has not yet had a turn: if that teammate plays it, the focus is one rank higher; if they
do not, the focus plays directly.

The table's model reads every play clue directly (its focus fits now or after known cards),
so everybody agrees on it; this module adds what one seat sees:

* `promised` — the own cards a partner's play clue connects through (prompt, finesse); not
  for a clue given before a misplay (the misplay shows someone read the table otherwise),
  nor for a Distribution Clue (`distribution`);
* `waiting` — own clued cards that stay unplayed while a finesse or prompt may be under way;
* `after_play` (public) — a card blind-played or prompted with the identity a focus was read
  as: the focus is the next rank of its colour.
"""

from __future__ import annotations

from typing import Protocol

from .board import Board
from .cards import single
from .conventions import COLOR, delayed_playable, expected_fireworks
from .model import Known, Model


class Position(Protocol):
    """What finesse reading looks at in a seat's position (`position.Position` is one; it is
    built from the history, which uses this module, so this module cannot import it)."""

    seat: int
    model: Model
    cards: list[list[int | None]]
    own: list[int]

    @property
    def board(self) -> Board: ...

    @property
    def hand(self) -> list[Known]: ...

    def others(self) -> list[int]: ...


def mark_focus(model: Model, focus: Known | None, giver: int, kind: str, value: int,
               touched_before: list[bool], stall_save: bool) -> None:
    """Remember a play clue's focus and when it was given: a card touched for the first time,
    not by a save, a 5 Stall or a stall the giver was allowed (8 clues, a locked hand)."""
    if focus is None or focus.save:
        return
    if kind != COLOR and value == 5:
        return  # a 5 Stall, or a play clue on a 5 that everybody reads directly
    target = next((seat for seat, hand in enumerate(model.hands) if focus in hand), None)
    if target is None:
        return
    k = model.hands[target].index(focus)
    if touched_before[k]:
        return  # a tempo clue: its focus was clued before
    chop = max((j for j, touched in enumerate(touched_before) if not touched), default=None)
    if stall_save and k == chop:
        return  # an 8 Clue Save or a Locked Hand Save may save any card
    focus.play_giver = giver
    focus.clue_move = model.moves - 1
    focus.clue_drawn = model.drawn


def after_play(model: Model, seat: int, played: Known, identity: int) -> None:
    """A card played that nobody knew exactly (a blind play or a prompted card) with the
    identity a partner's play focus was read as: that focus is the next rank."""
    if single(played.mask) and played.touched:
        return
    for owner, hand in enumerate(model.hands):
        if owner == seat:
            continue
        for card in hand:
            if card.play_giver < 0 or card.mask != 1 << identity or identity % 5 == 4:
                continue
            if card.play_giver == seat:
                continue  # a clue giver's own cards are neither prompted nor finessed by it
            following = 1 << (identity + 1)
            if card.clued & following:
                card.mask = following


def finesse_slot(hand: list[Known], used: set[int], drawn: int = -1) -> int | None:
    """The leftmost unclued card not already promised, among the cards dealt before the clue
    (`drawn` of them; a card drawn since, after a discard, was not on finesse position)."""
    for k, card in enumerate(hand):
        if not card.touched and k not in used and not 0 <= drawn <= card.order:
            return k
    return None


def acted_since(model: Model, card: Known, seat: int) -> bool:
    """The seat has had a turn since the play clue on this card."""
    distance = (seat - card.play_giver) % model.players
    return model.moves > card.clue_move + distance


def promised(pos: Position) -> dict[int, tuple[int, str]]:
    """Own slot index -> (identity, "prompt" or "finesse"): the connecting cards a partner's
    play clue to another partner needs that only this seat can hold."""
    model, board = pos.model, pos.board
    found: dict[int, tuple[int, str]] = {}
    for owner in pos.others():
        for k, card in enumerate(model.hands[owner]):
            truth = pos.cards[owner][k]
            if (truth is None or card.play_giver < 0 or card.play_giver == pos.seat
                    or not card.clued >> truth & 1 or board.trash >> truth & 1
                    or delayed_playable(model, card) >> truth & 1):
                continue  # no play clue, or one the table reads right
            if card.clue_move < model.misplayed:
                continue  # a misplay since: the giver read the table otherwise, no promise
            if distribution(pos, owner, card):
                continue
            color, rank = divmod(truth, 5)
            height = expected_fireworks(model, card)[color]
            chain = [color * 5 + r for r in range(height, rank)]
            mine = connect(pos, chain, {owner, card.play_giver}, found, owner, card.clue_drawn)
            if mine is None:
                continue
            found.update(mine)
    return found


def distribution(pos: Position, owner: int, card: Known) -> bool:
    """A *Distribution Clue* (H-group, the end-game): near the end (the team can discard
    fewer times than there are players, or at most a card of each colour is missing), a clue
    whose focus may only be useful cards another hand already holds tells its receiver to
    keep that copy: no play clue, so no finesse."""
    board, players = pos.board, pos.model.players
    missing = board.max_score() - board.score
    pace = board.deck_left + players - missing
    if pace >= players and missing > board.deck.colors:
        return False
    held = set()
    for seat in range(players):
        if seat == owner:
            continue
        if seat == pos.seat:
            held |= {mask.bit_length() - 1 for mask in pos.own if single(mask)}
        else:
            held |= {i for i in pos.cards[seat] if i is not None}
    useful = [i for i in range(board.deck.size) if card.clued >> i & 1 and not board.trash >> i & 1]
    return bool(useful) and all(i in held for i in useful)


def connect(pos: Position, chain: list[int], skip: set[int],
            already: dict[int, tuple[int, str]], receiver: int | None = None,
            drawn: int = -1) -> dict[int, tuple[int, str]] | None:
    """Who holds each connecting identity: the receiver's own clued card (a Self-Prompt), a
    visible clued card (prompt) or finesse-position card (finesse) of a third player, else
    this seat's clued card that may be it (or is known to be it), else this seat's finesse
    position. None when the chain cannot be explained."""
    model = pos.model
    mine: dict[int, tuple[int, str]] = {}
    used_own = set(already)
    used_other: dict[int, set[int]] = {}
    for identity in chain:
        holder = None
        if receiver is not None and any(
                card.touched and pos.cards[receiver][k] == identity
                for k, card in enumerate(model.hands[receiver])):
            continue  # the receiver plays its own clued card first
        for seat in pos.others():
            if seat in skip:
                continue
            hand = model.hands[seat]
            for k, card in enumerate(hand):
                if card.touched and pos.cards[seat][k] == identity:
                    holder = seat
                    break
            if holder is None:
                k = finesse_slot(hand, used_other.get(seat, set()), drawn)
                if k is not None and pos.cards[seat][k] == identity:
                    holder = seat
                    used_other.setdefault(seat, set()).add(k)
            if holder is not None:
                break
        if holder is not None:
            continue
        own = model.hands[pos.seat]
        prompt = [k for k, card in enumerate(own)
                  if card.touched and k not in used_own and pos.own[k] >> identity & 1]
        if prompt:
            mine[prompt[0]] = (identity, "prompt")
            used_own.add(prompt[0])
            continue
        k = finesse_slot(own, used_own, drawn)
        if k is None or not pos.own[k] >> identity & 1:
            return None
        mine[k] = (identity, "finesse")
        used_own.add(k)
    return mine


def waiting(pos: Position) -> set[int]:
    """Own clued slots read as a direct play that may instead be the far end of a finesse or
    prompt on a partner who has not had a turn since the clue."""
    model = pos.model
    held: set[int] = set()
    for k, card in enumerate(pos.hand):
        if card.play_giver < 0 or not single(card.mask):
            continue
        direct = card.mask.bit_length() - 1
        if direct % 5 == 4 or not card.clued >> (direct + 1) & 1:
            continue
        for seat in pos.others():
            if seat == card.play_giver or acted_since(model, card, seat):
                continue
            hand = model.hands[seat]
            blind = finesse_slot(hand, set(), card.clue_drawn)
            holds = any(pos.cards[seat][j] == direct and (c.touched or j == blind)
                        for j, c in enumerate(hand))
            if holds:
                held.add(k)
    return held

