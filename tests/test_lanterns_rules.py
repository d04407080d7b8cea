"""Lanterns rules, one scenario at a time; the rulebook's examples first."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core import GameOver, IllegalAction, Malformed, NotYourTurn, replay
from engine.lanterns import SPEC, rules
from engine.lanterns.components import (
    COLORS,
    FOUR,
    KINDS,
    PAIRS,
    SEVEN,
    SUPPLY_PER_COLOR,
    TILES,
    side_color,
)
from engine.lanterns.state import FINAL, OVER, PLAY, Token, consistency_problems
from tests.lanterns_helpers import arrange, colors

RED, BLUE, GREEN, WHITE, PURPLE, ORANGE, BLACK = range(7)


def cards_of(state, seat):
    return dict(zip(COLORS, state.players[seat].cards))


# --- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players,supply,stack", [(2, 5, 16), (3, 7, 18), (4, 8, 20)])
def test_setup_by_player_count(players, supply, stack):
    state = rules.setup(players, seed=7)
    assert len(state.stack) == stack
    assert all(len(p.hand) == 3 for p in state.players)
    assert state.favor_supply == 20
    assert state.board[0].tile == 0 and TILES[0].start
    # each player's first card is the colour of the start tile's side facing them
    for seat, side in enumerate(state.seat_sides):
        first = side_color(0, 0, side)
        assert state.players[seat].cards == colors(**{COLORS[first]: 1})
        assert state.supply[first] == supply - 1
    assert sum(state.supply) == 7 * supply - players
    assert state.current == 0 and state.players[0].cards == colors(red=1)  # red side starts
    assert consistency_problems(state) == []


def test_seats_sit_opposite_with_two_and_leave_a_side_empty_with_three():
    assert rules.setup(2, 1).seat_sides == (0, 2)
    assert rules.setup(3, 1).seat_sides == (0, 1, 2)
    assert rules.setup(4, 1).seat_sides == (0, 1, 2, 3)


def test_dedication_stacks_lose_dotted_tokens_with_fewer_players():
    assert rules.setup(4, 1).stacks[KINDS.index(FOUR)] == (8, 7, 7, 6, 6, 5, 5, 5, 4)
    assert rules.setup(3, 1).stacks[KINDS.index(FOUR)] == (8, 7, 6, 6, 5, 5, 5, 4)
    assert rules.setup(2, 1).stacks[KINDS.index(FOUR)] == (8, 7, 6, 5, 5, 4)
    assert rules.setup(2, 1).stacks[KINDS.index(SEVEN)] == (10, 9, 8, 7, 6, 5)


def test_same_seed_same_deal_and_different_seed_different_deal():
    assert rules.setup(4, 42) == rules.setup(4, 42)
    assert rules.setup(4, 42).stack != rules.setup(4, 43).stack


def test_setup_refuses_bad_player_counts_and_options():
    with pytest.raises(Malformed):
        rules.setup(5, 1)
    with pytest.raises(Malformed):
        rules.setup(3, 1, {"turbo": True})


# --- the rulebook's examples -------------------------------------------------------------


def test_example_1_two_players_platform_match():
    """Maksim (north) matches a green side with a platform tile: 1 green, 1 favor, 1 white;
    Elena, opposite, receives orange."""
    state = arrange(2, board=[(1, 2, 0, 1)], hands={0: (29, 2, 3)})
    state, _events = rules.apply(state, 0, "p:29:2:1:1")
    assert cards_of(state, 0)["green"] == 1 and cards_of(state, 0)["white"] == 1
    assert state.players[0].favors == 1 and state.favor_supply == 19
    assert cards_of(state, 1)["orange"] == 1
    assert sum(state.players[1].cards) == 2  # the black starting card and the orange


def test_example_2_three_players_no_black_left_and_no_favor_for_an_unmatched_platform():
    """Anna (east) matches red and faces red: 2 red cards; the platform next to the new tile
    does not match it, so no favor; Nikolai faces black but none are left; Elena gets blue."""
    anna, nikolai, elena = 1, 2, 0
    state = arrange(
        3,
        board=[(1, 0, 1, 0), (3, 0, 1, -1), (2, 0, -1, 0), (25, 0, -1, -1)],
        hands={anna: (11, 4, 5)},
        current=anna,
        supply={"black": 0},
    )
    before = {seat: state.players[seat].cards for seat in range(3)}
    state, _ = rules.apply(state, anna, "p:11:0:0:-1")
    assert state.players[anna].cards[RED] == before[anna][RED] + 2
    assert state.players[anna].favors == 0
    assert state.players[nikolai].cards == before[nikolai]
    assert state.players[elena].cards[BLUE] == before[elena][BLUE] + 1


def test_example_3_four_players_three_platforms_and_the_last_black_card():
    """Nikolai matches purple and red of two platform tiles with a platform tile: 1 purple,
    1 red, 3 favors and the last black card; Maksim, next clockwise, faces black and gets none;
    the others get purple and red."""
    nikolai, maksim = 0, 1
    state = arrange(
        4,
        board=[(34, 3, 1, 0), (33, 0, 0, -1)],
        hands={nikolai: (30, 4, 5)},
        supply={"black": 1},
    )
    before = [p.cards for p in state.players]
    state, _ = rules.apply(state, nikolai, "p:30:2:1:-1")
    gained = [tuple(a - b for a, b in zip(p.cards, before[i])) for i, p in enumerate(state.players)]
    assert gained[nikolai] == colors(purple=1, red=1, black=1)
    assert state.players[nikolai].favors == 3
    assert gained[maksim] == colors()
    assert gained[2] == colors(purple=1) and gained[3] == colors(red=1)
    assert state.supply[BLACK] == 0


def test_worked_turn_exchange_dedicate_place():
    """Anna: 8 cards and 3 favors; exchanges purple for red (2 favors), dedicates four reds,
    places a tile matching blue next to a platform: 1 blue, 1 favor, orange facing her;
    the others get red, blue and white."""
    state = arrange(
        4,
        board=[(27, 0, 1, 0)],
        hands={0: (10, 4, 5)},
        cards={0: colors(red=3, purple=1, green=2, white=2)},
        favors={0: 3},
    )
    state = replace(state, favor_supply=17)
    state, _ = rules.apply(state, 0, "x:4:0")
    assert cards_of(state, 0)["red"] == 4 and cards_of(state, 0)["purple"] == 0
    assert state.players[0].favors == 1 and state.favor_supply == 19
    state, _ = rules.apply(state, 0, "d:4:0")
    assert state.players[0].tokens == (Token(FOUR, 8),) and cards_of(state, 0)["red"] == 0
    before = [p.cards for p in state.players]
    state, _ = rules.apply(state, 0, "p:10:1:1:-1")
    gained = [tuple(a - b for a, b in zip(p.cards, before[i])) for i, p in enumerate(state.players)]
    assert gained[0] == colors(blue=1, orange=1)
    assert state.players[0].favors == 2
    assert gained[1:] == [colors(red=1), colors(blue=1), colors(white=1)]


# --- exchange ----------------------------------------------------------------------------


def test_exchange_needs_two_favors_a_card_and_another_colour_in_supply():
    state = arrange(2, cards={0: colors(red=1)}, favors={0: 1})
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "x:0:1")
    state = arrange(2, cards={0: colors(red=1)}, favors={0: 2}, supply={"blue": 0})
    for bad in ("x:0:1", "x:0:0", "x:2:3"):  # empty supply, same colour, no such card
        with pytest.raises(IllegalAction):
            rules.apply(state, 0, bad)
    state, _ = rules.apply(state, 0, "x:0:2")
    assert state.players[0].cards == colors(green=1) and state.turn.exchanged


def test_only_one_exchange_and_not_after_a_dedication():
    state = arrange(2, cards={0: colors(red=5, blue=1)}, favors={0: 6})
    state, _ = rules.apply(state, 0, "x:1:0")
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "x:0:1")
    state = arrange(2, cards={0: colors(red=5, blue=1)}, favors={0: 6})
    state, _ = rules.apply(state, 0, "d:4:0")
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "x:1:0")


# --- dedication --------------------------------------------------------------------------


def test_three_pairs_and_seven_unique():
    state = arrange(2, cards={0: colors(red=2, blue=2, green=3, white=1)})
    assert {d.encode() for d in rules.possible_dedications(state)} == {"d:3:012"}
    state, _ = rules.apply(state, 0, "d:3:012")
    assert state.players[0].cards == colors(green=1, white=1)
    assert state.players[0].tokens == (Token(PAIRS, 9),)
    state = arrange(2, cards={0: (1,) * 7})
    state, _ = rules.apply(state, 0, "d:7")
    assert state.players[0].tokens == (Token(SEVEN, 10),)
    assert sum(state.players[0].cards) == 0


def test_one_dedication_per_turn():
    state = arrange(2, cards={0: colors(red=8)})
    state, _ = rules.apply(state, 0, "d:4:0")
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "d:4:0")


def test_an_empty_stack_pays_a_grey_four_as_often_as_its_kind_is_dedicated():
    state = arrange(2, cards={0: colors(red=8)})
    state = replace(state, stacks=((), *rules.setup(2, 1).stacks[1:]))
    for _ in range(3):
        state, events = rules.apply(state, 0, "d:4:0")
        assert events[0].label.args["honor"] == 4
        state = replace(state, turn=replace(state.turn, dedicated=False))
        state = replace(state, players=(replace(state.players[0], cards=colors(red=4)),
                                        state.players[1]))
    assert state.players[0].tokens == (Token(FOUR, 4, generic=True),) * 3
    assert state.players[0].honor == 12


def _all_tokens_gone(players: int) -> tuple:
    """Every stack emptied and the three grey tokens taken (by seat 1, as the old component
    notes thought the end of dedications)."""
    taken = [Token(kind, honor) for i, kind in enumerate(KINDS)
             for honor in rules.setup(players, 1).stacks[i]]
    taken += [Token(kind, 4, generic=True) for kind in KINDS]
    return tuple(taken)


def _cards_conserved(state):
    """The supply holds what the players do not (arrange leaves card totals alone)."""
    held = [sum(p.cards[c] for p in state.players) for c in range(len(COLORS))]
    return replace(state, supply=tuple(SUPPLY_PER_COLOR[state.players_count] - n for n in held))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_tokens_are_not_limited_a_four_of_a_kind_still_gives_four(players):
    """'Żetony Poświęcenia nie są limitowane. Jeśli stos się wyczerpie, gracze mogą nadal
    dostać 4 punkty Honoru za wykonanie poświęcenia tego rodzaju' (the Polish rulebook)."""
    state = arrange(players, cards={0: colors(red=4, blue=2, green=2, white=2)})
    seats = list(state.players)
    seats[1] = replace(seats[1], tokens=_all_tokens_gone(players))
    state = replace(state, stacks=((), (), ()), players=tuple(seats))
    state = _cards_conserved(state)
    assert consistency_problems(state) == []
    assert {d.kind for d in rules.possible_dedications(state)} == {FOUR, PAIRS}
    menu = SPEC.menu(state, 0, ("d",))  # the menu offers both, each worth 4
    assert [(o.key, o.label.args["honor"]) for o in menu.options] == [("4", 4), ("3", 4)]
    assert SPEC.menu(state, 0, ("d", "4")).action == "d:4:0"
    before = state.players[0].honor
    state, events = rules.apply(state, 0, "d:4:0")
    assert state.players[0].honor == before + 4
    assert state.players[0].tokens[-1] == Token(FOUR, 4, generic=True)
    assert events[0].label.args == {"seat": 0, "kind": "lanterns-kind-four_of_a_kind", "honor": 4}
    assert state.stacks == ((), (), ()) and consistency_problems(state) == []


# --- the more-than-12 rule ---------------------------------------------------------------


def _pass_turn_to(state, seat, cards):
    """Let seat's turn begin holding `cards`."""
    players = list(state.players)
    players[seat] = replace(players[seat], cards=cards)
    return rules._next_turn(replace(state, players=tuple(players), current=(seat - 1) % 2))


def test_over_twelve_must_dedicate_before_placing():
    state = _pass_turn_to(arrange(2, hands={0: (5, 6, 7)}), 0, colors(red=4, blue=3, green=3, white=3))
    assert state.turn.over_limit and rules.must_dedicate(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "p:5:0:0:1")
    assert "p" not in {o.key for o in SPEC.menu(state, 0, ()).options}
    state, _ = rules.apply(state, 0, "d:4:0")  # 9 cards left: placing is allowed again
    assert rules.may_place(state)
    rules.apply(state, 0, "p:5:0:0:1")


def test_over_twelve_with_every_token_gone_still_dedicates_rather_than_discards():
    state = _pass_turn_to(arrange(2, hands={0: (5, 6, 7)}), 0,
                          colors(red=3, blue=1, green=1, white=1, purple=1, orange=3, black=3))
    seats = list(state.players)
    seats[1] = replace(seats[1], tokens=_all_tokens_gone(2))
    state = replace(state, stacks=((), (), ()), players=tuple(seats))
    assert rules.must_dedicate(state) and rules.cards_to_discard(state) == 0
    assert {a.encode() for a in rules.legal_actions(state, 0)} == {"d:3:056", "d:7"}
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "c:0")  # no discard while a dedication fits
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, "p:5:0:0:1")
    state, _ = rules.apply(state, 0, "d:3:056")  # 7 cards left, 4 honor
    assert state.players[0].honor == 4 and rules.may_place(state)
    assert rules.cards_to_discard(state) == 0


def test_more_than_twelve_cards_always_hold_a_dedication():
    """So the more-than-12 rule never discards before a dedication: 12 cards already make
    three pairs or four of a kind (six colours of at most one card and two of three hold 11)."""
    from itertools import product

    for cards in product(range(4), repeat=7):  # four of a kind aside, at most 3 per colour
        if sum(cards) >= 12:
            assert rules.dedications_for(cards), cards


def test_still_over_twelve_after_dedicating_discards_the_rest():
    state = _pass_turn_to(arrange(2, hands={0: (5, 6, 7)}), 0, colors(red=4, blue=4, green=4, white=5))
    state, _ = rules.apply(state, 0, "d:4:3")  # 13 cards left
    assert rules.cards_to_discard(state) == 1
    state, _ = rules.apply(state, 0, "c:3")
    rules.apply(state, 0, "p:5:0:0:1")


def test_twelve_or_fewer_at_turn_start_has_no_obligation():
    state = _pass_turn_to(arrange(2, hands={0: (5, 6, 7)}), 0, colors(red=4, blue=4, green=4))
    assert not state.turn.over_limit and rules.may_place(state)


# --- placement ---------------------------------------------------------------------------


def test_placement_must_touch_the_lake_and_use_a_hand_tile():
    state = arrange(2, hands={0: (5, 6, 7)})
    assert set(state.spots) == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    for bad in ("p:5:0:2:0", "p:5:0:0:0", "p:8:0:0:1"):  # not adjacent, taken, not in hand
        with pytest.raises(IllegalAction):
            rules.apply(state, 0, bad)
    state, _ = rules.apply(state, 0, "p:5:3:0:1")
    assert state.board[-1].tile == 5 and 5 not in state.players[0].hand
    assert len(state.players[0].hand) == 3  # drew back to three
    assert state.current == 1


def test_matching_bonus_skips_an_empty_colour_but_facing_cards_still_come():
    # tile 29 rot 2 at (1,1) matches green to the west; no green left in the supply
    state = arrange(2, board=[(1, 2, 0, 1)], hands={0: (29, 2, 3)}, supply={"green": 0})
    state, _ = rules.apply(state, 0, "p:29:2:1:1")
    assert cards_of(state, 0)["green"] == 0 and state.players[0].favors == 1
    assert cards_of(state, 0)["white"] == 1


def test_no_favors_when_the_favor_supply_is_empty():
    state = arrange(2, board=[(1, 2, 0, 1)], hands={0: (29, 2, 3)})
    state = replace(state, favor_supply=0, players=(replace(state.players[0], favors=20), state.players[1]))
    state, _ = rules.apply(state, 0, "p:29:2:1:1")
    assert state.players[0].favors == 20 and state.favor_supply == 0


def test_start_tile_boat_is_not_a_platform():
    # a platform tile matching only the start tile earns 1 favor (its own platform), not 2
    start_north = side_color(0, 0, 0)  # red
    tile, rot = next((t.id, r) for t in TILES if t.platform for r in range(4)
                     if side_color(t.id, r, 2) == start_north)
    state = arrange(2, hands={0: (tile, 4, 5)})
    state, _ = rules.apply(state, 0, f"p:{tile}:{rot}:0:-1")
    assert state.players[0].favors == 1


def test_turn_errors_are_typed_and_change_nothing():
    state = rules.setup(3, 5)
    with pytest.raises(NotYourTurn):
        rules.apply(state, 1, "p:1:0:0:1")
    for garbage in ("", "p", "p:99:0:0:1", "x:9:0", "d:5", "d:3:001", "zzz", "p:1:7:0:1"):
        with pytest.raises(Malformed):
            rules.apply(state, 0, garbage)
    assert state == rules.setup(3, 5)


# --- the end -----------------------------------------------------------------------------


def play_until(state, predicate, seed=0):
    import random

    rng = random.Random(seed)
    while not predicate(state):
        seat = state.current
        actions = rules.legal_actions(state, seat)
        places = [a for a in actions if a.encode().startswith("p")]
        state, _ = rules.apply(state, seat, rng.choice(places or actions).encode())
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_round_gives_every_player_one_turn_of_optional_actions(players):
    state = play_until(rules.setup(players, 3), lambda s: s.phase == FINAL)
    last_placer = (state.current - 1) % players
    assert state.tiles_left == 0 and state.final_turns_left == players
    assert all(not a.encode().startswith("p") for a in rules.legal_actions(state, state.current))
    order = []
    while state.phase == FINAL:
        order.append(state.current)
        state, _ = rules.apply(state, state.current, "e")
    assert order == [(last_placer + 1 + k) % players for k in range(players)]
    assert state.phase == OVER and SPEC.outcome(state) is not None
    with pytest.raises(GameOver):
        rules.apply(state, state.current, "e")
    assert SPEC.to_act(state) == frozenset()


def test_end_turn_only_in_the_final_round():
    with pytest.raises(IllegalAction):
        rules.apply(rules.setup(2, 1), 0, "e")


def _finished(players_stats):
    """A finished 3-player game with given (tokens, favors, cards) per seat."""
    state = play_until(rules.setup(3, 9), lambda s: s.phase == FINAL)
    players = tuple(
        replace(p, tokens=tuple(Token(FOUR, h) for h in tokens), favors=favors,
                cards=colors(red=cards))
        for p, (tokens, favors, cards) in zip(state.players, players_stats)
    )
    return replace(state, players=players, phase=OVER)


def test_ranking_by_honor_then_favors_then_cards_then_shared():
    outcome = SPEC.outcome(_finished([((8,), 0, 0), ((9,), 0, 0), ((5, 3), 1, 0)]))
    assert [(s.seat, s.rank) for s in outcome.standings] == [(1, 1), (2, 2), (0, 3)]
    assert outcome.reason.key == "lanterns-result-honor"
    outcome = SPEC.outcome(_finished([((8,), 2, 0), ((8,), 3, 0), ((7,), 9, 9)]))
    assert outcome.winners == (1,) and outcome.reason.key == "lanterns-result-favors"
    outcome = SPEC.outcome(_finished([((8,), 3, 5), ((8,), 3, 4), ((7,), 9, 9)]))
    assert outcome.winners == (0,) and outcome.reason.key == "lanterns-result-cards"
    outcome = SPEC.outcome(_finished([((8,), 3, 4), ((8,), 3, 4), ((7,), 9, 9)]))
    assert outcome.winners == (0, 1) and outcome.reason.key == "lanterns-result-shared"
    assert [s.rank for s in outcome.standings] == [1, 1, 3]


def test_no_outcome_while_playing():
    assert SPEC.outcome(rules.setup(2, 1)) is None
    assert rules.setup(2, 1).phase == PLAY


# --- stored games from before dedications were unlimited ---------------------------------


def test_a_state_stored_with_schema_1_is_read_and_plays_on_by_todays_rules():
    """Schema 1 kept a count of grey tokens left; a table stored then still loads, its game
    replays from its log to the same state, and the seat over 12 must dedicate."""
    stored = json.loads((Path(__file__).parent / "data" / "lanterns_schema1_game.json").read_text())
    assert stored["state"]["schema"] == 1 and stored["state"]["generic"] == 1
    state = SPEC.from_dict(stored["state"])
    assert sum(t.generic for p in state.players for t in p.tokens) == 2
    assert replay(SPEC, stored["players"], stored["seed"], {}, stored["log"]) == state
    assert rules.must_dedicate(state)
    saved = SPEC.to_dict(state)
    assert saved["schema"] == 2 and "generic" not in saved and SPEC.from_dict(saved) == state
    broken = {**stored["state"], "generic": 3}  # two grey tokens held, three still in the pool
    with pytest.raises(Malformed):
        SPEC.from_dict(broken)
