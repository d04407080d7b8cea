"""One voice per language (issue 18, point 4): a player is addressed informally, in the
singular ("ты" in Russian, "ty" in Polish, never "Pan/Pani/Państwo"); the plural "вы" /
"wy" only where a text clearly speaks to all the players at once, listed below with why.

The scan reads the text of every message of every .ftl file (variants and attributes too,
not comments) and looks for the pronouns and for the verb endings of the other forms:
Russian imperatives and present tense in -ите/-йте/-ьте/-ете/-ёте, Polish verbs in -cie
(imperatives -cie/-jcie, present -cie, past -liście). Words that merely end that way are
listed as not verbs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from bot.i18n import I18N_DIR

# Messages that speak to every player at once, where the plural is right.
GROUP_MESSAGES = {
    "hanabi-verdict-divine": "Hanabi is cooperative: the final verdict praises the whole team",
    "table-vote-end-asked": "asks everyone at the table to vote",
}

PATTERNS = {
    "ru": re.compile(r"\b(?:вы|вас|вам|вами|ваш\w*)\b|\b\w+(?:ите|йте|ьте|ете|ёте)\b",
                     re.IGNORECASE),
    "pl": re.compile(r"\b(?:pan|pani|panu|pana|panem|panią|państwo|państwa|państwu|państwem"
                     r"|wy|was|wam|wami|wasz\w*)\b|\b\w+cie\b", re.IGNORECASE),
}

NOT_VERBS = {
    "ru": {"цвете", "сайте"},  # «в цвете», «на сайте»
    "pl": {"czacie", "karcie", "trakcie", "przyzwoicie", "wyczucie", "odkrycie", "kształcie",
           "życie", "świecie", "komplecie", "wyjście", "zamknięcie"},
}


class _Text(Visitor):
    def __init__(self) -> None:
        self.parts: list[str] = []

    def visit_TextElement(self, node: ftl.TextElement) -> None:
        self.parts.append(node.value)

    def visit_StringLiteral(self, node: ftl.StringLiteral) -> None:
        self.parts.append(node.value)


def messages(lang: str) -> Iterator[tuple[str, str, str]]:
    """(file name, key, text) of every message and term of a language."""
    parser = FluentParser()
    for file in sorted((I18N_DIR / lang).glob("*.ftl")):
        for entry in parser.parse(file.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message | ftl.Term):
                visitor = _Text()
                visitor.visit(entry)
                yield file.name, entry.id.name, " ".join(visitor.parts)


def other_forms(lang: str, text: str) -> list[str]:
    return [m.group(0) for m in PATTERNS[lang].finditer(text)
            if m.group(0).lower() not in NOT_VERBS[lang]]


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_players_are_addressed_in_the_singular(lang):
    found = {(file, key): words for file, key, text in messages(lang)
             if key not in GROUP_MESSAGES
             and (words := other_forms(lang, text))}
    assert found == {}


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_the_scan_finds_the_other_forms(lang):
    samples = {"ru": ["Ваш ход", "положите жетон", "Вы берёте", "нажмите «Начать»",
                      "отправьте", "(ваша)", "играете"],
               "pl": ["Pan wygrywa", "Pani ruch", "Państwo grają", "naciśnijcie", "macie",
                      "podbiliście", "wasza tura"]}[lang]
    for sample in samples:
        assert other_forms(lang, sample), sample
    fine = {"ru": ["Твой ход: положи жетон", "выбери", "в цвете"],
            "pl": ["Twój ruch: połóż żeton", "na czacie", "w trakcie gry"]}[lang]
    for sample in fine:
        assert not other_forms(lang, sample), sample


def test_the_allowed_messages_exist_and_still_need_it():
    texts = {(lang, key): text for lang in ("ru", "pl") for _f, key, text in messages(lang)}
    for key in GROUP_MESSAGES:
        assert any(other_forms(lang, texts.get((lang, key), "")) for lang in ("ru", "pl")), key
