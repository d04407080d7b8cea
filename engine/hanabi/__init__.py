"""Hanabi (2–5 players), with the multicolour expansion and the advanced variant, as a
`GameSpec`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import GameSpec, Label, LiveClock, Standing
from . import rules
from .components import DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, variant_from_options
from .computer import LEVELS
from .hanablive import export_game
from .menu import menu
from .state import OVER, HanabiState, from_dict, to_dict
from .summary import summary
from .view import outcome, standings, view


def _to_act(state: HanabiState) -> frozenset[int]:
    return frozenset() if state.phase == OVER else frozenset({state.current})


def _legal(state: HanabiState, seat: int) -> list[str]:
    return [a.encode() for a in rules.legal_actions(state, seat)]


def _perfect_score(options: Mapping[str, Any]) -> int:
    return variant_from_options(options).max_score


def _standing_label(standing: Standing) -> Label:
    return Label("hanabi-standing", {"seat": standing.seat, "score": standing.score})


SPEC = GameSpec(
    name="hanabi",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=DEFAULT_OPTIONS,
    setup=rules.setup,
    to_act=_to_act,
    legal_actions=_legal,
    apply=rules.apply,
    menu=menu,
    view=view,
    outcome=outcome,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_key="hanabi-rules",
    standing_label=_standing_label,
    standings=standings,
    computer=LEVELS,
    perfect_score=_perfect_score,
    clock=LiveClock(180, 30),  # quick turns: a card to play or a clue to give
    rules=summary,
    export=export_game,  # hanab.live's JSON replay format
)

__all__ = ["SPEC", "HanabiState"]
