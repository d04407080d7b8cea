"""Normal: a careful builder that rarely topples the raft.

Taking: a rafter from the sea when there is one; otherwise every rafter it may lift is tried
in the physics (taken away, the rest settling) and the one whose lift moves nothing is taken,
preferring one standing on the raft card itself, then the easiest to build with.

Building: every legal coarse card pose is sized up without simulating (how deep inside what
holds the card up its load would be: `footing`), the rafter and chest going where they hold
the card best; then, steadiest first, each pose gets a few seeded tremor trials until one
comes through them all. The trials the budget allows are counted from the raft's size.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, ComputerPlayer, Decision, Label
from ..probe import RaftProbe
from ..state import TAKE, RafterState
from . import reasons, work
from .building import SAFE_MM, BuildOption, Tried, build_options, try_builds
from .determinize import sampled_state
from .taking import Lift, lifts, safest, take_action

BUDGET_S = 2.5
TRIALS_EACH = 2  # one per worker thread: a pose's trials take the time of one


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    thinking = work.seconds(budget, BUDGET_S)
    if state.phase == TAKE:
        return take(state, thinking)
    options = build_options(state, RaftProbe(state.scene), rng, work.pose_draws(thinking))
    tried = first_clean(state, options, work.build_trials(thinking, len(state.scene.pieces)),
                        rng, budget)
    option = best_tried(tried).option if tried else options[0]
    return Decision(option.build.encode(), build_reason(option, tried))


def take(state: RafterState, thinking: float) -> Decision:
    lift = safest(lifts(state, work.lift_trials(thinking, len(state.scene.pieces))))
    return Decision(take_action(state, lift.rafter), take_reason(lift))


def first_clean(state: RafterState, options: list[BuildOption], trials: int,
                rng: random.Random, budget: Budget) -> list[Tried]:
    """Try the options steadiest first, `TRIALS_EACH` trials each, while `trials` last; stop
    at the first that nothing fell in and that looked safe before trying (a pose that only
    looked shaky but came through is kept in reserve)."""
    each = min(TRIALS_EACH, trials)
    tried: list[Tried] = []
    for option in options[:trials // each if each else 0]:
        tried += try_builds(state, [option], each, rng)
        if (tried[-1].cost == 0 and option.margin >= SAFE_MM) or budget.expired():
            break
    return tried


def best_tried(tried: list[Tried]) -> Tried:
    """The cheapest in the trials; among equals the steadiest (the earliest tried)."""
    return min(tried, key=lambda t: t.cost)


def take_reason(lift: Lift) -> Label | None:
    """Why this rafter, as far as the player knows (a lift left untried says nothing)."""
    if lift.from_sea:
        return reasons.took_from_sea(lift.rafter)
    if lift.trial is None:
        return reasons.took_free(lift.rafter) if lift.on_raft_card else None
    if lift.cost > 0:
        return reasons.took_risky(lift.rafter)
    return reasons.took_free(lift.rafter) if lift.on_raft_card else reasons.took_steady(lift.rafter)


def build_reason(option: BuildOption, tried: list[Tried]) -> Label:
    if (tried and min(t.cost for t in tried) > 0) or option.margin < 0:
        return reasons.built_risky()
    return reasons.built_counterweight() if option.overhang else reasons.built_firm()


NORMAL = ComputerPlayer("normal", choose, BUDGET_S)
