"""Normal: a good heuristic player that looks one move ahead.

Every way to play the turn (exchange or not, which dedication, which tile, turned how, where)
is tried on a copy of the game, and the outcome is judged by every seat's honor plus what its
cards and favors should still become (`valuation`): so it weighs honor now against cards
gained, what the placement hands the opponents, favors, and when a dedication is worth making.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from .planning import Plan, scored_plans
from .reading import sample_world
from .reasons import reason_for


def pick(plans: list[Plan], rng: random.Random) -> Plan:
    """The best plan; equal scores are decided by `rng`."""
    return max(plans, key=lambda p: (round(p.score, 9), rng.random()))


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sample_world(view, seat, rng)
    best = pick(scored_plans(state, seat), rng)
    return Decision(best.steps[0].encode(), reason_for(state, best.steps))
