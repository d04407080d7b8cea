"""Prompts and finesses (H-group Beginner's Guide), read by the `normal` level: the Guide's
own examples with Alice, Bob and Cathy (seats 0, 1, 2).

* Finesse: Alice clues red to Bob's red 2 while nobody has played a red card; Cathy holds
  the red 1 on her finesse position (slot 1). Bob waits (Cathy may be finessed), Cathy
  blind-plays slot 1, then Bob plays his red 2.
* Prompt: the red 1 is played and Cathy holds a 2-saved card (the red 2); Alice clues red to
  Bob's red 3. Bob waits, Cathy plays her clued 2 (the prompt), then Bob plays his red 3.
"""

from __future__ import annotations

from engine.hanabi.computer import reasons
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move

ALICE = ["g5", "b4", "w4", "y4", "g3"]  # the others' filler moves: 5 clues to her green 5


def test_finesse_the_finessed_player_blind_plays_and_the_receiver_waits():
    bob = ["r2", "b3", "w3", "y3", "b2"]
    cathy = ["r1", "g2", "w2", "y2", "b1"]
    state = moves(dealt([ALICE, bob, cathy]), "clue:1:c0")  # red: Bob's red 2 only
    bob_move = normal_move(state)
    assert bob_move.action != "play:1"  # a finesse on Cathy may be under way
    state = moves(state, "clue:0:r5")
    cathy_move = normal_move(state)
    assert cathy_move.action == "play:1"
    assert cathy_move.reason.key == reasons.PLAY_FINESSE
    state = moves(state, "play:1", "discard:5")  # the red 1 plays; Alice discards
    bob_move = normal_move(state)
    assert bob_move.action == "play:1" and bob_move.reason.key == reasons.PLAY_SURE


def test_prompt_the_prompted_player_plays_the_clued_card():
    bob = ["r1", "b3", "r3", "y3", "w3"]
    cathy = ["y1", "g3", "w3", "b4", "r2"]
    state = moves(dealt([ALICE, bob, cathy], draws=["g1"]),
                  "clue:1:r1",  # Alice: Bob's red 1
                  "play:1",  # Bob plays it, draws a green 1
                  "clue:0:r5",  # Cathy: 5 Stall on Alice's green 5
                  "clue:2:r2",  # Alice: a 2 Save on Cathy's chop (her red 2) touching her 2s
                  "clue:0:r5",  # Bob: 5 to Alice again
                  "clue:0:r5",  # Cathy: the same
                  "clue:1:c0")  # Alice: red to Bob, his red 3 (slot 3)
    bob_move = normal_move(state)
    assert bob_move.action != "play:3"  # Cathy may be prompted: Bob waits
    state = moves(state, "clue:0:r5")
    cathy_move = normal_move(state)
    assert cathy_move.reason.key == reasons.PLAY_PROMPT
    assert cathy_move.action == "play:5"  # her red 2
    state = moves(state, cathy_move.action, "clue:2:c1")
    assert normal_move(state).action == "play:3"  # Bob's red 3


def test_a_clue_that_may_play_at_once_is_a_direct_play_not_a_self_prompt():
    # the red 1 is played and Bob still holds a red card clued with it (his red 2). A second
    # red clue on his new red 3 would look like a direct Play Clue on a red 2: an H-group
    # player (and the H-group bot) plays the new card at once instead of his older red card
    # first, and misplays. So Alice does not give it; a red clue on a new card that does
    # fit (here his new red 2 after the old one turns out to be a red 3) is played at once.
    bob = ["r1", "b3", "w3", "r2", "g4"]
    state = moves(dealt([ALICE, bob], draws=["r3"]),
                  "clue:1:c0",  # red: the red 1 (focus) and the red 2
                  "play:1")  # Bob plays the red 1 and draws the red 3
    assert normal_move(state).action != "clue:1:c0"
    bob = ["r1", "b3", "w3", "r3", "g4"]
    state = moves(dealt([ALICE, bob], draws=["r2"]), "clue:1:c0", "play:1", "clue:1:c0")
    move = normal_move(state)
    assert move.action == "play:1" and move.reason.key == reasons.PLAY_SURE  # the red 2
