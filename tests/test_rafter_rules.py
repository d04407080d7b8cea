"""Rafter Five rules that do not need the simulation: seating, sorting falls, end, ranking."""

from __future__ import annotations

import pytest

from engine.core import Malformed
from engine.rafter.falls import sort_fallen
from engine.rafter.ranking import (
    END_ALL_PLACED,
    END_PENALTIES,
    END_SOLO_FALL,
    Tally,
    end_reason,
    ranking,
)
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Piece, Pose
from engine.rafter.seating import chests_per_seat, owner_of, seat_colors

ORIGIN = Pose((0.0, 0.0, -40.0))


@pytest.mark.parametrize(("players", "colors", "chests"),
                         [(1, 6, 42), (2, 3, 21), (3, 2, 14), (4, 1, 7), (5, 1, 7), (6, 1, 7)])
def test_colours_and_chests_per_player_count(players: int, colors: int, chests: int) -> None:
    seats = seat_colors(players)
    assert len(seats) == players
    assert all(len(c) == colors for c in seats)
    assert len({c for s in seats for c in s}) == players * colors  # no colour shared
    assert chests_per_seat(players) == chests


def test_unsupported_player_counts_are_refused() -> None:
    for players in (0, 7):
        with pytest.raises(Malformed):
            seat_colors(players)


def test_colour_owners() -> None:
    assert owner_of(4, 2) == 1
    assert owner_of(5, 4) is None  # nobody plays purple with 4 players


def test_falls_are_sorted_as_the_rulebook_says() -> None:
    fallen = [Piece(CHEST, 0, ORIGIN, 2), Piece(CHEST, 3, ORIGIN, 1), Piece(CHEST, 1, ORIGIN, 0),
              Piece(RAFTER, 4, ORIGIN), Piece(LUMBER, 17, ORIGIN)]
    result = sort_fallen(fallen, active=1, players=4)  # seat 1 plays colour 1
    assert result.returned == ((1, 0),)
    assert result.penalties == ((0, 2), (3, 1))
    assert result.rafters == (4,)
    assert result.lumber == (17,)
    assert result.anything
    assert not sort_fallen([], active=0, players=3).anything


def test_with_two_players_all_three_own_colours_go_back() -> None:
    fallen = [Piece(CHEST, c, ORIGIN) for c in range(6)]
    result = sort_fallen(fallen, active=0, players=2)
    assert [c for c, _ in result.returned] == [0, 1, 2]
    assert [c for c, _ in result.penalties] == [3, 4, 5]


def tally(seat: int, penalties: int = 0, lost: int = 0, supply: int = 3, start: int = 7) -> Tally:
    return Tally(seat, penalties, lost, supply, start)


def test_the_game_ends_when_someone_has_placed_all_chests() -> None:
    reason = end_reason([tally(0), tally(1, supply=0), tally(2)])
    assert reason is not None and reason.key == END_ALL_PLACED and reason.args["seat"] == 1


def test_five_penalties_put_a_player_out_but_the_others_play_on() -> None:
    assert end_reason([tally(0, penalties=5), tally(1), tally(2)]) is None
    reason = end_reason([tally(0, penalties=5), tally(1, penalties=6), tally(2)])
    assert reason is not None and reason.key == END_PENALTIES
    reason = end_reason([tally(0, penalties=5), tally(1)])
    assert reason is not None and reason.key == END_PENALTIES


def test_house_variant_ends_at_the_first_player_with_five_penalties() -> None:
    reason = end_reason([tally(0), tally(1, penalties=5), tally(2)], house=True)
    assert reason is not None and reason.key == END_PENALTIES


def test_solo_ends_at_the_first_fall_and_scores_chests_placed() -> None:
    solo = Tally(0, 0, 0, supply=30, start=42)
    assert end_reason([solo]) is None
    reason = end_reason([solo], solo_fell=True)
    assert reason is not None and reason.key == END_SOLO_FALL and reason.args["chests"] == 12
    assert ranking([solo])[0].score == 12


def test_most_penalties_loses_everyone_else_wins() -> None:
    standings = ranking([tally(0, penalties=2), tally(1, penalties=5), tally(2, penalties=0)])
    assert {s.seat: s.rank for s in standings} == {0: 1, 1: 2, 2: 1}


def test_tie_break_fewer_own_chests_on_others_boards_loses() -> None:
    standings = ranking([tally(0, penalties=4, lost=1), tally(1, penalties=4, lost=3)])
    assert {s.seat: s.rank for s in standings} == {0: 2, 1: 1}


def test_second_tie_break_more_chests_left_loses() -> None:
    standings = ranking([tally(0, penalties=4, lost=2, supply=2),
                         tally(1, penalties=4, lost=2, supply=1)])
    assert {s.seat: s.rank for s in standings} == {0: 2, 1: 1}


def test_a_complete_tie_is_shared() -> None:
    standings = ranking([tally(0, penalties=3), tally(1, penalties=3)])
    assert all(s.rank == 1 for s in standings)


def test_full_ranking_option() -> None:
    standings = ranking([tally(0, penalties=2), tally(1, penalties=5), tally(2, penalties=0),
                         tally(3, penalties=2)], full=True)
    assert [(s.seat, s.rank) for s in standings] == [(2, 1), (0, 2), (3, 2), (1, 4)]


def test_house_ranking_fewest_penalties_then_more_placed() -> None:
    standings = ranking([tally(0, penalties=1, supply=2), tally(1, penalties=1, supply=4),
                         tally(2, penalties=5)], house=True)
    assert [(s.seat, s.rank) for s in standings] == [(0, 1), (1, 2), (2, 3)]
