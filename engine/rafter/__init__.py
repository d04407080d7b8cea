"""Rafter Five (Oink Games): the raft-stacking dexterity game, played in a physics simulation,
as a `GameSpec`.

* `config`   - component facts and simulation parameters, from `data/rafter/components.json`;
* `scene`    - the physical raft as plain values (pieces, poses in mm) and its JSON codec;
* `mjcf`     - the MuJoCo model of a scene;
* `tremor`   - the seeded hand tremor and seed derivation;
* `probe`    - what is under a footprint (rays through the raft, no simulation);
* `physics`  - drop pieces, lift a rafter, settle, sort what fell below the raft top
  (`locality`: which pieces a step sets free; `rest`: is a stored raft at rest?);
* `risk`     - "how risky is this?" as safe / shaky / dangerous;
* `seating`, `falls`, `ranking` - colours per player count, sorting fallen pieces, the end
  conditions and the ranking (rulebook and house variant; readings documented there);
* `options`, `layout` (geometry on a card, where the rafters start), `legality` (where a card,
  its rafter and its chest may go), `actions` (the codec), `state`, `rules` (turns),
  `areas` (the numbered target areas), `menu` (the coarse-to-fine choice tree with the ghost card),
  `view` (what everyone sees), `summary` (the rules summary for its options).
"""

from __future__ import annotations

from ..core import GameSpec, Label, LiveClock, Standing
from . import rules
from .computer import LEVELS
from .menu import menu
from .options import DEFAULTS, MAX_PLAYERS, MIN_PLAYERS
from .state import RafterState, from_dict, to_dict
from .summary import summary
from .view import outcome, standings, view


def _standing_label(standing: Standing) -> Label:
    if not standing.tiebreaks:  # solo: the score is the chests placed before the first fall
        return Label("rafter-standing-solo", {"seat": standing.seat, "chests": standing.score})
    return Label("rafter-standing", {"rank": standing.rank, "seat": standing.seat,
                                     "penalties": standing.score})


SPEC = GameSpec(
    name="rafter",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_options=dict(DEFAULTS),
    setup=rules.setup,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    menu=menu,
    view=view,
    outcome=outcome,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_key="rafter-rules",
    standing_label=_standing_label,
    standings=standings,
    continuous=True,
    computer=LEVELS,
    clock=LiveClock(600, 90),  # nudging a card and a builder into place takes longer
    rules=summary,
)

__all__ = ["SPEC", "RafterState"]
