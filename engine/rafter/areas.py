"""The numbered target areas a player picks a card's place from, coarse to fine.

The legal card poses on the coarse grid (`legality.candidates`) are grouped by where the
card's centre is into at most `MAX_AREAS` areas, spread over the raft: the first centre is
the legal place nearest the newest card (the raft's middle before the first), each next one
the legal place farthest from those chosen; every place joins its nearest centre. Areas are
numbered in reading order of the picture (top row first, left to right). Within an area a
card may lie at each angle some pose there allows (a card turned half round lies alike, so
angles are 0-179); the pose offered for an angle is the one nearest the area's centre.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .legality import candidates
from .scene import LUMBER, Scene

MAX_AREAS = 9
Pose = tuple[int, int, int]
Point = tuple[int, int]


@dataclass(frozen=True)
class Area:
    centre: Point
    poses: tuple[Pose, ...]  # legal coarse poses here, angles 0-179

    @property
    def angles(self) -> tuple[int, ...]:
        return tuple(sorted({angle for _x, _y, angle in self.poses}))

    def pose_at(self, angle: int) -> Pose:
        """The pose at `angle` nearest the area's centre (the first of equals)."""
        cx, cy = self.centre
        return min((p for p in self.poses if p[2] == angle),
                   key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p))


def _distance2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


@lru_cache(maxsize=32)
def areas(scene: Scene, card: int, advanced: bool) -> tuple[Area, ...]:
    """The numbered areas (area n is `areas(...)[n - 1]`) for this card on this raft."""
    poses = sorted({(x, y, angle % 180) for x, y, angle in candidates(scene, card, advanced)})
    places = sorted({(x, y) for x, y, _ in poses})
    if not places:
        return ()
    cards = scene.of_kind(LUMBER)
    start = (round(cards[-1].pose.pos[0]), round(cards[-1].pose.pos[1])) if cards else (0, 0)
    centres = [min(places, key=lambda p: (_distance2(p, start), p))]
    while len(centres) < min(MAX_AREAS, len(places)):
        centres.append(max(places, key=lambda p: (min(_distance2(p, c) for c in centres),
                                                  tuple(-v for v in p))))
    members: dict[Point, list[Pose]] = {c: [] for c in centres}
    for pose in poses:
        nearest = min(centres, key=lambda c: (_distance2(pose[:2], c), c))
        members[nearest].append(pose)
    ordered = sorted(centres, key=lambda c: (-c[1], c[0]))
    return tuple(Area(c, tuple(members[c])) for c in ordered)


def area_of(found: tuple[Area, ...], pose: Pose) -> int:
    """The number of the area a coarse legal pose belongs to (0 if none)."""
    folded = (pose[0], pose[1], pose[2] % 180)
    return next((n for n, area in enumerate(found, 1) if folded in area.poses), 0)
