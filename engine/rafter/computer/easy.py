"""Easy: a plausible but less careful builder.

Taking: a rafter from the sea when there is one, else any rafter it may lift, at random,
after one quick trial that rules out only a lift that visibly moves something.

Building: a card pose picked at random among the dozen that look steadiest without
simulating (its rafter and chest where they hold the card best), and one tremor trial of it:
if that trial fell, one more random pick, taken whatever it does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, ComputerPlayer, Decision
from ..probe import RaftProbe
from ..state import TAKE
from . import work
from .building import build_options, try_builds
from .determinize import sampled_state
from .normal import build_reason, take_reason
from .taking import lifts, take_action

BUDGET_S = 2.0
WORK_S = 1.5  # its work is sized from less than its budget: its p95 stayed near 1.6 s
POOL = 12  # the steadiest-looking poses it picks among
PICKS = 2  # random picks it tries at most


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    thinking = work.seconds(budget, WORK_S)
    pieces = len(state.scene.pieces)
    if state.phase == TAKE:
        options = lifts(state, work.lift_trials(thinking, pieces))
        fine = [o for o in options if o.cost < 1] or options
        lift = rng.choice(fine)
        return Decision(take_action(state, lift.rafter), take_reason(lift))
    pool = build_options(state, RaftProbe(state.scene), rng, work.pose_draws(thinking))[:POOL]
    picks = rng.sample(pool, min(PICKS, len(pool)))
    trials = work.build_trials(thinking, pieces)
    tried = []
    for option in picks[:trials]:
        tried += try_builds(state, [option], 1, rng)
        if tried[-1].cost == 0 or budget.expired():
            break
    option = tried[-1].option if tried else picks[0]
    return Decision(option.build.encode(), build_reason(option, tried[-1:]))


EASY = ComputerPlayer("easy", choose, BUDGET_S)
