"""hanab.live replays: a finished game exported, imported back into our engine, reaches the
same score, clue tokens, fuses and turn count; hand-written replays in hanab.live's own
format load; anything else is refused with a typed error."""

from __future__ import annotations

import json
from functools import partial

import pytest

from engine.core import IllegalAction, Malformed
from engine.hanabi import SPEC
from engine.hanabi.hanablive import export_game, import_game
from engine.hanabi.playouts import oracle_action, play_game, random_action
from engine.hanabi.view import final_score

NAMES = ["Анна", "Łukasz", "Bob", "Bob", ""]


@pytest.mark.parametrize("players, seed, options, policy", [
    (2, 1, {}, oracle_action),
    (3, 2, {"multicolor": True}, oracle_action),
    (4, 3, {"advanced": True}, oracle_action),
    (5, 4, {"multicolor": True, "advanced": True}, partial(oracle_action, blunders=0.3)),
    (3, 5, {}, random_action),
])
def test_an_exported_game_imports_back_to_the_same_end(players, seed, options, policy):
    final = play_game(players, seed, options, policy)
    replay = json.loads(json.dumps(export_game(final, NAMES)))
    assert len(replay["players"]) == players == len(set(replay["players"]))
    assert len(replay["deck"]) == len(final.deck)
    assert replay["deck"][0] == {"suitIndex": final.deck[0].color, "rank": final.deck[0].rank}
    assert len(replay["actions"]) == len(final.moves)
    back = import_game(replay)
    assert (final_score(back), back.clues, back.fuses, len(back.moves)) == \
        (final_score(final), final.clues, final.fuses, len(final.moves))
    assert back.ending == final.ending and back.fireworks == final.fireworks
    assert back.hands == final.hands and back.discards == final.discards


def test_options_name_hanab_live_variants():
    plain = export_game(play_game(2, 1, {}, oracle_action), NAMES)
    assert plain["options"] == {"variant": "No Variant"}
    both = export_game(play_game(2, 1, {"multicolor": True, "advanced": True}, oracle_action),
                       NAMES)
    assert both["options"] == {"variant": "Black (6 Suits)", "allOrNothing": True}


def handwritten() -> dict:
    """A 2-player replay written as hanab.live stores one: Alice holds cards 0-4 (red 1 is
    card 4, dealt last), Bob 5-9; plays have no value; the game ends by vote (type 4)."""
    deck = [{"suitIndex": s, "rank": r} for s, r in
            [(1, 1), (2, 1), (3, 1), (4, 1), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (4, 2)]]
    rest = [(s, r) for s in range(5) for r, n in ((1, 3), (2, 2), (3, 2), (4, 2), (5, 1))
            for _ in range(n)]
    for card in deck:
        rest.remove((card["suitIndex"], card["rank"]))
    deck += [{"suitIndex": s, "rank": r} for s, r in rest]
    return {
        "players": ["Alice", "Bob"],
        "deck": deck,
        "actions": [
            {"type": 2, "target": 1, "value": 0},  # Alice: red to Bob (card 5)
            {"type": 3, "target": 0, "value": 1},  # Bob: ones to Alice
            {"type": 0, "target": 4},  # Alice plays red 1
            {"type": 0, "target": 5},  # Bob plays red 2
            {"type": 1, "target": 0},  # Alice discards yellow 1
            {"type": 4, "target": 1, "value": 4},  # terminated
        ],
        "options": {"variant": "No Variant"},
    }


def test_a_handwritten_hanab_live_replay_loads():
    state = import_game(handwritten())
    assert state.fireworks[0] == 2 and state.clues == 7 and state.fuses == 0
    assert len(state.moves) == 5 and state.current == 1
    assert [m.kind for m in state.moves] == ["color", "rank", "play", "play", "discard"]


@pytest.mark.parametrize("change", [
    lambda d: d.update(players=["Solo"]),
    lambda d: d["options"].update(variant="Rainbow (6 Suits)"),
    lambda d: d["options"].update(emptyClues=True),
    lambda d: d["deck"].pop(),
    lambda d: d["actions"].insert(0, {"type": 0, "target": 7}),  # not Alice's card
    lambda d: d["actions"].insert(0, {"type": 2, "target": 1, "value": 4}),  # Bob has no white
    lambda d: d["actions"].insert(0, {"type": 9, "target": 1}),
    lambda d: d["actions"].insert(0, {"type": "play"}),
    lambda d: d.pop("deck"),
])
def test_anything_else_is_refused(change):
    data = handwritten()
    change(data)
    with pytest.raises(Malformed):
        import_game(data)


def test_an_unfinished_game_is_not_exported():
    with pytest.raises(IllegalAction):
        export_game(SPEC.setup(2, 1, {}), NAMES)
