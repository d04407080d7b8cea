"""The H-group's stalling rules and Good Touch, on the Beginner's Guide's kind of examples:
a clue that neither plays nor saves a card is given only in a stalling situation (the early
game, 8 clues, a locked hand, the end-game) and only of a kind the table reads as a stall;
a clue touching a duplicate is not given when a clean clue does the job."""

from __future__ import annotations

from engine.hanabi.computer import reasons
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move

# Bob (seat 1) holds a 5 off chop, nothing playable and nothing to save on chop
ALICE = ["g2", "b2", "w4", "y4", "g4"]
BOB = ["y5", "b3", "w3", "r4", "g3"]


def test_early_game_five_stall_on_an_off_chop_five():
    # nothing to play or save, 8 clues and the early game: number 5 on Bob's y5 is a 5 Stall
    move = normal_move(dealt([ALICE, BOB]))
    assert move.action == "clue:1:r5"
    assert move.reason.key == "hanabi-bot-five-stall-clue-rank"


def test_after_the_early_game_nobody_stalls_on_a_new_card():
    # three clues, then Bob discards his chop (and draws a b4): the early game is over,
    # nothing to play or save, 6 clues: a 5 clue off chop (or more about Bob's 3s) would read
    # as a play clue, so Alice discards her chop instead of stalling
    state = moves(dealt([ALICE, BOB], draws=["b4"]),
                  "clue:1:r3", "clue:0:r4", "clue:1:c3", "discard:5")
    move = normal_move(state)
    assert move.action == "discard:2"
    assert move.reason.key == reasons.DISCARD_CHOP


def test_the_five_stall_is_not_a_play_clue_to_its_receiver():
    state = moves(dealt([ALICE, BOB]), "clue:1:r5")
    move = normal_move(state)  # Bob: his 5 is not playable, he does not play it
    assert move.action != "play:1"


def test_good_touch_prefers_the_clue_that_touches_no_duplicate():
    # Bob holds two red 1s: red or 1 would touch both (a duplicate); green on g1 does not
    bob = ["r1", "g1", "r1", "w3", "y4"]
    move = normal_move(dealt([ALICE, bob]))
    assert move.action == "clue:1:c2"  # green
    assert move.reason.key == "hanabi-bot-play-clue-color"


def test_good_touch_no_number_1_clue_touches_two_copies_of_a_one():
    # Bob's only playable cards are two red 1s. An H-group player plays every 1 a number 1
    # clue touches, oldest first (Good Touch: clued 1s are all playable), so after a 1 clue
    # the second red 1 misplays; red plays the first, and the other red card waits as a later
    # red. After a 4 clue each way (6 clues left), Alice does not clue 1.
    bob = ["r1", "y3", "r1", "w3", "y4"]
    state = moves(dealt([ALICE, bob]), "clue:1:r4", "clue:0:r4")
    move = normal_move(state)
    assert move.action != "clue:1:r1"
