"""What is under a footprint? A raft compiled once (MuJoCo, no simulation) answers it with
rays: the rules ask it where a card may go, the drop asks it how high a piece starts, and the
computer players ask it about many poses. `probe_for` keeps a thread's recent probes, since
the same raft is asked about press after press.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

import mujoco
import numpy as np

from .config import CONFIG, RafterConfig
from .locality import Contacts
from .mjcf import MM, piece_parts, raft_top_mm, scene_xml
from .scene import Piece, Pose, Scene

RAFT, BOX, SEA = "raft", "box", "sea"
"""What a ray may hit besides a piece."""
_RAY_START_M = 1.0  # rays start this high above the table
_DOWN = np.array([0.0, 0.0, -1.0])


def _footprint(kind: str, variant: int, x: float, y: float, yaw_deg: float,
               config: RafterConfig, grid: tuple[int, int]) -> np.ndarray:
    """`footprint_points` as an (n, 3) array."""
    nu, nv = grid
    c, s = math.cos(math.radians(yaw_deg)), math.sin(math.radians(yaw_deg))
    rows = []
    for part in piece_parts(Piece(kind, variant, Pose((0.0, 0.0, 0.0))), config):
        (sx, sy, sz), (px, py, pz) = part.size, part.pos
        # 0.98: stay just inside the edges, where a ray would graze the neighbour's side
        u, v = np.meshgrid(px + sx * 0.98 * (np.linspace(0, 1, nu) - 0.5),
                           py + sy * 0.98 * (np.linspace(0, 1, nv) - 0.5), indexing="ij")
        u, v = u.ravel(), v.ravel()
        rows.append(np.column_stack((x + c * u - s * v, y + s * u + c * v,
                                     np.full(u.size, pz - sz / 2))))
    return np.concatenate(rows)


def footprint_points(kind: str, variant: int, x: float, y: float, yaw_deg: float,
                     config: RafterConfig = CONFIG, *, grid: tuple[int, int] = (5, 3),
                     ) -> tuple[tuple[float, float, float], ...]:
    """Sample points of a piece's underside at an aimed pose: (x, y, height of that underside
    above the piece's origin), a `grid` (points along × across) over each box's bottom face."""
    return tuple(map(tuple, _footprint(kind, variant, x, y, yaw_deg, config, grid).tolist()))


class RaftProbe:
    """A raft compiled once to answer many "what is under this footprint?" questions with
    `mujoco.mj_ray` (measured faster than NumPy slab tests at a 23×5 grid). One thread's:
    MuJoCo's queries may use the data's scratch memory."""

    def __init__(self, scene: Scene, config: RafterConfig = CONFIG) -> None:
        self.scene = scene
        self.config = config
        self._top = raft_top_mm(config)
        self._model = mujoco.MjModel.from_xml_string(scene_xml(scene, config))
        self._data = mujoco.MjData(self._model)
        mujoco.mj_kinematics(self._model, self._data)
        self._owners = [self._owner(g) for g in range(self._model.ngeom)]
        self._contacts: Contacts | None = None

    def contacts(self) -> Contacts:
        """Who touches whom on this raft."""
        if self._contacts is None:
            mujoco.mj_fwdPosition(self._model, self._data)
            self._contacts = Contacts(self._model, self._data)
        return self._contacts

    def _owner(self, geom: int) -> str:
        """The piece id (or RAFT, BOX, SEA) a geom belongs to."""
        body = int(self._model.geom_bodyid[geom])
        return self._model.body(body).name if body else self._model.geom(geom).name

    def surface_under(self, kind: str, variant: int, x: float, y: float, yaw_deg: float, *,
                      grid: tuple[int, int] = (5, 3)) -> tuple[tuple[str, float], ...]:
        """For each footprint point (`footprint_points` order), what is directly below it
        (piece id, RAFT, BOX or SEA) and that surface's height. The rules use it: lumber
        must be over lumber, never a chest."""
        points = _footprint(kind, variant, x, y, yaw_deg, self.config, grid)
        return tuple(self.ray_down(px, py) for px, py in points[:, :2].tolist())

    def ray_down(self, x: float, y: float) -> tuple[str, float]:
        """What is directly below the point (x, y) of the raft frame, and its height."""
        start = np.array([x * MM, y * MM, _RAY_START_M])
        geom = np.zeros(1, dtype=np.int32)
        dist = mujoco.mj_ray(self._model, self._data, start, _DOWN, None, 1, -1, geom)
        if dist < 0:  # cannot happen above the table plane; treat as the sea
            return SEA, -self._top
        return self._owners[int(geom[0])], (_RAY_START_M - dist) / MM - self._top


_PROBES_KEPT = 8
_probes = threading.local()  # each thread's own recent probes (risk trials run in threads)


def probe_for(scene: Scene, config: RafterConfig = CONFIG) -> RaftProbe:
    """A `RaftProbe` of `scene`, shared with whatever in this thread asked about the same raft
    lately (a move checks the raft, then drops pieces onto it; the menu asks about it press
    after press)."""
    if config is not CONFIG:
        return RaftProbe(scene, config)
    kept: OrderedDict[Scene, RaftProbe] = _probes.__dict__.setdefault("kept", OrderedDict())
    probe = kept.pop(scene, None) or RaftProbe(scene, config)
    kept[scene] = probe
    while len(kept) > _PROBES_KEPT:
        kept.popitem(last=False)
    return probe


def surface_under(scene: Scene, kind: str, variant: int, x: float, y: float, yaw_deg: float,
                  config: RafterConfig = CONFIG, *, grid: tuple[int, int] = (5, 3),
                  ) -> tuple[tuple[str, float], ...]:
    """`RaftProbe.surface_under` for a single question."""
    return RaftProbe(scene, config).surface_under(kind, variant, x, y, yaw_deg, grid=grid)
