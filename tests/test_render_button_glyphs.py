"""Buttons and menu texts use characters the common fonts have (issue 34: Rafter Five's angle
buttons "⟋ ⟍" were empty boxes on a Debian machine, whose fonts are DejaVu and Liberation).

A button is drawn by the player's own device, not by us, so what counts is the fonts a plain
desktop has: a character must be in DejaVu Sans (Debian's default), or be an emoji (every
platform draws those from its emoji font)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor
from fontTools.ttLib import TTFont

from bot.i18n import I18N_DIR, LANGUAGES, Translator
from engine.core import Label
from engine.rafter.legality import COARSE_ANGLES
from engine.rafter.menu import ANGLE_MARKS

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
EMOJI = Path(__file__).resolve().parents[1] / "data" / "fonts" / "Noto-COLRv1-noflags.ttf"
JOINERS = {0x200D, 0xFE0F}  # zero-width joiner and emoji presentation: never drawn alone


@cache
def _cmap(path: Path) -> frozenset[int]:
    return frozenset(TTFont(path).getBestCmap())


def _uncovered(text: str) -> set[str]:
    """The characters of `text` a plain desktop would draw as empty boxes."""
    common, emoji = _cmap(DEJAVU), _cmap(EMOJI)
    return {ch for ch in text if not (ord(ch) in common or ord(ch) in JOINERS
                                      or (ord(ch) >= 0x2000 and ord(ch) in emoji))}


class _Text(Visitor):
    def __init__(self) -> None:
        self.parts: list[str] = []

    def visit_TextElement(self, node: ftl.TextElement) -> None:
        self.parts.append(node.value)


def _choice_texts(lang: str) -> dict[str, str]:
    """The written text of every button and menu question of a language, by message id."""
    texts = {}
    for file in sorted((I18N_DIR / lang).glob("*.ftl")):
        for entry in FluentParser().parse(file.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message) and any(
                    part in entry.id.name for part in ("-opt-", "-button-", "-menu-", "-nudge-")):
                visitor = _Text()
                visitor.visit(entry)
                texts[entry.id.name] = "".join(visitor.parts)
    return texts


def test_the_fonts_are_there() -> None:
    assert DEJAVU.exists(), "fonts-dejavu-core: Debian's default font, the reference here"
    assert _uncovered("⟋⟍⟂") == {"⟋", "⟍", "⟂"}  # the check can tell a box from a glyph
    assert _uncovered("Ab 3 × / \\ | — · ° 🎯 🪵 ↔") == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_button_and_question_is_in_the_common_fonts(lang: str) -> None:
    texts = _choice_texts(lang)
    assert "rafter-opt-angle" in texts and "rafter-opt-across" in texts
    missing = {key: sorted(_uncovered(text)) for key, text in texts.items() if _uncovered(text)}
    assert missing == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rafter_angle_buttons_are_drawn_by_the_common_fonts(lang: str) -> None:
    tr = Translator.load()
    labels = {angle % 180: tr.render_label(lang, Label("rafter-opt-angle", {
        "mark": ANGLE_MARKS.get(angle % 180, "·"), "deg": angle % 180}), [])
        for angle in COARSE_ANGLES}
    assert sorted(labels) == [0, 45, 90, 135]
    assert all(_uncovered(text) == set() for text in labels.values()), labels
    assert len(set(labels.values())) == 4  # each angle its own button
    assert all(f"{angle}°" in text for angle, text in labels.items())
