"""The seeded hand tremor: how far a placement lands from where the player aimed.

Seeds are derived from named parts with SHA-256 (never Python's salted `hash`), and draws come
from NumPy's PCG64, whose stream is fixed for a given seed on every platform.
"""

from __future__ import annotations

import hashlib
import math

import numpy as np

from .config import Tremor


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any printable parts, e.g. `derive_seed(game_seed, version, "lumber")`."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def rng_for(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


def _clipped_normals(rng: np.random.Generator, n: int, clip: float) -> list[float]:
    return [float(v) for v in np.clip(rng.standard_normal(n), -clip, clip)]


def perturb(x: float, y: float, yaw_deg: float, *, up_mm: float, tremor: Tremor,
            rng: np.random.Generator) -> tuple[float, float, float]:
    """Where a piece aimed at (x, y, yaw) in the raft frame lands: further from the raft's
    centre and higher above the raft card, the hand shakes more."""
    pos_sigma, yaw_sigma = tremor.sigmas(math.hypot(x, y), up_mm)
    dx, dy, dyaw = _clipped_normals(rng, 3, tremor.clip_sigmas)
    return x + dx * pos_sigma, y + dy * pos_sigma, yaw_deg + dyaw * yaw_sigma


def lift_drift(x: float, y: float, *, up_mm: float, tremor: Tremor,
               rng: np.random.Generator) -> tuple[float, float]:
    """The sideways drift (mm) of a hand lifting a piece from (x, y) at height `up_mm`."""
    pos_sigma, _ = tremor.sigmas(math.hypot(x, y), up_mm)
    dx, dy = _clipped_normals(rng, 2, tremor.clip_sigmas)
    scale = pos_sigma * tremor.lift_drift_scale
    return dx * scale, dy * scale
