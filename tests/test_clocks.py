"""The clock rules themselves (bot/clocks.py): codes, banks, turn times, time in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.clocks import (
    CHOICES,
    GAME_DEFAULTS,
    LIVE,
    Clock,
    default_clock,
    describe,
    game_clock,
    rough,
)
from bot.i18n import Translator
from engine.core import LiveClock
from engine.registry import GAMES, get_game

TR = Translator.load()


def test_codes_round_trip_and_bad_ones_are_refused():
    for clock in CHOICES:
        assert Clock.parse(clock.code) == clock
    for bad in ("", "live", "live:0:0", "live:60:90", "turn:0", "turn:x", "live:60:10:1",
                "off:1", "fast"):
        with pytest.raises(ValueError):
            Clock.parse(bad)


def test_a_live_bank_gets_the_increment_back_up_to_the_starting_bank():
    clock = Clock.parse("live:180:30")
    assert clock.turn_time(None) == 180
    assert clock.bank_after(100) == 130
    assert clock.bank_after(170) == 180  # capped
    assert clock.bank_after(-5) == 30  # ran out: only the increment
    # a turn never starts with less than the increment (a player back after running out)
    assert clock.turn_time(0) == 30
    assert Clock.parse("live:180:0").turn_time(0) == 30
    assert Clock.parse("turn:43200").turn_time(5) == 43200
    assert Clock.parse("turn:43200").bank_after(5) is None


@pytest.mark.parametrize("spec", GAMES.values(), ids=list(GAMES))
def test_every_games_default_is_among_the_choices_and_a_chat_can_override_it(spec):
    assert GAME_DEFAULTS[spec.name] == game_clock(spec) in CHOICES
    assert default_clock(spec, None) == default_clock(spec.name, None) == game_clock(spec)
    assert default_clock(spec, "off") == Clock("off")
    assert default_clock(spec.name, "turn:86400") == Clock.parse("turn:86400")
    assert default_clock(spec, "warp:9") == game_clock(spec)  # unknown code: the game's


def test_a_games_declared_clock_becomes_a_live_clock():
    assert game_clock(get_game("rafter")) == Clock(LIVE, 600, 90)
    assert game_clock(get_game("hanabi")) == Clock.parse("live:180:30")
    toy = replace(get_game("lanterns"), name="toy", clock=LiveClock(240, 15))
    assert default_clock(toy, None) == Clock(LIVE, 240, 15)
    assert default_clock(replace(toy, clock=None), None) == Clock("off")
    assert default_clock("no-such-game", None) == Clock("off")


def test_time_in_words():
    assert describe(TR, "en", Clock.parse("live:300:60")) == "5 min + 60 s a turn"
    assert describe(TR, "en", Clock.parse("turn:86400")) == "24 h a turn"
    assert describe(TR, "ru", Clock("off")) == "без часов"
    assert rough(TR, "en", 44.2) == "45 s"
    assert rough(TR, "en", 200) == "about 3 min"
    assert rough(TR, "en", 11 * 3600 + 100) == "about 11 h"
    assert rough(TR, "en", -3) == "0 s"
