"""Every stored raft is at rest: the fairness of Rafter Five's blame.

A move's pieces settle until they are still, and the raft is stored; the next move starts
from it and sets free only what it can disturb. Were a stored raft still falling (or about to
fall), the fall would finish during the next player's move and its chests would go onto their
penalty board. So every raft of these seeded whole games (random legal moves, 2, 3 and 4
players) runs with *every* piece free for two simulated seconds, with no stopping rule:
nothing may fall, and no piece may move more than 2 mm (on average slower than half the speed
a settle calls still: MuJoCo's contacts are soft, and a stack set free sinks into them by
hundredths of a mm a layer). A move that takes a rafter from the sea leaves the raft as it
was: that raft is checked once. Longer games with bigger rafts: `python -m bench.rafter_rest`.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from engine.rafter import SPEC
from engine.rafter.config import CONFIG, RafterConfig
from engine.rafter.physics import Placement, place
from engine.rafter.rest import rest_check
from engine.rafter.scene import Scene
from engine.rafter.state import from_dict

TOLERANCE_MM = 2.0
LATE_MOVE = Path(__file__).parent / "data" / "rafter_move57.json"
"""The state before move 57 of a seeded game (4 players, seed 11, random legal moves; 40
pieces on the raft), the seat to move and its build."""
SLOW_TIP = Path(__file__).parent / "data" / "rafter_fall_left_seed5.json"
"""Seat 0's move 9 of a 2-player game of careful builds (seed 5): the state `before` it, as
an older engine stored it, the seat and its build (`../shared/reference`'s case file)."""
CREEP = Path(__file__).parent / "data" / "rafter_fall_left_seed11_take.json"
"""Seat 0's move 71 of a 4-player game of random legal moves (seed 11, `bench.rafter_rest`):
the state `before` it (44 pieces), the seat and its take of a rafter from the raft."""
CUT_SHORT = Path(__file__).parent / "data" / "rafter_fall_left_seed11_p2_move118.json"
"""Seat 0's move 118 of a 2-player game of random legal moves (seed 11, `bench.rafter_rest`):
the state `before` it (69 pieces), the seat, its take of a rafter from the raft, and the state
an older engine `stored` (its last settle ran into `max_settle_s` with a card sliding). The
move takes 10-30 s of process time, too long for the suite; the rule it called for is tested
on a small scene, and `python -m bench.rafter_fall_left` runs the case."""


def stored_rafts(players: int, seed: int, chests: int) -> list[tuple[int, Scene]]:
    """(version, raft) after every move of a seeded whole game of random legal moves, a raft
    the move left as it was (a rafter taken from the sea) only once."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {"chests": chests})
    rafts: list[tuple[int, Scene]] = []
    while not SPEC.is_over(state):
        action = rng.choice(SPEC.legal_actions(state, state.current))
        state, _ = SPEC.apply(state, state.current, action)
        if not rafts or rafts[-1][1] != state.scene:
            rafts.append((state.version, state.scene))
    return rafts


@pytest.mark.parametrize(("players", "seed", "chests"), [(2, 11, 3), (3, 12, 2), (4, 13, 2)])
def test_every_stored_raft_of_a_whole_game_is_at_rest(players: int, seed: int,
                                                      chests: int) -> None:
    rafts = stored_rafts(players, seed, chests)
    assert len(rafts) >= 6 and max(len(s.pieces) for _, s in rafts) >= 10  # a real game
    restless = {}
    for version, scene in rafts:
        check = rest_check(scene)
        if not check.at_rest(TOLERANCE_MM):
            restless[version] = check
    assert restless == {}


def test_a_late_build_leaves_no_fall_behind() -> None:
    """On this 40-piece raft the build's settle holds still the pieces long at rest. Before
    those were let go again for a moment before storing the raft, a card and a chest were
    stored tipping, and fell as soon as the raft was left alone: in the next player's move.
    (The raft before the build was at rest, checked when it was recorded.)"""
    stored = json.loads(LATE_MOVE.read_text())
    before = from_dict(stored["state"])
    assert len(before.scene.pieces) == 40
    after, _ = SPEC.apply(before, stored["seat"], stored["action"])
    assert rest_check(after.scene).fallen == ()


def test_a_slow_tip_is_finished_by_the_build_not_left_for_the_next_player() -> None:
    """In the raft before this build a card leans over the north edge, levered up by another
    card's end, with a rafter and the other seat's chest on it: left free it tips, slowly
    (the contacts are overdamped), and falls after two seconds. The build's settle set the
    card free with its load held still two layers up (weightless, pinning it), and held the
    levered group still; the recheck judged it by 10 mm/s, and it tipped at 4 mm/s. The raft
    it stored still dropped the card, the rafter and the chest when left free, in the next
    player's move. Now the build finishes the fall, and what it stores stays put."""
    case = json.loads(SLOW_TIP.read_text())
    before = from_dict(case["before"])
    assert {"L30", "R3", "C4.0"} <= set(rest_check(before.scene, seconds=3.0).fallen)
    after, _ = SPEC.apply(before, case["seat"], case["action"])
    assert rest_check(after.scene, seconds=3.0).fallen == ()


def test_a_chest_left_creeping_off_a_sliding_card_falls_during_the_take() -> None:
    """Taking this rafter leaves chest C1.1 bridging two cards, one of which slides out from
    under it at 0.4 mm/s; the chest creeps at about 1 mm/s, slower than a settle calls still,
    and drops into the sea a second after the raft is left alone. A settle that stores the
    raft does not stop while a piece creeps without slowing down, so the take finishes the
    fall (its mover's) and the raft it stores keeps every piece."""
    case = json.loads(CREEP.read_text())
    after, _ = SPEC.apply(from_dict(case["before"]), case["seat"], case["action"])
    assert after.last is not None and "C1.1" in {p.id for p in after.last.fallen}
    assert rest_check(after.scene).fallen == ()


def test_a_settle_at_its_time_bound_finishes_a_fall_under_way() -> None:
    """A settle stops at `max_settle_s` (a latency bound), but one that stores the raft goes
    on past it, `overtime_s` at most, while a piece moves faster than the still speed. In the
    `CUT_SHORT` case the settle stopped at 4 s with card L40 sliding at 10 mm/s, and left free
    the stored raft dropped chest C5.3 and rafter R3 within a second, chest C4.5 within two:
    now the take drops all three itself. Here a card hangs far over the edge, and the settle
    is allowed next to no time of its own (the same card is stored falling with no overtime,
    below): it goes on, and the card is in the sea."""
    falling = place(Scene(), [Placement("L", 0, 72.5, 0.0)], seed=None,
                    config=_no_settle(overtime_s=4.0))
    assert falling.fallen_ids == ("L0",) and falling.scene == Scene()


def test_the_check_sees_a_raft_that_is_still_falling() -> None:
    """A card stored hanging far over the edge, as if a settle had stopped mid-fall."""
    falling = place(Scene(), [Placement("L", 0, 72.5, 0.0)], seed=None, config=_no_settle())
    check = rest_check(falling.scene)
    assert check.fallen == ("L0",)
    assert not check.at_rest(TOLERANCE_MM)


def _no_settle(overtime_s: float = 0.0) -> RafterConfig:
    sim = dataclasses.replace(CONFIG.simulation, min_settle_s=0.002, max_settle_s=0.002,
                              overtime_s=overtime_s)
    return dataclasses.replace(CONFIG, simulation=sim)
