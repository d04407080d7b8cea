"""The games the host can run, by the name players type after /newgame: the one list of them.

Everything else about a game is found from here: what it declares on its `GameSpec` (its
clock, rules summary, export, computer players), its pictures (`render/<name>/`, found by
name) and its texts (`data/i18n/<lang>/<name>.ftl`). CONTRIBUTING.md says how to add one.
"""

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
