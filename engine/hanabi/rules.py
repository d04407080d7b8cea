"""Hanabi rules: dealing, what is legal, and applying an action.

Every function is pure: states are frozen and each accepted action returns a new one with
the events that tell what happened.

Readings where the rulebook (`001_6069160907a5feed.txt`) is silent or loose, chosen for the
better game and told to players in the `hanabi-rules` text:

* Seat 0 begins ("whoever wears the most colours" is not something a bot can see).
* A drawn card goes to slot 1 and the others move right (hanab.live's convention, so slot
  numbers also tell a card's age); players cannot reorder their hand.
* A lost game (the third fuse; in the advanced variant also the cases below) scores 0; the
  fireworks stay on the board and the result names how far they got.
* The expansion's score table names 25 legendary and 30 divine: 25–29 read as legendary.
* Advanced variant ("сброс незаменимой карты" loses): discarding *or misplaying* the last
  copy of a card whose firework has not reached it loses at once, whether or not the deck
  has run out; a card its firework already passed may go. A player who must act with no
  card and no clue token loses the game too: the rulebook forbids passing. Both match
  hanab.live's "All or Nothing" option, so such games export faithfully.
* Standard game: losing the last copy of a needed card is announced (the firework can no
  longer be completed) but play goes on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import Event, GameOver, IllegalAction, Label, Malformed, NotYourTurn
from .actions import Action, Clue, Discard, Play, decode
from .components import (
    HAND_SIZE,
    MAX_CLUES,
    MAX_FUSES,
    MAX_RANK,
    Card,
    Variant,
    color_id,
    variant_from_options,
)
from .knowledge import COLOR, RANK, touches
from .state import (
    COMPLETE,
    CRITICAL,
    DISCARD_MOVE,
    FINAL,
    FUSES,
    LAST_ROUND,
    OVER,
    PLAY_MOVE,
    STUCK,
    HanabiState,
    HandCard,
    Move,
)

# --- setup -------------------------------------------------------------------------------


def setup(players: int, seed: int, options: Mapping[str, Any] | None = None) -> HanabiState:
    """Shuffle with the seed and deal; seat 0 begins."""
    variant = variant_from_options(options)
    deck = variant.deck()
    random.Random(seed).shuffle(deck)
    return deal(players, tuple(deck), variant, seed=seed)


def deal(players: int, deck: Sequence[Card], variant: Variant, *, seed: int = 0) -> HanabiState:
    """A new game with this deck, top first: the first hand-size cards to seat 0, the next
    to seat 1 and so on (as hanab.live deals). Each card dealt goes to slot 1."""
    if players not in HAND_SIZE:
        raise Malformed(f"Hanabi is for 2 to 5 players, not {players}")
    size = HAND_SIZE[players]
    hands = tuple(
        tuple(HandCard(order) for order in reversed(range(seat * size, (seat + 1) * size)))
        for seat in range(players)
    )
    return HanabiState(
        players_count=players,
        seed=seed,
        variant=variant,
        deck=tuple(Card(*card) for card in deck),
        drawn=size * players,
        hands=hands,
        fireworks=(0,) * variant.colors,
        played=(),
        discards=(),
    )


# --- what is legal -----------------------------------------------------------------------


def touched_slots(state: HanabiState, target: int, kind: str, value: int) -> tuple[int, ...]:
    """The slots (1-based) of `target`'s hand a clue would point at."""
    return tuple(i + 1 for i, card in enumerate(state.hand_cards(target))
                 if touches(card, kind, value))


def possible_clues(state: HanabiState, seat: int) -> list[Clue]:
    """Every clue `seat` may give now: a token is left, to another player, touching a card.

    Ordered by target (clockwise from the giver), then colours, then numbers.
    """
    if state.phase == OVER or state.clues == 0:
        return []
    clues: list[Clue] = []
    n = state.players_count
    deck = state.deck
    for step in range(1, n):
        target = (seat + step) % n
        cards = [deck[h.order] for h in state.hands[target]]
        clues += [Clue(target, COLOR, c) for c in sorted({card.color for card in cards})]
        clues += [Clue(target, RANK, r) for r in sorted({card.rank for card in cards})]
    return clues


def may_discard(state: HanabiState, seat: int) -> bool:
    return state.phase != OVER and state.clues < MAX_CLUES and bool(state.hands[seat])


def legal_actions(state: HanabiState, seat: int) -> list[Action]:
    if state.phase == OVER or seat != state.current:
        return []
    slots = range(1, len(state.hands[seat]) + 1)
    actions: list[Action] = [Play(s) for s in slots]
    if may_discard(state, seat):
        actions += [Discard(s) for s in slots]
    return actions + possible_clues(state, seat)


# --- applying ----------------------------------------------------------------------------


def apply(state: HanabiState, seat: int, text: str) -> tuple[HanabiState, tuple[Event, ...]]:
    """Apply one encoded action of `seat`; raises a `RuleViolation` and changes nothing if
    refused."""
    if state.phase == OVER:
        raise GameOver()
    if seat != state.current:
        raise NotYourTurn()
    action = decode(text)
    if isinstance(action, Clue):
        new, events = _clue(state, seat, action)
    else:
        new, events = _play_or_discard(state, seat, action)
    new, more = _end_of_turn(new, state)
    return new, events + more


def _clue(state: HanabiState, seat: int, clue: Clue) -> tuple[HanabiState, tuple[Event, ...]]:
    if not 0 <= clue.target < state.players_count:
        raise Malformed(f"no seat {clue.target}")
    if clue.kind == COLOR and clue.value >= state.variant.colors:
        raise Malformed("that colour is not in this game")
    if state.clues == 0:
        raise IllegalAction("no clue token left")
    if clue.target == seat:
        raise IllegalAction("a clue goes to another player")
    touched = touched_slots(state, clue.target, clue.kind, clue.value)
    if not touched:
        raise IllegalAction("a clue must point at least at one card")
    hand = tuple(
        HandCard(h.order, h.told.after(clue.kind, clue.value, touched=slot in touched))
        for slot, h in enumerate(state.hands[clue.target], start=1)
    )
    new = replace(
        state,
        hands=_with_hand(state, clue.target, hand),
        clues=state.clues - 1,
        moves=state.moves + (Move(seat, clue.kind, target=clue.target, value=clue.value,
                                  touched=touched),),
    )
    return new, (Event(clue_label(seat, clue.target, clue.kind, clue.value, touched)),)


def clue_label(seat: int, target: int, kind: str, value: int, slots: Sequence[int]) -> Label:
    """A clue in words: "Anna told Boris: two blue cards, slots 1 and 4"."""
    args: dict[str, Any] = {"seat": seat, "target_seat": target, "count": len(slots),
                            "slots": list(slots)}
    if kind == COLOR:
        return Label("hanabi-ev-clue-color", args | {"color": color_id(value)})
    return Label("hanabi-ev-clue-rank", args | {"rank": value})


def _play_or_discard(state: HanabiState, seat: int,
                     action: Play | Discard) -> tuple[HanabiState, tuple[Event, ...]]:
    hand = state.hands[seat]
    if not 1 <= action.slot <= len(hand):
        raise IllegalAction(f"no card in slot {action.slot}")
    if isinstance(action, Discard) and state.clues >= MAX_CLUES:
        raise IllegalAction("all clue tokens are available: discarding is not allowed")
    order = hand[action.slot - 1].order
    card = state.deck[order]
    rest = hand[:action.slot - 1] + hand[action.slot:]
    drawn = state.drawn
    if state.deck_left:
        rest = (HandCard(drawn),) + rest
        drawn += 1
    named = {"seat": seat, "slot": action.slot, "color": color_id(card.color),
             "rank": card.rank}
    changes: dict[str, Any] = {"hands": _with_hand(state, seat, rest), "drawn": drawn}
    if isinstance(action, Discard):
        changes |= {"discards": state.discards + (order,), "clues": state.clues + 1,
                    "moves": state.moves + (Move(seat, DISCARD_MOVE, action.slot, order),)}
        events = [Event(Label("hanabi-ev-discard", named))]
    elif state.playable(card):
        bonus = card.rank == MAX_RANK and state.clues < MAX_CLUES
        changes |= {
            "fireworks": state.fireworks[:card.color] + (card.rank,)
            + state.fireworks[card.color + 1:],
            "played": state.played + (order,),
            "clues": state.clues + bonus,
            "moves": state.moves + (Move(seat, PLAY_MOVE, action.slot, order),),
        }
        events = [Event(Label("hanabi-ev-play", named))]
        if card.rank == MAX_RANK:
            events.append(Event(Label("hanabi-ev-firework-done",
                                      {"color": color_id(card.color), "bonus": int(bonus)})))
    else:
        fuses = state.fuses + 1
        changes |= {"discards": state.discards + (order,), "fuses": fuses,
                    "moves": state.moves + (Move(seat, PLAY_MOVE, action.slot, order,
                                                 ok=False),)}
        events = [Event(Label("hanabi-ev-misplay", named | {
            "fuses": fuses, "left": MAX_FUSES - fuses}))]
    return replace(state, **changes), tuple(events)


def _with_hand(state: HanabiState, seat: int,
               hand: tuple[HandCard, ...]) -> tuple[tuple[HandCard, ...], ...]:
    return state.hands[:seat] + (hand,) + state.hands[seat + 1:]


# --- the end of a turn -------------------------------------------------------------------


def _end_of_turn(state: HanabiState,
                 before: HanabiState) -> tuple[HanabiState, tuple[Event, ...]]:
    """Decide whether the game ends after this turn; otherwise pass the turn on.

    In order: the third fuse; every firework complete; (advanced) a card that could not be
    replaced was lost; (standard) the last round, which starts when the last card is
    drawn and gives every player, the one who drew it too, exactly one more turn;
    (advanced) the next player can do nothing at all.
    """
    n = state.players_count
    version = before.version + 1
    if state.fuses >= MAX_FUSES:
        return _over(state, FUSES, version)
    if state.complete:
        return _over(state, COMPLETE, version)
    move = state.moves[-1]
    lost = _lost_card(state, move)
    if lost is not None and state.variant.advanced:
        return _over(state, CRITICAL, version)
    events: list[Event] = []
    if lost is not None:
        events.append(Event(Label("hanabi-ev-card-lost", {
            "color": color_id(lost.color), "rank": lost.rank})))
    phase, left = state.phase, state.final_turns_left
    if not state.variant.advanced:
        if phase == FINAL:
            if left == 1:
                return _over(state, LAST_ROUND, version)
            left -= 1
        elif before.deck_left and not state.deck_left:
            phase, left = FINAL, n
            events.append(Event(Label("hanabi-ev-last-card", {"seat": move.seat})))
    elif before.deck_left and not state.deck_left:
        events.append(Event(Label("hanabi-ev-deck-empty-advanced")))
    state = replace(state, current=(state.current + 1) % n, phase=phase, final_turns_left=left,
                    version=version)
    if not can_act(state, state.current):
        over, more = _over(state, STUCK, version)
        return over, tuple(events) + more
    return state, tuple(events)


def can_act(state: HanabiState, seat: int) -> bool:
    """Whether `seat` has any legal action: a card to play, or a token and another player
    holding a card to clue (any card can be clued by its colour)."""
    if state.hands[seat]:
        return True
    return state.clues > 0 and any(hand for other, hand in enumerate(state.hands)
                                   if other != seat)


def _lost_card(state: HanabiState, move: Move) -> Card | None:
    """The card this move threw away if it was still needed and no copy of it is left."""
    if move.order < 0 or (move.kind == PLAY_MOVE and move.ok):
        return None
    card = state.deck[move.order]
    discarded = sum(1 for o in state.discards if state.deck[o] == card)
    if state.needed(card) and discarded == state.variant.copies(card):
        return card
    return None


def _over(state: HanabiState, ending: str,
          version: int) -> tuple[HanabiState, tuple[Event, ...]]:
    over = replace(state, phase=OVER, ending=ending, final_turns_left=0, version=version)
    args: dict[str, Any] = {"score": over.score, "max": over.variant.max_score}
    if ending == CRITICAL:
        card = over.deck[over.moves[-1].order]
        args |= {"color": color_id(card.color), "rank": card.rank}
    if ending == STUCK:
        args["seat"] = over.current
    return over, (Event(Label(f"hanabi-ev-over-{ending.replace('_', '-')}", args)),)
