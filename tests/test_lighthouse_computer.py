"""Lighthouse computer players: they see only their view, play whole matches legally under
any options, decide the same way twice, explain themselves in translatable public words,
and find the obvious move in hand-made positions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.computer import decision_seed, json_view, play_game
from engine.core import Budget, ComputerPlayer, Decision
from engine.lighthouse import SPEC
from engine.lighthouse.board import Token, empty_board, place
from engine.lighthouse.computer import BASELINES, LEVELS
from engine.lighthouse.computer.lines import LineShort, line_steps
from engine.lighthouse.computer.odds import expected_extreme
from engine.lighthouse.computer.position import code
from engine.lighthouse.options import Options
from engine.lighthouse.scoring import score_line
from engine.lighthouse.state import (
    PLAY,
    LighthouseState,
    Move,
    Player,
    board_marker,
    consistency_problems,
)
from tests.test_lighthouse_properties import scramble_secrets

PLAYERS = {**BASELINES, **LEVELS}
RED, BLUE = 0, 1
TR = Translator.load()


def small_budget(player: ComputerPlayer) -> Budget:
    """A small budget on a clock that never moves: quick games whose choices do not depend on
    the machine's speed."""
    return Budget(0.05, clock=lambda: 0.0)


def choose(player: ComputerPlayer, state: LighthouseState, seed: int = 7) -> Decision:
    return player.choose(json_view(SPEC, state, state.current), state.current,
                         random.Random(seed), small_budget(player))


def played_state(seed: int, steps: int, options: dict[str, int] | None = None) -> LighthouseState:
    """A match `steps` random moves in (fewer if it ends sooner)."""
    rng = random.Random(seed)
    state = SPEC.setup(2, seed, options or {})
    for _ in range(steps):
        if SPEC.is_over(state):
            break
        state, _ = SPEC.apply(state, state.current,
                              rng.choice(SPEC.legal_actions(state, state.current)))
    return state


# --- the view only -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_view_does_not_change_with_what_the_seat_cannot_see_nor_does_any_choice(seed):
    state = played_state(seed, steps=6 + 7 * seed)
    twin = scramble_secrets(state, state.current, seed + 100)
    assert twin.players != state.players or not state.players[1 - state.current].pile
    seat = state.current
    assert json_view(SPEC, twin, seat) == json_view(SPEC, state, seat)
    for player in PLAYERS.values():
        for rng_seed in (1, 2):
            assert choose(player, twin, rng_seed) == choose(player, state, rng_seed)


# --- whole matches -------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"zone_size": 3},
    {"zone_size": 7, "hand_size": 5},
    {"values": 2, "copies": 8, "track": 30},  # many equal numbers, a track nobody reaches
    {"values": 9, "copies": 1, "hand_size": 1},  # too few tokens to fill the board: stuck
    {"zone_size": 5, "track": 3, "hand_size": 2},
]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_matches_to_the_end_with_legal_moves_under_any_options(level):
    """Each set of options from either seat: twelve matches. (Fifty, the test's first form,
    played each set from one seat only, some eight times over.)"""
    reasons = Counter()
    for seed in range(2 * len(OPTION_SETS)):
        lineup = [LEVELS[level], BASELINES["random"]]
        if seed // len(OPTION_SETS):
            lineup.reverse()
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        played = play_game(SPEC, lineup, seed, options, budget=small_budget)
        assert SPEC.outcome(played.state) is not None
        seat = lineup.index(LEVELS[level])
        reasons.update(r.key for s, r in zip(played.seats, played.reasons) if s == seat and r)
    assert reasons["lighthouse-bot-next-round"] > 0
    assert len(reasons) >= 3  # it says different things about different moves


def test_the_levels_beat_the_greedy_baseline_clearly():
    """Few games, so only a clear margin: the greedy baseline takes the best line now and
    walks into every line it leaves open; normal and hard do not."""
    def wins(strong: ComputerPlayer, weak: ComputerPlayer, games: int) -> float:
        score = 0.0
        for seed in range(games):
            lineup = [strong, weak] if seed % 2 == 0 else [weak, strong]
            winners = SPEC.outcome(play_game(SPEC, lineup, 1000 + seed,
                                             budget=small_budget).state).winners
            seat = lineup.index(strong)
            score += 0.0 if seat not in winners else 1.0 / len(winners)
        return score / games

    assert wins(LEVELS["normal"], BASELINES["greedy"], 12) >= 0.8
    assert wins(LEVELS["hard"], BASELINES["greedy"], 6) >= 0.8


# --- determinism and words -----------------------------------------------------------------


def test_the_same_view_and_seed_give_the_same_decision_and_the_rng_matters_only_for_ties():
    state = played_state(3, steps=20)
    view = json_view(SPEC, state, state.current)
    for player in PLAYERS.values():
        seed = decision_seed(3, state.version, state.current)
        first = player.choose(view, state.current, random.Random(seed), small_budget(player))
        again = player.choose(view, state.current, random.Random(seed), small_budget(player))
        assert first == again
        SPEC.apply(state, state.current, first.action)  # legal


def test_every_reason_is_a_public_label_translated_in_every_language():
    seen = set()
    for level in LEVELS.values():
        for seed in range(4):
            played = play_game(SPEC, [level, level], seed, budget=small_budget)
            seen.update(r for r in played.reasons if r is not None)
    assert {label.key for label in seen} >= {
        "lighthouse-bot-next-round", "lighthouse-bot-score", "lighthouse-bot-safe"}
    for label in seen:
        assert label.key.startswith("lighthouse-bot-")
        assert set(label.args) <= {"points"}  # a board count, never a number in a hand
        for lang in LANGUAGES:
            assert TR.format(lang, label.key, dict(label.args)) is not None
            text, errors = TR.format(lang, label.key, dict(label.args))
            assert not errors and label.key not in text


def test_the_fast_line_scores_agree_with_the_engine():
    rng = random.Random(5)
    for _ in range(2000):
        size = rng.choice((3, 5, 7))
        values = rng.randint(2, 9)
        tokens = [Token(rng.randrange(2), rng.randint(1, values)) for _ in range(size)]
        codes = [code(t.seat, t.value) for t in tokens]
        steps = score_line(tokens).steps
        assert line_steps(codes) == steps
        last = rng.randrange(size)  # the token that completes the line
        assert LineShort(codes[:last] + codes[last + 1:]).steps(codes[last]) == steps


def test_the_best_of_a_hidden_hand_is_weighed_exactly():
    """The expected best (and worst) worth of a hand, against listing every hand."""
    rng = random.Random(9)
    for _ in range(200):
        unseen = {v: rng.randint(0, 3) for v in range(1, rng.randint(2, 6) + 1)}
        tokens = [v for v, n in unseen.items() for _ in range(n)]
        if not tokens:
            continue
        worth = {v: float(rng.randint(-5, 5)) for v in unseen}
        size = rng.randint(1, min(4, len(tokens)))
        hands = list(combinations(tokens, size))
        for lowest, pick in ((False, max), (True, min)):
            exact = sum(pick(worth[v] for v in hand) for hand in hands) / len(hands)
            assert expected_extreme(worth, unseen, size, lowest=lowest) == pytest.approx(exact)


# --- hand-made positions -------------------------------------------------------------------


def position(tokens: list[tuple[int, int, int, int]], hands: tuple[tuple[int, ...], ...],
             current: int, **options: int) -> LighthouseState:
    """A sound mid-round state: `tokens` are (seat, zone, cell, value) besides the centres
    (red 7 and blue 7), the piles hold every other token, and `current` is to act."""
    opts = Options.parse(options)
    board = empty_board(opts.zone_size)
    for seat in (RED, BLUE):
        board = place(board, seat, opts.centre, Token(seat, 7))
    for seat, zone, cell, value in tokens:
        board = place(board, zone, cell, Token(seat, value))
    players = []
    for seat in (RED, BLUE):
        used = Counter(t.value for z in board for t in z if t is not None and t.seat == seat)
        pile = Counter(opts.full_set()) - used - Counter(hands[seat])
        players.append(Player(pile=tuple(sorted(pile.elements())), hand=tuple(sorted(hands[seat]))))
    placed = [sum(1 for s, *_ in tokens if s == seat) for seat in (RED, BLUE)]
    starter = current if placed[current] == placed[1 - current] else 1 - current
    mover = 1 - current
    last_seat, zone, cell, value = next(t for t in reversed(tokens) if t[0] == mover)
    state = LighthouseState(seed=1, options=opts, round=1, starter=starter, board=board,
                            players=tuple(players), current=current, phase=PLAY,
                            last=Move(last_seat, value, zone, cell))
    state = replace(state, marker=board_marker(state))
    assert consistency_problems(state) == []
    return state


HARMLESS = [(RED, 0, 20, 1), (RED, 0, 16, 2), (BLUE, 1, 20, 1), (BLUE, 1, 16, 2)]
"""Tokens far from completing anything, to keep the players' counts even."""


def scoring_position(**options: int) -> LighthouseState:
    """Red to play, holding a 4 that makes four 4s in red's row 2 of the red zone (+6),
    where any other number makes only three (+3)."""
    tokens = [(RED, 0, 5, 4), (RED, 0, 6, 4), (RED, 0, 8, 2), (BLUE, 0, 7, 4),
              (BLUE, 1, 0, 5), (BLUE, 1, 1, 6)] + HARMLESS
    return position(tokens, ((1, 3, 4), (1, 2, 3)), RED, **options)


@pytest.mark.parametrize("name", ["greedy", "normal", "hard"])
def test_the_best_line_is_completed_with_the_best_number(name):
    state = scoring_position()
    decision = choose(PLAYERS[name], state)
    assert decision.action == "p:4:0:9"
    if name != "greedy":
        assert decision.reason is not None and decision.reason.key == "lighthouse-bot-score"
        assert decision.reason.args == {"points": 6}


@pytest.mark.parametrize("name", ["normal", "hard"])
def test_a_move_that_reaches_the_end_of_the_track_is_taken_and_said(name):
    state = scoring_position(track=5)
    decision = choose(PLAYERS[name], state)
    after, _ = SPEC.apply(state, RED, decision.action)
    assert after.results and after.results[-1].winner == RED
    assert decision.reason is not None and decision.reason.key == "lighthouse-bot-track"


def test_easy_mostly_sees_the_best_line_but_not_always():
    state = scoring_position()
    actions = Counter(choose(LEVELS["easy"], state, seed).action for seed in range(60))
    assert 30 <= actions["p:4:0:9"] < 60


def opening_position() -> LighthouseState:
    """Red to play with nothing to complete; blue's row 1 of the blue zone holds three blue
    5s and two empty cells: a red token there would let blue complete it for 3 or more."""
    tokens = [(BLUE, 1, 0, 5), (BLUE, 1, 1, 5), (BLUE, 1, 2, 5),
              (RED, 0, 0, 1), (RED, 0, 6, 2), (RED, 0, 18, 3)]
    return position(tokens, ((1, 2, 3), (4, 5, 6)), RED)


@pytest.mark.parametrize("name", ["normal", "hard"])
def test_no_line_is_left_open_for_the_opponent_to_score(name):
    state = opening_position()
    for seed in range(8):
        action = choose(PLAYERS[name], state, seed).action
        _, _, zone, cell = action.split(":")
        assert (zone, cell) not in {("1", "3"), ("1", "4")}, action


def test_greedy_sees_no_difference_and_walks_into_it_sometimes():
    state = opening_position()
    actions = {choose(BASELINES["greedy"], state, seed).action for seed in range(200)}
    assert any(a.endswith((":1:3", ":1:4")) for a in actions)


def setup_position() -> LighthouseState:
    """Red to play: red's row 1 of the red zone holds red 4, 4, 6 and two empty cells. A red
    4 there leaves a line red owns with three 4s whoever completes it: the opponent can only
    give red 3 or more now, or leave it for red to complete all red for more."""
    tokens = [(RED, 0, 0, 4), (RED, 0, 1, 4), (RED, 0, 2, 6),
              (BLUE, 1, 0, 1), (BLUE, 1, 6, 2), (BLUE, 1, 18, 3)]
    return position(tokens, ((1, 2, 4), (1, 2, 3)), RED)


def test_hard_sets_up_a_line_only_it_can_profit_from():
    state = setup_position()
    for seed in range(4):
        assert choose(LEVELS["hard"], state, seed).action in {"p:4:0:3", "p:4:0:4"}
