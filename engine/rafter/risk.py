""""How risky is this?": a handful of perturbed simulations, told as safe / shaky / dangerous.

The estimate runs the same move under several tremor draws that are *not* the move's own
draw (their seeds are derived from a separate salt), and only the level leaves this module,
never which trial fell or how: a player learns how bold a move is, not what will happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .config import CONFIG, RafterConfig
from .physics import Placement, Settled, lift, place
from .scene import Scene
from .tremor import derive_seed


class Risk(str, Enum):
    SAFE = "safe"
    SHAKY = "shaky"
    DANGEROUS = "dangerous"


def classify(falls: int, config: RafterConfig = CONFIG) -> Risk:
    """The level for a number of trials in which something fell."""
    if falls >= config.risk.dangerous_from:
        return Risk.DANGEROUS
    if falls >= config.risk.shaky_from:
        return Risk.SHAKY
    return Risk.SAFE


def _trial_seeds(seed: int, config: RafterConfig) -> list[int]:
    return [derive_seed(seed, "risk", i) for i in range(config.risk.trials)]


def _level(results: Sequence[Settled], config: RafterConfig) -> Risk:
    return classify(sum(1 for r in results if r.fallen), config)


def placement_risk(scene: Scene, placements: Sequence[Placement], *, seed: int,
                   config: RafterConfig = CONFIG) -> Risk:
    """How likely putting these pieces down makes something fall."""
    return _level([place(scene, placements, seed=s, config=config)
                   for s in _trial_seeds(seed, config)], config)


def lift_risk(scene: Scene, piece_id: str, *, seed: int, config: RafterConfig = CONFIG) -> Risk:
    """How likely lifting this piece off the raft makes something fall."""
    return _level([lift(scene, piece_id, seed=s, config=config)
                   for s in _trial_seeds(seed, config)], config)
