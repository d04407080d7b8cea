"""Where things go on the raft, in plain geometry (no simulation).

* the rafters' starting places on the raft card;
* the numbered spots along a lumber card where its rafter and chest may be put;
* card-frame conversions (u along a card, v across, from its centre) for the prints;
* the footprint extents of rafters and chests on a card, to keep a chest off the rafter
  and, with the advanced rules, both off the nails and dark joints.

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
"""Spots along a lumber card, numbered 1..9 from its u = -44 mm end to u = +44 mm."""
SPOT_STEP_MM = 11.0

START = ((-50.0, 29.0, 0.0), (-50.0, -29.0, 0.0), (50.0, 29.0, 0.0), (45.0, -31.0, 0.0),
         (0.0, 31.0, 0.0))
"""Rafter n's starting place (x, y, yaw) on the raft card: along the edges, leaving the
middle free for the first lumber card (the rulebook: "anywhere convenient")."""


def spot_u(spot: int) -> float:
    """The card-frame u (mm) of a numbered spot."""
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
class Extent:
    """An axis-aligned rectangle in a card's frame (u0 <= u1, v0 <= v1), mm."""

    u0: float
    v0: float
    u1: float
    v1: float

    def overlaps(self, other: Extent) -> bool:
        return self.u0 < other.u1 and other.u0 < self.u1 and self.v0 < other.v1 and other.v0 < self.v1

    def near(self, u: float, v: float, radius: float) -> bool:
        """Whether a circle at (u, v) touches the rectangle."""
        du = max(self.u0 - u, 0.0, u - self.u1)
        dv = max(self.v0 - v, 0.0, v - self.v1)
        return du * du + dv * dv < radius * radius


def rafter_extent(variant: int, spot: int, across: bool,
                  config: RafterConfig = CONFIG) -> Extent:
    """The footprint of a rafter put at a spot, along the card or turned across it."""
    parts = config.rafters[variant].parts
    u0 = min(p.pos[0] - p.size[0] / 2 for p in parts)
    u1 = max(p.pos[0] + p.size[0] / 2 for p in parts)
    v0 = min(p.pos[1] - p.size[1] / 2 for p in parts)
    v1 = max(p.pos[1] + p.size[1] / 2 for p in parts)
    if across:  # turned by 90°: (u, v) -> (-v, u)
        u0, v0, u1, v1 = -v1, u0, -v0, u1
    u = spot_u(spot)
    return Extent(u + u0, v0, u + u1, v1)


def chest_extent(spot: int, config: RafterConfig = CONFIG) -> Extent:
    half = config.chest.size / 2
    u = spot_u(spot)
    return Extent(u - half, -half, u + half, half)


def on_print(extent: Extent, card: LumberPrint, config: RafterConfig = CONFIG) -> bool:
    """Whether a footprint covers a nail or a dark joint of a card's print."""
    radius = config.lumber.nail_radius
    if any(extent.near(u, v, radius) for u, v in card.nails):
        return True
    return any(extent.overlaps(Extent(*dark)) for dark in card.dark)

