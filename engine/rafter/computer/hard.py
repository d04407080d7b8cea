"""Hard: as careful as normal for itself, and a nuisance to the next player.

Taking: as normal (the next player may take any other rafter, so there is no denying them a
safe one: the one just used is the only one they may not take).

Building: only poses well inside their footing are compared; its chest goes as far out over
the card's unsupported end as that allows (a chest that falls on someone else's turn is
their penalty). Each compared pose gets a trial, and the raft that trial left is judged by
how few safe places it leaves the next card (`outlook`); the pick must come through a second
trial too. When there is no room to compare, or nothing safe, it builds as normal does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core import Budget, ComputerPlayer, Decision, Label
from ..probe import RaftProbe
from ..state import TAKE, RafterState
from . import normal, reasons, work
from .building import SAFE_MM, BuildOption, Tried, build_options, try_builds
from .determinize import sampled_state
from .normal import best_tried, build_reason, first_clean
from .outlook import safe_places

BUDGET_S = 3.0
CHEST_ROOM_MM = 3.0  # how much of the load's margin above `SAFE_MM` the chest may spend
CHEST_WEIGHT = 0.3  # per mm the chest stands out, in safe places left to the next player
STEADY_WEIGHT = 0.5  # per point of `BuildOption.steady`, likewise
TIGHTER_BY = 3  # fewer safe places than the steadiest build leaves, to be worth a word


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    thinking = work.seconds(budget, BUDGET_S)
    if state.phase == TAKE:
        return normal.take(state, thinking)
    return _build(state, thinking, rng, budget)


# --- building ----------------------------------------------------------------------------


def chest_out_pair(load: np.ndarray, chest: np.ndarray) -> int:
    """Among place pairs whose load stays safely inside the footing (a little less deep than
    the deepest), the one whose chest stands out the furthest."""
    floor = min(float(load.max()), SAFE_MM + CHEST_ROOM_MM)
    allowed = np.flatnonzero(load >= floor)
    return int(allowed[np.lexsort((-load[allowed], chest[allowed]))[0]])


def _build(state: RafterState, thinking: float, rng: random.Random, budget: Budget) -> Decision:
    pieces = len(state.scene.pieces)
    trials = work.build_trials(thinking, pieces)
    options = build_options(state, RaftProbe(state.scene), rng, work.pose_draws(thinking),
                            chest_out_pair)
    safe = [o for o in options if o.margin >= SAFE_MM]
    # each compared pose: one trial and the outlook; one more trial confirms the pick
    count = min(len(safe), (trials - 1) // (1 + work.outlook_cost_in_trials(pieces)))
    if count < 2:  # no room to compare: build as normal does
        return _as_normal(state, options, trials, rng, budget)
    judged: list[tuple[float, Tried, int]] = []  # (nuisance, trial, safe places left)
    for option in _spread(safe, count, rng):
        (tried,) = try_builds(state, [option], 1, rng)
        if tried.cost == 0:
            places = safe_places(tried.trials[0].scene, state.held or 0, state.options.advanced)
            judged.append((_nuisance(option, places), tried, places))
        if budget.expired():  # only a guard: judge by what was judged
            break
    if not judged:
        return _as_normal(state, [o for o in options if o not in safe[:count]],
                          trials - count, rng, budget)
    steadiest_places = judged[0][2]
    judged.sort(key=lambda j: -j[0])
    for _nuisance_score, tried, places in judged[:2]:  # the pick, or the runner-up
        (again,) = try_builds(state, [tried.option], 1, rng)
        if again.cost == 0:
            return Decision(tried.option.build.encode(),
                            _reason(tried.option, places, steadiest_places, [tried, again]))
    return _as_normal(state, options, trials - count - 2, rng, budget)


def _as_normal(state: RafterState, options: list[BuildOption], trials: int,
               rng: random.Random, budget: Budget) -> Decision:
    tried = first_clean(state, options, trials, rng, budget)
    option = best_tried(tried).option if tried else options[0]
    return Decision(option.build.encode(), build_reason(option, tried))


def _spread(safe: list[BuildOption], count: int, rng: random.Random) -> list[BuildOption]:
    """The steadiest half of `count`, and the rest drawn from the other safe poses (the
    steadiest poses are much alike, and the nuisance is often elsewhere)."""
    top = safe[:(count + 1) // 2]
    rest = safe[len(top):]
    return top + rng.sample(rest, min(count - len(top), len(rest)))


def _nuisance(option: BuildOption, places_left: int) -> float:
    return (-places_left + CHEST_WEIGHT * max(0.0, -option.chest_margin)
            + STEADY_WEIGHT * option.steady)


def _reason(option: BuildOption, places: int, steadiest_places: int,
            clean: list[Tried]) -> Label:
    if places <= steadiest_places - TIGHTER_BY:
        return reasons.built_tight()
    if option.chest_margin < 0:
        return reasons.built_chest_out()
    return build_reason(option, clean)


HARD = ComputerPlayer("hard", choose, BUDGET_S)
