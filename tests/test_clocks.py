"""The clock rules themselves (bot/clocks.py): codes, banks, turn times, time in words."""

from __future__ import annotations

import pytest

from bot.clocks import CHOICES, GAME_DEFAULTS, Clock, default_clock, describe, rough
from bot.i18n import Translator
from engine.registry import GAMES

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


def test_every_game_has_a_default_among_the_choices_and_a_chat_can_override_it():
    assert set(GAME_DEFAULTS) == set(GAMES)
    assert all(clock in CHOICES for clock in GAME_DEFAULTS.values())
    assert default_clock("rafter", None) == GAME_DEFAULTS["rafter"]
    assert default_clock("rafter", "off") == Clock("off")
    assert default_clock("rafter", "warp:9") == GAME_DEFAULTS["rafter"]  # unknown: the game's


def test_time_in_words():
    assert describe(TR, "en", Clock.parse("live:300:60")) == "5 min + 60 s a turn"
    assert describe(TR, "en", Clock.parse("turn:86400")) == "24 h a turn"
    assert describe(TR, "ru", Clock("off")) == "без часов"
    assert rough(TR, "en", 44.2) == "45 s"
    assert rough(TR, "en", 200) == "about 3 min"
    assert rough(TR, "en", 11 * 3600 + 100) == "about 11 h"
    assert rough(TR, "en", -3) == "0 s"
