"""Translations: complete in every language, formattable, plural-correct; the API's fallbacks."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from bot.i18n import (
    I18N_DIR,
    LANGUAGES,
    TranslationError,
    Translator,
    normalize_language,
)
from engine.core import Label

COUNTS = (0, 1, 2, 5, 11, 21, 22, 1.5)


@pytest.fixture(scope="module")
def tr() -> Translator:
    return Translator.load()


def make_translator(root: Path, files: dict[str, str]) -> Translator:
    for lang, text in files.items():
        (root / lang).mkdir(parents=True, exist_ok=True)
        (root / lang / "test.ftl").write_text(text, encoding="utf-8")
    return Translator.load(root)


# -- what each message needs, read from the .ftl files themselves ---------------------------


class _Arguments(Visitor):
    """The variables a message uses, which of them select a variant (so must be numbers),
    and the messages it references (which share its arguments)."""

    def __init__(self) -> None:
        self.variables: set[str] = set()
        self.numeric: set[str] = set()
        self.references: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: ftl.SelectExpression) -> None:
        if isinstance(node.selector, ftl.VariableReference):
            self.numeric.add(node.selector.id.name)
        self.generic_visit(node)

    def visit_FunctionReference(self, node: ftl.FunctionReference) -> None:
        if node.id.name == "NUMBER":
            for arg in node.arguments.positional:
                if isinstance(arg, ftl.VariableReference):
                    self.numeric.add(arg.id.name)
        self.generic_visit(node)

    def visit_MessageReference(self, node: ftl.MessageReference) -> None:
        self.references.add(node.id.name)

    def visit_TermReference(self, node: ftl.TermReference) -> None:
        pass  # a term's variables are its own call arguments, not the message's


def _parse_language(lang: str) -> dict[str, _Arguments]:
    parser = FluentParser()
    found: dict[str, _Arguments] = {}
    for file in sorted((I18N_DIR / lang).glob("*.ftl")):
        for entry in parser.parse(file.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message):
                visitor = _Arguments()
                visitor.visit(entry)
                found[entry.id.name] = visitor
    # A referenced message is formatted with the referring message's arguments.
    for visitor in found.values():
        seen: set[str] = set()
        pending = list(visitor.references)
        while pending:
            name = pending.pop()
            if name in seen or name not in found:
                continue
            seen.add(name)
            visitor.variables |= found[name].variables
            visitor.numeric |= found[name].numeric
            pending.extend(found[name].references)
    return found


ARGUMENTS = {lang: _parse_language(lang) for lang in LANGUAGES}


def _attributes(lang: str) -> set[str]:
    parser = FluentParser()
    keys = set()
    for file in sorted((I18N_DIR / lang).glob("*.ftl")):
        for entry in parser.parse(file.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message):
                keys.update(f"{entry.id.name}.{a.id.name}" for a in entry.attributes)
    return keys


# -- completeness ---------------------------------------------------------------------------


def test_every_language_is_loaded(tr: Translator) -> None:
    assert tr.languages == ("en", "ru", "pl")
    for lang in LANGUAGES:
        assert "bot-help" in tr.keys(lang)


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_same_keys_as_english(tr: Translator, lang: str) -> None:
    assert sorted(tr.keys("en") - tr.keys(lang)) == [], f"missing in {lang}"
    assert sorted(tr.keys(lang) - tr.keys("en")) == [], f"only in {lang}, not in en"
    assert _attributes(lang) == _attributes("en")


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_translations_use_only_the_arguments_english_gets(lang: str) -> None:
    english = ARGUMENTS["en"]
    extra = {
        key: sorted(found.variables - english[key].variables)
        for key, found in ARGUMENTS[lang].items()
        if key in english and found.variables - english[key].variables
    }
    assert extra == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats_without_errors(tr: Translator, lang: str) -> None:
    failures = []
    keys = sorted(tr.keys(lang)) + sorted(_attributes(lang))
    for key, count in itertools.product(keys, COUNTS):
        message = key.partition(".")[0]
        # A number wherever any language selects a plural form on it, a name elsewhere.
        numeric = set().union(*(ARGUMENTS[code][message].numeric
                                for code in LANGUAGES if message in ARGUMENTS[code]))
        variables = ARGUMENTS[lang][message].variables
        args = {name: count if name in numeric else "Alice" for name in variables}
        result = tr.format(lang, key, args)
        assert result is not None, key
        text, errors = result
        if errors or not text.strip():
            failures.append((key, count, text, errors))
    assert failures == []


def test_no_unicode_isolation_marks(tr: Translator) -> None:
    text = tr.t("en", "bot-lobby-joined", name="Alice")
    assert text == "Alice joined the table."
    assert "\u2068" not in text and "\u2069" not in text


def test_colour_names(tr: Translator) -> None:
    colours = ("red", "blue", "green", "white", "purple", "orange", "black")
    expected = {
        "en": colours,
        "ru": ("красный", "синий", "зелёный", "белый", "фиолетовый", "оранжевый", "чёрный"),
        "pl": ("czerwony", "niebieski", "zielony", "biały", "fioletowy", "pomarańczowy",
               "czarny"),
    }
    for lang, names in expected.items():
        assert tuple(tr.t(lang, f"color-{c}") for c in colours) == names


# -- plurals --------------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "text"), [
    (1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"), (11, "11 карт"),
    (21, "21 карта"), (22, "22 карты"), (25, "25 карт"), (111, "111 карт"),
])
def test_russian_plurals(tr: Translator, count: int, text: str) -> None:
    assert tr.t("ru", "bot-cards", count=count) == text


@pytest.mark.parametrize(("count", "text"), [
    (1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 kart"), (12, "12 kart"),
    (21, "21 kart"), (22, "22 karty"), (25, "25 kart"),
])
def test_polish_plurals(tr: Translator, count: int, text: str) -> None:
    assert tr.t("pl", "bot-cards", count=count) == text


def test_plurals_in_sentences(tr: Translator) -> None:
    assert [tr.t("ru", "bot-lobby-need-more", count=n) for n in (1, 2, 5, 21)] == [
        "Нужен ещё 1 игрок.", "Нужны ещё 2 игрока.", "Нужно ещё 5 игроков.",
        "Нужен ещё 21 игрок.",
    ]
    assert [tr.t("pl", "bot-points", count=n) for n in (1, 2, 5, 21)] == [
        "1 punkt", "2 punkty", "5 punktów", "21 punktów",
    ]
    assert [tr.t("en", "bot-cards", count=n) for n in (1, 2, 21)] == [
        "1 card", "2 cards", "21 cards",
    ]


# -- fallbacks ------------------------------------------------------------------------------


def test_missing_key_falls_back_to_english_then_to_the_key(tmp_path: Path) -> None:
    tr = make_translator(tmp_path, {
        "en": "hello = Hello, { $name }!\nonly-en = English only\n",
        "ru": "hello = Привет, { $name }!\n",
    })  # no Polish at all
    assert tr.t("ru", "hello", name="Аня") == "Привет, Аня!"
    assert tr.t("ru", "only-en") == "English only"
    assert tr.t("pl", "hello", name="Ola") == "Hello, Ola!"
    assert tr.t("ru", "no-such-key") == "no-such-key"


def test_missing_argument_does_not_raise(tr: Translator) -> None:
    text = tr.t("ru", "bot-lobby-joined")
    assert "садится за стол" in text


def test_odd_arguments_do_not_raise(tr: Translator) -> None:
    assert tr.t("en", "bot-waiting-for", names=["Ann", "Bob"]) == "Waiting for: Ann, Bob"
    assert tr.t("en", "bot-waiting-for", names=None) == "Waiting for: "
    # `lang` and `key` are positional-only, so messages may use arguments of those names.
    assert tr.t("en", "bot-done", key="x", lang="y") == "Done."


def test_unknown_language_uses_english(tr: Translator) -> None:
    assert tr.t("de-DE", "bot-done") == "Done."
    assert tr.t("ru-RU", "bot-done") == "Готово."


def test_attributes_can_be_addressed(tmp_path: Path) -> None:
    tr = make_translator(tmp_path, {"en": "menu = Menu\n    .hint = Pick { $n }\n"})
    assert tr.t("en", "menu.hint", n=2) == "Pick 2"


def test_syntax_error_names_the_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(TranslationError, match=r"test\.ftl:2:"):
        make_translator(tmp_path, {"en": "good = fine\nbad = { $unclosed\n"})


def test_duplicate_key_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.ftl").write_text("same = one\n", encoding="utf-8")
    (tmp_path / "en" / "b.ftl").write_text("same = two\n", encoding="utf-8")
    with pytest.raises(TranslationError, match="already defined"):
        Translator.load(tmp_path)


def test_english_is_required(tmp_path: Path) -> None:
    with pytest.raises(TranslationError):
        make_translator(tmp_path, {"ru": "a = б\n"})


# -- language codes -------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "lang"), [
    ("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("pl", "pl"), ("pl_PL", "pl"),
    ("en", "en"), ("en-US", "en"), ("en-GB", "en"),
    ("uk", "en"), ("be", "en"), ("de", "en"), ("zh-hans", "en"),
    ("", "en"), (None, "en"),
])
def test_normalize_language(code: str | None, lang: str) -> None:
    assert normalize_language(code) == lang


def test_normalize_language_with_another_default() -> None:
    assert normalize_language("uk", default="pl") == "pl"
    assert normalize_language("ru-RU", default="pl") == "ru"
    assert normalize_language(None, default="xx") == "en"


# -- engine labels --------------------------------------------------------------------------


@pytest.fixture
def label_tr(tmp_path: Path) -> Translator:
    return make_translator(tmp_path, {
        "en": (
            "gave = { $seat } gave { $to_seat } a { $color } card.\n"
            "waiting = Waiting for { $seats }.\n"
            "colors = Colours: { $colors }.\n"
            "cards = { $seat } has { $count ->\n"
            "    [one] one card\n"
            "   *[other] { $count } cards\n"
            "  }.\n"
            "color-red = red\ncolor-blue = blue\n"
            "bot-player-n = Player { $number }\n"
        ),
        "ru": (
            "gave = { $seat } → { $to_seat }: { $color }.\n"
            "colors = Цвета: { $colors }.\n"
            "cards = { $seat }: { $count } { $count ->\n"
            "    [one] карта\n    [few] карты\n    [many] карт\n   *[other] карты\n  }.\n"
            "color-red = красный\ncolor-blue = синий\n"
        ),
    })


def test_render_label_names_players(label_tr: Translator) -> None:
    label = Label("gave", {"seat": 0, "to_seat": 2, "color": "color-red"})
    assert label_tr.render_label("en", label, ["Ann", "Bob", "Cleo"]) == (
        "Ann gave Cleo a red card."
    )
    assert label_tr.render_label("ru", label, {0: "Аня", 2: "Вера"}) == "Аня → Вера: красный."


def test_render_label_unknown_seat_is_numbered(label_tr: Translator) -> None:
    label = Label("gave", {"seat": 3, "to_seat": 0, "color": "color-blue"})
    assert label_tr.render_label("en", label, ["Ann"]) == "Player 4 gave Ann a blue card."


def test_render_label_lists(label_tr: Translator) -> None:
    assert label_tr.render_label("ru", Label("colors", {"colors": ["color-red", "color-blue"]}),
                                 []) == "Цвета: красный, синий."
    assert label_tr.render_label("en", Label("waiting", {"seats": [1, 0]}),
                                 ["Ann", "Bob"]) == "Waiting for Bob, Ann."


def test_render_label_keeps_numbers_for_plurals(label_tr: Translator) -> None:
    names = ["Ann", "Bob"]
    assert label_tr.render_label("ru", Label("cards", {"seat": 1, "count": 5}), names) == (
        "Bob: 5 карт."
    )
    assert label_tr.render_label("ru", Label("cards", {"seat": 1, "count": 21}), names) == (
        "Bob: 21 карта."
    )
    assert label_tr.render_label("en", Label("cards", {"seat": 0, "count": 1}), names) == (
        "Ann has one card."
    )


def test_render_label_with_real_messages(tr: Translator) -> None:
    assert tr.render_label("pl", Label("bot-cards", {"count": 3}), []) == "3 karty"
    assert tr.render_label("ru", Label("color-green"), []) == "зелёный"
