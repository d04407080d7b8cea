"""How hard a raft is for the next player: how deep inside its footing a card with a rafter
and a chest on it could rest at each pose of a coarse grid. Fewer safe places (load centre at
least `SAFE_MM` inside) or less room mean a next move closer to the edge, higher up or
further from the middle: over 118 positions of random games, after a `normal` build, the
next turn (by `easy`) fell in 22% where no coarse pose was safe, 18% with one, 8% with two or
three and 6% with more. (Between the builds of one position that are safe for the builder,
how often the next turn falls has not been seen to depend on the choice, whatever it is
judged by: `bench.rafter_ceiling`, in the README.)

A pose's margin depends only on what lies under the card there, so `Outlook` judges every
pose once on the raft before a build, and on the raft a build would leave only the poses the
new pieces come near (`margins_after`): about 60% of the work of judging it afresh.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from ..config import CONFIG
from ..legality import COARSE_ANGLES, COARSE_X, COARSE_Y, SCREEN_GRID, lumber_problem
from ..locality import footprint
from ..probe import RaftProbe
from ..scene import LUMBER, RAFTER, Piece, Scene
from .building import ROUGH_GRID, SAFE_MM, place_choices, raft_margins
from .footing import footing
from .taking import ease

HALF_TURN = tuple(a for a in COARSE_ANGLES if a < 180)  # a card turned half round lies alike
POSES = tuple((x, y, angle) for x in COARSE_X for y in COARSE_Y for angle in HALF_TURN)
NEAR_MM = 1.0  # a new piece this close to a pose's outline may change what is under it
ROOMIEST = 3
ROOM_CAP_MM = 12.0


def next_card(scene: Scene, also_used: Iterable[int] = ()) -> int | None:
    """A lumber card not on the raft (nor among `also_used`), to stand for the next player's
    (all cards have the same shape; their prints matter only to the advanced rules)."""
    used = {p.variant for p in scene.of_kind(LUMBER)} | set(also_used)
    return next((c for c in range(CONFIG.lumber.count) if c not in used), None)


def next_rafter(scene: Scene, mine: int) -> int:
    """The rafter the next player will build with is not known: judge the raft by the one
    hardest to stand on a card, among the others on the raft."""
    on_raft = [p.variant for p in scene.of_kind(RAFTER) if p.variant != mine]
    others = on_raft or [r for r in range(len(CONFIG.rafters)) if r != mine]
    return min(others, key=lambda r: (ease(r), r))


def pose_margins(scene: Scene, mine: int, advanced: bool) -> np.ndarray:
    """For each pose of the engine's coarse grid (`POSES`: each pose and its half turn once),
    how far inside its footing the next card's load would lie at best, mm (-inf where the
    card may not go): rough grids, only to compare rafts."""
    card = next_card(scene)
    if card is None:
        return np.full(len(POSES), -np.inf)
    _, centres, _ = place_choices(card, next_rafter(scene, mine), advanced)
    probe = RaftProbe(scene)
    return np.array([_margin(probe, card, pose, centres, advanced) for pose in POSES])


def safe_places(scene: Scene, mine: int, advanced: bool) -> int:
    """Poses of the coarse grid where the next card, with a rafter and a chest, would rest
    safely."""
    return safe_count(pose_margins(scene, mine, advanced))


def safe_count(margins: np.ndarray) -> int:
    """How many of `pose_margins` are safe (`SAFE_MM` or more)."""
    return int((margins >= SAFE_MM).sum())


def room(margins: np.ndarray) -> float:
    """How much room a raft leaves the next card: the mean of its `ROOMIEST` best pose
    margins, each taken between -`ROOM_CAP_MM` and `ROOM_CAP_MM` (a count of safe places is
    often 0 on a big raft, where the next player still builds, a little less safely)."""
    best = np.sort(np.clip(margins, -ROOM_CAP_MM, ROOM_CAP_MM))[::-1][:ROOMIEST]
    return float(np.pad(best, (0, ROOMIEST - len(best)), constant_values=-ROOM_CAP_MM).mean())


def _margin(probe: RaftProbe, card: int, pose: tuple[int, int, int], centres: np.ndarray,
            advanced: bool) -> float:
    x, y, angle = pose
    if lumber_problem(probe, card, x, y, angle, advanced=advanced, grid=SCREEN_GRID):
        return -np.inf
    margins = np.minimum(footing(probe, card, pose, ROUGH_GRID).margins(centres),
                         raft_margins(centres, pose))
    return float(margins.max())


class Outlook:
    """`pose_margins` of the rafts the builds of one decision would leave, each judged only
    where it differs from the raft before. `in_hand` is the card being built with (it is on
    every raft judged, so the next player's card is another)."""

    def __init__(self, before: Scene, mine: int, in_hand: int, advanced: bool) -> None:
        self.card = next_card(before, (in_hand,))
        self.advanced = advanced
        self._centres = (place_choices(self.card, next_rafter(before, mine), advanced)[1]
                         if self.card is not None else np.zeros((0, 2)))
        self._before = self._judge(before, np.ones(len(POSES), dtype=bool))
        poses = np.array(POSES, dtype=float)
        angle = np.radians(poses[:, 2])
        self._centre = poses[:, :2]
        self._u = np.column_stack((np.cos(angle), np.sin(angle)))  # along each pose's card
        self._v = np.column_stack((-np.sin(angle), np.cos(angle)))  # across it
        half_u, half_v = CONFIG.lumber.size[0] / 2, CONFIG.lumber.size[1] / 2
        self._half = (half_u + NEAR_MM, half_v + NEAR_MM)
        self._corners = (self._centre[:, None, :]
                         + np.array([[su * half_u, sv * half_v] for su in (-1, 1)
                                     for sv in (-1, 1)]) @ np.stack((self._u, self._v), 1))

    def margins_after(self, after: Scene, new: Iterable[Piece]) -> np.ndarray:
        """`pose_margins` of `after`, the raft before with the `new` pieces added."""
        near = np.zeros(len(POSES), dtype=bool)
        for piece in new:
            near |= self._near(piece)
        return np.where(near, self._judge(after, near), self._before)

    def _judge(self, scene: Scene, which: np.ndarray) -> np.ndarray:
        margins = np.full(len(POSES), -np.inf)
        if self.card is None or not which.any():
            return margins
        probe = RaftProbe(scene)
        for i in np.flatnonzero(which):
            margins[i] = _margin(probe, self.card, POSES[i], self._centres, self.advanced)
        return margins

    def _near(self, piece: Piece) -> np.ndarray:
        """Which poses' outlines `piece` comes within `NEAR_MM` of, seen from above: those
        not kept apart along either pose axis nor the piece's own two (a separating-axis
        test that can only err towards judging a pose again)."""
        points = footprint(piece, CONFIG)  # (n, 2)
        rel = points[None, :, :] - self._centre[:, None, :]  # (poses, n, 2)
        apart = np.zeros(len(POSES), dtype=bool)
        for axis, half in ((self._u, self._half[0]), (self._v, self._half[1])):
            along = (rel * axis[:, None, :]).sum(axis=2)
            apart |= (along.min(axis=1) > half) | (along.max(axis=1) < -half)
        yaw = math.radians(piece.pose.yaw_deg)
        for axis in ((math.cos(yaw), math.sin(yaw)), (-math.sin(yaw), math.cos(yaw))):
            mine, theirs = points @ axis, self._corners @ np.array(axis)  # (n,), (poses, 4)
            apart |= ((theirs.min(axis=1) > mine.max() + NEAR_MM)
                      | (theirs.max(axis=1) < mine.min() - NEAR_MM))
        return ~apart
