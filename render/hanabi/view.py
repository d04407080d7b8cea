"""Reading a Hanabi view (and a menu's focus) tolerantly: a malformed field draws as
empty, never crashes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from render import kit

from .theme import RAINBOW

_int = kit.as_int  # a bool counts as 0 or 1
_name = kit.player_name


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


@dataclass(frozen=True)
class CardInfo:
    """One card of a hand as the picture needs it."""

    slot: int
    face: tuple[str, int] | None  # the card itself, where the viewer may see it
    colors: tuple[str, ...]  # the colours it can be, as far as this picture tells
    ranks: tuple[int, ...]
    touched: bool  # a clue has pointed at it


@dataclass(frozen=True)
class HandInfo:
    seat: int
    cards: tuple[CardInfo, ...]


def _card_info(raw: Mapping[str, Any], slot: int, own: bool) -> CardInfo:
    told = _map(raw.get("told"))
    face_raw = _map(raw.get("card"))
    face = (str(face_raw.get("color")), _int(face_raw.get("rank"))) if face_raw else None
    # the owner's own deductions where the view has them, else what was told
    colors = raw.get("maybe_colors") if own and "maybe_colors" in raw else told.get("colors")
    ranks = raw.get("maybe_ranks") if own and "maybe_ranks" in raw else told.get("ranks")
    return CardInfo(slot, face, tuple(str(c) for c in _list(colors)),
                    tuple(_int(r) for r in _list(ranks)), bool(told.get("touched")))


def hands(view: Mapping[str, Any]) -> list[HandInfo]:
    viewer = view.get("viewer")
    out = []
    for i, raw in enumerate(_list(view.get("hands"))):
        raw = _map(raw)
        seat = _int(raw.get("seat"), i)
        cards = tuple(_card_info(_map(c), _int(_map(c).get("slot"), j + 1), seat == viewer)
                      for j, c in enumerate(_list(raw.get("cards"))))
        out.append(HandInfo(seat, cards))
    return out


def _colors(view: Mapping[str, Any]) -> list[str]:
    return [str(c) for c in _list(view.get("colors"))] or list(RAINBOW)


def _last_clue(view: Mapping[str, Any]) -> tuple[int, tuple[int, ...]] | None:
    """The target and touched slots of the last move, if it was a clue."""
    recent = _list(view.get("recent"))
    last = _map(recent[-1]) if recent else {}
    if last.get("kind") in ("color", "rank"):
        return _int(last.get("target"), -1), tuple(_int(s) for s in _list(last.get("touched")))
    return None


@dataclass(frozen=True)
class Focus:
    """What the menu step points at."""

    mode: str | None  # "play" or "discard" while choosing own cards
    slot: int | None
    target: int | None  # the seat a clue is for
    slots: tuple[int, ...]  # the slots the clue would touch
    clue: tuple[str, Any] | None  # ("color", name) or ("rank", n)


def parse_focus(focus: Mapping[str, Any] | None) -> Focus:
    f = _map(focus)
    clue = _map(f.get("clue"))
    value: tuple[str, Any] | None = None
    if "color" in clue:
        value = ("color", str(clue["color"]))
    elif "rank" in clue:
        value = ("rank", _int(clue["rank"]))
    mode = f.get("mode") if f.get("mode") in ("play", "discard") else None
    slot = f.get("slot")
    target = f.get("target")
    return Focus(mode, slot if isinstance(slot, int) else None,
                 target if isinstance(target, int) else None,
                 tuple(_int(s) for s in _list(f.get("slots"))), value)
