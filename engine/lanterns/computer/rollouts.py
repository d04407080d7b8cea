"""A plan tried in one sampled world: the plan, then the next turns played out by the
one-move-ahead planner for every seat, and the position judged where the play-out stops."""

from __future__ import annotations

from ..actions import Action
from ..state import OVER, LanternsState
from .planning import scored_plans
from .turns import apply_action
from .valuation import margin, outlook, seat_worth

PLAYOUT_PREFIXES = 1
"""The play-out planner tries only its best exchange-and-dedication choice: it is run often."""


def playout_turn(state: LanternsState) -> LanternsState:
    """The player to act plays a whole turn as the one-move-ahead planner would."""
    seat = state.current
    plans = scored_plans(state, seat, kept=PLAYOUT_PREFIXES)
    best = max(plans, key=lambda p: p.score)
    for step in best.steps:
        state = apply_action(state, step)
    return state


def judge(state: LanternsState, seat: int) -> float:
    """The seat's margin over the others in `state`, at the start of someone's turn."""
    worths = [seat_worth(p.honor, p.cards, p.favors, outlook(state, s))
              for s, p in enumerate(state.players)]
    return margin(worths, seat)


def try_plan(world: LanternsState, steps: tuple[Action, ...], turns: int) -> float:
    """The planner's margin after `steps` and `turns` further turns (or the game's end)."""
    seat = world.current
    state = world
    for step in steps:
        state = apply_action(state, step)
    for _ in range(turns):
        if state.phase == OVER:
            break
        state = playout_turn(state)
    return judge(state, seat)
