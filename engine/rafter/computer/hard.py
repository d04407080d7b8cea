"""Hard: as careful as normal for itself, and a nuisance to the next player.

Taking: as normal (the next player may take any other rafter, so there is no denying them a
safe one: the one just used is the only one they may not take).

Building: only poses well inside their footing are compared; its chest goes as far out over
the card's unsupported end as that allows (a chest that falls on someone else's turn is
their penalty). The raft each compared build would leave, its pieces lying where aimed, is
judged by the room it leaves the next card (`outlook.room`: how deep inside their footings
the best few card poses would hold a load; a count of safe places is 0 on most big rafts,
where the next player still builds); then, the worst for the next player first, each gets
the tremor trials normal would give it until one comes through them all. With fewer than two
safe builds to compare, it builds as normal does.

Measured (README): between the builds of one position that are safe for the builder, the
next turn's chance to fall was not seen to depend on the choice, not even when builds were
picked by simulated next turns (`bench.rafter_ceiling`), so the nuisance is small at best.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core import Budget, ComputerPlayer, Decision, Label
from ..physics import dropped
from ..probe import RaftProbe
from ..rules import build_placements
from ..state import TAKE, RafterState
from . import normal, reasons, work
from .building import SAFE_MM, BuildOption, Tried, build_options
from .determinize import sampled_state
from .normal import best_tried, build_reason, first_clean
from .outlook import Outlook, room, safe_count

BUDGET_S = 3.0
CHEST_ROOM_MM = 3.0  # how much of the load's margin above `SAFE_MM` the chest may spend
CHEST_OUT_MM = 20.0
"""How far a chest may stand out past what holds its card up: in the trials of a card laid
over the raft's edge, chests 30-40 mm out fell in half the tremor draws, 24 mm out in none."""
ROOM_WEIGHT = 1.0  # per mm of `outlook.room` taken from the next card
CHEST_WEIGHT = 0.1  # per mm the chest stands out, likewise
STEADY_WEIGHT = 0.2  # per point of `BuildOption.steady`, likewise
TIGHTER_BY = 3  # fewer safe places than the steadiest build leaves, to be worth a word
MOST_JUDGED = 16  # safe builds whose rafts are judged for the next player


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sampled_state(view, rng)
    thinking = work.seconds(budget, BUDGET_S)
    if state.phase == TAKE:
        return normal.take(state, thinking)
    return _build(state, thinking, rng, budget)


# --- building ----------------------------------------------------------------------------


def chest_out_pair(load: np.ndarray, chest: np.ndarray) -> int:
    """Among place pairs whose load stays safely inside the footing (a little less deep than
    the deepest) and whose chest stands out no more than `CHEST_OUT_MM`, the one whose chest
    stands out the furthest."""
    floor = min(float(load.max()), SAFE_MM + CHEST_ROOM_MM)
    allowed = np.flatnonzero((load >= floor) & (chest >= -CHEST_OUT_MM))
    if not len(allowed):
        return int(np.argmax(load))
    return int(allowed[np.lexsort((-load[allowed], chest[allowed]))[0]])


def _build(state: RafterState, thinking: float, rng: random.Random, budget: Budget) -> Decision:
    pieces = len(state.scene.pieces)
    options, safe = weighed_builds(state, rng, thinking)
    trials = work.build_trials(thinking * (1 - work.OUTLOOK_SHARE), pieces)
    count = min(len(safe), MOST_JUDGED, work.outlooks(thinking, pieces))
    if count < 2:  # no room to compare: build as normal does
        return _as_normal(state, options, trials, rng, budget)
    judged: list[tuple[float, BuildOption, int]] = []  # (nuisance, build, safe places left)
    outlook = next_outlook(state)
    for option in spread(safe, count, rng):
        margins = left_for_next(state, outlook, option)
        places = safe_count(margins)
        judged.append((_nuisance(option, room(margins)), option, places))
        if budget.expired():  # only a guard: judge by what was judged
            break
    steadiest_places = judged[0][2]
    judged.sort(key=lambda j: -j[0])  # the most nuisance first (a stable sort)
    ranked = [option for _, option, _ in judged]
    tried = first_clean(state, ranked + [o for o in options if o not in ranked], trials, rng,
                        budget)
    option = best_tried(tried).option if tried else ranked[0]
    places = next((p for _, o, p in judged if o == option), None)
    if places is None:  # nothing judged came through its trials: built as normal would
        return Decision(option.build.encode(), build_reason(option, tried))
    return Decision(option.build.encode(), _reason(option, places, steadiest_places, tried))


def weighed_builds(state: RafterState, rng: random.Random,
                   thinking: float) -> tuple[list[BuildOption], list[BuildOption]]:
    """Every build hard sizes up (its chest out, `chest_out_pair`), steadiest first, and
    those of them well inside their footing."""
    options = build_options(state, RaftProbe(state.scene), rng, work.pose_draws(thinking),
                            chest_out_pair)
    return options, [o for o in options if o.margin >= SAFE_MM]


def next_outlook(state: RafterState) -> Outlook:
    """What judges, for the next player, the rafts the builds of `state` would leave."""
    return Outlook(state.scene, state.held or 0, state.card or 0, state.options.advanced)


def _as_normal(state: RafterState, options: list[BuildOption], trials: int,
               rng: random.Random, budget: Budget) -> Decision:
    tried = first_clean(state, options, trials, rng, budget)
    option = best_tried(tried).option if tried else options[0]
    return Decision(option.build.encode(), build_reason(option, tried))


def spread(safe: list[BuildOption], count: int, rng: random.Random) -> list[BuildOption]:
    """The steadiest half of `count`, and the rest drawn from the other safe poses (the
    steadiest poses are much alike, and the nuisance is often elsewhere)."""
    top = safe[:(count + 1) // 2]
    rest = safe[len(top):]
    return top + rng.sample(rest, min(count - len(top), len(rest)))


def left_for_next(state: RafterState, outlook: Outlook, option: BuildOption) -> np.ndarray:
    """The next card's pose margins (`outlook.pose_margins`) on the raft `option` would
    leave, its pieces lying where aimed."""
    left = dropped(state.scene, build_placements(state, option.build))
    return outlook.margins_after(left, left.pieces[len(state.scene.pieces):])


def _nuisance(option: BuildOption, room_left: float) -> float:
    return (-ROOM_WEIGHT * room_left + CHEST_WEIGHT * max(0.0, -option.chest_margin)
            + STEADY_WEIGHT * option.steady)


def _reason(option: BuildOption, places: int, steadiest_places: int,
            clean: list[Tried]) -> Label:
    if places <= steadiest_places - TIGHTER_BY:
        return reasons.built_tight()
    if option.chest_margin < 0:
        return reasons.built_chest_out()
    return build_reason(option, clean)


HARD = ComputerPlayer("hard", choose, BUDGET_S)
