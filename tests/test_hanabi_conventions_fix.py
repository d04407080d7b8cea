"""Fix Clues (the H-group's Beginner's Guide): a teammate about to misplay a clued card is
told before their turn, with the clue that shows it does not play.

The scenario: Alice clues Bob's 1 (a green 1), Bob clues Cathy's 1, also a green 1 (he
cannot see his own), and Cathy plays it. Bob's clued 1 now looks playable to him (every 1
he may have fits), but it is a copy of the green 1 just played: Alice gives him green, so
he knows it is the played green 1, and he does not play it.
"""

from __future__ import annotations

from engine.hanabi import SPEC
from engine.hanabi.computer.history import replay
from engine.hanabi.state import HanabiState
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move

HANDS = [["r3", "y4", "b4", "w3", "y3"],  # Alice, seat 0
         ["g1", "r4", "y5", "b3", "w4"],  # Bob
         ["g1", "r2", "y2", "b2", "w2"]]  # Cathy


def after_cathy_plays() -> HanabiState:
    return moves(dealt(HANDS, draws=["r5"]), "clue:1:r1", "clue:2:r1", "play:1")


def test_a_clued_card_that_became_a_copy_of_a_played_card_is_fixed_before_its_turn():
    state = after_cathy_plays()
    assert state.fireworks[2] == 1  # the green 1 is played; Bob's clued 1 is its copy
    assert normal_move(state).action == "clue:1:c2"


def test_after_the_fix_its_holder_knows_the_card_is_useless_and_does_not_play_it():
    state = moves(after_cathy_plays(), "clue:1:c2")
    model = replay(SPEC.view(state, None))
    assert model.hands[1][0].mask & ~model.board.trash == 0
    assert normal_move(state).action != "play:1"
