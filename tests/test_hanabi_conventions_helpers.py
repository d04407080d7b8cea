"""Helpers (no tests) for the H-group convention scenarios (tests/test_hanabi_conventions_*):
hands given slot 1 first and the next cards drawn given too, so every scenario is exact."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.computer import decide, json_view
from engine.core import Decision
from engine.hanabi import SPEC
from engine.hanabi.components import HAND_SIZE, Card, Variant
from engine.hanabi.computer import LEVELS
from engine.hanabi.rules import deal
from engine.hanabi.state import HanabiState

COLOURS = "rygbw"


def card(code: str) -> Card:
    return Card(COLOURS.index(code[0]), int(code[1]))


def dealt(hands: Sequence[Sequence[str]], draws: Sequence[str] = ()) -> HanabiState:
    """A new game with these hands (slot 1 first), then `draws` on top of the deck, then the
    rest in a fixed order."""
    variant = Variant()
    rest = list(variant.sorted_deck)
    top: list[Card] = []
    for hand in hands:
        assert len(hand) == HAND_SIZE[len(hands)]
        for code in reversed(hand):  # the last card dealt to a hand is its slot 1
            top.append(card(code))
            rest.remove(card(code))
    for code in draws:
        top.append(card(code))
        rest.remove(card(code))
    random.Random(0).shuffle(rest)
    return deal(len(hands), top + rest, variant)


def moves(state: HanabiState, *actions: str) -> HanabiState:
    for action in actions:
        state, _ = SPEC.apply(state, state.current, action)
    return state


def normal_move(state: HanabiState) -> Decision:
    """What the `normal` level does in the seat whose turn it is, from that seat's view."""
    return decide(LEVELS["normal"].choose, json_view(SPEC, state, state.current),
                  state.current, 0, 1.0)
