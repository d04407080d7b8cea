"""Where a lumber card, its rafter and its chest may go (the rulebook's placement rules).

A card rests on whatever is highest under it. Casting rays down through a fine grid of its
underside (5 mm apart, so no 9 mm chest slips between them) tells what it would rest on:

* the first card may go anywhere, as long as part of it rests on the raft card (so may
  the next, while the only lumber leans against the raft after a collapse);
* every later card must rest at least partly on lumber already on the raft;
* never on a chest or a rafter;
* with the advanced rules, never on a nail or a dark joint printed on the card beneath.

A rafter and a chest go anywhere on the card just placed, even partly hanging over its
edges (the rulebook allows it; the physics decides whether they stay): each must reach onto
the card, the chest may not overlap the rafter, and with the advanced rules neither may
cover the card's own print. `RAFTER_PLACES` and `CHEST_PLACES` are the places offered.
`candidates` lists legal card poses on a coarse grid (finer ones when the raft is too crowded
for it, `GRIDS`): the menus start from one, and `legal_actions` offers them (the real choice
is continuous: any whole mm and degree). No legal place on the finest grid ends the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .config import CONFIG, LumberPrint, RafterConfig
from .layout import (
    card_to_raft,
    chest_footprint,
    on_card,
    on_print,
    overlap,
    raft_to_card,
    rafter_footprint,
)
from .probe import RAFT, RaftProbe, footprint_points, probe_for
from .scene import CHEST, LUMBER, RAFTER, Scene

FINE_GRID = (23, 5)
SCREEN_GRID = (8, 3)  # a quick first look at each pose on the coarse grid
SUPPORT_TOLERANCE_MM = 1.0
"""Points of the underside within this of the highest surface are where the card rests."""

OFF_RAFT = "rafter-why-off-raft"
NO_LUMBER = "rafter-why-no-lumber"
ON_PIECE = "rafter-why-on-piece"
ON_PRINT = "rafter-why-on-print"

COARSE_X = tuple(range(-60, 61, 15))
COARSE_Y = tuple(range(-45, 46, 15))
COARSE_ANGLES = (0, 45, 90, 135, 180, 225, 270, 315)
FINE_X = tuple(range(-60, 61, 5))
FINE_Y = tuple(range(-45, 46, 5))
FINE_ANGLES = tuple(range(0, 360, 15))
Grid = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # x, y and angles
GRIDS: tuple[Grid, ...] = ((COARSE_X, COARSE_Y, COARSE_ANGLES),
                           (FINE_X, FINE_Y, COARSE_ANGLES),
                           (FINE_X, FINE_Y, FINE_ANGLES))
"""Where a card's place is looked for, coarse first; a finer grid only when the coarser one
has no legal place. On a crowded raft the gaps between builders and chests are narrower
than the coarse grid's 15 mm: ending the game there ("no room") would end it while a player
could still see a place."""


def lumber_problem(probe: RaftProbe, card: int, x: float, y: float, angle: float, *,
                   advanced: bool, config: RafterConfig = CONFIG,
                   grid: tuple[int, int] = FINE_GRID) -> str | None:
    """Why a card may not be put at (x, y, angle) (a translation key), or None if it may.
    A coarser `grid` answers faster but may miss a chest: only for screening."""
    scene = probe.scene
    hits = probe.surface_under(LUMBER, card, x, y, angle, grid=grid)
    points = footprint_points(LUMBER, card, x, y, angle, config, grid=grid)
    top = max(height for _, height in hits)
    supports = [(owner, point) for (owner, height), point in zip(hits, points)
                if height >= top - SUPPORT_TOLERANCE_MM]
    if any(owner[0] in (CHEST, RAFTER) for owner, _ in supports):
        return ON_PIECE
    on_lumber = [(owner, point) for owner, point in supports if owner[0] == LUMBER]
    if not any(p.pose.pos[2] >= -SUPPORT_TOLERANCE_MM for p in scene.of_kind(LUMBER)):
        # no card lies on the raft yet (a card leaning against it is no floor to build on)
        if not any(owner == RAFT for owner, _ in supports):
            return OFF_RAFT
    elif not on_lumber:
        return NO_LUMBER
    if advanced and _rests_on_print(probe, {owner for owner, _ in on_lumber}, top,
                                    (x, y, angle), config):
        return ON_PRINT
    return None


def _rests_on_print(probe: RaftProbe, cards_below: set[str], top: float,
                    pose: tuple[float, float, float], config: RafterConfig) -> bool:
    """Whether the card at `pose` would rest on a nail or a dark joint of a card below it.
    The print's own points are probed (not the card's sample grid, which a 3 mm nail could
    slip between): a point counts where it lies under the card and is the top of the pile."""
    half_u, half_v = config.lumber.size[0] / 2, config.lumber.size[1] / 2
    for owner in sorted(cards_below):
        below = probe.scene.get(owner)
        bx, by, _ = below.pose.pos
        for u, v in _print_points(config.prints[below.variant], config):
            px, py = card_to_raft(u, v, bx, by, below.pose.yaw_deg)
            cu, cv = raft_to_card(px, py, *pose)
            if abs(cu) > half_u or abs(cv) > half_v:
                continue
            hit, height = probe.ray_down(px, py)
            if hit == owner and height >= top - SUPPORT_TOLERANCE_MM:
                return True
    return False


def _print_points(card: LumberPrint, config: RafterConfig) -> Iterator[tuple[float, float]]:
    """Points covering a print: each nail's centre and rim, each dark joint on a 3 x 5 grid."""
    r = config.lumber.nail_radius * 0.9
    for u, v in card.nails:
        yield from ((u, v), (u + r, v), (u - r, v), (u, v + r), (u, v - r))
    for u0, v0, u1, v1 in card.dark:
        for i in range(3):
            for j in range(5):
                yield u0 + (u1 - u0) * i / 2, v0 + (v1 - v0) * j / 4


RafterPlace = tuple[int, int, int]  # (u, v, turn) on the card
ChestPlace = tuple[int, int]  # (u, v) on the card

RAFTER_PLACES: tuple[RafterPlace, ...] = (
    (-52, 0, 0), (-39, 0, 90), (-26, 0, 0), (-13, 12, 90), (0, 0, 90), (13, -12, 90),
    (26, 0, 0), (39, 0, 90), (52, 0, 0),
)
"""The rafter places the menu numbers (from one end of the card to the other) and
`legal_actions` draws from: along the card, across it (90), the ends hanging over them and
two across hanging over a side. Any other whole-mm place is as legal; these are the
sensible ones to offer, far enough apart for their numbers to be read in the picture."""
CHEST_PLACES: tuple[ChestPlace, ...] = (
    (-54, 0), (-40, 0), (-27, 0), (-20, 10), (-13, 0), (0, 0), (13, 0), (20, -10), (27, 0),
    (40, 0), (54, 0),
)
"""The chest places offered, likewise: the ends and the two off the centre line hang over
the card's edges."""


def rafter_place_ok(card: int, rafter: int, place: RafterPlace, *, advanced: bool,
                    config: RafterConfig = CONFIG) -> bool:
    """Whether the rafter may stand there: partly on the card and, with the advanced rules,
    off the card's own print."""
    u, v, turn = place
    if not 0 <= turn < 180:
        return False
    foot = rafter_footprint(rafter, u, v, turn, config)
    return on_card(foot, config) and not (advanced and on_print(foot, config.prints[card],
                                                                config))


def chest_place_ok(card: int, rafter: int, rafter_place: RafterPlace, place: ChestPlace, *,
                   advanced: bool, config: RafterConfig = CONFIG) -> bool:
    """Whether the chest may go there: partly on the card, clear of the rafter's footprint
    and, with the advanced rules, off the card's own print."""
    foot = chest_footprint(*place, config)
    if not on_card(foot, config) or overlap(foot, rafter_footprint(rafter, *rafter_place,
                                                                   config)):
        return False
    return not (advanced and on_print(foot, config.prints[card], config))


def place_pairs(card: int, rafter: int, *, advanced: bool,
                config: RafterConfig = CONFIG) -> Iterator[tuple[RafterPlace, ChestPlace]]:
    """Every legal (rafter place, chest place) among the offered places."""
    for place in RAFTER_PLACES:
        if not rafter_place_ok(card, rafter, place, advanced=advanced, config=config):
            continue
        for chest in CHEST_PLACES:
            if chest_place_ok(card, rafter, place, chest, advanced=advanced, config=config):
                yield place, chest


@lru_cache(maxsize=8)
def _poses_nearest_first(grid: Grid) -> tuple[tuple[int, int, int], ...]:
    xs, ys, angles = grid
    return tuple(sorted(((x, y, a) for x in xs for y in ys for a in angles),
                        key=lambda p: (p[0] ** 2 + p[1] ** 2, p)))


def _legal(probe: RaftProbe, card: int, pose: tuple[int, int, int], advanced: bool) -> bool:
    x, y, a = pose
    return (lumber_problem(probe, card, x, y, a, advanced=advanced, grid=SCREEN_GRID) is None
            and lumber_problem(probe, card, x, y, a, advanced=advanced) is None)


@lru_cache(maxsize=32)
def has_place(scene: Scene, card: int, advanced: bool, grids: tuple[Grid, ...] = GRIDS) -> bool:
    """Whether the card has any legal pose on the first grid of `grids` that has one
    (stops at the first found)."""
    probe = probe_for(scene)
    return any(_legal(probe, card, pose, advanced)
               for grid in grids for pose in _poses_nearest_first(grid))


@lru_cache(maxsize=32)
def candidates(scene: Scene, card: int, advanced: bool, grids: tuple[Grid, ...] = GRIDS,
               ) -> tuple[tuple[int, int, int], ...]:
    """Legal card poses (x, y, angle) on the first grid of `grids` that has any, nearest the
    raft's centre first."""
    probe = probe_for(scene)
    for grid in grids:
        found = tuple(pose for pose in _poses_nearest_first(grid)
                      if _legal(probe, card, pose, advanced))
        if found:
            return found
    return ()
