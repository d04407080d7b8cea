"""Lanterns computer players: they see only their view, play only legal moves, decide the same
way twice, explain themselves in translatable words, and find the obvious good move."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.computer import json_view, play_game
from engine.core import Budget, ComputerPlayer, Decision, Label
from engine.lanterns import SPEC, rules
from engine.lanterns.actions import Dedicate, Place, decode
from engine.lanterns.components import FOUR, LAKE_TILES
from engine.lanterns.computer import BASELINES, LEVELS
from engine.lanterns.computer.reading import sample_world
from engine.lanterns.computer.reasons import reason_for
from engine.lanterns.computer.turns import handout
from engine.lanterns.state import FINAL, LanternsState
from tests.lanterns_helpers import arrange, colors

EVERYONE = {**LEVELS, **BASELINES}
TEST_SECONDS = 0.01
"""A small budget: the search level does a little of its work, the same work every time."""


def frozen_clock() -> float:
    return 0.0  # a budget on this clock never runs out, so the work is fixed by its size


def small_budget(_player: ComputerPlayer | None = None) -> Budget:
    return Budget(TEST_SECONDS, clock=frozen_clock)


def decide(player: ComputerPlayer, state: LanternsState, seed: int = 7) -> Decision:
    seat = state.current
    return player.choose(json_view(SPEC, state, seat), seat, random.Random(seed), small_budget())


def random_position(players: int, seed: int) -> LanternsState:
    """A position some way into a game played by the greedy baseline."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    greedy = BASELINES["greedy"]
    for _ in range(rng.randrange(0, 45)):
        if SPEC.is_over(state):
            break
        state, _ = SPEC.apply(state, state.current, decide(greedy, state, rng.randrange(99)).action)
    return state


def scramble_secrets(state: LanternsState, viewer: int, seed: int) -> LanternsState:
    """The same game as far as `viewer` can tell: the other hands and the stack dealt again
    from every tile the viewer has not seen, including those left in the box."""
    rng = random.Random(seed)
    seen = {p.tile for p in state.board} | set(state.players[viewer].hand)
    pool = [t for t in LAKE_TILES if t not in seen]
    rng.shuffle(pool)
    players = list(state.players)
    for seat, player in enumerate(players):
        if seat != viewer:
            players[seat] = replace(player, hand=tuple(pool[:len(player.hand)]))
            pool = pool[len(player.hand):]
    return replace(state, players=tuple(players), stack=tuple(pool[:len(state.stack)]))


# -- only the view ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_choice_does_not_change_with_what_the_seat_cannot_see(players):
    differed = 0
    for seed in range(6):
        state = random_position(players, 100 * players + seed)
        if SPEC.is_over(state):
            continue
        seat = state.current
        twin = scramble_secrets(state, seat, seed)
        differed += twin != state
        assert SPEC.view(twin, seat) == SPEC.view(state, seat)
        for name, player in EVERYONE.items():
            assert decide(player, twin, seed) == decide(player, state, seed), name
    assert differed >= 4  # the twins really hid something else


def test_a_sampled_world_agrees_with_the_view_on_everything_public():
    state = random_position(3, 11)
    seat = state.current
    view = json_view(SPEC, state, seat)
    world = sample_world(view, seat, random.Random(1))
    assert SPEC.view(world, seat) == view
    assert world.players[seat].hand == state.players[seat].hand
    hidden = sorted(t for s, p in enumerate(state.players) if s != seat for t in p.hand)
    sampled = sorted(t for s, p in enumerate(world.players) if s != seat for t in p.hand)
    assert len(sampled) == len(hidden) and len(world.stack) == len(state.stack)


# -- legal, whole games -------------------------------------------------------------------


GAMES = 12  # each level at each player count: a multiple of 2, 3 and 4 (seats, baselines)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_games_with_legal_moves(level, players):
    """`GAMES` seeded games each; the level takes one seat in turn, the others play at random
    or greedily, so that odd positions (many favors, a forced discard) come up too. Twelve
    games give every seat and both baselines their equal share (the seat and the baseline
    go round with the seed), as the fifty of the test's first form did at four times the
    cost, and see the level make every kind of dedication."""
    opponents = [BASELINES["random"], BASELINES["greedy"]]
    dedications: Counter[str] = Counter()
    for seed in range(GAMES):
        lineup = [opponents[seed % 2]] * players
        lineup[seed % players] = LEVELS[level]

        def on_move(before, seat, decision, after, events, measured=seed % players) -> None:
            # play_game applies every action through the rules, which refuse an illegal one
            if seat == measured and decision.action.startswith("d:"):
                dedications[decision.action[:3]] += 1

        played = play_game(SPEC, lineup, seed, budget=small_budget, on_move=on_move)
        assert SPEC.is_over(played.state)
    assert dedications.total() >= GAMES * 2  # it really plays the game, not only placements
    assert set(dedications) == {"d:4", "d:3", "d:7"}  # four alike, three pairs, seven colours


# -- determinism and words ----------------------------------------------------------------


def test_the_same_view_and_seed_give_the_same_decision():
    for seed in range(3):
        state = random_position(2 + seed, seed)
        for name, player in LEVELS.items():
            assert decide(player, state, seed) == decide(player, state, seed), name


def test_reasons_are_translated_public_lines():
    translator = Translator.load()
    reasons = set()
    for seed, level in enumerate(sorted(LEVELS) * 2):
        lineup = [LEVELS[level], BASELINES["greedy"], LEVELS[level]][: 2 + seed % 2]
        played = play_game(SPEC, lineup, seed, budget=small_budget)
        reasons |= {r for r, s in zip(played.reasons, played.seats) if lineup[s] is LEVELS[level]}
    assert None not in reasons
    keys = {r.key for r in reasons}
    assert {"lanterns-bot-dedicate", "lanterns-bot-place", "lanterns-bot-end"} <= keys
    for lang in LANGUAGES:
        for reason in reasons:
            assert reason.key.startswith("lanterns-bot-")
            assert translator.has(lang, reason.key), (lang, reason.key)
            text = translator.render_label(lang, reason, ["Anna", "Bob", "Eve"])
            assert "{" not in text and "lanterns-" not in text and "color-" not in text, text
            # only public things: cards, tokens, matches; never a tile
            assert set(reason.args) <= PUBLIC_ARGS, reason


# -- the obvious good move ----------------------------------------------------------------

SENSIBLE = ("easy", "normal", "hard")
PUBLIC_ARGS = {"kind", "honor", "take", "color", "cards", "matches"}


@pytest.mark.parametrize("level", SENSIBLE)
def test_dedicates_four_of_a_kind_as_soon_as_it_can(level):
    state = arrange(2, cards={0: colors(red=4, blue=1)})
    assert decide(LEVELS[level], state).action == "d:4:0"


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_spends_favors_to_complete_a_dedication(level):
    state = arrange(2, cards={0: colors(red=3, blue=1)}, favors={0: 2})
    decision = decide(LEVELS[level], state)
    assert decision.action == "x:1:0"
    assert decision.reason.key == "lanterns-bot-exchange"
    state, _ = SPEC.apply(state, 0, decision.action)
    assert decide(LEVELS[level], state).action == "d:4:0"


@pytest.mark.parametrize("level", SENSIBLE)
def test_takes_the_most_honor_in_the_final_turn_then_ends_it(level):
    state = arrange(2, cards={0: colors(red=4, blue=1, green=1, white=1, purple=1, orange=1,
                                          black=1)})
    players = tuple(replace(p, hand=()) for p in state.players)
    state = replace(state, players=players, stack=(), phase=FINAL, final_turns_left=2)
    decision = decide(LEVELS[level], state)
    assert decision.action == "d:7"  # seven unique is worth 10, four of a kind 8
    state, _ = SPEC.apply(state, 0, decision.action)
    assert decide(LEVELS[level], state).action == "e"


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_places_to_complete_four_of_a_kind(level):
    # Tile 8 shows red east and south (rotation 0); at (0, -1) its south meets the start
    # tile's red north, and its east meets tile 7 turned so that its red side faces west.
    # Holding two red cards, the seat can reach four: by matching both red sides, or by
    # matching one and turning the other red side to face itself.
    state = arrange(2, board=[(7, 2, 1, -1), (3, 0, 1, 0)], hands={0: (8, 1, 2)},
                    cards={0: colors(red=2)})
    assert rules.placement_gains(state, 0, Place(8, 0, 0, -1)).match_cards == (0, 0)
    decision = decide(LEVELS[level], state)
    place = decode(decision.action)
    gained = handout(state, place)
    assert gained.cards[0] == 4
    assert decision.reason.args == {"cards": gained.own_cards, "matches": gained.matched}


def test_a_dedication_on_an_empty_stack_is_explained_as_a_grey_four_with_no_hurry():
    state = random_position(2, 1)
    assert state.stacks[0]
    full = reason_for(state, (Dedicate(FOUR, (0,)),))
    assert full.key == "lanterns-bot-dedicate" and full.args["honor"] == state.stacks[0][0]
    empty = replace(state, stacks=((), *state.stacks[1:]))
    grey = reason_for(empty, (Dedicate(FOUR, (0,)),))
    assert grey == Label("lanterns-bot-dedicate-grey", {"kind": "lanterns-kind-four_of_a_kind"})
    translator = Translator.load()
    for lang in LANGUAGES:
        text = translator.render_label(lang, grey, ["Anna", "Bob"])
        assert "4" in text and "{" not in text and "lanterns-" not in text, text
