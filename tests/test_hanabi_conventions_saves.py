"""Save clues read as the H-group's Beginner's Guide reads them: a clue focused on the chop
may be a save, so its receiver holds the card until they know it fits.

* Critical Save (the Guide's example): blue 1 is played and a blue 4 is in the discard
  pile; blue on Bob's chop may be a Play Clue on the blue 2 or a Save Clue on the blue 4, so
  Bob notes "blue 2 or blue 4" and holds it. (With no blue 4 discarded the same clue is a
  Play Clue on the blue 2, and Bob plays it.)
* 8 Clue Save (the Guide's stalling rules): at 8 clues, when nothing better is there to do,
  a player may save any card on a partner's chop; that clue does not promise a playable card.
"""

from __future__ import annotations

from engine.hanabi import SPEC
from engine.hanabi.computer.cards import index
from engine.hanabi.computer.history import replay
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move

BLUE = 3


def bob_after_blue_on_chop(bob: list[str], alice_chop: str):
    # Bob (seat 0) clues Alice's 1 and she plays the blue 1; Bob clues her yellow cards and
    # she discards her chop (a blue 4 in the first game); Bob clues her 2s and she clues
    # blue, which touches Bob's chop only
    alice = ["b1", "y2", "w2", "y3", alice_chop]
    return moves(dealt([bob, alice], draws=["r4", "y4"]),
                 "clue:1:r1", "play:1", "clue:1:c1", "discard:5", "clue:1:r2", "clue:0:c3")


def test_critical_save_a_colour_clue_on_chop_may_be_a_save_so_it_is_held():
    state = bob_after_blue_on_chop(["r3", "w3", "g3", "y3", "b4"], "b4")
    assert state.clues == 5
    chop = replay(SPEC.view(state, None)).hands[0][4]
    assert chop.mask == 1 << index(BLUE, 2) | 1 << index(BLUE, 4)  # "blue 2, blue 4"
    assert normal_move(state).action != "play:5"


def test_the_same_clue_without_a_discarded_four_is_a_play_clue():
    state = bob_after_blue_on_chop(["r3", "w3", "g3", "y3", "b2"], "g4")
    chop = replay(SPEC.view(state, None)).hands[0][4]
    assert chop.mask == 1 << index(BLUE, 2)
    assert normal_move(state).action == "play:5"


def test_eight_clue_save_a_clue_on_chop_at_eight_clues_is_not_read_as_a_play():
    # Bob clues Alice, she discards back to 8 clues; Bob then clues white on her chop, a
    # white 3 (white 1 is the playable white card): at 8 clues that may be a save of any card
    alice = ["g2", "b3", "y4", "r4", "w3"]
    bob = ["r2", "g4", "b4", "y5", "w4"]
    state = moves(dealt([bob, alice], draws=["g1"]), "clue:1:r2", "discard:4", "clue:1:c4")
    assert state.clues == 7
    focus = replay(SPEC.view(state, None)).hands[1][4]
    assert focus.mask & ~(1 << index(4, 1))  # not only the white 1
    assert normal_move(state).action != "play:5"


def test_a_player_who_knows_a_playable_card_is_not_stalling_at_eight_clues():
    # the same white clue on Alice's chop at 8 clues, but Bob knows his red 1 fits (Alice
    # clued it): a loaded player plays rather than stalls, so his clue is a Play Clue on the
    # white 1, not an 8 Clue Save
    alice = ["g2", "b3", "y4", "r4", "w3"]
    bob = ["r1", "g4", "b4", "y5", "b4"]
    state = moves(dealt([bob, alice], draws=["r3", "g1"]),
                  "clue:1:r2", "clue:0:c0", "discard:5", "discard:4", "clue:1:c4")
    focus = replay(SPEC.view(state, None)).hands[1][4]
    assert state.clues == 7 and focus.touched
    assert focus.mask == 1 << index(4, 1)
