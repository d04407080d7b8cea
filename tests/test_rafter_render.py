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
        "sea_lumber": 30, "sea_wood": [], "last_rafter": 1, "pieces": pieces,
        "last": None,
    }
    view.update(extra)
    return view


@pytest.fixture(scope="module")
def played() -> dict:
    """A card, a rafter and two chests on it, a second card partly on the first with a
    chest, then a card let go in front of the raft (it falls into the sea: the recorded
    frames)."""
    s = place(Scene(), [Placement(LUMBER, 0, 0, 0, 10)], seed=None).scene
    s = place(s, [Placement(RAFTER, 1, -25, 0, 10), Placement(CHEST, 0, 20, 0, 10)],
              seed=None).scene
    s = place(s, [Placement(LUMBER, 3, 30, -14, -25)], seed=None).scene
    s = place(s, [Placement(CHEST, 2, 45, -22, -25, index=0)], seed=None).scene
    fall = place(s, [Placement(LUMBER, 5, 20, -62, 0, z=2.0)], seed=None, record_every=40)
    assert fall.fallen and len(fall.frames) >= 3
    return make_view(dicts(fall.scene), last={
        "seat": 0, "placed": ["L5"], "fallen": dicts(Scene(fall.fallen)),
        "frames": [dicts(f) for f in fall.frames]})


def near(img: Image.Image, xy: tuple[int, int], color: tuple[int, int, int], radius: int = 24,
         tol: int = 8) -> bool:
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


def test_the_picture_is_cropped_to_the_raft():
    """An empty raft fills most of the raft's area: no half-empty sea around it."""
    view = make_view([], sea_rafters=[], sea_lumber=0, last_rafter=None)
    geo = rr.board_geometry(view)
    x, y, w, h = geo.box
    corners = [geo.raft_to_px(sx * 62.5, sy * 41.5, z) for sx in (-1, 1) for sy in (-1, 1)
               for z in (0.0, -45.6)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    assert x <= min(xs) and max(xs) <= x + w and y <= min(ys) and max(ys) <= y + h
    assert (max(xs) - min(xs)) > 0.85 * w or (max(ys) - min(ys)) > 0.85 * h


def test_the_view_looks_from_in_front_and_above():
    geo = rr.board_geometry(make_view([]))
    front, back = geo.raft_to_px(0, -40), geo.raft_to_px(0, 40)
    assert back[1] < front[1]  # the far edge is higher in the picture
    assert geo.raft_to_px(0, 0, 30)[1] < geo.raft_to_px(0, 0, 0)[1]  # up is up
    assert geo.raft_to_px(50, 0)[0] > geo.raft_to_px(-50, 0)[0]  # x to the right
    near_w = geo.raft_to_px(50, -40)[0] - geo.raft_to_px(-50, -40)[0]
    far_w = geo.raft_to_px(50, 40)[0] - geo.raft_to_px(-50, 40)[0]
    assert far_w < near_w  # perspective: farther is smaller


def test_chests_show_their_colour_where_the_geometry_says(played):
    img = rgb(rr.board_png(played, names=NAMES))
    geo = rr.board_geometry(played)
    p = piece_of(played, "C2.0")
    top = rr.place(rr.view_piece(p)).top
    color = rr.shade(rr.chest("yellow").fill, top)
    at = geo.raft_to_px(p["pos"][0], p["pos"][1], top)
    assert near(img, at, color, radius=10, tol=14)
    assert not near(img, geo.raft_to_px(-50, 35), color, radius=10, tol=14)


def test_a_higher_piece_is_drawn_over_a_lower_one():
    card = {"id": "L0", "kind": "L", "variant": 0, "pos": [0, 0, 0], "quat": [1, 0, 0, 0]}
    red = {"id": "C0.0", "kind": "C", "variant": 0, "pos": [10, 0, 1.6], "quat": [1, 0, 0, 0]}
    blue = {"id": "C1.0", "kind": "C", "variant": 1, "pos": [10, 0, 10.6], "quat": [1, 0, 0, 0]}
    expect_red = rr.shade(rr.chest("red").fill, 10.6)
    expect_blue = rr.shade(rr.chest("blue").fill, 19.6)
    for order in ([card, red, blue], [blue, red, card], [red, blue, card]):
        view = make_view(order)
        img = rgb(rr.board_png(view, names=NAMES))
        geo = rr.board_geometry(view)
        assert near(img, geo.raft_to_px(10, 0, 19.6), expect_blue, radius=12)
        # the red chest's top is under the blue one: no pixel of it shows
        assert not near(img, geo.raft_to_px(10, 0, 10.6), expect_red, radius=40, tol=4)
    only_red = make_view([card, red])
    img = rgb(rr.board_png(only_red, names=NAMES))
    assert near(img, rr.board_geometry(only_red).raft_to_px(10, 0, 10.6), expect_red, radius=12)


def test_a_chest_on_the_low_end_of_a_steep_card_is_painted_over_the_card():
    pitch = math.radians(20)  # the card leans: its +x end high
    quat = [math.cos(pitch / 2), 0.0, -math.sin(pitch / 2), 0.0]
    card = rr.place(rr.view_piece({"id": "L0", "kind": "L", "variant": 0, "pos": [0, 0, 0],
                                   "quat": quat}))
    x, y, z = card.local(-40, 0, 1.6)
    chest = rr.place(rr.view_piece({"id": "C0.0", "kind": "C", "variant": 0, "pos": [x, y, z],
                                    "quat": quat}))
    assert chest.top < card.top  # sorting by top height alone would hide the chest
    boxes = [card.boxes[0], chest.boxes[0]]
    assert rr.paint_order(boxes, ["a", "b"]) == [0, 1]
    assert rr.paint_order(boxes[::-1], ["a", "b"]) == [1, 0]


def test_a_piece_in_front_of_another_is_painted_after_it():
    back = rr.place(rr.view_piece({"id": "C0.0", "kind": "C", "variant": 0, "pos": [0, 30, 0]}))
    front = rr.place(rr.view_piece({"id": "C1.0", "kind": "C", "variant": 1,
                                    "pos": [0, -30, 0]}))
    tall = rr.place(rr.view_piece({"id": "R2", "kind": "R", "variant": 2, "pos": [0, 0, 0]}))
    boxes = [front.boxes[0], *tall.boxes, back.boxes[0]]
    order = rr.paint_order(boxes, ["f", "t0", "t1", "b"])
    assert order.index(3) < order.index(1) < order.index(0)
    assert order.index(1) < order.index(2)  # the tall rafter's head sits on its body


def test_advanced_mode_draws_the_nails(played):
    nails = rgb(rr.board_png({**played, "advanced": True}, names=NAMES)).getcolors(1 << 20)
    plain = rgb(rr.board_png(played, names=NAMES)).getcolors(1 << 20)
    count = {c: n for n, c in nails}.get(theme.NAIL, 0)
    assert count > 50 and {c: n for n, c in plain}.get(theme.NAIL, 0) < count // 4


def test_the_sea_shows_its_rafters_pile_and_face_up_cards(played):
    bare = {**played, "sea_rafters": [], "sea_lumber": 0, "sea_wood": []}
    old = {k: v for k, v in bare.items() if k != "sea_wood"}
    assert rr.board_png(old, names=NAMES) == rr.board_png(bare, names=NAMES)
    with_wood = {**bare, "sea_wood": [11, 12]}
    assert rr.board_png(with_wood, names=NAMES) != rr.board_png(bare, names=NAMES)
    geo = rr.board_geometry(with_wood)
    img = rgb(rr.board_png(with_wood, names=NAMES))
    x, y, w, h = geo.box
    card = (-62.5 - 7 - 12.5, 30.0, -45.6 + 1.6)  # the first face-up card, left of the box
    px, py = geo.raft_to_px(*card)
    assert x < px < x + w and y < py < y + h
    wood = rr.shade(theme.LUMBER_TINTS[11 % 3], card[2])
    assert near(img, (px, py), wood, radius=20, tol=30)
    plain = rr.board_geometry(bare)
    edge = (-62.5 - 7 - 3, 0.0, -45.6 + 1.6)  # the card's inner edge, by the box
    assert near(img, geo.raft_to_px(*edge), wood, radius=6, tol=30)
    assert not near(rgb(rr.board_png(bare, names=NAMES)), plain.raft_to_px(*edge), wood,
                    radius=6, tol=30)


def test_the_rafter_that_may_not_be_taken_is_crossed(played):
    crossed = rgb(rr.board_png(played, names=NAMES))
    free = rgb(rr.board_png({**played, "last_rafter": None}, names=NAMES))
    geo = rr.board_geometry(played)
    p = rr.place(rr.view_piece(piece_of(played, "R1")))
    x, y = geo.raft_to_px(*p.boxes[0].center[:2], p.top)

    def light(img: Image.Image) -> int:
        return sum(img.getpixel((x + dx, y + dy)) == theme.TEXT
                   for dx in range(-22, 23) for dy in range(-22, 23))

    assert light(crossed) > light(free) + 100  # the cross's white strokes


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


def _mean_y(img: Image.Image, color: tuple[int, int, int]) -> float:
    """The mean row of the pixels of `color` (every other row and column)."""
    ys = [y for y in range(0, img.height, 2) for x in range(0, img.width, 2)
          if img.getpixel((x, y)) == color]
    assert ys
    return sum(ys) / len(ys)


def test_the_ghost_is_drawn_at_the_height_it_would_land(played):
    heights = {}
    for z in (0.0, 30.0):
        focus = {"ghost": {"x": -20, "y": 10, "yaw": 0, "card": 7, "legal": True, "z": z}}
        img = rgb(rr.panel_png(played, names=NAMES, focus=focus))
        geo = rr.panel_geometry(played, focus=focus)
        expected = geo.raft_to_px(-20, 10, z + 1.6)[1]
        heights[z] = _mean_y(img, theme.LEGAL)
        assert abs(heights[z] - expected) < 40
    assert heights[30.0] < heights[0.0] - 60


def test_targets_and_spots_are_numbered_discs_where_the_geometry_says(played):
    spots = [[1, -50, 25], [2, -40, -30], [3, 0, -35]]
    plain = rgb(rr.panel_png(played, names=NAMES, focus={}))
    for key in ("targets", "spots"):
        focus = {key: spots}
        img = rgb(rr.panel_png(played, names=NAMES, focus=focus))
        geo = rr.panel_geometry(played, focus=focus)
        for _n, x, y in spots:
            px, py = geo.raft_to_px(x, y, 0.0)
            assert img.getpixel((px - 20, py)) == theme.GOLD  # the disc, left of its number
            assert plain.getpixel((px - 20, py)) != theme.GOLD
    assert rr.panel_png(played, names=NAMES, focus={"spots": spots}) != \
        rr.panel_png(played, names=NAMES, focus={"spots": [[4, *spots[0][1:]], *spots[1:]]})


def test_offered_sea_cards_and_rafters_are_numbered(played):
    view = {**played, "sea_wood": [11, 12, 13]}
    plain = rgb(rr.panel_png(view, names=NAMES))
    offered = rgb(rr.panel_png(view, names=NAMES, focus={"wood": [13, 11], "take": [0]}))
    gold = {name: {c: n for n, c in img.getcolors(1 << 20)}.get(theme.GOLD, 0)
            for name, img in (("plain", plain), ("offered", offered))}
    assert gold["offered"] > gold["plain"] + 3 * 1500  # two cards and a rafter: discs, outlines
    assert rr.panel_png(view, names=NAMES, focus={"wood": [13, 11]}) != \
        rr.panel_png(view, names=NAMES, focus={"wood": [11, 13]})


def test_focus_keys_are_read_tolerantly(played):
    plain = rr.panel_png(played, names=NAMES)
    assert rr.panel_png(played, names=NAMES, focus={"unknown": 1}) == plain
    odd = {"ghost": "x", "spots": [[1, "a"], "b", [2]], "targets": 3,
           "rafter": {"variant": 99, "x": 0, "y": 0}, "chest": {"x": None},
           "take": ["a", None], "wood": [None, 99]}
    assert rr.panel_png(played, names=NAMES, focus=odd) == plain
    full = {"ghost": {"x": 0, "y": 0, "yaw": 0, "card": 999, "legal": True, "z": "high"},
            "take": [1, 0], "rafter": {"variant": 4, "x": 40, "y": 25, "yaw": 45, "z": 3},
            "chest": {"color": 1, "x": -40, "y": -25}, "targets": [[1, 0, 0]], "wood": [2]}
    assert image(rr.panel_png(played, names=NAMES, focus=full)).size == image(plain).size
    junk = {**played, "pieces": [{"kind": "Q"}, {"kind": "R", "variant": 9, "pos": [0, 0, 0]},
                                 {"kind": "C", "variant": 1, "pos": [0, "a", 0]}, 7],
            "seats": "x", "last": {"frames": "x"}, "colors": None, "sea_rafters": [None, 99],
            "sea_wood": "x", "sea_lumber": "many"}
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


def gif_ms(img: Image.Image) -> list[int]:
    out = []
    for n in range(img.n_frames):
        img.seek(n)
        out.append(img.info["duration"])
    return out


def test_animation_is_none_without_frames_and_a_small_two_second_gif_with_them(played):
    assert rr.animation_gif({**played, "last": None}, names=NAMES) is None
    assert rr.animation_gif({**played, "last": {**played["last"], "frames": []}},
                            names=NAMES) is None
    gif = rr.animation_gif(played, names=NAMES)
    assert gif is not None and len(gif) < 500 * 1024
    img = image(gif, "GIF")
    assert img.size == rr.GIF_SIZE
    assert 1800 <= sum(gif_ms(img)) <= 2400
    assert rr.animation_gif(played, names=NAMES) == gif


def test_a_short_fall_is_slowed_down_to_about_two_seconds(played):
    frames = played["last"]["frames"]
    short = {**played, "last": {**played["last"], "frames": [frames[0], frames[-1]]}}
    img = image(rr.animation_gif(short, names=NAMES), "GIF")
    durations = gif_ms(img)
    assert img.n_frames == 2 and min(durations) >= 700 and 1800 <= sum(durations) <= 2400


def test_any_names_render(played):
    for names in (NAMES, ["", "", ""], ["👨‍👩‍👧", "🎲", "\u202e\u0000"], ["x" * 300] * 3, []):
        assert image(rr.board_png(played, names=names)).width == rr.BOARD_WIDTH
        image(rr.panel_png(played, names=names, focus={"take": [1]}))
        image(rr.waiting_png(played, names=names))
