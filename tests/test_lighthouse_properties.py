"""Property tests over hundreds of seeded random Lighthouse matches, and the secrecy of views.

Each random match is checked move by move: tokens are conserved, the players alternate, and
the marker always equals the running sum of the points of the lines scored in the round (as
the events tell them), held at the end of the track.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Event
from engine.lighthouse import SPEC
from engine.lighthouse.board import is_full, own_in_own_zone
from engine.lighthouse.ending import BY_DRAW, BY_SIDE, BY_TRACK
from engine.lighthouse.state import OVER, PLAY, ROUND_OVER, LighthouseState, consistency_problems

MATCHES = 400
"""Random matches: every way a round ends comes up in the first few (a draw in one match
of ten), so four hundred cover what two thousand did, with as many checked in full."""
FULL_CHECK_EVERY = 20  # twenty matches checked in full


def random_move(state: LighthouseState,
                rng: random.Random) -> tuple[LighthouseState, tuple[Event, ...]]:
    """The player to act makes a uniformly random legal move."""
    return SPEC.apply(state, state.current, rng.choice(SPEC.legal_actions(state, state.current)))


def line_steps(events: tuple[Event, ...]) -> int:
    """The marker's move told by a move's line events: towards seat 0 is positive."""
    steps = 0
    for event in events:
        key, args = event.label.key, event.label.args
        if key in ("lighthouse-ev-line", "lighthouse-ev-line-none"):
            points = args["points"] if key == "lighthouse-ev-line" else -args["points"]
            steps += points if args["seat"] == 0 else -points
    return steps


def quick_checks(state: LighthouseState) -> None:
    """The cheap invariants, checked after every move."""
    opts = state.options
    red = [t.seat for zone in state.board for t in zone if t is not None].count(0)
    on_board = sum(t is not None for zone in state.board for t in zone)
    for seat, player in enumerate(state.players):
        mine = red if seat == 0 else on_board - red
        assert mine + len(player.hand) + len(player.pile) == opts.tokens
    assert abs(state.marker) <= opts.track


def random_match(seed: int, options: dict | None = None, *, full_checks: bool = False):
    """Play a match with random legal moves; returns the final state and what happened."""
    rng = random.Random(seed)
    state = SPEC.setup(2, seed, options if options is not None else SPEC.default_options)
    seen: Counter = Counter()
    running = 0
    while not SPEC.is_over(state):
        seat = state.current
        before = state
        state, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        if before.phase == ROUND_OVER:
            running = 0  # a new round: the marker starts again from 0
            assert state.marker == 0 and state.round == before.round + 1
            assert state.starter != before.starter or state.round == 3
        else:
            running += line_steps(events)
            track = state.options.track
            assert state.marker == max(-track, min(track, running))
            assert len([e for e in events if e.audience]) <= 1  # only the draw is private
            if state.phase != PLAY:
                seen[state.results[-1].reason] += 1
        assert state.version == before.version + 1
        quick_checks(state)
        if full_checks:
            assert consistency_problems(state) == []
    seen["rounds"] += len(state.results)
    return state, seen


def test_random_matches_conserve_tokens_and_keep_the_marker_the_sum_of_the_lines():
    total: Counter = Counter()
    for seed in range(MATCHES):
        state, seen = random_match(seed, full_checks=seed % FULL_CHECK_EVERY == 0)
        assert state.phase == OVER and consistency_problems(state) == []
        winners = SPEC.outcome(state).winners
        wins = (state.wins(0), state.wins(1))
        if max(wins) >= 2:
            assert len(state.results) in (2, 3) and winners == (wins.index(max(wins)),)
        else:
            assert len(state.results) == 3
        total += seen
    # random play reaches every way a round can end on the standard board
    assert total[BY_TRACK] and total[BY_SIDE] and total[BY_DRAW], total
    assert total["rounds"] > 2 * MATCHES


def test_on_a_full_board_the_own_zone_tie_break_is_always_equal():
    full = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = SPEC.setup(2, seed, {"track": 30})  # a long track: rounds end on a full board
        while state.phase == PLAY:
            state, _ = random_move(state, rng)
        if is_full(state.board):
            full += 1
            own = [own_in_own_zone(state.board, seat) for seat in (0, 1)]
            assert own[0] == own[1]
            assert state.results[-1].reason in (BY_SIDE, BY_DRAW)
    assert full > 250


def test_other_options_play_out_and_stay_consistent():
    for seed, options in enumerate([
        {"zone_size": 3, "values": 4, "copies": 3, "hand_size": 2, "track": 5},
        {"zone_size": 7, "values": 9, "copies": 8, "hand_size": 5, "track": 30},
        {"zone_size": 7, "values": 4, "copies": 4, "hand_size": 3, "track": 10},  # tokens run out
        {"zone_size": 3, "values": 2, "copies": 1, "hand_size": 1, "track": 3},
    ] * 5):
        state, _ = random_match(seed, options, full_checks=True)
        assert state.phase == OVER


# --- secrecy -----------------------------------------------------------------------------


def scramble_secrets(state: LighthouseState, viewer: int, seed: int) -> LighthouseState:
    """The same match as far as `viewer` can tell: the opponent's hand and pile dealt again
    from their tokens, and the viewer's own pile reshuffled."""
    rng = random.Random(seed)
    other = 1 - viewer
    players = list(state.players)
    theirs = list(players[other].hand + players[other].pile)
    rng.shuffle(theirs)
    size = len(players[other].hand)
    players[other] = replace(players[other], hand=tuple(sorted(theirs[:size])),
                             pile=tuple(theirs[size:]))
    own = list(players[viewer].pile)
    rng.shuffle(own)
    players[viewer] = replace(players[viewer], pile=tuple(own))
    return replace(state, players=tuple(players))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 150), viewer=st.integers(0, 1))
def test_a_view_does_not_change_with_what_the_viewer_cannot_see(seed, steps, viewer):
    rng = random.Random(seed)
    state = SPEC.setup(2, seed, {})
    for _ in range(steps):
        if SPEC.is_over(state):
            break
        state, _ = random_move(state, rng)
    twin = scramble_secrets(state, viewer, seed + 1)
    assert SPEC.view(twin, viewer) == SPEC.view(state, viewer)
    assert SPEC.view(twin, None) == SPEC.view(state, None)
    if state.current == viewer and state.phase == PLAY:  # the viewer's menus too
        value = state.players[viewer].hand[0]
        zones = [o.key for o in SPEC.menu(state, viewer, (str(value),)).options]
        for path in ((), (str(value),), *((str(value), zone) for zone in zones)):
            menu = SPEC.menu(state, viewer, path)
            assert SPEC.menu(twin, viewer, path) == menu
            for option in menu.options[:6]:
                assert SPEC.menu(twin, viewer, path + (option.key,)) == SPEC.menu(
                    state, viewer, path + (option.key,))


def test_the_public_view_has_no_hand_and_a_player_sees_only_their_own():
    state = SPEC.setup(2, 5, {})
    public = SPEC.view(state, None)
    assert "hand" not in public and '"pile": [' not in json.dumps(public)
    for seat in (0, 1):
        own = SPEC.view(state, seat)
        assert own["hand"] == list(state.players[seat].hand)
        assert {k: v for k, v in own.items() if k not in ("hand", "viewer")} == {
            k: v for k, v in public.items() if k != "viewer"}
        assert own["seats"][1 - seat]["hand_size"] == 3  # the opponent's hand: its size only
    assert public["seats"][0]["pile"] == len(state.players[0].pile)


def test_the_view_shows_the_last_move_and_the_lines_it_scored():
    rng = random.Random(7)
    state = SPEC.setup(2, 7, {})
    while True:
        seat = state.current
        state, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        if any(e.label.key.startswith("lighthouse-ev-line") for e in events):
            break
    public = SPEC.view(state, None)
    last = public["last"]
    assert public["zones"][last["zone"]][last["cell"]] == [last["seat"], last["value"]]
    scored = [e.label.args for e in events if e.label.key.startswith("lighthouse-ev-line")]
    assert len(public["lines"]) == len(scored) >= 1
    for line, args in zip(public["lines"], scored):
        assert line["seat"] == args["seat"] and abs(line["points"]) == args["points"]
        assert line["zone"] == last["zone"]
    assert public["marker"] == state.marker and public["track"] == 10
