"""Hanabi rules, one test per rule and end condition, with the rulebook's examples.

Positions are arranged by hand with `arrange`: cards are written as a colour letter and a
rank ("b4" blue 4; r y g b w, m for multicolour).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.i18n import Translator
from engine.core import GameOver, IllegalAction, Label, Malformed, NotYourTurn
from engine.hanabi import SPEC
from engine.hanabi.components import HAND_SIZE, Card, Variant, variant_from_options, verdict
from engine.hanabi.knowledge import Told
from engine.hanabi.playouts import oracle_action, play_game
from engine.hanabi.rules import deal, legal_actions
from engine.hanabi.state import (
    COMPLETE,
    CRITICAL,
    FINAL,
    FUSES,
    LAST_ROUND,
    OVER,
    PLAY,
    STUCK,
    HanabiState,
    HandCard,
    Move,
    consistency_problems,
    from_dict,
    to_dict,
)
from engine.hanabi.view import own_knowledge
from tests.test_engine_conformance import walk_menu

LETTERS = "rygbwm"
NAMES = ["Anna", "Boris", "Cathy", "Dmitri", "Eva"]
TR = Translator.load()


def card(code: str) -> Card:
    return Card(LETTERS.index(code[0]), int(code[1]))


def arrange(hands: list[list[str]], *, fireworks: dict[str, int] | None = None,
            discards: list[str] = (), top: list[str] = (), deck: int | None = None,
            clues: int = 8, fuses: int = 0, current: int = 0,
            told: dict[tuple[int, int], Told] | None = None,
            options: dict[str, bool] | None = None) -> HanabiState:
    """A consistent position: the hands (slot 1 first), the fireworks' heights, the discards
    (the first `fuses` of them counted as misplays), the next cards of the deck (`top`), and
    `deck` cards left in all (default: every card not placed)."""
    variant = variant_from_options(options)
    left = Counter(variant.composition)

    def take(code: str) -> Card:
        c = card(code)
        assert left[c] > 0, f"no {code} left"
        left[c] -= 1
        return c

    cards: list[Card] = []
    hand_orders = []
    for hand in hands:
        taken = [take(code) for code in hand]
        first = len(cards)
        cards += list(reversed(taken))  # slot 1 holds the newest card
        hand_orders.append([first + len(taken) - 1 - i for i in range(len(taken))])
    heights = [0] * variant.colors
    played = []
    for letter, height in (fireworks or {}).items():
        heights[LETTERS.index(letter)] = height
        for rank in range(1, height + 1):
            played.append(len(cards))
            cards.append(take(f"{letter}{rank}"))
    thrown = []
    for code in discards:
        thrown.append(len(cards))
        cards.append(take(code))
    rest = [take(code) for code in top] + sorted(left.elements())
    keep = len(rest) if deck is None else deck
    for c in rest[keep:]:  # no longer in the deck, nor placed above: discarded earlier
        thrown.append(len(cards))
        cards.append(c)
    drawn = len(cards)
    deck_cards = cards + rest[:keep]
    told = told or {}
    state = HanabiState(
        players_count=len(hands),
        seed=0,
        variant=variant,
        deck=tuple(deck_cards),
        drawn=drawn,
        hands=tuple(tuple(HandCard(o, told.get((seat, slot), Told()))
                          for slot, o in enumerate(orders, start=1))
                    for seat, orders in enumerate(hand_orders)),
        fireworks=tuple(heights),
        played=tuple(played),
        discards=tuple(thrown),
        clues=clues,
        fuses=fuses,
        current=current,
        moves=tuple(Move(0, "play", 1, thrown[i], ok=False) for i in range(fuses)),
        version=fuses,
    )
    problems = consistency_problems(state)
    assert not problems, problems
    return state


def full_hands(players: int) -> list[list[str]]:
    """Harmless hands of ones and twos, dealt round the colours."""
    pool = [f"{c}{r}" for r in (1, 1, 2, 1) for c in "rygbw"]
    size = HAND_SIZE[players]
    return [pool[i * size:(i + 1) * size] for i in range(players)]


def english(label: Label) -> str:
    return TR.render_label("en", label, NAMES)


# --- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_five_or_four_cards_and_the_tokens(players):
    state = SPEC.setup(players, 1, {})
    size = 5 if players <= 3 else 4
    assert [len(h) for h in state.hands] == [size] * players
    assert state.clues == 8 and state.fuses == 0 and state.current == 0
    assert state.deck_left == 50 - size * players
    assert SPEC.to_act(state) == frozenset({0})


def test_the_deck_has_1_1_1_2_2_3_3_4_4_5_per_colour_and_multicolour_adds_one_of_each():
    for options, colors in (({}, 5), ({"multicolor": True}, 6)):
        deck = SPEC.setup(2, 3, options).deck
        assert len(deck) == 50 + 5 * (colors - 5)
        for c in range(5):
            assert Counter(x.rank for x in deck if x.color == c) == {1: 3, 2: 2, 3: 2, 4: 2,
                                                                        5: 1}
        if colors == 6:
            assert Counter(x.rank for x in deck if x.color == 5) == {r: 1 for r in range(1, 6)}


def test_cards_are_dealt_like_hanab_live_newest_in_slot_1():
    state = SPEC.setup(3, 7, {})
    assert [h.order for h in state.hands[0]] == [4, 3, 2, 1, 0]
    assert [h.order for h in state.hands[2]] == [14, 13, 12, 11, 10]


def test_the_seed_decides_the_deck():
    assert SPEC.setup(4, 11, {}) == SPEC.setup(4, 11, {})
    assert SPEC.setup(4, 11, {}).deck != SPEC.setup(4, 12, {}).deck


@pytest.mark.parametrize("players, options", [(1, {}), (6, {}), (3, {"rainbow": True}),
                                              (3, {"multicolor": "yes"})])
def test_setup_refuses_bad_player_counts_and_options(players, options):
    with pytest.raises(Malformed):
        SPEC.setup(players, 1, options)


# --- clues -------------------------------------------------------------------------------


def test_a_colour_clue_points_at_every_card_of_it_and_tells_the_others_not():
    state = arrange([full_hands(2)[0], ["b1", "r2", "b4", "g3", "y5"]])
    after, events = SPEC.apply(state, 0, "clue:1:c3")
    told = [h.told for h in after.hands[1]]
    assert told[0] == Told(color=3) and told[2] == Told(color=3)
    assert told[1] == Told(not_colors=(3,)) and told[4] == Told(not_colors=(3,))
    assert after.clues == 7 and after.current == 1
    assert after.hands[0] == state.hands[0] and after.deck_left == state.deck_left
    assert english(events[0].label) == "💬 Anna told Boris: two blue cards, slots 1, 3"


def test_a_number_clue_points_at_every_card_of_that_number():
    state = arrange([full_hands(2)[0], ["b1", "r1", "b4", "g3", "y1"]])
    after, events = SPEC.apply(state, 0, "clue:1:r1")
    assert [h.told.rank for h in after.hands[1]] == [1, 1, None, None, 1]
    assert after.hands[1][2].told.not_ranks == (1,)
    assert english(events[0].label) == "💬 Anna told Boris: three 1s, slots 1, 2, 5"


def test_a_clue_must_point_at_least_at_one_card():
    state = arrange([full_hands(2)[0], ["b1", "r1", "b4", "g3", "y1"]])
    assert "clue:1:c4" not in SPEC.legal_actions(state, 0)  # no white card
    assert "clue:1:r5" not in SPEC.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "clue:1:c4")


def test_no_clue_without_a_clue_token():
    state = arrange(full_hands(2), clues=0)
    assert not [a for a in SPEC.legal_actions(state, 0) if a.startswith("clue")]
    assert "c" not in [o.key for o in SPEC.menu(state, 0, ()).options]
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "clue:1:r1")


def test_a_clue_goes_to_another_player_that_exists():
    state = arrange(full_hands(2))
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "clue:0:r1")
    with pytest.raises(Malformed):
        SPEC.apply(state, 0, "clue:3:r1")


def test_multicolour_is_a_sixth_colour_clued_only_by_its_own_name():
    state = arrange([full_hands(2)[0], ["m2", "b2", "m4", "g3", "y5"]],
                    options={"multicolor": True})
    blue, _ = SPEC.apply(state, 0, "clue:1:c3")
    assert [h.told.color for h in blue.hands[1]] == [None, 3, None, None, None]
    multi, events = SPEC.apply(state, 0, "clue:1:c5")
    assert [h.told.color for h in multi.hands[1]] == [5, None, 5, None, None]
    assert english(events[0].label) == "💬 Anna told Boris: two multicolour cards, slots 1, 3"
    twos, _ = SPEC.apply(state, 0, "clue:1:r2")
    assert [h.told.rank for h in twos.hands[1]] == [2, 2, None, None, None]


def test_the_multicolour_clue_needs_the_expansion():
    state = arrange(full_hands(2))
    with pytest.raises(Malformed):
        SPEC.apply(state, 0, "clue:1:c5")


# --- discard -----------------------------------------------------------------------------


def test_a_discard_regains_a_clue_token_and_draws_into_slot_1():
    state = arrange([["r1", "y1", "g1", "b1", "w1"], full_hands(2)[1]], clues=5, top=["r3"])
    after, events = SPEC.apply(state, 0, "discard:2")
    assert after.clues == 6
    assert [after.deck[h.order] for h in after.hands[0]] == [card(x) for x in
                                                             ("r3", "r1", "g1", "b1", "w1")]
    assert after.deck[after.discards[-1]] == card("y1")
    assert after.deck_left == state.deck_left - 1
    assert english(events[0].label).startswith("🗑 Anna discards yellow 1 from slot 2")


def test_no_discard_while_all_eight_clue_tokens_are_there():
    state = arrange(full_hands(2), clues=8)
    assert not [a for a in SPEC.legal_actions(state, 0) if a.startswith("discard")]
    assert "d" not in [o.key for o in SPEC.menu(state, 0, ()).options]
    with pytest.raises(IllegalAction):
        SPEC.apply(state, 0, "discard:1")


# --- play --------------------------------------------------------------------------------


def test_a_card_that_continues_its_firework_joins_it_and_a_card_is_drawn():
    state = arrange([["r3", "y1", "g1", "b1", "w1"], full_hands(2)[1]],
                    fireworks={"r": 2}, top=["g4"])
    after, events = SPEC.apply(state, 0, "play:1")
    assert after.fireworks[0] == 3 and after.fuses == 0 and after.score == 3
    assert after.deck[after.hands[0][0].order] == card("g4")
    assert events[0].label.key == "hanabi-ev-play"


def test_a_card_that_does_not_fit_is_discarded_and_burns_a_fuse():
    state = arrange([["r4", "y1", "g1", "b1", "w1"], full_hands(2)[1]], fireworks={"r": 2})
    after, events = SPEC.apply(state, 0, "play:1")
    assert after.fireworks[0] == 2 and after.fuses == 1
    assert after.deck[after.discards[-1]] == card("r4")
    assert english(events[0].label) == ("💥 Anna plays red 4 from slot 1, but it does not fit: "
                                        "a fuse burns (2 left).")


@pytest.mark.parametrize("clues, after", [(5, 6), (7, 8), (8, 8)])
def test_completing_a_firework_regains_a_clue_token_unless_all_are_there(clues, after):
    state = arrange([["b5", "y1", "g1", "b1", "w1"], full_hands(2)[1]],
                    fireworks={"b": 4}, clues=clues)
    new, events = SPEC.apply(state, 0, "play:1")
    assert new.fireworks[3] == 5 and new.clues == after
    assert events[1].label == Label("hanabi-ev-firework-done",
                                    {"color": "blue", "bonus": int(clues < 8)})


def test_what_was_told_stays_with_each_card_as_it_moves_right():
    told = {(0, 2): Told(color=0), (0, 4): Told(rank=1)}
    state = arrange([["r3", "r1", "g1", "b1", "w1"], full_hands(2)[1]], told=told, clues=3)
    after, _ = SPEC.apply(state, 0, "discard:5")
    assert [h.told for h in after.hands[0]] == [Told(), Told(), Told(color=0), Told(),
                                                 Told(rank=1)]


# --- turns -------------------------------------------------------------------------------


def test_only_the_player_to_act_may_act_and_nothing_after_the_end():
    state = arrange(full_hands(3))
    with pytest.raises(NotYourTurn):
        SPEC.apply(state, 1, "play:1")
    over = replace(state, phase=OVER, ending=COMPLETE)
    with pytest.raises(GameOver):
        SPEC.apply(over, 0, "play:1")
    assert SPEC.legal_actions(over, 0) == [] and SPEC.to_act(over) == frozenset()


def test_a_turn_is_exactly_one_action_clockwise():
    state = arrange(full_hands(4), clues=4)
    seats = []
    for action in ("clue:1:r1", "discard:1", "play:4", "clue:0:r1", "discard:1"):
        seats.append(state.current)
        state, _ = SPEC.apply(state, state.current, action)
    assert seats == [0, 1, 2, 3, 0]


# --- the end -----------------------------------------------------------------------------


def test_the_third_fuse_ends_the_game_at_once_as_lost_showing_the_fireworks():
    state = arrange([["r4", "y1", "g1", "b1", "w1"], full_hands(2)[1]],
                    fireworks={"r": 2, "g": 3}, discards=["b4", "w4"], fuses=2)
    after, events = SPEC.apply(state, 0, "play:1")
    assert after.phase == OVER and after.ending == FUSES and SPEC.to_act(after) == frozenset()
    outcome = SPEC.outcome(after)
    assert [s.score for s in outcome.standings] == [0, 0]
    assert outcome.standings[0].tiebreaks == (5,)
    assert outcome.reason.key == "hanabi-result-fuses"
    view = SPEC.view(after, None)
    assert view["fireworks"]["green"] == 3 and view["outcome"]["lost"]
    assert events[-1].label.key == "hanabi-ev-over-fuses"


@pytest.mark.parametrize("options, top, name", [({}, 25, "legendary"),
                                                ({"multicolor": True}, 30, "divine")])
def test_completing_every_firework_ends_with_the_maximum(options, top, name):
    heights = {c: 5 for c in LETTERS[:len(options) + 5]} | {"w": 4}
    state = arrange([["w5", "y1", "g1", "b1", "r1"], ["r1", "y1", "g1", "b1", "w1"]],
                    fireworks=heights, clues=2, options=options)
    after, _ = SPEC.apply(state, 0, "play:1")
    assert after.ending == COMPLETE and after.score == top
    outcome = SPEC.outcome(after)
    assert outcome.standings[0].score == top
    assert outcome.reason.args["verdict"] == f"hanabi-verdict-{name}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_after_the_last_card_everyone_including_the_drawer_takes_one_more_turn(players):
    state = arrange(full_hands(players), deck=1, clues=1, current=1)
    state, events = SPEC.apply(state, 1, "discard:1")
    assert state.phase == FINAL and state.deck_left == 0
    assert state.final_turns_left == players
    assert any(e.label == Label("hanabi-ev-last-card", {"seat": 1}) for e in events)
    seats = []
    while state.phase != OVER:
        seats.append(state.current)
        size = len(state.hands[state.current])
        state, _ = SPEC.apply(state, state.current, "discard:1")
        assert len(state.hands[seats[-1]]) == size - 1  # nothing left to draw
    assert seats == [(1 + k) % players for k in range(1, players + 1)]
    assert state.ending == LAST_ROUND


def test_the_last_round_still_ends_at_once_when_everything_is_complete():
    heights = {"r": 5, "y": 5, "g": 5, "b": 5, "w": 3}
    state = arrange([["w4", "y1", "g1", "b1", "r1"], ["w5", "y1", "g1", "b1", "r1"]],
                    fireworks=heights, deck=1, clues=2)
    state, _ = SPEC.apply(state, 0, "play:1")  # draws the last card
    assert state.phase == FINAL
    state, _ = SPEC.apply(state, 1, "play:1")
    assert state.ending == COMPLETE and state.score == 25


def test_the_standard_game_goes_on_when_a_card_is_lost_but_says_so():
    state = arrange([["b5", "y1", "g1", "b1", "w1"], full_hands(2)[1]], clues=3)
    after, events = SPEC.apply(state, 0, "discard:1")
    assert after.phase == PLAY
    assert english(events[-1].label) == ("⚠️ No blue 5 is left: the blue firework cannot be "
                                         "completed.")


@pytest.mark.parametrize("score, name", [
    (0, "horrible"), (5, "horrible"), (6, "mediocre"), (10, "mediocre"), (11, "honourable"),
    (15, "honourable"), (16, "excellent"), (20, "excellent"), (21, "amazing"), (24, "amazing"),
    (25, "legendary"), (29, "legendary"), (30, "divine")])
def test_the_rulebook_verdict_for_each_score_band(score, name):
    assert verdict(score) == name


def test_rulebook_scoring_example_3_4_4_5_2_is_18_great():
    """Rulebook: 3 + 4 + 4 + 5 + 2 = 18 points, "великолепно, зрители в восторге"."""
    heights = {"r": 3, "y": 4, "g": 4, "b": 5, "w": 2}
    state = arrange([["r1", "y1", "g1", "b1", "w1"], ["r4", "y5", "g5", "w3", "w3"]],
                    fireworks=heights, deck=0, clues=4)
    state = replace(state, phase=FINAL, final_turns_left=1)
    state, _ = SPEC.apply(state, 0, "discard:1")
    assert state.ending == LAST_ROUND
    outcome = SPEC.outcome(state)
    assert outcome.standings[0].score == 18
    text = TR.render_label("ru", outcome.reason, NAMES)
    assert text == "18 из 25 очков: великолепно, зрители в восторге."


def test_rulebook_clue_examples_point_at_every_such_card():
    """"You have two green cards, this one and this one": a colour clue can never point at
    only one of them; "two cards of value 1"."""
    state = arrange([full_hands(2)[0], ["g2", "r3", "g4", "y1", "b1"]])
    clues = {a for a in SPEC.legal_actions(state, 0) if a.startswith("clue")}
    assert clues == {"clue:1:c0", "clue:1:c1", "clue:1:c2", "clue:1:c3", "clue:1:r1",
                     "clue:1:r2", "clue:1:r3", "clue:1:r4"}
    green, _ = SPEC.apply(state, 0, "clue:1:c2")
    assert [h.told.color == 2 for h in green.hands[1]] == [True, False, True, False, False]
    ones, _ = SPEC.apply(state, 0, "clue:1:r1")
    assert [h.told.rank == 1 for h in ones.hands[1]] == [False, False, False, True, True]


# --- the advanced variant ----------------------------------------------------------------

ADVANCED = {"advanced": True}


def test_advanced_play_goes_on_after_the_deck_runs_out_without_drawing():
    heights = {"r": 4, "y": 5, "g": 5, "b": 5, "w": 5}
    state = arrange(full_hands(2), deck=1, top=["r5"], clues=2, fireworks=heights,
                    options=ADVANCED)
    state, events = SPEC.apply(state, 0, "discard:5")
    assert state.phase == PLAY and state.deck_left == 0
    assert events[-1].label.key == "hanabi-ev-deck-empty-advanced"
    for _ in range(4):  # throwing away ones nobody needs
        state, _ = SPEC.apply(state, state.current, "discard:2")
    assert state.phase == PLAY and [len(h) for h in state.hands] == [3, 3]


def test_advanced_discarding_a_card_with_no_copy_left_loses_at_once():
    state = arrange([["b5", "y1", "g1", "b1", "w1"], full_hands(2)[1]], clues=3,
                    fireworks={"r": 5, "y": 5}, options=ADVANCED)
    after, events = SPEC.apply(state, 0, "discard:1")
    assert after.ending == CRITICAL
    outcome = SPEC.outcome(after)
    assert outcome.standings[0].score == 0 and outcome.standings[0].tiebreaks == (10,)
    assert english(events[-1].label) == ("💥 The last blue 5 is gone: the show can no longer be "
                                         "perfect.")
    assert english(outcome.reason) == ("The last blue 5 was lost, so the show could not be "
                                       "perfect: it is lost, 0 points.")


def test_advanced_misplaying_the_last_copy_loses_at_once():
    state = arrange([["g4", "y1", "g1", "b1", "w1"], full_hands(2)[1]], discards=["g4"],
                    fireworks={"g": 2}, options=ADVANCED)
    after, _ = SPEC.apply(state, 0, "play:1")
    assert after.ending == CRITICAL and after.fuses == 1


@pytest.mark.parametrize("hand, fireworks, discards", [
    (["g4", "y1", "g1", "b1", "w1"], {"g": 2}, []),  # another green 4 is still out there
    (["g1", "y1", "r1", "b1", "w1"], {"g": 3}, ["g1"]),  # the last green 1, but not needed
])
def test_advanced_losing_a_replaceable_or_unneeded_card_goes_on(hand, fireworks, discards):
    state = arrange([hand, ["r3", "y3", "b3", "w3", "r4"]], fireworks=fireworks,
                    discards=discards, clues=3, options=ADVANCED)
    after, _ = SPEC.apply(state, 0, "discard:1")
    assert after.phase == PLAY


def test_advanced_a_player_without_cards_gives_a_clue_and_with_no_token_the_game_is_lost():
    state = arrange([[], ["r1", "y2"], ["g2"]], deck=0, clues=1, current=2,
                    fireworks={"r": 5, "y": 1, "g": 1, "b": 5, "w": 5},
                    options=ADVANCED)
    assert SPEC.legal_actions(arrange([[], ["r1", "y2"], ["g2"]], deck=0, clues=1,
                                      fireworks={"r": 5, "y": 1, "g": 1, "b": 5, "w": 5},
                                      options=ADVANCED), 0) == [
        "clue:1:c0", "clue:1:c1", "clue:1:r1", "clue:1:r2", "clue:2:c2", "clue:2:r2"]
    after, events = SPEC.apply(state, 2, "clue:1:c1")  # the last token, and seat 0 is empty
    assert after.ending == STUCK and after.clues == 0
    assert english(events[-1].label) == ("💥 Anna has no cards and there is no clue token: "
                                         "nobody may pass, so the show is lost.")
    assert SPEC.outcome(after).standings[0].score == 0


def test_advanced_completing_everything_is_a_perfect_show():
    heights = {"r": 5, "y": 5, "g": 5, "b": 5, "w": 4}
    state = arrange([["w5"], ["r1"]], fireworks=heights, deck=0, clues=2, options=ADVANCED)
    after, _ = SPEC.apply(state, 0, "play:1")
    outcome = SPEC.outcome(after)
    assert outcome.reason.key == "hanabi-result-perfect" and outcome.standings[0].score == 25


# --- knowledge ---------------------------------------------------------------------------


def test_knowledge_rules_out_cards_the_owner_can_see():
    # Anna was told "1" about slot 1; she sees two red 1s in Boris's hand and one on the
    # red firework: it cannot be red.
    state = arrange([["b1", "y3", "g3", "b3", "w3"], ["r1", "r1", "y4", "g4", "b4"]],
                    fireworks={"r": 1}, told={(0, 1): Told(rank=1)})
    possible = own_knowledge(state, 0)[0]
    assert card("r1") not in possible
    assert set(possible) == {card(x) for x in ("y1", "g1", "b1", "w1")}


def test_knowledge_uses_cards_the_owner_knows_exactly():
    # Slot 1 is known to be blue 5 (told both); slot 2 was told "5": not blue then.
    told = {(0, 1): Told(color=3, rank=5), (0, 2): Told(rank=5)}
    state = arrange([["b5", "r5", "g3", "b3", "w3"], full_hands(2)[1]], told=told)
    first, second = own_knowledge(state, 0)[:2]
    assert first == (card("b5"),)
    assert card("b5") not in second and card("r5") in second


def test_negative_information_is_kept_and_shown():
    state = arrange([full_hands(2)[0], ["b1", "r2", "b4", "g3", "y5"]])
    state, _ = SPEC.apply(state, 0, "clue:1:c3")
    state, _ = SPEC.apply(state, 1, "clue:0:r1")
    state, _ = SPEC.apply(state, 0, "clue:1:r4")
    told = SPEC.view(state, 0)["hands"][1]["cards"][1]["told"]
    assert told["not_colors"] == ["blue"] and told["not_ranks"] == [4]
    assert told["colors"] == ["red", "yellow", "green", "white"] and told["ranks"] == [1, 2, 3, 5]


# --- menus -------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{"multicolor": True}, {"advanced": True},
                                     {"multicolor": True, "advanced": True}])
def test_menus_offer_exactly_the_legal_actions_with_every_option(options):
    for players in (2, 5):
        rng = random.Random(players)
        state = SPEC.setup(players, players, options)
        step = 0
        while not SPEC.is_over(state):
            if step % 5 == 0:
                leaves = walk_menu(SPEC, state, state.current)
                assert set(leaves) == set(SPEC.legal_actions(state, state.current))
            state, _ = SPEC.apply(state, state.current, oracle_action(rng, state).encode())
            step += 1


def test_a_play_of_a_card_you_know_nothing_about_asks_for_confirmation_and_says_so():
    state = arrange(full_hands(2), told={(0, 1): Told(color=0)}, clues=4)
    leaf = SPEC.menu(state, 0, ("p", "2"))
    assert leaf.action == "play:2" and not leaf.instant
    assert leaf.preview[0] == Label("hanabi-preview-unknown")
    assert english(leaf.preview[0]) == "You know nothing about this card."
    assert leaf.focus == {"mode": "play", "slot": 2}
    told = SPEC.menu(state, 0, ("p", "1"))
    assert told.preview[0].key == "hanabi-preview-maybe"
    assert told.preview[0].args["colors"] == ["hanabi-color-red"]


def test_clue_choices_name_the_slots_they_would_touch():
    state = arrange([full_hands(3)[0], ["b1", "r2", "b4", "g3", "y5"], full_hands(3)[2]])
    targets = SPEC.menu(state, 0, ("c",))
    assert [o.key for o in targets.options] == ["1", "2"]
    values = SPEC.menu(state, 0, ("c", "1"))
    blue = next(o for o in values.options if o.key == "c3")
    assert english(blue.label) == "blue → 1, 3"
    assert values.focus == {"target": 1}
    leaf = SPEC.menu(state, 0, ("c", "1", "c3"))
    assert leaf.action == "clue:1:c3"
    assert leaf.focus == {"target": 1, "slots": [1, 3], "clue": {"color": "blue"}}
    assert english(leaf.preview[0]) == ("Boris learns: two blue cards, slots 1, 3. "
                                        "Clue tokens: 8 → 7.")
    with pytest.raises(Malformed):
        SPEC.menu(state, 0, ("c", "1", "c4"))  # Boris has no white card


def test_a_waiting_player_sees_whose_turn_it_is_and_no_choices():
    state = arrange(full_hands(3), current=1)
    menu = SPEC.menu(state, 2, ())
    assert menu.options == () and english(menu.title) == "Waiting for Boris."
    with pytest.raises(Malformed):
        SPEC.menu(state, 2, ("p",))


def test_the_slot_buttons_say_what_is_known_for_sure():
    told = {(0, 1): Told(color=3), (0, 2): Told(rank=4), (0, 3): Told(color=0, rank=2)}
    state = arrange([["b1", "r4", "r2", "g3", "y1"], full_hands(2)[1]], told=told, clues=3)
    labels = [english(o.label) for o in SPEC.menu(state, 0, ("d",)).options]
    assert labels[:4] == ["1 · blue", "2 · 4", "3 · red 2", "4"]


# --- serialisation -----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"multicolor": True}, {"advanced": True}])
def test_states_round_trip_through_json(options):
    seen = []
    final = play_game(3, 5, options, oracle_action, on_move=lambda b, a, s: seen.append(s))
    for state in seen[::7] + [final]:
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state


def _broken(state: HanabiState) -> list[dict]:
    data = to_dict(state)
    bad = []
    d = json.loads(json.dumps(data))
    d["clues"] = 9
    bad.append(d)
    d = json.loads(json.dumps(data))
    d["hands"][1][0]["order"] = d["hands"][0][0]["order"]  # one card in two hands
    bad.append(d)
    d = json.loads(json.dumps(data))
    d["deck"][0] = [3, 5] if d["deck"][0] != [3, 5] else [0, 5]  # two of one five
    bad.append(d)
    d = json.loads(json.dumps(data))
    d["fuses"] = 1  # a fuse with no misplay
    bad.append(d)
    d = json.loads(json.dumps(data))
    first = d["hands"][0][0]
    first["told"]["color"] = (d["deck"][first["order"]][0] + 1) % 5  # a clue that lies
    bad.append(d)
    d = json.loads(json.dumps(data))
    d["fireworks"][0] = 3  # a firework without its cards
    bad.append(d)
    d = json.loads(json.dumps(data))
    d["schema"] = 99
    bad.append(d)
    d = json.loads(json.dumps(data))
    del d["deck"]
    bad.append(d)
    return bad


def test_loading_refuses_inconsistent_states():
    state = SPEC.setup(3, 4, {})
    for data in _broken(state):
        with pytest.raises(Malformed):
            from_dict(data)


def test_variant_facts_and_dealing_a_given_deck():
    assert Variant().max_score == 25 and Variant(multicolor=True).max_score == 30
    deck = Variant().deck()
    state = deal(2, deck, Variant())
    assert list(state.deck) == deck and state.hand_cards(0) == tuple(reversed(deck[:5]))
    assert legal_actions(state, 1) == []  # not seat 1's turn
