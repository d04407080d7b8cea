"""Rafter Five computer players: they decide from the view alone, always legally, the same way
every time, explain themselves in public words, and make the obvious safe moves.

Whole games are expensive here (every move is a physics simulation), so they are few, short
(one chest each: the game ends at the first chest that stays on the raft; one longer game)
and thought with small budgets.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.computer import json_view, play_game
from engine.core import Budget, ComputerPlayer, Decision
from engine.rafter import SPEC
from engine.rafter.actions import Build, decode
from engine.rafter.computer import BASELINES, LEVELS
from engine.rafter.computer.building import build_options
from engine.rafter.computer.outlook import Outlook, pose_margins, safe_places
from engine.rafter.computer.reasons import KEYS
from engine.rafter.config import CONFIG
from engine.rafter.physics import dropped, settle
from engine.rafter.probe import RaftProbe
from engine.rafter.rules import build_placements
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Scene
from engine.rafter.state import PLACE, TAKE, RafterState, starting_scene
from tests.test_rafter_game import lying
from tests.test_rafter_game import position as rafter_position

EVERYONE: dict[str, ComputerPlayer] = {**LEVELS, **BASELINES}
EDGE_X = CONFIG.raft_size[0] / 2  # 62.5 mm: the raft card spans x = ±62.5, y = ±41.5
THICK = CONFIG.lumber.sim_thickness
SMALL, STOUT, TALL, LONG, ELL = range(5)
QUICK = 0.6  # seconds: enough for a trial or two on a small raft
GAMES_EACH = 2  # short games each level opens, at every player count
MAX_GAMES = 30  # a bound on the games played to see a fall, at one player count


# --- positions ---------------------------------------------------------------------------


def position(scene: Scene, *, players: int = 3, held: int | None = None,
             card: int | None = None, last_rafter: int | None = None,
             seed: int = 7) -> RafterState:
    """A consistent three-chest state around a hand-built raft (see tests/test_rafter_game)."""
    return rafter_position(scene, players=players, chests=3, held=held, card=card, seed=seed,
                           last_rafter=last_rafter)


def see_saw() -> Scene:
    """Lumber card 0 sticks out 5 mm past the raft's right edge, with seat 0's and seat 1's
    chests on its outer end: only the long rafter lying on its inner end holds it down (the
    long one is otherwise the easiest to build with). The others stand free on the raft."""
    scene = starting_scene().without([f"{RAFTER}{LONG}"]).with_pieces([
        lying(LUMBER, 0, EDGE_X + 5.0, 0.0), lying(RAFTER, LONG, 25.0, 0.0, THICK),
        lying(CHEST, 0, 85.0, 0.0, THICK), lying(CHEST, 2, 100.0, 0.0, THICK)])
    result = settle(scene)
    assert result.fallen == ()
    return result.scene


def played_a_while(players: int, seed: int, moves: int) -> RafterState:
    """A state some random legal moves into a game."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    for _ in range(moves):
        (seat,) = SPEC.to_act(state)
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
    return state


def thinking(seconds: float) -> Budget:
    """A budget that sizes the work but never runs out: a busy test machine must not cut a
    decision short and so change it."""
    return Budget(seconds, clock=lambda: 0.0)


def decide(player: ComputerPlayer, state: RafterState, seed: int = 1,
           seconds: float = QUICK) -> Decision:
    seat = state.current
    return player.choose(json_view(SPEC, state, seat), seat, random.Random(seed),
                         thinking(seconds))


def fell(state: RafterState, action: str) -> bool:
    _, events = SPEC.apply(state, state.current, action)
    return any(e.label.key == "rafter-fell" for e in events)


# --- 1. the view, and nothing else -------------------------------------------------------


@pytest.fixture(scope="module")
def midgame() -> tuple[RafterState, RafterState]:
    """A take and a build some moves into a three-player game: the first take from move 14
    on whose lift drops nothing."""
    rng = random.Random(5)
    state = played_a_while(3, 5, 14)
    for _ in range(40):
        (seat,) = SPEC.to_act(state)
        if state.phase == TAKE:
            build, _ = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
            if build.phase == PLACE:
                return state, build
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
    raise AssertionError("no quiet take in 40 moves")


@pytest.mark.parametrize("name", sorted(EVERYONE))
def test_decisions_depend_only_on_what_the_seat_may_see(midgame, name: str) -> None:
    for state in midgame:
        hidden = replace(state, seed=state.seed + 1, sea_lumber=tuple(reversed(state.sea_lumber)))
        assert hidden.sea_lumber != state.sea_lumber
        seat = state.current
        assert json_view(SPEC, state, seat) == json_view(SPEC, hidden, seat)
        assert decide(EVERYONE[name], state, 3) == decide(EVERYONE[name], hidden, 3)


# --- 2. whole games, every action legal --------------------------------------------------


@pytest.mark.parametrize("players", range(1, 7))
def test_every_level_plays_whole_games_legally(players: int) -> None:
    """Short games (one chest each) at each player count, the levels going round the first
    three seats (further seats take the random baseline): every level opens `GAMES_EACH`
    games, and the games go on, seed after seed, until one has had a fall, so that the
    count's games cover a take, a build, a fall (what fell sorted away, the turn passed or,
    solo, the game ended by it) and the ending by the first chest that stays.

    A one-chest game ends at the first chest that stays: it is the opening seat's take and
    build, and after a fall the next seat's. Fifty games a level at each count (the test's
    first form) covered exactly that, at ten times the cost. `play_game` applies every action
    through the engine, so an illegal one raises."""
    levels = list(LEVELS.values())
    at_table = min(players, len(levels))
    opened = dict.fromkeys(LEVELS, 0)
    seen: set[str] = set()  # the keys of the games' events

    def note(_before, _seat, _decision, _after, events) -> None:
        seen.update(event.label.key for event in events)

    for game in range(MAX_GAMES):
        if min(opened.values()) >= GAMES_EACH and "rafter-fell" in seen:
            break
        seats = [levels[(game + i) % len(levels)] for i in range(at_table)]
        seats += [BASELINES["random"]] * (players - at_table)
        played = play_game(SPEC, seats, 100 + game, {"chests": 1},
                           budget=lambda _p: thinking(QUICK),
                           on_move=note)
        assert SPEC.is_over(played.state)
        assert all(r is None or r.key in KEYS for r in played.reasons)
        opened[seats[0].level] += 1
    assert min(opened.values()) >= GAMES_EACH
    assert {"rafter-took-raft", "rafter-built", "rafter-fell", "rafter-end-all-placed"} <= seen
    assert players > 1 or "rafter-end-solo-fall" in seen


def test_the_levels_play_a_longer_game_legally() -> None:
    """Three chests each: the raft grows to some twenty pieces, with lifts off lumber."""
    played = play_game(SPEC, list(LEVELS.values()), 5, {"chests": 3},
                       budget=lambda _p: thinking(QUICK))
    assert SPEC.is_over(played.state)
    assert len(played.state.scene.pieces) >= 12
    assert {seat for seat, reason in zip(played.seats, played.reasons) if reason} == {0, 1, 2}


# --- 3. determinism, words, and the obvious moves ----------------------------------------


@pytest.mark.parametrize("name", sorted(EVERYONE))
def test_the_same_view_and_seed_give_the_same_decision(midgame, name: str) -> None:
    for state in midgame:
        first = decide(EVERYONE[name], state, 11)
        assert decide(EVERYONE[name], state, 11) == first
        decode(first.action)


def test_reasons_are_public_translated_keys(midgame) -> None:
    tr = Translator.load()
    seen = set()
    for state in (*midgame, position(see_saw())):
        for player in LEVELS.values():
            reason = decide(player, state, seconds=player.budget).reason
            assert reason is not None and reason.key in KEYS
            seen.add(reason.key)
            for lang in LANGUAGES:
                assert tr.has(lang, reason.key)
                text = tr.render_label(lang, reason, ["Ann", "Bob", "Cy"])
                assert "{" not in text and reason.key not in text
            # the only argument names a rafter, which everyone sees on the table
            assert set(reason.args) <= {"rafter"}
            assert all(tr.has("en", value) for value in reason.args.values())
    assert len(seen) >= 2
    for key in KEYS:
        for lang in LANGUAGES:
            assert tr.has(lang, key)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_no_level_lifts_the_rafter_that_holds_a_card_down(level: str) -> None:
    state = position(see_saw())
    assert fell(state, f"t{LONG}")  # the trap is real
    decision = decide(LEVELS[level], state, seconds=LEVELS[level].budget)
    assert decision.action in {f"t{r}" for r in (SMALL, STOUT, TALL, ELL)}
    assert not fell(state, decision.action)


def _overhang() -> RafterState:
    """One card lies along the raft's right half, its outer end 25 mm over the sea, held by
    the stout rafter on its inner end; the long rafter is in hand with a new card. A card
    laid further out falls; one laid over the raft stands."""
    scene = starting_scene().without([f"{RAFTER}{STOUT}", f"{RAFTER}{LONG}"]).with_pieces([
        lying(LUMBER, 0, EDGE_X - 30.0, 0.0), lying(RAFTER, STOUT, 0.0, 0.0, THICK)])
    scene = settle(scene).scene
    return position(scene, held=LONG, card=1)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_careful_levels_build_where_it_stands(level: str) -> None:
    state = _overhang()
    assert fell(state, "b75,0,0,9a1")  # further out, with the rafter on the far end: it tips
    decision = decide(LEVELS[level], state, seconds=LEVELS[level].budget)
    assert isinstance(decode(decision.action), Build)
    for seed in range(3):  # whatever the real tremor
        assert not fell(replace(state, seed=seed), decision.action)


def test_hard_leaves_the_next_card_fewer_safe_places_than_normal_does() -> None:
    """On the overhang raft normal lays its card where the next one still has room; hard,
    as safely for itself (the test above), lays it where little room is left."""
    state = _overhang()
    left = {}
    for level in ("normal", "hard"):
        build = decode(decide(LEVELS[level], state, seconds=LEVELS[level].budget).action)
        assert isinstance(build, Build)
        raft = dropped(state.scene, build_placements(state, build))
        left[level] = safe_places(raft, LONG, advanced=False)
    assert left["hard"] < left["normal"] / 2


def test_the_outlook_judged_only_where_a_build_changes_the_raft_counts_as_judged_afresh() -> None:
    """`Outlook` judges again only the poses the new pieces come near: every build's margins
    must be the ones `pose_margins` finds on the whole raft it leaves."""
    state = _overhang()
    outlook = Outlook(state.scene, LONG, state.card or 0, advanced=False)
    options = build_options(state, RaftProbe(state.scene), random.Random(3), 60)
    counts = set()
    for option in options[::max(1, len(options) // 12)]:
        raft = dropped(state.scene, build_placements(state, option.build))
        new = raft.pieces[len(state.scene.pieces):]
        assert len(new) == 3  # card, rafter, chest
        counts.add(safe_places(raft, LONG, advanced=False))
        assert (outlook.margins_after(raft, new) == pose_margins(raft, LONG, advanced=False)).all()
    assert len(counts) >= 3  # builds that leave the next card different room


def test_a_rafter_in_the_sea_is_taken_first() -> None:
    state = position(see_saw().without([f"{RAFTER}{TALL}"]))
    for player in EVERYONE.values():
        assert decide(player, state).action == f"t{TALL}"
    reason = decide(LEVELS["normal"], state).reason
    assert reason is not None and reason.key == "rafter-bot-take-sea"


def test_with_no_new_card_left_a_card_lying_wood_side_up_is_taken() -> None:
    """The face-down sea is empty; the cards that fell wood side up are all that is left."""
    state = position(starting_scene(), last_rafter=SMALL)
    state = replace(state, sea_lumber=(), sea_wood=tuple(state.sea_lumber))
    legal = set(SPEC.legal_actions(state, state.current))
    for player in EVERYONE.values():
        action = decide(player, state).action
        assert action in legal and decode(action).wood in state.sea_wood
