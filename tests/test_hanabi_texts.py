"""Every text the Hanabi engine can produce reads well in English, Russian and Polish: each
label it emits (events, menus, previews, results) has a translation in every language, with
every argument it needs, and no message key or raw colour id shows through."""

from __future__ import annotations

import logging
import random
from functools import partial

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.core import Label
from engine.hanabi import SPEC
from engine.hanabi.components import verdict
from engine.hanabi.playouts import oracle_action, random_action
from engine.hanabi.state import HanabiState
from tests.test_engine_conformance import walk_menu
from tests.test_hanabi_rules import arrange, full_hands

OPTIONS = [{}, {"multicolor": True}, {"advanced": True}, {"multicolor": True, "advanced": True}]
RAW_IDS = ("multicolor", "hanabi-", "{", "}")


def menu_labels(state: HanabiState, seat: int) -> set[Label]:
    labels: set[Label] = set()
    for path in walk_menu(SPEC, state, seat).values():
        for depth in range(len(path) + 1):
            menu = SPEC.menu(state, seat, path[:depth])
            labels.update([menu.title, *menu.preview, *(o.label for o in menu.options)])
    return labels


def labels_of_games(games: int) -> set[Label]:
    labels: set[Label] = set()  # the rules summary: tests/test_rules_text.py
    for seed in range(games):
        rng = random.Random(seed)
        options = OPTIONS[seed % 4]
        policy = random_action if seed % 5 == 0 else partial(oracle_action, blunders=0.1)
        state = SPEC.setup(2 + seed % 4, seed, options)
        step = 0
        while not SPEC.is_over(state):
            seat = state.current
            labels.add(SPEC.menu(state, (seat + 1) % state.players_count, ()).title)
            if step % 4 == 0:
                labels |= menu_labels(state, seat)
            state, events = SPEC.apply(state, seat, policy(rng, state).encode())
            labels.update(e.label for e in events)
            step += 1
        labels.add(SPEC.menu(state, 0, ()).title)
        outcome = SPEC.outcome(state)
        labels.add(outcome.reason)
        labels.update(SPEC.standing_label(s) for s in outcome.standings)
    return labels


def labels_of_rare_endings() -> set[Label]:
    """A player stuck without cards or tokens, and a last fuse warning: built by hand."""
    advanced = {"advanced": True}
    state = arrange([[], ["r1", "y2"], ["g2"]], deck=0, clues=1, current=2,
                    fireworks={"r": 5, "y": 1, "g": 1, "b": 5, "w": 5}, options=advanced)
    over, events = SPEC.apply(state, 2, "clue:1:c1")
    labels = {e.label for e in events} | {SPEC.outcome(over).reason}
    risky = arrange([["b5", "y1", "g1", "b1", "w1"], full_hands(2)[1]], discards=["r3", "r4"],
                    fuses=2, clues=3, options=advanced)
    return labels | menu_labels(risky, 0)


@pytest.fixture(scope="module")
def labels() -> set[Label]:
    return labels_of_games(24) | labels_of_rare_endings()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_label_is_translated_with_its_arguments(lang, labels, caplog):
    translator = Translator.load()
    names = ["Анна", "Łucja", "Bob", "Eve", "Zoë"]
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    keys = set()
    for label in labels:
        text = translator.render_label(lang, label, names)
        keys.add(label.key)
        assert text and text != label.key
        assert not any(raw in text for raw in RAW_IDS), text
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    # the games reached the interesting messages, not only a few
    assert {"hanabi-ev-clue-color", "hanabi-ev-clue-rank", "hanabi-ev-play", "hanabi-ev-misplay",
            "hanabi-ev-discard", "hanabi-ev-firework-done", "hanabi-ev-card-lost",
            "hanabi-ev-last-card", "hanabi-ev-deck-empty-advanced", "hanabi-ev-over-fuses",
            "hanabi-ev-over-complete", "hanabi-ev-over-last-round", "hanabi-ev-over-critical",
            "hanabi-ev-over-stuck", "hanabi-menu-final", "hanabi-preview-unknown",
            "hanabi-preview-maybe", "hanabi-preview-exact", "hanabi-preview-critical-risk",
            "hanabi-preview-last-fuse", "hanabi-preview-sure-play", "hanabi-result-score",
            "hanabi-result-perfect", "hanabi-result-fuses", "hanabi-result-critical",
            "hanabi-result-stuck", "hanabi-standing", "hanabi-opt-clue-color",
            "hanabi-preview-clue-rank"} <= keys


def test_every_key_of_the_english_file_exists_in_russian_and_polish():
    translator = Translator.load()
    # hanabi-x-* are each language's own grammar helpers, not messages the engine names
    english = {k for k in translator.keys("en") if k.startswith(("hanabi-", "game-hanabi"))
               and not k.startswith("hanabi-x-")}
    assert {"hanabi-rules", "game-hanabi", "game-hanabi-tagline"} <= english
    for lang in ("ru", "pl"):
        assert english <= translator.keys(lang), english - translator.keys(lang)
    for score in range(31):
        assert f"hanabi-verdict-{verdict(score)}" in english


@pytest.mark.parametrize("lang, count, text", [
    ("ru", 1, "1 синяя карта"), ("ru", 2, "2 синие карты"), ("ru", 5, "5 синих карт"),
    ("pl", 1, "1 niebieska karta"), ("pl", 3, "3 niebieskie karty"),
    ("pl", 5, "5 niebieskich kart"), ("en", 2, "two blue cards")])
def test_colour_clues_agree_with_the_number_of_cards(lang, count, text):
    label = Label("hanabi-ev-clue-color", {"seat": 0, "target_seat": 1, "count": count,
                                           "slots": list(range(1, count + 1)), "color": "blue"})
    assert text in Translator.load().render_label(lang, label, ["A", "B"])
