"""The MuJoCo scene description (MJCF XML) of a raft, built from a `Scene` and a configuration.

MuJoCo works in SI units: the configuration's millimetres and grams are scaled here and
nowhere else. The world's z = 0 is the table (the sea); the upturned box and the raft card
are static geoms; every piece is a body named by its piece id: a free body, or, when a
simulation holds it still, a static one (no joint: it cannot move, and it touches only the
free bodies), except one piece that may be held by a hand (a mocap body moved by the
simulation, used to lift a rafter).

Contacts have four dimensions (sliding both ways and turning in place): the torsional
friction (`friction.torsion_mm`) keeps a card that touches another at a corner or an edge
from slowly turning about that touch, the creep that used to let propped cards slide off
between moves. (Rolling friction would need six dimensions and more solver time.)

Collision bits: pieces touch pieces and the base; a piece gone overboard gets
`OVERBOARD_BITS` and then touches only the base and the table, so it can neither hold up nor
knock anything on the raft, yet still comes to rest (and falls asleep) on the table.
"""

from __future__ import annotations

from collections.abc import Collection
from xml.sax.saxutils import quoteattr

from .config import BoxPart, RafterConfig
from .scene import CHEST, LUMBER, RAFTER, Piece, Scene

MM = 0.001  # metres per millimetre
G = 0.001  # kilograms per gram
OVERBOARD_BITS = (0, 1)  # (contype, conaffinity) of a piece gone overboard


def raft_top_mm(config: RafterConfig) -> float:
    """Height of the raft card's top surface above the table."""
    return config.box_size[2] + config.raft_size[2]


def piece_parts(piece: Piece, config: RafterConfig) -> tuple[BoxPart, ...]:
    """The boxes a piece is made of, in its own frame (origin at the bottom-face centre)."""
    if piece.kind == LUMBER:
        size = config.lumber.sim_size
        return (BoxPart(size, (0.0, 0.0, size[2] / 2)),)
    if piece.kind == CHEST:
        s = config.chest.size
        return (BoxPart((s, s, s), (0.0, 0.0, s / 2)),)
    return config.rafters[piece.variant].parts


def piece_mass(piece: Piece, config: RafterConfig) -> float:
    """Mass in grams."""
    if piece.kind == LUMBER:
        return config.lumber.mass
    if piece.kind == CHEST:
        return config.chest.mass
    return config.rafters[piece.variant].mass


def piece_friction(piece: Piece, config: RafterConfig) -> float:
    return {LUMBER: config.friction.lumber, RAFTER: config.friction.rafter,
            CHEST: config.friction.chest}[piece.kind]


def _num(value: float) -> str:
    return repr(float(value))


def _friction(sliding: float, config: RafterConfig) -> str:
    """MuJoCo's friction triple: sliding, torsional (a length) and rolling (unused: condim 4)."""
    return f"{_num(sliding)} {_num(config.friction.torsion_mm * MM)} 0"


def _vec(values: tuple[float, ...], scale: float = 1.0) -> str:
    return " ".join(_num(v * scale) for v in values)


def _body(piece: Piece, config: RafterConfig, top: float, held: bool, free: bool) -> str:
    parts = piece_parts(piece, config)
    volumes = [p.size[0] * p.size[1] * p.size[2] for p in parts]
    mass = piece_mass(piece, config) * G
    friction = piece_friction(piece, config)
    x, y, z = piece.pose.pos
    mocap = ' mocap="true"' if held else ""
    opening = (f"<body name={quoteattr(piece.id)} pos=\"{_vec((x, y, z + top), MM)}\" "
               f"quat=\"{_vec(piece.pose.quat)}\"{mocap}>")
    lines = [opening]
    if free and not held:
        lines.append("<freejoint/>")
    for part, volume in zip(parts, volumes):
        # the piece's mass is spread over its boxes by volume (uniform density)
        lines.append(
            f"<geom type=\"box\" size=\"{_vec(part.size, MM / 2)}\" pos=\"{_vec(part.pos, MM)}\" "
            f"mass=\"{_num(mass * volume / sum(volumes))}\" friction=\"{_friction(friction, config)}\"/>"
        )
    lines.append("</body>")
    return "\n".join(lines)


def scene_xml(scene: Scene, config: RafterConfig, *, held: str | None = None,
              free: Collection[str] | None = None) -> str:
    """The MJCF model of the base and every piece of `scene`; `held` names a piece that a
    hand holds (a mocap body) instead of a free one; `free` names the pieces that may move
    (None: all of them), the others are static."""
    sim = config.simulation
    bx, by, bz = config.box_size
    rx, ry, rz = config.raft_size
    top = raft_top_mm(config)
    fr = config.friction
    bodies = "\n".join(_body(p, config, top, p.id == held, free is None or p.id in free)
                       for p in scene.pieces)
    return f"""<mujoco model="rafter">
<compiler angle="radian"/>
<option timestep="{_num(sim.timestep_s)}" gravity="0 0 -9.81" cone="elliptic"
 impratio="{_num(sim.impratio)}" integrator="implicitfast"/>
<default>
<geom condim="4" solref="{_num(sim.solref_timeconst_s)} {_num(sim.solref_dampratio)}" contype="2" conaffinity="3"/>
<default class="base"><geom contype="1" conaffinity="1"/></default>
</default>
<worldbody>
<geom name="sea" class="base" type="plane" size="1 1 0.01" friction="{_friction(fr.sea, config)}"/>
<geom name="box" class="base" type="box" size="{_vec((bx, by, bz), MM / 2)}"
 pos="0 0 {_num(bz / 2 * MM)}" friction="{_friction(fr.raft, config)}"/>
<geom name="raft" class="base" type="box" size="{_vec((rx, ry, rz), MM / 2)}"
 pos="0 0 {_num((bz + rz / 2) * MM)}" friction="{_friction(fr.raft, config)}"/>
{bodies}
</worldbody>
</mujoco>
"""
