"""Tests of the Rafter Five pictures (render.rafter), from views built with the physics."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from engine.rafter.physics import Placement, place
from engine.rafter.scene import CHEST, LUMBER, RAFTER, Scene, scene_to_dict
from render import rafter as rr
from render.rafter import theme

NAMES = ["Żółć Łukasz", "Ёжик 🦔 Щукин", "👨‍👩‍👧"]
COLORS = ["red", "blue", "yellow", "green", "purple", "white"]


def image(data: bytes, fmt: str = "PNG") -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == fmt
    return img


def rgb(data: bytes) -> Image.Image:
    return image(data).convert("RGB")


def dicts(scene: Scene) -> list[dict]:
    return [dict(d, id=p.id) for d, p in zip(scene_to_dict(scene), scene.pieces)]


def make_view(pieces: list[dict], **extra) -> dict:
    view = {
        "game": "rafter", "players": 3, "viewer": 0, "advanced": False, "colors": COLORS,
        "seats": [{"seat": 0, "colors": [0, 1], "supply": 12, "penalties": [[2, 0]],
                   "out": False, "placed": 2},
                  {"seat": 1, "colors": [2, 3], "supply": 13, "penalties": [], "out": False,
                   "placed": 1},
                  {"seat": 2, "colors": [4, 5], "supply": 14, "penalties": [[0, 1]] * 6,
                   "out": True, "placed": 0}],
        "turn": 1, "phase": "place", "held": 3, "card": 7, "sea_rafters": [0, 2],
        "sea_lumber": 30, "last_rafter": 1, "pieces": pieces, "last": None,
    }
    view.update(extra)
    return view


@pytest.fixture(scope="module")
def played() -> dict:
    """A card, a rafter and two chests on it, a second card partly on the first with a
    chest, then a card dropped hanging off the raft (it falls: the recorded frames)."""
    s = place(Scene(), [Placement(LUMBER, 0, 0, 0, 10)], seed=None).scene
    s = place(s, [Placement(RAFTER, 1, -25, 0, 10), Placement(CHEST, 0, 20, 0, 10)],
              seed=None).scene
    s = place(s, [Placement(LUMBER, 3, 30, -14, -25)], seed=None).scene
    s = place(s, [Placement(CHEST, 2, 45, -22, -25, index=0)], seed=None).scene
    fall = place(s, [Placement(LUMBER, 5, 78, 25, 70)], seed=None, record_every=40)
    assert fall.fallen and len(fall.frames) >= 3
    return make_view(dicts(fall.scene), last={
        "seat": 0, "placed": ["L5"], "fallen": dicts(Scene(fall.fallen)),
        "frames": [dicts(f) for f in fall.frames]})


def near(img: Image.Image, xy: tuple[int, int], color: tuple[int, int, int], radius: int = 24,
         tol: int = 6) -> bool:
    x0, y0 = xy
    for y in range(y0 - radius, y0 + radius + 1):
        for x in range(x0 - radius, x0 + radius + 1):
            px = img.getpixel((x, y))
            if max(abs(a - b) for a, b in zip(px, color)) <= tol:
                return True
    return False


def piece_of(view: dict, pid: str) -> dict:
    return next(p for p in view["pieces"] if p["id"] == pid)


# ---------------------------------------------------------------------------
# The board


def test_board_is_a_png_of_stable_size_and_identical_views_give_identical_bytes(played):
    png = rr.board_png(played, names=NAMES)
    img = image(png)
    assert img.width == rr.BOARD_WIDTH and img.height <= 1280
    assert rr.board_png(dict(played), names=list(NAMES)) == png
    assert image(rr.board_png({**played, "pieces": played["pieces"][:2]}, names=NAMES)).size \
        == img.size
    assert rr.board_png({**played, "turn": 2}, names=NAMES) != png
    moved = [dict(p, pos=[p["pos"][0] + 3, *p["pos"][1:]]) for p in played["pieces"]]
    assert rr.board_png({**played, "pieces": moved}, names=NAMES) != png
    for n in (1, 2, 4, 6):
        view = {**played, "players": n, "seats": [played["seats"][0]] * n}
        assert image(rr.board_png(view, names=NAMES)).height <= 1280


def test_chests_show_their_colour_where_the_geometry_says(played):
    img = rgb(rr.board_png(played, names=NAMES))
    geo = rr.board_geometry(played)
    for pid, name in (("C2.0", "yellow"),):
        p = piece_of(played, pid)
        top = rr.place(rr.view_piece(p)).top
        at = geo.raft_to_px(p["pos"][0], p["pos"][1])
        assert near(img, at, rr.shade(rr.chest(name).fill, top))
        assert not near(img, geo.raft_to_px(-50, 35), rr.shade(rr.chest(name).fill, top))


def test_a_higher_piece_is_drawn_over_a_lower_one():
    card = {"id": "L0", "kind": "L", "variant": 0, "pos": [0, 0, 0], "quat": [1, 0, 0, 0]}
    red = {"id": "C0.0", "kind": "C", "variant": 0, "pos": [10, 0, 1.6], "quat": [1, 0, 0, 0]}
    blue = {"id": "C1.0", "kind": "C", "variant": 1, "pos": [10, 0, 10.6], "quat": [1, 0, 0, 0]}
    expect_red = rr.shade(rr.chest("red").fill, 10.6)
    expect_blue = rr.shade(rr.chest("blue").fill, 19.6)
    for order in ([card, red, blue], [blue, red, card], [red, blue, card]):
        view = make_view(order)
        img = rgb(rr.board_png(view, names=NAMES))
        at = rr.board_geometry(view).raft_to_px(10, 0)
        assert near(img, at, expect_blue, radius=26)
        assert not near(img, at, expect_red, radius=22)
    only_red = make_view([card, red])
    img = rgb(rr.board_png(only_red, names=NAMES))
    assert near(img, rr.board_geometry(only_red).raft_to_px(10, 0), expect_red, radius=26)


def test_a_chest_on_the_low_end_of_a_steep_card_is_painted_over_the_card():
    pitch = math.radians(20)  # the card leans: its +x end high
    quat = [math.cos(pitch / 2), 0.0, -math.sin(pitch / 2), 0.0]
    card = rr.view_piece({"id": "L0", "kind": "L", "variant": 0, "pos": [0, 0, 0], "quat": quat})
    placed = rr.place(card)
    x, y, z = placed.local(-40, 0, 1.6)
    chest = rr.view_piece({"id": "C0.0", "kind": "C", "variant": 0, "pos": [x, y, z],
                           "quat": quat})
    low = rr.place(chest)
    assert low.top < placed.top  # sorting by top height alone would hide the chest
    assert [p.piece.id for p in rr.paint_order([low, placed])] == ["L0", "C0.0"]


def test_advanced_mode_draws_the_nails(played):
    nails = rgb(rr.board_png({**played, "advanced": True}, names=NAMES)).getcolors(1 << 20)
    plain = rgb(rr.board_png(played, names=NAMES)).getcolors(1 << 20)
    count = {c: n for n, c in nails}.get(theme.NAIL, 0)
    assert count > 50 and {c: n for n, c in plain}.get(theme.NAIL, 0) < count // 4


# ---------------------------------------------------------------------------
# The panel


def test_ghost_legal_and_illegal_differ(played):
    ghost = {"x": 10, "y": 20, "yaw": 30, "card": 7}
    legal = rgb(rr.panel_png(played, names=NAMES, focus={"ghost": {**ghost, "legal": True}}))
    wrong = rgb(rr.panel_png(played, names=NAMES, focus={"ghost": {**ghost, "legal": False}}))
    assert legal.size == wrong.size and legal.width == rr.PANEL_WIDTH and legal.height <= 1280
    count = {name: {c: n for n, c in img.getcolors(1 << 20)}
             for name, img in (("legal", legal), ("wrong", wrong))}
    assert count["legal"].get(theme.LEGAL, 0) > 200
    assert count["wrong"].get(theme.ILLEGAL, 0) > 200
    assert count["wrong"].get(theme.LEGAL, 0) < 20


def test_spots_are_numbered_discs_where_the_geometry_says(played):
    spots = [[1, -30, 10], [2, 10, -20], [3, 40, 30]]
    img = rgb(rr.panel_png(played, names=NAMES, focus={"spots": spots}))
    plain = rgb(rr.panel_png(played, names=NAMES, focus={}))
    geo = rr.panel_geometry(played)
    for _n, x, y in spots:
        px, py = geo.raft_to_px(x, y)
        assert img.getpixel((px - 13, py)) == theme.GOLD  # the disc, left of its number
        assert plain.getpixel((px - 13, py)) != theme.GOLD
    assert rr.panel_png(played, names=NAMES, focus={"spots": spots}) != \
        rr.panel_png(played, names=NAMES, focus={"spots": [[4, *spots[0][1:]], *spots[1:]]})


def test_focus_keys_are_read_tolerantly(played):
    plain = rr.panel_png(played, names=NAMES)
    assert rr.panel_png(played, names=NAMES, focus={"unknown": 1}) == plain
    odd = {"ghost": "x", "spots": [[1, "a"], "b", [2]], "rafter": {"variant": 99, "x": 0, "y": 0},
           "chest": {"x": None}, "take": ["a", None]}
    assert rr.panel_png(played, names=NAMES, focus=odd) == plain
    full = {"ghost": {"x": 0, "y": 0, "yaw": 0, "card": 999, "legal": True}, "take": [1, 0],
            "rafter": {"variant": 4, "x": 40, "y": 25, "yaw": 45},
            "chest": {"color": 1, "x": -40, "y": -25}}
    assert image(rr.panel_png(played, names=NAMES, focus=full)).size == image(plain).size
    junk = {**played, "pieces": [{"kind": "Q"}, {"kind": "R", "variant": 9, "pos": [0, 0, 0]},
                                 {"kind": "C", "variant": 1, "pos": [0, "a", 0]}, 7],
            "seats": "x", "last": {"frames": "x"}, "colors": None, "sea_rafters": [None, 99]}
    rr.board_png(junk, names=NAMES)
    rr.panel_png(junk, names=NAMES, focus=full)
    rr.waiting_png(junk, names=NAMES)
    assert rr.animation_gif(junk, names=NAMES) is None


# ---------------------------------------------------------------------------
# The waiting picture and the animation


def test_waiting_picture_changes_only_with_the_viewers_strip(played):
    png = rr.waiting_png(played, names=NAMES)
    assert image(png).size == rr.waiting_size()
    for change in ({"pieces": played["pieces"][:1]}, {"turn": 0}, {"last": None},
                   {"sea_rafters": []}, {"phase": "take"}, {"held": 1}, {"advanced": True}):
        assert rr.waiting_png({**played, **change}, names=NAMES) == png
    seats = [dict(played["seats"][0], penalties=[[2, 0], [4, 0]]), *played["seats"][1:]]
    assert rr.waiting_png({**played, "seats": seats}, names=NAMES) != png
    assert rr.waiting_png({**played, "viewer": 1}, names=NAMES) != png


def test_animation_is_none_without_frames_and_a_small_gif_with_them(played):
    assert rr.animation_gif({**played, "last": None}, names=NAMES) is None
    assert rr.animation_gif({**played, "last": {**played["last"], "frames": []}},
                            names=NAMES) is None
    gif = rr.animation_gif(played, names=NAMES)
    assert gif is not None and len(gif) < 1_000_000
    img = image(gif, "GIF")
    assert img.n_frames == len(played["last"]["frames"])
    assert 360 <= img.width <= 480
    assert rr.animation_gif(played, names=NAMES) == gif


def test_any_names_render(played):
    for names in (NAMES, ["", "", ""], ["👨‍👩‍👧", "🎲", "\u202e\u0000"], ["x" * 300] * 3, []):
        assert image(rr.board_png(played, names=names)).width == rr.BOARD_WIDTH
        image(rr.panel_png(played, names=names, focus={"take": [1]}))
        image(rr.waiting_png(played, names=names))
