"""Lumber leaning on the raft stays part of it (the rulebook's "А если...?": "when the raft
collapses, leave every board leaning against the raft"); whatever reaches the sea (the
table) has fallen. The sorting is a pure function (`falls.fallen_ids`); the simulated case
is a single card, a fraction of a second."""

from __future__ import annotations

import math

import pytest

from bot.i18n import LANGUAGES, Translator
from bot.rules_text import rules_text
from engine.rafter import SPEC
from engine.rafter.falls import fallen_ids
from engine.rafter.physics import settle
from engine.rafter.scene import LUMBER, Piece, Pose, Scene

BASE = ("raft", "box")
RAFT_TOP_ABOVE_TABLE = 45.6
EDGE_X = 62.5  # the raft card's (and box's) edge along x
HALF_CARD = 55.0


def _fallen(pieces, low, touching, lumber=None):
    lumber = [p for p in pieces if p.startswith("L")] if lumber is None else lumber
    return fallen_ids(pieces, low, lumber=lumber, touching=touching, base=BASE, sea="sea")


def test_a_card_hanging_from_the_raft_stays_and_one_on_the_table_fell() -> None:
    touching = {"L1": {"raft"}, "L2": {"box", "sea"}}
    assert _fallen(["L1", "L2"], {"L1", "L2"}, touching) == {"L2"}


def test_a_hanging_card_needs_something_of_the_raft_to_lean_on() -> None:
    assert _fallen(["L1"], {"L1"}, {}) == {"L1"}  # in mid-air: on its way down
    touching = {"L1": {"L2"}, "L2": {"L1", "sea"}}  # propped on a card in the sea
    assert _fallen(["L1", "L2"], {"L1", "L2"}, touching) == {"L1", "L2"}


def test_leaning_on_a_piece_up_on_the_raft_or_a_card_that_stays_counts() -> None:
    touching = {"L1": {"R0"}, "L2": {"L1"}, "C0": {"L1"}}
    pieces = ["R0", "L1", "L2", "C0"]
    assert _fallen(pieces, {"L1", "L2", "C0"}, touching) == {"C0"}  # a chest is no lumber
    assert _fallen(pieces, set(), touching) == set()  # nothing low: nothing fell


def _leaning_card(degrees: float) -> Piece:
    """A card whose foot stands on the table and whose underside rests on the raft card's
    edge, tilted `degrees` from the table."""
    tilt = math.radians(degrees)
    foot_x = EDGE_X + RAFT_TOP_ABOVE_TABLE / math.tan(tilt)
    x = foot_x - HALF_CARD * math.cos(tilt)
    z = -RAFT_TOP_ABOVE_TABLE + HALF_CARD * math.sin(tilt) + 0.05
    quat = (math.cos(tilt / 2), 0.0, math.sin(tilt / 2), 0.0)  # its far end down, outward
    return Piece(LUMBER, 0, Pose((x, 0.0, z), quat).rounded())


def test_a_card_leaning_with_its_foot_on_the_table_has_reached_the_sea() -> None:
    settled = settle(Scene((_leaning_card(40.0),)))
    assert settled.fallen_ids == ("L0",) and settled.scene.pieces == ()


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator.load()


@pytest.mark.parametrize(("lang", "words"), [("en", "leaning on the raft"),
                                             ("ru", "прислонённой к плоту"),
                                             ("pl", "oparta o tratwę")])
def test_the_rules_summary_says_leaning_lumber_stays(lang: str, words: str,
                                                     translator: Translator) -> None:
    assert lang in LANGUAGES
    assert words in rules_text(translator, lang, SPEC, {})
