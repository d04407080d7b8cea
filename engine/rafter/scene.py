"""The physical raft as plain values: pieces and their poses.

Coordinates are millimetres in the raft frame: the origin is the centre of the raft card's
top surface, x along its long side, y across, z up; the sea (the table) is at
`z = -(box height + raft card thickness)`. A piece's pose is the position of its origin
(the centre of its bottom face when upright) and its orientation as a unit quaternion
(w, x, y, z). Poses are rounded when stored, so a stored scene is exactly what the next
simulation starts from: replays never drift.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Malformed

LUMBER, RAFTER, CHEST = "L", "R", "C"
KINDS = (LUMBER, RAFTER, CHEST)

POS_DECIMALS = 4  # 0.1 µm
QUAT_DECIMALS = 8

Vec3 = tuple[float, float, float]
Quat = tuple[float, float, float, float]


def yaw_quat(yaw_deg: float) -> Quat:
    """The quaternion of a rotation by `yaw_deg` about the vertical axis."""
    half = math.radians(yaw_deg) / 2
    return (math.cos(half), 0.0, 0.0, math.sin(half))


def quat_yaw_deg(quat: Quat) -> float:
    """The heading (rotation about z) of an orientation, in degrees."""
    w, x, y, z = quat
    return math.degrees(math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)))


def quat_up_z(quat: Quat) -> float:
    """The z component of the piece's own up axis: 1 upright, 0 on its side, -1 upside down."""
    _w, x, y, _z = quat
    return 1 - 2 * (x * x + y * y)


@dataclass(frozen=True)
class Pose:
    pos: Vec3
    quat: Quat = (1.0, 0.0, 0.0, 0.0)

    def rounded(self) -> Pose:
        norm = math.sqrt(sum(q * q for q in self.quat)) or 1.0
        quat = tuple(round(q / norm, QUAT_DECIMALS) + 0.0 for q in self.quat)
        if quat[0] < 0:  # q and -q are one orientation; keep w >= 0 so equal poses compare equal
            quat = tuple(-q + 0.0 for q in quat)
        pos = tuple(round(p, POS_DECIMALS) + 0.0 for p in self.pos)
        return Pose(pos, quat)  # type: ignore[arg-type]

    @property
    def yaw_deg(self) -> float:
        return quat_yaw_deg(self.quat)


@dataclass(frozen=True)
class Piece:
    """One movable piece: `kind` is LUMBER, RAFTER or CHEST; `variant` the lumber card id,
    the rafter shape id or the chest colour; `index` tells same-coloured chests apart."""

    kind: str
    variant: int
    pose: Pose
    index: int = 0

    @property
    def id(self) -> str:
        """A unique name within a scene: L12, R3, C2.5."""
        if self.kind == CHEST:
            return f"{CHEST}{self.variant}.{self.index}"
        return f"{self.kind}{self.variant}"

    def moved(self, pose: Pose) -> Piece:
        return Piece(self.kind, self.variant, pose, self.index)


@dataclass(frozen=True)
class Scene:
    """The pieces on the raft, in the order they were placed."""

    pieces: tuple[Piece, ...] = ()

    def __post_init__(self) -> None:
        ids = [p.id for p in self.pieces]
        if len(ids) != len(set(ids)):
            raise Malformed("a piece appears twice in a scene")

    def get(self, piece_id: str) -> Piece:
        for piece in self.pieces:
            if piece.id == piece_id:
                return piece
        raise Malformed(f"no piece {piece_id} on the raft")

    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.pieces)

    def with_pieces(self, pieces: Iterable[Piece]) -> Scene:
        return Scene(self.pieces + tuple(pieces))

    def without(self, piece_ids: Iterable[str]) -> Scene:
        gone = set(piece_ids)
        return Scene(tuple(p for p in self.pieces if p.id not in gone))

    def of_kind(self, kind: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.kind == kind)


def piece_to_dict(piece: Piece) -> dict[str, Any]:
    return {"kind": piece.kind, "variant": piece.variant, "index": piece.index,
            "pos": list(piece.pose.pos), "quat": list(piece.pose.quat)}


def piece_from_dict(data: Mapping[str, Any]) -> Piece:
    try:
        kind = str(data["kind"])
        if kind not in KINDS:
            raise Malformed(f"unknown piece kind {kind!r}")
        pos = tuple(float(v) for v in data["pos"])
        quat = tuple(float(v) for v in data["quat"])
        if len(pos) != 3 or len(quat) != 4 or not all(map(math.isfinite, pos + quat)):
            raise Malformed("a pose needs 3 finite coordinates and a 4-part quaternion")
        return Piece(kind, int(data["variant"]), Pose(pos, quat),  # type: ignore[arg-type]
                     int(data.get("index", 0)))
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"bad piece data: {exc}") from exc


def scene_to_dict(scene: Scene) -> list[dict[str, Any]]:
    return [piece_to_dict(p) for p in scene.pieces]


def scene_from_dict(data: Iterable[Mapping[str, Any]]) -> Scene:
    return Scene(tuple(piece_from_dict(p) for p in data))
