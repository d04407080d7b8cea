"""Every Rafter Five picture is readable on a phone: each label and number is at least
`kit.READABLE_PX` px tall when the picture is shown 360 px wide (issue 18's small print
rule), measured on a busy late-game view: a full raft, six players, the sea full, every
focus key at once, and a fall to animate."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.rafter.config import CONFIG
from render import kit
from render import rafter as rr

STORED = Path(__file__).parent / "data" / "rafter_late_view.json"
NAMES = ["Żółć Łukasz", "Ёжик 🦔 Щукин", "Ana", "Bob", "Wiesław Ąę", "Маргарита Павловна"]


def _card(n: int, x: float, y: float, z: float, yaw: float) -> dict:
    h = math.radians(yaw) / 2
    return {"id": f"L{n}", "kind": "L", "variant": n, "pos": [x, y, z],
            "quat": [math.cos(h), 0.0, 0.0, math.sin(h)]}


def busy_pieces() -> list[dict]:
    """Five crossing layers of lumber cards, every rafter and 28 chests on top: 50 pieces."""
    out, n = [], 0
    t = CONFIG.lumber.sim_thickness
    for layer in range(5):
        spots = [(0, -28), (0, 0), (0, 28)] if layer % 2 == 0 else [(-42, 0), (-14, 0),
                                                                      (14, 0), (42, 0)]
        for x, y in spots[: 3 if layer % 2 == 0 else 4]:
            out.append(_card(n, x + layer, y, layer * t, 90.0 * (layer % 2)))
            n += 1
    top = 5 * t
    for r in range(5):
        out.append({"id": f"R{r}", "kind": "R", "variant": r, "pos": [-44 + 22 * r, 30, top],
                    "quat": [1, 0, 0, 0]})
    for c in range(50 - len(out)):
        color, index = c % 6, c // 6
        out.append({"id": f"C{color}.{index}", "kind": "C", "variant": color, "index": index,
                    "pos": [-45 + 11 * (c % 9), -30 + 11 * (c // 9), top],
                    "quat": [1, 0, 0, 0]})
    return out


@pytest.fixture(scope="module")
def busy() -> dict:
    pieces = busy_pieces()
    frames = [[dict(p, pos=[p["pos"][0] + 4 * f * (p["id"] == "C3.4"), p["pos"][1],
                            p["pos"][2] - 6 * f * (p["id"] == "C3.4")]) for p in pieces]
              for f in range(12)]
    seats = [{"seat": s, "colors": [s], "supply": 14 - s, "out": s == 5,
              "penalties": [[(s + 1) % 6, 0]] * min(7, 2 * s), "placed": s} for s in range(6)]
    return {"game": "rafter", "players": 6, "viewer": 2, "advanced": True,
            "colors": list(CONFIG.colors), "seats": seats, "turn": 2, "phase": "place",
            "held": 3, "card": 41, "sea_rafters": [], "sea_lumber": 17,
            "sea_wood": [30, 31, 32, 33], "last_rafter": 2, "pieces": pieces,
            "last": {"seat": 1, "placed": ["C3.4"], "fallen": [], "frames": frames}}


FOCUS = {"ghost": {"x": 10, "y": 5, "yaw": 30, "card": 41, "legal": False, "z": 8.0},
         "targets": [[n, -50 + 12 * n, -20] for n in range(1, 9)],
         "spots": [[n, -40 + 20 * n, 25] for n in range(1, 5)],
         "rafter": {"variant": 3, "x": 20, "y": -10, "yaw": 15, "z": 9.6},
         "chest": {"color": 4, "x": -20, "y": 10}, "take": [0, 1, 3, 4], "wood": [33, 31, 30]}


def pictures(view: dict) -> list[kit.MeasuredPicture]:
    with kit.measuring_text() as seen:
        rr.board_png(view, names=NAMES)
        rr.panel_png(view, names=NAMES, focus=FOCUS)
        rr.panel_png(view, names=NAMES, focus={"take": [0, 1], "wood": [30]})
        rr.waiting_png(view, names=NAMES)
    return seen


def test_every_text_of_every_picture_is_readable_on_a_phone(busy):
    seen = pictures(busy)
    assert len(seen) == 4
    board, panel, _, waiting = seen
    # the instruments saw the text: names, supply counts, rafter numbers, discs, the pile
    assert len(board.text_px) >= 6 + 6 + 5 + 1
    assert len(panel.text_px) >= 1 + 1 + 5 + 8 + 4 + 4 + 3
    assert len(waiting.text_px) >= 2
    for picture in seen:
        assert picture.smallest_shown() >= kit.READABLE_PX, picture


def test_the_stored_late_game_is_readable_on_a_phone():
    view = json.loads(STORED.read_text())
    assert len(view["pieces"]) >= 20 and view["last"]["frames"]
    for picture in pictures(view):
        assert picture.smallest_shown() >= kit.READABLE_PX, picture


def test_the_fall_clip_is_readable_on_a_phone(busy):
    for view in (busy, json.loads(STORED.read_text())):
        frames = rr.animation_frames(view)
        assert frames
        for frame in frames:
            sizes = kit.text_sizes(frame)
            assert sizes  # the rafters' numbers and the pile's count
            assert min(sizes) * kit.PHONE_WIDTH / frame.width >= kit.READABLE_PX
