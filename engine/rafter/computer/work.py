"""How much simulating a decision may do, sized from its budget and the raft's size alone
(never from the clock, so the same view and budget always give the same choice).

A trial's cost grows with the pieces on the raft (every one takes part in the contact
solve); the figures below were measured on this project's 2-core machine with room to spare,
since a busy host runs slower and the decision must still come back within its budget.
"""

from __future__ import annotations

import math

from ...core import Budget

BUILD_TRIAL_S = (0.03, 0.014)  # seconds: fixed, per piece on the raft
LIFT_TRIAL_S = (0.02, 0.006)
PLANNING_S = (0.05, 0.004)  # finding and sizing up the card poses, before any trial
DRAW_S = 0.0015  # drawing one card pose and checking it
DRAWS_PER_S = 120  # poses drawn per second of budget
MAX_DRAWS = 300
OUTLOOK_BASE_S = (0.03, 0.001)  # judging the raft before the build: measured 50 ms on 30-50 pieces
OUTLOOK_S = (0.02, 0.0008)  # then each raft a build would leave: measured 30-45 ms
OUTLOOK_SHARE = 0.25  # of the budget a level that judges the raft it leaves spends on that
SHARE = 0.6  # of the budget given to trials: the rest is headroom for a slow machine


def seconds(budget: Budget, level_seconds: float) -> float:
    """The seconds a decision sizes its work from."""
    return max(0.0, min(budget.seconds, level_seconds))


def _cost(per: tuple[float, float], pieces: int) -> float:
    fixed, each = per
    return fixed + each * pieces


def pose_draws(thinking_s: float) -> int:
    """How many card poses to draw around the lumber (`poses`)."""
    return min(MAX_DRAWS, math.floor(thinking_s * DRAWS_PER_S))


def build_trials(thinking_s: float, pieces: int) -> int:
    """How many build trials fit in `thinking_s` on a raft of `pieces`, after planning."""
    left = thinking_s * SHARE - _cost(PLANNING_S, pieces) - DRAW_S * pose_draws(thinking_s)
    return max(0, math.floor(left / _cost(BUILD_TRIAL_S, pieces)))


def lift_trials(thinking_s: float, pieces: int) -> int:
    """How many lift trials fit in `thinking_s` on a raft of `pieces`."""
    return max(0, math.floor(thinking_s * SHARE / _cost(LIFT_TRIAL_S, pieces)))


def outlooks(thinking_s: float, pieces: int) -> int:
    """How many rafts a build would leave can be judged for the next player (`outlook`: it
    screens the coarse card poses on the raft, then again where each build changes it) in
    `OUTLOOK_SHARE` of `thinking_s`."""
    left = thinking_s * OUTLOOK_SHARE - _cost(OUTLOOK_BASE_S, pieces)
    return max(0, math.floor(left / _cost(OUTLOOK_S, pieces)))
