"""Rafter Five physics: scenarios with clear answers, determinism, tremor and risk.

The raft card is 125 mm long (its edge at x = 62.5 mm), a lumber card 110 mm long and 2 g;
the "stout" rafter (R1) weighs 1.5 g. A card centred at x = 72.5 mm has its centre of mass
10 mm beyond the edge: alone it tips over; with the stout rafter 37.5 mm inside the edge
(moment 1.5 g x 37.5 mm against 2 g x 10 mm) it holds.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.core import Malformed
from engine.rafter.config import CONFIG, load_config, parse_config
from engine.rafter.physics import Placement, dropped, frames_every, lift, place, settle
from engine.rafter.probe import RAFT, RaftProbe, footprint_points, surface_under
from engine.rafter.rest import rest_check
from engine.rafter.risk import Risk, classify, lift_risk, placement_risk
from engine.rafter.scene import (
    CHEST,
    LUMBER,
    RAFTER,
    Scene,
    scene_from_dict,
    scene_to_dict,
)
from engine.rafter.tremor import derive_seed, perturb, rng_for

EDGE = CONFIG.raft_size[0] / 2  # 62.5
OUT = EDGE + 10.0  # centre of mass 10 mm beyond the edge
STOUT = 1


def card(x: float, y: float = 0.0, yaw: float = 0.0, variant: int = 0) -> Placement:
    return Placement(LUMBER, variant, x, y, yaw)


@pytest.fixture(scope="module")
def held_by_counterweight():
    """A long overhang held by the stout rafter on its inboard end."""
    return place(Scene(), [card(OUT), Placement(RAFTER, STOUT, 25.0, 0.0)], seed=None)


def test_mujoco_runs_headless() -> None:
    import mujoco

    assert mujoco.__version__.split(".")[0] >= "3"
    result = place(Scene(), [card(0.0)], seed=None)
    assert result.scene.ids() == ("L0",)


def test_small_overhang_stays() -> None:
    result = place(Scene(), [card(EDGE - 20.0)], seed=None)  # 32.5 mm overhang, COM inside
    assert result.fallen == ()
    (piece,) = result.scene.pieces
    assert piece.pose.pos[0] == pytest.approx(EDGE - 20.0, abs=0.2)
    assert piece.pose.pos[2] == pytest.approx(0.0, abs=0.1)  # lying flat on the raft card


def test_small_overhang_stays_with_tremor() -> None:
    for seed in range(3):
        assert place(Scene(), [card(EDGE - 20.0)], seed=seed).fallen == ()


def test_long_overhang_without_counterweight_falls() -> None:
    result = place(Scene(), [card(OUT)], seed=None)
    assert result.fallen_ids == ("L0",)
    assert result.scene.pieces == ()


def test_counterweight_holds_the_overhang(held_by_counterweight) -> None:
    assert held_by_counterweight.fallen == ()
    assert set(held_by_counterweight.scene.ids()) == {"L0", f"R{STOUT}"}
    lumber = held_by_counterweight.scene.get("L0")
    assert abs(lumber.pose.pos[2]) < 0.5  # still flat, not tipping


def test_lifting_the_counterweight_drops_the_card(held_by_counterweight) -> None:
    result = lift(held_by_counterweight.scene, f"R{STOUT}", seed=None)
    assert result.fallen_ids == ("L0",)
    assert result.scene.pieces == ()


def test_lifting_a_free_rafter_drops_nothing() -> None:
    base = place(Scene(), [card(0.0), Placement(RAFTER, STOUT, 20.0, 0.0)], seed=None).scene
    result = lift(base, f"R{STOUT}", seed=7)
    assert result.fallen == ()
    assert result.scene.ids() == ("L0",)


def test_identical_inputs_give_identical_outcomes() -> None:
    base = place(Scene(), [card(10.0)], seed=1).scene
    move = [card(40.0, 5.0, 10.0, variant=1), Placement(CHEST, 2, 70.0, 10.0, 10.0)]
    first = place(base, move, seed=12345)
    second = place(base, move, seed=12345)
    assert first == second
    assert lift(first.scene, "L0", seed=3) == lift(first.scene, "L0", seed=3)


def test_different_tremor_seeds_land_differently() -> None:
    results = {place(Scene(), [card(30.0)], seed=s).placed[0].pose for s in range(4)}
    assert len(results) == 4


def test_a_stored_scene_restarts_to_the_same_result() -> None:
    """What is stored is what the next run starts from: replaying from the stored scene
    gives the same answer every time, and a settled raft stays put."""
    settled = place(Scene(), [card(0.0), Placement(RAFTER, 2, 30.0, 0.0)], seed=9).scene
    stored = scene_from_dict(scene_to_dict(settled))
    assert stored == settled
    again = settle(stored)
    assert again == settle(stored)
    assert again.fallen == ()
    for before, after in zip(settled.pieces, again.scene.pieces):
        assert after.pose.pos == pytest.approx(before.pose.pos, abs=0.05)


def test_pieces_drop_onto_what_is_below() -> None:
    scene = place(Scene(), [card(0.0), Placement(CHEST, 0, 0.0, 0.0)], seed=None).scene
    chest = scene.get("C0.0")
    assert chest.pose.pos[2] == pytest.approx(CONFIG.lumber.sim_thickness, abs=0.1)


def test_dropped_pieces_lie_where_aimed_on_what_is_below_without_simulating() -> None:
    """A card half over the raft's edge would tip in the physics; dropped, it just lies
    flat where aimed, and a chest on its outer end lies on it."""
    gap = CONFIG.simulation.drop_gap_mm
    scene = dropped(Scene(), [card(OUT), Placement(CHEST, 0, OUT + 30.0, 0.0)])
    lumber, chest = scene.get("L0"), scene.get("C0.0")
    assert lumber.pose.pos == pytest.approx((OUT, 0.0, gap), abs=0.01)
    assert lumber.pose.quat == pytest.approx((1.0, 0.0, 0.0, 0.0))
    assert chest.pose.pos == pytest.approx((OUT + 30.0, 0.0, gap + CONFIG.lumber.sim_thickness
                                            + gap), abs=0.01)
    assert place(Scene(), [card(OUT), Placement(CHEST, 0, OUT + 30.0, 0.0)],
                 seed=None).fallen  # the physics lets it tip


def test_surface_under_tells_lumber_chest_and_raft_apart() -> None:
    scene = place(Scene(), [card(0.0), Placement(CHEST, 3, 40.0, 0.0)], seed=None).scene
    over_chest = {what for what, _ in surface_under(scene, LUMBER, 1, 40.0, 0.0, 90.0)}
    assert "C3.0" in over_chest and "L0" in over_chest
    beside = {what for what, _ in surface_under(scene, LUMBER, 1, 0.0, 25.0, 0.0)}
    assert beside == {RAFT}


def test_a_settle_ends_once_everything_is_still() -> None:
    """A settle ends when every piece has been still for a few windows, long before the
    cap; a stored raft is still from the start, so settling it again takes the minimum."""
    sim = CONFIG.simulation
    first = place(Scene(), [card(0.0), Placement(RAFTER, 2, 30.0, 0.0)], seed=9)
    assert first.steps < 1.0 / sim.timestep_s
    again = settle(first.scene)
    windows = round(sim.still_window_s / sim.timestep_s)
    assert again.steps <= (sim.still_windows + 1) * windows + sim.min_settle_s / sim.timestep_s
    assert again.scene == settle(first.scene).scene


def test_a_step_leaves_what_it_cannot_reach_exactly_as_stored() -> None:
    """Only the pieces near a move are simulated: a rafter at the far end of the raft keeps
    its stored pose to the last digit, and the local result agrees with the whole raft's."""
    raft = place(Scene(), [card(-30.0), Placement(RAFTER, 0, 55.0, 25.0)], seed=None).scene
    move = [Placement(CHEST, 1, -40.0, 0.0)]
    local = place(raft, move, seed=5)
    assert local.scene.get("R0") == raft.get("R0")
    assert local.free < len(local.scene.pieces)
    whole = place(raft, move, seed=5, local=False)
    assert local.fallen_ids == whole.fallen_ids == ()
    assert local.scene.get("C1.0").pose.pos == pytest.approx(whole.scene.get("C1.0").pose.pos,
                                                             abs=0.1)


def test_motion_that_reaches_a_still_piece_sets_it_free() -> None:
    """A run that starts with nothing free but the lifted counterweight's hand finds the card
    it held moving against... nothing: the card, static, would float. The lift touches the
    card, so the card is set free and the step runs again: the card falls."""
    from engine.rafter.physics import _Hand, _run

    scene = place(Scene(), [card(OUT), Placement(RAFTER, STOUT, 25.0, 0.0)], seed=None).scene
    contacts = RaftProbe(scene).contacts()
    assert contacts.riders["L0"] == {f"R{STOUT}"}  # the rafter rests on the card
    result = _run(scene, set(), contacts, config=CONFIG, held=f"R{STOUT}",
                  hand=_Hand(f"R{STOUT}", 0.0, 0.0))
    assert result.runs == 2
    assert result.fallen_ids == ("L0",)


def test_once_pieces_are_held_still_the_hand_reaches_nothing_more(held_by_counterweight) -> None:
    """The lifted piece moves from the first step, so what it touched is set free at once;
    but holding pieces still happens after the lift, with the piece gone: were it to reach
    its old neighbours again, they would be set free the moment they were held still, and a
    settle would spend its time doing and undoing that."""
    from engine.rafter.physics import _Frontier, _Model

    scene = held_by_counterweight.scene
    lifted = f"R{STOUT}"
    frontier = _Frontier(scene, {}, RaftProbe(scene).contacts(), held=lifted, slack_mm=1.0)
    model = _Model(scene, CONFIG, held=lifted, free=set())
    assert frontier.reached(model) == {"L0"}
    frontier.restart(scene.pieces)
    assert frontier.reached(model) == set()


def test_pieces_at_rest_are_held_still_while_another_falls(held_by_counterweight) -> None:
    """Nothing here is static to begin with, so every model after the first is one that
    holds still the pieces at rest, touching nothing that moves, while the card tips and
    falls; they stay where they lay, and what falls is what falls with all of them free."""
    from engine.rafter.physics import _Hand, _run

    far = [card(-45.0, variant=1), Placement(CHEST, 2, -55.0, 0.0), Placement(CHEST, 3, -20.0, 0.0)]
    scene = place(held_by_counterweight.scene, far, seed=None).scene
    contacts = RaftProbe(scene).contacts()
    lifted = f"R{STOUT}"
    free = set(scene.ids()) - {lifted}
    result = _run(scene, free, contacts, config=CONFIG, held=lifted, hand=_Hand(lifted, 0.0, 0.0))
    assert result.runs >= 2
    whole = lift(scene, lifted, seed=None, local=False)
    assert result.fallen_ids == whole.fallen_ids == ("L0",)
    for still in ("L1", "C2.0", "C3.0"):
        assert result.scene.get(still).pose.pos == pytest.approx(scene.get(still).pose.pos, abs=0.1)


@pytest.mark.parametrize("recheck", [True, False])
def test_a_piece_held_still_too_soon_comes_free_again_before_the_raft_is_stored(
        monkeypatch, recheck: bool) -> None:
    """Holding still made careless on purpose (every piece counts as calm at once): a card
    put down hanging past its tipping point is held still at the first look, mid-tip. Before
    the raft is stored the pieces held still come free again for a moment; the card moves,
    so the settle goes on and it falls in this move, as with the whole raft free. Without
    that recheck it would be stored hanging, and fall in the next player's move."""
    from engine.rafter import physics

    far = [card(-45.0, variant=1), Placement(CHEST, 2, -55.0, 0.0), Placement(CHEST, 3, -20.0, 0.0)]
    raft = place(Scene(), far, seed=None).scene
    hanging = physics._drop(RaftProbe(raft), card(OUT), OUT, 0.0, 0.0)
    scene = raft.with_pieces((hanging,))
    monkeypatch.setattr(physics, "FREEZE_CALM_WINDOWS", 0)
    monkeypatch.setattr(physics, "FREEZE_AFTER_S", 0.0)
    if not recheck:  # a recheck that sees nothing
        monkeypatch.setattr(physics._Model, "recheck", lambda model, seconds: None)
    result = physics._run(scene, set(scene.ids()), RaftProbe(raft).contacts(), config=CONFIG,
                          placed=(hanging,), new={hanging.id: hanging})
    assert result.runs >= 2  # pieces were held still
    if recheck:
        assert result.fallen_ids == ("L0",)
        assert rest_check(result.scene).at_rest(0.5)
    else:
        assert result.fallen_ids == ()
        assert rest_check(result.scene).fallen == ("L0",)


def test_frames_cover_the_lift_and_stop_when_asleep(held_by_counterweight) -> None:
    every = frames_every(25)
    assert every * CONFIG.simulation.timestep_s == pytest.approx(0.04)
    result = lift(held_by_counterweight.scene, f"R{STOUT}", seed=1, record_every=every)
    assert len(result.frames) == result.steps // every
    assert len(result.frames) * every * CONFIG.simulation.timestep_s >= CONFIG.simulation.lift_time_s
    assert all(frame.ids() == ("L0",) for frame in result.frames)  # the lifted rafter is gone
    assert result == lift(held_by_counterweight.scene, f"R{STOUT}", seed=1, record_every=every)


def test_the_probe_agrees_with_mujoco_rays() -> None:
    """One probe answering many questions says what a fresh model's `mj_ray` says."""
    import mujoco
    import numpy as np

    from engine.rafter.mjcf import MM, raft_top_mm, scene_xml

    scene = place(Scene(), [card(0.0), Placement(CHEST, 3, 40.0, 0.0),
                            card(20.0, 10.0, 30.0, variant=1), Placement(RAFTER, 4, 0.0, 5.0, 20.0)],
                  seed=5).scene
    model = mujoco.MjModel.from_xml_string(scene_xml(scene, CONFIG))
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    probe = RaftProbe(scene)
    for x, y, yaw in ((0.0, 0.0, 0.0), (40.0, 0.0, 90.0), (55.0, 30.0, 45.0), (-70.0, 0.0, 0.0)):
        hits = probe.surface_under(LUMBER, 2, x, y, yaw, grid=(23, 5))
        assert hits == surface_under(scene, LUMBER, 2, x, y, yaw, grid=(23, 5))
        points = footprint_points(LUMBER, 2, x, y, yaw, grid=(23, 5))
        assert len(points) == len(hits) == 23 * 5
        for (owner, height), (px, py, _) in zip(hits, points):
            geom = np.zeros(1, dtype=np.int32)
            dist = mujoco.mj_ray(model, data, np.array([px * MM, py * MM, 1.0]),
                                 np.array([0.0, 0.0, -1.0]), None, 1, -1, geom)
            body = int(model.geom_bodyid[geom[0]])
            name = model.body(body).name if body else model.geom(int(geom[0])).name
            assert owner == name
            assert height == pytest.approx((1.0 - dist) / MM - raft_top_mm(CONFIG), abs=1e-6)


def test_tremor_grows_outwards_and_upwards() -> None:
    tremor = CONFIG.tremor
    near, far, high = tremor.sigmas(0, 0), tremor.sigmas(60, 0), tremor.sigmas(0, 40)
    assert near[0] < far[0] and near[0] < high[0]
    assert near[1] < far[1] and near[1] < high[1]
    spread = [abs(perturb(60.0, 0.0, 0.0, up_mm=30, tremor=tremor, rng=rng_for(s))[0] - 60.0)
              for s in range(50)]
    calm = [abs(perturb(0.0, 0.0, 0.0, up_mm=0, tremor=tremor, rng=rng_for(s))[0])
            for s in range(50)]
    assert sum(spread) > 2 * sum(calm)
    assert max(calm) <= tremor.clip_sigmas * near[0] + 1e-9


def test_derived_seeds_are_stable() -> None:
    assert derive_seed(1, 2, "lumber") == derive_seed(1, 2, "lumber")
    assert derive_seed(1, 2, "lumber") != derive_seed(1, 2, "chest")
    assert derive_seed(0) == 0x5feceb66ffc86f38 >> 1  # SHA-256 of "0": fixed across runs


def test_risk_levels() -> None:
    assert placement_risk(Scene(), [card(0.0)], seed=1) is Risk.SAFE
    assert placement_risk(Scene(), [card(OUT)], seed=1) is Risk.DANGEROUS
    assert classify(0) is Risk.SAFE
    assert classify(CONFIG.risk.shaky_from) is Risk.SHAKY
    assert classify(CONFIG.risk.trials) is Risk.DANGEROUS


def test_lift_risk_of_the_counterweight(held_by_counterweight) -> None:
    assert lift_risk(held_by_counterweight.scene, f"R{STOUT}", seed=2) is Risk.DANGEROUS


def test_risk_does_not_depend_on_the_thread_pool() -> None:
    serial = dataclasses.replace(CONFIG, risk=dataclasses.replace(CONFIG.risk, workers=1))
    move = [card(EDGE - 5.0), Placement(CHEST, 0, EDGE + 20.0, 0.0)]
    assert placement_risk(Scene(), move, seed=3) is placement_risk(Scene(), move, seed=3,
                                                                   config=serial)


def test_a_small_raft_settles_in_a_fraction_of_a_second_of_simulated_time() -> None:
    result = place(Scene(), [card(0.0), Placement(RAFTER, 0, 20.0, 0.0),
                             Placement(CHEST, 1, -20, 0)], seed=4)
    assert result.steps * CONFIG.simulation.timestep_s < 0.6
    assert result.fallen == ()


def test_shipped_config_is_consistent() -> None:
    config = load_config()
    assert len(config.rafters) == 5
    assert len({r.mass for r in config.rafters}) == 5  # different weights
    assert len(config.prints) == config.lumber.count == 42
    assert {n: (s.boards, s.colors) for n, s in config.seating.items() if n > 1} == {
        2: (3, 3), 3: (2, 2), 4: (1, 1), 5: (1, 1), 6: (1, 1)}


def test_bad_config_is_refused() -> None:
    import json

    from engine.rafter.config import DATA_FILE

    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw["lumber"]["sim_thickness"] = 0.1
    with pytest.raises(Malformed):
        parse_config(raw)
    del raw["tremor"]
    with pytest.raises(Malformed):
        parse_config(raw)


def test_thicker_solver_boards_are_configurable() -> None:
    thick = dataclasses.replace(CONFIG, lumber=dataclasses.replace(CONFIG.lumber, sim_thickness=2.0))
    result = place(Scene(), [card(0.0), Placement(CHEST, 0, 0.0, 0.0)], seed=None, config=thick)
    assert result.scene.get("C0.0").pose.pos[2] == pytest.approx(2.0, abs=0.1)


def test_bench_plays_a_few_legal_looking_turns(capsys) -> None:
    from bench.rafter import main

    main(["--turns", "2", "--seed", "7", "--games", "0"])  # the whole games take a minute
    assert "early (turns 0-3)" in capsys.readouterr().out
