"""Every text the Lanterns engine can produce reads well in English, Russian and Polish:
each label it emits has a translation in every language, with every argument it needs."""

from __future__ import annotations

import logging
import random
from dataclasses import replace

import pytest

from bot.i18n import LANGUAGES, Translator
from engine.core import Label
from engine.lanterns import SPEC
from engine.lanterns.state import Turn
from tests.lanterns_helpers import arrange, colors
from tests.test_engine_conformance import walk_menu
from tests.test_lanterns_properties import kind_first_choice


def labels_of_games(games: int) -> set[Label]:
    labels: set[Label] = {Label(SPEC.rules_key)}
    for seed in range(games):
        rng = random.Random(seed)
        state = SPEC.setup(2 + seed % 3, seed, {})
        step = 0
        while not SPEC.is_over(state):
            seat = state.current
            labels.add(SPEC.menu(state, (seat + 1) % state.players_count, ()).title)
            if step % 5 == 0:
                for path in walk_menu(SPEC, state, seat).values():
                    for depth in range(len(path) + 1):
                        menu = SPEC.menu(state, seat, path[:depth])
                        labels.update([menu.title, *menu.preview, *(o.label for o in menu.options)])
            state, events = SPEC.apply(state, seat, kind_first_choice(rng, SPEC.legal_actions(state, seat)))
            labels.update(e.label for e in events)
            step += 1
        outcome = SPEC.outcome(state)
        labels.add(outcome.reason)
        labels.update(SPEC.standing_label(s) for s in outcome.standings)
    return labels


def labels_of_a_forced_discard() -> set[Label]:
    """Random games rarely leave a player over 12 after a dedication, which a forced discard
    needs: build one (17 cards, a four of a kind dedicated, 13 left)."""
    state = arrange(2, cards={0: colors(red=5, blue=5, green=5, white=2)})
    state = replace(state, turn=Turn(over_limit=True))
    state, _ = SPEC.apply(state, 0, "d:4:0")
    labels = set()
    for path in ((), ("c",), ("c", "0")):
        menu = SPEC.menu(state, 0, path)
        labels.update([menu.title, *(o.label for o in menu.options)])
    _, events = SPEC.apply(state, 0, "c:0")
    return labels | {e.label for e in events}


@pytest.fixture(scope="module")
def labels() -> set[Label]:
    return labels_of_games(12) | labels_of_a_forced_discard()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_label_is_translated_with_its_arguments(lang, labels, caplog):
    translator = Translator.load()
    names = ["Анна", "Łucja", "Bob", "Eve"]
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    keys = set()
    for label in labels:
        text = translator.render_label(lang, label, names)
        keys.add(label.key)
        assert text and text != label.key
        assert "{" not in text and "color-" not in text and "lanterns-" not in text, text
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    # the games reached the interesting messages, not only a few
    assert {"lanterns-ev-dedicate", "lanterns-preview-dedicate", "lanterns-menu-must-discard",
            "lanterns-ev-final-round", "lanterns-preview-facing", "lanterns-standing"} <= keys
