"""The raft in space: each piece's boxes in the raft frame (from the engine's shapes), their
top-down footprints and the height of a piece's top at a point (what rests on what)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .engine_data import CONFIG, BoxPart, Pose, piece_parts
from .engine_data import Piece as EnginePiece
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
