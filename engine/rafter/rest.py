"""Is a stored raft at rest? Let every piece of it run free for a while and see what moves.

A stored raft is what the next move starts from, and the next move sets free only the pieces
it can disturb. If a stored raft were still falling (or about to), the fall would finish
during someone else's move and be charged to them. `rest_check` is how the tests and
`bench.rafter_rest` prove that it is not: the whole raft runs free for `seconds` of simulated
time, with no stopping rule, and the answer says what fell and how far the pieces moved.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .config import CONFIG, RafterConfig
from .physics import settle
from .scene import Scene

REST_SECONDS = 2.0
"""How long a stored raft runs free: a slow tip that a settle took for stillness shows
within a second or so."""


@dataclass(frozen=True)
class RestCheck:
    """What a stored raft did when left alone: the pieces that fell, the largest distance
    (mm) any piece that stayed moved, and which piece that was."""

    fallen: tuple[str, ...]
    moved_mm: float
    mover: str | None = None

    def at_rest(self, tolerance_mm: float) -> bool:
        return not self.fallen and self.moved_mm <= tolerance_mm


def rest_check(scene: Scene, *, seconds: float = REST_SECONDS,
               config: RafterConfig = CONFIG) -> RestCheck:
    """Let every piece of `scene` run free for exactly `seconds` (see the module)."""
    fixed = replace(config, simulation=replace(config.simulation, min_settle_s=seconds,
                                               max_settle_s=seconds, overtime_s=0.0))
    result = settle(scene, config=fixed)
    start = {p.id: p.pose.pos for p in scene.pieces}
    moved = {p.id: max(abs(a - b) for a, b in zip(p.pose.pos, start[p.id]))
             for p in result.scene.pieces}
    mover = max(moved, key=moved.__getitem__, default=None)
    return RestCheck(result.fallen_ids, moved[mover] if mover else 0.0, mover)
