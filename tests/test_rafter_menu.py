"""The Rafter Five choice tree: pose keys, taking, nudging the ghost card, spots, leaves."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from engine.core import MAX_KEY_LENGTH, Malformed, Option
from engine.rafter import SPEC
from engine.rafter.actions import REACH_MM, Build, decode
from engine.rafter.layout import SPOTS, START
from engine.rafter.menu import (
    COARSE_DEG,
    COARSE_MM,
    FINE_DEG,
    FINE_MM,
    GO,
    OK,
    RISK,
    default_pose,
    pose_from_key,
    pose_key,
)
from engine.rafter.rules import takeable
from engine.rafter.scene import LUMBER, RAFTER, Piece, Pose, Scene, yaw_quat
from engine.rafter.state import PLACE, RafterState, starting_scene, state_problems

SEED = 77
STOUT, ELL = 1, 4


def callback(path: tuple[str, ...]) -> str:
    """The longest Telegram callback a menu path goes into (64 bytes at most)."""
    return f"g:{10**9}:{10**5}:" + ".".join(path)


def placing(scene: Scene, held: int, card: int, **changes) -> RafterState:
    """Seat 0 of 2 holds `held` and lumber card `card`; other rafters not on the raft are in
    the sea."""
    base = SPEC.setup(2, SEED, {"chests": 2})
    lumber = {p.variant for p in scene.of_kind(LUMBER)} | {card}
    rafters = {p.variant for p in scene.of_kind(RAFTER)} | {held}
    state = replace(base, scene=scene, phase=PLACE, held=held, card=card, last_rafter=held,
                    sea_lumber=tuple(c for c in base.sea_lumber if c not in lumber),
                    sea_rafters=tuple(r for r in range(5) if r not in rafters), **changes)
    assert state_problems(state) == []
    return state


@pytest.fixture(scope="module")
def first_card() -> RafterState:
    """The first lumber card, with the stout rafter (14 mm wide) in hand."""
    return placing(starting_scene().without([f"{RAFTER}{STOUT}"]), STOUT, 9)


@pytest.fixture(scope="module")
def later_card() -> RafterState:
    """A card already on the raft: far fewer poses are legal."""
    scene = starting_scene().without([f"{RAFTER}{ELL}"]).with_pieces(
        [Piece(LUMBER, 3, Pose((0.0, 0.0, 0.0), yaw_quat(90)))])  # across the raft
    return placing(scene, ELL, 20)


# --- pose keys ---------------------------------------------------------------------------


def test_pose_keys_round_trip_over_the_whole_reach() -> None:
    rng = random.Random(1)
    edges = (-REACH_MM, -REACH_MM + 1, -1, 0, 1, REACH_MM - 1, REACH_MM)
    poses = {(x, y, a) for x in edges for y in edges for a in (0, 1, 179, 359)}
    poses |= {(x, 0, 0) for x in range(-REACH_MM, REACH_MM + 1)}
    poses |= {(0, y, 0) for y in range(-REACH_MM, REACH_MM + 1)}
    poses |= {(0, 0, a) for a in range(360)}
    poses |= {(rng.randint(-REACH_MM, REACH_MM), rng.randint(-REACH_MM, REACH_MM),
               rng.randrange(360)) for _ in range(5000)}
    keys = set()
    for pose in poses:
        key = pose_key(pose)
        assert len(key) <= MAX_KEY_LENGTH and key.startswith("L") and key.isalnum()
        assert pose_from_key(key) == pose
        keys.add(key)
    assert len(keys) == len(poses)


@pytest.mark.parametrize("key", [
    "", "L", "L00000", "L00000000", "X445x7n", "L445x7N", "L44 5x7", "l445x7n", "L445x7-",
    "Lzz0000",  # x out of reach
    "L00zz00",  # y out of reach
    "L5k5ka0",  # angle 360
    "ok", "a5",
])
def test_pose_keys_refuse_garbage(key: str) -> None:
    with pytest.raises(Malformed):
        pose_from_key(key)


# --- taking ------------------------------------------------------------------------------


def test_the_take_menu_offers_exactly_the_takeable_rafters() -> None:
    state = SPEC.setup(2, SEED, {"chests": 2})
    root = SPEC.menu(state, 0, ())
    assert [o.key for o in root.options] == [f"t{r}" for r in takeable(state)]
    used = replace(state, last_rafter=2)
    assert [o.key for o in SPEC.menu(used, 0, ()).options] == ["t0", "t1", "t3", "t4"]
    with pytest.raises(Malformed):
        SPEC.menu(used, 0, ("t2",))


def test_a_rafter_in_the_sea_is_taken_at_once() -> None:
    base = SPEC.setup(2, SEED, {"chests": 2})
    state = replace(base, scene=base.scene.without(["R3"]), sea_rafters=(3,))
    assert [o.key for o in SPEC.menu(state, 0, ()).options] == ["t3"]
    leaf = SPEC.menu(state, 0, ("t3",))
    assert leaf.instant and leaf.action == "t3" and not leaf.options
    for bad in (("t0",), ("t3", GO), ("t3", RISK)):
        with pytest.raises(Malformed):
            SPEC.menu(state, 0, bad)


def test_a_raft_rafter_offers_go_and_a_risk_preview() -> None:
    state = SPEC.setup(2, SEED, {"chests": 2})
    step = SPEC.menu(state, 0, ("t1",))
    assert step.action is None and [o.key for o in step.options] == [GO, RISK]
    go = SPEC.menu(state, 0, ("t1", GO))
    assert go.instant and go.action == "t1" and not go.options
    risk = SPEC.menu(state, 0, ("t1", RISK))  # six trial lifts: once
    assert risk.action == "t1" and not risk.instant and not risk.options
    assert [p.key for p in risk.preview] == ["rafter-risk-safe"]  # nothing rests on it
    for bad in (("t1", "x"), ("t1", GO, GO), ("t9",), ("1",), ("t",)):
        with pytest.raises(Malformed):
            SPEC.menu(state, 0, bad)


def test_only_the_current_seat_has_choices() -> None:
    state = SPEC.setup(2, SEED, {"chests": 2})
    wait = SPEC.menu(state, 1, ())
    assert not wait.options and wait.action is None
    assert wait.title.key == "rafter-menu-wait" and wait.title.args == {"current_seat": 0}
    with pytest.raises(Malformed):
        SPEC.menu(state, 1, ("t0",))


# --- placing: the ghost card -------------------------------------------------------------


NUDGE_MOVES = {(-COARSE_MM, 0, 0), (COARSE_MM, 0, 0), (0, COARSE_MM, 0), (0, -COARSE_MM, 0),
               (-FINE_MM, 0, 0), (FINE_MM, 0, 0), (0, FINE_MM, 0), (0, -FINE_MM, 0),
               (0, 0, COARSE_DEG), (0, 0, -COARSE_DEG), (0, 0, FINE_DEG), (0, 0, -FINE_DEG)}


def moves_of(pose: tuple[int, int, int], options: tuple[Option, ...]) -> set:
    x, y, a = pose
    moves = set()
    for option in options:
        if option.key == OK:
            continue
        assert option.replace
        nx, ny, na = pose_from_key(option.key)
        turn = (na - a + 180) % 360 - 180
        moves.add((nx - x, ny - y, turn))
    return moves


def test_the_ghost_starts_on_a_legal_pose(first_card: RafterState) -> None:
    root = SPEC.menu(first_card, 0, ())
    pose = default_pose(first_card)
    assert OK in [o.key for o in root.options]
    assert [p.key for p in root.preview] == ["rafter-pose", "rafter-why-fine"]
    assert root.preview[0].args == dict(zip(("x", "y", "angle"), pose))
    ghost = root.focus["ghost"]
    assert ghost == {"x": pose[0], "y": pose[1], "yaw": pose[2], "card": 9, "legal": True}
    assert moves_of(pose, root.options) == NUDGE_MOVES
    assert SPEC.menu(first_card, 0, (pose_key(pose),)).options == root.options


def test_nudges_replace_the_pose_key(later_card: RafterState) -> None:
    """Pressing a nudge again and again moves the ghost but never lengthens the path."""
    path: tuple[str, ...] = ()
    pose = default_pose(later_card)
    for arrow_index in (1, 1, 1, 8, 8, 5, 0):
        menu = SPEC.menu(later_card, 0, path)
        nudges = [o for o in menu.options if o.key != OK]
        assert moves_of(pose, tuple(nudges)) == NUDGE_MOVES
        path = nudges[arrow_index].path_from(path)
        assert len(path) == 1
        pose = pose_from_key(path[0])
    menu = SPEC.menu(later_card, 0, path)
    if OK in [o.key for o in menu.options]:
        assert len(Option(OK, menu.title).path_from(path)) == 2


def test_an_illegal_pose_has_no_ok_and_says_why(later_card: RafterState) -> None:
    beside = pose_key((-28, 0, 90))  # on the raft, between the rafters and card 3
    menu = SPEC.menu(later_card, 0, (beside,))
    assert OK not in [o.key for o in menu.options]
    assert menu.preview[-1].key == "rafter-why-no-lumber"
    assert menu.focus["ghost"]["legal"] is False
    assert all(o.replace for o in menu.options)  # it can still be nudged
    with pytest.raises(Malformed):
        SPEC.menu(later_card, 0, (beside, OK))
    on_rafter = START[0]
    menu = SPEC.menu(later_card, 0, (pose_key((round(on_rafter[0]), round(on_rafter[1]), 0)),))
    assert OK not in [o.key for o in menu.options]
    assert menu.preview[-1].key == "rafter-why-on-piece"


def test_the_rafter_level_offers_spots_with_room_for_a_chest(first_card) -> None:
    menu = SPEC.menu(first_card, 0, (OK,))
    keys = [o.key for o in menu.options]
    assert set(keys) <= {f"{t}{n}" for t in "ax" for n in range(1, SPOTS + 1)}
    assert {"a1", "a5", "a9", "x5"} <= set(keys)
    for key in keys:
        chests = [o.key for o in SPEC.menu(first_card, 0, (OK, key)).options]
        assert chests, f"{key} offered without a chest spot"
        spot = int(key[1])
        # the stout rafter is 14 mm wide; spots are 11 mm apart
        assert not {f"c{spot}", f"c{spot - 1}", f"c{spot + 1}"} & set(chests)


def test_advanced_rafter_spots_keep_off_the_cards_print() -> None:
    """Card 0's dark joint runs across it at u = -18..-12 mm: spot 4 (u = -11) touches it."""
    state = placing(starting_scene().without(["R0"]), 0, 0,
                    options=replace(SPEC.setup(2, SEED, {}).options, advanced=True))
    keys = {o.key for o in SPEC.menu(state, 0, (OK,)).options}
    assert "a4" not in keys and "a8" in keys
    assert "c4" not in {o.key for o in SPEC.menu(state, 0, (OK, "a8")).options}


def test_the_leaf_is_the_build(first_card: RafterState) -> None:
    pose = default_pose(first_card)
    ready = SPEC.menu(first_card, 0, (OK, "a2", "c8"))
    assert [o.key for o in ready.options] == [GO, RISK] and ready.action is None
    leaf = SPEC.menu(first_card, 0, (OK, "a2", "c8", GO))
    assert leaf.instant and not leaf.options
    assert leaf.action == Build(*pose, 2, False, 8).encode()
    assert leaf.focus["ghost"]["legal"] is True
    assert {"rafter", "chest"} <= set(leaf.focus)
    across = SPEC.menu(first_card, 0, (pose_key(pose), OK, "x5", "c1", GO))
    assert across.action == Build(*pose, 5, True, 1).encode()


def test_the_risk_leaf_previews_the_same_build(later_card: RafterState) -> None:
    path = (OK, "a3", "c8")
    risk = SPEC.menu(later_card, 0, path + (RISK,))  # six trial builds: once
    assert risk.action == SPEC.menu(later_card, 0, path + (GO,)).action
    assert not risk.instant and not risk.options
    assert len(risk.preview) == 1 and risk.preview[0].key.startswith("rafter-risk-")


def test_every_offered_build_is_reachable_through_the_menu(later_card: RafterState) -> None:
    actions = SPEC.legal_actions(later_card, 0)
    assert actions
    for text in actions:
        build = decode(text)
        turn = "x" if build.across else "a"
        path = (pose_key((build.x, build.y, build.angle)), OK,
                f"{turn}{build.rafter_spot}", f"c{build.chest_spot}", GO)
        assert len(callback(path).encode()) <= 64
        leaf = SPEC.menu(later_card, 0, path)
        assert leaf.action == text and leaf.instant


def test_the_longest_paths_fit_a_telegram_callback() -> None:
    longest = (pose_key((-REACH_MM, -REACH_MM, 359)), OK, "x9", "c9", GO)
    assert all(len(k) <= MAX_KEY_LENGTH for k in longest)
    assert len(callback(longest).encode()) <= 64


@pytest.mark.parametrize("path", [
    ("zz",), ("ok", "a0"), ("ok", "q5"), ("ok", "a10"), ("ok", "a5", "c5"), ("ok", "a5", "c0"),
    ("ok", "a5", "c1", "go", "go"), ("ok", "a5", "c1", "x"), ("ok", "a5", "5"),
    ("L5k5k00", "L5k5k00"), ("L5k5k00", "ok", "ok"), ("Lzzzzzz",), ("t1",),
])
def test_bad_paths_are_malformed(first_card: RafterState, path: tuple[str, ...]) -> None:
    with pytest.raises(Malformed):
        SPEC.menu(first_card, 0, path)


def test_the_spots_are_numbered_along_the_ghost(first_card: RafterState) -> None:
    pose = (3, -2, 5)
    assert SPEC.menu(first_card, 0, (pose_key(pose),)).focus["ghost"]["legal"]
    menu = SPEC.menu(first_card, 0, (pose_key(pose), OK))
    spots = menu.focus["spots"]
    assert [s[0] for s in spots] == list(range(1, SPOTS + 1))
    c, s = math.cos(math.radians(5)), math.sin(math.radians(5))
    for n, x, y in spots:
        along = (n - 5) * 11.0  # spot 5 in the middle, 11 mm apart
        assert (x, y) == pytest.approx((3 + c * along, -2 + s * along))
    assert menu.focus["ghost"] == {"x": 3, "y": -2, "yaw": 5, "card": 9, "legal": True}
    chest_level = SPEC.menu(first_card, 0, (pose_key(pose), OK, "a2"))
    assert len(chest_level.focus["spots"]) == SPOTS and "rafter" in chest_level.focus


def test_a_ghost_nudged_out_to_sea_is_refused_not_crashed(first_card: RafterState) -> None:
    """At the edge of reach the ghost is far off the raft: no `ok`, a reason, and only the
    nudges that still move it."""
    corner = (REACH_MM, REACH_MM, 0)
    menu = SPEC.menu(first_card, 0, (pose_key(corner),))
    assert OK not in [o.key for o in menu.options]
    assert menu.preview[-1].key == "rafter-why-off-raft"
    assert moves_of(corner, menu.options) == {m for m in NUDGE_MOVES if m[0] <= 0 and m[1] <= 0}
