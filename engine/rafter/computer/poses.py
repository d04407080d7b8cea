"""Card poses beyond the engine's coarse grid.

On a crowded raft few poses of the coarse grid (15 mm, 45°) are legal: chests and rafters
stand on most cards, and a card may rest on neither. A person slides the card into the gaps;
here poses are drawn around the cards already on the raft (a point of a card, a heading near
its own or across it, an offset along the new card), and nudged from the best poses found,
and kept when the rules' own check (`lumber_problem`, quick grid first, then the fine one)
finds nothing wrong.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..actions import REACH_MM
from ..layout import card_to_raft
from ..legality import COARSE_ANGLES, SCREEN_GRID, candidates, lumber_problem
from ..probe import RaftProbe
from ..scene import LUMBER
from ..state import RafterState

Pose = tuple[int, int, int]

MIDDLE_MM = (-15, 0, 15)
NUDGE_MM, NUDGE_DEG = 12, 15
TURNS = (0, 0, 10, -10, 20, -20, 45, -45, 90)  # degrees from the card below: mostly along it
ALONG_MM = 50.0  # how far along the card below the new one may be centred over it
SHIFT_MM = 45.0  # how far along its own length the new card may be slid from that point
ACROSS_MM = 8.0


def grid_poses(state: RafterState, probe: RaftProbe) -> list[Pose]:
    """The engine's legal coarse poses; before the first card (when nearly all of them are
    legal and checking them all takes a second) only those around the middle."""
    assert state.card is not None
    advanced = state.options.advanced
    if state.scene.of_kind(LUMBER):
        return list(candidates(state.scene, state.card, advanced))
    return [(x, y, a) for x in MIDDLE_MM for y in MIDDLE_MM for a in COARSE_ANGLES
            if lumber_problem(probe, state.card, x, y, a, advanced=advanced) is None]


def nudged_poses(state: RafterState, probe: RaftProbe, around: Sequence[Pose],
                 rng: random.Random, draws: int) -> list[Pose]:
    """Legal poses among `draws` nudged from the poses `around` (by up to `NUDGE_MM` and
    `NUDGE_DEG`): a few millimetres often take a card from tipping off the end of the card
    below to resting across it."""
    assert state.card is not None
    advanced = state.options.advanced
    tried = set(around)
    legal = []
    for _ in range(draws if around else 0):
        x, y, angle = rng.choice(around)
        pose = (x + rng.randint(-NUDGE_MM, NUDGE_MM), y + rng.randint(-NUDGE_MM, NUDGE_MM),
                (angle + rng.randint(-NUDGE_DEG, NUDGE_DEG)) % 360)
        if _new_and_legal(pose, tried, probe, state.card, advanced):
            legal.append(pose)
    return legal


def drawn_poses(state: RafterState, probe: RaftProbe, rng: random.Random,
                draws: int) -> list[Pose]:
    """Legal poses among `draws` drawn around the lumber on the raft (none before the first
    card: then the coarse grid has plenty)."""
    assert state.card is not None
    cards = state.scene.of_kind(LUMBER)
    if not cards:
        return []
    advanced = state.options.advanced
    tried: set[Pose] = set()
    legal = []
    for _ in range(draws):
        below = rng.choice(cards)
        bx, by, _ = below.pose.pos
        heading = below.pose.yaw_deg
        px, py = card_to_raft(rng.uniform(-ALONG_MM, ALONG_MM), rng.uniform(-ACROSS_MM, ACROSS_MM),
                              bx, by, heading)
        angle = heading + rng.choice(TURNS)
        shift = rng.uniform(-SHIFT_MM, SHIFT_MM)
        pose = (round(px + shift * math.cos(math.radians(angle))),
                round(py + shift * math.sin(math.radians(angle))), round(angle) % 360)
        if _new_and_legal(pose, tried, probe, state.card, advanced):
            legal.append(pose)
    return legal


def _new_and_legal(pose: Pose, tried: set[Pose], probe: RaftProbe, card: int,
                   advanced: bool) -> bool:
    """A pose not tried before, within reach, and legal: screened on a coarse grid first,
    then confirmed on the rules' own."""
    if pose in tried or max(abs(pose[0]), abs(pose[1])) > REACH_MM:
        return False
    tried.add(pose)
    return (lumber_problem(probe, card, *pose, advanced=advanced, grid=SCREEN_GRID) is None
            and lumber_problem(probe, card, *pose, advanced=advanced) is None)
