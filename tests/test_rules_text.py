"""Rules summaries follow the table's options (issue 18, point 5): `/rules` describes the
options a table was opened with, or those typed after the game's name, in every language,
with every argument filled."""

from __future__ import annotations

import itertools
import logging
import re
from typing import Any

import pytest

from bot.i18n import LANGUAGES, Translator
from bot.rules_text import label_keys, rules_label, rules_text
from bot.screens import Role, UserRef
from engine.core import GameSpec, Label
from engine.registry import GAMES, get_game
from fakes.service_harness import GROUP, open_harness

TR = Translator.load()

SAMPLE_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "hanabi": [dict(zip(("multicolor", "advanced"), v))
               for v in itertools.product((False, True), repeat=2)],
    "rafter": [{"house": h, "advanced": a, "chests": c}
               for h, a, c in itertools.product((False, True), (False, True), (0, 1, 5))],
    "lighthouse": [{}, {"zone_size": 7}, {"zone_size": 3}, {"copies": 1},
                   {"zone_size": 7, "values": 9, "copies": 8, "hand_size": 5, "track": 30},
                   {"zone_size": 3, "values": 2, "copies": 1, "hand_size": 1, "track": 3}],
}
"""Number options away from their defaults, for the games whose summary names them."""


def option_sets(spec: GameSpec) -> list[dict[str, Any]]:
    """The defaults, every yes/no option turned over on its own, and the samples above."""
    flipped = [{name: not value} for name, value in spec.default_options.items()
               if isinstance(value, bool)]
    return [{}, *flipped, *SAMPLE_OPTIONS.get(spec.name, [])]


def summary_keys(game: str) -> set[str]:
    """Every message a game's summary can use, over its option sets."""
    spec = get_game(game)
    return set().union(*(label_keys(rules_label(spec, o)) for o in option_sets(spec)))


def test_the_samples_name_only_registered_games():
    assert set(SAMPLE_OPTIONS) <= set(GAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_summary_formats_fully(game, lang, caplog):
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    for options in option_sets(get_game(game)):
        text = rules_text(TR, lang, get_game(game), options)
        assert "{" not in text and f"{game}-" not in text and "-rules" not in text, text
    assert not caplog.records, [r.getMessage() for r in caplog.records]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_summary_is_the_games_own_label_for_its_options(game):
    spec = get_game(game)
    for options in option_sets(spec):
        label = rules_label(spec, options)
        if spec.rules is None:
            assert label == Label(spec.rules_key)
        else:  # the bot fills in the defaults before the game reads them
            assert label == spec.rules({**spec.default_options, **options})
        assert label.key == spec.rules_key


def _text(game: str, lang: str, **options: Any) -> str:
    return rules_text(TR, lang, get_game(game), options)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lighthouse_summary_names_the_chosen_sizes(lang):
    text = _text("lighthouse", lang, zone_size=7, values=9, copies=4, hand_size=2, track=15)
    assert "7×7" in text and "5×5" not in text
    assert "36" in text  # 9 numbers × 4 copies
    for number in ("9", "15", "2"):  # the highest number, the track, the hand
        assert re.search(rf"(?<![\d=]){number}(?!\d)", text), number
    assert TR.t(lang, "lighthouse-combo-6") in text and TR.t(lang, "lighthouse-combo-7") in text
    assert "zone_size=7" in text
    default = _text("lighthouse", lang)
    assert "5×5" in default and "32" in default and " 10" in default
    assert TR.t(lang, "lighthouse-combo-6") not in default


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lighthouse_zones_that_never_fill_are_not_said_to_end_full(lang):
    # 32 tokens each cannot fill 7×7 zones: the round ends when tokens run out, and the
    # own-zone tie-break decides a round with the marker on 0
    full = TR.t(lang, "lighthouse-rules-end-full")
    short = TR.t(lang, "lighthouse-rules-end-short", tokens=32, size=7)
    seven = _text("lighthouse", lang, zone_size=7)
    assert full not in seven and short in seven
    assert full in _text("lighthouse", lang)
    # few copies: no line can hold three of a kind
    assert TR.t(lang, "lighthouse-combo-3") not in _text("lighthouse", lang, copies=1)


def test_lighthouse_english_with_seven_by_seven_zones():
    text = _text("lighthouse", "en", zone_size=7)
    assert "six of a kind 15" in text and "seven of a kind 21" in text
    assert "all 7 tokens of one colour" in text
    assert "coin toss" in text
    assert "such a round is drawn" not in text and "board is full" not in text
    assert "such a round is drawn" in _text("lighthouse", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hanabi_summary_follows_its_options(lang):
    plain, multi = _text("hanabi", lang), _text("hanabi", lang, multicolor=True)
    assert TR.t(lang, "hanabi-rules-scale") in plain
    assert TR.t(lang, "hanabi-rules-scale-multicolor") in multi and " 30" in multi
    assert TR.t(lang, "hanabi-color-multicolor") not in plain
    advanced = _text("hanabi", lang, advanced=True)
    assert TR.t(lang, "hanabi-rules-end-advanced", perfect=25) in advanced
    assert TR.t(lang, "hanabi-rules-end-advanced", perfect=25) not in plain
    both = _text("hanabi", lang, multicolor=True, advanced=True)
    assert TR.t(lang, "hanabi-rules-end-advanced", perfect=30) in both
    assert "multicolor advanced" in both


def test_hanabi_english_names_the_sixth_colour_only_with_it():
    assert "six fireworks" in _text("hanabi", "en", multicolor=True)
    assert "five fireworks" in _text("hanabi", "en")
    assert "Advanced" not in _text("hanabi", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rafter_summary_follows_its_options(lang):
    plain = _text("rafter", lang)
    assert TR.t(lang, "rafter-rules-chests") in plain and TR.t(lang, "rafter-rules-end") in plain
    short = _text("rafter", lang, chests=5)
    assert TR.t(lang, "rafter-rules-chests-n", chests=5) in short
    assert TR.t(lang, "rafter-rules-chests") not in short
    house = _text("rafter", lang, house=True)
    assert TR.t(lang, "rafter-rules-end-house") in house
    assert TR.t(lang, "rafter-rules-end") not in house
    advanced = _text("rafter", lang, advanced=True)
    assert TR.t(lang, "rafter-rules-lumber-advanced") in advanced
    assert TR.t(lang, "rafter-rules-lumber-advanced") not in plain


# --- through the service: /rules in a chat --------------------------------------------------

ANNA = UserRef("1001", "Anna", "en")


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def _rules(h, args: str = "") -> str:
    result = await h.command(ANNA, "rules", args)
    return h.text(result.message)


async def test_rules_in_a_chat_describe_its_tables_options(harness):
    h = harness
    assert "5×5" in await _rules(h, "lighthouse")
    assert "7×7" in await _rules(h, "lighthouse zone_size=7")
    assert "7×7" in await _rules(h, "Lighthouse ZONE_SIZE=7")
    await h.command(ANNA, "newgame", "lighthouse zone_size=7 track=15")
    assert h.screen(Role.LOBBY) is not None
    text = await _rules(h)
    assert "7×7" in text and "15" in text and "zone_size=7" in text
    assert "5×5" in await _rules(h, "lighthouse")  # a named game: its defaults
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    assert table.options == {"zone_size": 7, "track": 15}


async def test_rules_refuse_an_unknown_option(harness):
    h = harness
    text = await _rules(h, "lighthouse zone_size=8")
    assert text == TR.t("en", "table-bad-option", word="zone_size=8",
                        options="zone_size=5 values=8 copies=4 hand_size=3 track=10")
    text = await _rules(h, "chess")
    assert text.startswith(TR.t("en", "bot-error-unknown-game", games="")[:10])
