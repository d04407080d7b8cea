"""Rafter Five turns as the rulebook tells them, one rule at a time, on hand-built rafts.

Positions are built directly (a `Scene` of pieces, the rest of the pieces put where the
rulebook keeps them) so each test simulates one move at most. Raft coordinates are mm:
the raft card spans x = ±62.5, y = ±41.5; a lumber card is 110 × 25 mm and weighs 2 g.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.core import GameOver, IllegalAction, Label, Malformed, NotYourTurn
from engine.rafter import SPEC, legality, rules
from engine.rafter.actions import Build, decode
from engine.rafter.config import CONFIG
from engine.rafter.layout import SPOTS, spot_u
from engine.rafter.legality import NO_LUMBER, OFF_RAFT, ON_PIECE, ON_PRINT
from engine.rafter.physics import Placement, place, settle
from engine.rafter.probe import surface_under
from engine.rafter.ranking import END_ALL_PLACED, END_PENALTIES, END_SOLO_FALL
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Piece, Pose, Scene, quat_up_z, yaw_quat
from engine.rafter.state import (
    OVER,
    PLACE,
    TAKE,
    RafterState,
    from_dict,
    starting_scene,
    state_problems,
    to_dict,
)

EDGE_X = CONFIG.raft_size[0] / 2  # 62.5
EDGE_Y = CONFIG.raft_size[1] / 2  # 41.5
THICK = CONFIG.lumber.sim_thickness  # the top of a card lying on the raft card
SMALL, STOUT, TALL, LONG, ELL = range(5)
RAFTERS = 5
SEED = 20240611


# --- hand-built positions ----------------------------------------------------------------


def position(scene: Scene, *, players: int = 2, chests: int = 2, held: int | None = None,
             card: int | None = None, seed: int = SEED, advanced: bool = False,
             house: bool = False, **changes) -> RafterState:
    """A consistent state around a raft: chests on the raft leave their owner's supply,
    rafters neither on the raft nor in hand are in the sea, lumber neither on the raft nor in
    hand is in the sea (in the dealt order). With `held` and `card` the current seat has
    taken that rafter and is placing them."""
    base = SPEC.setup(players, seed, {"chests": chests, "advanced": advanced, "house": house})
    on_raft = {(p.variant, p.index) for p in scene.of_kind(CHEST)}
    seats = tuple(replace(s, supply=tuple(c for c in s.supply if c not in on_raft))
                  for s in base.seats)
    lumber = {p.variant for p in scene.of_kind(LUMBER)} | {card}
    rafters = {p.variant for p in scene.of_kind(RAFTER)} | {held}
    state = replace(base, scene=scene, seats=seats,
                    sea_lumber=tuple(c for c in base.sea_lumber if c not in lumber),
                    sea_rafters=tuple(r for r in range(RAFTERS) if r not in rafters),
                    held=held, card=card, phase=TAKE if held is None else PLACE,
                    last_rafter=held)
    state = replace(state, **changes)
    assert state_problems(state) == []
    return state


def lying(kind: str, variant: int, x: float, y: float, z: float = 0.0, yaw: float = 0.0,
          index: int = 0) -> Piece:
    """A piece at rest where told (z: the height of its bottom)."""
    return Piece(kind, variant, Pose((x, y, z), yaw_quat(yaw)), index)


def start_without(*rafters: int) -> Scene:
    return starting_scene().without(f"{RAFTER}{r}" for r in rafters)


@pytest.fixture(scope="module")
def see_saw() -> Scene:
    """Lumber card 0 sticks out 5 mm past the raft's edge (centre of mass beyond it) and
    carries seat 0's red chest C0.0 and seat 1's green chest C3.0 on its outer end; only the
    stout rafter R1 standing on its inner end holds it down (1.5 g x 37.5 mm against
    2 g x 5 mm + 0.47 g x (22.5 + 37.5) mm). The long rafter R3 is off the raft."""
    scene = start_without(STOUT, LONG).with_pieces([
        lying(LUMBER, 0, EDGE_X + 5.0, 0.0), lying(RAFTER, STOUT, 25.0, 0.0, THICK),
        lying(CHEST, 0, 85.0, 0.0, THICK), lying(CHEST, 3, 100.0, 0.0, THICK)])
    result = settle(scene)
    assert result.fallen == ()
    return result.scene


def test_a_see_saw_lifts_what_stands_on_its_rising_end(see_saw: Scene) -> None:
    """One more chest on the see-saw's outer end (0.47 g x 52.5 mm) tips it: its inner end
    rises under the stout rafter, far from the new chest. Were that rafter held still while
    the card below it moved, it would pin the card down and nothing would fall; simulated
    locally, the step ends as it does with the whole raft free."""
    chest = [Placement(CHEST, 1, 115.0, 0.0)]
    local = place(see_saw, chest, seed=None)
    whole = place(see_saw, chest, seed=None, local=False)
    assert "L0" in whole.fallen_ids
    assert set(local.fallen_ids) == set(whole.fallen_ids)


def test_what_stands_on_the_rising_end_two_layers_up_comes_along(see_saw: Scene) -> None:
    """A chest on the stout rafter, and two more on the outer end: the see-saw starts to
    tip and the outer chests slide off. The chest on the rafter rests two layers above the
    card; held still, it would pin the rafter, the rafter the card, and nothing would go."""
    counterweighted = place(see_saw, [Placement(CHEST, 2, 25.0, 0.0)], seed=None).scene
    chests = [Placement(CHEST, 1, 115.0, 0.0), Placement(CHEST, 4, 108.0, 0.0)]
    local = place(counterweighted, chests, seed=None)
    whole = place(counterweighted, chests, seed=None, local=False)
    assert {"C1.0", "C4.0"} <= set(whole.fallen_ids)
    assert set(local.fallen_ids) == set(whole.fallen_ids)


def with_long_rafter(scene: Scene) -> Scene:
    """The see-saw raft with the long rafter back in its starting place (not in the sea)."""
    return scene.with_pieces([starting_scene().get(f"{RAFTER}{LONG}")])


SEE_SAW_FALL = Build.on_spots(100, -17, 0, 9, False, 1)
"""Lumber card 1 laid beside the chests, half on card 0 and reaching 100 mm past the raft's
edge, with the long rafter on its far end: everything on card 0 goes down with it."""


# --- 1. set-up ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(1, 42), (2, 21), (3, 14), (4, 7), (5, 7), (6, 7)])
def test_chests_per_player(players: int, each: int) -> None:
    """Each player takes the chests of their board colours: 2 players 3 colours x 7,
    3 players 2 x 7, 4-6 players 1 x 7; solo plays every colour (42)."""
    state = SPEC.setup(players, 1, {})
    assert [len(s.supply) for s in state.seats] == [each] * players
    assert all(s.start == each and s.penalties == () and s.built == 0 for s in state.seats)
    for seat, s in enumerate(state.seats):
        assert {c for c, _ in s.supply} == set(s.colors)
        assert len(set(s.supply)) == each
    colours = [c for s in state.seats for c in s.colors]
    assert len(colours) == len(set(colours))


def test_a_shorter_game_deals_fewer_chests_of_every_own_colour() -> None:
    state = SPEC.setup(3, 1, {"chests": 4})
    for s in state.seats:
        assert s.start == len(s.supply) == 4
        assert {c for c, _ in s.supply} == set(s.colors)  # colours alternate


@pytest.mark.parametrize(("players", "options"), [
    (4, {"chests": 8}),  # more than the rulebook's 7 with 4 players
    (2, {"chests": 22}),
    (2, {"chests": 43}),
    (2, {"chests": -1}),
    (2, {"chests": True}),
    (2, {"chests": "3"}),
    (2, {"house": "yes"}),
    (2, {"advanced": 1}),
    (2, {"chest": 3}),  # unknown name
    (0, {}),
    (7, {}),
])
def test_bad_set_ups_are_refused(players: int, options: dict) -> None:
    with pytest.raises(Malformed):
        SPEC.setup(players, 1, options)


def test_the_table_at_the_start() -> None:
    """Five rafters stand on the raft card; the 42 lumber cards lie face down in the sea,
    shuffled; the first player takes a rafter."""
    state = SPEC.setup(2, 5, {"chests": 2})
    rafters = state.scene.of_kind(RAFTER)
    assert sorted(p.variant for p in rafters) == list(range(RAFTERS))
    assert state.scene.pieces == rafters
    for piece in rafters:
        x, y, z = piece.pose.pos
        assert abs(x) < EDGE_X and abs(y) < EDGE_Y and z == pytest.approx(0.0, abs=0.01)
    assert sorted(state.sea_lumber) == list(range(CONFIG.lumber.count)) == list(range(42))
    assert state.sea_lumber != tuple(range(42))
    assert state.sea_lumber != SPEC.setup(2, 6, {"chests": 2}).sea_lumber
    assert state.sea_rafters == ()
    assert (state.current, state.phase, SPEC.to_act(state)) == (0, TAKE, frozenset({0}))
    assert state.last_rafter is None and state.last is None
    assert settle(state.scene).fallen == ()  # they stand


# --- 2. taking a rafter ------------------------------------------------------------------


def test_a_rafter_in_the_sea_must_be_taken_first(monkeypatch) -> None:
    """Taking one from the sea lifts nothing off the raft: no simulation runs, and the next
    lumber card comes out of the sea."""
    state = position(start_without(TALL))
    assert rules.takeable(state) == (TALL,)
    assert SPEC.legal_actions(state, 0) == ["t2"]
    before = to_dict(state)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "t0")
    assert to_dict(state) == before

    def no_physics(*_args, **_kwargs):
        raise AssertionError("taking from the sea simulates nothing")

    monkeypatch.setattr(rules, "lift", no_physics)
    monkeypatch.setattr(rules, "place", no_physics)
    took, events = SPEC.apply(state, 0, "t2")
    assert took.scene == state.scene
    assert (took.phase, took.held, took.current) == (PLACE, TALL, 0)
    assert took.card == state.sea_lumber[0]
    assert took.sea_lumber == state.sea_lumber[1:]
    assert took.sea_rafters == () and took.last_rafter == TALL
    assert [e.label.key for e in events] == ["rafter-took-sea"]


def test_never_the_rafter_of_the_previous_turn() -> None:
    state = position(starting_scene(), last_rafter=LONG)
    assert rules.takeable(state) == (SMALL, STOUT, TALL, ELL)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "t3")


def test_never_the_previous_rafter_even_solo() -> None:
    """Solo, the previous turn was the player's own: the rule still holds."""
    state = position(starting_scene(), players=1, last_rafter=SMALL)
    assert rules.takeable(state) == (STOUT, TALL, LONG, ELL)


def test_when_the_only_rafter_in_the_sea_was_just_used_raft_rafters_are_offered() -> None:
    """Our reading: the sea rafter may not be taken (it was the previous turn's), so the
    player takes one off the raft as if the sea were empty."""
    state = position(start_without(ELL), sea_rafters=(ELL,), last_rafter=ELL)
    assert rules.takeable(state) == (SMALL, STOUT, TALL, LONG)
    assert SPEC.legal_actions(state, 0) == ["t0", "t1", "t2", "t3"]


def test_taking_checks_turn_phase_and_codec() -> None:
    state = position(starting_scene())
    with pytest.raises(NotYourTurn):
        SPEC.apply(state, 1, "t0")
    for bad in ("t", "t5x", "x0", "", "b1,2,3"):
        with pytest.raises(Malformed):
            SPEC.apply(state, 0, bad)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "t7")  # no such rafter
    placing = position(start_without(SMALL), held=SMALL, card=4)
    with pytest.raises(IllegalAction):
        SPEC.apply(placing, 0, "t1")  # one in hand already
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, Build.on_spots(0, 0, 0, 2, False, 8).encode())  # take first


def test_lifting_a_free_rafter_drops_nothing() -> None:
    state = position(starting_scene())
    took, events = SPEC.apply(state, 0, "t0")
    assert (took.phase, took.held, took.current, took.last_rafter) == (PLACE, SMALL, 0, SMALL)
    assert sorted(took.raft_rafters()) == [STOUT, TALL, LONG, ELL]
    for piece in took.scene.pieces:
        assert piece.pose.pos == pytest.approx(state.scene.get(piece.id).pose.pos, abs=0.1)
    assert took.sea_rafters == () and took.seats == state.seats
    assert took.card == state.sea_lumber[0] and took.sea_lumber == state.sea_lumber[1:]
    assert took.last is not None and took.last.frames == () and took.last.fallen == ()
    assert [e.label.key for e in events] == ["rafter-took-raft"]


# --- 3. a lift that topples the raft -----------------------------------------------------


def test_lifting_a_rafter_that_holds_something_down_ends_the_turn(see_saw: Scene) -> None:
    """The crash rules: the turn ends at once; the rafter in hand goes into the sea with
    the rest; the lumber goes back to the sea; another player's chest goes onto the lifter's
    penalty board, the lifter's own chest back to their supply."""
    state = position(with_long_rafter(see_saw))
    assert state.seats[0].supply == ((1, 0),) and state.seats[1].supply == ((4, 0),)
    after, events = SPEC.apply(state, 0, "t1")
    assert after.phase == TAKE and after.current == 1
    assert after.held is None and after.card is None
    leaning = leaning_lumber(after)  # the rulebook: lumber leaning on the raft stays
    assert set(after.scene.ids()) - leaning <= {"R0", "R2", "R3", "R4"} <= set(after.scene.ids())
    assert after.sea_rafters == (STOUT,)
    assert_back_in_the_sea(state, after, {0} - {int(i[1:]) for i in leaning})
    assert after.seats[0].penalties == ((3, 0),)
    assert after.seats[0].supply == ((1, 0), (0, 0))
    assert after.seats[0].built == 0
    assert after.seats[1] == state.seats[1]
    assert {p.id for p in after.last.fallen} | leaning == {"L0", "C0.0", "C3.0"}
    assert after.last.frames
    fell = [e.label for e in events if e.label.key == "rafter-fell"]
    assert fell and fell[0].args == {"seat": 0, "penalties": 1, "returned": 1, "rafters": 1,
                                     "lumber": 1 - len(leaning)}
    # the stout rafter in the sea is the one this turn used: the next player lifts another
    assert rules.takeable(after) == (SMALL, TALL, LONG, ELL)
    assert state_problems(after) == []


def leaning_lumber(state: RafterState) -> set[str]:
    """Lumber cards still in the raft's scene that lean over its edge (tilted, or reaching
    below the raft card's top): part of the raft, not fallen."""
    return {p.id for p in state.scene.of_kind(LUMBER)
            if quat_up_z(p.pose.quat) < 0.9 or p.pose.pos[2] < 0}


def assert_back_in_the_sea(before: RafterState, after: RafterState, cards: set[int]) -> None:
    """Fallen cards lie in the sea: wood side up in `sea_wood`, the rest face down among
    the sea's cards (the others keep their order)."""
    fell = {p.variant: p for p in after.last.fallen if p.kind == LUMBER}
    assert set(fell) == cards
    face_up = {c for c, p in fell.items() if quat_up_z(p.pose.quat) > 0}
    assert set(after.sea_wood) == face_up | set(before.sea_wood)
    assert set(after.sea_lumber) == set(before.sea_lumber) | (cards - face_up)
    assert tuple(c for c in after.sea_lumber if c not in cards) == before.sea_lumber


# --- 4. where a card, its rafter and its chest may go ------------------------------------


def assert_refused(state: RafterState, build: Build, why: str) -> None:
    before = to_dict(state)
    with pytest.raises(IllegalAction) as refused:
        SPEC.apply(state, state.current, build.encode())
    assert refused.value.detail == why
    assert to_dict(state) == before


def test_the_first_card_must_rest_partly_on_the_raft() -> None:
    """No lumber on the raft yet: "you may put it anywhere" - on the raft."""
    state = position(start_without(SMALL), held=SMALL, card=5)
    assert_refused(state, Build.on_spots(125, 0, 0, 2, False, 8), OFF_RAFT)
    assert_refused(state, Build.on_spots(150, 120, 30, 2, False, 8), OFF_RAFT)
    assert rules.build_problem(state, Build.on_spots(100, 0, 0, 2, False, 8)) is None


def test_later_cards_must_rest_partly_on_lumber_already_on_the_raft() -> None:
    state = position(Scene((lying(LUMBER, 7, 0.0, 0.0),)), held=SMALL, card=5)
    beside, half_on, across = ((0, -30, 0), (0, -20, 0), (30, 0, 90))
    assert_refused(state, Build.on_spots(*beside, 2, False, 8), NO_LUMBER)  # on the raft
    assert rules.build_problem(state, Build.on_spots(*half_on, 2, False, 8)) is None
    assert rules.build_problem(state, Build.on_spots(*across, 2, False, 8)) is None


def test_never_on_a_rafter() -> None:
    state = position(start_without(SMALL), held=SMALL, card=5)
    x, y, _ = state.scene.get("R4").pose.pos
    assert_refused(state, Build.on_spots(round(x), round(y), 0, 2, False, 8), ON_PIECE)


def test_never_on_a_chest_even_a_small_one_between_coarse_sample_points() -> None:
    """A 9 mm chest on card 7, under the new card between the points a 5 x 3 footprint
    sample would look at: still refused."""
    scene = Scene((lying(LUMBER, 7, 0.0, 0.0), lying(CHEST, 2, 30.0, 0.0, THICK)))
    state = position(scene, held=SMALL, card=5)
    # turned 90°: the chest sits 13.5 mm along the card and 6 mm across from its centre
    pose = (36, -13, 90)
    coarse = {owner for owner, _ in surface_under(scene, LUMBER, 5, *pose)}
    assert "C2.0" not in coarse  # the coarse look misses it
    assert_refused(state, Build.on_spots(*pose, 2, False, 8), ON_PIECE)
    assert rules.build_problem(state, Build.on_spots(0, 0, 90, 2, False, 8)) is None  # beside it


def test_the_chest_may_not_share_the_rafters_spot() -> None:
    """The stout rafter is 14 mm wide and spots are 11 mm apart: its chest may not go on its
    spot nor the next one, but may two spots away; turned across, the same."""
    state = position(start_without(STOUT), held=STOUT, card=5)
    assert_refused(state, Build.on_spots(0, 0, 0, 5, False, 5), "rafter-why-chest-spot")
    assert_refused(state, Build.on_spots(0, 0, 0, 5, False, 6), "rafter-why-chest-spot")
    assert_refused(state, Build.on_spots(0, 0, 0, 5, True, 4), "rafter-why-chest-spot")
    assert rules.build_problem(state, Build.on_spots(0, 0, 0, 5, False, 7)) is None
    assert rules.build_problem(state, Build.on_spots(0, 0, 0, 5, True, 3)) is None
    for spot in (0, SPOTS + 1):
        with pytest.raises(Malformed):
            SPEC.apply(state, 0, f"b0,0,0,{spot}a2")


def test_advanced_no_card_on_a_dark_joint_of_the_card_below() -> None:
    """Card 0's wood side has a dark joint across it at u = -18..-12 mm."""
    u0, _, u1, _ = CONFIG.prints[0].dark[0]
    assert u0 < -15 < u1
    scene = Scene((lying(LUMBER, 0, 0.0, 0.0),))
    across_joint = Build.on_spots(-15, 0, 90, 2, False, 8)
    clear = Build.on_spots(25, 0, 90, 2, False, 8)
    advanced = position(scene, held=SMALL, card=5, advanced=True)
    assert_refused(advanced, across_joint, ON_PRINT)
    assert rules.build_problem(advanced, clear) is None
    basic = position(scene, held=SMALL, card=5)
    assert rules.build_problem(basic, across_joint) is None


def test_advanced_no_card_on_a_nail_of_the_card_below() -> None:
    """Card 2 has no dark joint, and a nail at (48.7, -8.0) on its wood side."""
    nail = CONFIG.prints[2].nails[2]
    assert not CONFIG.prints[2].dark and nail == pytest.approx((48.7, -8.0))
    scene = Scene((lying(LUMBER, 2, 0.0, 0.0),))
    on_nail = Build.on_spots(49, -8, 90, 2, False, 8)
    advanced = position(scene, held=SMALL, card=5, advanced=True)
    assert_refused(advanced, on_nail, ON_PRINT)
    assert rules.build_problem(advanced, Build.on_spots(20, 0, 90, 2, False, 8)) is None
    assert rules.build_problem(position(scene, held=SMALL, card=5), on_nail) is None


def test_advanced_no_card_on_a_nail_between_sample_rows() -> None:
    """The card covers card 2's nail at (48.7, -8.0) 2 mm off a row of sample points."""
    scene = Scene((lying(LUMBER, 2, 0.0, 0.0),))
    advanced = position(scene, held=SMALL, card=5, advanced=True)
    assert rules.build_problem(advanced, Build.on_spots(48, -6, 0, 2, False, 8)) == ON_PRINT


def test_advanced_rafter_and_chest_keep_off_the_cards_own_print() -> None:
    """Spot 4 (u = -11 mm) of card 0 reaches its dark joint (u up to -12.1 mm)."""
    assert spot_u(4) - CONFIG.chest.size / 2 < CONFIG.prints[0].dark[0][2]
    advanced = position(start_without(SMALL), held=SMALL, card=0, advanced=True)
    assert_refused(advanced, Build.on_spots(0, 0, 0, 4, False, 8), "rafter-why-rafter-spot")
    assert_refused(advanced, Build.on_spots(0, 0, 0, 8, False, 4), "rafter-why-chest-spot")
    assert rules.build_problem(advanced, Build.on_spots(0, 0, 0, 8, False, 6)) is None
    basic = position(start_without(SMALL), held=SMALL, card=0)
    assert rules.build_problem(basic, Build.on_spots(0, 0, 0, 4, False, 8)) is None


# --- 5. a good build ---------------------------------------------------------------------


def test_a_good_build_puts_card_rafter_and_chest_on_the_raft() -> None:
    state = position(start_without(SMALL), held=SMALL, card=5)
    after, events = SPEC.apply(state, 0, Build.on_spots(0, 0, 0, 2, False, 8).encode())
    assert {"L5", "R0", "C0.0"} <= set(after.scene.ids())
    assert after.scene.get("R0").pose.pos[2] == pytest.approx(THICK, abs=0.2)  # on the card
    assert after.scene.get("C0.0").pose.pos[2] == pytest.approx(THICK, abs=0.2)
    assert after.seats[0].supply == ((1, 0),) and after.seats[0].built == 1
    assert after.seats[1] == state.seats[1]
    assert (after.phase, after.current, after.held, after.card) == (TAKE, 1, None, None)
    assert after.sea_lumber == state.sea_lumber and after.sea_rafters == ()
    assert after.last.seat == 0 and after.last.placed == ("L5", "R0", "C0.0")
    assert after.last.frames == () and after.last.fallen == ()
    assert [e.label.key for e in events] == ["rafter-built"]
    assert rules.takeable(after) == (STOUT, TALL, LONG, ELL)  # not the small one again


# --- 6. a build that falls ---------------------------------------------------------------


@pytest.fixture(scope="module")
def fallen_build(see_saw: Scene) -> tuple[RafterState, RafterState]:
    state = position(see_saw, held=LONG, card=1)
    assert rules.build_problem(state, SEE_SAW_FALL) is None
    after, _events = SPEC.apply(state, 0, SEE_SAW_FALL.encode())
    return state, after


def test_a_build_that_falls_ends_the_turn(fallen_build) -> None:
    """Everything on card 0 goes into the sea with the new card. The chest in hand was never
    put down: it stays in the supply; the sea chests are sorted by owner; both rafters go
    into the sea and must be taken first next turn."""
    state, after = fallen_build
    leaning = leaning_lumber(after)
    assert {p.id for p in after.last.fallen} | leaning == {"L0", "L1", "R1", "R3", "C0.0",
                                                           "C3.0"}
    assert set(after.scene.ids()) - leaning == {"R0", "R2", "R4"}
    me = after.seats[0]
    assert me.supply == ((1, 0), (0, 0))  # the chest in hand, then red back from the sea
    assert me.penalties == ((3, 0),)  # green is seat 1's
    assert me.built == 0
    assert after.seats[1] == state.seats[1]
    assert sorted(after.sea_rafters) == [STOUT, LONG]
    assert rules.takeable(after) == (STOUT,)  # the long one was this turn's
    assert_back_in_the_sea(state, after, {0, 1} - {int(i[1:]) for i in leaning})
    assert (after.phase, after.current, after.held, after.card) == (TAKE, 1, None, None)
    assert state_problems(after) == []


def test_a_fall_is_animated_with_only_the_moving_pieces(fallen_build) -> None:
    _state, after = fallen_build
    frames = after.last.frames
    assert len(frames) > 3
    moving = {p.id for frame in frames for p in frame}
    assert moving == {"L0", "L1", "R1", "R3", "C0.0", "C3.0"}
    assert not moving & {"R0", "R2", "R4"}  # standing still: scenery
    assert after.last.placed == ()  # nothing of the build stayed on the raft


def test_the_same_build_on_the_same_state_gives_the_same_state(fallen_build) -> None:
    state, after = fallen_build
    again, _ = SPEC.apply(state, 0, SEE_SAW_FALL.encode())
    assert again == after
    assert to_dict(again) == to_dict(after)


def test_storage_round_trips_a_state_with_frames(fallen_build) -> None:
    _state, after = fallen_build
    stored = json.loads(json.dumps(to_dict(after)))
    assert from_dict(stored) == after


def test_storage_refuses_inconsistent_states(fallen_build) -> None:
    _state, after = fallen_build
    data = to_dict(after)
    data["sea_rafters"] = data["sea_rafters"][:1]  # a rafter lost
    with pytest.raises(Malformed):
        from_dict(data)
    data = to_dict(after)
    data["seats"][1]["supply"].append([3, 0])  # a chest both here and on a penalty board
    with pytest.raises(Malformed):
        from_dict(data)
    with pytest.raises(Malformed):
        from_dict({**to_dict(after), "schema": 99})


# --- 7. the end --------------------------------------------------------------------------


def test_the_game_ends_when_someone_has_placed_every_chest() -> None:
    state = position(start_without(SMALL), chests=1, held=SMALL, card=5)
    after, events = SPEC.apply(state, 0, Build.on_spots(0, 0, 0, 2, False, 8).encode())
    assert after.phase == OVER and SPEC.to_act(after) == frozenset()
    assert after.ending.key == END_ALL_PLACED and after.ending.args == {"seat": 0}
    assert events[-1].label == after.ending
    result = SPEC.outcome(after)
    assert result is not None and result.reason == after.ending
    # no penalties, no chests lost: the one with more chests left loses the tie
    assert result.winners == (0,)
    assert SPEC.legal_actions(after, 1) == []


def test_a_crowded_raft_is_searched_on_finer_grids_before_there_is_no_room() -> None:
    """Gaps between builders and chests can be narrower than the coarse grid's 15 mm: when it
    has no legal place, the finer grids are searched, and their places are the ones offered."""
    scene = start_without()
    off_raft = ((500,), (500,), (0,))  # a grid whose only pose lies beyond the raft
    fine = legality.GRIDS[1]
    assert not legality.has_place(scene, 5, False, grids=(off_raft,))
    assert legality.candidates(scene, 5, False, grids=(off_raft,)) == ()
    assert legality.has_place(scene, 5, False, grids=(off_raft, fine))
    found = legality.candidates(scene, 5, False, grids=(off_raft, fine))
    assert found and found == legality.candidates(scene, 5, False, grids=(fine,))
    assert {x % 15 for x, _, _ in found} != {0}  # off the coarse grid's lines


def test_the_game_ends_when_the_card_taken_has_no_legal_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The last resort: the card goes back where it lay, the rafter into the sea."""
    state = position(start_without(SMALL))
    monkeypatch.setattr(rules, "has_place", lambda *args: False)
    take = next(a for a in SPEC.legal_actions(state, 0) if decode(a).wood is None)
    after, events = SPEC.apply(state, 0, take)
    assert after.phase == OVER and after.ending.key == rules.END_NO_ROOM
    assert events[-1].label == after.ending
    assert after.sea_lumber == state.sea_lumber
    assert SPEC.outcome(after) is not None


def test_a_player_with_five_penalties_is_skipped() -> None:
    """Rulebook condition 1: they take no more turns; the others play on."""
    penalties = tuple((0, i) for i in range(2, 7))
    state = position(start_without(SMALL), players=3, held=SMALL, card=5)
    state = replace(state, seats=(state.seats[0], replace(state.seats[1], penalties=penalties),
                                  state.seats[2]))
    after, events = SPEC.apply(state, 0, Build.on_spots(0, 0, 0, 2, False, 8).encode())
    assert after.phase == TAKE and after.current == 2
    assert "rafter-out" not in [e.label.key for e in events]  # seat 0 is not the one out


def three_players_at_the_limit(see_saw: Scene, *, house: bool, seat1_out: bool) -> RafterState:
    """Seat 0 has 4 penalties (seat 2's chests) and is about to lift the stout rafter that
    holds up a chest of seat 1 (green is seat 1's with 3 players)."""
    state = position(with_long_rafter(see_saw), players=3, house=house)
    seats = list(state.seats)
    seats[0] = replace(seats[0], penalties=tuple((4, i) for i in range(2, 6)))
    if seat1_out:
        seats[1] = replace(seats[1], penalties=tuple((0, i) for i in range(2, 7)))
    return replace(state, seats=tuple(seats))


def test_rulebook_the_game_goes_on_until_at_most_one_player_is_left(see_saw: Scene) -> None:
    alive = three_players_at_the_limit(see_saw, house=False, seat1_out=False)
    after, events = SPEC.apply(alive, 0, "t1")
    assert len(after.seats[0].penalties) == 5 and after.seats[0].out
    assert "rafter-out" in [e.label.key for e in events]
    assert after.phase == TAKE and after.current == 1  # two players still in
    last_one = three_players_at_the_limit(see_saw, house=False, seat1_out=True)
    over, _ = SPEC.apply(last_one, 0, "t1")
    assert over.phase == OVER and over.ending.key == END_PENALTIES
    ranks = {s.seat: s.rank for s in SPEC.outcome(over).standings}
    # seats 0 and 1 both have 5; fewer of seat 1's chests are on others' boards (1 against
    # seat 0's 5), so seat 1 is the loser and everyone else wins
    assert ranks == {0: 1, 1: 2, 2: 1}


def test_house_variant_ends_at_five_penalties_fewest_penalties_win(see_saw: Scene) -> None:
    """"Мой вариант": someone has 5 penalties - the game ends; fewest penalties win, then
    more own chests placed (seat 1 placed its green chest, seat 2 none)."""
    state = three_players_at_the_limit(see_saw, house=True, seat1_out=False)
    over, _ = SPEC.apply(state, 0, "t1")
    assert over.phase == OVER and over.ending.key == END_PENALTIES
    assert over.ending.args == {"seat": 0}
    standings = SPEC.outcome(over).standings
    assert [(s.seat, s.rank, s.score) for s in standings] == [(1, 1, 0), (2, 2, 0), (0, 3, 5)]


def test_solo_ends_at_the_first_fall_and_scores_the_turns_built_before_it() -> None:
    scene = start_without(LONG).with_pieces([lying(CHEST, 0, -20.0, 0.0)])
    state = position(scene, players=1, chests=3, held=LONG, card=5)
    state = replace(state, seats=(replace(state.seats[0], built=1),))
    # the card sticks 62.5 mm out with the long rafter (1.7 g) at its outer end
    after, _ = SPEC.apply(state, 0, Build.on_spots(70, 0, 0, 9, False, 1).encode())
    assert {p.id for p in after.last.fallen} | leaning_lumber(after) >= {"L5", "R3"}
    assert after.phase == OVER and after.ending.key == END_SOLO_FALL
    assert after.ending.args == {"chests": 1}
    (standing,) = SPEC.outcome(after).standings
    assert (standing.seat, standing.rank, standing.score) == (0, 1, 1)
    label = SPEC.standing_label(standing)
    assert label.key == "rafter-standing-solo" and label.args == {"seat": 0, "chests": 1}


def test_moves_after_the_end_are_refused() -> None:
    state = replace(position(starting_scene()), phase=OVER, ending=Label(END_ALL_PLACED))
    with pytest.raises(GameOver):
        SPEC.apply(state, 0, "t0")
    assert SPEC.legal_actions(state, 0) == [] and SPEC.to_act(state) == frozenset()


# --- 8. views ----------------------------------------------------------------------------


def test_views_are_public_json_without_the_seed_or_the_sea_order(fallen_build) -> None:
    _state, after = fallen_build
    secret_seed = 987_654_321_987
    mine = replace(after, seed=secret_seed)
    other = replace(after, seed=secret_seed + 1, sea_lumber=tuple(reversed(after.sea_lumber)))
    views = [SPEC.view(mine, v) for v in (None, 0, 1)]
    for v in views:
        json.dumps(v)
        assert str(secret_seed) not in json.dumps(v)
    assert [v.pop("viewer") for v in views] == [None, 0, 1]
    assert views[0] == views[1] == views[2]
    for viewer in (None, 0, 1):
        assert SPEC.view(mine, viewer) == SPEC.view(other, viewer)
    view = SPEC.view(mine, None)
    assert view["sea_lumber"] == len(after.sea_lumber)
    assert view["sea_wood"] == list(after.sea_wood)
    # the frames are spelled out with the still pieces, so a picture needs nothing else
    assert {p["kind"] + str(p["variant"]) for p in view["last"]["frames"][0]} >= {"R0", "R2"}


def test_the_card_in_hand_is_public_the_rest_of_the_sea_is_not() -> None:
    state = position(start_without(SMALL), held=SMALL, card=5)
    shuffled = replace(state, seed=1, sea_lumber=tuple(sorted(state.sea_lumber)))
    assert SPEC.view(state, 1) == SPEC.view(shuffled, 1)
    assert SPEC.view(state, 1)["card"] == 5 and SPEC.view(state, 1)["held"] == SMALL


# --- 9. seeded random games keep every piece -----------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (3, 4)])
def test_random_games_conserve_every_piece(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {"chests": 2})
    dealt = sum(s.start for s in state.seats)
    for _ in range(40):
        if SPEC.is_over(state):
            break
        (seat,) = SPEC.to_act(state)
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        assert state_problems(state) == []
        rafters = len(state.raft_rafters()) + len(state.sea_rafters) + (state.held is not None)
        lumber = (len(state.scene.of_kind(LUMBER)) + len(state.sea_lumber)
                  + len(state.sea_wood) + (state.card is not None))
        chests = (len(state.scene.of_kind(CHEST))
                  + sum(len(s.supply) + len(s.penalties) for s in state.seats))
        assert (rafters, lumber, chests) == (RAFTERS, 42, dealt)
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    assert SPEC.is_over(state)



# --- 10. the rulebook's "А если...?" -------------------------------------------------------


def test_old_builds_decode_to_the_same_placement() -> None:
    """Kept games hold the old format: spot n is u = spot_u(n) on the centre line, along (a)
    or across (x)."""
    old = decode("b0,0,0,2x8")
    assert old == Build(0, 0, 0, round(spot_u(2)), 0, 90, round(spot_u(8)), 0)
    assert old == Build.on_spots(0, 0, 0, 2, True, 8)
    assert decode(old.encode()) == old and old.encode() == "b0,0,0;-33,0,90;33,0"
    state = position(start_without(SMALL), held=SMALL, card=5)
    _card, rafter, chest = rules.build_placements(state, old)
    assert (rafter.x, rafter.y, rafter.yaw_deg) == pytest.approx((-33.0, 0.0, 90.0))
    assert (chest.x, chest.y) == pytest.approx((33.0, 0.0))


@pytest.mark.parametrize("text", [
    "b0,0,0;0,0,180;20,0",  # a rafter's turn is 0-179
    "b0,0,0;81,0,0;20,0",  # aimed far off its card
    "b0,0,0;0,0,0;20",
    "b0,0,0;0,0,0;20,0;",
    "b0,0,360;0,0,0;20,0",
    "b0,0,0,0a2",
    "t1w",
    "t1w123",
])
def test_malformed_builds_and_takes_are_refused(text: str) -> None:
    with pytest.raises(Malformed):
        decode(text)


def test_rafters_and_chests_may_hang_partly_over_the_card() -> None:
    """Legal while each reaches at least 1 mm onto the card (the chest is 9 mm: its centre
    within 12.5 + 4.5 - 1 = 16 mm of the card's centre line); the physics decides the rest."""
    state = position(start_without(LONG), held=LONG, card=5)
    # the long rafter (32 mm) with 20 mm of it past the card's end, the chest half off a side
    assert rules.build_problem(state, Build(0, 0, 0, 59, 0, 0, -30, 16)) is None
    assert rules.build_problem(state, Build(0, 0, 0, 0, 0, 30, 40, -16)) is None  # turned 30°
    assert_refused(state, Build(0, 0, 0, 0, 0, 0, -30, 17), "rafter-why-chest-spot")
    assert_refused(state, Build(0, 0, 0, 71, 0, 0, -30, 0), "rafter-why-rafter-spot")  # off it
    assert_refused(state, Build(0, 0, 0, 0, 30, 90, -30, 0), "rafter-why-rafter-spot")
    # the chest may not overlap the rafter, turned or not
    assert_refused(state, Build(0, 0, 0, 0, 0, 0, 20, 0), "rafter-why-chest-spot")
    assert_refused(state, Build(0, 0, 0, 0, 0, 45, 10, 10), "rafter-why-chest-spot")
    assert rules.build_problem(state, Build(0, 0, 0, 0, 0, 90, 12, 0)) is None


def test_advanced_an_overhanging_chest_still_keeps_off_the_print() -> None:
    """Card 2's nail at (48.7, -8.0): a chest hanging over that corner covers it."""
    basic = position(start_without(SMALL), held=SMALL, card=2)
    advanced = position(start_without(SMALL), held=SMALL, card=2, advanced=True)
    build = Build(0, 0, 0, 0, 0, 0, 50, -10)
    assert rules.build_problem(basic, build) is None
    assert_refused(advanced, build, "rafter-why-chest-spot")


def test_a_card_lying_wood_side_up_in_the_sea_may_be_taken_instead_of_a_new_one() -> None:
    state = position(starting_scene(), last_rafter=SMALL)
    state = replace(state, sea_lumber=tuple(c for c in state.sea_lumber if c not in (7, 9)),
                    sea_wood=(9, 7))
    assert state_problems(state) == []
    takes = SPEC.legal_actions(state, 0)
    assert {"t1", "t1w9", "t1w7", "t4w7"} <= set(takes) and len(takes) == 4 * 3
    took, events = SPEC.apply(state, 0, "t1w7")
    assert (took.phase, took.held, took.card) == (PLACE, STOUT, 7)
    assert took.sea_wood == (9,) and took.sea_lumber == state.sea_lumber  # none drawn
    assert [e.label.key for e in events] == ["rafter-took-raft", "rafter-took-wood"]
    assert SPEC.view(took, 1)["sea_wood"] == [9]
    for bad in ("t1w8", "t1w5"):  # not lying wood side up in the sea
        with pytest.raises(IllegalAction):
            SPEC.apply(state, 0, bad)
    assert from_dict(json.loads(json.dumps(to_dict(took)))) == took


@pytest.mark.parametrize("advanced", [False, True])
def test_a_card_taken_is_kept_never_swapped_in_either_game(advanced: bool) -> None:
    """The rulebook lists 'a card taken from the sea cannot be swapped' among its advanced
    rules. Our reading keeps it in the basic game too (the rules summary says so): there
    every card offers the same places, so a swap could change nothing; with the advanced
    rules a card's own print changes where its builder and chest may go, so it bites."""
    state = position(Scene((lying(LUMBER, 7, 0.0, 0.0),)), held=SMALL, card=5,
                     advanced=advanced)
    state = replace(state, sea_lumber=tuple(c for c in state.sea_lumber if c != 9),
                    sea_wood=(9,))
    assert state_problems(state) == []
    for swap in ("t1", "t1w9", "t0w9"):  # another card, new or lying wood side up
        with pytest.raises(IllegalAction):
            SPEC.apply(state, 0, swap)
    places = {tuple(legality.place_pairs(card, SMALL, advanced=advanced))
              for card in range(0, CONFIG.lumber.count, 3)}
    if advanced:
        assert len(places) > 1  # the prints differ: which card matters
    else:
        assert len(places) == 1  # every card alike


def test_fallen_lumber_wood_side_up_stays_face_up_the_rest_goes_face_down_secretly() -> None:
    state = replace(position(starting_scene()), version=3)
    up = Piece(LUMBER, 20, Pose((0.0, 90.0, -40.0), yaw_quat(30)))
    down = Piece(LUMBER, 21, Pose((0.0, -90.0, -40.0), (0.0, 1.0, 0.0, 0.0)))  # turned over
    on_edge = Piece(LUMBER, 22, Pose((90.0, 0.0, -40.0), (0.7071068, 0.7071068, 0.0, 0.0)))
    sea = tuple(c for c in state.sea_lumber if c not in (20, 21, 22))
    state = replace(state, sea_lumber=sea, sea_wood=(3,))
    after = rules._lumber_to_sea(state, [down, up, on_edge])
    assert after.sea_wood == (3, 20)
    assert sorted(after.sea_lumber) == sorted(sea + (21, 22))
    assert after.sea_lumber[-2:] != (21, 22) or after.sea_lumber[:2] != sea[:2]
    assert rules._lumber_to_sea(state, [down, up, on_edge]) == after  # seeded: repeatable
    other = rules._lumber_to_sea(replace(state, seed=state.seed + 1), [down, up, on_edge])
    assert SPEC.view(other, 0) == SPEC.view(replace(after, seed=state.seed + 1), 0)


def test_a_builder_toppling_on_the_raft_does_not_end_the_turn(monkeypatch) -> None:
    """The rulebook: a builder that falls over on the raft (not into the sea): go on. Here
    the builder ends up lying on its side on the card; the chest still goes on and the turn
    is a good one."""
    state = position(start_without(TALL), held=TALL, card=5)
    real_place = rules.place
    calls = []

    def toppling(scene, placements, **kwargs):
        result = real_place(scene, placements, **kwargs)
        calls.append(len(placements))
        if len(calls) > 1:
            return result
        standing = result.scene.get("R2")
        x, y, _ = standing.pose.pos
        lying_down = standing.moved(Pose((x, y + 10.0, THICK + 5.0), (0.7071068, 0.7071068, 0.0,
                                                                      0.0)))
        assert quat_up_z(lying_down.pose.quat) == pytest.approx(0.0, abs=1e-6)
        scene = Scene(tuple(lying_down if p.id == "R2" else p for p in result.scene.pieces))
        return replace(result, scene=settle(scene).scene)

    monkeypatch.setattr(rules, "place", toppling)
    after, events = SPEC.apply(state, 0, Build.on_spots(0, 0, 0, 2, False, 8).encode())
    assert calls == [2, 1]  # card and builder, then the chest: the turn went on
    assert quat_up_z(after.scene.get("R2").pose.quat) < 0.5  # still on its side, on the raft
    assert "C0.0" in after.scene.ids() and after.seats[0].built == 1
    assert [e.label.key for e in events] == ["rafter-built"]
    assert (after.phase, after.current, after.last.fallen) == (TAKE, 1, ())


def test_the_last_resort_end_no_card_to_take() -> None:
    """With no card face down and none wood side up in the sea, the game ends after the
    turn; a card lying wood side up keeps it going, and then only it may be taken."""
    state = position(start_without(SMALL), held=SMALL, card=5)
    build = Build.on_spots(0, 0, 0, 2, False, 8).encode()
    empty = replace(state, sea_lumber=(), sea_wood=())
    over, events = SPEC.apply(empty, 0, build)
    assert over.phase == OVER and over.ending.key == rules.END_NO_LUMBER
    assert events[-1].label == over.ending and SPEC.outcome(over) is not None
    wood = replace(state, sea_lumber=(), sea_wood=(7,))
    going, _ = SPEC.apply(wood, 0, build)
    assert going.phase == TAKE and going.current == 1
    assert SPEC.legal_actions(going, 1) == ["t1w7", "t2w7", "t3w7", "t4w7"]
    with pytest.raises(IllegalAction):
        SPEC.apply(going, 1, "t1")  # no new card to draw
