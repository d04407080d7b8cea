"""Lighthouse (our name; the rulebook's title was lost), a two-player line duel on a
tug-of-war score track, as a `GameSpec`.

Modules: `options` (component counts), `board` (zones, cells, lines), `scoring` (a line's
points, the marker), `dealing` (a round's set-up), `ending` (round and match results),
`state` (the frozen state and its checks), `actions` (the codec), `rules` (turns), `menu`
(the choice tree), `view` (what each seat sees), `texts` (labels), `summary` (the rules
summary for its options), `computer` (computer players).
"""

from __future__ import annotations

from ..core import GameSpec, Label, LiveClock, Standing
from . import rules
from .computer import LEVELS
from .menu import menu
from .options import DEFAULTS, PLAYERS
from .state import OVER, LighthouseState, from_dict, to_dict
from .summary import summary
from .view import outcome, standings, view


def _to_act(state: LighthouseState) -> frozenset[int]:
    return frozenset() if state.phase == OVER else frozenset({state.current})


def _standing_label(standing: Standing) -> Label:
    return Label("lighthouse-standing", {"rank": standing.rank, "seat": standing.seat,
                                         "wins": standing.score})


SPEC = GameSpec(
    name="lighthouse",
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_options=dict(DEFAULTS),
    setup=rules.setup,
    to_act=_to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    menu=menu,
    view=view,
    outcome=outcome,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_key="lighthouse-rules",
    standing_label=_standing_label,
    standings=standings,
    computer=LEVELS,
    clock=LiveClock(180, 30),  # quick turns: a card and a cell
    rules=summary,
)

__all__ = ["SPEC", "LighthouseState"]
