"""Rafter Five component facts and simulation parameters, loaded from `data/rafter/components.json`.

Everything physical is configuration: dimensions (mm), masses (g), friction, the hand tremor
and the solver settings. `load_config()` reads a file (the default one unless told) into
frozen dataclasses; `CONFIG` is the default, loaded once. Nothing here knows MuJoCo.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamehost_data import ROOT as DATA_ROOT

from ..core import Malformed

DATA_FILE = DATA_ROOT / "rafter" / "components.json"  # package data (gamehost_data)

Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class BoxPart:
    """One box of a compound piece: full size and centre, in the piece frame (origin at the
    centre of the piece's bottom face, z up), mm."""

    size: Vec3
    pos: Vec3


@dataclass(frozen=True)
class RafterShape:
    id: int
    name: str
    mass: float
    parts: tuple[BoxPart, ...]

    @property
    def height(self) -> float:
        return max(p.pos[2] + p.size[2] / 2 for p in self.parts)


@dataclass(frozen=True)
class LumberPrint:
    """What a lumber card's wood side shows, in the card frame (u along the card, v across,
    origin at its centre, mm): nail dots (centres) and dark joints (rectangles u0, v0, u1, v1)."""

    id: int
    nails: tuple[tuple[float, float], ...]
    dark: tuple[tuple[float, float, float, float], ...]


@dataclass(frozen=True)
class LumberFacts:
    count: int
    size: Vec3  # the real card
    sim_thickness: float  # the board the solver sees (thin boxes need some body)
    mass: float
    nail_radius: float

    @property
    def sim_size(self) -> Vec3:
        return (self.size[0], self.size[1], self.sim_thickness)


@dataclass(frozen=True)
class ChestFacts:
    size: float
    mass: float
    per_color: int


@dataclass(frozen=True)
class Friction:
    raft: float
    lumber: float
    rafter: float
    chest: float
    sea: float
    torsion_mm: float  # torsional friction, as a length: resists a piece turning in place


@dataclass(frozen=True)
class Tremor:
    """The hand tremor: a placement's position and yaw are perturbed by a normal draw whose
    standard deviation grows with the horizontal distance from the raft's centre ("out") and
    the height above the raft card ("up"); draws are clipped at `clip_sigmas`."""

    pos_mm: float
    pos_per_mm_out: float
    pos_per_mm_up: float
    yaw_deg: float
    yaw_per_mm_out: float
    yaw_per_mm_up: float
    clip_sigmas: float
    lift_drift_scale: float

    def sigmas(self, out_mm: float, up_mm: float) -> tuple[float, float]:
        """(position sigma in mm, yaw sigma in degrees) at this distance and height."""
        out, up = max(0.0, out_mm), max(0.0, up_mm)
        return (self.pos_mm + self.pos_per_mm_out * out + self.pos_per_mm_up * up,
                self.yaw_deg + self.yaw_per_mm_out * out + self.yaw_per_mm_up * up)


@dataclass(frozen=True)
class Simulation:
    timestep_s: float
    solref_timeconst_s: float
    solref_dampratio: float  # above 1 (overdamped): stacked boards stop rocking on their edges
    impratio: float
    min_settle_s: float  # no piece may fall asleep before this (a slow tip must get going)
    max_settle_s: float  # a settle stops here even if something still creeps (a latency bound)
    still_mm_per_s: float  # a piece slower than this, over a whole window, is still
    still_window_s: float
    still_windows: int  # a settle ends after this many windows in which every piece was still
    check_every_steps: int  # how often a settle samples the poses and looks for pieces overboard
    drop_gap_mm: float
    overboard_mm: float  # a centre of mass this far below the raft top never comes back
    lift_height_mm: float
    lift_time_s: float
    overtime_s: float = 4.0
    """A settle that stores the raft goes on this long past `max_settle_s` while a piece
    still moves faster than `still_mm_per_s`: a fall under way is finished by its own move
    (2 players, seed 11, move 118 of `bench.rafter_rest`: a settle stopped at 4 s with a card
    sliding at 10 mm/s, and a rafter and two chests fell once the raft was left free)."""


@dataclass(frozen=True)
class RiskParams:
    """The risk estimate: `trials` perturbed runs; shaky when at least `shaky_from` of them
    drop something, dangerous from `dangerous_from`; `workers` trials run at once; each
    trial simulates at most `max_settle_s`, and a piece `sinking_mm` lower than it started
    counts as going down."""

    trials: int
    shaky_from: int
    dangerous_from: int
    workers: int
    max_settle_s: float
    sinking_mm: float


@dataclass(frozen=True)
class Seating:
    boards: int
    colors: int


@dataclass(frozen=True)
class RafterConfig:
    box_size: Vec3
    raft_size: Vec3
    lumber: LumberFacts
    chest: ChestFacts
    colors: tuple[str, ...]
    rafters: tuple[RafterShape, ...]
    friction: Friction
    tremor: Tremor
    simulation: Simulation
    risk: RiskParams
    seating: Mapping[int, Seating]
    penalty_limit: int
    prints: tuple[LumberPrint, ...]


def _vec3(values: Any) -> Vec3:
    x, y, z = (float(v) for v in values)
    return (x, y, z)


def parse_config(raw: Mapping[str, Any]) -> RafterConfig:
    """Build a `RafterConfig` from the JSON structure, refusing missing or odd data."""
    try:
        lumber = raw["lumber"]
        config = RafterConfig(
            box_size=_vec3(raw["box"]["size"]),
            raft_size=_vec3(raw["raft_card"]["size"]),
            lumber=LumberFacts(int(lumber["count"]), _vec3(lumber["size"]),
                               float(lumber["sim_thickness"]), float(lumber["mass"]),
                               float(lumber["nail_radius"])),
            chest=ChestFacts(float(raw["chest"]["size"]), float(raw["chest"]["mass"]),
                             int(raw["chest"]["per_color"])),
            colors=tuple(str(c) for c in raw["colors"]),
            rafters=tuple(
                RafterShape(int(r["id"]), str(r["name"]), float(r["mass"]),
                            tuple(BoxPart(_vec3(p["size"]), _vec3(p["pos"])) for p in r["parts"]))
                for r in raw["rafters"]
            ),
            friction=Friction(**{k: float(v) for k, v in raw["friction"].items()}),
            tremor=Tremor(**{k: float(v) for k, v in raw["tremor"].items()}),
            simulation=Simulation(**{
                k: (int(v) if k in ("check_every_steps", "still_windows") else float(v))
                for k, v in raw["simulation"].items()
            }),
            risk=RiskParams(**{k: float(v) if isinstance(v, float) else int(v)
                               for k, v in raw["risk"].items()}),
            seating={int(n): Seating(int(s["boards"]), int(s["colors"]))
                     for n, s in raw["players"].items()},
            penalty_limit=int(raw["penalty_limit"]),
            prints=tuple(
                LumberPrint(int(p["id"]), tuple((float(u), float(v)) for u, v in p["nails"]),
                            tuple((float(a), float(b), float(c), float(d))
                                  for a, b, c, d in p["dark"]))
                for p in raw["lumber_prints"]
            ),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"bad rafter configuration: {exc}") from exc
    problems = config_problems(config)
    if problems:
        raise Malformed("inconsistent rafter configuration: " + "; ".join(problems))
    return config


def config_problems(config: RafterConfig) -> list[str]:
    """Checks a configuration for sense; an empty list means it is usable."""
    problems: list[str] = []
    if [r.id for r in config.rafters] != list(range(len(config.rafters))):
        problems.append("rafter ids must be 0..n-1 in order")
    if [p.id for p in config.prints] != list(range(config.lumber.count)):
        problems.append("one print per lumber card, ids 0..count-1 in order")
    if config.lumber.sim_thickness < config.lumber.size[2]:
        problems.append("the simulated lumber may be thicker than the card, never thinner")
    masses = [config.lumber.mass, config.chest.mass, *(r.mass for r in config.rafters)]
    if any(m <= 0 for m in masses):
        problems.append("masses must be positive")
    for n, seating in config.seating.items():
        if seating.colors * n > len(config.colors) and n > 1:
            problems.append(f"{n} players need more colours than exist")
    if config.simulation.solref_timeconst_s < 2 * config.simulation.timestep_s:
        problems.append("contact time constant must be at least two timesteps")
    risk = config.risk
    if not 0 < risk.shaky_from <= risk.dangerous_from <= risk.trials:
        problems.append("risk thresholds must satisfy 0 < shaky_from <= dangerous_from <= trials")
    return problems


def load_config(path: Path | None = None) -> RafterConfig:
    """Read a configuration file (the shipped one by default)."""
    return parse_config(json.loads((path or DATA_FILE).read_text(encoding="utf-8")))


CONFIG: RafterConfig = load_config()
"""The shipped configuration."""
