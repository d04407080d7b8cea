"""Lighthouse rules, one scenario at a time: the rulebook's scoring examples first, then a
test per rule and per reading we chose where the rulebook is silent."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace

import pytest

from engine.core import GameOver, IllegalAction, Malformed, NotYourTurn
from engine.lighthouse import SPEC, rules
from engine.lighthouse.actions import Place
from engine.lighthouse.board import Token, empty_board, place
from engine.lighthouse.dealing import deal_round
from engine.lighthouse.ending import (
    ALL_DRAWN,
    BY_DRAW,
    BY_SIDE,
    BY_TRACK,
    BY_ZONE,
    EQUAL_WINS,
    MORE_WINS,
    TWO_WINS,
    RoundResult,
    match_over,
    match_result,
)
from engine.lighthouse.options import Options
from engine.lighthouse.scoring import score_line
from engine.lighthouse.state import (
    OVER,
    PLAY,
    ROUND_OVER,
    LighthouseState,
    Player,
    consistency_problems,
    from_dict,
    to_dict,
)

RED, BLUE = 0, 1
CENTRE = 12


def arrange(cells: Mapping[tuple[int, int], tuple[int, int]] = (), *,
            hands: Mapping[int, tuple[int, ...]] | None = None, current: int = RED,
            marker: int = 0, round_no: int = 1, starter: int | None = None,
            results: tuple[RoundResult, ...] = (), centres: tuple[int, int] = (1, 2),
            options: Mapping[str, int] | None = None,
            piles: Mapping[int, tuple[int, ...]] | None = None
            ) -> LighthouseState:
    """A hand-made position: `cells` maps (zone, cell) to (seat, value) besides the centre
    tokens; hands default to (1, 2, 3) for both. Piles hold the rest of each player's tokens
    (sorted) unless given, so tokens are conserved; turn order and marker are as told."""
    opts = Options.parse(options)
    board = empty_board(opts.zone_size)
    for zone, value in enumerate(centres):
        board = place(board, zone, opts.centre, Token(zone, value))
    for (zone, cell), (seat, value) in dict(cells).items():
        board = place(board, zone, cell, Token(seat, value))
    hands = {RED: (1, 2, 3), BLUE: (1, 2, 3), **(hands or {})}
    players = []
    for seat in (RED, BLUE):
        rest = list(opts.full_set())
        used = [t.value for zone in board for t in zone if t is not None and t.seat == seat]
        for value in used + list(hands[seat]):
            rest.remove(value)
        pile = tuple(rest) if piles is None or seat not in piles else piles[seat]
        players.append(Player(pile=pile, hand=tuple(sorted(hands[seat]))))
    return LighthouseState(seed=1, options=opts, round=round_no,
                           starter=current if starter is None else starter, board=board,
                           players=tuple(players), current=current, marker=marker,
                           results=results)


def row(zone: int, index: int,
        tokens: list[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Tokens on the first cells of a row of a zone (left to right)."""
    return {(zone, index * 5 + i): token for i, token in enumerate(tokens)}


def play(state: LighthouseState, seat: int, value: int, zone: int, cell: int):
    return rules.apply(state, seat, f"p:{value}:{zone}:{cell}")


def keys(events) -> list[str]:
    return [e.label.key for e in events]


# --- the rulebook's scoring examples (pages 6–7), each played as the completing move ---------


@pytest.mark.parametrize("name, line, mover, scorer, points", [
    # 3 red and 2 blue with two fours: red scores 1
    ("pair", [(RED, 4), (RED, 4), (RED, 1), (BLUE, 2)], (BLUE, 7), RED, 1),
    # 3 red and 2 blue with pairs of twos and eights: red scores 2
    ("two pairs", [(RED, 2), (RED, 8), (RED, 5), (BLUE, 2)], (BLUE, 8), RED, 2),
    # 1 red and 4 blue with three sixes: blue scores 3
    ("three of a kind", [(BLUE, 6), (BLUE, 6), (RED, 6), (BLUE, 1)], (BLUE, 3), BLUE, 3),
    # 5 blue and no other combination: blue scores 3
    ("one colour", [(BLUE, 1), (BLUE, 2), (BLUE, 3), (BLUE, 4)], (BLUE, 5), BLUE, 3),
    # 3 red and 2 blue with three sevens and two fives: red scores 4
    ("pair and three", [(RED, 7), (RED, 7), (BLUE, 7), (RED, 5)], (BLUE, 5), RED, 4),
    # 3 blue and 2 red with four ones: blue scores 6
    ("four of a kind", [(BLUE, 1), (BLUE, 1), (BLUE, 5), (RED, 1)], (RED, 1), BLUE, 6),
    # 3 red and 2 blue with five fours: red scores 10
    ("five of a kind", [(RED, 4), (RED, 4), (RED, 4), (BLUE, 4)], (BLUE, 4), RED, 10),
    # 3 blue and 2 red, no combination: blue loses 3, the marker moves 3 towards red
    ("no combination", [(BLUE, 1), (BLUE, 3), (BLUE, 5), (RED, 6)], (RED, 8), BLUE, -3),
])
def test_rulebook_examples(name, line, mover, scorer, points):
    seat, value = mover
    hand = (value, 1, 2) if value not in (1, 2) else (value, 3, 5)
    state = arrange(row(RED, 0, line), hands={seat: hand},
                    current=seat)
    after, events = play(state, seat, value, RED, 4)
    towards_red = points if scorer == RED else -points
    assert after.marker == towards_red
    line_events = [e.label for e in events if e.label.key.startswith("lighthouse-ev-line")]
    assert len(line_events) == 1
    assert line_events[0].args["seat"] == scorer and line_events[0].args["points"] == abs(points)
    if points == 10:  # the marker reaches 10: red wins the round at once
        assert after.phase == ROUND_OVER and after.results == (RoundResult(RED, BY_TRACK),)


def test_rulebook_examples_as_pure_line_scores():
    def line(*tokens):
        return score_line([Token(s, v) for s, v in tokens])

    assert line((RED, 4), (RED, 4), (RED, 1), (BLUE, 2), (BLUE, 7)).points == 1
    assert line((RED, 2), (RED, 8), (RED, 5), (BLUE, 2), (BLUE, 8)).points == 2
    assert line((RED, 6), (BLUE, 6), (BLUE, 6), (BLUE, 1), (BLUE, 3)).points == 3
    assert line(*((BLUE, v) for v in (1, 2, 3, 4, 5))).points == 3
    assert line((RED, 7), (RED, 7), (BLUE, 7), (RED, 5), (BLUE, 5)).points == 4
    assert line((BLUE, 1), (BLUE, 1), (BLUE, 5), (RED, 1), (RED, 1)).points == 6
    assert line((RED, 4), (RED, 4), (RED, 4), (BLUE, 4), (BLUE, 4)).points == 10
    assert line((BLUE, 1), (BLUE, 3), (BLUE, 5), (RED, 6), (RED, 8)) == score_line(
        [Token(BLUE, 1), Token(BLUE, 3), Token(BLUE, 5), Token(RED, 6), Token(RED, 8)])
    none = line((BLUE, 1), (BLUE, 3), (BLUE, 5), (RED, 6), (RED, 8))
    assert (none.owner, none.points, none.steps) == (BLUE, -3, 3)


def test_one_colour_adds_to_the_other_combinations():
    assert score_line([Token(RED, v) for v in (3, 3, 5, 5, 5)]).points == 4 + 3
    assert score_line([Token(BLUE, v) for v in (2, 2, 6, 7, 8)]).points == 1 + 3


# --- a round's set-up --------------------------------------------------------------------


def test_setup_reveals_centre_tokens_deals_hands_and_the_lower_number_starts():
    for seed in range(40):
        state = SPEC.setup(2, seed, SPEC.default_options)
        red, blue = state.board[RED][CENTRE], state.board[BLUE][CENTRE]
        assert red.seat == RED and blue.seat == BLUE and red.value != blue.value
        assert state.starter == state.current == (RED if red.value < blue.value else BLUE)
        assert [len(p.hand) for p in state.players] == [3, 3]
        assert [len(p.pile) for p in state.players] == [28, 28]
        assert sum(t is not None for zone in state.board for t in zone) == 2
        assert state.marker == 0 and state.round == 1 and state.phase == PLAY
        assert consistency_problems(state) == []


def test_equal_reveals_are_set_aside_and_shuffled_back():
    seed = next(s for s in range(500) if len(deal_round(s, Options(), 1, None).reveals) > 1)
    deal = deal_round(seed, Options(), 1, None)
    *ties, (red, blue) = deal.reveals
    assert all(r == b for r, b in ties) and red != blue
    assert deal.starter == (RED if red < blue else BLUE)
    state = SPEC.setup(2, seed, SPEC.default_options)
    assert (state.board[RED][CENTRE].value, state.board[BLUE][CENTRE].value) == (red, blue)
    for seat in (RED, BLUE):  # every set-aside token went back: 31 in pile and hand
        player = state.players[seat]
        assert len(player.pile) + len(player.hand) == 31
    assert consistency_problems(state) == []


def test_when_every_reveal_ties_a_coin_decides():
    opts = Options.parse({"values": 2, "copies": 1, "hand_size": 1})
    deal = next(d for d in (deal_round(s, opts, 1, None) for s in range(200)) if d.coin)
    assert all(r == b for r, b in deal.reveals) and len(deal.reveals) == 2
    assert [len(p.hand) for p in deal.players] == [1, 1]


def test_the_same_seed_deals_the_same_round():
    assert SPEC.setup(2, 42, {}) == SPEC.setup(2, 42, {})
    assert SPEC.setup(2, 42, {}).players != SPEC.setup(2, 43, {}).players


def test_options_default_and_are_checked():
    assert SPEC.default_options == {"zone_size": 5, "values": 8, "copies": 4, "hand_size": 3,
                                    "track": 10}
    state = SPEC.setup(2, 1, {"zone_size": 3, "values": 6, "copies": 2, "hand_size": 2, "track": 6})
    assert len(state.board[RED]) == 9 and state.board[RED][4] is not None
    assert [len(p.hand) for p in state.players] == [2, 2]
    assert SPEC.setup(2, 1, {"track": 7}).options == Options(track=7)  # the rest default
    for bad in ({"zone_size": 4}, {"zone_size": 9}, {"values": 10}, {"hand_size": 0},
                {"track": "10"}, {"copies": True}, {"turbo": 1},
                {"values": 2, "copies": 1, "hand_size": 2}):
        with pytest.raises(Malformed):
            SPEC.setup(2, 1, bad)
    with pytest.raises(Malformed):
        SPEC.setup(3, 1, {})


# --- a turn ------------------------------------------------------------------------------


def test_a_token_goes_from_the_hand_to_any_empty_cell_of_either_zone_then_one_is_drawn():
    state = arrange(hands={RED: (3, 5, 8)}, piles={RED: (6, 1, 2)})
    after, events = play(state, RED, 5, BLUE, 0)  # into the opponent's zone is fine
    assert after.board[BLUE][0] == Token(RED, 5)
    assert after.players[RED].hand == (3, 6, 8) and after.players[RED].pile == (1, 2)
    assert after.current == BLUE and after.version == state.version + 1
    assert after.last is not None and (after.last.zone, after.last.cell) == (BLUE, 0)
    draw = next(e for e in events if e.label.key == "lighthouse-ev-draw")
    assert draw.audience == frozenset({RED}) and draw.label.args == {"value": 6}
    assert keys(events) == ["lighthouse-ev-place", "lighthouse-ev-draw"]  # no line completed


def test_with_an_empty_pile_nothing_is_drawn():
    state = arrange(hands={RED: (3, 5, 8)}, piles={RED: ()})
    after, events = play(state, RED, 3, RED, 0)
    assert after.players[RED].hand == (5, 8)
    assert "lighthouse-ev-draw" not in keys(events)


def test_refused_moves():
    state = arrange(row(RED, 0, [(RED, 4)]), hands={RED: (3, 5, 8)})
    with pytest.raises(IllegalAction):
        play(state, RED, 4, RED, 1)  # not in hand
    with pytest.raises(IllegalAction):
        play(state, RED, 3, RED, 0)  # taken
    with pytest.raises(IllegalAction):
        play(state, RED, 3, RED, CENTRE)  # the centre holds the revealed token
    with pytest.raises(NotYourTurn):
        play(state, BLUE, 1, RED, 1)
    with pytest.raises(Malformed):
        play(state, RED, 3, RED, 25)  # no such cell
    with pytest.raises(Malformed):
        play(state, RED, 9, RED, 1)  # no such token
    for garbage in ("p:3:2:1", "p:3:0", "q", "p:0:0:1", ""):
        with pytest.raises(Malformed):
            rules.apply(state, RED, garbage)
    with pytest.raises(IllegalAction):
        rules.apply(state, RED, "n")  # the round is still being played
    over = replace(state, phase=OVER)
    with pytest.raises(GameOver):
        play(over, RED, 3, RED, 1)


def test_the_majority_of_the_colour_scores_not_the_mover_nor_the_zone():
    # blue completes a row of the blue zone where red has the majority: red scores the pair
    state = arrange(row(BLUE, 0, [(RED, 4), (RED, 4), (RED, 1), (BLUE, 2)]),
                    hands={BLUE: (6, 7, 8)}, current=BLUE)
    after, _ = play(state, BLUE, 7, BLUE, 4)
    assert after.marker == 1


def test_a_row_and_a_column_completed_together_both_score():
    # row 0 of the red zone: four reds with a pair; column 4: four blues with a pair
    cells = {**row(RED, 0, [(RED, 6), (RED, 6), (RED, 1), (RED, 2)]),
             (RED, 9): (BLUE, 5), (RED, 14): (BLUE, 5), (RED, 19): (BLUE, 7), (RED, 24): (BLUE, 8)}
    state = arrange(cells, hands={RED: (3, 4, 8)})
    after, events = play(state, RED, 3, RED, 4)
    # row: red owns 5 of 5 -> pair 1 + one colour 3 = 4; column: blue owns 4 of 5 -> pair 1
    assert after.marker == 4 - 1
    lines = [e.label.args for e in events if e.label.key == "lighthouse-ev-line"]
    assert [(a["line"], a["seat"], a["points"]) for a in lines] == [
        ("lighthouse-line-row", RED, 4), ("lighthouse-line-col", BLUE, 1)]
    assert keys(events)[-2] == "lighthouse-ev-marker"


def test_a_move_scores_its_lines_together_so_their_order_cannot_decide_a_round():
    # marker at 7 on red's side; row gives red 6 (10 if counted first), column gives blue 4
    cells = {**row(RED, 0, [(RED, 1), (RED, 1), (RED, 1), (BLUE, 1)]),
             (RED, 9): (BLUE, 6), (RED, 14): (BLUE, 6), (RED, 19): (BLUE, 6), (RED, 24): (RED, 2)}
    state = arrange(cells, hands={RED: (3, 5, 6)}, marker=7)
    after, _ = play(state, RED, 6, RED, 4)
    # row 1,1,1,1(blue),6: red majority, four ones -> +6; column 6,6,6,6,2: blue majority 3 of 5
    # with four sixes -> blue +6: net 0
    assert after.marker == 7 and after.phase == PLAY


def test_the_marker_stops_at_the_end_of_the_track_and_wins_the_round_at_once():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 4), (BLUE, 4)]),
                    hands={BLUE: (4, 5, 6)}, current=BLUE, marker=5)
    after, events = play(state, BLUE, 4, RED, 4)
    assert after.marker == 10 and after.phase == ROUND_OVER
    assert after.results == (RoundResult(RED, BY_TRACK),)
    assert keys(events)[-1] == "lighthouse-ev-round-track"
    assert after.current == RED  # the player who did not move starts the next round's button


def test_minus_three_can_push_the_marker_to_the_opponents_end():
    # blue's side at 8; red completes a red-majority line without combination: -3 for red
    state = arrange(row(RED, 0, [(RED, 1), (RED, 3), (RED, 5), (BLUE, 6)]),
                    hands={RED: (4, 7, 8)}, marker=-8)
    after, _ = play(state, RED, 7, RED, 4)
    assert after.marker == -10 and after.results == (RoundResult(BLUE, BY_TRACK),)


def full_board_but_one(marker: int) -> LighthouseState:
    """A board full but for red zone cell 0: its row and column each hold one colour's pair
    and cancel out; 24 tokens each on the board. Values are free of the token counts here."""
    opts = Options.parse({"copies": 8})
    board = empty_board(5)
    seat_of = {}
    for zone in (RED, BLUE):
        for cell in range(25):
            seat_of[(zone, cell)] = (zone + cell) % 2  # a checkerboard: 25 each, minus one
    seat_of[(RED, CENTRE)], seat_of[(BLUE, CENTRE)] = RED, BLUE
    value = 1
    for (zone, cell), seat in seat_of.items():
        if (zone, cell) != (RED, 0):
            board = place(board, zone, cell, Token(seat, 1 + (value % 8)))
            value += 1
    state = arrange(options={"copies": 8}, hands={RED: (1, 2, 3)}, marker=marker)
    return replace(state, board=board, options=opts)


def last_cell_steps(state: LighthouseState) -> int:
    return sum(line.score.steps for line in rules.prospect(state, RED, Place(1, RED, 0)).lines)


@pytest.mark.parametrize("side", [RED, BLUE])
def test_a_full_board_goes_to_the_side_the_marker_stands_on(side):
    state = full_board_but_one(marker=0)
    state = replace(state, marker=(4 if side == RED else -4) - last_cell_steps(state))
    after, events = play(state, RED, 1, RED, 0)
    assert after.marker == (4 if side == RED else -4)
    assert after.results == (RoundResult(side, BY_SIDE),)
    assert keys(events)[-1] == "lighthouse-ev-round-side"


def test_a_full_board_with_the_marker_on_zero_is_a_drawn_round():
    state = full_board_but_one(marker=0)
    state = replace(state, marker=-last_cell_steps(state))
    after, events = play(state, RED, 1, RED, 0)
    assert after.marker == 0
    # each player put down half of the board, so the tie-break is always equal
    red_own = sum(1 for t in after.board[RED] if t.seat == RED)
    blue_own = sum(1 for t in after.board[BLUE] if t.seat == BLUE)
    assert red_own == blue_own
    assert after.results == (RoundResult(None, BY_DRAW),)
    assert keys(events)[-1] == "lighthouse-ev-round-draw"


def test_when_tokens_run_out_before_the_board_fills_the_own_zone_tie_break_decides():
    # a 3×3 board with two tokens each: the centre and one to play
    opts = {"zone_size": 3, "values": 2, "copies": 1, "hand_size": 1}
    state = SPEC.setup(2, 5, opts)
    first, second = state.current, 1 - state.current
    state, _ = rules.apply(state, first, f"p:{state.players[first].hand[0]}:{first}:0")
    state, events = rules.apply(state, second, f"p:{state.players[second].hand[0]}:{first}:1")
    assert state.marker == 0 and not state.players[first].hand
    # first has 2 of their colour in their own zone, second only the centre token
    assert state.results == (RoundResult(first, BY_ZONE),)
    assert keys(events)[-1] == "lighthouse-ev-round-zone"
    assert consistency_problems(state) == []


# --- rounds and the match -----------------------------------------------------------------


def won_round(state: LighthouseState, winner: int) -> LighthouseState:
    """`state` with its round just won by `winner` at the end of the track."""
    return replace(state, results=state.results + (RoundResult(winner, BY_TRACK),),
                   phase=ROUND_OVER, marker=10 if winner == RED else -10)


def test_the_second_round_is_started_by_the_other_player_whatever_the_reveal():
    for seed in range(30):
        first = SPEC.setup(2, seed, {})
        state = won_round(first, RED)
        state = replace(state, current=1 - first.starter)
        second, events = rules.apply(state, state.current, "n")
        assert second.round == 2 and second.starter == second.current == 1 - first.starter
        assert second.marker == 0 and second.phase == PLAY and second.last is None
        assert keys(events)[-1] == "lighthouse-ev-round-start-other"
        assert consistency_problems(second) == []


def test_the_third_round_is_started_by_the_lower_reveal_again():
    state = SPEC.setup(2, 3, {})
    state = replace(state, round=2, results=(RoundResult(RED, BY_TRACK),))
    state = won_round(state, BLUE)
    third, events = rules.apply(state, state.current, "n")
    red, blue = third.board[RED][CENTRE].value, third.board[BLUE][CENTRE].value
    assert third.round == 3 and third.starter == (RED if red < blue else BLUE)
    assert keys(events)[-1] == "lighthouse-ev-round-start-lower"
    assert events[-1].label.args == {"round": 3, "seat": third.starter, "red": red, "blue": blue}


def test_a_new_round_reshuffles_every_token():
    state = won_round(SPEC.setup(2, 8, {}), BLUE)
    second, _ = rules.apply(state, state.current, "n")
    for seat in (RED, BLUE):
        player = second.players[seat]
        assert len(player.hand) == 3 and len(player.pile) == 28


def test_two_round_wins_end_the_match():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 4), (BLUE, 4)]), hands={RED: (4, 5, 6)},
                    marker=2, round_no=2, results=(RoundResult(RED, BY_SIDE),))
    after, _ = play(state, RED, 4, RED, 4)
    assert after.phase == OVER and SPEC.to_act(after) == frozenset()
    outcome = SPEC.outcome(after)
    assert outcome.winners == (RED,) and outcome.reason.key == "lighthouse-result-two-wins"
    assert [(s.seat, s.rank, s.score) for s in outcome.standings] == [(RED, 1, 2), (BLUE, 2, 0)]
    with pytest.raises(GameOver):
        rules.apply(after, after.current, "n")


@pytest.mark.parametrize("winners, over, result", [
    ((RED,), False, None),
    ((RED, RED), True, ((RED,), TWO_WINS)),
    ((RED, BLUE), False, None),
    ((None, None), False, None),
    ((RED, None), False, None),
    ((RED, BLUE, BLUE), True, ((BLUE,), TWO_WINS)),
    ((RED, None, None), True, ((RED,), MORE_WINS)),
    ((None, BLUE, None), True, ((BLUE,), MORE_WINS)),
    ((RED, BLUE, None), True, ((RED, BLUE), EQUAL_WINS)),
    ((None, None, None), True, ((RED, BLUE), ALL_DRAWN)),
])
def test_the_match_is_up_to_three_rounds_or_two_wins(winners, over, result):
    results = tuple(RoundResult(w, BY_DRAW if w is None else BY_SIDE) for w in winners)
    assert match_over(results) == over
    if over:
        assert match_result(results) == result


def test_three_drawn_rounds_make_both_players_winners():
    draws = tuple(RoundResult(None, BY_DRAW) for _ in range(3))
    state = replace(arrange(round_no=3, results=draws), phase=OVER)
    outcome = SPEC.outcome(state)
    assert outcome.winners == (RED, BLUE) and all(s.rank == 1 for s in outcome.standings)
    assert outcome.reason.key == "lighthouse-result-all-drawn"
    assert SPEC.standing_label(outcome.standings[0]).key == "lighthouse-standing"


def test_equal_round_wins_after_three_rounds_are_a_draw():
    results = (RoundResult(RED, BY_SIDE), RoundResult(None, BY_DRAW), RoundResult(BLUE, BY_TRACK))
    outcome = SPEC.outcome(replace(arrange(round_no=3, results=results), phase=OVER))
    assert outcome.winners == (RED, BLUE) and outcome.reason.key == "lighthouse-result-equal-wins"


def test_between_rounds_only_the_next_round_may_be_started():
    state = won_round(SPEC.setup(2, 2, {}), RED)
    seat = state.current
    assert SPEC.legal_actions(state, seat) == ["n"]
    assert SPEC.legal_actions(state, 1 - seat) == []
    with pytest.raises(IllegalAction):
        rules.apply(state, seat, "p:1:0:0")


# --- serialisation -----------------------------------------------------------------------


def test_serialisation_round_trips_and_refuses_inconsistent_data():
    state = SPEC.setup(2, 9, {})
    data = json.loads(json.dumps(to_dict(state)))
    assert from_dict(data) == state
    broken = [
        {**data, "schema": 99},
        {**data, "marker": 3},  # no completed line puts it there
        {**data, "current": 1 - data["current"]},  # the starter has not moved yet
        {**data, "players": [{**data["players"][0], "pile": data["players"][0]["pile"][1:]},
                             data["players"][1]]},  # a token lost
        {**data, "options": {"zone_size": 4}},
        {**data, "phase": "lunch"},
        {**data, "results": [[0, "track"]]},  # a result in the first round's play
        {key: value for key, value in data.items() if key != "board"},
        {**data, "board": "nope"},
    ]
    for bad in broken:
        with pytest.raises(Malformed):
            from_dict(bad)


def test_the_docstring_examples_hold():
    import doctest

    from engine.lighthouse import actions, board, options, scoring

    for module in (actions, board, options, scoring):
        assert doctest.testmod(module).failed == 0
