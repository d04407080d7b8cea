"""Easy: a beginner. It dedicates whenever it can (the most honor first), never exchanges,
and places where it gets the most cards for itself, liking colours it already collects, but
it misjudges often: its placement scores carry a good dose of noise."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from ..actions import Dedicate, Discard, EndTurn, Place
from ..components import GENERIC_HONOR, KINDS
from ..rules import cards_to_discard, possible_dedications
from ..state import FINAL, LanternsState
from .reading import sample_world
from .reasons import reason_for
from .turns import handout, placements

NOISE = 1.5  # in cards: a beginner often takes a placement worth one card less


def _token(state: LanternsState, dedication: Dedicate) -> int:
    stack = state.stacks[KINDS.index(dedication.kind)]
    return stack[0] if stack else GENERIC_HONOR


def _placement_score(state: LanternsState, place: Place, rng: random.Random) -> float:
    seat = state.current
    before = state.players[seat].cards
    after = handout(state, place).cards
    gained = sum(after) - sum(before)
    collected = sum(after[c] - before[c] for c in range(len(before)) if before[c])
    return gained + 0.5 * collected + NOISE * rng.random()


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sample_world(view, seat, rng)
    dedications = possible_dedications(state)
    if dedications:
        best = max(dedications, key=lambda d: (_token(state, d), rng.random()))
        return Decision(best.encode(), reason_for(state, (best,)))
    if state.phase == FINAL:
        return Decision(EndTurn().encode(), reason_for(state, (EndTurn(),)))
    if cards_to_discard(state):
        cards = state.players[seat].cards
        discard = Discard(rng.choice([c for c in range(len(cards)) if cards[c]]))
        return Decision(discard.encode(), reason_for(state, (discard,)))
    place = max(placements(state), key=lambda p: _placement_score(state, p, rng))
    return Decision(place.encode(), reason_for(state, (place,)))
