"""Random: a benchmark opponent, not offered at tables. Takes any rafter it may, and builds
any legal coarse card pose with any legal rafter and chest spots, as `legal_actions` offers
them; no simulation, no reason given."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, ComputerPlayer, Decision
from ..actions import Build
from ..legality import candidates, spot_pairs
from ..rules import takeable
from ..state import TAKE
from .determinize import sampled_state


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    if state.phase == TAKE:
        return Decision(f"t{rng.choice(takeable(state))}")
    assert state.card is not None and state.held is not None
    pose = rng.choice(candidates(state.scene, state.card, state.options.advanced))
    pair = rng.choice(list(spot_pairs(state.card, state.held, advanced=state.options.advanced)))
    return Decision(Build(*pose, *pair).encode())


RANDOM = ComputerPlayer("random", choose, 0.5)
