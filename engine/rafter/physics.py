"""The raft's rigid-body simulation (MuJoCo): drop pieces, lift a rafter, settle, sort.

Every function is pure: a `Scene` in, a `Settled` out. A run compiles a fresh model from the
scene (all bodies at rest), steps it with a fixed timestep and a deterministic stopping rule
(at rest after the minimum time, checked every few steps, or the maximum time), then reads
the poses back rounded. Identical scene, placements, seed and configuration therefore give
identical results, and a stored scene is exactly what the next run starts from.

A piece has *fallen* when its centre of mass ends below the raft card's top surface (in the
sea, or leaning against the box); fallen pieces leave the returned scene.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import mujoco
import numpy as np

from .config import CONFIG, RafterConfig
from .mjcf import MM, piece_parts, raft_top_mm, scene_xml
from .scene import Piece, Pose, Scene, yaw_quat
from .tremor import lift_drift, perturb, rng_for

RAFT, BOX, SEA = "raft", "box", "sea"
"""What a ray may hit besides a piece."""
_RAY_START_M = 1.0  # rays start this high above the table
_FAR_AWAY_M = 1.0  # where a lifted piece is taken once the hand has raised it


@dataclass(frozen=True)
class Placement:
    """A piece to put down: aimed at (x, y) mm in the raft frame with heading `yaw_deg`.
    `z` is the height of its bottom; None lets it be dropped onto whatever is below."""

    kind: str
    variant: int
    x: float
    y: float
    yaw_deg: float = 0.0
    index: int = 0
    z: float | None = None


@dataclass(frozen=True)
class Settled:
    """The result of one simulated step.

    * `scene`: the pieces still on the raft, at rest (poses rounded);
    * `fallen`: the pieces that ended below the raft top, where they came to lie;
    * `placed`: the pieces as they were let go (after the tremor), before settling;
    * `steps`: simulation steps taken; `frames`: poses every `record_every` steps, if asked.
    """

    scene: Scene
    fallen: tuple[Piece, ...]
    placed: tuple[Piece, ...]
    steps: int
    frames: tuple[Scene, ...] = ()

    @property
    def fallen_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.fallen)


class _Model:
    """One compiled scene: the MuJoCo model, its data and the piece ↔ body bookkeeping."""

    def __init__(self, scene: Scene, config: RafterConfig, held: str | None = None) -> None:
        self.scene = scene
        self.config = config
        self.top = raft_top_mm(config)
        self.model = mujoco.MjModel.from_xml_string(scene_xml(scene, config, held=held))
        self.data = mujoco.MjData(self.model)
        mujoco.mj_forward(self.model, self.data)
        self.bodies = {p.id: self.model.body(p.id).id for p in scene.pieces}
        self.held = held
        self.overboard: dict[str, Piece] = {}  # pieces gone into the sea, as they went
        self._free = [
            (p, int(self.model.jnt_qposadr[self.model.body_jntadr[self.bodies[p.id]]]),
             int(self.model.jnt_dofadr[self.model.body_jntadr[self.bodies[p.id]]]))
            for p in scene.pieces if p.id != held
        ]

    def geom_owner(self, geom: int) -> str:
        """The piece id (or RAFT, BOX, SEA) a geom belongs to."""
        body = int(self.model.geom_bodyid[geom])
        if body == 0:
            return self.model.geom(geom).name
        return self.model.body(body).name

    def ray_down(self, x: float, y: float) -> tuple[str, float]:
        """What a vertical ray at (x, y) in the raft frame hits first, and the height of the
        surface it hits (raft frame, mm)."""
        geom = np.zeros(1, dtype=np.int32)
        start = np.array([x * MM, y * MM, _RAY_START_M])
        dist = mujoco.mj_ray(self.model, self.data, start, np.array([0.0, 0.0, -1.0]),
                             None, True, -1, geom)
        if dist < 0:  # cannot happen above the table plane; treat as the sea
            return SEA, -self.top
        return self.geom_owner(int(geom[0])), (_RAY_START_M - dist) / MM - self.top

    def _snapshot(self) -> np.ndarray:
        """The positions and quaternions of the free pieces still in play, one row each."""
        return np.array([self.data.qpos[qadr:qadr + 7] for p, qadr, _v in self._free
                         if p.id not in self.overboard]).reshape(-1, 7)

    def _clear_overboard(self) -> bool:
        """Take pieces sunk well below the raft top out of the simulation (they cannot come
        back): their pose is kept and they stop colliding. True if any went."""
        depth = self.config.simulation.overboard_mm
        gone = False
        for piece in self.poses():
            if piece.id in self.overboard or self.com_height(piece.id) > -depth:
                continue
            self.overboard[piece.id] = piece
            body = self.bodies[piece.id]
            start, count = self.model.body_geomadr[body], self.model.body_geomnum[body]
            self.model.geom_contype[start:start + count] = 0
            self.model.geom_conaffinity[start:start + count] = 0
            gone = True
        return gone

    def _still(self, before: np.ndarray, after: np.ndarray) -> bool:
        """No piece moved or turned more than the rest tolerances between two snapshots.
        Displacement over a window, not velocity, so contact jitter of a few micrometres
        does not keep a resting raft "moving"."""
        if not len(after):
            return True
        sim = self.config.simulation
        moved = np.max(np.linalg.norm(after[:, :3] - before[:, :3], axis=1)) / MM
        dots = np.clip(np.abs(np.sum(after[:, 3:] * before[:, 3:], axis=1)), 0.0, 1.0)
        turned = math.degrees(2 * math.acos(float(np.min(dots))))
        return moved <= sim.rest_move_mm and turned <= sim.rest_turn_deg

    def settle(self, *, record_every: int = 0, frames: list[Scene] | None = None) -> int:
        """Step until at rest (a deterministic rule: checked every `check_every_steps`
        after the minimum time, up to the maximum time); returns the steps taken."""
        sim = self.config.simulation
        dt = self.model.opt.timestep
        n_min = math.ceil(sim.min_settle_s / dt)
        n_max = math.ceil(sim.max_settle_s / dt)
        check = max(1, sim.check_every_steps)
        steps = 0
        before = self._snapshot()
        while steps < n_max:
            for _ in range(check):
                mujoco.mj_step(self.model, self.data)
                steps += 1
                if frames is not None and record_every and steps % record_every == 0:
                    frames.append(Scene(self.poses()))
            if self._clear_overboard():
                before = self._snapshot()
            after = self._snapshot()
            if steps >= n_min and self._still(before, after):
                break
            before = after
        return steps

    def poses(self) -> tuple[Piece, ...]:
        """Every free piece at its current pose (raft frame, rounded)."""
        qpos = self.data.qpos
        out = []
        for piece, qadr, _vadr in self._free:
            x, y, z = (float(v) / MM for v in qpos[qadr:qadr + 3])
            quat = tuple(float(v) for v in qpos[qadr + 3:qadr + 7])
            out.append(piece.moved(Pose((x, y, z - self.top), quat).rounded()))  # type: ignore[arg-type]
        return tuple(out)

    def com_height(self, piece_id: str) -> float:
        """Height of a piece's centre of mass in the raft frame, mm."""
        return float(self.data.xipos[self.bodies[piece_id]][2]) / MM - self.top

    def sorted_result(self, placed: tuple[Piece, ...], steps: int,
                      frames: Sequence[Scene] = ()) -> Settled:
        mujoco.mj_forward(self.model, self.data)  # positions of the last step
        kept, fallen = [], []
        for piece in self.poses():
            if piece.id in self.overboard:
                fallen.append(self.overboard[piece.id])
            else:
                (fallen if self.com_height(piece.id) < 0 else kept).append(piece)
        return Settled(Scene(tuple(kept)), tuple(fallen), placed, steps, tuple(frames))


def footprint_points(kind: str, variant: int, x: float, y: float, yaw_deg: float,
                     config: RafterConfig = CONFIG) -> tuple[tuple[float, float, float], ...]:
    """Sample points of a piece's underside at an aimed pose: (x, y, height of that underside
    above the piece's origin), a 5×3 grid over each box's bottom face."""
    probe = Piece(kind, variant, Pose((0.0, 0.0, 0.0)))
    c, s = math.cos(math.radians(yaw_deg)), math.sin(math.radians(yaw_deg))
    points = []
    for part in piece_parts(probe, config):
        (sx, sy, sz), (px, py, pz) = part.size, part.pos
        for i in range(5):
            for j in range(3):
                u = px + sx * (i / 4 - 0.5) * 0.98
                v = py + sy * (j / 2 - 0.5) * 0.98
                points.append((x + c * u - s * v, y + s * u + c * v, pz - sz / 2))
    return tuple(points)


def surface_under(scene: Scene, kind: str, variant: int, x: float, y: float, yaw_deg: float,
                  config: RafterConfig = CONFIG) -> tuple[tuple[str, float], ...]:
    """For each footprint point, what is directly below it (piece id, RAFT, BOX or SEA) and
    that surface's height. The rules use it: lumber must be over lumber, never a chest."""
    model = _Model(scene, config)
    return tuple(model.ray_down(px, py) for px, py, _ in
                 footprint_points(kind, variant, x, y, yaw_deg, config))


def _drop(model: _Model, placement: Placement, x: float, y: float, yaw: float) -> Piece:
    """The piece at (x, y, yaw), its bottom just above the highest surface under it."""
    if placement.z is not None:
        z = placement.z
    else:
        points = footprint_points(placement.kind, placement.variant, x, y, yaw, model.config)
        z = max(model.ray_down(px, py)[1] - under for px, py, under in points)
        z += model.config.simulation.drop_gap_mm
    return Piece(placement.kind, placement.variant, Pose((x, y, z), yaw_quat(yaw)).rounded(),
                 placement.index)


def place(scene: Scene, placements: Sequence[Placement], *, seed: int | None,
          config: RafterConfig = CONFIG, record_every: int = 0) -> Settled:
    """Put pieces down (in order, each dropped onto what is below it, the earlier ones
    included), then let everything settle. `seed` drives the hand tremor; None places
    exactly where aimed (for tests and previews)."""
    rng = rng_for(seed) if seed is not None else None
    current = scene
    placed: list[Piece] = []
    for placement in placements:
        model = _Model(current, config)
        x, y, yaw = placement.x, placement.y, placement.yaw_deg
        if rng is not None:
            aimed = _drop(model, placement, x, y, yaw)
            x, y, yaw = perturb(x, y, yaw, up_mm=aimed.pose.pos[2], tremor=config.tremor, rng=rng)
        piece = _drop(model, placement, x, y, yaw)
        placed.append(piece)
        current = current.with_pieces((piece,))
    return settle(current, config=config, placed=tuple(placed), record_every=record_every)


def settle(scene: Scene, *, config: RafterConfig = CONFIG, placed: tuple[Piece, ...] = (),
           record_every: int = 0) -> Settled:
    """Let a scene come to rest and sort what fell."""
    model = _Model(scene, config)
    frames: list[Scene] = []
    steps = model.settle(record_every=record_every, frames=frames)
    return model.sorted_result(placed, steps, frames)


def lift(scene: Scene, piece_id: str, *, seed: int | None, config: RafterConfig = CONFIG,
         record_every: int = 0) -> Settled:
    """A hand lifts a piece straight up (drifting a little sideways with the tremor), takes
    it away, and the rest settles: whatever it held up may fall. The lifted piece is in
    neither `scene` nor `fallen` of the result."""
    piece = scene.get(piece_id)
    model = _Model(scene, config, held=piece_id)
    mocap = int(model.model.body_mocapid[model.bodies[piece_id]])
    start = np.array(model.data.mocap_pos[mocap])
    dx = dy = 0.0
    if seed is not None:
        x, y, z = piece.pose.pos
        dx, dy = lift_drift(x, y, up_mm=z, tremor=config.tremor, rng=rng_for(seed))
    sim = config.simulation
    n = max(1, math.ceil(sim.lift_time_s / model.model.opt.timestep))
    frames: list[Scene] = []
    for i in range(1, n + 1):
        f = i / n
        model.data.mocap_pos[mocap] = start + np.array([dx, dy, sim.lift_height_mm]) * MM * f
        mujoco.mj_step(model.model, model.data)
        if record_every and i % record_every == 0:
            frames.append(Scene(model.poses()))
    model.data.mocap_pos[mocap] = start + np.array([0.0, 0.0, _FAR_AWAY_M])
    steps = n + model.settle(record_every=record_every, frames=frames)
    return model.sorted_result((), steps, frames)
