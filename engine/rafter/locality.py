"""Which pieces a simulated step sets free; the rest of the raft is held still.

Simulating a whole 60-piece raft costs milliseconds a step, and a move disturbs a few pieces.
So a step starts with only the pieces near what it moves set free: the new (or lifted)
pieces, every piece whose outline seen from above comes within `MARGIN_MM` of theirs and
which reaches no deeper than `DEPTH_MM` below them, and everything resting or leaning on
those, however high. Every other piece is static until motion reaches it (see
`physics`: it is then set free, and the simulation goes on from that moment).

Contacts come from MuJoCo's own collision pass on the raft at rest (`Contacts`): a piece
*rests on* another when their contact normal is mostly vertical and it is the upper one; a
side contact (a card leaning on a rafter) binds both ways.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import mujoco
import numpy as np

from .config import RafterConfig
from .mjcf import piece_parts
from .scene import Piece, Scene

MARGIN_MM = 10.0
"""How far around the moved pieces' outline the column reaches."""
DEPTH_MM = 10.0
"""How far below the moved pieces' bottom the column reaches: a few layers, because a load
passes down through pieces that do not move (a card dropped onto chests on a see-saw card
must set the see-saw free, 9 mm below it; a 3 mm column missed it)."""
STILL_MM = 0.5
"""A piece that moved less than this sideways, less than `SINK_MM` down and turned less than
`STILL_DEG` disturbed nothing. (MuJoCo's contacts are soft: a stack set free settles into
them, and a piece held still while more was built on it sinks 0.3-0.9 mm once set free under
that load. Counting such sinking as motion set ever more of a big raft free: one lift on 67
pieces freed 60 of them and took 5 s. At 0.6 mm the 83 moves on 40+ pieces recorded by
`bench.rafter_moves` left no fall behind either way, and took 16% less time.)"""
SINK_MM = 0.6
STILL_DEG = 1.5
VERTICAL = 0.5
"""A contact whose normal has a larger vertical part is one piece resting on another."""


@dataclass(frozen=True)
class Box:
    """A piece's axis-aligned bounding box in the raft frame, mm."""

    low: tuple[float, float, float]
    high: tuple[float, float, float]

    def grown(self, margin: float) -> Box:
        return Box(tuple(v - margin for v in self.low),  # type: ignore[arg-type]
                   tuple(v + margin for v in self.high))

    def covers_xy(self, other: Box) -> bool:
        return (self.low[0] < other.high[0] and other.low[0] < self.high[0]
                and self.low[1] < other.high[1] and other.low[1] < self.high[1])


def _rotation(quat: tuple[float, float, float, float]) -> np.ndarray:
    matrix = np.zeros(9)
    mujoco.mju_quat2Mat(matrix, np.array(quat, dtype=float))
    return matrix.reshape(3, 3)


def piece_box(piece: Piece, config: RafterConfig) -> Box:
    """The bounding box of a piece at its pose."""
    rotation = _rotation(piece.pose.quat)
    corners = []
    for part in piece_parts(piece, config):
        half = np.array(part.size) / 2
        signs = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
        corners.append((np.array(part.pos) + signs * half) @ rotation.T)
    points = np.concatenate(corners) + np.array(piece.pose.pos)
    low, high = points.min(axis=0), points.max(axis=0)
    return Box(tuple(map(float, low)), tuple(map(float, high)))  # type: ignore[arg-type]


def union(boxes: Iterable[Box]) -> Box:
    boxes = list(boxes)
    return Box(tuple(min(b.low[i] for b in boxes) for i in range(3)),  # type: ignore[arg-type]
               tuple(max(b.high[i] for b in boxes) for i in range(3)))


class Contacts:
    """Who touches whom among the pieces of one compiled scene, and who rests on whom."""

    def __init__(self, model: mujoco.MjModel, data: mujoco.MjData) -> None:
        self.touching: dict[str, set[str]] = {}
        self.riders: dict[str, set[str]] = {}  # a piece -> the pieces resting on it
        for i in range(data.ncon):
            contact = data.contact[i]
            a = self._piece(model, int(contact.geom1))
            b = self._piece(model, int(contact.geom2))
            if a is None or b is None or a == b:
                continue
            self.touching.setdefault(a, set()).add(b)
            self.touching.setdefault(b, set()).add(a)
            normal_z = float(contact.frame[2])  # the normal points from geom1 to geom2
            if normal_z > VERTICAL:
                self.riders.setdefault(a, set()).add(b)
            elif normal_z < -VERTICAL:
                self.riders.setdefault(b, set()).add(a)
            else:  # leaning: either may take the other along
                self.riders.setdefault(a, set()).add(b)
                self.riders.setdefault(b, set()).add(a)

    @staticmethod
    def _piece(model: mujoco.MjModel, geom: int) -> str | None:
        body = int(model.geom_bodyid[geom])
        return model.body(body).name or None if body else None

    def with_riders(self, pieces: Iterable[str]) -> set[str]:
        """The pieces and what rests on them, however many layers up: a piece set free
        carries its load only if that load is free too (a piece held still weighs nothing
        on what is under it and pins it: two layers up, a card leaning over the edge was
        set free with the rafter and the chest on it held still, and stood; left free, it
        fell)."""
        found = set(pieces)
        layer = set(found)
        while layer:
            layer = {r for piece in layer for r in self.riders.get(piece, ())} - found
            found |= layer
        return found


def footprint(piece: Piece, config: RafterConfig) -> np.ndarray:
    """The corners of a piece's boxes seen from above (raft frame, mm), an (n, 2) array."""
    rotation = _rotation(piece.pose.quat)
    signs = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
    corners = [(np.array(part.pos) + signs * np.array(part.size) / 2) @ rotation.T
               for part in piece_parts(piece, config)]
    return np.concatenate(corners)[:, :2] + np.array(piece.pose.pos[:2])


def _axes(points: np.ndarray) -> np.ndarray:
    """Directions to separate a footprint along: the normals of its outline's edges."""
    hull = points[_hull(points)]
    edges = np.roll(hull, -1, axis=0) - hull
    normals = np.column_stack((-edges[:, 1], edges[:, 0]))
    lengths = np.linalg.norm(normals, axis=1)
    return normals[lengths > 1e-9] / lengths[lengths > 1e-9, None]


def _hull(points: np.ndarray) -> list[int]:
    """Indices of the convex hull of 2-D points, counter-clockwise (monotone chain)."""
    order = sorted(range(len(points)), key=lambda i: (points[i][0], points[i][1]))

    def half(indices: list[int]) -> list[int]:
        chain: list[int] = []
        for i in indices:
            while len(chain) >= 2:
                (ax, ay), (bx, by), (cx, cy) = points[chain[-2]], points[chain[-1]], points[i]
                if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0:
                    break
                chain.pop()
            chain.append(i)
        return chain[:-1]

    return half(order) + half(order[::-1])


def near_from_above(a: np.ndarray, b: np.ndarray, margin: float) -> bool:
    """Whether two footprints (`footprint`) come within `margin` mm of each other seen from
    above: no separating direction among their outlines' edge normals leaves a wider gap."""
    for axis in np.concatenate((_axes(a), _axes(b))):
        pa, pb = a @ axis, b @ axis
        if pa.min() > pb.max() + margin or pb.min() > pa.max() + margin:
            return False
    return True


def column(scene: Scene, moved: Iterable[Piece], config: RafterConfig, *,
           margin_mm: float = MARGIN_MM) -> set[str]:
    """The pieces of `scene` reaching into the column around (`margin_mm`, around the moved
    pieces' outlines seen from above, not their axis-aligned boxes: a card turned 45 degrees
    has a box over half the raft) and just below `moved`."""
    moved = list(moved)
    floor = min(piece_box(p, config).low[2] for p in moved) - DEPTH_MM
    prints = [footprint(p, config) for p in moved]
    found = set()
    for piece in scene.pieces:
        if piece_box(piece, config).high[2] < floor:
            continue
        outline = footprint(piece, config)
        if any(near_from_above(outline, other, margin_mm) for other in prints):
            found.add(piece.id)
    return found
