"""Small print readable on a phone (issue 18, point 1): shown 360 px wide, every text and
number of every Lanterns, Hanabi and Lighthouse picture is at least 11 px tall (its font's
size), measured on busy late games through `render.kit.measuring_text`."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bench import readable
from render import kit

PICTURES = list(readable.pictures())


@pytest.mark.parametrize("label,draw", PICTURES, ids=[label for label, _ in PICTURES])
def test_every_text_is_readable_on_a_phone(label, draw):
    png, seen = readable.measure(draw)
    assert seen.text_px, f"{label}: no text measured"
    assert Image.open(io.BytesIO(png)).size == seen.size
    assert seen.smallest_shown() >= kit.READABLE_PX, (label, sorted(set(seen.text_px))[:5])


def test_every_game_and_picture_kind_is_measured():
    labels = " ".join(label for label, _ in PICTURES)
    for game in ("lanterns", "hanabi", "lighthouse"):
        for kind in ("board", "panel", "waiting", "over"):
            assert f"{game} " in labels and any(
                label.startswith(game) and kind in label for label, _ in PICTURES), (game, kind)


def test_text_in_cached_sprites_is_measured_every_time():
    """A sprite drawn once and cached still reports its text, scaled down from its
    supersampled size, wherever it is pasted."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        kit.draw_text(d, (10 * k, 10 * k), "7", kit.font(round(20 * k)), kit.TEXT, "mm")

    sprite = kit.supersampled(20, 20, paint)
    assert kit.text_sizes(sprite) == (20.0,)
    for _ in range(2):
        with kit.measuring_text() as seen:
            canvas, draw = kit.new_canvas((720, 100))
            kit.paste(canvas, sprite, (50, 50))
            kit.paste(canvas, sprite, (90, 50))
            kit.draw_text(draw, (200, 50), "Ab", kit.font(30), kit.TEXT)
            kit.to_png(canvas)
        assert seen[0].text_px == (20.0, 20.0, 30.0)
        assert seen[0].smallest_shown() == 10.0  # 20 px in a 720 px picture shown 360 wide
    assert kit.text_sizes(sprite) == (20.0,)  # pasting leaves the cached sprite as it was


def test_nothing_drawn_nothing_measured():
    with kit.measuring_text() as seen:
        canvas, draw = kit.new_canvas((100, 100))
        kit.draw_text(draw, (0, 0), "\u200b\u200e", kit.font(12), kit.TEXT)  # nothing drawable
        kit.to_png(canvas)
    assert seen[0].text_px == ()
    assert kit.readable_px(1080) == 33 and kit.readable_px(1280) == 40
