"""What everyone sees of a Rafter Five game, and how it ended.

The raft is public, so every seat sees the same view except `viewer`; what stays hidden is
the game seed (it decides the hand tremor) and the order of the face-down lumber cards in
the sea (the cards lying wood side up, `sea_wood`, are public).
Animation frames are stored with only the pieces that moved; the view spells each frame
out with the still pieces in it too, so a picture needs nothing else.
"""

from __future__ import annotations

from typing import Any

from ..core import Outcome, Standing
from .config import CONFIG
from .ranking import ranking
from .rules import tallies
from .scene import Scene, piece_to_dict, scene_to_dict
from .state import OVER, LastMove, RafterState


def view(state: RafterState, seat: int | None) -> dict[str, Any]:
    return {
        "game": "rafter",
        "players": state.players,
        "viewer": seat,
        "advanced": state.options.advanced,
        "colors": list(CONFIG.colors),
        "seats": [{"seat": s, "colors": list(st.colors), "supply": len(st.supply),
                   "penalties": [list(c) for c in st.penalties], "out": st.out,
                   "placed": st.start - len(st.supply)} for s, st in enumerate(state.seats)],
        "turn": None if state.phase == OVER else state.current,
        "phase": state.phase,
        "held": state.held,
        "card": state.card,
        "sea_rafters": list(state.sea_rafters),
        "sea_lumber": len(state.sea_lumber),
        "sea_wood": list(state.sea_wood),
        "last_rafter": state.last_rafter,
        "pieces": scene_to_dict(state.scene),
        "last": _last(state.last, state.scene),
    }


def _last(last: LastMove | None, scene: Scene) -> dict[str, Any] | None:
    if last is None:
        return None
    moving = {p.id for frame in last.frames for p in frame}
    still = [p for p in scene.pieces if p.id not in moving]
    return {"seat": last.seat, "placed": list(last.placed),
            "fallen": scene_to_dict(Scene(last.fallen)),
            "frames": [[piece_to_dict(p) for p in (*still, *frame)] for frame in last.frames]}


def outcome(state: RafterState) -> Outcome | None:
    if state.phase != OVER or state.ending is None:
        return None
    return Outcome(standings(state), state.ending)


def standings(state: RafterState) -> tuple[Standing, ...]:
    """The ranking by the chests so far, as a finished game ranks (solo: chests placed)."""
    return ranking(tallies(state), house=state.options.house)
