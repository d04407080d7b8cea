"""Every text the Rafter Five engine can produce reads well in English, Russian and Polish:
each label it emits has a translation in every language, with every argument it needs.

The games are simulated (each move settles a MuJoCo scene), so only a few short ones are
played; what they seldom reach is added by hand. The "how risky?" menus run many trial
placements and are never opened here: their three answers are added as plain labels."""

from __future__ import annotations

import logging
import random
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl

from bot.i18n import I18N_DIR, LANGUAGES, Translator
from bot.options import option_text_keys
from engine.core import Label
from engine.rafter import SPEC
from tests.test_rules_text import summary_keys

ENGINE_DIR = Path(__file__).resolve().parents[1] / "engine" / "rafter"
RISKY = "rafter-opt-risk"  # the "how risky?" step runs slow trial placements: never taken
MAX_ACTIONS = 30
GAMES = (  # (players, seed, options): short games, a few seconds each
    (2, 0, {"chests": 2}),
    (3, 1, {"chests": 2, "house": True}),
    (1, 2, {"chests": 2}),
)
NAMES = ["Анна", "Łucja", "Zoë"]


def labels_of_menus(state, seat, path: tuple[str, ...] = (), depth: int = 6) -> set[Label]:
    """The labels of a seat's choice tree down to its leaves, without the "how risky?"
    steps: the first two steps of each level and the card's fine-tuning are followed; the
    nudges (endlessly many poses) are read as buttons but not followed."""
    menu = SPEC.menu(state, seat, path)
    labels = {menu.title, *menu.preview, *(o.label for o in menu.options)}
    if depth:
        onward = [o for o in menu.options
                  if o.label.key != RISKY and not o.label.key.startswith("rafter-nudge-")]
        tuning = [o for o in onward[2:] if o.label.key == "rafter-opt-adjust"]
        for option in onward[:2] + tuning:
            labels |= labels_of_menus(state, seat, option.path_from(path), depth - 1)
    return labels


def labels_of_game(players: int, seed: int, options: dict) -> set[Label]:
    labels: set[Label] = set()
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, options)
    for _ in range(MAX_ACTIONS):
        if SPEC.is_over(state):
            break
        seat = state.current
        if players > 1:
            labels.add(SPEC.menu(state, (seat + 1) % players, ()).title)
        labels |= labels_of_menus(state, seat)
        state, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        labels.update(e.label for e in events)
    outcome = SPEC.outcome(state)
    if outcome is not None:
        labels.add(outcome.reason)
        labels.add(SPEC.menu(state, 0, ()).title)
        labels.update(SPEC.standing_label(s) for s in outcome.standings)
    return labels


def keys_in_engine_source(prefix: str = "rafter-") -> set[str]:
    """Message keys written out in full in the engine's code (f-string stems excluded)."""
    found: set[str] = set()
    for file in ENGINE_DIR.rglob("*.py"):
        found |= set(re.findall(rf'"({re.escape(prefix)}[a-z0-9-]*[a-z0-9])"',
                                file.read_text(encoding="utf-8")))
    return found


def labels_of_rare_cases() -> set[Label]:
    """What short games seldom reach: every refusal, every risk answer, every ending."""
    # the rules summary takes the options: tests/test_rules_text.py
    labels = {Label("game-rafter"), Label("game-rafter-tagline"),
              Label("rafter-end-no-room"), Label("rafter-end-no-lumber"),
              Label("rafter-out", {"seat": 1}), Label("rafter-end-penalties", {"seat": 1}),
              Label("rafter-end-all-placed", {"seat": 0}),
              Label("rafter-menu-over"), Label("rafter-menu-wait", {"current_seat": 2}),
              Label("rafter-took-wood", {"seat": 1}), Label("rafter-menu-card"),
              Label("rafter-opt-card-new")}
    labels |= {Label("rafter-opt-card-wood", {"number": n}) for n in (1, 2, 12)}
    labels |= {Label(f"rafter-risk-{level}") for level in ("safe", "shaky", "dangerous")}
    labels |= {Label(key) for key in keys_in_engine_source("rafter-why-")}
    for chests in (0, 1, 2, 5, 21, 42):
        labels.add(Label("rafter-end-solo-fall", {"chests": chests}))
        labels.add(Label("rafter-standing-solo", {"seat": 0, "chests": chests}))
    for rank, penalties in ((1, 0), (2, 1), (2, 4), (3, 5), (6, 21)):
        labels.add(Label("rafter-standing", {"rank": rank, "seat": 1, "penalties": penalties}))
    for counts in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1), (2, 3, 4, 5),
                   (5, 21, 1, 22), (21, 0, 5, 2)):
        labels.add(Label("rafter-fell", {"seat": 0, **dict(zip(
            ("penalties", "returned", "rafters", "lumber"), counts))}))
    for r, name in enumerate(("small", "stout", "tall", "long", "ell")):
        rafter = f"rafter-name-{name}"
        labels |= {Label("rafter-took-sea", {"seat": 0, "rafter": rafter}),
                   Label("rafter-took-raft", {"seat": 1, "rafter": rafter}),
                   Label("rafter-built", {"seat": 2, "rafter": rafter}),
                   Label("rafter-menu-lift", {"rafter": rafter}),
                   Label("rafter-menu-rafter", {"rafter": rafter}),
                   Label("rafter-opt-take", {"rafter": rafter, "number": r + 1}),
                   Label("rafter-opt-take-sea", {"rafter": rafter, "number": r + 1})}
    return labels


@pytest.fixture(scope="module")
def played(once_per_run) -> set[Label]:
    """The labels of the games: the slowest setup here, played once per test run however
    xdist shares out the tests below."""
    return once_per_run("rafter-texts-played", labels_of_games)


def labels_of_games() -> set[Label]:
    labels: set[Label] = set()
    for game in GAMES:
        labels |= labels_of_game(*game)
    return labels


@pytest.fixture(scope="module")
def labels(played) -> set[Label]:
    return played | labels_of_rare_cases()


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_label_is_translated_with_its_arguments(lang, labels, translator, caplog):
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    for label in labels:
        text = translator.render_label(lang, label, NAMES)
        assert text and text != label.key
        assert "{" not in text and "rafter-" not in text, text
        assert "  " not in text.replace("\n\n", "") or lang == "en", text
    assert not caplog.records, [r.getMessage() for r in caplog.records]


def test_the_games_reached_the_interesting_messages(played):
    keys = {label.key for label in played}
    expected = {
        "rafter-took-raft", "rafter-took-sea", "rafter-built", "rafter-fell",
        "rafter-end-all-placed", "rafter-standing", "rafter-standing-solo",
        "rafter-menu-wait", "rafter-menu-over", "rafter-menu-take", "rafter-opt-take",
        "rafter-opt-take-sea", "rafter-menu-lift", "rafter-opt-lift", "rafter-opt-risk",
        "rafter-menu-lumber", "rafter-nudge-move", "rafter-nudge-turn", "rafter-opt-here",
        "rafter-pose", "rafter-why-fine", "rafter-menu-rafter", "rafter-opt-along",
        "rafter-opt-across", "rafter-menu-chest", "rafter-opt-spot", "rafter-menu-ready",
        "rafter-opt-build", "rafter-menu-area", "rafter-opt-area", "rafter-menu-angle",
        "rafter-opt-angle", "rafter-opt-adjust",
    }
    assert expected <= keys, sorted(expected - keys)


def test_every_key_the_engine_names_is_translated(translator):
    """Keys written in the engine's code, even on paths no game here reaches."""
    named = keys_in_engine_source()
    assert {"rafter-why-off-raft", "rafter-why-chest-spot", "rafter-end-no-room"} <= named
    for lang in LANGUAGES:
        assert named - translator.keys(lang) == set(), lang


def _keys_of(path: Path) -> list[str]:
    body = FluentParser().parse(path.read_text(encoding="utf-8")).body
    assert not [e for e in body if isinstance(e, ftl.Junk)], path
    return [e.id.name for e in body if isinstance(e, ftl.Message)]


def test_the_languages_define_the_same_rafter_messages():
    english = _keys_of(I18N_DIR / "en" / "rafter.ftl")
    assert {"game-rafter", "game-rafter-tagline", "rafter-rules"} <= set(english)
    for lang in LANGUAGES:
        assert _keys_of(I18N_DIR / lang / "rafter.ftl") == english, lang


def test_no_rafter_message_is_dead(labels, translator):
    """Each key of rafter.ftl is one the engine (or the host) uses."""
    defined = {k for k in translator.keys("en") if "rafter" in k}
    used = {label.key for label in labels} | keys_in_engine_source() | summary_keys("rafter")
    used |= option_text_keys(SPEC)  # the new-table form's names and sentences
    used |= {value for label in labels for value in label.args.values() if isinstance(value, str)}
    assert defined - used == set()


@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
def test_a_splash_reads_as_sentences_for_any_count(lang, translator):
    for n in (0, 1, 2, 5, 21):
        for counts in ((n, n, n, n), (0, n, n, 0), (0, 0, 0, n), (n, 0, 1, 0)):
            if not any(counts):
                continue
            args = dict(zip(("penalties", "returned", "rafters", "lumber"), counts))
            text = translator.render_label(lang, Label("rafter-fell", {"seat": 0, **args}), NAMES)
            assert text == text.strip() and "  " not in text and "{" not in text, text
            assert text.count(".") == sum(1 for c in counts if c), text


def test_a_splash_reads_naturally(translator):
    def fell(lang: str, penalties: int, returned: int, rafters: int, lumber: int) -> str:
        return translator.render_label(lang, Label("rafter-fell", {
            "seat": 0, "penalties": penalties, "returned": returned, "rafters": rafters,
            "lumber": lumber}), ["Anna"])

    assert fell("ru", 21, 0, 2, 1) == (
        "Плюх! 21 чужой сундук отправляется на штрафную доску игрока Anna."
        " 2 строителя падают в море. Карточка досок уплывает обратно в море.")
    assert fell("ru", 0, 5, 1, 0) == (
        "Плюх! Anna возвращает в запас 5 своих сундуков. Строитель падает в море.")
    assert fell("pl", 2, 1, 5, 0) == (
        "Plusk! 2 cudze skrzynie trafiają na planszę kar gracza Anna."
        " Anna odzyskuje do zapasu swoją skrzynię. 5 budowniczych wpada do morza.")
    assert fell("pl", 5, 0, 0, 22) == (
        "Plusk! 5 cudzych skrzyń trafia na planszę kar gracza Anna. 22 karty desek wracają do morza.")

