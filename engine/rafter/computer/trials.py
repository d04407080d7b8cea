"""Seeded physics trials of a move, as a computer player imagines them.

A trial runs the engine's own simulation (`physics.place`, `physics.settle`) under a hand
tremor drawn from the player's own seeds (never the game's: that seed is secret). Trials are
short, like the "how risky?" estimate's: a tipping card takes a few tenths of a second to
fall, so a trial stops after `TRIAL_SETTLE_S` and counts a piece still sinking as going down:
a piece on the raft that ends `SINKING_MM` lower, or a piece just let go that ends
`PLACED_SINKING_MM` below where it was let go (landing tilted on a lower footing drops it a
couple of mm harmlessly; in the positions measured, builds that then fell had dropped
further). A trial is a pure function of its inputs, so running them in a thread pool
(MuJoCo releases the GIL while stepping) changes nothing but the time they take.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TypeVar

from ..config import CONFIG, RafterConfig
from ..physics import Placement, Settled, place, settle
from ..scene import Scene

TRIAL_SETTLE_S = 0.25
SINKING_MM = 2.0  # a piece this much lower than it stood is on its way down
PLACED_SINKING_MM = 5.0  # a piece let go above a tilted footing drops a few mm as it lands
WORKERS = 2

SHORT: RafterConfig = replace(CONFIG, simulation=replace(CONFIG.simulation, overtime_s=0.0,
                                                         max_settle_s=TRIAL_SETTLE_S))

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Trial:
    """What one imagined move did: the pieces that went down (fell, or were still sinking),
    and the raft it left."""

    down: tuple[str, ...]
    scene: Scene

    @property
    def fell(self) -> bool:
        return bool(self.down)


def _trial(before: Scene, result: Settled) -> Trial:
    start = {p.id: (p.pose.pos[2], SINKING_MM) for p in before.pieces}
    start |= {p.id: (p.pose.pos[2], PLACED_SINKING_MM) for p in result.placed}
    sinking = tuple(p.id for p in result.scene.pieces if p.id in start
                    and start[p.id][0] - p.pose.pos[2] > start[p.id][1])
    return Trial(result.fallen_ids + sinking, result.scene)


def build_trial(scene: Scene, placements: Sequence[Placement], seed: int) -> Trial:
    """Put the card, its rafter and the chest down at once (the game settles the card and
    rafter before the chest goes on; one settle is close enough and half the work)."""
    return _trial(scene, place(scene, placements, seed=seed, config=SHORT))


def lift_trial(scene: Scene, piece_id: str) -> Trial:
    """Take a piece away and let the rest settle: what leaned on it, or was held down by it,
    goes down. (The lift's own sideways drift is a fraction of a millimetre: left out.)"""
    return _trial(scene, settle(scene.without((piece_id,)), config=SHORT))


def run_all(work: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """`work` on every item, in a small thread pool, results in the items' order."""
    if len(items) <= 1:
        return [work(item) for item in items]
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        return list(pool.map(work, items))
