"""Benchmark opponents, not offered at tables.

* random: any legal action.
* greedy: most honor now, then most cards: the turn's exchange and dedication that bring the
  most honor this turn, then the placement that brings it the most cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from ..actions import Discard, EndTurn
from ..rules import legal_actions
from ..state import FINAL, LanternsState
from .reading import sample_world
from .turns import handouts, prefixes


def choose_random(view: Mapping[str, Any], seat: int, rng: random.Random,
                  budget: Budget) -> Decision:
    state = sample_world(view, seat, rng)
    return Decision(rng.choice(legal_actions(state, seat)).encode())


def _most_held(state: LanternsState) -> Discard:
    cards = state.players[state.current].cards
    return Discard(max(range(len(cards)), key=lambda c: cards[c]))


def choose_greedy(view: Mapping[str, Any], seat: int, rng: random.Random,
                  budget: Budget) -> Decision:
    state = sample_world(view, seat, rng)
    honor = state.players[seat].honor
    # most honor this turn; the fewest steps (no needless exchange) among equals
    best = max(prefixes(state, _most_held),
               key=lambda p: (p.state.players[seat].honor - honor, -len(p.steps), rng.random()))
    if best.steps:
        return Decision(best.steps[0].encode())
    if state.phase == FINAL:
        return Decision(EndTurn().encode())
    place, _ = max(handouts(state), key=lambda ph: (ph[1].own_cards, rng.random()))
    return Decision(place.encode())
