"""A game state rebuilt from a seat's view, so that a computer player can ask the engine's own
rules what may be taken, whether a build is legal and what a build puts down.

Everything on the table is public (the raft, the rafters in the sea, each seat's chests in
supply and on penalty boards, the card in hand); two things are hidden, and both are filled
in from the player's own random generator: the game seed (it drives the real hand tremor)
and the order of the face-down lumber cards in the sea (the cards lying wood side up are
public: `sea_wood`). A supply's order is not in the view
either: it is taken as dealt, which changes no rule and no physics (all chests are alike).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..config import CONFIG
from ..options import Options
from ..scene import CHEST, LUMBER, Scene, scene_from_dict
from ..state import Chest, RafterState, SeatState


def scene_of(view: Mapping[str, Any]) -> Scene:
    """The raft as the view shows it (the stored, settled poses)."""
    return scene_from_dict(view["pieces"])


def _dealt(colors: tuple[int, ...], count: int) -> list[Chest]:
    """A seat's chests in the order the set-up deals them (colours alternate)."""
    return [(c, i) for i in range(CONFIG.chest.per_color) for c in colors][:count]


def _seat(row: Mapping[str, Any], on_raft: set[Chest], on_boards: set[Chest]) -> SeatState:
    colors = tuple(int(c) for c in row["colors"])
    start = int(row["placed"]) + int(row["supply"])
    supply = tuple(c for c in _dealt(colors, start) if c not in on_raft and c not in on_boards)
    penalties = tuple((int(c), int(i)) for c, i in row["penalties"])
    return SeatState(colors, supply, penalties, start=start)


def sampled_state(view: Mapping[str, Any], rng: random.Random) -> RafterState:
    """A state consistent with the view: the hidden seed and sea order drawn from `rng`."""
    scene = scene_of(view)
    on_raft = {(p.variant, p.index) for p in scene.of_kind(CHEST)}
    on_boards = {(int(c), int(i)) for row in view["seats"] for c, i in row["penalties"]}
    seats = tuple(_seat(row, on_raft, on_boards) for row in view["seats"])
    card = view["card"]
    wood = tuple(int(c) for c in view.get("sea_wood", ()))
    used = {p.variant for p in scene.of_kind(LUMBER)} | ({card} if card is not None else set())
    used |= set(wood)
    sea = [c for c in range(CONFIG.lumber.count) if c not in used]
    rng.shuffle(sea)
    turn = view["turn"]
    return RafterState(
        seed=rng.getrandbits(62), options=Options(advanced=bool(view["advanced"])), scene=scene,
        seats=seats, sea_rafters=tuple(int(r) for r in view["sea_rafters"]),
        sea_lumber=tuple(sea), sea_wood=wood, current=0 if turn is None else int(turn), phase=view["phase"],
        held=view["held"], card=card, last_rafter=view["last_rafter"])
