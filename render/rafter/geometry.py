"""The raft in space: each piece's boxes in the raft frame (from the engine's shapes), their
top-down projections, the height of a piece's top at a point, the order to paint pieces in,
and `RaftView`, the map from raft millimetres to picture pixels."""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.rafter.config import CONFIG, BoxPart
from engine.rafter.mjcf import piece_parts
from engine.rafter.scene import Piece as EnginePiece
from engine.rafter.scene import Pose

from .view import Piece

Vec = tuple[float, float, float]
Mat = tuple[Vec, Vec, Vec]
Pt = tuple[float, float]


def rotation(q: Sequence[float]) -> Mat:
    """The rotation matrix (rows) of a unit quaternion (w, x, y, z)."""
    w, x, y, z = q
    return ((1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
            (2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
            (2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))


def apply(m: Mat, v: Sequence[float]) -> Vec:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


@lru_cache(maxsize=64)
def parts(kind: str, variant: int) -> tuple[BoxPart, ...]:
    """The boxes of a piece in its own frame (`engine.rafter.mjcf.piece_parts`)."""
    return piece_parts(EnginePiece(kind, variant, Pose((0.0, 0.0, 0.0))), CONFIG)


@dataclass(frozen=True)
class Box3:
    """One box of a piece, placed: its centre, its half axes (world vectors), its corners."""

    center: Vec
    axes: Mat  # the three half-extent vectors
    corners: tuple[Vec, ...]

    @property
    def top(self) -> float:
        return max(c[2] for c in self.corners)

    def hull(self) -> list[Pt]:
        return convex_hull([(c[0], c[1]) for c in self.corners])

    @property
    def tilted(self) -> bool:
        """Turned off level by more than about 2°: its sides show from above."""
        return any(0.035 < abs(a[2]) / math.hypot(*a) < 0.999 for a in self.axes if any(a))

    def top_face(self) -> list[Pt]:
        """The face seen from above (the one whose outward normal points most up)."""
        best, sign = max(((i, s) for i in range(3) for s in (1, -1)),
                         key=lambda t: t[1] * self.axes[t[0]][2])
        a, b = [j for j in range(3) if j != best]
        c = [self.center[k] + sign * self.axes[best][k] for k in range(3)]
        ua, ub = self.axes[a], self.axes[b]
        return [(c[0] + sa * ua[0] + sb * ub[0], c[1] + sa * ua[1] + sb * ub[1])
                for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1))]

    def ray_top(self, x: float, y: float) -> float | None:
        """Where a vertical ray at (x, y) first meets the box from above, or None."""
        lo, hi = -1e9, 1e9
        d = (x - self.center[0], y - self.center[1], -self.center[2])
        for ax in self.axes:
            n2 = ax[0] ** 2 + ax[1] ** 2 + ax[2] ** 2
            if n2 < 1e-12:
                return None
            a = (d[0] * ax[0] + d[1] * ax[1] + d[2] * ax[2]) / n2  # local coord in [-1, 1]
            b = ax[2] / n2  # its change per mm of height
            if abs(b) < 1e-12:
                if abs(a) > 1:
                    return None
                continue
            t0, t1 = (-1 - a) / b, (1 - a) / b
            lo, hi = max(lo, min(t0, t1)), min(hi, max(t0, t1))
        return hi if lo <= hi else None


@dataclass(frozen=True)
class Placed:
    """A piece with its boxes in the raft frame."""

    piece: Piece
    boxes: tuple[Box3, ...]
    rot: Mat

    @property
    def top(self) -> float:
        return max(b.top for b in self.boxes)

    def hull(self) -> list[Pt]:
        return list(self.outline)

    @property
    def outline(self) -> tuple[Pt, ...]:
        """The top-down footprint (convex hull of every corner), computed once."""
        cached = self.__dict__.get("_outline")
        if cached is None:
            cached = tuple(convex_hull([(c[0], c[1]) for b in self.boxes for c in b.corners]))
            object.__setattr__(self, "_outline", cached)
        return cached

    def ray_top(self, x: float, y: float) -> float | None:
        hits = [h for h in (b.ray_top(x, y) for b in self.boxes) if h is not None]
        return max(hits) if hits else None

    def local(self, u: float, v: float, w: float) -> Vec:
        """A point given in the piece's own frame, in the raft frame."""
        p = apply(self.rot, (u, v, w))
        x, y, z = self.piece.pos
        return (x + p[0], y + p[1], z + p[2])


@lru_cache(maxsize=4096)
def place(piece: Piece) -> Placed:
    """A piece with its boxes in the raft frame (cached: the animation meets the same poses
    frame after frame)."""
    rot = rotation(piece.quat)
    boxes = []
    for part in parts(piece.kind, piece.variant):
        c = apply(rot, part.pos)
        center = (piece.pos[0] + c[0], piece.pos[1] + c[1], piece.pos[2] + c[2])
        axes = tuple(tuple(rot[r][i] * part.size[i] / 2 for r in range(3)) for i in range(3))
        corners = tuple(
            tuple(center[k] + sx * axes[0][k] + sy * axes[1][k] + sz * axes[2][k]
                  for k in range(3))
            for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1))
        boxes.append(Box3(center, axes, corners))  # type: ignore[arg-type]
    return Placed(piece, tuple(boxes), rot)


def convex_hull(points: Sequence[Pt]) -> list[Pt]:
    """Andrew's monotone chain, counter-clockwise, no repeated points."""
    pts = sorted({(round(x, 6), round(y, 6)) for x, y in points})
    if len(pts) <= 2:
        return list(pts)

    def cross(o: Pt, a: Pt, b: Pt) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Pt] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Pt] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def inside(poly: Sequence[Pt], p: Pt) -> bool:
    """Whether `p` is inside a counter-clockwise convex polygon (edges included)."""
    n = len(poly)
    if n < 3:
        return False
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) < -1e-9:
            return False
    return True


def _crossings(a: Sequence[Pt], b: Sequence[Pt]) -> list[Pt]:
    out = []
    for i in range(len(a)):
        p, r = a[i], (a[(i + 1) % len(a)][0] - a[i][0], a[(i + 1) % len(a)][1] - a[i][1])
        for j in range(len(b)):
            q, s = b[j], (b[(j + 1) % len(b)][0] - b[j][0], b[(j + 1) % len(b)][1] - b[j][1])
            den = r[0] * s[1] - r[1] * s[0]
            if abs(den) < 1e-12:
                continue
            t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / den
            u = ((q[0] - p[0]) * r[1] - (q[1] - p[1]) * r[0]) / den
            if 0 <= t <= 1 and 0 <= u <= 1:
                out.append((p[0] + t * r[0], p[1] + t * r[1]))
    return out


def _bbox(poly: Sequence[Pt]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


@lru_cache(maxsize=8192)
def _above(first: Piece, second: Piece) -> int:
    """1 if `second` is above `first` where their footprints overlap, -1 if below, 0 if
    they do not overlap or cannot tell."""
    a, b = place(first), place(second)
    ha, hb = a.outline, b.outline
    samples = [p for p in ha if inside(hb, p)] + [p for p in hb if inside(ha, p)]
    samples += _crossings(ha, hb)
    if not samples:
        return 0
    # the overlap's corners sit on edges, where a vertical ray may just graze a tilted box
    # at its bottom: look at points pulled halfway into the overlap, and its middle
    mx = sum(p[0] for p in samples) / len(samples)
    my = sum(p[1] for p in samples) / len(samples)
    diff = 0.0
    for x, y in [(mx, my)] + [((x + mx) / 2, (y + my) / 2) for x, y in samples]:
        za, zb = a.ray_top(x, y), b.ray_top(x, y)
        if za is not None and zb is not None:
            diff += zb - za
    return 0 if abs(diff) < 1e-6 else 1 if diff > 0 else -1


def paint_order(placed: Sequence[Placed]) -> list[Placed]:
    """Pieces from the lowest to the highest, as a painter paints them.

    Roughly by top height, but wherever two footprints overlap the one whose top is higher
    *there* goes later (a chest on the low end of a steep card is painted over that card,
    though the card's high end is higher than the chest). Ties and cycles fall back to the
    top height, then to the order given: the same pieces always give the same order.
    """
    n = len(placed)
    hulls = [p.outline for p in placed]
    boxes = [_bbox(h) if h else (0.0, 0.0, 0.0, 0.0) for h in hulls]
    after: list[set[int]] = [set() for _ in range(n)]
    before_count = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            a, b = boxes[i], boxes[j]
            if a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]:
                continue
            diff = _above(placed[i].piece, placed[j].piece)
            if diff == 0:
                continue
            lo, hi = (i, j) if diff > 0 else (j, i)
            if hi not in after[lo]:
                after[lo].add(hi)
                before_count[hi] += 1
    heap = [(placed[i].top, i) for i in range(n) if before_count[i] == 0]
    heapq.heapify(heap)
    done = [False] * n
    order: list[Placed] = []
    while len(order) < n:
        if not heap:  # a cycle: take the lowest piece left
            k = min((placed[i].top, i) for i in range(n) if not done[i])
            heap.append(k)
        _, i = heapq.heappop(heap)
        if done[i]:
            continue
        done[i] = True
        order.append(placed[i])
        for k in sorted(after[i]):
            before_count[k] -= 1
            if before_count[k] == 0 and not done[k]:
                heapq.heappush(heap, (placed[k].top, k))
    return order


@dataclass(frozen=True)
class RaftView:
    """Where the raft lands in a picture: the raft frame's (x, y) in mm maps to pixels with
    +x to the right and +y up, `scale` px per mm, the raft centre at `center`; `box` is the
    sea area (x, y, width, height)."""

    center: Pt
    scale: float
    box: tuple[int, int, int, int]

    def raft_to_px(self, x: float, y: float) -> tuple[int, int]:
        """The pixel of a point of the raft frame."""
        return round(self.center[0] + x * self.scale), round(self.center[1] - y * self.scale)

    def px(self, x: float, y: float, k: float = 1.0, ox: float = 0.0,
           oy: float = 0.0) -> Pt:
        """Like `raft_to_px`, unrounded, in a picture `k` times larger whose origin is at
        (ox, oy) of this one (the supersampled sea area)."""
        return ((self.center[0] - ox + x * self.scale) * k,
                (self.center[1] - oy - y * self.scale) * k)
