"""How hard a raft is for the next player: how many coarse card poses would still hold a card
with a rafter on it safely (load centre at least `SAFE_MM` inside its footing). Fewer safe
places mean a next move closer to the edge, higher up or further from the middle."""

from __future__ import annotations

import numpy as np

from ..config import CONFIG
from ..legality import COARSE_ANGLES, COARSE_X, COARSE_Y, SCREEN_GRID, lumber_problem
from ..probe import RaftProbe
from ..scene import LUMBER, RAFTER, Scene
from .building import ROUGH_GRID, SAFE_MM, place_choices, raft_margins
from .footing import footing
from .taking import ease

HALF_TURN = tuple(a for a in COARSE_ANGLES if a < 180)  # a card turned half round lies alike


def next_card(scene: Scene) -> int | None:
    """A lumber card not on the raft, to stand for the next player's (all cards have the same
    shape; their prints matter only to the advanced rules)."""
    used = {p.variant for p in scene.of_kind(LUMBER)}
    return next((c for c in range(CONFIG.lumber.count) if c not in used), None)


def next_rafter(scene: Scene, mine: int) -> int:
    """The rafter the next player will build with is not known: judge the raft by the one
    hardest to stand on a card, among the others on the raft."""
    on_raft = [p.variant for p in scene.of_kind(RAFTER) if p.variant != mine]
    others = on_raft or [r for r in range(len(CONFIG.rafters)) if r != mine]
    return min(others, key=lambda r: (ease(r), r))


def safe_places(scene: Scene, mine: int, advanced: bool) -> int:
    """Poses of the engine's coarse grid where the next card, with a rafter and a chest,
    would rest safely; a quick count (rough grids, each pose and its half turn counted once)
    that only compares rafts."""
    card = next_card(scene)
    if card is None:
        return 0
    _, centres, _ = place_choices(card, next_rafter(scene, mine), advanced)
    probe = RaftProbe(scene)
    poses = [(x, y, angle) for x in COARSE_X for y in COARSE_Y for angle in HALF_TURN
             if lumber_problem(probe, card, x, y, angle, advanced=advanced,
                               grid=SCREEN_GRID) is None]
    return sum(1 for pose in poses
               if np.minimum(footing(probe, card, pose, ROUGH_GRID).margins(centres),
                             raft_margins(centres, pose)).max() >= SAFE_MM)
