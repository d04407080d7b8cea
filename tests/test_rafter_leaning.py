"""Lumber leaning against the raft stays part of it (the rulebook's "А если...?": "when the
raft collapses, leave every board leaning against the raft"); only what lies in the sea has
fallen. The sorting is a pure function (`falls.fallen_ids`); the simulated cases are
single cards, a fraction of a second each."""

from __future__ import annotations

import math

import pytest

from bot.i18n import LANGUAGES, Translator
from bot.rules_text import rules_text
from engine.rafter import SPEC
from engine.rafter.falls import fallen_ids
from engine.rafter.physics import settle
from engine.rafter.rest import rest_check
from engine.rafter.scene import LUMBER, Piece, Pose, Scene

BASE = ("raft", "box")
RAFT_TOP_ABOVE_TABLE = 45.6
EDGE_X = 62.5  # the raft card's (and box's) edge along x
HALF_CARD = 55.0


def test_a_leaning_card_on_the_box_stays_and_a_flat_one_fell() -> None:
    touching = {"L1": {"box", "sea"}, "L2": {"box", "sea"}}
    assert fallen_ids(["L1", "L2"], {"L1", "L2"}, leaning={"L1"}, touching=touching,
                      base=BASE) == {"L2"}


def test_a_leaning_card_needs_something_of_the_raft_to_lean_on() -> None:
    touching = {"L1": {"sea", "L2"}, "L2": {"sea", "L1"}}  # two cards propped on each other
    assert fallen_ids(["L1", "L2"], {"L1", "L2"}, leaning={"L1", "L2"}, touching=touching,
                      base=BASE) == {"L1", "L2"}


def test_leaning_on_a_piece_up_on_the_raft_or_a_card_that_stays_counts() -> None:
    touching = {"L1": {"R0", "sea"}, "L2": {"L1", "sea"}, "C0": {"L1"}}
    pieces = ["R0", "L1", "L2", "C0"]
    assert fallen_ids(pieces, {"L1", "L2", "C0"}, leaning={"L1", "L2"}, touching=touching,
                      base=BASE) == {"C0"}  # a chest is no lumber: it fell
    assert fallen_ids(pieces, set(), leaning=set(), touching=touching, base=BASE) == set()


def _leaning_card(degrees: float) -> Piece:
    """A card whose foot stands on the table and whose underside rests on the raft card's
    edge, tilted `degrees` from the table."""
    tilt = math.radians(degrees)
    foot_x = EDGE_X + RAFT_TOP_ABOVE_TABLE / math.tan(tilt)
    x = foot_x - HALF_CARD * math.cos(tilt)
    z = -RAFT_TOP_ABOVE_TABLE + HALF_CARD * math.sin(tilt) + 0.05
    quat = (math.cos(tilt / 2), 0.0, math.sin(tilt / 2), 0.0)  # its far end down, outward
    return Piece(LUMBER, 0, Pose((x, 0.0, z), quat).rounded())


@pytest.mark.parametrize("degrees", [30.0, 60.0])
def test_a_card_leaning_against_the_raft_stays_at_rest(degrees: float) -> None:
    settled = settle(Scene((_leaning_card(degrees),)))
    assert settled.fallen == () and settled.scene.ids() == ("L0",)
    assert rest_check(settled.scene).at_rest(0.5)


def test_a_card_lying_flat_on_the_table_by_the_box_fell() -> None:
    card = Piece(LUMBER, 0, Pose((EDGE_X + HALF_CARD + 0.1, 0.0, -RAFT_TOP_ABOVE_TABLE + 0.05),
                                 (1.0, 0.0, 0.0, 0.0)))
    assert settle(Scene((card,))).fallen_ids == ("L0",)


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


@pytest.mark.parametrize(("lang", "words"), [("en", "leaning against the raft"),
                                             ("ru", "прислонённой к плоту"),
                                             ("pl", "oparta o tratwę")])
def test_the_rules_summary_says_leaning_lumber_stays(lang: str, words: str,
                                                     translator: Translator) -> None:
    assert lang in LANGUAGES
    assert words in rules_text(translator, lang, SPEC, {})
