"""bench.hanabi_losses: every point short of the maximum is counted once, in one place."""

from __future__ import annotations

import dataclasses

from bench.hanabi_losses import one_game, reachable
from engine.hanabi.components import Card
from engine.hanabi.rules import setup


def test_a_colour_stops_below_its_first_rank_with_every_copy_gone() -> None:
    state = setup(2, 7)
    assert reachable(state) == 25
    red_twos = tuple(order for order, card in enumerate(state.deck) if card == Card(0, 2))
    blue_five = next(order for order, card in enumerate(state.deck) if card == Card(3, 5))
    assert len(red_twos) == 2
    assert reachable(dataclasses.replace(state, discards=red_twos[:1])) == 25
    assert reachable(dataclasses.replace(state, discards=red_twos)) == 21  # red stops at 1
    assert reachable(dataclasses.replace(state, discards=(*red_twos, blue_five))) == 20


def test_the_points_short_of_the_maximum_add_up() -> None:
    for seed in (1, 2, 3):
        losses = one_game(3, seed, "normal")
        [score] = losses.scores
        short = losses.struck_out + losses.lost_cards + losses.deck_ran_out
        assert score + short == 25
        assert sum(losses.by_move.values()) == losses.lost_cards
