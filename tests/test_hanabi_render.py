"""Tests of the Hanabi pictures (render.hanabi): sizes, determinism, safe names, colours
with their symbols, focus, and tolerance of odd views. Views come from real engine games.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core import RuleViolation
from engine.hanabi import SPEC
from engine.hanabi.playouts import oracle_action
from render import RENDERERS, hanabi
from tests.test_hanabi_views import midgame

NAMES = ["Żółć Łukasz", "Ёжик Щукин", "Anna 🎲🔥", "👨‍👩‍👧", "Bartłomiej Grzegorz Brzęczyszczykiewicz"]


def image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def states():
    for players in (2, 3, 4, 5):
        for options in ({}, {"multicolor": True}):
            yield midgame(players, players, 18, options)
    yield midgame(5, 3, 500, {"advanced": True})  # a finished game


@pytest.mark.parametrize("state", list(states()), ids=lambda s: f"{s.players_count}p-{s.phase}")
def test_pictures_fit_the_limits_and_are_deterministic(state):
    public = SPEC.view(state, None)
    board = hanabi.board_png(public, names=NAMES)
    assert board == hanabi.board_png(public, names=NAMES)
    img = image(board)
    assert img.width <= 1280 and img.height <= 1280 and len(board) < 400_000
    for seat in range(state.players_count):
        view = SPEC.view(state, seat)
        panel = hanabi.panel_png(view, names=NAMES)
        assert panel == hanabi.panel_png(view, names=NAMES)
        img = image(panel)
        assert img.width <= 1280 and img.height <= 1350
        assert hanabi.waiting_png(view, names=NAMES) == panel  # the panel without focus


def test_the_registry_entry_offers_the_three_pictures():
    module = RENDERERS.get("hanabi", hanabi)
    for name in ("board_png", "panel_png", "waiting_png"):
        assert callable(getattr(module, name))


def test_fireworks_show_their_colour_and_the_multicolour_sixth():
    state = midgame(2, 1, 0, {"multicolor": True})
    view = SPEC.view(state, None)
    view["fireworks"] = {"red": 3, "yellow": 0, "green": 5, "blue": 1, "white": 2,
                         "multicolor": 4}
    img = image(hanabi.board_png(view, names=NAMES))
    # the fireworks row: cards 76x106 px from x = 32, 12 px apart, centred in a 140 px box
    x0, top = 16 + 16, 16 + (140 - 106) // 2
    for i, name in enumerate(view["colors"]):
        x = x0 + i * (76 + 12)
        pixel = img.getpixel((x + 12, top + 76))  # left of the number, clear of any mark
        if view["fireworks"][name]:
            assert pixel == hanabi.color(name).fill, name
        else:
            assert pixel != hanabi.color(name).fill, name


def test_every_colour_has_its_own_symbol_and_fill():
    assert len({c.symbol for c in hanabi.COLORS.values()}) == 6
    assert len({c.fill for c in hanabi.COLORS.values()}) == 6
    assert hanabi.color("mauve").symbol == "dot"  # unknown colours draw, never crash


def test_focus_frames_the_chosen_slot_and_the_clued_cards():
    rng = random.Random(3)
    state = SPEC.setup(3, 3, {})
    state, _ = SPEC.apply(state, 0, oracle_action(rng, state).encode())
    seat = state.current
    view = SPEC.view(state, seat)
    plain = hanabi.panel_png(view, names=NAMES)
    pictures = {plain}
    for path in (("p",), ("p", "1"), ("d",), ("c", str((seat + 1) % 3))):
        try:
            menu = SPEC.menu(state, seat, path)
        except RuleViolation:  # discarding is not possible with all clue tokens
            continue
        pictures.add(hanabi.panel_png(view, names=NAMES, focus=menu.focus))
    target = str((seat + 1) % 3)
    values = SPEC.menu(state, seat, ("c", target))
    leaf = SPEC.menu(state, seat, ("c", target, values.options[0].key))
    clued = hanabi.panel_png(view, names=NAMES, focus=leaf.focus)
    assert clued not in pictures
    assert len(pictures) >= 4  # the play step shows every slot lit; the choice frames one


@pytest.mark.parametrize("view", [
    {}, {"game": "hanabi"}, {"hands": "x", "fireworks": [], "recent": [None, 3]},
    {"hands": [{"seat": 0, "cards": [{"slot": 1, "card": {"color": "teal", "rank": "x"}}]}],
     "viewer": 0, "colors": ["red", 7], "discards": {"red": ["a", 2]}, "deck": "many"},
])
def test_odd_views_draw_without_crashing(view):
    for png in (hanabi.board_png(view, names=[]), hanabi.panel_png(view, names=[], focus={
            "mode": "play", "slot": "x", "target": None, "slots": "abc"})):
        assert image(png).width > 0


def test_names_keep_their_emoji_and_undrawable_ones_become_seat_numbers():
    assert hanabi._name(["👨‍👩‍👧"], 0) == "👨‍👩‍👧"
    assert hanabi._name(["🇵🇱\u200b"], 0) == "#1"  # flags are not in the emoji font
    assert hanabi._name([], 3) == "#4"
    assert hanabi._name(["Ёжик"], 0) == "Ёжик"
