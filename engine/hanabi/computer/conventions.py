"""The table's conventions, as people play them (after the H-group's beginner conventions
on hanab.live), read from public facts only so every player draws the same conclusions.

* Chop: a hand's oldest untouched card, the one its owner discards next.
* Focus of a clue: the chop if the clue touches it for the first time, otherwise the newest
  card it touches for the first time (a clue touching only old cards is a *tempo* clue: its
  newest not-yet-playable card is the focus).
* Focus on the chop: a *save* (a 5 by "5", a 2 by "2", a card with a single copy left by
  colour or number) or a play. Elsewhere: a *play* clue. A play clue's focus fits a firework
  now, or right after cards everybody knows will be played first ("delayed" play).
* A number 5 on new cards is a *5 Save* on chop or a *5 Stall* elsewhere, never a play by
  itself. A play clue that may be a direct play is one: its receiver does not look for a
  *Self-Prompt* through their own older clued cards (an H-group player reads "red" on a new
  card as the red card that plays now, even when an older red card of theirs may be it).
  (Prompts and finesses on other players' cards are read by each seat: `finesse`.)
* A clue that touches no new card is a *Tempo Clue*: its newest card not yet known to play
  plays. Not at 8 clues or from a locked hand (a stall there: the *Hard Burn* a beginner
  still meets), nor a number 5 (5s are never a play clue by their number).
* Good touch: touched cards are not useless and are not copies of known touched cards
  (nor of a card the same clue touched, once that card is played).
  A card the same clue touched whose only reading is its focus's identity is a bad touch:
  a copy of the focus, or trash (it is not played as the focus's identity).
* Chop warning: a player with a clue token never leaves the next player, who knows
  nothing to play or to throw away, with a card with a single copy left on their chop: they
  clue it (and check that a clue to that player does not move their chop onto such a
  card). So after any move by a player who had a token, the next player's chop is no such
  card, unless that player knows a move.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..components import MAX_CLUES
from .cards import single
from .model import Known, Model

COLOR, RANK = "color", "rank"


def chop_index(hand: Sequence[Known]) -> int | None:
    """The slot index (0-based) of the oldest untouched card, if any."""
    for k in range(len(hand) - 1, -1, -1):
        if not hand[k].touched:
            return k
    return None


def expected_fireworks(model: Model, skip: Known | None = None) -> list[int]:
    """Each firework's height once every card known exactly in some hand is played."""
    return _heights(model.board.fireworks, _known(model, skip))


def _known(model: Model, skip: Known | None, also: Sequence[Known] = ()) -> set[int]:
    return {card.mask.bit_length() - 1 for hand in model.hands for card in hand
            if card is not skip and card.mask and not card.mask & (card.mask - 1)
            and not any(card is other for other in also)}


def _heights(fireworks: list[int], known: set[int]) -> list[int]:
    heights = list(fireworks)
    for color, height in enumerate(heights):
        while height < 5 and color * 5 + height in known:
            height += 1
        heights[color] = height
    return heights


def _next_ones(heights: list[int]) -> int:
    mask = 0
    for color, height in enumerate(heights):
        if height < 5:
            mask |= 1 << (color * 5 + height)
    return mask


def delayed_playable(model: Model, skip: Known | None = None, also: Sequence[Known] = ()) -> int:
    """Identities that fit now or after the cards everybody knows will be played (not
    counting `skip`, nor the cards in `also`: the other cards the same clue touched)."""
    return _next_ones(_heights(model.board.fireworks, _known(model, skip, also)))


def touched_elsewhere(model: Model, skip: Known | None = None) -> int:
    """Identities of touched cards known exactly: good touch says no other card is one."""
    mask = 0
    for hand in model.hands:
        for card in hand:
            if card is not skip and card.touched and single(card.mask):
                mask |= card.mask
    return mask


def save_mask(model: Model, kind: str, value: int, focus: Known | None = None) -> int:
    """What a clue of this kind on the chop may be saving (a 2 Save: a 2 with no copy known
    touched elsewhere; the focus itself, perhaps known exactly by now, does not count)."""
    board, deck = model.board, model.deck
    if kind == COLOR:  # a colour saves a single-copy card, but 5s are saved by number
        return board.critical & ~deck.rank_masks[5]
    if value == 5:
        return deck.rank_masks[5] & ~board.trash
    if value == 2:
        return (deck.rank_masks[2] & ~board.trash) & ~touched_elsewhere(model, focus) \
            | (board.critical & deck.rank_masks[2])
    return board.critical & deck.rank_masks[value]


def will_play(model: Model, card: Known) -> bool:
    """Everybody knows the card fits now or after known plays."""
    return card.mask != 0 and card.mask & ~delayed_playable(model, card) == 0


def playing(model: Model, cards: Sequence[Known]) -> list[bool]:
    """`will_play` of each card (the known cards counted once for all of them)."""
    known = _known(model, None)
    everyone = _next_ones(_heights(model.board.fireworks, known))
    found = []
    for card in cards:
        mask = card.mask
        if not mask:
            found.append(False)
            continue
        fits = everyone
        if not mask & (mask - 1):  # known exactly: does it count on itself?
            fits = _next_ones(_heights(model.board.fireworks, _known(model, card)))
        found.append(mask & ~fits == 0)
    return found


def stall_save_allowed(model: Model, giver: int) -> bool:
    """The giver may save any card on chop (H-group stalling): an *8 Clue Save* (8 clues,
    not the game's first move, no card of theirs known to fit) or a *Locked Hand Save*
    (every card of theirs touched and none known to fit or to be useless). Read before the
    clue counts as a move."""
    hand = model.hands[giver]
    if model.board.clues >= MAX_CLUES and model.moves > 0:
        # unless they know a card that fits: then they play it rather than stall (loaded)
        return not any(card.mask and card.mask & ~model.board.playable == 0 for card in hand)
    return bool(hand) and all(card.touched for card in hand) and not knows_a_move(model, giver)


def read_clue(model: Model, target: int, kind: str, value: int,
              slots: Sequence[int], stall_save: bool = False) -> Known | None:
    """Apply a clue to the target's hand as the table reads it; returns its focus.
    `stall_save`: the giver may save any card on chop (`stall_save_allowed`), so a clue
    focused there may be any useful card, not only a play (at 8 clues only a clue that leaves
    slot 1 alone: the 8 Clue Save; from a locked hand any: the Locked Hand Save). With two
    players, at 8 clues, a clue on a new card elsewhere that leaves slot 1 alone and may be a
    card that does not play yet is an *8 Clue Stall* too (the H-group bot reads it so: the
    receiver cannot see whether the giver had a play clue to give instead)."""
    hand = model.hands[target]
    told = model.deck.clue_mask(kind, value)
    chop = chop_index(hand)
    touched = {slot - 1 for slot in slots}
    new = [k for k in sorted(touched) if not hand[k].touched]
    for k, card in enumerate(hand):
        fact = told if k in touched else ~told
        card.clued &= fact
        card.mask = card.mask & fact or card.clued
        card.touched = card.touched or k in touched
    model.settle()
    useless = model.board.trash
    fresh = [hand[k] for k in new]  # the focus is read before what they are read as
    for card in fresh:
        card.touch_move = model.moves
    for k in new:  # good touch (if the conventions left it nothing useful, they were
        card = hand[k]  # misread, e.g. a chop warning a partner did not give: the clues)
        good = ~useless & ~touched_elsewhere(model, card)
        card.mask = card.mask & good or card.clued & good or card.mask
    if kind == RANK and value == 5 and new:
        # a 5 Save on chop or a 5 Stall elsewhere: never read as a play on its own
        focus = hand[chop] if chop in new else hand[new[0]]
        meaning = save_mask(model, kind, value, focus)
    elif chop is not None and chop in new:
        focus = hand[chop]
        meaning = delayed_playable(model, focus, fresh) | save_mask(model, kind, value, focus)
        if stall_save and (0 not in touched or model.board.clues < MAX_CLUES):
            meaning = model.deck.full  # the 8 Clue Save leaves slot 1 alone, a Locked one not
    elif new:
        focus = hand[new[0]]
        meaning = delayed_playable(model, focus, fresh)
        if (stall_save and model.players == 2 and model.board.clues >= MAX_CLUES
                and 0 not in touched and focus.mask & ~meaning & ~useless):
            meaning = model.deck.full  # an 8 Clue Stall (see the docstring)
    elif stall_save or (kind == RANK and value == 5):
        return None  # a Hard Burn at 8 clues or from a locked hand, or 5s told again: a stall
    else:  # tempo clue: the newest touched card not yet known to play
        waiting = [hand[k] for k in sorted(touched) if not will_play(model, hand[k])]
        if not waiting:
            return None
        focus = waiting[0]
        meaning = delayed_playable(model, focus)
    narrowed = focus.mask & meaning & ~useless
    if narrowed:
        focus.mask = narrowed
        focus.save = narrowed & ~delayed_playable(model, focus) != 0
    if single(focus.mask):
        for k in new:  # good touch: one clue never touches two copies of its focus
            card = hand[k]
            if card is not focus and card.mask & ~focus.mask == 0:
                card.mask = card.clued & useless | focus.mask
    model.settle()
    return focus


def touched_card_played(model: Model, played: Known, identity: int) -> None:
    """Good touch: a clued card played with this identity, so no other card the same clue
    touched is a copy of it (the other 1s of a number 1 clue are other 1s, and still play)."""
    bit = 1 << identity
    for hand in model.hands:
        for card in hand:
            if card.touch_move == played.touch_move and card.mask & bit:
                card.mask = card.mask & ~bit or card.mask


def knows_a_move(model: Model, seat: int) -> bool:
    """The player has a card everybody knows fits or is useless: they will not discard
    their chop next turn."""
    board = model.board
    for card in model.hands[seat]:
        if card.mask & ~board.playable == 0 or card.mask & ~board.trash == 0:
            return True
    return False


def chop_in_danger(model: Model, giver: int) -> Known | None:
    """The next player's chop, when the giver must warn them if it is a single-copy card:
    there is a clue token, cards to draw, and the next player knows no other move."""
    board = model.board
    if board.clues == 0 or board.deck_left == 0:
        return None
    after = (giver + 1) % model.players
    if knows_a_move(model, after):
        return None
    chop = chop_index(model.hands[after])
    return None if chop is None else model.hands[after][chop]


def no_warning_given(model: Model, giver: int) -> None:
    """The giver did not clue the next player: their chop is no single-copy card."""
    chop = chop_in_danger(model, giver)
    if chop is not None:
        chop.mask = chop.mask & ~model.board.critical or chop.mask
