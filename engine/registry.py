"""The games the host can run, by the name players type after /newgame."""

from __future__ import annotations

from .core import GameSpec, Malformed
from .lanterns import SPEC as LANTERNS

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (LANTERNS,)}


def get_game(name: str) -> GameSpec:
    try:
        return GAMES[name.strip().lower()]
    except KeyError:
        raise Malformed(f"unknown game {name!r}") from None
