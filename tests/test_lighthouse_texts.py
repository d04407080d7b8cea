"""Every text the Lighthouse engine can produce reads well in English, Russian and Polish:
each label it emits has a translation in every language, with every argument it needs."""

from __future__ import annotations

import logging
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, Translator
from bot.options import option_text_keys
from engine.core import Label
from engine.lighthouse import SPEC, rules
from engine.lighthouse.dealing import deal_round
from engine.lighthouse.ending import BY_DRAW, BY_SIDE, BY_TRACK, RoundResult
from engine.lighthouse.options import Options
from engine.lighthouse.state import OVER, ROUND_OVER
from tests.test_lighthouse_rules import arrange, row
from tests.test_rules_text import summary_keys

ROOT = Path(__file__).resolve().parents[1]


def labels_of_menus(state, seat, path: tuple[str, ...] = ()) -> set[Label]:
    """Every label of a seat's whole choice tree, each level visited once."""
    menu = SPEC.menu(state, seat, path)
    labels = {menu.title, *menu.preview, *(o.label for o in menu.options)}
    for option in menu.options:
        labels |= labels_of_menus(state, seat, path + (option.key,))
    return labels


def labels_of_matches(matches: int, options: dict | None = None, *, every: int = 9) -> set[Label]:
    # the rules summary takes the options: tests/test_rules_text.py
    labels: set[Label] = {Label("game-lighthouse"),
                          Label("game-lighthouse-tagline")}
    for seed in range(matches):
        rng = random.Random(seed)
        state = SPEC.setup(2, seed, options or {})
        step = 0
        while not SPEC.is_over(state):
            seat = state.current
            labels.add(SPEC.menu(state, 1 - seat, ()).title)
            if step % every == 0 or state.phase == ROUND_OVER:
                labels |= labels_of_menus(state, seat)
            state, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
            labels.update(e.label for e in events)
            step += 1
        outcome = SPEC.outcome(state)
        labels.add(outcome.reason)
        labels.add(SPEC.menu(state, 0, ()).title)
        labels.update(SPEC.standing_label(s) for s in outcome.standings)
    return labels


def labels_of_rare_cases() -> set[Label]:
    """What random matches seldom reach: coin tosses, the zone tie-break, every result."""
    labels: set[Label] = set()
    opts = {"zone_size": 3, "values": 2, "copies": 1, "hand_size": 1, "track": 3}
    labels |= labels_of_matches(30, opts, every=1)
    coin_seed = next(s for s in range(200) if deal_round(s, Options.parse(opts), 3, None).coin)
    state = SPEC.setup(2, coin_seed, opts)
    state = replace(state, round=2, phase=ROUND_OVER, results=(
        RoundResult(0, BY_SIDE), RoundResult(1, BY_SIDE)))
    _, events = rules.apply(state, state.current, "n")
    labels.update(e.label for e in events)
    for results in ((RoundResult(0, BY_SIDE), RoundResult(None, BY_DRAW), RoundResult(1, BY_TRACK)),
                    (RoundResult(None, BY_DRAW),) * 3,
                    (RoundResult(1, BY_SIDE),) + (RoundResult(None, BY_DRAW),) * 2):
        labels.add(SPEC.outcome(replace(arrange(round_no=3, results=results), phase=OVER)).reason)
    # a move that would win at once, and one completing a line without combination
    state = arrange(row(0, 0, [(0, 4), (0, 4), (0, 4), (1, 4)]), hands={0: (4, 5, 6)}, marker=2)
    labels |= labels_of_menus(state, 0)
    state = arrange(row(0, 0, [(0, 1), (0, 3), (0, 5), (1, 6)]), hands={0: (4, 7, 8)})
    labels |= labels_of_menus(state, 0)
    return labels


@pytest.fixture(scope="module")
def labels() -> set[Label]:
    return labels_of_matches(25) | labels_of_rare_cases()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_label_is_translated_with_its_arguments(lang, labels, caplog):
    translator = Translator.load()
    names = ["Анна", "Łucja"]
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    keys = set()
    for label in labels:
        text = translator.render_label(lang, label, names)
        keys.add(label.key)
        assert text and text != label.key
        assert "{" not in text and "lighthouse-" not in text, text
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    # the matches reached the interesting messages, not only a few
    expected = {
        "lighthouse-ev-line", "lighthouse-ev-line-none", "lighthouse-ev-marker",
        "lighthouse-ev-marker-centre", "lighthouse-ev-draw", "lighthouse-ev-round-track",
        "lighthouse-ev-round-side", "lighthouse-ev-round-zone", "lighthouse-ev-round-draw",
        "lighthouse-ev-reveal-tie", "lighthouse-ev-round-start-lower",
        "lighthouse-ev-round-start-other", "lighthouse-ev-round-start-coin",
        "lighthouse-menu-wait", "lighthouse-menu-over", "lighthouse-menu-round-over",
        "lighthouse-menu-next", "lighthouse-opt-zone-red", "lighthouse-opt-zone-blue",
        "lighthouse-preview-line", "lighthouse-preview-line-none", "lighthouse-preview-no-line",
        "lighthouse-preview-round-track", "lighthouse-preview-round-side",
        "lighthouse-preview-round-draw", "lighthouse-preview-round-zone",
        "lighthouse-preview-marker", "lighthouse-result-two-wins",
        "lighthouse-result-more-wins", "lighthouse-result-equal-wins",
        "lighthouse-result-all-drawn", "lighthouse-standing",
    }
    assert expected <= keys, sorted(expected - keys)


def test_every_lighthouse_message_is_emitted_somewhere(labels):
    """No dead strings: each key of lighthouse.ftl is one the engine (or the host) uses."""
    translator = Translator.load()
    defined = {k for k in translator.keys("en") if "lighthouse" in k}
    emitted = {label.key for label in labels}
    # combination names and zone/line words arrive as arguments, not as label keys
    emitted |= {value for label in labels for arg in label.args.values()
                for value in (arg if isinstance(arg, list) else [arg]) if isinstance(value, str)}
    emitted |= {f"lighthouse-combo-{n}" for n in range(2, 8)}  # 6 and 7 need 7×7 zones
    emitted |= computer_reason_keys()
    emitted |= summary_keys("lighthouse")
    emitted |= option_text_keys(SPEC)  # the new-table form's words
    assert defined - emitted == set()


def computer_reason_keys() -> set[str]:
    """The reasons the computer players give, as written out in their code (each is checked
    for translations and public arguments in tests/test_lighthouse_computer.py)."""
    found: set[str] = set()
    for file in (ROOT / "engine" / "lighthouse" / "computer").glob("*.py"):
        found |= set(re.findall(r'"(lighthouse-bot-[a-z-]*[a-z])"', file.read_text("utf-8")))
    return found


def test_a_line_reads_naturally(labels):
    translator = Translator.load()
    label = Label("lighthouse-ev-line", {"seat": 0, "points": 4, "zone": "lighthouse-zone-red",
                                         "line": "lighthouse-line-row", "n": 3,
                                         "combos": ["lighthouse-combo-3", "lighthouse-combo-2"]})
    names = ["Anna", "Boris"]
    assert translator.render_label("en", label, names) == (
        "Anna scores 4 points for row 3 of the red zone: three of a kind, pair.")
    assert translator.render_label("ru", label, names) == (
        "Anna получает 4 очка за ряд 3 красной зоны: три одинаковых, пара.")
    label = Label("lighthouse-ev-line", {**label.args, "line": "lighthouse-line-col", "points": 5})
    assert translator.render_label("pl", label, names) == (
        "Anna zdobywa 5 punktów za kolumnę 3 czerwonej strefy: trzy jednakowe, para.")
