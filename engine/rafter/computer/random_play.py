"""Random: a benchmark opponent, not offered at tables. Takes any rafter it may, and builds
any legal coarse card pose with any legal rafter and chest places, as `legal_actions` offers
them; no simulation, no reason given."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, ComputerPlayer, Decision
from ..actions import Build, Take
from ..legality import candidates, place_pairs
from ..rules import cards_offered, takeable
from ..state import TAKE
from .determinize import sampled_state


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    if state.phase == TAKE:
        return Decision(Take(rng.choice(takeable(state)), rng.choice(cards_offered(state))).encode())
    assert state.card is not None and state.held is not None
    pose = rng.choice(candidates(state.scene, state.card, state.options.advanced))
    rafter, chest = rng.choice(list(place_pairs(state.card, state.held,
                                                advanced=state.options.advanced)))
    return Decision(Build(*pose, *rafter, *chest).encode())


RANDOM = ComputerPlayer("random", choose, 0.5)
