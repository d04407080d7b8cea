"""The builds a computer player weighs: every legal card pose on the engine's coarse grid and
more drawn around the lumber (`poses`), each with its rafter and chest places, sized up
without simulating (`footing`), then put to the physics trials the level can afford.

Every build offered here is legal by the engine's own rules: the poses pass the rules'
`lumber_problem` on the fine grid, the rafter and chest places come from `place_pairs`
(overhanging ones included: a chest out over an edge is what the hard level likes).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from ..actions import Build
from ..config import CONFIG
from ..layout import card_to_raft
from ..legality import ChestPlace, RafterPlace, place_pairs
from ..probe import RaftProbe
from ..rules import build_placements
from ..scene import CHEST, RAFTER
from ..state import RafterState
from .footing import Footing, crowded, footing, load_centre
from .poses import drawn_poses, grid_poses, nudged_poses
from .trials import Trial, build_trial, run_all

SAFE_MM = 4.0
"""A load centre this far inside its footing: in measured random positions, about one such
build in a hundred made anything fall (inside by less than that: one in six)."""
MARGIN_CAP_MM = 12.0  # deeper inside than this is no safer: other things decide
HEIGHT_COST = 0.15  # per mm above the raft card: the hand shakes more up there
OUT_COST = 0.05  # per mm from the raft's centre: likewise, and nearer the sea

Pair = tuple[RafterPlace, ChestPlace]  # (u, v, turn) of the rafter, (u, v) of the chest
Pose = tuple[int, int, int]  # x, y (mm), angle (degrees)
ROUGH_GRID = (12, 3)  # underside points of the rough look: about 10 by 12 mm apart
FINE_KEEP = 40  # poses looked at again closely
DRAWN_SHARE = 0.4  # of the pose draws spent around the lumber; the rest nudge the best found
NUDGE_FROM = 8  # the best poses nudged
CLOSE_GRID = (23, 9)  # the rules' fine grid, with rows across the card 3 mm apart
_BARE = np.zeros((1, 2))  # the bare card's centre of mass
CLEAR_TRIES = 6  # place pairs tried per pose before taking one that stands on something
CLEAR_MM = 0.5
CLEARANCE_MM = 3.0  # the hand's tremor, about three standard deviations at the raft's edge


@dataclass(frozen=True)
class BuildOption:
    """One build and what the static look says of it."""

    build: Build
    margin: float  # mm the load centre lies inside its footing and the raft card (or outside)
    height: float  # mm the card rests above the raft card
    overhang: bool  # the bare card would tip: its rafter and chest hold it down
    chest_margin: float  # mm the chest lies inside the footing (negative: out over the edge)

    @property
    def steady(self) -> float:
        """How good the build looks before any simulation: deep inside its footing, low and
        near the middle."""
        return steadiness(self.margin, self.height, self.build.x, self.build.y)


def steadiness(margin: float, height: float, x: float, y: float) -> float:
    return (min(margin, MARGIN_CAP_MM) - HEIGHT_COST * max(height, 0.0)
            - OUT_COST * math.hypot(x, y))


PairChooser = Callable[[np.ndarray, np.ndarray], int]
"""Picks a place pair for a pose, from each pair's load margin and chest margin."""


def steadiest_pair(load: np.ndarray, chest: np.ndarray) -> int:
    """The pair whose load lies deepest inside the footing (the first of equals)."""
    return int(np.argmax(load))


@lru_cache(maxsize=64)
def place_choices(card: int, rafter: int, advanced: bool) -> tuple[tuple[Pair, ...], np.ndarray,
                                                              np.ndarray]:
    """Every legal place pair, with its load centre and its chest's place on the card."""
    pairs = tuple(place_pairs(card, rafter, advanced=advanced))
    centres = np.array([load_centre(rafter, *pair)[0] for pair in pairs])
    chests = np.array([chest for _rafter, chest in pairs], dtype=float)
    return pairs, centres, chests


def raft_margins(centres: np.ndarray, pose: tuple[int, int, int]) -> np.ndarray:
    """How far inside the raft card's edges each load centre (card frame) of a card at
    `pose` lies: beyond the edge, only counterweights lower in the pile would hold it."""
    x, y, angle = pose
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    px = x + c * centres[:, 0] - s * centres[:, 1]
    py = y + s * centres[:, 0] + c * centres[:, 1]
    half_x, half_y = CONFIG.raft_size[0] / 2, CONFIG.raft_size[1] / 2
    return np.minimum(half_x - np.abs(px), half_y - np.abs(py))


def _footings(probe: RaftProbe, card: int, poses: Sequence[Pose],
              grid: tuple[int, int]) -> list[Footing]:
    """The footing of each pose, each measured once for a pose and its half turn."""
    seen: dict[Pose, Footing] = {}
    found = []
    for x, y, angle in poses:
        half = (x, y, angle % 180)
        if half not in seen:
            seen[half] = footing(probe, card, half, grid)
        found.append(seen[half] if angle < 180 else seen[half].turned())
    return found


def build_options(state: RafterState, probe: RaftProbe, rng: random.Random, draws: int,
                  choose_pair: PairChooser = steadiest_pair) -> list[BuildOption]:
    """The legal coarse poses and those of `draws` drawn around the lumber (`poses`), each
    with the place pair `choose_pair` picks, steadiest first: all sized up roughly, the
    `FINE_KEEP` best again closely."""
    assert state.card is not None and state.held is not None
    advanced = state.options.advanced
    choices = place_choices(state.card, state.held, advanced)
    drawn = drawn_poses(state, probe, rng, round(draws * DRAWN_SHARE))
    poses = list(dict.fromkeys((*grid_poses(state, probe), *drawn)))
    rough = [_rough_steadiness(f, choices[1])
             for f in _footings(probe, state.card, poses, ROUGH_GRID)]
    around = [poses[i] for i in sorted(range(len(poses)), key=lambda i: -rough[i])[:NUDGE_FROM]]
    nudged = [p for p in nudged_poses(state, probe, around, rng, draws - len(drawn))
              if p not in set(poses)]
    rough += [_rough_steadiness(f, choices[1])
              for f in _footings(probe, state.card, nudged, ROUGH_GRID)]
    poses += nudged
    best = sorted(range(len(poses)), key=lambda i: -rough[i])[:FINE_KEEP]
    close = _footings(probe, state.card, [poses[i] for i in best], CLOSE_GRID)
    options = [_option(probe, state, f, choices, choose_pair) for f in close]
    # a pose brushing past a standing rafter or chest is no safer than a shaky one
    options = [replace(o, margin=min(o.margin, 0.0))
               if crowded(probe, (o.build.x, o.build.y, o.build.angle), CLEARANCE_MM) else o
               for o in options]
    return sorted(options, key=lambda o: -o.steady)


def _rough_steadiness(foot: Footing, centres: np.ndarray) -> float:
    """`BuildOption.steady` of the pose's steadiest place pair, roughly."""
    load = np.minimum(foot.margins(centres), raft_margins(centres, foot.pose))
    x, y, _ = foot.pose
    return steadiness(float(load.max()), foot.height, x, y)


def _option(probe: RaftProbe, state: RafterState, foot: Footing,
            choices: tuple[tuple[Pair, ...], np.ndarray, np.ndarray],
            choose_pair: PairChooser) -> BuildOption:
    pairs, centres, chests = choices
    load = np.minimum(foot.margins(centres), raft_margins(centres, foot.pose))
    chest = foot.margins(chests)
    blocked: dict[tuple[int, ...], bool] = {}
    for _ in range(CLEAR_TRIES):
        i = choose_pair(load, chest)
        rafter_place, chest_place = pairs[i]
        rafter_clear = _clear(probe, state, foot, RAFTER, rafter_place, blocked)
        if rafter_clear and _clear(probe, state, foot, CHEST, (*chest_place, 0), blocked):
            break
        # something stands up there above the card: that place is out, try another pair
        gone = [k for k, (r, c) in enumerate(pairs)
                if (not rafter_clear and r == rafter_place)
                or (rafter_clear and c == chest_place)]
        load[gone] = -np.inf
    return BuildOption(Build(*foot.pose, *pairs[i][0], *pairs[i][1]), float(load[i]),
                       foot.height,
                       bool(foot.margins(_BARE)[0] < 0), float(chest[i]))


def _clear(probe: RaftProbe, state: RafterState, foot: Footing, kind: str,
           place: tuple[int, int, int], known: dict[tuple[int, ...], bool]) -> bool:
    """Whether a rafter (or chest) put at `place` (u, v, turn on the card) would stand on
    the new card, not on something already on the raft that stands up through the card's
    place."""
    key = (kind == RAFTER, *place)
    if key not in known:
        x, y, angle = foot.pose
        u, v, turn = place
        px, py = card_to_raft(u, v, x, y, angle)
        variant = state.held if kind == RAFTER else 0
        assert variant is not None
        under = probe.surface_under(kind, variant, px, py, angle + turn)
        card_top = foot.height + CONFIG.lumber.sim_thickness
        known[key] = max(height for _, height in under) <= card_top + CLEAR_MM
    return known[key]


@dataclass(frozen=True)
class Tried:
    """A build and what its trials did: `cost` adds up, over the trials, one for each fall
    and more for each chest of another player that went down (a penalty)."""

    option: BuildOption
    trials: tuple[Trial, ...]
    cost: float

    @property
    def falls(self) -> int:
        return sum(t.fell for t in self.trials)


PENALTY_COST = 4.0  # a chest of another player down costs this much more than a fall


def trial_cost(trial: Trial, own_colors: Sequence[int]) -> float:
    if not trial.fell:
        return 0.0
    others = sum(1 for i in trial.down if i[0] == CHEST and int(i[1:].split(".")[0])
                 not in own_colors)
    return 1.0 + PENALTY_COST * others


def try_builds(state: RafterState, options: Sequence[BuildOption], trials_each: int,
               rng: random.Random) -> list[Tried]:
    """Run `trials_each` seeded trials of every option (the seeds drawn from `rng`)."""
    jobs = [(o, rng.getrandbits(62)) for o in options for _ in range(trials_each)]
    results = run_all(lambda job: build_trial(state.scene, build_placements(state, job[0].build),
                                              job[1]), jobs)
    own = state.seats[state.current].colors
    tried = []
    for k, option in enumerate(options):
        mine = tuple(results[k * trials_each:(k + 1) * trials_each])
        tried.append(Tried(option, mine, sum(trial_cost(t, own) for t in mine)))
    return tried
