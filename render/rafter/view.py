"""Reading a Rafter Five view (and a menu's focus) tolerantly: a malformed field draws as
empty, never crashes."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit

from .engine_data import CONFIG

KINDS = ("L", "R", "C")


def _int(value: Any, default: int = 0) -> int:
    """`kit.as_int`, except that a bool is no number here."""
    return default if isinstance(value, bool) else kit.as_int(value, default)


def _num(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        f = float(value)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class Piece:
    """One piece as drawn: `variant` is the lumber card id, the rafter shape or the chest
    colour index; `pos` the centre of its bottom face (mm), `quat` (w, x, y, z)."""

    id: str
    kind: str
    variant: int
    index: int
    pos: tuple[float, float, float]
    quat: tuple[float, float, float, float]


def piece(raw: Any) -> Piece | None:
    """A piece dict as in `view["pieces"]`, or None if it cannot be drawn."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in KINDS:
        return None
    kind = raw["kind"]
    variant = _int(raw.get("variant"), -1)
    if variant < 0 or (kind == "R" and variant >= len(CONFIG.rafters)):
        return None
    index = _int(raw.get("index"))
    pos, quat = raw.get("pos"), raw.get("quat", (1.0, 0.0, 0.0, 0.0))
    if not isinstance(pos, Sequence) or len(pos) != 3 or not isinstance(quat, Sequence) \
            or len(quat) != 4:
        return None
    p = [_num(v) for v in pos]
    q = [_num(v) for v in quat]
    if None in p or None in q:
        return None
    norm = math.sqrt(sum(v * v for v in q))  # type: ignore[operator, misc]
    if norm < 1e-9:
        return None
    pid = raw.get("id")
    if not isinstance(pid, str) or not pid:
        pid = f"C{variant}.{index}" if kind == "C" else f"{kind}{variant}"
    return Piece(pid, kind, variant, index, tuple(p),  # type: ignore[arg-type]
                 tuple(v / norm for v in q))  # type: ignore[arg-type, operator, misc]


def pieces(raw: Any) -> list[Piece]:
    """The drawable pieces of a list of piece dicts (duplicates by id: the first wins)."""
    out: list[Piece] = []
    seen: set[str] = set()
    for item in raw if isinstance(raw, (list, tuple)) else ():
        p = piece(item)
        if p is not None and p.id not in seen:
            seen.add(p.id)
            out.append(p)
    return out


def color_names(view: Mapping[str, Any]) -> list[str]:
    """The palette name of each chest colour index."""
    raw = view.get("colors")
    if isinstance(raw, (list, tuple)) and raw:
        return [c if isinstance(c, str) else "?" for c in raw]
    return list(CONFIG.colors)


def color_name(view: Mapping[str, Any], value: Any) -> str:
    """A colour index (or a palette name) as a palette name."""
    if isinstance(value, str):
        return value
    names = color_names(view)
    i = _int(value, -1)
    return names[i] if 0 <= i < len(names) else "?"


@dataclass(frozen=True)
class Seat:
    seat: int
    colors: tuple[int, ...]
    supply: int
    penalties: tuple[int, ...]  # colour index of each penalty chest, in order
    out: bool


def seats(view: Mapping[str, Any]) -> list[Seat]:
    n = max(0, min(8, _int(view.get("players"))))
    raw = view.get("seats")
    raw = raw if isinstance(raw, (list, tuple)) else []
    n = max(n, min(8, len(raw)))
    return [seat_info(view, s) for s in range(n)]


def seat_info(view: Mapping[str, Any], seat: int) -> Seat:
    raw = view.get("seats")
    info: Mapping[str, Any] = {}
    if isinstance(raw, (list, tuple)) and 0 <= seat < len(raw) and isinstance(raw[seat], Mapping):
        info = raw[seat]
    colors = info.get("colors")
    pens = info.get("penalties")
    penalties = []
    for p in pens if isinstance(pens, (list, tuple)) else ():
        c = p[0] if isinstance(p, (list, tuple)) and p else p
        penalties.append(_int(c, -1))
    return Seat(seat, tuple(_int(c, -1) for c in colors) if isinstance(colors, (list, tuple))
                else (), max(0, _int(info.get("supply"))), tuple(penalties),
                info.get("out") is True)


def seat_or_none(value: Any) -> int | None:
    v = _int_or_none(value)
    return v if v is not None and 0 <= v < 8 else None


def id_list(raw: Any) -> list[int]:
    return [v for v in (_int_or_none(x) for x in raw) if v is not None] \
        if isinstance(raw, (list, tuple)) else []


@dataclass(frozen=True)
class Last:
    seat: int | None
    placed: frozenset[str]
    fallen: tuple[Piece, ...]
    frames: tuple[tuple[Piece, ...], ...]


def last(view: Mapping[str, Any], *, frames: bool = False) -> Last:
    """The last move; its recorded frames only when asked (`frames`: the animation)."""
    raw = view.get("last")
    if not isinstance(raw, Mapping):
        return Last(None, frozenset(), (), ())
    placed = raw.get("placed")
    recorded = raw.get("frames") if frames else ()
    return Last(seat_or_none(raw.get("seat")),
                frozenset(p for p in placed if isinstance(p, str))
                if isinstance(placed, (list, tuple)) else frozenset(),
                tuple(pieces(raw.get("fallen"))),
                tuple(tuple(pieces(f)) for f in recorded if isinstance(f, (list, tuple)))
                if isinstance(recorded, (list, tuple)) else ())


@dataclass(frozen=True)
class Ghost:
    x: float
    y: float
    yaw: float
    card: int
    legal: bool
    z: float | None = None  # the height its bottom would land at (None: on what is there)


@dataclass(frozen=True)
class Focus:
    ghost: Ghost | None = None
    targets: tuple[tuple[int, float, float], ...] = ()  # numbered target areas
    spots: tuple[tuple[int, float, float], ...] = ()  # numbered places for a rafter or chest
    rafter: tuple[int, float, float, float, float | None] | None = None  # variant, x, y, yaw, z
    chest: tuple[Any, float, float, float | None] | None = None  # colour, x, y, z
    take: tuple[int, ...] = ()  # rafters that may be taken
    wood: tuple[int, ...] = ()  # face-up sea cards offered, numbered 1.. in this order


def _xy(raw: Mapping[str, Any]) -> tuple[float, float] | None:
    x, y = _num(raw.get("x")), _num(raw.get("y"))
    return None if x is None or y is None else (x, y)


def _numbered(raw: Any) -> tuple[tuple[int, float, float], ...]:
    out = []
    for s in raw if isinstance(raw, (list, tuple)) else ():
        if isinstance(s, (list, tuple)) and len(s) >= 3:
            n, x, y = _int_or_none(s[0]), _num(s[1]), _num(s[2])
            if n is not None and x is not None and y is not None:
                out.append((n, x, y))
    return tuple(out)


def focus(raw: Any) -> Focus:
    """A menu's focus; whatever is malformed is left out."""
    if not isinstance(raw, Mapping):
        return Focus()
    ghost = None
    g = raw.get("ghost")
    if isinstance(g, Mapping) and _xy(g) is not None:
        x, y = _xy(g)  # type: ignore[misc]
        ghost = Ghost(x, y, _num(g.get("yaw")) or 0.0, _int(g.get("card"), -1),
                      g.get("legal") is not False, _num(g.get("z")))
    rafter = None
    r = raw.get("rafter")
    if isinstance(r, Mapping) and _xy(r) is not None:
        v = _int(r.get("variant"), -1)
        if 0 <= v < len(CONFIG.rafters):
            rafter = (v, *_xy(r), _num(r.get("yaw")) or 0.0, _num(r.get("z")))  # type: ignore[misc]
    chest = None
    c = raw.get("chest")
    if isinstance(c, Mapping) and _xy(c) is not None:
        chest = (c.get("color"), *_xy(c), _num(c.get("z")))  # type: ignore[misc]
    return Focus(ghost, _numbered(raw.get("targets")), _numbered(raw.get("spots")), rafter,
                 chest, tuple(id_list(raw.get("take"))), tuple(id_list(raw.get("wood"))))
