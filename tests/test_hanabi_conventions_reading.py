"""Clues read as an H-group player (and the H-group bot) reads them, in the `normal` level:
cases the cross-play bench (bench.hanabi_crossplay) found misread, on Alice, Bob and Cathy
(seats 0, 1, 2).

* 2 Save: a number 2 on a chop card is a save even when the clue leaves the card one
  identity (the focus itself is no "copy touched elsewhere"): nobody blind-plays for it.
* Self-Prompt, seen by a third player: a play clue that connects through the receiver's own
  clued card (their 1) leaves the next link to a finesse, played only once the 1 is played.
* Prompt on a card known exactly: the connecting card a seat knows it holds (clued, and
  known by what it sees) is played, not the finesse position.
* Good touch, given: a play clue whose focus is a copy of a card its receiver sees clued in a
  third hand is read as another card (the next one up): it is not given.
* Good touch, read: a copy clued after one's own card is the duplicate, not one's own card.
* Play order of 1s: clued 1s play from the oldest (rightmost); a giver who touched a
  useless 1 beside a good one expects that one first.
"""

from __future__ import annotations

from engine.computer import json_view
from engine.hanabi import SPEC
from engine.hanabi.computer import finesse, reasons, self_prompt, stalling
from engine.hanabi.computer.clues import ClueOption, evaluate
from engine.hanabi.computer.conventions import COLOR, RANK, read_clue
from engine.hanabi.computer.history import replay
from engine.hanabi.computer.position import read
from tests.test_hanabi_conventions_helpers import dealt, moves, normal_move

G1 = 2 * 5  # identity of the green 1 (colour index 2, rank 1)


def test_a_2_on_chop_known_exactly_by_the_clue_is_a_2_save_not_a_play():
    # Bob's chop is his yellow 2; colour clues on his other cards (which he plays) rule
    # every other colour out of it, so Cathy's 2 leaves it one identity: still a 2 Save.
    alice = ["y1", "b4", "w4", "r4", "g3"]  # her slot 1 could be the yellow 1
    bob = ["r1", "g1", "b1", "w1", "y2"]
    cathy = ["g4", "b3", "w3", "r3", "y4"]
    draws = ["r3", "b5", "r4", "g5", "g3", "w5", "y5"]  # Bob's draws: no later clue's colour
    state = moves(dealt([alice, bob, cathy], draws=draws),
                  "clue:1:c0", "play:1", "discard:5",  # red: Bob plays his red 1
                  "clue:1:c2", "play:2", "discard:5",  # green
                  "clue:1:c3", "play:3", "discard:5",  # blue
                  "clue:1:c4", "play:4")  # white
    state = moves(state, "clue:1:r2")  # Cathy: 2 on Bob's chop, his yellow 2 for sure
    model = replay(SPEC.view(state, None))
    chop = model.hands[1][4]
    assert chop.mask == 1 << 6 and chop.save and chop.play_giver < 0
    assert normal_move(state).action != "play:1"  # Alice: no finesse for a yellow 1


def test_a_self_prompt_on_the_receivers_1_comes_before_a_third_players_finesse():
    alice = ["y2", "g3", "w4", "r4", "b4"]
    bob = ["y1", "b1", "y3", "g4", "r4"]
    cathy = ["g2", "w3", "b3", "r2", "w2"]
    state = moves(dealt([alice, bob, cathy], draws=["r5", "g5"]),
                  "clue:1:r1",  # Alice: Bob's 1s (yellow and blue)
                  "play:2",  # Bob: his blue 1
                  "clue:1:r3")  # Cathy: 3 on Bob's yellow 3: his own yellow 1, then a 2
    promised = finesse.promised(read(json_view(SPEC, state, 0), 0))
    assert promised.get(0, (None, ""))[0] == 6  # Alice's slot 1 is the yellow 2, not the 1
    assert normal_move(state).action != "play:1"  # the yellow 1 is not played yet
    # Alice discards (her finesse position stays her yellow 2, now slot 2); Bob plays his 1
    state = moves(state, "discard:5", "play:2", "discard:5")
    move = normal_move(state)
    assert move.action == "play:2" and move.reason.key == reasons.PLAY_FINESSE
    after, _ = SPEC.apply(state, 0, move.action)
    assert after.fuses == 0 and after.fireworks[1] == 2


def test_a_connecting_card_known_exactly_is_prompted_not_the_finesse_position():
    alice = ["w1", "b4", "g1", "y4", "r4"]
    bob = ["g2", "b3", "w3", "y3", "r3"]
    cathy = ["g4", "b2", "w2", "r2", "y2"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:2:r4",  # Alice: 4 on Cathy's green 4
                  "clue:0:r1",  # Bob: 1 on Alice's white 1 and green 1 (slots 1 and 3)
                  "clue:1:c2")  # Cathy: green on Bob's green 2: it needs the green 1
    pos = read(json_view(SPEC, state, 0), 0)
    pos.own[0], pos.own[2] = 1 << 20, 1 << G1  # as if she knew both by what she sees
    assert finesse.promised(pos) == {2: (G1, "prompt")}


def test_a_play_clue_whose_focus_copies_a_card_clued_in_a_third_hand_is_not_given():
    alice = ["g5", "b4", "w4", "y4", "g3"]
    bob = ["r3", "b1", "b2", "y3", "w3"]
    cathy = ["y1", "w1", "r1", "b1", "g4"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:2:r1", "clue:0:r5", "clue:0:r5")  # Cathy's 1s, her blue 1 among them
    pos = read(json_view(SPEC, state, 0), 0)
    # blue on Bob's blue 1 and blue 2: Bob sees Cathy's clued blue 1, reads his as the 2
    assert evaluate(pos, 1, COLOR, 3, (2, 3)) is None
    assert normal_move(state).action != "clue:1:c3"


def test_a_copy_clued_after_ones_own_card_is_the_duplicate():
    alice = ["g5", "b4", "w4", "r4", "g3"]
    bob = ["y1", "r3", "b3", "w3", "g4"]
    cathy = ["y1", "r2", "b2", "w2", "g2"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:1:c1",  # Alice: yellow on Bob's yellow 1
                  "clue:2:r1",  # Bob: 1 on Cathy's yellow 1, a copy he cannot see is one
                  "clue:0:r5",  # Cathy: 5 to Alice
                  "discard:5")  # Alice
    move = normal_move(state)  # Bob: his yellow 1 is still the yellow 1
    assert move.action == "play:1"
    after, _ = SPEC.apply(state, 1, move.action)
    assert after.fuses == 0 and after.fireworks[1] == 1


def test_clued_1s_play_from_the_oldest():
    alice = ["g5", "b4", "w4", "r4", "g3"]
    bob = ["r3", "w1", "b1", "g4", "y3"]
    state = moves(dealt([alice, bob]), "clue:1:r1")  # Bob's white and blue 1s
    assert normal_move(state).action == "play:3"


def test_a_finesse_is_answered_but_not_after_a_misplay_since_the_clue():
    alice = ["r1", "b4", "w4", "y4", "g3"]
    bob = ["g5", "b3", "w3", "y3", "b2"]
    cathy = ["r2", "g4", "w2", "y2", "b5"]
    state = moves(dealt([alice, bob, cathy]), "clue:2:r5")  # Alice: 5 Stall to Cathy
    state = moves(state, "clue:2:c0")  # Bob: red on Cathy's red 2, Alice's red 1 first
    answered = moves(state, "clue:0:r4")  # Cathy waits
    assert normal_move(answered).action == "play:1"  # Alice blind-plays her red 1
    doubtful = moves(state, "play:4")  # Cathy misplays her yellow 2: the table is misread
    assert normal_move(doubtful).action != "play:1"


def test_a_distribution_clue_in_the_end_game_is_no_finesse():
    # near the end, 4 on Bob's blue 4 while Cathy holds the other blue 4 (every other 4 is
    # useless): the H-group's Distribution Clue (Bob keeps his copy), not a finesse on Alice
    alice = ["b3", "r2", "w4", "y4", "g3"]
    bob = ["b4", "r3", "w3", "y3", "g2"]
    cathy = ["b4", "g4", "w2", "y2", "b5"]
    state = moves(dealt([alice, bob, cathy]), "clue:2:r5", "clue:2:c4", "clue:1:r4")
    pos = read(json_view(SPEC, state, 0), 0)
    board = pos.board
    board.fireworks = [5, 5, 5, 2, 5]
    board.changed()
    assert finesse.distribution(pos, 1, pos.model.hands[1][0])
    assert finesse.promised(pos) == {}
    board.fireworks = [1, 1, 1, 2, 1]  # earlier in the game the same clue is a finesse
    board.changed()
    assert not finesse.distribution(pos, 1, pos.model.hands[1][0])


def test_a_locked_hand_save_may_touch_slot_1_too():
    # Cathy's hand is locked (every card clued, none known to play): her blue clue on Alice's
    # chop (the blue 3) that also touches Alice's slot 1 is a Locked Hand Save: any card,
    # not a play clue on the blue 1 (only the 8 Clue Save leaves slot 1 alone)
    alice = ["b4", "w5", "r2", "y2", "b3"]
    bob = ["g4", "r1", "w3", "y1", "g2"]
    cathy = ["r3", "r4", "y3", "y4", "g5"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:2:r3", "clue:2:r4", "clue:0:r5",
                  "clue:2:r5", "discard:5",  # Cathy's hand is locked
                  "clue:0:c3")  # Cathy: blue on Alice's slots 1 and 5
    model = replay(SPEC.view(state, None))
    assert model.hands[0][4].mask != 1 << 15  # not read as the blue 1
    assert normal_move(state).action != "play:5"


def test_a_play_clue_that_may_prompt_a_partners_clued_card_waits_for_their_turn():
    # Cathy's 4 on Alice's blue 4: Alice reads a green 4 (green is at 3), but Bob holds a
    # clued 3 that is the blue 3 (blue is at 2): the clue may prompt Bob. Alice waits until
    # Bob has had his turn (the H-group bot gives such clues).
    alice = ["b4", "r2", "w4", "y4", "g2"]
    bob = ["y1", "b3", "w2", "r4", "g1"]
    cathy = ["g4", "b2", "w3", "r3", "y2"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:1:r3",  # Alice: 3 on Bob's blue 3
                  "clue:2:r2",  # Bob: 2 on Cathy's 2s
                  "clue:0:r4")  # Cathy: 4 on Alice's blue 4 (and her yellow and white 4s)
    pos = read(json_view(SPEC, state, 0), 0)
    pos.board.fireworks = [0, 0, 3, 2, 0]
    pos.board.changed()
    pos.own[0] = 1 << (2 * 5 + 3)  # she reads the green 4
    assert self_prompt.waiting(pos, [0]) == {0}
    pos.model.moves += 3  # a round later Bob has had his turn: the 4 is the green 4
    assert self_prompt.waiting(pos, [0]) == set()


def test_a_save_on_chop_that_may_be_a_card_that_plays_is_given_by_number():
    # Bob's chop is the last green 3 and green is at 0: green on it may be the green 1 (a
    # play clue), and the H-group bot plays such a card; a 3 (no 3 plays yet) saves it
    # without that doubt (the colour save stays, worth less, for when there is no other)
    alice = ["r1", "b4", "w4", "y4", "g5"]
    bob = ["r4", "b2", "w1", "y4", "g3"]
    cathy = ["b5", "r2", "w2", "y2", "g3"]
    state = moves(dealt([alice, bob, cathy]), "clue:2:r5", "clue:0:r5", "discard:5")
    pos = read(json_view(SPEC, state, 0), 0)
    by_colour = evaluate(pos, 1, COLOR, 2, (5,))
    by_number = evaluate(pos, 1, RANK, 3, (5,))
    assert by_colour is not None and by_number is not None and by_number.purpose == "save"
    assert by_colour.score < by_number.score
    assert normal_move(state).action == "clue:1:r3"


def test_a_save_that_leaves_only_trash_by_the_conventions_is_read_by_the_clues():
    # Bob's chop was read as no last copy (nobody warned him) and, by other inferences, as
    # the blue 1 or another colour; blue is at 2 and Cathy saves it with blue: the
    # conventions leave only the blue 1 (trash), so the clues decide: the blue 3 that plays
    alice = ["w5", "b4", "w4", "y4", "r4"]
    bob = ["r3", "w3", "y3", "g3", "b3"]
    cathy = ["b3", "r2", "w2", "y2", "g5"]
    state = moves(dealt([alice, bob, cathy]),
                  "clue:2:r5", "clue:0:r5", "discard:1", "discard:5", "clue:0:r5")
    model = replay(SPEC.view(state, None))
    model.board.fireworks[3] = 2
    model.board.changed()
    chop = model.hands[1][4]
    chop.mask = 1 << 15 | 1 << 0  # the blue 1 or the red 1, as the conventions had it
    focus = read_clue(model, 1, COLOR, 3, [5])
    assert focus is chop and chop.mask == 1 << 17


def test_with_two_players_a_clue_at_8_clues_that_leaves_slot_1_alone_may_be_a_stall():
    # Alice plays her red 1 (8 clues, not the first move); Bob, who knows nothing to play,
    # gives yellow on her yellow 4 (slot 2): an 8 Clue Stall as the H-group bot reads it
    # (2 players: Alice cannot see whether Bob had a play clue instead), not a yellow 1
    alice = ["r1", "y4", "b3", "w3", "g4"]
    bob = ["g5", "b4", "w4", "r4", "g3"]
    state = moves(dealt([alice, bob], draws=["r2"]), "play:1", "clue:0:c1")
    model = replay(SPEC.view(state, None))
    focus = model.hands[0][1]
    assert focus.play_giver < 0 and focus.mask != 1 << 5
    assert normal_move(state).action != "play:2"


def test_a_clue_on_cards_its_receiver_will_know_are_trash_misleads_nobody():
    # every firework is past 1: a 1 on Bob's 1s tells him they are trash (no play, no
    # finesse, no harm: not a bad touch); at 8 clues with nothing better it is a safe stall,
    # where a colour on his yellow 1 reads as a yellow card that plays and misplays
    alice = ["g5", "b4", "w4", "y4", "g3"]
    bob = ["g1", "r4", "g1", "y1", "w1"]
    state = moves(dealt([alice, bob]), "clue:1:r4")
    pos = read(json_view(SPEC, state, 0), 0)
    pos.board.fireworks = [4, 3, 2, 4, 5]
    pos.board.changed()
    ones = evaluate(pos, 1, RANK, 1, (1, 3, 4, 5))
    assert ones is not None and ones.bad_touch == 0 and ones.plays == 0


def test_in_the_end_game_only_a_tempo_clue_stalls():
    # the H-group bot knows no end-game stalling situation: a 5 on new cards there is a 5
    # that plays (a finesse for the 4), so our end-game stall is a Tempo Clue or nothing
    alice = ["g5", "b4", "w4", "y4", "g3"]
    bob = ["r5", "y5", "b3", "w3", "g4"]
    state = moves(dealt([alice, bob]), "clue:1:r3")
    pos = read(json_view(SPEC, state, 0), 0)
    five = ClueOption(1, RANK, 5, 0.1, 0, "stall", (1, 2), (1, 2))
    tempo = ClueOption(1, COLOR, 0, 0.8, 1, "tempo", (1,), ())
    assert stalling.kind_of(pos, five, stalling.EARLY_GAME) == stalling.FIVE_STALL
    assert stalling.kind_of(pos, five, stalling.END_GAME) is None
    assert stalling.kind_of(pos, tempo, stalling.END_GAME) == stalling.TEMPO_STALL
