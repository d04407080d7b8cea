"""Lanterns: The Harvest Festival (2–4 players), as a `GameSpec`."""

from __future__ import annotations

from ..core import GameSpec, Label, LiveClock, Standing
from . import rules
from .computer import LEVELS
from .menu import menu
from .state import LanternsState, from_dict, to_dict
from .view import outcome, standings, view


def _to_act(state: LanternsState) -> frozenset[int]:
    return frozenset() if state.phase == "over" else frozenset({state.current})


def _legal(state: LanternsState, seat: int) -> list[str]:
    return [a.encode() for a in rules.legal_actions(state, seat)]


def _standing_label(standing: Standing) -> Label:
    favors, cards = standing.tiebreaks
    return Label("lanterns-standing", {"rank": standing.rank, "seat": standing.seat,
                                       "honor": standing.score, "favors": favors, "cards": cards})


SPEC = GameSpec(
    name="lanterns",
    min_players=2,
    max_players=4,
    default_options={},
    setup=rules.setup,
    to_act=_to_act,
    legal_actions=_legal,
    apply=rules.apply,
    menu=menu,
    view=view,
    outcome=outcome,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_key="lanterns-rules",
    standing_label=_standing_label,
    standings=standings,
    computer=LEVELS,
    clock=LiveClock(300, 60),  # a turn is several choices (a tile, its turn, a trade)
)

__all__ = ["SPEC", "LanternsState"]
