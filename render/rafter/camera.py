"""The ¾ perspective camera: a viewer in front of the raft (on its -y side, a little to the
left) and above it, looking down at `ELEVATION_DEG`; `RaftView` maps a raft point (x, y, z,
mm) to picture pixels.

The eye never moves (only the picture's zoom and offset are fitted to what is shown), so
which of two boxes hides the other does not depend on the framing and can be cached."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Vec = tuple[float, float, float]
Pt = tuple[float, float]

ELEVATION_DEG = 44.0  # how far the camera looks down
AZIMUTH_DEG = -12.0  # turned this far from straight ahead: the left sides show too
DISTANCE_MM = 460.0  # from the eye to the raft: a mild perspective, like a player leaning in
TARGET: Vec = (0.0, 0.0, -14.0)  # the point looked at: between the raft top and the sea


def _unit(v: Vec) -> Vec:
    n = math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
    return (v[0] / n, v[1] / n, v[2] / n)


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _basis() -> tuple[Vec, Vec, Vec, Vec]:
    el, az = math.radians(ELEVATION_DEG), math.radians(AZIMUTH_DEG)
    back = (math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el))
    eye = tuple(t + DISTANCE_MM * b for t, b in zip(TARGET, back))
    forward = _unit(tuple(-b for b in back))  # type: ignore[arg-type]
    right = _unit(_cross(forward, (0.0, 0.0, 1.0)))
    up = _cross(right, forward)
    return eye, forward, right, up  # type: ignore[return-value]


EYE, FORWARD, RIGHT, UP = _basis()


def normalized(x: float, y: float, z: float) -> tuple[float, float, float]:
    """A raft point on the unit image plane (right, up) and its depth along the view."""
    dx, dy, dz = x - EYE[0], y - EYE[1], z - EYE[2]
    w = dx * FORWARD[0] + dy * FORWARD[1] + dz * FORWARD[2]
    return ((dx * RIGHT[0] + dy * RIGHT[1] + dz * RIGHT[2]) / w,
            (dx * UP[0] + dy * UP[1] + dz * UP[2]) / w, w)


def project(points: Iterable[Sequence[float]]) -> list[Pt]:
    """`normalized` (without the depth) of many points at once: the painters' inner loop."""
    ex, ey, ez = EYE
    f0, f1, f2 = FORWARD
    r0, r1, r2 = RIGHT
    u0, u1, u2 = UP
    out = []
    for p in points:
        dx, dy, dz = p[0] - ex, p[1] - ey, p[2] - ez
        w = dx * f0 + dy * f1 + dz * f2
        out.append(((dx * r0 + dy * r1 + dz * r2) / w, (dx * u0 + dy * u1 + dz * u2) / w))
    return out


def depth(p: Sequence[float]) -> float:
    """Distance along the view direction (larger is farther)."""
    return (p[0] - EYE[0]) * FORWARD[0] + (p[1] - EYE[1]) * FORWARD[1] \
        + (p[2] - EYE[2]) * FORWARD[2]


@dataclass(frozen=True)
class RaftView:
    """Where the raft lands in a picture: `box` (x, y, width, height) is the area drawn;
    a raft point's unit-image-plane coordinates are scaled by `scale` and shifted by
    `offset` (the pixel of the view's centre line)."""

    box: tuple[int, int, int, int]
    scale: float
    offset: Pt

    def to_px(self, x: float, y: float, z: float = 0.0) -> Pt:
        """A raft point in picture pixels, unrounded."""
        a, b, _ = normalized(x, y, z)
        return self.offset[0] + a * self.scale, self.offset[1] - b * self.scale

    def raft_to_px(self, x: float, y: float, z: float = 0.0) -> tuple[int, int]:
        """The pixel of a raft point (mm; z = 0 is the raft card's top)."""
        px, py = self.to_px(x, y, z)
        return round(px), round(py)

    def px(self, x: float, y: float, z: float, k: float = 1.0, ox: float = 0.0,
           oy: float = 0.0) -> Pt:
        """Like `to_px`, in a picture `k` times larger whose origin is at (ox, oy) of this
        one (a supersampled copy of the area)."""
        a, b, _ = normalized(x, y, z)
        return ((self.offset[0] - ox + a * self.scale) * k,
                (self.offset[1] - oy - b * self.scale) * k)

    def affine(self, k: float = 1.0, ox: float = 0.0, oy: float = 0.0) -> tuple[float, float,
                                                                                float]:
        """(s, tx, ty): a unit-image-plane point (a, b) lands at (tx + s a, ty - s b) in a
        picture `k` times larger whose origin is at (ox, oy) of this one."""
        return self.scale * k, (self.offset[0] - ox) * k, (self.offset[1] - oy) * k

    def to_raft(self, px: float, py: float, z: float = 0.0) -> tuple[float, float] | None:
        """The inverse of `to_px` on the plane at height `z` (mm; 0 is the raft card's top):
        the raft point (x, y) a picture pixel shows there, or None where the eye's ray
        through that pixel never comes down to it (above the horizon)."""
        a = (px - self.offset[0]) / self.scale
        b = (self.offset[1] - py) / self.scale
        ray = tuple(f + a * r + b * u for f, r, u in zip(FORWARD, RIGHT, UP))
        if ray[2] >= -1e-9:
            return None
        t = (z - EYE[2]) / ray[2]
        return EYE[0] + t * ray[0], EYE[1] + t * ray[1]

    def mm_at(self, x: float, y: float, z: float) -> float:
        """Picture pixels per mm (across the view) at a raft point."""
        return self.scale / normalized(x, y, z)[2]


def fit(box: tuple[int, int, int, int], points: Iterable[Sequence[float]], *,
        margin: float = 0.04, max_scale: float | None = None) -> RaftView:
    """The view that shows every point inside `box` (a `margin` of its size left free),
    as large as it fits (at most `max_scale`), centred."""
    xs, ys = [], []
    for p in points:
        a, b, _ = normalized(p[0], p[1], p[2])
        xs.append(a)
        ys.append(b)
    x, y, w, h = box
    if not xs:
        xs, ys = [-0.1, 0.1], [-0.1, 0.1]
    a0, a1, b0, b1 = min(xs), max(xs), min(ys), max(ys)
    mw, mh = w * (1 - 2 * margin), h * (1 - 2 * margin)
    scale = min(mw / max(a1 - a0, 1e-6), mh / max(b1 - b0, 1e-6))
    if max_scale is not None:
        scale = min(scale, max_scale)
    return RaftView(box, scale, (x + w / 2 - scale * (a0 + a1) / 2,
                                 y + h / 2 + scale * (b0 + b1) / 2))
