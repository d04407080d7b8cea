"""Tests of the Lighthouse pictures (render.lighthouse), from views of real and hand-made games."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

from engine.lighthouse import SPEC
from engine.lighthouse.state import LighthouseState
from render import RENDERERS, kit
from render import lighthouse as lh
from tests.test_lighthouse_properties import random_move
from tests.test_lighthouse_rules import BLUE, RED, arrange, row

NAMES = ["Żółć Łukasz", "Ёжик 🦔 Щукин"]
RED_FILL, BLUE_FILL = kit.lantern("red").fill, kit.lantern("blue").fill


def image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def played(seed: int, moves: int, options: dict | None = None) -> LighthouseState:
    rng = random.Random(seed)
    state = SPEC.setup(2, seed, options or {})
    for _ in range(moves):
        if SPEC.is_over(state):
            break
        state, _ = random_move(state, rng)
    return state


def token_point(geo: lh.ZoneGeometry, zone: int, cell: int) -> tuple[int, int]:
    """A point on a token clear of its number and symbol."""
    x0, y0, _, _ = geo.cell_box(zone, cell)
    return x0 + round(0.8 * geo.cell), y0 + round(0.3 * geo.cell)


# ---------------------------------------------------------------------------
# The board


@pytest.mark.parametrize("options", [{}, {"zone_size": 7, "track": 30},
                                     {"zone_size": 3, "track": 3}])
def test_board_fits_the_limits_for_any_options(options):
    state = played(1, 30, options)
    img = image(lh.board_png(SPEC.view(state, None), names=NAMES))
    assert img.width == lh.BOARD_WIDTH <= 1280 and img.height <= 1280


def test_tokens_show_their_owners_colour_where_the_geometry_says():
    state = arrange({(RED, 0): (RED, 5), (RED, 1): (BLUE, 7), (BLUE, 24): (RED, 2)})
    view = SPEC.view(state, None)
    img = image(lh.board_png(view, names=NAMES))
    geo = lh.board_geometry(view)
    assert img.getpixel(token_point(geo, RED, 0)) == RED_FILL
    assert img.getpixel(token_point(geo, RED, 1)) == BLUE_FILL
    assert img.getpixel(token_point(geo, BLUE, 24)) == RED_FILL
    assert img.getpixel(token_point(geo, RED, 12)) == RED_FILL  # the centre tokens
    assert img.getpixel(token_point(geo, BLUE, 12)) == BLUE_FILL
    assert img.getpixel(token_point(geo, RED, 2)) not in (RED_FILL, BLUE_FILL)  # empty
    # the red zone lies left of the blue one
    assert geo.cell_box(RED, 4)[2] < geo.cell_box(BLUE, 0)[0]


def test_identical_views_give_identical_bytes_and_changes_show():
    state = played(4, 20)
    view = SPEC.view(state, None)
    png = lh.board_png(view, names=NAMES)
    assert lh.board_png(dict(view), names=list(NAMES)) == png
    assert lh.board_png({**view, "marker": view["marker"] + 1}, names=NAMES) != png
    assert lh.board_png({**view, "current": 1 - view["current"]}, names=NAMES) != png
    assert lh.board_png(view, names=["Someone", NAMES[1]]) != png


def test_the_lines_of_the_last_move_carry_a_badge_in_the_scorers_colour():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 1), (BLUE, 2)]), hands={BLUE: (5, 6, 7)},
                    current=BLUE)
    after, _ = SPEC.apply(state, BLUE, "p:7:0:4")
    view = SPEC.view(after, None)
    assert view["lines"] == [{"zone": RED, "kind": "row", "index": 0, "seat": RED, "points": 1}]
    img = image(lh.board_png(view, names=NAMES))
    geo = lh.board_geometry(view)
    _, y0, x1, y1 = geo.cell_box(RED, 4)
    badge = (x1 + lh._BADGE_AREA // 2 - 18, (y0 + y1) // 2 + 18)  # inside, off the number
    assert img.getpixel(badge) == RED_FILL
    plain = image(lh.board_png({**view, "lines": []}, names=NAMES))
    assert plain.getpixel(badge) != RED_FILL


def test_the_lighthouse_stands_on_the_marker():
    state = arrange()
    base = SPEC.view(state, None)
    plan = lh._board_plan(base)
    for marker in (-10, -3, 0, 4, 10):
        img = image(lh.board_png({**base, "marker": marker}, names=NAMES))
        x, _ = lh._track_x(plan.track, 10, marker)
        tower_y = plan.track[1] + plan.track[3] - 44 - 30  # the tower's white body
        column = [img.getpixel((x, y)) for y in range(tower_y - 10, tower_y + 10)]
        assert lh.TOWER in column or lh.TOWER_STRIPE in column


def test_any_names_render():
    view = SPEC.view(played(2, 10), None)
    for names in (["", ""], ["👨‍👩‍👧", "🎲"], ["x" * 300, "\u202e\u0000"], []):
        assert image(lh.board_png(view, names=names)).width == lh.BOARD_WIDTH


def test_round_results_and_the_end_of_the_match_render():
    for seed in range(6):
        state = played(seed, 10**4)
        view = SPEC.view(state, None)
        assert view["phase"] == "over" and view["outcome"]
        image(lh.board_png(view, names=NAMES))
        image(lh.panel_png(SPEC.view(state, 0), names=NAMES))


def test_malformed_views_do_not_crash():
    view = SPEC.view(played(3, 12), 0)
    for broken in ({}, {"zones": "x", "size": 99}, {**view, "zones": [[[5, 1], "?", None]]},
                   {**view, "lines": [{"zone": 7}, "x", {"zone": 0, "seat": 1, "index": 40}]},
                   {**view, "marker": "far", "track": -3}, {**view, "seats": None, "hand": "abc"},
                   {**view, "rounds": [None, {"winner": 9}], "outcome": [{"seat": "x"}]},
                   {**view, "last": {"zone": 1, "cell": 999}}):
        image(lh.board_png(broken, names=NAMES))
        focus = {"zone": 3, "cells": ["a", 500], "value": "x"}
        image(lh.panel_png(broken, names=NAMES, focus=focus))
        image(lh.waiting_png(broken, names=NAMES))


# ---------------------------------------------------------------------------
# The panel


def test_panel_numbers_the_offered_cells_and_dims_the_other_zone():
    state = played(6, 9)
    seat = state.current
    value = state.players[seat].hand[0]
    menu = SPEC.menu(state, seat, (str(value), "b"))
    view = SPEC.view(state, seat)
    img = image(lh.panel_png(view, names=NAMES, focus=dict(menu.focus)))
    assert img.width == lh.PANEL_WIDTH and img.height <= 1350
    geo = lh.panel_geometry(view, focus=menu.focus)
    for cell in menu.focus["cells"]:
        cx, cy = geo.center(BLUE, cell)
        assert img.getpixel((cx - geo.cell // 5, cy)) == lh.GOLD  # the number's disc
    occupied = [i for i, t in enumerate(state.board[RED]) if t is not None]
    colour = img.getpixel(token_point(geo, RED, occupied[0]))
    assert colour not in (RED_FILL, BLUE_FILL)  # veiled


def test_panel_leaf_shows_the_ghost_token_and_the_lines_it_would_score():
    state = arrange(row(RED, 0, [(RED, 4), (RED, 4), (RED, 4), (BLUE, 4)]), hands={RED: (4, 5, 6)},
                    marker=2)
    leaf = SPEC.menu(state, RED, ("4", "r", "5"))
    view = SPEC.view(state, RED)
    png = lh.panel_png(view, names=NAMES, focus=dict(leaf.focus))
    img = image(png)
    geo = lh.panel_geometry(view)
    ghost = img.getpixel(token_point(geo, RED, 4))
    assert ghost not in (RED_FILL, BLUE_FILL) and ghost[0] > ghost[2]  # a translucent red
    _, y0, x1, y1 = geo.cell_box(RED, 4)
    assert img.getpixel((x1 + lh._BADGE_AREA // 2 - 18, (y0 + y1) // 2 + 18)) == RED_FILL
    assert png != lh.panel_png(view, names=NAMES, focus=None)


def test_panel_frames_the_chosen_token_in_the_hand():
    state = played(7, 5)
    seat = state.current
    view = SPEC.view(state, seat)
    plain = lh.panel_png(view, names=NAMES)
    chosen = lh.panel_png(view, names=NAMES, focus={"value": state.players[seat].hand[0]})
    assert plain != chosen
    assert image(chosen).size == image(plain).size


def test_a_spectator_panel_renders_without_a_hand():
    view = SPEC.view(played(8, 7), None)
    assert image(lh.panel_png(view, names=NAMES)).width == lh.PANEL_WIDTH


def test_every_step_of_real_matches_renders():
    for seed in range(3):
        rng = random.Random(seed)
        state = SPEC.setup(2, seed, {})
        step = 0
        while not SPEC.is_over(state):
            seat = state.current
            if step % 6 == 0:
                lh.board_png(SPEC.view(state, None), names=NAMES)
                menu = SPEC.menu(state, seat, ())
                lh.panel_png(SPEC.view(state, seat), names=NAMES, focus=dict(menu.focus) or None)
            state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
            step += 1


# ---------------------------------------------------------------------------
# The waiting picture


def test_waiting_shows_only_the_hand_and_is_stable_while_the_opponent_plays():
    rng = random.Random(9)
    state = SPEC.setup(2, 9, {})
    waiting = state.current ^ 1
    before = lh.waiting_png(SPEC.view(state, waiting), names=NAMES)
    state, _ = random_move(state, rng)
    assert lh.waiting_png(SPEC.view(state, waiting), names=NAMES) == before
    # their own move changes their hand, and so the picture (unless they drew the same number)
    mover = state.current
    png = lh.waiting_png(SPEC.view(state, mover), names=NAMES)
    changed = replace(state, players=tuple(
        replace(p, hand=(1, 1, 1)) if s == mover else p for s, p in enumerate(state.players)))
    assert lh.waiting_png(SPEC.view(changed, mover), names=NAMES) != png
    img = image(png)
    assert img.size == lh.waiting_size() and img.width <= 1280


def test_waiting_with_an_empty_hand_and_for_a_spectator():
    view = {**SPEC.view(played(1, 3), 0), "hand": []}
    image(lh.waiting_png(view, names=NAMES))
    image(lh.waiting_png(SPEC.view(played(1, 3), None), names=NAMES))


def test_registered_with_the_renderers():
    assert RENDERERS["lighthouse"] is lh
