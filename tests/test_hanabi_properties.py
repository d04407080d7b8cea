"""Property tests over thousands of seeded Hanabi games.

Games are played by a mix of policies (uniformly random, which burns its fuses fast, and
the oracle of `engine.hanabi.playouts`, which reaches the deck's end) with every option.
After every move: the state is consistent (cards conserved, fireworks match the cards
played, tokens in range), what each owner was told is true of the card, and the identities
an owner still considers include the real card.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, Malformed
from engine.hanabi import SPEC
from engine.hanabi.components import MAX_CLUES, MAX_FUSES
from engine.hanabi.playouts import oracle_action, play_game, random_action
from engine.hanabi.state import LOSSES, OVER, HanabiState, consistency_problems, from_dict, to_dict
from engine.hanabi.view import own_knowledge

OPTIONS = [{}, {"multicolor": True}, {"advanced": True}, {"multicolor": True, "advanced": True}]


def check_move(before: HanabiState, after: HanabiState, *, full: bool, deep: bool) -> None:
    """Cheap invariants after every move; `full` adds the whole consistency check, `deep`
    the owners' deductions."""
    if full or after.phase == OVER:
        assert consistency_problems(after) == []
    assert 0 <= after.clues <= MAX_CLUES and 0 <= after.fuses <= MAX_FUSES
    assert after.version == before.version + 1
    assert after.fuses >= before.fuses and all(
        a >= b for a, b in zip(after.fireworks, before.fireworks))
    in_hands = sum(len(h) for h in after.hands)
    assert in_hands + len(after.played) + len(after.discards) + after.deck_left == len(after.deck)
    for seat, hand in enumerate(after.hands):
        for held in hand:
            assert held.told.allows(after.deck[held.order])
        if deep and after.phase != OVER:
            for held, possible in zip(hand, own_knowledge(after, seat)):
                assert after.deck[held.order] in possible


def test_thousands_of_games_keep_every_invariant_and_reach_every_ending():
    endings: Counter = Counter()
    for seed in range(2000):
        options = OPTIONS[seed % 4]
        players = 2 + seed % 4 if seed % 8 < 4 else 2 + (seed // 8) % 4
        careful = seed % 3 != 0
        policy = partial(oracle_action, blunders=0.02 + 0.1 * (seed % 5)) if careful \
            else random_action
        step = [0]

        def on_move(before, action, after, step=step, seed=seed):
            step[0] += 1
            check_move(before, after, full=step[0] % 3 == 0, deep=(step[0] + seed) % 7 == 0)

        final = play_game(players, seed, options, policy, on_move)
        outcome = SPEC.outcome(final)
        assert outcome is not None
        score = outcome.standings[0].score
        assert score == (0 if final.ending in LOSSES else final.score)
        assert score <= final.variant.max_score
        if final.variant.advanced:
            assert score in (0, final.variant.max_score)
        endings[(final.ending, bool(options.get("advanced")))] += 1
    assert {e for e, _ in endings} == {"fuses", "complete", "last_round", "critical"}
    assert endings[("critical", True)] and endings[("last_round", False)]
    assert not endings[("critical", False)] and not endings[("last_round", True)]


def test_every_legal_action_applies_and_refused_ones_change_nothing():
    rng = random.Random(5)
    for seed in range(10):
        state = SPEC.setup(2 + seed % 4, seed, OPTIONS[seed % 4])
        while not SPEC.is_over(state):
            seat = state.current
            legal = SPEC.legal_actions(state, seat)
            assert len(legal) == len(set(legal))
            snapshot = json.dumps(SPEC.to_dict(state))
            for action in legal:
                SPEC.apply(state, seat, action)
            for action in ("play:5", "discard:5", "clue:4:c5", "clue:1:r5", "clue:0:c0"):
                if action not in legal:
                    with pytest.raises((IllegalAction, Malformed)):
                        SPEC.apply(state, seat, action)
            assert json.dumps(SPEC.to_dict(state)) == snapshot
            state, _ = SPEC.apply(state, seat, oracle_action(rng, state).encode())


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10**9),
       options=st.sampled_from(OPTIONS), blunders=st.floats(0, 0.5))
def test_any_game_ends_round_trips_and_replays(players, seed, options, blunders):
    log = []
    final = play_game(players, seed, options, partial(oracle_action, blunders=blunders),
                      on_move=lambda before, action, after: log.append(action.encode()))
    assert SPEC.is_over(final)
    assert from_dict(json.loads(json.dumps(to_dict(final)))) == final
    state = SPEC.setup(players, seed, options)
    for action in log:
        state, events = SPEC.apply(state, state.current, action)
        assert events and all(e.audience is None for e in events)  # Hanabi has no secrets to tell
    assert state == final
    # the game is bounded: every move uses a card or a token, and tokens come from cards
    assert len(log) <= len(final.deck) * 2 + 8 + len(final.fireworks)
