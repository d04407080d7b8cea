"""What each seat sees of a Hanabi game, and that nothing leaks.

The central property: a player's view, and every picture drawn from it, is identical for
two states that differ only in that player's own cards (each still consistent with what
they were told) and in the order of the deck. The group's view is identical for states
that differ in any hand and the deck order.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.core import RuleViolation
from engine.hanabi import SPEC
from engine.hanabi.playouts import oracle_action
from engine.hanabi.state import OVER, HanabiState, consistency_problems
from render import hanabi as pictures

NAMES = ["Анна", "Łukasz", "Bob", "Eve 🎲", "李"]


def midgame(players: int, seed: int, moves: int, options: dict | None = None) -> HanabiState:
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, options or {})
    for _ in range(moves):
        if SPEC.is_over(state):
            break
        state, _ = SPEC.apply(state, state.current, oracle_action(rng, state).encode())
    return state


def scramble(state: HanabiState, seats: list[int], rng: random.Random) -> HanabiState | None:
    """The same position with other cards in `seats`' hands (each consistent with what its
    owner was told) and the deck reshuffled; None when no different deal fits the clues."""
    slots = [h.order for seat in seats for h in state.hands[seat]]
    told = {h.order: h.told for seat in seats for h in state.hands[seat]}
    pool = [state.deck[o] for o in slots] + list(state.deck[state.drawn:])
    for _ in range(50):
        rng.shuffle(pool)
        chosen, rest = {}, list(pool)
        for order in slots:
            fits = [i for i, c in enumerate(rest) if told[order].allows(c)]
            if not fits:
                break
            chosen[order] = rest.pop(rng.choice(fits))
        else:
            deck = list(state.deck)
            for order, card in chosen.items():
                deck[order] = card
            deck[state.drawn:] = rest
            new = replace(state, deck=tuple(deck))
            if new.deck != state.deck:
                assert consistency_problems(new) == []
                return new
    return None


@pytest.mark.parametrize("options", [{}, {"multicolor": True}, {"advanced": True}])
def test_a_players_view_and_pictures_do_not_depend_on_their_own_cards_or_the_deck(options):
    rng = random.Random(1)
    checked = 0
    for seed in range(12):
        state = midgame(2 + seed % 4, seed, rng.randrange(0, 40), options)
        if state.phase == OVER:
            continue
        for seat in range(state.players_count):
            other = scramble(state, [seat], rng)
            if other is None:
                continue
            assert SPEC.view(other, seat) == SPEC.view(state, seat)
            assert SPEC.view(other, None) == SPEC.view(state, None)
            assert SPEC.menu(other, seat, ()) == SPEC.menu(state, seat, ())
            if seat == state.current:  # the menus, previews included, only know the same
                for path in (("p", "1"), ("d", "1"), ("c",)):
                    try:
                        a = SPEC.menu(state, seat, path)
                    except RuleViolation:  # no discard with all tokens, no clue without
                        continue
                    assert SPEC.menu(other, seat, path) == a
            checked += 1
            if checked % 5 == 0:  # pictures are slower: a sample of them
                a, b = SPEC.view(state, seat), SPEC.view(other, seat)
                assert pictures.panel_png(a, names=NAMES) == pictures.panel_png(b, names=NAMES)
                assert pictures.waiting_png(a, names=NAMES) == \
                    pictures.waiting_png(b, names=NAMES)
    assert checked > 20


def test_the_group_view_and_picture_do_not_depend_on_any_hand_or_the_deck():
    rng = random.Random(2)
    for seed in range(8):
        state = midgame(2 + seed % 4, seed, 10 + seed)
        other = scramble(state, list(range(state.players_count)), rng)
        assert other is not None
        public = SPEC.view(state, None)
        assert SPEC.view(other, None) == public
        assert pictures.board_png(public, names=NAMES) == \
            pictures.board_png(SPEC.view(other, None), names=NAMES)
        # while another player's view does see the change
        assert any(SPEC.view(other, s) != SPEC.view(state, s) for s in range(state.players_count))


def test_a_player_sees_the_other_hands_and_only_knowledge_of_their_own():
    state = midgame(3, 4, 12)
    for seat in range(3):
        view = SPEC.view(state, seat)
        json.dumps(view)
        for hand in view["hands"]:
            for entry in hand["cards"]:
                if hand["seat"] == seat:
                    assert "card" not in entry and "possible" in entry
                else:
                    assert "card" in entry and "possible" not in entry
    public = SPEC.view(state, None)
    assert all("card" not in e and "possible" not in e
               for hand in public["hands"] for e in hand["cards"])
    assert set(public) == set(SPEC.view(state, 0))
    assert "deck" in public and isinstance(public["deck"], int)


def test_after_the_game_everything_is_shown():
    state = midgame(4, 9, 500)
    assert state.phase == OVER
    for viewer in (None, 0, 3):
        view = SPEC.view(state, viewer)
        assert all("card" in e for hand in view["hands"] for e in hand["cards"])
        assert view["outcome"]["ending"] == state.ending


def test_the_public_view_carries_tokens_fireworks_discards_and_recent_moves():
    state = midgame(3, 6, 14)
    view = SPEC.view(state, None)
    assert view["clues"] == state.clues and view["fuses"] == state.fuses
    assert view["deck"] == state.deck_left
    assert sum(len(r) for r in view["discards"].values()) == len(state.discards)
    assert sum(view["fireworks"].values()) == view["score"] == state.score
    assert len(view["recent"]) == 5 and view["turn"] == 15
    kinds = {m["kind"] for m in view["recent"]}
    assert kinds <= {"play", "discard", "color", "rank"}
    for move in view["recent"]:
        assert ("card" in move) == (move["kind"] in ("play", "discard"))


def test_own_knowledge_in_the_view_follows_the_clues():
    state = SPEC.setup(2, 3, {})
    boris = state.hand_cards(1)
    color = boris[0].color
    state, _ = SPEC.apply(state, 0, f"clue:1:c{color}")
    mine = SPEC.view(state, 1)["hands"][1]["cards"]
    theirs = SPEC.view(state, 0)["hands"][1]["cards"]
    name = ["red", "yellow", "green", "blue", "white"][color]
    assert mine[0]["maybe_colors"] == [name] and theirs[0]["told"]["color"] == name
    for mine_card, card in zip(mine, boris, strict=True):
        assert {"color": name, "rank": card.rank} in mine_card["possible"] or \
            card.color != color
