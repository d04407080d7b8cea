"""Self-Prompts and good touch, read by the clue's receiver (H-group Beginner's Guide), in the
`normal` level: the Guide's rules on Alice, Bob and Cathy (seats 0, 1, 2).

* Self-Prompt: Bob holds clued 1s and gets a 2 on a new card. It may be the 2 of one of his
  1s' colours, so he plays his 1s first (oldest first), then the 2.
* Good touch, read: a play clue's focus is no copy of a card the receiver sees clued in a
  partner's hand. Bob gets purple on a new card; the table would read it as the purple 2,
  but Bob sees Cathy's clued purple 2, so his card is the purple 3: he waits for her.
* Good touch, given: a clue touching two cards that read as the same card touched the focus
  and a copy or trash: the receiver plays the focus and not the other card.
"""

from __future__ import annotations

from engine.hanabi import SPEC
from engine.hanabi.computer.history import replay
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move


def test_self_prompt_the_clued_1s_play_before_the_2_that_may_follow_them():
    alice = ["g5", "b4", "r4", "y4", "g3"]
    bob = ["w1", "w4", "g1", "y1", "b3"]
    state = moves(dealt([alice, bob], draws=["g2"]),
                  "clue:1:r1",  # Alice: Bob's three 1s
                  "play:1",  # Bob: the purple 1 (he draws the green 2)
                  "clue:1:r2")  # Alice: 2 on Bob's new card, his green 2 (after his green 1)
    first = normal_move(state)
    assert first.action in ("play:3", "play:4")  # a 1, not the 2 in slot 1
    state = moves(state, first.action, "discard:5")
    second = normal_move(state)
    assert second.action in ("play:4", "play:5") and second.action != "play:1"
    state = moves(state, second.action, "discard:5")
    third = normal_move(state)
    assert third.action == "play:3"  # the 2, now slot 3, fits whichever 2 it is
    after, _ = SPEC.apply(state, 1, third.action)
    assert after.fuses == 0 and after.fireworks[2] == 2


def test_good_touch_read_a_focus_is_not_a_copy_of_a_card_clued_in_a_partners_hand():
    alice = ["w1", "b4", "r4", "y4", "g5"]
    bob = ["w3", "b3", "g4", "y3", "r3"]
    cathy = ["y2", "g2", "b2", "r1", "w2"]
    state = moves(dealt([alice, bob, cathy], draws=["b5", "g1"]),
                  "play:1",  # Alice: the purple 1
                  "clue:2:c4",  # Bob: purple on Cathy's chop, her purple 2
                  "clue:0:r5",  # Cathy: 5 to Alice
                  "clue:1:c4")  # Alice: purple on Bob's purple 3 (a purple 2 by itself)
    assert normal_move(state).action != "play:1"  # Bob waits for Cathy's purple 2
    state = moves(state, "clue:0:r5")
    cathy_move = normal_move(state)
    assert cathy_move.action == "play:5"  # her purple 2: it fits
    state = moves(state, "play:5", "discard:4")
    move = normal_move(state)
    assert move.action == "play:1"
    after, _ = SPEC.apply(state, 1, move.action)
    assert after.fuses == 0 and after.fireworks[4] == 3


def test_good_touch_given_a_clue_touching_the_focus_and_trash_plays_the_focus():
    alice = ["w1", "w2", "w3", "y4", "g5"]
    bob = ["b3", "w1", "g4", "y4", "w4"]
    state = moves(dealt([alice, bob], draws=["r1", "r1", "r1"]),
                  "play:1", "clue:0:r5", "play:2", "clue:0:r5", "play:3",  # purple 1, 2, 3
                  "clue:0:r5",
                  "clue:1:c4")  # Alice: purple on Bob's chop (his purple 4) and a purple 1
    model = replay(SPEC.view(state, None))
    assert model.hands[1][1].mask != model.hands[1][4].mask  # the 1 is not read as the 4
    assert normal_move(state).action == "play:5"
    state = moves(state, "play:5", "discard:5")
    assert normal_move(state).action != "play:2"  # the purple 1 is trash


def test_a_clue_givers_own_clued_card_is_not_read_as_a_prompt_by_its_clue():
    # Bob clues Alice's 1 (her purple 1); Alice, who cannot see it, clues purple on Bob's
    # chop, his purple 1 too (a copy she could not know of). When she plays her 1, Bob's
    # purple card is not promoted to a purple 2 (a giver is never prompted by her own clue):
    # it is the copy of the purple 1 played, and Bob does not play it.
    alice = ["g5", "b4", "w1", "y4", "g3"]
    bob = ["r4", "b3", "y3", "g4", "w1"]
    state = moves(dealt([alice, bob], draws=["r3", "b2"]),
                  "clue:1:r4",  # Alice: a 4 (filler)
                  "clue:0:r1",  # Bob: Alice's purple 1
                  "clue:1:c4",  # Alice: purple on Bob's chop (his purple 1)
                  "discard:2",  # Bob: his blue 3 (filler)
                  "play:3")  # Alice: her purple 1
    model = replay(SPEC.view(state, None))
    assert model.hands[1][4].mask == 1 << 20  # still the purple 1: now trash
    assert normal_move(state).action != "play:5"


def test_fives_told_again_are_a_stall_not_a_tempo_clue():
    # the yellow 4 is played and Bob holds two 5s he was told of (his green and yellow 5).
    # A number 5 clue on them again is no Tempo Clue on his newest 5 (a 5 is never a play
    # clue by its number): Bob does not play his green 5 in slot 2.
    alice = ["y1", "y2", "y3", "y4", "g3"]
    bob = ["r1", "g5", "y5", "b3", "w3"]
    state = moves(dealt([alice, bob], draws=["r2", "r3", "b2", "b4"]),
                  "play:1", "clue:0:r3", "play:2", "clue:0:r3", "play:3", "clue:0:r3",
                  "play:4", "discard:5", "clue:1:r5", "clue:0:r3")
    before = [card.mask for card in replay(SPEC.view(state, None)).hands[1]]
    state = moves(state, "clue:1:r5")  # the same 5s again: nothing new
    after = [card.mask for card in replay(SPEC.view(state, None)).hands[1]]
    assert after == before
    assert normal_move(state).action != "play:2"
