"""Where each choice sits on the picture (issue 34): every game's panel says, beside its PNG,
which regions of it choose which menu keys, from the layout the drawing uses.

Seeded games are walked menu level by menu level (every branch of the top level, then random
steps down) and at each level: every region names a real choice of that level (its keys make
a path the menu accepts), lies inside the picture, does not overlap a region of another
choice, and has at its centre something drawn (not the night or a bare panel); the picture
is the one `panel_png` draws. Rafter Five's camera maps a picture point back onto the raft.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Iterator
from importlib import import_module
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.core import GameSpec, Malformed, Menu
from engine.registry import GAMES
from render import hanabi as hanabi_render
from render import kit
from render import rafter as rafter_render
from render.lanterns import panel_geometry, panel_regions
from render.rafter.camera import RaftView
from render.rafter.regions import ghost_region
from render.rafter.stage import HALF_X, HALF_Y
from render.regions import Drawn, Region, disc, hull, offered, rect

RENDERERS = {name: import_module(f"render.{name}") for name in GAMES}
BACKGROUNDS = {kit.NIGHT, kit.PANEL}


def _levels(spec: GameSpec, players: int, seed: int, moves: int, depth: int = 5,
            ) -> Iterator[tuple[Any, int, tuple[str, ...], Menu]]:
    """(state, seat, path, menu) of every level walked: each top-level option's branch down
    a random path (at most `depth` keys), for `moves` moves of a seeded game."""
    state = spec.setup(players, seed, dict(spec.default_options))
    rng = random.Random(seed)
    for _ in range(moves):
        acting = spec.to_act(state)
        if not acting:
            return
        seat = min(acting)
        root = spec.menu(state, seat, ())
        yield state, seat, (), root
        for first in root.options:
            path = first.path_from(())
            while len(path) <= depth:
                menu = spec.menu(state, seat, path)
                if not menu.options:
                    break
                yield state, seat, path, menu
                path = menu.options[rng.randrange(len(menu.options))].path_from(path)
        actions = spec.legal_actions(state, seat)
        state, _ = spec.apply(state, seat, actions[rng.randrange(len(actions))])


def _drawn(name: str, state: Any, seat: int, path: tuple[str, ...], menu: Menu) -> Drawn:
    spec = GAMES[name]
    view = spec.view(state, seat)
    names = [f"Player {i}" for i in range(8)]
    return RENDERERS[name].panel_drawn(view, names=names, focus=dict(menu.focus) or None,
                                       path=path, options=[o.key for o in menu.options])


def _mask(region: Region, box: tuple[int, int, int, int]) -> Image.Image:
    x0, y0, x1, y1 = box
    mask = Image.new("1", (x1 - x0 + 1, y1 - y0 + 1), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in region.polygon], fill=1)
    return mask


def _overlap(a: Region, b: Region) -> int:
    """Pixels inside both polygons' interiors (edges shared by neighbours do not count)."""
    ax0, ay0, ax1, ay1 = a.bounds()
    bx0, by0, bx1, by1 = b.bounds()
    box = (max(ax0, bx0) + 1, max(ay0, by0) + 1, min(ax1, bx1) - 1, min(ay1, by1) - 1)
    if box[0] > box[2] or box[1] > box[3]:
        return 0
    both = Image.new("1", (box[2] - box[0] + 1, box[3] - box[1] + 1), 0)
    both.paste(_mask(a, box), (0, 0), _mask(b, box))
    return both.histogram()[-1]


def _check_level(name: str, state: Any, seat: int, path: tuple[str, ...], menu: Menu,
                 drawn: Drawn, *, centre_drawn: bool = True) -> None:
    spec = GAMES[name]
    options = {o.key: o for o in menu.options}
    picture = Image.open(io.BytesIO(drawn.png)).convert("RGB")
    width, height = picture.size
    for region in drawn.regions:
        assert region.key in options, (path, region)
        target = options[region.key].path_from(path) + region.keys[1:]
        try:
            spec.menu(state, seat, target)
        except Malformed as error:  # pragma: no cover - the failure's message
            pytest.fail(f"{name}: region {region.keys} at {path} leads nowhere: {error}")
        assert len(region.polygon) >= 3
        assert all(0 <= x < width and 0 <= y < height for x, y in region.polygon), region
        if centre_drawn:
            cx, cy = region.center()
            assert region.contains(cx, cy)
            assert picture.getpixel((round(cx), round(cy))) not in BACKGROUNDS, (path, region)
    regions = drawn.regions
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            if a.keys != b.keys:
                assert _overlap(a, b) == 0, (name, path, a.keys, b.keys)


# --- the neutral type ----------------------------------------------------------------------


def test_shapes_know_their_inside_and_centre() -> None:
    square = rect(("a",), (10, 20, 30, 60))
    assert square.center() == (20, 40) and square.bounds() == (10, 20, 30, 60)
    assert square.contains(11, 21) and not square.contains(31, 40) and not square.contains(9, 40)
    round_ = disc(("b",), (100, 100), 20)
    assert round_.contains(100, 100) and not round_.contains(121, 100)
    assert abs(round_.center()[0] - 100) < 0.5 and abs(round_.center()[1] - 100) < 0.5
    shell = hull(("c",), [(0, 0), (10, 0), (10, 10), (0, 10), (5, 5), (3, 7)])
    assert sorted(shell.polygon) == [(0, 0), (0, 10), (10, 0), (10, 10)]
    assert shell.to_json() == {"keys": ["c"], "polygon": [list(p) for p in shell.polygon]}
    assert offered([square, round_], {"b"}) == (round_,)
    assert offered([square, round_], None) == (square, round_)


# --- every game, level by level -------------------------------------------------------------


LEVELS_SEEN = {
    # the menu levels (by the path's first key and depth) that must have shown regions
    "lanterns": {("", 0), ("p", 1), ("p", 2), ("p", 3)},
    "hanabi": {("", 0), ("p", 1), ("d", 1), ("c", 1), ("c", 2)},
    "lighthouse": {("", 0), ("", 1), ("", 2)},
}


@pytest.mark.parametrize(("name", "players", "seed", "moves"), [
    ("lanterns", 2, 3, 6), ("lanterns", 4, 8, 5),
    ("hanabi", 2, 3, 5), ("hanabi", 4, 9, 4),
    ("lighthouse", 2, 4, 6),
])
def test_regions_are_real_choices_where_they_are_drawn(name: str, players: int, seed: int,
                                                       moves: int) -> None:
    seen: set[tuple[str, int]] = set()
    for state, seat, path, menu in _levels(GAMES[name], players, seed, moves):
        drawn = _drawn(name, state, seat, path, menu)
        view = GAMES[name].view(state, seat)
        assert drawn.png == RENDERERS[name].panel_png(
            view, names=[f"Player {i}" for i in range(8)], focus=dict(menu.focus) or None)
        # a partner's whole hand (whom to clue) has the gap between cards at its centre
        whole_hands = name == "hanabi" and path in ((), ("c",))
        _check_level(name, state, seat, path, menu, drawn, centre_drawn=not whole_hands)
        if drawn.regions:
            level = ("" if name == "lighthouse" else (path[0] if path else ""), len(path))
            seen.add(level)
    assert LEVELS_SEEN[name] <= seen, seen


def test_lanterns_regions_at_each_step_of_a_placement() -> None:
    spec = GAMES["lanterns"]
    state = spec.setup(3, 5, dict(spec.default_options))
    seat = min(spec.to_act(state))
    hand = [str(t["tile"]) for t in spec.view(state, seat)["hand"]]
    root = spec.menu(state, seat, ())
    tiles = _drawn("lanterns", state, seat, (), root).regions
    assert [r.keys for r in tiles] == [("p", t) for t in hand]  # one tap: place that tile
    assert [o.key for o in spec.menu(state, seat, ("p",)).options] == hand
    tile = hand[0]
    turning = spec.menu(state, seat, ("p", tile))
    assert [r.keys for r in _drawn("lanterns", state, seat, ("p", tile), turning).regions] == [
        ("0",), ("1",), ("2",), ("3",)]
    placing = spec.menu(state, seat, ("p", tile, "1"))
    spots = _drawn("lanterns", state, seat, ("p", tile, "1"), placing).regions
    assert [r.key for r in spots] == [o.key for o in placing.options]
    geometry = panel_geometry(spec.view(state, seat), focus=dict(placing.focus))
    for region, spot in zip(spots, placing.focus["spots"], strict=True):
        assert region.contains(*geometry.center(tuple(spot)))


def test_lanterns_regions_of_exchanges_dedications_and_discards_in_play() -> None:
    """Played on until each of these choices is offered; its levels' regions are real."""
    spec = GAMES["lanterns"]
    state = spec.setup(2, 7, dict(spec.default_options))
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(120):
        acting = spec.to_act(state)
        if not acting or seen >= {"x", "d", "c"}:
            break
        seat = min(acting)
        for first in spec.menu(state, seat, ()).options:
            if first.key not in "xdc" or first.key in seen:
                continue
            path = (first.key,)
            while True:
                menu = spec.menu(state, seat, path)
                if not menu.options:
                    break
                drawn = _drawn("lanterns", state, seat, path, menu)
                _check_level("lanterns", state, seat, path, menu, drawn)
                assert {r.key for r in drawn.regions} == {o.key for o in menu.options}, path
                path = menu.options[rng.randrange(len(menu.options))].path_from(path)
            seen.add(first.key)
        actions = spec.legal_actions(state, seat)
        state, _ = spec.apply(state, seat, actions[rng.randrange(len(actions))])
    assert seen >= {"x", "d"}, seen


def test_lanterns_cards_for_exchanges_discards_and_dedications() -> None:
    view = GAMES["lanterns"].view(GAMES["lanterns"].setup(2, 1, {}), 0)
    own = panel_regions(view, path=("x",))
    supply = panel_regions(view, path=("x", "2"))
    kinds = panel_regions(view, path=("d",))
    assert [r.keys for r in own] == [(str(c),) for c in range(7)]
    assert [r.keys for r in supply] == [(str(c),) for c in range(7)]
    assert [r.keys for r in kinds] == [("4",), ("3",), ("7",)]
    assert panel_regions(view, path=("c",)) == own == panel_regions(view, path=("d", "4"))
    below = min(r.bounds()[1] for r in supply)
    assert all(r.bounds()[3] < below for r in own)  # own cards above, the market below
    assert panel_regions(view, path=("x",), options={"3", "5"}) == (own[3], own[5])


def test_hanabi_own_hand_regions_carry_slots_only() -> None:
    """The regions of a player's own cards are the same whatever the cards are: slots."""
    spec = GAMES["hanabi"]
    found = []
    for seed in (1, 2, 3):
        state = spec.setup(3, seed, dict(spec.default_options))
        seat = min(spec.to_act(state))
        for head in [o.key for o in spec.menu(state, seat, ()).options if o.key in "pd"]:
            menu = spec.menu(state, seat, (head,))
            if menu.options:
                found.append(_drawn("hanabi", state, seat, (head,), menu).regions)
    assert len(found) >= 3
    assert all(regions == found[0] for regions in found)
    assert [r.keys for r in found[0]] == [(str(s),) for s in range(1, 6)]


def test_hanabi_clue_regions_are_the_cards_colour_and_number() -> None:
    spec = GAMES["hanabi"]
    state = spec.setup(2, 4, dict(spec.default_options))
    seat = min(spec.to_act(state))
    target = str(1 - seat)
    menu = spec.menu(state, seat, ("c", target))
    regions = _drawn("hanabi", state, seat, ("c", target), menu).regions
    cards = spec.view(state, seat)["hands"][int(target)]["cards"] if isinstance(
        spec.view(state, seat).get("hands"), list) else None
    assert {r.key for r in regions} == {o.key for o in menu.options}
    assert sum(r.key.startswith("r") for r in regions) == 5  # a number half on every card
    if cards is not None:
        assert len(regions) == 2 * len(cards)


def _played_until(name: str, players: int, seed: int, until: Any) -> tuple[Any, int]:
    """A seeded game played at random until `until(state, seat, root options)` holds."""
    spec = GAMES[name]
    state = spec.setup(players, seed, dict(spec.default_options))
    rng = random.Random(seed)
    for _ in range(1000):
        acting = spec.to_act(state)
        assert acting, "the game ended first"
        seat = min(acting)
        if until(state, seat, {o.key for o in spec.menu(state, seat, ()).options}):
            return state, seat
        actions = spec.legal_actions(state, seat)
        state, _ = spec.apply(state, seat, actions[rng.randrange(len(actions))])
    raise AssertionError("not met")  # pragma: no cover - the failure's message


def _inside(region: Region, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = region.bounds()
    return x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1


def test_hanabi_plays_on_the_fireworks_and_discards_on_the_pile() -> None:
    """At the top of a turn the fireworks (and the rocket after them) play a card, the
    discard pile (with its bin) discards one, a partner's hand clues them; the pile is
    offered only while a discard is allowed."""
    spec = GAMES["hanabi"]
    state, seat = _played_until("hanabi", 3, 2, lambda st, s, keys: "d" in keys)
    root = spec.menu(state, seat, ())
    assert {o.key for o in root.options} == {"p", "d", "c"}
    drawn = _drawn("hanabi", state, seat, (), root)
    by_keys = {r.keys: r for r in drawn.regions}
    assert set(by_keys) == {("p",), ("d",), *(("c", str(t)) for t in range(3) if t != seat)}
    plan = hanabi_render.panel.panel_plan(spec.view(state, seat))
    hx, hy, _hw, hh = plan.header
    cw, ch = hanabi_render.panel._HEADER_CARD
    colors = len(spec.view(state, seat)["fireworks"])
    play, discard = by_keys[("p",)], by_keys[("d",)]
    fireworks = (hx + 16, hy + (hh - ch) / 2, hx + 16 + colors * (cw + 12) - 12 + 12 + 44,
                 hy + (hh + ch) / 2)
    assert _inside(play, fireworks)  # every firework and the rocket after them
    assert play.bounds()[2] < hx + _hw / 2  # not the tokens, the deck, the score
    dx, dy, dw, dh = plan.discards
    assert discard.bounds() == (dx, dy, dx + dw, dy + dh)
    picture = Image.open(io.BytesIO(drawn.png)).convert("RGB")
    rocket = (fireworks[2] - 22, hy + hh / 2)
    bin_ = (dx + 12 + 20, dy + dh / 2)
    assert picture.getpixel(rocket) not in BACKGROUNDS | {kit.PANEL_HOT}
    assert picture.getpixel(bin_) not in BACKGROUNDS | {kit.PANEL_HOT}
    _check_level("hanabi", state, seat, (), root, drawn, centre_drawn=False)
    # eight clue tokens: nothing to discard, so the pile is not a choice
    state, seat = _played_until("hanabi", 2, 1, lambda st, s, keys: "d" not in keys)
    root = spec.menu(state, seat, ())
    keys = {r.keys for r in _drawn("hanabi", state, seat, (), root).regions}
    assert ("p",) in keys and ("d",) not in keys


def test_lanterns_dedications_and_own_cards_at_the_top_of_a_turn() -> None:
    """At the top of a turn the market's dedications the player's cards allow make them,
    and their own cards give one in an exchange (the supply's cards begin one); where cards
    must go, they discard it."""
    spec = GAMES["lanterns"]
    state, seat = _played_until("lanterns", 3, 1,
                                lambda st, s, keys: keys >= {"p", "x", "d"})
    root = spec.menu(state, seat, ())
    drawn = _drawn("lanterns", state, seat, (), root)
    _check_level("lanterns", state, seat, (), root, drawn)
    heads = {r.keys[0] for r in drawn.regions}
    assert heads == {"p", "x", "d"}
    kinds = {o.key for o in spec.menu(state, seat, ("d",)).options}
    assert {r.keys[1] for r in drawn.regions if r.key == "d"} == kinds
    gives = {o.key for o in spec.menu(state, seat, ("x",)).options}
    assert {r.keys[1] for r in drawn.regions if r.key == "x" and r.keys[1:]} == gives
    supply = [r for r in drawn.regions if r.keys == ("x",)]
    takes = panel_regions(spec.view(state, seat), path=("x", min(gives)))
    assert {r.polygon for r in supply} <= {r.polygon for r in takes} and supply
    view = spec.view(state, seat)
    # the same places as when a dedication, or a card to give, is being chosen
    tokens = {r.key: r.polygon for r in panel_regions(view, path=("d",))}
    own = {r.key: r.polygon for r in panel_regions(view, path=("x",))}
    for region in drawn.regions:
        if region.key in "dx" and region.keys[1:]:
            assert region.polygon == (tokens if region.key == "d" else own)[region.keys[1]]
    # cards to discard: the own cards discard (the exchange stays a button)
    view = dict(view, turn=dict(view["turn"], must_discard=1))
    discarding = panel_regions(view, options={"c", "x"})
    mine = next(s for s in view["seats"] if s["seat"] == seat)["cards"]
    held = {str(i) for i, color in enumerate(kit.COLORS) if mine.get(color)}
    assert {r.keys[1] for r in discarding if r.key == "c"} == held
    assert {r.keys for r in discarding if r.key == "x"} == {("x",)}  # the supply's


def test_lanterns_final_turn_is_ended_on_its_tray() -> None:
    """In a final turn, where the tiles were, a tray with the hourglass and the arrow ends
    the turn (a tap, then the same tray again to confirm); it is only in the acting
    player's picture."""
    spec = GAMES["lanterns"]
    state, seat = _played_until("lanterns", 2, 3, lambda st, s, keys: "e" in keys)
    root = spec.menu(state, seat, ())
    drawn = _drawn("lanterns", state, seat, (), root)
    _check_level("lanterns", state, seat, (), root, drawn)
    [end] = [r for r in drawn.regions if r.keys == ("e",)]
    view = spec.view(state, seat)
    assert not view.get("hand")
    own = panel_regions(view, path=("x",))
    lake = panel_geometry(view)
    x0, y0, x1, y1 = end.bounds()
    assert x1 - x0 > 900 and y1 - y0 >= 120  # the width of the panel: easy to touch
    assert all(r.bounds()[3] < y0 for r in own)  # under the player's own strip
    assert all(y1 < lake.cell_box(c)[1] for c in map(tuple, view["spots"]))  # above the lake
    picture = Image.open(io.BytesIO(drawn.png)).convert("RGB")
    sand = (round(end.center()[0]) - 44, round(end.center()[1]) + 23)
    assert picture.getpixel(sand) == kit.GOLD  # the sand at the bottom of the hourglass
    # the other player's picture has no such tray
    other = spec.view(state, 1 - seat)
    assert all(r.keys != ("e",) for r in panel_regions(other))
    theirs = Image.open(io.BytesIO(_drawn("lanterns", state, 1 - seat, (), spec.menu(
        state, 1 - seat, ())).png)).convert("RGB")
    assert theirs.getpixel(sand) != kit.GOLD


# --- Rafter Five ---------------------------------------------------------------------------


def test_rafter_regions_while_taking_and_building() -> None:
    spec = GAMES["rafter"]
    seen: set[str] = set()
    for state, seat, path, menu in _levels(spec, 2, 6, 3, depth=1):  # places: below
        drawn = _drawn("rafter", state, seat, path, menu)
        _check_level("rafter", state, seat, path, menu, drawn)
        seen |= {r.key[0] for r in drawn.regions}
        if path == () and menu.focus.get("targets"):
            assert {r.key for r in drawn.regions} == {o.key for o in menu.options}
    assert {"t", "A"} <= seen


def test_rafter_places_of_the_builder_and_the_chest() -> None:
    spec = GAMES["rafter"]
    state = spec.setup(2, 6, dict(spec.default_options))
    for _ in range(6):  # take, then the first build's places
        seat = min(spec.to_act(state))
        root = spec.menu(state, seat, ())
        if root.focus.get("targets"):
            break
        state, _ = spec.apply(state, seat, spec.legal_actions(state, seat)[0])
    else:
        pytest.fail("no build reached")
    area = root.options[0].path_from(())
    angle = spec.menu(state, seat, area).options[0].path_from(area)
    places = spec.menu(state, seat, angle)
    drawn = _drawn("rafter", state, seat, angle, places)
    _check_level("rafter", state, seat, angle, places, drawn)
    assert {r.key for r in drawn.regions} == {o.key for o in places.options
                                             if o.key.startswith("p")}
    first = next(o for o in places.options if o.key.startswith("p")).path_from(angle)
    chest = spec.menu(state, seat, first)
    drawn = _drawn("rafter", state, seat, first, chest)
    _check_level("rafter", state, seat, first, chest, drawn)
    assert {r.key for r in drawn.regions} == {o.key for o in chest.options}


def test_rafter_camera_maps_a_picture_point_back_onto_the_raft() -> None:
    spec = GAMES["rafter"]
    state = spec.setup(3, 2, dict(spec.default_options))
    view = spec.view(state, 0)
    rv: RaftView = rafter_render.panel_geometry(view)
    rng = random.Random(1)
    for _ in range(40):
        x, y = rng.uniform(-HALF_X, HALF_X), rng.uniform(-HALF_Y, HALF_Y)  # on the raft card
        z = rng.choice((0.0, 0.0, 12.5))
        px, py = rv.to_px(x, y, z)
        back = rafter_render.panel_to_raft(view, (px, py), height=z)
        assert back is not None
        tolerance = 1 / rv.mm_at(x, y, z)  # a pixel, in mm, there
        assert abs(back[0] - x) < tolerance and abs(back[1] - y) < tolerance
        # a whole pixel off lands about a pixel's mm away: the mapping is the camera's
        near = rafter_render.panel_to_raft(view, (round(px), round(py)), height=z)
        assert near is not None and abs(near[0] - x) <= 2 * tolerance
    bx, by, bw, bh = rv.box
    assert rafter_render.panel_to_raft(view, (bx - 5, by + bh / 2)) is None
    assert rafter_render.panel_to_raft(view, (bx + bw / 2, by + bh + 5)) is None


# --- every game offers them, and never fails on what it is handed ---------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_offers_its_regions_and_tolerates_odd_input(name: str) -> None:
    renderer = RENDERERS[name]
    spec = GAMES[name]
    state = spec.setup(2, 1, dict(spec.default_options))
    odd_focus = [None, {"tile": "a", "rot": 9, "spots": "x"}, {"target": 99, "slots": "x"},
                 {"zone": 5, "cells": "no"}, {"targets": [[1, "a", 2]], "take": [99]}]
    odd_paths = [("zz", "yy", "xx"), ("p", "x", "y"), ("c", "zz"), ("1", "r"), ("A1r0", "p1")]
    for seat in (0, 1, None):
        view = spec.view(state, seat)
        for focus in odd_focus:
            for path in odd_paths:
                assert isinstance(renderer.panel_regions(view, focus=focus, path=path), tuple)
        drawn = renderer.panel_drawn(view, names=["A", "B"], path=(), options=())
        assert drawn.regions == ()  # a level offering nothing has nothing to touch
        assert drawn.png == renderer.panel_png(view, names=["A", "B"])


def test_rafter_camera_finds_the_top_under_a_picture_point() -> None:
    """A point of the picture on a standing rafter is its top; beside it, the raft card."""
    spec = GAMES["rafter"]
    view = spec.view(spec.setup(3, 2, dict(spec.default_options)), 0)
    plan = rafter_render.panel_plan(view)
    rv = plan.raft
    standing = [it.placed for it in plan.stage.items if it.kind == "raft"]
    assert len(standing) >= 3
    for q in standing:
        hull_pts = q.outline
        x = sum(p[0] for p in hull_pts) / len(hull_pts)
        y = sum(p[1] for p in hull_pts) / len(hull_pts)
        top = q.ray_top(x, y)  # a stepped builder's middle may be its lower step
        assert top is not None and top > 5
        found = rafter_render.panel_to_surface(view, rv.to_px(x, y, top))
        assert found is not None
        tolerance = 1 / rv.mm_at(x, y, top)
        assert abs(found[0] - x) < tolerance and abs(found[1] - y) < tolerance
        assert abs(found[2] - top) < 0.1
    # a bare corner of the raft card, and the sea beyond it
    corner = (HALF_X - 3, -HALF_Y + 3)
    if all(q.ray_top(*corner) is None for q in standing):
        found = rafter_render.panel_to_surface(view, rv.to_px(*corner, 0.0))
        assert found is not None and abs(found[2]) < 1e-9
        assert abs(found[0] - corner[0]) < 1 and abs(found[1] - corner[1]) < 1
    assert rafter_render.panel_to_surface(view, rv.to_px(HALF_X + 40, -HALF_Y - 40, 0.0)) is None


def _first_build() -> tuple[Any, int]:
    """A seeded game at its first building level (the areas)."""
    spec = GAMES["rafter"]
    state = spec.setup(2, 6, dict(spec.default_options))
    for _ in range(6):
        seat = min(spec.to_act(state))
        if spec.menu(state, seat, ()).focus.get("targets"):
            return state, seat
        state, _ = spec.apply(state, seat, spec.legal_actions(state, seat)[0])
    pytest.fail("no build reached")


def _pick(state: Any, seat: int, path: tuple[str, ...], point: tuple[float, float],
          start: tuple[float, float] | None = None) -> tuple[str, ...] | None:
    spec = GAMES["rafter"]
    menu = spec.menu(state, seat, path)
    return rafter_render.panel_pick(spec.view(state, seat), point, focus=menu.focus, path=path,
                                    options=[o.key for o in menu.options], start=start)


def test_rafter_a_card_dragged_lands_on_the_nearest_pose_an_area_offers() -> None:
    """Dropped on an area's disc, the card goes to that area; dropped anywhere on the raft,
    to the offered pose nearest the raft point under the finger (at each area's first
    angle: no ghost yet to keep the angle of); the menu takes the path."""
    spec = GAMES["rafter"]
    state, seat = _first_build()
    root = spec.menu(state, seat, ())
    view = spec.view(state, seat)
    offered = {n: poses for n, poses in root.focus["poses"]}
    for region in rafter_render.panel_regions(view, focus=root.focus, path=(),
                                              options=[o.key for o in root.options]):
        n = int(region.key[1:])
        assert _pick(state, seat, (), region.center()) == (f"A{n}r{offered[n][0][0]}",)
    rng = random.Random(3)
    bx, by, bw, bh = rafter_render.panel_plan(view, root.focus).raft.box
    for _ in range(20):
        point = (bx + rng.uniform(0, bw), by + rng.uniform(0, bh))
        at = rafter_render.panel_to_surface(view, point, focus=root.focus)
        if at is None:
            continue
        chosen = _pick(state, seat, (), point)
        assert chosen is not None
        spec.menu(state, seat, chosen)  # a path the menu takes
        n, angle = (int(v) for v in chosen[0][1:].split("r"))
        best = min(math.dist(at[:2], (x, y)) for poses in offered.values()
                   for x, y in [(p[1], p[2]) for p in poses[:1]])
        x, y = next((p[1], p[2]) for p in offered[n] if p[0] == angle)
        assert math.dist(at[:2], (x, y)) == pytest.approx(best)


def test_rafter_builder_and_chest_go_to_the_nearest_place_and_the_card_moves_by_its_ghost(
        ) -> None:
    spec = GAMES["rafter"]
    state, seat = _first_build()
    view = spec.view(state, seat)
    pose = spec.menu(state, seat, ()).options[0].path_from(())
    pose = spec.menu(state, seat, pose).options[0].path_from(pose)  # area 1, first angle
    places = spec.menu(state, seat, pose)
    for region in rafter_render.panel_regions(view, focus=places.focus, path=pose,
                                              options=[o.key for o in places.options]):
        x, y = region.center()
        assert _pick(state, seat, pose, (x + 2, y - 2)) == (*pose, region.key)
    area = (pose[0][:2],)
    ghost = rafter_render.panel_regions(view, focus=spec.menu(state, seat, area).focus,
                                        path=area, options=[pose[0]])  # the angles: the ghost
    assert [r.key for r in ghost] == [pose[0]]
    # a drag that begins on the ghost moves the card (a tap on it is a builder's place)
    shown = ghost_region(view, "card", focus=places.focus)
    assert shown is not None
    gx, gy = shown.center()
    moved = _pick(state, seat, pose, (gx + 250, gy), start=(gx, gy))
    assert moved is not None and len(moved) == 1 and moved[0].startswith("A")
    assert moved != pose
    assert _pick(state, seat, pose, (gx, gy))[-1].startswith("p")  # type: ignore[index]
    builder = next(o for o in places.options if o.key.startswith("p")).path_from(pose)
    chests = spec.menu(state, seat, builder)
    for region in rafter_render.panel_regions(view, focus=chests.focus, path=builder,
                                              options=[o.key for o in chests.options]):
        assert _pick(state, seat, builder, region.center()) == (*builder, region.key)


def test_rafter_the_turn_control_turns_the_card_to_its_area_next_angle() -> None:
    spec = GAMES["rafter"]
    state, seat = _first_build()
    view = spec.view(state, seat)
    root = spec.menu(state, seat, ())
    turned = 0
    for n, poses in root.focus["poses"]:
        angles = [a for a, _, _ in poses]
        path = (f"A{n}r{angles[0]}",)
        menu = spec.menu(state, seat, path)
        controls = rafter_render.panel_controls(view, focus=menu.focus, path=path,
                                                options=[o.key for o in menu.options])
        turns = [c for c in controls if c.mark == "↻"]
        if len(angles) < 2:
            assert turns == []
            continue
        assert [c.path for c in turns] == [(f"A{n}r{angles[1]}",)]
        spec.menu(state, seat, turns[0].path)  # type: ignore[arg-type]
        turned += 1
    assert turned
    card = f"A1r{root.focus['poses'][0][1][0][0]}"  # area 1 at its first angle
    builder = next(o for o in spec.menu(state, seat, (card,)).options
                   if o.key.startswith("p")).key
    path = (card, builder)
    chest = spec.menu(state, seat, path).options[0].key
    go = spec.menu(state, seat, (*path, chest))
    controls = rafter_render.panel_controls(view, focus=go.focus, path=(*path, chest),
                                            options=[o.key for o in go.options])
    assert [(c.mark, c.key) for c in controls] == [("?", "risk")]  # no turning the built
    regions = rafter_render.panel_regions(view, focus=go.focus, path=(*path, chest),
                                          options=[o.key for o in go.options])
    assert [r.key for r in regions] == ["go"]  # the ghost builds


@pytest.mark.parametrize("point", [(math.nan, 300.0), (300.0, math.inf), (-1.0, 300.0),
                                   (300.0, -0.5), (5000.0, 300.0), (300.0, 5000.0)])
def test_rafter_a_point_off_the_picture_or_not_a_number_chooses_nothing(
        point: tuple[float, float]) -> None:
    state, seat = _first_build()
    assert _pick(state, seat, (), point) is None
    assert _pick(state, seat, (), (640.0, 700.0), start=point) is None


def test_rafter_a_point_chooses_nothing_while_taking_or_over_the_strip() -> None:
    spec = GAMES["rafter"]
    state = spec.setup(2, 6, dict(spec.default_options))
    seat = min(spec.to_act(state))
    assert not rafter_render.takes_points(spec.menu(state, seat, ()).focus)
    assert _pick(state, seat, (), (640.0, 700.0)) is None  # taking: pieces are tapped
    state, seat = _first_build()
    assert rafter_render.takes_points(spec.menu(state, seat, ()).focus)
    assert _pick(state, seat, (), (30.0, 30.0)) is None  # the player's strip, not the raft


def test_rafter_a_new_card_is_the_pile_and_a_fine_tuned_card_is_accepted_on_its_ghost() -> None:
    """Taking with a card lying wood side up in the sea: the face-down pile is the new
    card's region beside the face-up card's; fine-tuning, the ghost accepts the pose."""
    from dataclasses import replace

    from engine.rafter.menu import default_pose, pose_key

    spec = GAMES["rafter"]
    state = spec.setup(2, 6, dict(spec.default_options))
    wood = replace(state, sea_wood=state.sea_lumber[:1], sea_lumber=state.sea_lumber[1:])
    seat = min(spec.to_act(wood))
    rafter = spec.menu(wood, seat, ()).options[0].path_from(())
    cards = spec.menu(wood, seat, rafter)
    drawn = _drawn("rafter", wood, seat, rafter, cards)
    _check_level("rafter", wood, seat, rafter, cards, drawn)
    assert sorted(r.key for r in drawn.regions) == sorted(o.key for o in cards.options)
    state, seat = _first_build()
    tuning = (pose_key(default_pose(state)),)
    menu = spec.menu(state, seat, tuning)
    drawn = _drawn("rafter", state, seat, tuning, menu)
    _check_level("rafter", state, seat, tuning, menu, drawn)
    assert [r.key for r in drawn.regions] == ["ok"]
