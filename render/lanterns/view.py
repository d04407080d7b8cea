"""Reading a Lanterns view (and a menu's focus) tolerantly: a malformed field draws as
empty, never crashes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render import kit

from .theme import Cell

_int = kit.as_int


def _cell(value: Any) -> Cell | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        try:
            return int(value[0]), int(value[1])
        except (TypeError, ValueError):
            return None
    return None


def _sides(value: Any) -> tuple[str, str, str, str]:
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return tuple(str(s) for s in value)  # type: ignore[return-value]
    return ("?", "?", "?", "?")


def rotated(sides: Sequence[str], rot: int) -> tuple[str, str, str, str]:
    """The sides N, E, S, W of a tile turned clockwise by `rot` quarter turns."""
    return tuple(sides[(d - rot) % 4] for d in range(4))  # type: ignore[return-value]


@dataclass(frozen=True)
class _Placed:
    cell: Cell
    sides: tuple[str, str, str, str]
    center: str  # "plain" | "platform" | "boat"


def _placed(view: Mapping[str, Any]) -> list[_Placed]:
    out: list[_Placed] = []
    board = view.get("board")
    for t in board if isinstance(board, (list, tuple)) else ():
        if not isinstance(t, Mapping):
            continue
        cell = _cell((t.get("x"), t.get("y")))
        if cell is None:
            continue
        center = "boat" if t.get("start") else "platform" if t.get("platform") else "plain"
        out.append(_Placed(cell, _sides(t.get("sides")), center))
    return out


def _cells(value: Any) -> list[Cell]:
    if not isinstance(value, (list, tuple)):
        return []
    return [c for c in (_cell(v) for v in value) if c is not None]


def _seats(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    seats = view.get("seats")
    return [s for s in seats if isinstance(s, Mapping)] if isinstance(seats, (list, tuple)) else []


@dataclass(frozen=True)
class _Seat:
    seat: int
    side: int
    cards: Mapping[str, int]
    favors: int
    honor: int
    hand_size: int
    rank: int | None  # once the game is over: 1 for the winners


def _seat_infos(view: Mapping[str, Any]) -> list[_Seat]:
    outcome = view.get("outcome")
    ranks = {_int(o.get("seat"), -1): _int(o.get("rank"), 0)
             for o in (outcome if isinstance(outcome, list) else ()) if isinstance(o, Mapping)}
    out = []
    for i, s in enumerate(_seats(view)):
        cards = s.get("cards") if isinstance(s.get("cards"), Mapping) else {}
        seat = _int(s.get("seat"), i)
        out.append(_Seat(seat, _int(s.get("side"), i) % 4,
                         {c: _int(cards.get(c)) for c in kit.COLORS}, _int(s.get("favors")),
                         _int(s.get("honor")), _int(s.get("hand_size")), ranks.get(seat)))
    return out


def _hand(view: Mapping[str, Any]) -> list[tuple[int, tuple[str, str, str, str], str]]:
    out = []
    hand = view.get("hand")
    for h in hand if isinstance(hand, (list, tuple)) else ():
        if isinstance(h, Mapping):
            out.append((_int(h.get("tile"), -1), _sides(h.get("sides")),
                        "platform" if h.get("platform") else "plain"))
    return out


@dataclass(frozen=True)
class _Focus:
    tile: int | None
    rot: int | None
    spots: tuple[Cell, ...]
    spot: Cell | None


def _focus(focus: Mapping[str, Any] | None) -> _Focus:
    if not isinstance(focus, Mapping):
        return _Focus(None, None, (), None)
    tile, rot = focus.get("tile"), focus.get("rot")
    return _Focus(tile if isinstance(tile, int) else None,
                  rot % 4 if isinstance(rot, int) else None,
                  tuple(_cells(focus.get("spots"))), _cell(focus.get("spot")))
