"""The games the host can run, by the name players type after /newgame."""

from __future__ import annotations

from .core import GameSpec, Malformed
from .hanabi import SPEC as HANABI
from .lanterns import SPEC as LANTERNS
from .lighthouse import SPEC as LIGHTHOUSE
from .rafter import SPEC as RAFTER

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (LANTERNS, LIGHTHOUSE, HANABI, RAFTER)}


def get_game(name: str) -> GameSpec:
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise Malformed(f"unknown game {name!r}") from None
