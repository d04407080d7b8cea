"""The Rafter Five choice tree: pose keys, taking (a rafter, then a card), the coarse to fine
placement (area, angle, the rafter's place, the chest's place, build) in at most six presses,
the optional fine-tuning of the card, and the focus the pictures number places by."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

import pytest

from engine.core import MAX_KEY_LENGTH, MAX_PATH_LENGTH, Malformed, Option
from engine.rafter import SPEC
from engine.rafter.actions import REACH_MM, Build, decode
from engine.rafter.areas import MAX_AREAS, area_of, areas
from engine.rafter.config import CONFIG
from engine.rafter.layout import START, card_to_raft
from engine.rafter.legality import CHEST_PLACES, RAFTER_PLACES, candidates
from engine.rafter.menu import (
    COARSE_DEG,
    COARSE_MM,
    FINE_DEG,
    FINE_MM,
    GO,
    NEW,
    OK,
    RISK,
    default_pose,
    path_to,
    pose_from_key,
    pose_key,
)
from engine.rafter.probe import RaftProbe
from engine.rafter.rules import takeable
from engine.rafter.scene import LUMBER, RAFTER, Piece, Pose, Scene, yaw_quat
from engine.rafter.state import PLACE, TAKE, RafterState, starting_scene, state_problems

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


def test_a_card_lying_wood_side_up_is_offered_after_the_rafter() -> None:
    base = SPEC.setup(2, SEED, {"chests": 2})
    state = replace(base, scene=base.scene.without(["R3"]), sea_rafters=(3,),
                    sea_lumber=tuple(c for c in base.sea_lumber if c not in (4, 8)),
                    sea_wood=(8, 4))
    assert state_problems(state) == []
    cards = SPEC.menu(state, 0, ("t3",))
    assert [o.key for o in cards.options] == [NEW, "w8", "w4"]
    assert [o.label.args.get("number") for o in cards.options] == [None, 1, 2]
    assert cards.focus == {"take": [3], "wood": [8, 4]}
    leaf = SPEC.menu(state, 0, ("t3", "w4"))
    assert leaf.instant and leaf.action == "t3w4" and leaf.focus["wood"] == [4]
    assert SPEC.menu(state, 0, ("t3", NEW)).action == "t3"
    raft = replace(state, scene=base.scene, sea_rafters=())
    assert [o.key for o in SPEC.menu(raft, 0, ("t1", "w8")).options] == [GO, RISK]
    assert SPEC.menu(raft, 0, ("t1", "w8", GO)).action == "t1w8"
    no_new = replace(state, sea_lumber=(), sea_wood=tuple(range(42)))  # the sea is all face up
    assert [o.key for o in SPEC.menu(no_new, 0, ("t3",)).options][:2] == ["w0", "w1"]
    for bad in (("t3", "w5"), ("t3", "x"), ("t3", "w4", GO)):
        with pytest.raises(Malformed):
            SPEC.menu(state, 0, bad)
    with pytest.raises(Malformed):
        SPEC.menu(no_new, 0, ("t3", NEW))


# --- placing: coarse to fine -------------------------------------------------------------


def presses_to_build(state: RafterState, choose) -> tuple[int, str]:
    """Press through the building menu from its first screen, `choose` picking a button
    at each level, until a build is applied; (presses, the action)."""
    path: tuple[str, ...] = ()
    for presses in range(1, 40):
        menu = SPEC.menu(state, state.current, path)
        path = choose(menu, path).path_from(path)
        leaf = SPEC.menu(state, state.current, path)
        assert len(callback(path).encode()) <= 64
        if leaf.action is not None and leaf.instant:
            return presses, leaf.action
    raise AssertionError("no build reached")


def first_choice(menu, _path) -> Option:
    return next(o for o in menu.options if o.key != RISK and not o.key.startswith("L"))


def test_the_first_screen_numbers_the_target_areas(later_card: RafterState) -> None:
    root = SPEC.menu(later_card, 0, ())
    found = areas(later_card.scene, 20, False)
    assert 1 < len(found) <= MAX_AREAS
    assert [o.key for o in root.options] == [f"A{n}" for n in range(1, len(found) + 1)]
    assert [o.label.args["n"] for o in root.options] == list(range(1, len(found) + 1))
    assert root.focus["targets"] == [[n, *a.centre] for n, a in enumerate(found, 1)]
    # every legal coarse pose (a half turn lies alike) is in exactly one area
    poses = {(x, y, a % 180) for x, y, a in candidates(later_card.scene, 20, False)}
    assert sorted(p for a in found for p in a.poses) == sorted(poses)
    assert all(a.centre in {p[:2] for p in a.poses} for a in found)


def test_the_angle_level_offers_the_legal_angles_of_the_area(later_card: RafterState) -> None:
    found = areas(later_card.scene, 20, False)
    for n, area in enumerate(found, 1):
        menu = SPEC.menu(later_card, 0, (f"A{n}",))
        assert [o.key for o in menu.options] == [f"A{n}r{a}" for a in area.angles]
        assert all(o.replace for o in menu.options)  # one key says where the card goes
        assert all(0 <= a < 180 for a in area.angles)
        x, y, angle = area.pose_at(area.angles[0])
        ghost = menu.focus["ghost"]
        assert (ghost["x"], ghost["y"], ghost["yaw"], ghost["legal"]) == (x, y, angle, True)
        assert ghost["z"] == pytest.approx(CONFIG.lumber.sim_thickness, abs=0.05)  # on card 3


def test_the_rafter_places_are_numbered_on_the_ghost(first_card: RafterState) -> None:
    pose = default_pose(first_card)
    menu = SPEC.menu(first_card, 0, path_to(first_card, pose))
    keys = [o.key for o in menu.options]
    assert keys == [f"p{n}" for n in range(1, len(RAFTER_PLACES) + 1)] + [pose_key(pose)]
    assert menu.options[-1].label.key == "rafter-opt-adjust" and menu.options[-1].replace
    across = {o.key for o in menu.options if o.label.key == "rafter-opt-across"}
    assert across == {f"p{n}" for n, (_, _, turn) in enumerate(RAFTER_PLACES, 1) if turn}
    spots = menu.focus["spots"]
    assert [s[0] for s in spots] == list(range(1, len(RAFTER_PLACES) + 1))
    for (n, x, y), (u, v, _) in zip(spots, RAFTER_PLACES):
        assert (x, y) == pytest.approx(card_to_raft(u, v, *pose))
    half = CONFIG.lumber.size[0] / 2
    assert RAFTER_PLACES[0][0] < -half + 5 and RAFTER_PLACES[-1][0] > half - 5  # ends hang over


def test_the_chest_places_keep_off_the_rafter(first_card: RafterState) -> None:
    """The stout rafter (14 mm) across the card's middle: no chest place within 11.5 mm."""
    base = path_to(first_card, default_pose(first_card))
    middle = 1 + RAFTER_PLACES.index((0, 0, 90))
    menu = SPEC.menu(first_card, 0, base + (f"p{middle}",))
    offered = [int(o.key[1:]) for o in menu.options]
    assert offered and all(abs(CHEST_PLACES[n - 1][0]) >= 11.5 for n in offered)
    assert [s[0] for s in menu.focus["spots"]] == offered
    assert "rafter" in menu.focus and "chest" not in menu.focus
    assert menu.focus["rafter"]["z"] == pytest.approx(CONFIG.lumber.sim_thickness, abs=0.05)
    with pytest.raises(Malformed):
        SPEC.menu(first_card, 0, base + (f"p{middle}", f"c{1 + CHEST_PLACES.index((0, 0))}"))


def test_the_advanced_rules_keep_the_places_off_the_cards_print() -> None:
    """Card 0's dark joint runs across it at u = -18..-12 mm."""
    state = placing(starting_scene().without(["R0"]), 0, 0,
                    options=replace(SPEC.setup(2, SEED, {}).options, advanced=True))
    base = path_to(state, default_pose(state))
    rafters = {o.key for o in SPEC.menu(state, 0, base).options}
    assert f"p{1 + RAFTER_PLACES.index((-13, 12, 90))}" not in rafters
    assert f"p{1 + RAFTER_PLACES.index((26, 0, 0))}" in rafters
    chests = {o.key for o in SPEC.menu(state, 0, base + ("p7",)).options}
    assert f"c{1 + CHEST_PLACES.index((-13, 0))}" not in chests


def test_the_leaf_is_the_build(first_card: RafterState) -> None:
    pose = default_pose(first_card)
    path = path_to(first_card, pose) + ("p1", "c9")
    ready = SPEC.menu(first_card, 0, path)
    assert [o.key for o in ready.options] == [GO, RISK] and ready.action is None
    leaf = SPEC.menu(first_card, 0, path + (GO,))
    assert leaf.instant and not leaf.options
    assert leaf.action == Build(*pose, *RAFTER_PLACES[0], *CHEST_PLACES[8]).encode()
    assert {"ghost", "rafter", "chest"} <= set(leaf.focus) and leaf.focus["ghost"]["legal"]


def test_the_risk_leaf_previews_the_same_build(later_card: RafterState) -> None:
    path = path_to(later_card, default_pose(later_card)) + ("p3", "c9")
    risk = SPEC.menu(later_card, 0, path + (RISK,))  # six trial builds: once
    assert risk.action == SPEC.menu(later_card, 0, path + (GO,)).action
    assert not risk.instant and not risk.options
    assert len(risk.preview) == 1 and risk.preview[0].key.startswith("rafter-risk-")


@pytest.fixture(scope="module")
def midgame_states() -> list[RafterState]:
    """Seat 0 about to place its fourth card on seeded rafts built without simulating (each
    card laid flat on a random legal coarse pose, resting on what is under it), so the
    figures below depend on the rules and the menu alone."""
    states = []
    for seed in range(6):
        rng = random.Random(seed)
        held = seed % 5
        scene = starting_scene().without([f"{RAFTER}{held}"])
        cards = rng.sample(range(42), 4)
        for card in cards[:3]:
            x, y, angle = rng.choice(candidates(scene, card, False))
            under = RaftProbe(scene).surface_under(LUMBER, card, x, y, angle, grid=(23, 5))
            top = max(height for _, height in under)
            scene = scene.with_pieces([Piece(LUMBER, card, Pose((x, y, top), yaw_quat(angle)))])
        states.append(placing(scene, held, cards[3]))
    return states


def test_a_typical_placement_takes_five_presses(midgame_states) -> None:
    """Area, angle, the rafter's place, the chest's place, build: then it is applied."""
    state = midgame_states[0]
    presses, action = presses_to_build(state, first_choice)
    assert presses == 5
    after, _ = SPEC.apply(state, state.current, action)
    assert after.version == state.version + 1 and after.phase == TAKE


TOLERANCE_MM = 15  # a player content with the card a step of the coarse grid from their aim


def aiming_at(target: tuple[int, int, int]):
    """A player who wants the card at `target`: its area and angle, then fine-tunes only
    when the menu's pose there is further than `TOLERANCE_MM` off, nudging towards it."""

    def choose(menu, path) -> Option:
        keys = {o.key: o for o in menu.options}
        if menu.title.key == "rafter-menu-area":
            return keys[area_keys[0]]
        if menu.title.key == "rafter-menu-angle":
            return keys[area_keys[1]]
        ghost = menu.focus["ghost"]
        off = math.hypot(ghost["x"] - target[0], ghost["y"] - target[1])
        if menu.title.key == "rafter-menu-lumber":
            if OK in keys and off <= TOLERANCE_MM:
                return keys[OK]
            return min((o for o in menu.options if o.key != OK),
                       key=lambda o: _miss(pose_from_key(o.key), target))
        adjust = [o for o in menu.options if o.key.startswith("L")]
        if adjust and off > TOLERANCE_MM:
            return adjust[0]
        return first_choice(menu, path)

    area_keys: list[str] = []
    choose.aim = area_keys  # type: ignore[attr-defined]
    return choose


def _miss(pose: tuple[int, int, int], target: tuple[int, int, int]) -> float:
    turn = abs((pose[2] - target[2] + 90) % 180 - 90)
    return math.hypot(pose[0] - target[0], pose[1] - target[1]) + turn


def presses_aimed(states: list[RafterState], targets_each: int) -> list[int]:
    """The presses to a build aimed at random legal card poses, `targets_each` a state."""
    counts = []
    for state in states:
        rng = random.Random(state.seed)
        for text in rng.sample(SPEC.legal_actions(state, state.current), targets_each):
            target = decode(text).pose
            chooser = aiming_at(target)
            n = area_of(areas(state.scene, state.card, False), target)
            chooser.aim.extend((f"A{n}", f"A{n}r{target[2] % 180}"))
            presses, action = presses_to_build(state, chooser)
            counts.append(presses)
            built = decode(action)
            assert math.hypot(built.x - target[0], built.y - target[1]) <= TOLERANCE_MM + 10
    return counts


def test_the_mean_presses_over_seeded_states(midgame_states) -> None:
    """Aimed at random legal poses, a placement takes five presses when the area's pose is
    within `TOLERANCE_MM` of the aim, and when not the fine-tuning too: its button, a few
    nudges and Here. Measured over these 30 aims: a mean of 5.93 presses, median 5, at most
    9 (a player wanting the exact coarse pose, within 8 mm: a mean of 7.53, median 8)."""
    counts = presses_aimed(midgame_states, 5)
    assert all(count == 5 or count >= 8 for count in counts)
    assert statistics.median(counts) == 5
    assert statistics.mean(counts) <= 6.5


def test_fine_tuning_is_optional_and_nudges_replace_the_pose_key(later_card) -> None:
    pose = default_pose(later_card)
    base = path_to(later_card, pose)
    rafter_level = SPEC.menu(later_card, 0, base)
    adjust = next(o for o in rafter_level.options if o.key.startswith("L"))
    path = adjust.path_from(base)
    assert path == (pose_key(pose),)
    for arrow_index in (1, 1, 8, 5, 0):
        menu = SPEC.menu(later_card, 0, path)
        nudges = [o for o in menu.options if o.key != OK]
        assert moves_of(pose, tuple(nudges)) == NUDGE_MOVES
        path = nudges[arrow_index].path_from(path)
        assert len(path) == 1
        pose = pose_from_key(path[-1])
    menu = SPEC.menu(later_card, 0, path)
    if OK in [o.key for o in menu.options]:
        tuned = SPEC.menu(later_card, 0, path + (OK,))
        assert tuned.title.key == "rafter-menu-rafter"
        assert not any(o.key.startswith("L") for o in tuned.options)  # offered once
        assert tuned.focus["ghost"]["x"] == pose[0]


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


def test_an_illegal_tuned_pose_has_no_ok_and_says_why(later_card: RafterState) -> None:
    beside = pose_key((-28, 0, 90))  # on the raft, between the rafters and card 3
    menu = SPEC.menu(later_card, 0, (beside,))
    assert OK not in [o.key for o in menu.options]
    assert menu.preview[-1].key == "rafter-why-no-lumber"
    assert menu.focus["ghost"]["legal"] is False
    assert all(o.replace for o in menu.options)  # it can still be nudged
    with pytest.raises(Malformed):
        SPEC.menu(later_card, 0, (beside, OK))
    on_rafter = START[0]
    key = pose_key((round(on_rafter[0]), round(on_rafter[1]), 0))
    assert SPEC.menu(later_card, 0, (key,)).preview[-1].key == "rafter-why-on-piece"


def test_a_ghost_nudged_out_to_sea_is_refused_not_crashed(first_card: RafterState) -> None:
    corner = (REACH_MM, REACH_MM, 0)
    menu = SPEC.menu(first_card, 0, (pose_key(corner),))
    assert OK not in [o.key for o in menu.options]
    assert menu.preview[-1].key == "rafter-why-off-raft"
    assert moves_of(corner, menu.options) == {m for m in NUDGE_MOVES if m[0] <= 0 and m[1] <= 0}


def test_every_offered_build_is_reachable_through_the_menu(later_card: RafterState) -> None:
    actions = SPEC.legal_actions(later_card, 0)
    assert actions
    for text in actions:
        build = decode(text)
        rafter = 1 + RAFTER_PLACES.index((build.ru, build.rv, build.rturn))
        chest = 1 + CHEST_PLACES.index((build.cu, build.cv))
        path = path_to(later_card, build.pose) + (f"p{rafter}", f"c{chest}", GO)
        assert len(callback(path).encode()) <= 64 and len(path) <= MAX_PATH_LENGTH
        leaf = SPEC.menu(later_card, 0, path)
        assert leaf.action == text and leaf.instant


def test_the_longest_paths_fit_a_telegram_callback() -> None:
    longest = (pose_key((-REACH_MM, -REACH_MM, 359)), OK, "p9", "c11", RISK)
    assert len(longest) <= MAX_PATH_LENGTH and all(len(k) <= MAX_KEY_LENGTH for k in longest)
    assert len("A9r135") <= MAX_KEY_LENGTH
    assert len(callback(longest).encode()) <= 64


@pytest.mark.parametrize("path", [
    ("zz",), ("A0",), ("A10",), ("ok",), ("t1",), ("A1", "A1r45"), ("A1r1",), ("A1r180",),
    ("A0r0",), ("A1r45r45",), ("r45",), ("A1r045",),
    ("+", "p0"), ("+", "p10"), ("+", "q5"), ("+", "p1", "c0"), ("+", "p1", "c12"),
    ("+", "p1", "c9", "go", "go"), ("+", "p1", "c9", "x"), ("+", "L5k5k00"),
    ("L5k5k00", "L5k5k00"), ("L5k5k00", "ok", "ok"), ("Lzzzzzz",), ("L5k5k00", "p1"),
    ("L5k5k00", "ok", "L5k5k00"),
])
def test_bad_paths_are_malformed(first_card: RafterState, path: tuple[str, ...]) -> None:
    """`+` stands for a good start: the first area at its first angle."""
    base = path_to(first_card, default_pose(first_card))
    assert base == ("A1r45",) and SPEC.menu(first_card, 0, base).options
    path = (*base, *path[1:]) if path[0] == "+" else path
    with pytest.raises(Malformed):
        SPEC.menu(first_card, 0, path)
