"""How well a lumber card would stand where it is aimed, without simulating: what it would
rest on, and how far inside that support the weight of the card, its rafter and its chest
would be.

A card rests on the highest surface under it (the rules' own ray casting, `RaftProbe`). The
points of its underside at that height are its footing; the card stays put while the centre
of mass of the card and what stands on it lies inside their convex hull, and the further
inside (the *margin*, mm) the more tremor and later weight it takes to tip it. A negative
margin is how far outside the centre of mass lies: the card tips at once unless something
lower catches it. The simulation has the last word; this only tells which poses deserve it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..config import CONFIG
from ..layout import card_to_raft
from ..legality import FINE_GRID, SUPPORT_TOLERANCE_MM
from ..probe import BOX, SEA, RaftProbe, footprint_points
from ..scene import CHEST, LUMBER, RAFTER

Point = tuple[float, float]
RING_ALONG, RING_ACROSS = 23, 6  # points along and across the ring around a card: 5 mm apart
FOOTING_TOLERANCE_MM = SUPPORT_TOLERANCE_MM
"""Points this far below the highest are footing too: the rules' own tolerance. (One card's
thickness was tried: a card reaching down onto the raft card beside a card then looked safe
where the simulation often tipped it.)"""


@dataclass(frozen=True)
class Footing:
    """Where a card aimed at `pose` (x, y, angle) would rest: the height of its underside
    above the raft card and its footing points' convex hull, in the card's own frame (u along
    the card, v across, mm; counter-clockwise)."""

    pose: tuple[int, int, int]
    height: float
    hull: tuple[Point, ...]

    def margin(self, u: float, v: float) -> float:
        """How far inside the footing the point (u, v) of the card lies (negative: outside)."""
        return float(signed_distances(self.hull, np.array([[u, v]]))[0])

    def margins(self, points: np.ndarray) -> np.ndarray:
        """`margin` of each row (u, v) of an (n, 2) array."""
        return signed_distances(self.hull, points)

    def turned(self) -> Footing:
        """The footing of the same card turned half round: a card is symmetric, so it rests
        on the same points, seen from its other end."""
        x, y, angle = self.pose
        return Footing((x, y, (angle + 180) % 360), self.height,
                       tuple((-u, -v) for u, v in self.hull))


def footing(probe: RaftProbe, card: int, pose: tuple[int, int, int],
            grid: tuple[int, int] = FINE_GRID) -> Footing:
    """The footing of `card` aimed at `pose` on the raft `probe` was built for, its underside
    sampled on `grid` (points along x across the card; a coarser grid is quicker and
    rougher)."""
    x, y, angle = pose
    points = np.array(footprint_points(LUMBER, card, x, y, angle, grid=grid))[:, :2]
    hits = [probe.ray_down(px, py) for px, py in points.tolist()]
    heights = np.array([h if owner not in (SEA, BOX) else -np.inf for owner, h in hits])
    top = float(heights.max())
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    dx, dy = points[:, 0] - x, points[:, 1] - y
    u, v = c * dx + s * dy, -s * dx + c * dy
    touching = heights >= top - FOOTING_TOLERANCE_MM
    # the hull of a grid's points is the hull of each row's two ends
    ends: list[Point] = []
    for row in np.unique(np.round(v[touching], 3)):
        us = u[touching & (np.abs(v - row) < 1e-3)]
        ends += [(float(us.min()), float(row)), (float(us.max()), float(row))]
    return Footing(pose, top, convex_hull(ends))


def crowded(probe: RaftProbe, pose: tuple[int, int, int], clearance: float) -> bool:
    """Whether a rafter or a chest stands within `clearance` mm of the card's edges, higher
    than the card: the hand's tremor could knock it over (the rules only forbid resting on
    one)."""
    x, y, angle = pose
    half_u = CONFIG.lumber.size[0] / 2 + clearance
    half_v = CONFIG.lumber.size[1] / 2 + clearance
    ring = [(u, v) for u in np.linspace(-half_u, half_u, RING_ALONG) for v in (-half_v, half_v)]
    ring += [(u, v) for u in (-half_u, half_u) for v in np.linspace(-half_v, half_v, RING_ACROSS)]
    for u, v in ring:
        owner, _height = probe.ray_down(*card_to_raft(u, v, x, y, angle))
        if owner[0] in (RAFTER, CHEST):
            return True
    return False


# --- the weight on the card ----------------------------------------------------------------


@lru_cache(maxsize=8)
def _rafter_centre(rafter: int) -> Point:
    """A rafter's centre of mass in its own frame (uniform wood: parts weigh by volume)."""
    parts = CONFIG.rafters[rafter].parts
    volumes = [p.size[0] * p.size[1] * p.size[2] for p in parts]
    total = sum(volumes)
    return (sum(w * p.pos[0] for w, p in zip(volumes, parts)) / total,
            sum(w * p.pos[1] for w, p in zip(volumes, parts)) / total)


def load_centre(rafter: int, rafter_place: tuple[int, int, int],
                chest_place: tuple[int, int] | None) -> tuple[Point, float]:
    """The centre of mass (card frame) and the weight (g) of a card with its rafter at
    `rafter_place` (u, v, turn) and, unless None, a chest at `chest_place` (u, v)."""
    cu, cv = _rafter_centre(rafter)
    u, v, turn = rafter_place
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    ru, rv = u + c * cu - s * cv, v + s * cu + c * cv
    weights = [(CONFIG.lumber.mass, 0.0, 0.0), (CONFIG.rafters[rafter].mass, ru, rv)]
    if chest_place is not None:
        weights.append((CONFIG.chest.mass, float(chest_place[0]), float(chest_place[1])))
    total = sum(w for w, _, _ in weights)
    return ((sum(w * u for w, u, _ in weights) / total,
             sum(w * v for w, _, v in weights) / total), total)


# --- plane geometry ------------------------------------------------------------------------


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull(points: list[Point]) -> tuple[Point, ...]:
    """The convex hull, counter-clockwise (Andrew's monotone chain); fewer than three points
    when they are all on one line."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def signed_distances(hull: tuple[Point, ...], points: np.ndarray) -> np.ndarray:
    """Each point's distance to the hull's boundary: positive inside, negative outside (a
    hull of one or two points has no inside)."""
    if not hull:
        return np.full(len(points), -1e9)
    corners = np.array(hull, dtype=float)
    starts, ends = corners, np.roll(corners, -1, axis=0)
    edge = ends - starts  # (e, 2)
    length2 = np.maximum((edge ** 2).sum(axis=1), 1e-12)
    rel = points[:, None, :] - starts[None, :, :]  # (n, e, 2)
    t = np.clip((rel * edge[None]).sum(axis=2) / length2[None], 0.0, 1.0)
    nearest = np.sqrt(((rel - t[..., None] * edge[None]) ** 2).sum(axis=2)).min(axis=1)
    if len(hull) < 3:
        return -nearest
    cross = edge[None, :, 0] * rel[..., 1] - edge[None, :, 1] * rel[..., 0]
    inside = (cross >= 0).all(axis=1)
    return np.where(inside, nearest, -nearest)
