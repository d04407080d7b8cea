"""Where things go on the raft, in plain geometry (no simulation).

* the rafters' starting places on the raft card;
* card-frame conversions (u along a card, v across, from its centre);
* the footprints of a rafter and a chest put on a card (turned boxes in the card's frame),
  whether two footprints overlap, whether a footprint reaches onto the card at all, and,
  for the advanced rules, whether it covers a nail or a dark joint of the card's print;
* the nine numbered spots of the old action format (u only, on the centre line).

>>> spot_u(1), spot_u(SPOTS)
(-44.0, 44.0)
>>> [round(c, 6) + 0.0 for c in card_to_raft(10.0, 0.0, 5.0, 0.0, 90)]
[5.0, 10.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .config import CONFIG, LumberPrint, RafterConfig

SPOTS = 9
"""Spots of the old action format, numbered 1..9 from a card's u = -44 mm end to +44 mm."""
SPOT_STEP_MM = 11.0
OVERLAP_MM = 1.0
"""A rafter or a chest must reach at least this far onto its card, along and across: any
less and it would not be *on* the card (how far it may hang over is the physics' affair)."""

START = ((-50.0, 29.0, 0.0), (-50.0, -29.0, 0.0), (50.0, 29.0, 0.0), (45.0, -31.0, 0.0),
         (0.0, 31.0, 0.0))
"""Rafter n's starting place (x, y, yaw) on the raft card: along the edges, leaving the
middle free for the first lumber card (the rulebook: "anywhere convenient")."""


def spot_u(spot: int) -> float:
    """The card-frame u (mm) of a numbered spot of the old action format."""
    return (spot - (SPOTS + 1) / 2) * SPOT_STEP_MM


def card_to_raft(u: float, v: float, x: float, y: float, yaw_deg: float) -> tuple[float, float]:
    """A point given in the frame of a card lying at (x, y, yaw), in raft coordinates."""
    c, s = math.cos(math.radians(yaw_deg)), math.sin(math.radians(yaw_deg))
    return x + c * u - s * v, y + s * u + c * v


def raft_to_card(px: float, py: float, x: float, y: float, yaw_deg: float) -> tuple[float, float]:
    """A raft point in the frame of a card lying at (x, y, yaw)."""
    c, s = math.cos(math.radians(yaw_deg)), math.sin(math.radians(yaw_deg))
    dx, dy = px - x, py - y
    return c * dx + s * dy, -s * dx + c * dy


@dataclass(frozen=True)
class Box:
    """A rectangle in a card's frame: centre (u, v), half sizes, turned `turn` degrees."""

    u: float
    v: float
    half_u: float
    half_v: float
    turn: float = 0.0

    def axes(self) -> tuple[tuple[float, float], tuple[float, float]]:
        c, s = math.cos(math.radians(self.turn)), math.sin(math.radians(self.turn))
        return (c, s), (-s, c)

    def corners(self) -> tuple[tuple[float, float], ...]:
        (au, av), (bu, bv) = self.axes()
        return tuple((self.u + i * self.half_u * au + j * self.half_v * bu,
                      self.v + i * self.half_u * av + j * self.half_v * bv)
                     for i, j in ((-1, -1), (1, -1), (1, 1), (-1, 1)))

    def bounds(self) -> tuple[float, float, float, float]:
        """The axis-aligned bounds (u0, v0, u1, v1)."""
        us, vs = zip(*self.corners())
        return min(us), min(vs), max(us), max(vs)

    def overlaps(self, other: Box) -> bool:
        """Whether the two rectangles share some area (separating axes; touching is not)."""
        for axis in (*self.axes(), *other.axes()):
            mine = [u * axis[0] + v * axis[1] for u, v in self.corners()]
            theirs = [u * axis[0] + v * axis[1] for u, v in other.corners()]
            if max(mine) <= min(theirs) + 1e-9 or max(theirs) <= min(mine) + 1e-9:
                return False
        return True

    def near(self, u: float, v: float, radius: float) -> bool:
        """Whether a circle at (u, v) reaches into the rectangle."""
        (au, av), (bu, bv) = self.axes()
        du, dv = u - self.u, v - self.v
        along, across = du * au + dv * av, du * bu + dv * bv
        gap_u = max(abs(along) - self.half_u, 0.0)
        gap_v = max(abs(across) - self.half_v, 0.0)
        return gap_u * gap_u + gap_v * gap_v < radius * radius


Footprint = tuple[Box, ...]


def rafter_footprint(variant: int, u: float, v: float, turn: float,
                     config: RafterConfig = CONFIG) -> Footprint:
    """A rafter's underside, part by part, when its origin stands at (u, v) of a card turned
    `turn` degrees from the card's length."""
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return tuple(Box(u + c * p.pos[0] - s * p.pos[1], v + s * p.pos[0] + c * p.pos[1],
                     p.size[0] / 2, p.size[1] / 2, turn)
                 for p in config.rafters[variant].parts)


def chest_footprint(u: float, v: float, config: RafterConfig = CONFIG) -> Footprint:
    half = config.chest.size / 2
    return (Box(u, v, half, half),)


def card_box(config: RafterConfig = CONFIG) -> Box:
    return Box(0.0, 0.0, config.lumber.size[0] / 2, config.lumber.size[1] / 2)


def on_card(footprint: Footprint, config: RafterConfig = CONFIG) -> bool:
    """Whether a footprint rests on its card: its bounds reach `OVERLAP_MM` onto the card
    along and across, and some part of it is over the card (a turned part's corner alone
    may miss it)."""
    bounds = [box.bounds() for box in footprint]
    u0, v0 = min(b[0] for b in bounds), min(b[1] for b in bounds)
    u1, v1 = max(b[2] for b in bounds), max(b[3] for b in bounds)
    half_u, half_v = config.lumber.size[0] / 2, config.lumber.size[1] / 2
    reach_u = min(u1, half_u) - max(u0, -half_u)
    reach_v = min(v1, half_v) - max(v0, -half_v)
    card = card_box(config)
    return (reach_u >= OVERLAP_MM and reach_v >= OVERLAP_MM
            and any(box.overlaps(card) for box in footprint))


def overlap(a: Footprint, b: Footprint) -> bool:
    return any(x.overlaps(y) for x in a for y in b)


def on_print(footprint: Footprint, card: LumberPrint, config: RafterConfig = CONFIG) -> bool:
    """Whether a footprint covers a nail or a dark joint of a card's print."""
    radius = config.lumber.nail_radius
    if any(box.near(u, v, radius) for box in footprint for u, v in card.nails):
        return True
    darks = tuple(Box((u0 + u1) / 2, (v0 + v1) / 2, (u1 - u0) / 2, (v1 - v0) / 2)
                  for u0, v0, u1, v1 in card.dark)
    return overlap(footprint, darks)
