"""One conformance suite run over every registered game.

Random seeded playouts in which every offered choice applies, the menus offer exactly the
legal actions, codecs and serialisation round-trip, replay reproduces the game, refused
actions change nothing, and every game ends within its bound.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.core import (
    MAX_ENCODED_ACTION,
    MAX_KEY_LENGTH,
    MAX_PATH_LENGTH,
    GameSpec,
    Menu,
    RuleViolation,
    replay,
)
from engine.registry import GAMES, get_game

SPECS = list(GAMES.values())
FINITE = [spec for spec in SPECS if not spec.continuous]
CONTINUOUS = [spec for spec in SPECS if spec.continuous]
KEY = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_KEY_LENGTH}}}")
"""What a menu key may be: it travels in button payloads (`bot.payloads`)."""
MAX_ACTIONS = 2000  # no game here needs more; a bound that catches an endless loop
SHORT = {"rafter": {"chests": 2}}
"""Options that keep a simulated game short enough to play many times here."""


def options_for(spec: GameSpec) -> dict:
    return {**spec.default_options, **SHORT.get(spec.name, {})}


def seeds_for(spec: GameSpec, finite: int) -> range:
    """Simulated games cost a physics run a move: fewer of them, every player count still."""
    return range(2 if spec.continuous else finite)


def playout(spec: GameSpec, players: int, seed: int):
    """A random game: its final state and each move's (state before, seat, action). Several
    tests check the same games, so each is played once per test process (a simulated one
    costs a physics run a move); states are immutable, so sharing them is safe."""
    key = (spec.name, players, seed)
    if key not in _PLAYED:
        _PLAYED[key] = _play(spec, players, seed)
    return _PLAYED[key]


_PLAYED: dict[tuple[str, int, int], tuple] = {}


def _play(spec: GameSpec, players: int, seed: int):
    rng = random.Random(seed)
    state = spec.setup(players, seed, options_for(spec))
    moves = []
    for _ in range(MAX_ACTIONS):
        if spec.is_over(state):
            return state, tuple(moves)
        seats = sorted(spec.to_act(state))
        assert seats, "a game that is not over must have someone to act"
        seat = rng.choice(seats)
        actions = spec.legal_actions(state, seat)
        assert actions, "a seat to act must have a legal action"
        action = rng.choice(actions)
        moves.append((state, seat, action))
        state, _events = spec.apply(state, seat, action)
    raise AssertionError("game did not end")


def walk_menu(spec: GameSpec, state, seat, path=(), found=None) -> dict[str, tuple[str, ...]]:
    """Every leaf action reachable in the menu, with its path."""
    found = {} if found is None else found
    menu: Menu = spec.menu(state, seat, path)
    assert len(path) <= MAX_PATH_LENGTH
    if menu.action is not None:
        assert not menu.options, "a leaf has no further options"
        found[menu.action] = path
        return found
    keys = [o.key for o in menu.options]
    assert len(keys) == len(set(keys)), "sibling keys are unique"
    for option in menu.options:
        assert KEY.fullmatch(option.key), option.key
        walk_menu(spec, state, seat, option.path_from(path), found)
    return found


def player_counts(spec: GameSpec):
    return range(spec.min_players, spec.max_players + 1)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_registry_finds_games_by_name(spec):
    assert get_game(spec.name.upper()) is spec
    with pytest.raises(RuleViolation):
        get_game("no-such-game")


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_random_playouts_end_and_every_offered_action_applies(spec):
    for players in player_counts(spec):
        for seed in seeds_for(spec, 25):
            final, _moves = playout(spec, players, seed)
            outcome = spec.outcome(final)
            assert outcome is not None
            assert sorted(s.seat for s in outcome.standings) == list(range(players))
            assert min(s.rank for s in outcome.standings) == 1
            assert spec.standings is not None and spec.standings(final) == outcome.standings
            assert spec.to_act(final) == frozenset()


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_replay_and_serialisation_reproduce_the_game(spec):
    """At every player count, one of the playouts above (played once for both tests):
    replaying its log reproduces its final state, and every state on the way, the final one
    included, survives serialisation; every action fits its encoded bound."""
    for players in player_counts(spec):
        seed = seeds_for(spec, 25)[-1]
        final, moves = playout(spec, players, seed)
        log = [(seat, action) for _state, seat, action in moves]
        assert replay(spec, players, seed, options_for(spec), log) == final
        for state, _seat, action in moves:
            text = json.dumps(spec.to_dict(state))
            assert spec.from_dict(json.loads(text)) == state
            assert len(action) <= MAX_ENCODED_ACTION
        assert spec.from_dict(json.loads(json.dumps(spec.to_dict(final)))) == final


@pytest.mark.parametrize("spec", FINITE, ids=lambda s: s.name)
def test_menus_offer_exactly_the_legal_actions(spec):
    for players in player_counts(spec):
        rng = random.Random(players)
        state = spec.setup(players, players, spec.default_options)
        for step in range(400):
            if spec.is_over(state):
                break
            seat = min(spec.to_act(state))
            if step % 7 == 0:  # every menu is walked in full on a sample of positions
                leaves = walk_menu(spec, state, seat)
                assert set(leaves) == set(spec.legal_actions(state, seat))
                for path in leaves.values():
                    # a table id, a version and the path fit a Telegram callback payload
                    payload = f"g:{10**9}:{10**5}:" + ".".join(path)
                    assert len(payload.encode()) <= 64, payload
            for other in range(players):
                if other not in spec.to_act(state):
                    assert spec.menu(state, other, ()).options == ()
            state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))


def sampled_leaves(spec: GameSpec, state, seat, rng: random.Random, path=(), width=2):
    """Leaves of a continuous game's menu, `width` options followed at each level. A nudge
    (a `replace` option) is only opened, one level: nudges reach endlessly many poses."""
    menu: Menu = spec.menu(state, seat, path)
    assert len(path) <= MAX_PATH_LENGTH
    if menu.action is not None:
        assert not menu.options, "a leaf has no further options"
        return {menu.action: path}
    keys = [o.key for o in menu.options]
    assert len(keys) == len(set(keys)), "sibling keys are unique"
    found = {}
    nudges = [o for o in menu.options if o.replace]
    for nudge in nudges[:1]:
        assert spec.menu(state, seat, nudge.path_from(path)).options
    steps = [o for o in menu.options if not o.replace]
    for option in rng.sample(steps, min(width, len(steps))):
        assert KEY.fullmatch(option.key), option.key
        target = option.path_from(path)
        assert len(f"g:{10**9}:{10**5}:" + ".".join(target)) <= 64
        found.update(sampled_leaves(spec, state, seat, rng, target, width))
    return found


@pytest.mark.parametrize("spec", CONTINUOUS, ids=lambda s: s.name)
def test_continuous_menus_offer_only_legal_actions(spec):
    for players in (spec.min_players, spec.max_players):
        rng = random.Random(players)
        state = spec.setup(players, players, options_for(spec))
        for step in range(8):
            if spec.is_over(state):
                break
            seat = min(spec.to_act(state))
            for action in sampled_leaves(spec, state, seat, rng):
                spec.apply(state, seat, action)  # raises if a menu offered an illegal action
            for other in range(players):
                if other not in spec.to_act(state):
                    assert spec.menu(state, other, ()).options == ()
            state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_refused_actions_raise_typed_errors_and_change_nothing(spec):
    players = spec.min_players
    state = spec.setup(players, 3, options_for(spec))
    snapshot = json.dumps(spec.to_dict(state))
    seat = min(spec.to_act(state))
    others = [s for s in range(players) if s not in spec.to_act(state)]
    legal = spec.legal_actions(state, seat)
    attempts = [(seat, garbage) for garbage in ("", "?", "x" * 100, "p:1", "\x00")]
    attempts += [(other, legal[0]) for other in others]
    for who, action in attempts:
        with pytest.raises(RuleViolation) as error:
            spec.apply(state, who, action)
        assert error.value.reason in RuleViolation.Reason
    assert json.dumps(spec.to_dict(state)) == snapshot
    for bad_path in (("?",), ("p", "999"), ("x", "x", "x", "x", "x", "x")):
        with pytest.raises(RuleViolation):
            spec.menu(state, seat, bad_path)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_views_are_json_and_spectators_see_no_hand(spec):
    for players in player_counts(spec):
        state = spec.setup(players, 11, options_for(spec))
        public = spec.view(state, None)
        json.dumps(public)
        for seat in range(players):
            json.dumps(spec.view(state, seat))
