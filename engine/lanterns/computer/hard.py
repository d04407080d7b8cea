"""Hard: determinized look-ahead over the hidden tiles.

The one-move-ahead planner (`normal`) proposes its best few turns. Each is then tried in the
same handful of sampled worlds (the other hands and the draw stack dealt at random from the
tiles this seat has not seen): the next two seats play their best turns (with two players,
the opponent answers and this seat plays again with the tile it would draw), and the
position is judged there. The turn with the best average wins. The work (worlds × candidates) is sized from the budget, never
from the clock, so the same view and seed give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from ..actions import Action
from ..state import PLAY
from .normal import pick
from .planning import Plan, scored_plans
from .reading import sample_world
from .reasons import reason_for
from .rollouts import try_plan

BUDGET_SECONDS = 1.0
SEAT_TURNS_PER_SECOND = 64
"""Play-out work one second of budget buys, in turns times seats (a turn costs about as much
per seat it weighs): set well below what this 2-core machine manages, so that the p95 of a
decision stays within the budget even when other work shares the machine."""
HORIZON = 2  # turns played out: the next seat's answer, then the next (in 2 players: oneself)
CANDIDATES = 4
MIN_ROLLOUTS = 2  # even the smallest budget compares two plans in one world


def candidates(plans: list[Plan], rng: random.Random, count: int) -> list[Plan]:
    """The best plan for each of the `count` best first steps (by the one-move-ahead score,
    ties decided by `rng`): only the first step is taken now, the rest is planned again."""
    ranked = sorted(plans, key=lambda p: (round(p.score, 9), rng.random()), reverse=True)
    best_by_first: dict[Action, Plan] = {}
    for plan in ranked:
        best_by_first.setdefault(plan.steps[0], plan)
    return list(best_by_first.values())[:count]


def sizes(players: int, seconds: float) -> tuple[int, int, int]:
    """(turns played out, worlds, candidate plans) the budget pays for. A play-out turn costs
    about as much per seat it weighs; a small budget plays out fewer turns and plans."""
    work = int(seconds * SEAT_TURNS_PER_SECOND)
    turns = min(HORIZON, players)
    per_rollout = turns * players
    if work < MIN_ROLLOUTS * per_rollout:
        turns = max(1, work // (MIN_ROLLOUTS * players))
        return turns, 1, MIN_ROLLOUTS
    rollouts = work // per_rollout
    count = min(CANDIDATES, rollouts)
    return turns, max(1, rollouts // count), count


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    state = sample_world(view, seat, rng)
    plans = scored_plans(state, seat)
    if state.phase != PLAY:
        best = pick(plans, rng)  # the final round is one exchange and dedication: no hidden part
        return Decision(best.steps[0].encode(), reason_for(state, best.steps))
    turns, worlds, count = sizes(state.players_count, min(budget.seconds, BUDGET_SECONDS))
    chosen = candidates(plans, rng, count)
    if len(chosen) == 1:
        return Decision(chosen[0].steps[0].encode(), reason_for(state, chosen[0].steps))
    totals = [0.0] * len(chosen)
    started = budget.elapsed()
    for done in range(worlds):
        # only a guard for an overloaded machine: stop when another world would overrun the
        # budget; on this machine the planned work ends well before, whatever the clock says
        if done and budget.left() < (budget.elapsed() - started) / done:
            break
        world = sample_world(view, seat, rng)
        for i, plan in enumerate(chosen):
            totals[i] += try_plan(world, plan.steps, turns)
    best = max(range(len(chosen)), key=lambda i: (totals[i], -i))
    return Decision(chosen[best].steps[0].encode(), reason_for(state, chosen[best].steps))
