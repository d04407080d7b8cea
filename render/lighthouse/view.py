"""Reading a Lighthouse view (and a menu's focus) tolerantly: a malformed field draws as
empty, never crashes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from render import kit


def _int(value: Any, default: int = 0) -> int:
    """`kit.as_int`, except that a bool is no number here."""
    return default if isinstance(value, bool) else kit.as_int(value, default)


def _seat_or_none(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    return None


def _size(view: Mapping[str, Any]) -> int:
    size = _int(view.get("size"), 5)
    return size if 1 <= size <= 9 else 5


@dataclass(frozen=True)
class _Token:
    seat: int
    value: int


def _zones(view: Mapping[str, Any]) -> list[list[_Token | None]]:
    cells = _size(view) ** 2
    raw = view.get("zones")
    zones: list[list[_Token | None]] = []
    for z in range(2):
        zone = raw[z] if isinstance(raw, (list, tuple)) and len(raw) > z else []
        row: list[_Token | None] = []
        for i in range(cells):
            t = zone[i] if isinstance(zone, (list, tuple)) and len(zone) > i else None
            if isinstance(t, (list, tuple)) and len(t) == 2 and _seat_or_none(t[0]) is not None:
                row.append(_Token(t[0], _int(t[1])))
            else:
                row.append(None)
        zones.append(row)
    return zones


@dataclass(frozen=True)
class _Line:
    zone: int
    kind: str
    index: int
    seat: int
    points: int


def _lines(raw: Any) -> list[_Line]:
    out = []
    for line in raw if isinstance(raw, (list, tuple)) else ():
        if isinstance(line, Mapping) and _seat_or_none(line.get("zone")) is not None \
                and _seat_or_none(line.get("seat")) is not None:
            out.append(_Line(line["zone"], "col" if line.get("kind") == "col" else "row",
                             _int(line.get("index")), line["seat"], _int(line.get("points"))))
    return out


def _hand(view: Mapping[str, Any]) -> list[int]:
    hand = view.get("hand")
    return [_int(v) for v in hand] if isinstance(hand, (list, tuple)) else []


def _seat_info(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    seats = view.get("seats")
    if isinstance(seats, (list, tuple)) and len(seats) > seat and isinstance(seats[seat], Mapping):
        return seats[seat]
    return {}


def _ranks(view: Mapping[str, Any]) -> dict[int, int]:
    outcome = view.get("outcome")
    return {o["seat"]: _int(o.get("rank")) for o in (outcome if isinstance(outcome, list) else ())
            if isinstance(o, Mapping) and _seat_or_none(o.get("seat")) is not None}


def _last(view: Mapping[str, Any]) -> tuple[int, int] | None:
    last = view.get("last")
    if isinstance(last, Mapping) and _seat_or_none(last.get("zone")) is not None:
        return last["zone"], _int(last.get("cell"), -1)
    return None


@dataclass(frozen=True)
class _Focus:
    value: int | None = None
    zone: int | None = None
    cells: tuple[int, ...] = ()
    cell: int | None = None
    lines: tuple[_Line, ...] | None = None
    marker: int | None = None


def _focus(focus: Mapping[str, Any] | None) -> _Focus:
    if not isinstance(focus, Mapping):
        return _Focus()
    value = focus.get("value")
    cells = focus.get("cells")
    cell = focus.get("cell")
    marker = focus.get("marker")
    return _Focus(
        value if isinstance(value, int) and not isinstance(value, bool) else None,
        _seat_or_none(focus.get("zone")),
        tuple(_int(c, -1) for c in cells) if isinstance(cells, (list, tuple)) else (),
        cell if isinstance(cell, int) and not isinstance(cell, bool) else None,
        tuple(_lines(focus["lines"])) if "lines" in focus else None,
        marker if isinstance(marker, int) and not isinstance(marker, bool) else None,
    )
