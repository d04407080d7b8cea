"""`GameSpec.standings`: the ranking of a game under way, checked at every step of seeded
random games against each state's own numbers, and equal to the outcome's at the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core import GameSpec, Standing
from engine.hanabi import SPEC as HANABI
from engine.lanterns import SPEC as LANTERNS
from engine.lanterns.state import Token
from engine.lighthouse import SPEC as LIGHTHOUSE
from engine.lighthouse.ending import BY_DRAW, BY_TRACK, RoundResult
from engine.rafter import SPEC as RAFTER

SHORT_RAFTER = {"chests": 2}


def competition(rows: list[tuple[int, tuple, int, tuple]]) -> tuple[Standing, ...]:
    """(seat, key (larger is better), score, tiebreaks) rows as standings, best first: a
    seat's rank is one more than the number of seats with a better key."""
    standings = [Standing(seat, 1 + sum(1 for other in rows if other[1] > key), score, tb)
                 for seat, key, score, tb in rows]
    return tuple(sorted(standings, key=lambda s: (s.rank, s.seat)))


def lanterns_expected(state) -> tuple[Standing, ...]:
    return competition([(seat, (p.honor, p.favors, p.card_count), p.honor,
                         (p.favors, p.card_count)) for seat, p in enumerate(state.players)])


def hanabi_expected(state) -> tuple[Standing, ...]:
    score = sum(state.fireworks)
    if state.ending in ("fuses", "critical", "stuck"):  # a lost game scores 0
        score = 0
    return tuple(Standing(seat, 1, score, (sum(state.fireworks),))
                 for seat in range(state.players_count))


def lighthouse_expected(state) -> tuple[Standing, ...]:
    wins = [sum(1 for r in state.results if r.winner == seat) for seat in (0, 1)]
    return competition([(seat, (wins[seat],), wins[seat], ()) for seat in (0, 1)])


def rafter_expected(state) -> tuple[Standing, ...]:
    seats = state.seats
    if len(seats) == 1:  # solo: the chests placed before the first fall
        return (Standing(0, 1, seats[0].built),)
    owner = {colour: s for s, seat in enumerate(seats) for colour in seat.colors}
    lost = [sum(1 for seat in seats for colour, _ in seat.penalties if owner[colour] == s)
            for s in range(len(seats))]
    if state.options.house:  # fewest penalties, then most chests placed
        placed = [seat.start - len(seat.supply) for seat in seats]
        return competition([(s, (-len(seat.penalties), placed[s]), len(seat.penalties),
                             (placed[s],)) for s, seat in enumerate(seats)])
    ranked = competition([(s, (-len(seat.penalties), lost[s], -len(seat.supply)),
                           len(seat.penalties), (lost[s], len(seat.supply)))
                          for s, seat in enumerate(seats)])
    worst = max(s.rank for s in ranked)  # the last group loses, everyone else wins
    return tuple(sorted((replace(s, rank=1 if worst == 1 or s.rank < worst else 2)
                         for s in ranked), key=lambda s: (s.rank, s.seat)))


def check_playout(spec: GameSpec, expected, players: int, seed: int,
                  options: dict | None = None) -> None:
    """Random legal moves to the end; the standings match `expected` after every move and
    the outcome's standings at the end."""
    rng = random.Random(seed)
    state = spec.setup(players, seed, {**spec.default_options, **(options or {})})
    while not spec.is_over(state):
        standings = spec.standings(state)
        assert standings == expected(state)
        assert sorted(s.seat for s in standings) == list(range(players))
        seat = rng.choice(sorted(spec.to_act(state)))
        state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))
    assert spec.standings(state) == expected(state) == spec.outcome(state).standings


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lanterns_ranks_by_honor_then_favors_then_cards(players: int) -> None:
    for seed in range(3):
        check_playout(LANTERNS, lanterns_expected, players, seed)


def test_lanterns_equal_keys_share_a_rank() -> None:
    state = LANTERNS.setup(3, 1, {})
    honors, favors = (4, 4, 6), (2, 2, 0)
    players = tuple(replace(p, tokens=(Token("four", honors[s]),), favors=favors[s],
                            cards=(1,) + (0,) * (len(p.cards) - 1))
                    for s, p in enumerate(state.players))
    state = replace(state, players=players)
    assert LANTERNS.standings(state) == (Standing(2, 1, 6, (0, 1)), Standing(0, 2, 4, (2, 1)),
                                         Standing(1, 2, 4, (2, 1)))
    assert LANTERNS.outcome(state) is None  # still under way


@pytest.mark.parametrize("players", [2, 3, 5])
def test_hanabi_everyone_shares_the_fireworks_so_far(players: int) -> None:
    for seed in range(3):
        check_playout(HANABI, hanabi_expected, players, seed)


def test_lighthouse_ranks_by_round_wins_so_far() -> None:
    for seed in range(6):
        check_playout(LIGHTHOUSE, lighthouse_expected, 2, seed)
    state = LIGHTHOUSE.setup(2, 1, LIGHTHOUSE.default_options)
    assert LIGHTHOUSE.standings(state) == (Standing(0, 1, 0), Standing(1, 1, 0))
    one_each = replace(state, results=(RoundResult(1, BY_TRACK), RoundResult(0, BY_TRACK)))
    assert LIGHTHOUSE.standings(one_each) == (Standing(0, 1, 1), Standing(1, 1, 1))
    blue_ahead = replace(state, results=(RoundResult(None, BY_DRAW), RoundResult(1, BY_TRACK)))
    assert LIGHTHOUSE.standings(blue_ahead) == (Standing(1, 1, 1), Standing(0, 2, 0))
    assert LIGHTHOUSE.outcome(blue_ahead) is None


# three players, seed 2: chests fall onto penalty boards during the game
@pytest.mark.parametrize(("players", "seed", "options"),
                         [(1, 0, {}), (2, 0, {}), (3, 2, {}), (3, 2, {"house": True})])
def test_rafter_ranks_by_penalties_so_far(players: int, seed: int, options: dict) -> None:
    check_playout(RAFTER, rafter_expected, players, seed, {**SHORT_RAFTER, **options})


@pytest.mark.parametrize(("house", "ranks"), [(False, (1, 1, 2)), (True, (1, 1, 3))])
def test_rafter_penalty_ties(house: bool, ranks: tuple[int, ...]) -> None:
    """Seat 0 holds two of seat 1's chests: seat 1 and seat 2 have none. The rulebook
    ranking names only the loser; the house ranking lets seats 1 and 2 share first place."""
    state = RAFTER.setup(3, 0, {**RAFTER.default_options, **SHORT_RAFTER, "house": house})
    seat1 = state.seats[1].colors[0]
    seats = (replace(state.seats[0], penalties=((seat1, 0), (seat1, 1))), *state.seats[1:])
    state = replace(state, seats=seats)
    standings = RAFTER.standings(state)
    assert [(s.seat, s.rank, s.score) for s in standings] == [
        (1, ranks[0], 0), (2, ranks[1], 0), (0, ranks[2], 2)]
    assert standings == rafter_expected(state)
