"""Tests of the Lanterns pictures (render.lanterns) and the shared kit (render.kit).

The views are built here, following the engine's view schema, from the component data
(a plausible game: tiles placed at random next to the lake, random rotations).
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render import kit, lanterns

COLORS = ["red", "blue", "green", "white", "purple", "orange", "black"]
ROOT = Path(__file__).resolve().parents[1]
COMPONENTS = ROOT / "data" / "lanterns" / "components.json"


def _tiles() -> list[dict[str, Any]]:
    data = json.loads(COMPONENTS.read_text(encoding="utf-8"))
    return [{"id": t["id"], "sides": t["sides_clockwise_from_north"],
             "platform": t["platform"], "start": t["start"]} for t in data["tiles"]]


TILES = _tiles()
SIDES_BY_PLAYERS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}


def rotate(sides: list[str], rot: int) -> list[str]:
    return [sides[(d - rot) % 4] for d in range(4)]


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = cell
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def make_view(players: int = 4, placed: int = 33, *, seed: int = 1, viewer: int | None = None,
              current: int | None = 0) -> dict[str, Any]:
    """A view as the engine produces it, `placed` tiles on the lake (start tile included)."""
    rng = random.Random(seed)
    others = TILES[1:]
    rng.shuffle(others)
    board = [{"tile": 0, "x": 0, "y": 0, "rot": 0, "sides": list(TILES[0]["sides"]),
              "platform": False, "start": True}]
    taken = {(0, 0)}
    for tile in others[:placed - 1]:
        frontier = sorted({n for c in taken for n in _neighbours(c)} - taken)
        cell = rng.choice(frontier)
        rot = rng.randrange(4)
        board.append({"tile": tile["id"], "x": cell[0], "y": cell[1], "rot": rot,
                      "sides": rotate(tile["sides"], rot), "platform": tile["platform"],
                      "start": False})
        taken.add(cell)
    spots = sorted({n for c in taken for n in _neighbours(c)} - taken)
    seats = []
    for seat, side in enumerate(SIDES_BY_PLAYERS[players]):
        seats.append({"seat": seat, "side": side,
                      "cards": {c: rng.randrange(0, 4) for c in COLORS},
                      "favors": rng.randrange(0, 6), "honor": 8 * seat + 5,
                      "tokens": [8, 5][: seat % 3], "hand_size": 3})
    view: dict[str, Any] = {
        "game": "lanterns", "version": 17, "players": players, "viewer": viewer,
        "colors": list(COLORS), "board": board,
        "last_placed": [board[-1]["x"], board[-1]["y"]], "spots": [list(s) for s in spots],
        "supply": {c: rng.randrange(0, 9) for c in COLORS}, "favor_supply": 11,
        "stack": max(0, 20 - placed), "dedications": {
            "four_of_a_kind": [6, 5, 5, 4], "three_pairs": [8, 7, 6, 5, 5],
            "seven_unique": []},
        "seats": seats, "current": current, "phase": "play",
    }
    if viewer is not None:
        view["hand"] = [{"tile": t["id"], "sides": list(t["sides"]), "platform": t["platform"]}
                        for t in others[placed - 1: placed + 2]]
    return view


NAMES = ["Żółć Łukasz", "Ёжик Щукин", "Anna 🎲🔥", "👨‍👩‍👧"]


def _image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def _sample(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return img.getpixel((round(xy[0]), round(xy[1])))  # type: ignore[return-value]


def _north_point(geo: lanterns.LakeGeometry, cell: tuple[int, int]) -> tuple[float, float]:
    """A point inside the north triangle of a cell, clear of its symbol and seams."""
    cx, cy = geo.center(cell)
    return cx + 0.2 * geo.tile, cy - 0.37 * geo.tile


def _side_points(geo: lanterns.LakeGeometry, cell: tuple[int, int]) -> list[tuple[float, float]]:
    """A point inside each of the N, E, S, W triangles of a cell."""
    cx, cy = geo.center(cell)
    a, b = 0.2 * geo.tile, 0.37 * geo.tile
    return [(cx + a, cy - b), (cx + b, cy + a), (cx - a, cy + b), (cx - b, cy - a)]


# ---------------------------------------------------------------------------
# kit: text


@pytest.mark.parametrize("name, expected", [
    ("Żółć Łukasz", "Żółć Łukasz"),
    ("Ёжик Щукин", "Ёжик Щукин"),
    ("Anna 🎲🔥", "Anna"),
    ("👨‍👩‍👧", ""),
    ("a\u0301b", "áb"),              # combining accent composed (NFC)
    ("x\u200dy\u202ez\u0000", "xyz"),  # ZWJ, bidi override and NUL dropped
    ("tab\there\nnew", "tab here new"),
    ("Z\u0337\u0322a\u0335lgo", "Zalgo"),  # stray combining marks dropped
])
def test_clean_text(name: str, expected: str) -> None:
    assert kit.clean_text(name, kit.font(30, "bold")) == expected


def test_clean_text_replaces_letters_the_font_lacks() -> None:
    fnt = kit.font(30)
    cleaned = kit.clean_text("Dana שלום 李", fnt)
    assert cleaned.startswith("Dana ")
    assert set(cleaned[5:]) <= {kit.REPLACEMENT, " "}
    assert all(kit.supports(fnt, ch) for ch in cleaned)


def test_fit_text_ellipsizes_to_the_width() -> None:
    fnt = kit.font(30, "bold")
    long = "Bartłomiej Grzegorz Brzęczyszczykiewicz 🎲"
    fitted = kit.fit_text(long, fnt, 200)
    assert fitted.endswith(kit.ELLIPSIS)
    assert kit.text_width(fitted, fnt) <= 200
    assert kit.fit_text("Ola", fnt, 200) == "Ola"
    assert kit.fit_text(long, fnt, 1) == ""


@pytest.mark.parametrize("text", ["Anna 🎲🔥", "👨‍👩‍👧", "مرحبا", "\ud800", "", None, 12,
                                  "e\u0301\u0301\u0301", "\x00\x1b[31m", "🏳️‍🌈 Ёж"])
def test_draw_text_never_raises(text: object) -> None:
    img = Image.new("RGB", (300, 60))
    width = kit.draw_text(ImageDraw.Draw(img), (150, 30), text, kit.font(28), (255, 255, 255),
                          "mm", max_width=280)
    assert 0 <= width <= 280


def test_symbols_differ_per_colour() -> None:
    shapes = {kit.lantern(c).symbol for c in COLORS}
    assert len(shapes) == 7
    assert len({kit.lantern(c).fill for c in COLORS}) == 7
    assert kit.lantern("mauve").symbol == "dot"  # unknown colours draw, never crash


def test_to_png_is_deterministic_palette_png() -> None:
    img = Image.new("RGB", (64, 64), (10, 20, 30))
    a, b = kit.to_png(img), kit.to_png(img.copy())
    assert a == b
    assert Image.open(io.BytesIO(a)).mode == "P"


# ---------------------------------------------------------------------------
# the board


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("placed", [1, 12, 33])
def test_board_fits_limits(players: int, placed: int) -> None:
    png = lanterns.board_png(make_view(players, placed), names=NAMES)
    img = _image(png)
    assert img.width <= 1280 and img.height <= 1280
    assert len(png) < 300_000


def test_board_north_triangle_has_the_side_colour_and_follows_rotation() -> None:
    view = make_view(4, 12, seed=5)
    geo = lanterns.board_geometry(view)
    img = _image(lanterns.board_png(view, names=NAMES))
    for tile in view["board"]:
        cell = (tile["x"], tile["y"])
        for side, point in enumerate(_side_points(geo, cell)):
            assert _sample(img, point) == kit.lantern(tile["sides"][side]).fill

    # turn one tile whose north and east sides differ, and look again
    target = next(t for t in view["board"][1:] if t["sides"][0] != t["sides"][3])
    unrotated = rotate(target["sides"], -target["rot"])
    before = _sample(img, _north_point(geo, (target["x"], target["y"])))
    target["rot"] = (target["rot"] + 1) % 4
    target["sides"] = rotate(unrotated, target["rot"])
    img2 = _image(lanterns.board_png(view, names=NAMES))
    after = _sample(img2, _north_point(geo, (target["x"], target["y"])))
    assert after == kit.lantern(target["sides"][0]).fill
    assert after != before


def test_rotation_formula_matches_the_view_convention() -> None:
    sides = ["red", "white", "black", "blue"]
    assert lanterns.rotated(sides, 0) == tuple(sides)
    assert lanterns.rotated(sides, 1) == ("blue", "red", "white", "black")
    assert list(lanterns.rotated(sides, 3)) == rotate(sides, 3)


def test_identical_views_give_identical_bytes() -> None:
    view = make_view(4, 33, seed=3)
    copy = json.loads(json.dumps(view))
    assert lanterns.board_png(view, names=NAMES) == lanterns.board_png(copy, names=list(NAMES))
    pview = make_view(4, 33, seed=3, viewer=2)
    focus = {"tile": pview["hand"][0]["tile"], "rot": 2, "spots": pview["spots"][:5]}
    assert lanterns.panel_png(pview, names=NAMES, focus=focus) == \
        lanterns.panel_png(json.loads(json.dumps(pview)), names=NAMES, focus=dict(focus))


def test_board_changes_with_what_it_shows() -> None:
    view = make_view(4, 20, seed=8)
    base = lanterns.board_png(view, names=NAMES)
    other_current = dict(view, current=2)
    assert lanterns.board_png(other_current, names=NAMES) != base
    fewer = dict(view, supply=dict(view["supply"], red=0))
    assert lanterns.board_png(fewer, names=NAMES) != base


@pytest.mark.parametrize("names", [
    ["Żółć Łukasz", "Ёжик Щукин", "Anna 🎲🔥", "👨‍👩‍👧"],
    ["x" * 200, "\u202eevil\u202c", "مرحبا بالعالم", "e\u0301" * 40],
    [],  # no names at all: seats are shown as #1..#4
    ["🎲", "🔥🔥🔥🔥🔥🔥", "\u200d\u200d", "   "],
])
def test_any_names_render(names: list[str]) -> None:
    for players in (2, 3, 4):
        view = make_view(players, 15, seed=players, viewer=0)
        assert _image(lanterns.board_png(view, names=names)).width <= 1280
        assert _image(lanterns.panel_png(view, names=names)).width <= 1280


def test_three_players_leave_one_side_empty() -> None:
    view3 = make_view(3, 20, seed=4)
    view4 = make_view(4, 20, seed=4)
    assert {s["side"] for s in view3["seats"]} == {0, 1, 2}
    img3 = _image(lanterns.board_png(view3, names=NAMES))
    img4 = _image(lanterns.board_png(view4, names=NAMES))
    geo = lanterns.board_geometry(view3)
    mid_y = geo.top + geo.rows * geo.tile // 2
    west, east = (lanterns.MARGIN + 8, mid_y), (img3.width - lanterns.MARGIN - 8, mid_y)
    assert _sample(img3, west) not in (lanterns.PANEL, lanterns.PANEL_HOT)  # nobody sits west
    assert _sample(img3, east) in (lanterns.PANEL, lanterns.PANEL_HOT)
    assert _sample(img4, west) in (lanterns.PANEL, lanterns.PANEL_HOT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_board_has_one_player_box_per_player(players: int) -> None:
    # Issue 18: a 3-player board drew an empty fourth box on the west side.
    from render.lanterns.board import _board_plan

    view = make_view(players, 20, seed=4)
    plan = _board_plan(view)
    assert set(plan.sides) == {s["side"] for s in view["seats"]}
    assert len(plan.sides) == players


def test_finished_game_shows_places() -> None:
    view = make_view(3, 36, seed=12, current=None)
    view["phase"] = "over"
    plain = lanterns.board_png(view, names=NAMES)
    view["outcome"] = [{"seat": 2, "rank": 1, "honor": 21, "favors": 3, "cards": 4},
                       {"seat": 0, "rank": 2, "honor": 5, "favors": 1, "cards": 2},
                       {"seat": 1, "rank": 2, "honor": 5, "favors": 1, "cards": 2}]
    ranked = lanterns.board_png(view, names=NAMES)
    assert ranked != plain
    assert _image(ranked).size == _image(plain).size


def test_two_players_sit_opposite() -> None:
    view = make_view(2, 10, seed=6)
    assert sorted(s["side"] for s in view["seats"]) == [0, 2]
    img = _image(lanterns.board_png(view, names=NAMES))
    assert img.width == lanterns.BOARD_WIDTH


def test_a_lake_grown_far_in_one_direction_still_fits() -> None:
    view = make_view(4, 1)
    for i in range(1, 36):  # a straight line of 36 tiles southwards
        view["board"].append({"tile": i, "x": 0, "y": i, "rot": 0, "sides": TILES[i]["sides"],
                              "platform": TILES[i]["platform"], "start": False})
    view["last_placed"] = [0, 35]
    view["spots"] = [[0, 36], [0, -1]] + [[x, y] for y in range(36) for x in (-1, 1)]
    geo = lanterns.board_geometry(view)
    img = _image(lanterns.board_png(view, names=NAMES))
    assert img.height <= 1280
    for cell in ((0, -1), (0, 36)):
        x0, y0, x1, y1 = geo.cell_box(cell)
        assert 0 <= x0 and 0 <= y0 and x1 <= img.width and y1 <= img.height
    assert _sample(img, _north_point(geo, (0, 20))) == kit.lantern(TILES[20]["sides"][0]).fill


def test_malformed_or_sparse_views_do_not_crash() -> None:
    for view in ({}, {"board": [], "seats": []},
                 {"board": [{"x": "a"}, {"tile": 3, "x": 1, "y": 0, "sides": ["red"]}],
                  "seats": [{"seat": 0, "side": 7, "cards": None}], "spots": [[1], None],
                  "last_placed": "nowhere", "supply": [], "dedications": {"generic": "x"}}):
        assert lanterns.board_png(view, names=["A"]).startswith(b"\x89PNG")
        assert lanterns.panel_png(view, names=["A"], focus={"tile": "x", "spots": 3})
        assert lanterns.panel_png(view, names=["A"], focus={"spot": [0, "y"], "rot": None})


def test_an_empty_dedication_stack_shows_a_grey_four_still_to_be_had() -> None:
    """Tokens are never short: an empty stack shows the grey 4 lying on it, as bright as a
    full stack's top (not faded as if spent), and no count of grey tokens left."""
    from render.lanterns import market

    def colours_of(item: Any) -> set[tuple[int, int, int]]:
        canvas = Image.new("RGB", (item.width + 4, 80), (0, 0, 0))
        item.paint(canvas, ImageDraw.Draw(canvas), 2, 40)
        return {c for _n, c in canvas.getcolors(1 << 16)}

    view = make_view(2, 9, seed=3)
    view["dedications"] = {"four_of_a_kind": [], "three_pairs": [8, 7], "seven_unique": []}
    kinds = market._market_groups(view, market._MARKET)[-1]
    assert len(kinds) == 3  # one per kind, no separate pile of grey tokens
    empty, full = colours_of(kinds[0]), colours_of(kinds[1])
    assert lanterns.SILVER in empty and lanterns.GOLD not in empty
    assert lanterns.GOLD in full
    assert lanterns.board_png(view, names=NAMES) != lanterns.board_png(
        {**view, "dedications": {**view["dedications"], "four_of_a_kind": [4]}}, names=NAMES)


# ---------------------------------------------------------------------------
# the private panel


def test_panel_numbers_each_spot() -> None:
    view = make_view(4, 25, seed=2, viewer=1, current=1)
    tile = view["hand"][1]["tile"]
    spots = view["spots"][:7]
    base_focus = {"tile": tile, "rot": 3, "spots": []}
    focus = {"tile": tile, "rot": 3, "spots": spots}
    geo = lanterns.panel_geometry(view, focus=focus)
    assert geo == lanterns.panel_geometry(view, focus=base_focus)
    marked = _image(lanterns.panel_png(view, names=NAMES, focus=focus))
    plain = _image(lanterns.panel_png(view, names=NAMES, focus=base_focus))
    for spot in spots:
        centre = geo.center((spot[0], spot[1]))
        assert _sample(plain, centre) != _sample(marked, centre)
        # the number sits on a golden disc: sample the disc beside the digit
        assert _sample(marked, (centre[0] - 0.22 * geo.tile, centre[1])) == lanterns.GOLD
    other = lanterns.panel_png(view, names=NAMES, focus={**focus, "spots": spots[::-1]})
    assert other != lanterns.panel_png(view, names=NAMES, focus=focus)


def test_panel_rotation_step_and_ghost() -> None:
    view = make_view(3, 14, seed=7, viewer=0)
    tile = view["hand"][0]["tile"]
    plain = lanterns.panel_png(view, names=NAMES)
    rotations = lanterns.panel_png(view, names=NAMES, focus={"tile": tile})
    assert rotations != plain
    other = view["hand"][1]["tile"]
    assert lanterns.panel_png(view, names=NAMES, focus={"tile": other}) != rotations
    spot = view["spots"][0]
    focus = {"spot": spot, "tile": tile, "rot": 1}
    geo = lanterns.panel_geometry(view, focus=focus)
    ghost = _image(lanterns.panel_png(view, names=NAMES, focus=focus))
    none = _image(lanterns.panel_png(view, names=NAMES, focus={"tile": tile, "rot": 1,
                                                                 "spots": []}))
    point = _north_point(geo, (spot[0], spot[1]))
    assert _sample(ghost, point) != _sample(none, point)


def test_panel_fits_limits_and_spectators_get_one_too() -> None:
    view = make_view(4, 33, seed=9, viewer=3)
    focus = {"tile": view["hand"][2]["tile"], "rot": 0, "spots": view["spots"]}
    for f in (None, {}, {"tile": view["hand"][2]["tile"]}, focus):
        png = lanterns.panel_png(view, names=NAMES, focus=f)
        img = _image(png)
        assert img.width <= 1280 and img.height <= lanterns.PANEL_MAX_HEIGHT
        assert len(png) < 300_000
    spectator = make_view(4, 33, seed=9)
    assert "hand" not in spectator
    assert _image(lanterns.panel_png(spectator, names=NAMES)).width <= 1280


def test_views_from_real_games_render_at_every_step() -> None:
    """Boards and placement panels drawn from engine views of a real game, start to end."""
    from engine.lanterns import SPEC

    rng = random.Random(4)
    state = SPEC.setup(3, 4, {})
    while not SPEC.is_over(state):
        seat = state.current
        if len(state.board) % 6 == 1:
            _image(lanterns.board_png(SPEC.view(state, None), names=NAMES[:3]))
            if SPEC.view(state, seat)["turn"]["may_place"]:
                tile = str(state.players[seat].hand[0])
                focus = SPEC.menu(state, seat, ("p", tile, "1")).focus
                _image(lanterns.panel_png(SPEC.view(state, seat), names=NAMES[:3], focus=focus))
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
    final = _image(lanterns.board_png(SPEC.view(state, None), names=NAMES[:3]))
    assert final.width <= 1280


# ---------------------------------------------------------------------------
# the waiting picture (private chat between turns)


def test_waiting_fits_limits() -> None:
    width, height = lanterns.waiting_size()
    assert width == 1080 and 300 <= height <= 420
    for players in (2, 3, 4):
        for viewer in range(players):
            png = lanterns.waiting_png(make_view(players, 20, seed=viewer, viewer=viewer),
                                       names=NAMES)
            assert _image(png).size == (width, height)
            assert len(png) < 100_000


def test_waiting_shows_only_what_is_private_and_stable() -> None:
    mine = make_view(4, 30, seed=1, viewer=2, current=0)
    other = make_view(4, 6, seed=9, viewer=2, current=3)  # other lake, cards, supply...
    other["hand"] = json.loads(json.dumps(mine["hand"]))
    other.update(version=99, phase="final", stack=0, favor_supply=1, last_placed=None,
                 turn={"may_place": True, "must_discard": 2})
    assert other["board"] != mine["board"] and other["seats"] != mine["seats"]
    names = list(NAMES)
    other_names = ["Someone", "Else", NAMES[2], "Entirely"]
    assert lanterns.waiting_png(mine, names=names) == \
        lanterns.waiting_png(other, names=other_names)


def test_waiting_changes_with_the_hand_name_and_side() -> None:
    view = make_view(4, 20, seed=4, viewer=1)
    base = lanterns.waiting_png(view, names=NAMES)
    hands = [view["hand"][::-1], view["hand"][:2], view["hand"][:1],
             view["hand"][:2] + [dict(view["hand"][2], platform=not view["hand"][2]["platform"])],
             view["hand"][:2] + [{"tile": 0, "sides": TILES[0]["sides"], "platform": False}]]
    pictures = {base} | {lanterns.waiting_png(dict(view, hand=h), names=NAMES) for h in hands}
    assert len(pictures) == len(hands) + 1
    renamed = [NAMES[0], "Someone else", *NAMES[2:]]
    assert lanterns.waiting_png(view, names=renamed) != base
    seats = [dict(s, side=3) if s["seat"] == 1 else s for s in view["seats"]]
    assert lanterns.waiting_png(dict(view, seats=seats), names=NAMES) != base


def test_waiting_hand_tiles_are_unturned() -> None:
    view = make_view(4, 20, seed=4, viewer=1)
    tile = view["hand"][0]
    turned = dict(tile, sides=rotate(tile["sides"], 1))
    assert turned["sides"] != tile["sides"]
    plain = lanterns.waiting_png(view, names=NAMES)
    assert lanterns.waiting_png(dict(view, hand=[turned, *view["hand"][1:]]),
                                names=NAMES) != plain
    # the board's rotation of a placed copy of the tile plays no part
    assert lanterns.waiting_png(dict(view, board=view["board"][:1]), names=NAMES) == plain


@pytest.mark.parametrize("names", [
    ["Żółć Łukasz", "Ёжик Щукин", "Anna 🎲🔥", "👨‍👩‍👧"],
    ["🎲", "🔥🔥🔥🔥🔥🔥", "\u200d\u200d", "   "],
    ["x" * 300, "\u202eevil\u202c", "مرحبا بالعالم", "e\u0301" * 40],
    [],  # no names at all: the viewer is shown as #n
])
def test_waiting_any_names_render(names: list[str]) -> None:
    size = lanterns.waiting_size()
    for viewer in range(4):
        view = make_view(4, 15, seed=viewer, viewer=viewer)
        assert _image(lanterns.waiting_png(view, names=names)).size == size


def test_waiting_with_an_empty_hand() -> None:
    view = make_view(3, 36, seed=12, viewer=0, current=None)
    view["phase"] = "over"
    view["hand"] = []
    empty = lanterns.waiting_png(view, names=NAMES)
    img = _image(empty)
    assert img.size == lanterns.waiting_size()
    held = make_view(3, 20, seed=12, viewer=0)["hand"]
    assert empty != lanterns.waiting_png(dict(view, hand=held), names=NAMES)
    # the tray is calm: no tile colours and no golden number discs in it
    tray = img.crop((0, lanterns.MARGIN + 80, img.width, img.height))
    colours = {c for _, c in tray.getcolors(1 << 16) or []}
    assert lanterns.GOLD not in colours
    assert not colours & {kit.lantern(c).fill for c in COLORS}
    assert lanterns.waiting_png(dict(view, hand=None), names=NAMES) == empty


def test_waiting_malformed_views_do_not_crash() -> None:
    for view in ({}, {"viewer": None}, {"viewer": True}, {"viewer": 7, "hand": "x"},
                 {"viewer": 0, "seats": [{"seat": 0, "side": "n"}],
                  "hand": [None, {"tile": 1, "sides": ["red"]}, {"sides": 5}]}):
        assert _image(lanterns.waiting_png(view, names=["A"])).size == lanterns.waiting_size()


def test_waiting_is_unchanged_by_other_players_moves_in_a_real_game() -> None:
    from engine.lanterns import SPEC

    rng = random.Random(11)
    state = SPEC.setup(3, 4, {})
    names = NAMES[:3]
    shown = {s: lanterns.waiting_png(SPEC.view(state, s), names=names) for s in range(3)}
    changes = 0
    while not SPEC.is_over(state):
        mover = state.current
        state, _ = SPEC.apply(state, mover, rng.choice(SPEC.legal_actions(state, mover)))
        for seat in range(3):
            now = lanterns.waiting_png(SPEC.view(state, seat), names=names)
            if seat != mover:
                assert now == shown[seat], "another player's move changed the picture"
            changes += now != shown[seat]
            shown[seat] = now
    assert changes >= 10  # the hands did change along the way
    for seat in range(3):
        assert SPEC.view(state, seat)["hand"] == []
