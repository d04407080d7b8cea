"""Which rafter to take: one from the sea costs nothing (and the rules may force it); lifting
one off the raft is tried in the physics first, since a rafter may be what holds a card down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..actions import Take
from ..config import CONFIG
from ..rules import cards_offered, takeable
from ..scene import RAFTER
from ..state import RafterState
from .building import trial_cost
from .trials import Trial, lift_trial, run_all

ON_RAFT_CARD_MM = 1.0  # a rafter whose bottom is this close to the raft card stands on it
UNTRIED_COST = 0.5  # a lift the budget left untried: not known safe, not known bad


@lru_cache(maxsize=8)
def ease(rafter: int) -> float:
    """How easy a rafter is to stand on a card: a broad base and a low top (mm² per mm)."""
    shape = CONFIG.rafters[rafter]
    base = [p for p in shape.parts if p.pos[2] - p.size[2] / 2 <= 0.0]
    return sum(p.size[0] * p.size[1] for p in base) / shape.height


@dataclass(frozen=True)
class Lift:
    """A rafter the player may take, and what taking it did in the trials."""

    rafter: int
    from_sea: bool
    on_raft_card: bool
    trial: Trial | None
    cost: float


def lifts(state: RafterState, trials: int) -> list[Lift]:
    """Every rafter the player may take; rafters on the raft are tried, as many as `trials`
    allows, the easiest to build with first."""
    allowed = takeable(state)
    if any(r in state.sea_rafters for r in allowed):
        return [Lift(r, True, False, None, 0.0) for r in allowed]
    standing = {r: state.scene.get(f"{RAFTER}{r}").pose.pos[2] < ON_RAFT_CARD_MM
                for r in allowed}
    tried = sorted(allowed, key=lambda r: (-ease(r), r))[:trials]
    results = dict(zip(tried, run_all(lambda r: lift_trial(state.scene, f"{RAFTER}{r}"),
                                      tried)))
    own = state.seats[state.current].colors
    return [Lift(r, False, standing[r], results.get(r),
                 trial_cost(results[r], own) if r in results else UNTRIED_COST)
            for r in allowed]


def take_action(state: RafterState, rafter: int) -> str:
    """Taking `rafter` with a new card while any is left face down (every card is the same
    shape), else with the first card that fell wood side up."""
    return Take(rafter, cards_offered(state)[0]).encode()


def safest(options: Sequence[Lift]) -> Lift:
    """The cheapest lift; among equals one standing on the raft card (nothing rests on it),
    then the easiest rafter to build with."""
    return min(options, key=lambda o: (o.cost, not o.on_raft_card, -ease(o.rafter), o.rafter))
