"""Names made of emoji are drawn with their emoji (issue 18, point 8): in colour, from the
Noto Color Emoji COLRv1 font that `render.emoji` paints, never as tofu, and the same
pixels every time."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render import emoji, kit, lighthouse


def _orange_pixels(img: Image.Image) -> int:
    """Pixels of the orange of Noto's fox (none of the games' reds and golds is like it)."""
    return sum(n for n, (r, g, b) in img.convert("RGB").getcolors(1 << 20)
               if r > 220 and 60 < g < 140 and b < 50)


def _drawn_by_the_text_font(monkeypatch) -> list[str]:
    """Every string handed to FreeType from now on."""
    seen: list[str] = []
    text = ImageDraw.ImageDraw.text

    def record(self, xy, string, *args, **kwargs):
        seen.append(string)
        return text(self, xy, string, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    return seen


def test_a_name_of_only_emoji_is_drawn_in_colour_without_tofu(monkeypatch):
    fnt = kit.font(34, "bold")
    seen = _drawn_by_the_text_font(monkeypatch)
    canvas, draw = kit.new_canvas((300, 80))
    width = kit.draw_text(draw, (10, 40), "🦊🌙", fnt, kit.TEXT, "lm")
    assert width > 2 * fnt.size
    assert seen == []  # nothing went to the text font, so no tofu box
    assert _orange_pixels(canvas) > 100  # the fox, in its own colours
    assert len(canvas.getcolors(1 << 16)) > 50  # shaded, not a flat fallback
    assert kit.player_name(["🦊🌙"], 0) == "🦊🌙"  # no more "#1"


@pytest.mark.parametrize("name, text", [("Eve 🎲", "Eve"), ("🦊 Łukasz", "Łukasz"),
                                        ("Ёж👍🏽ик", "Ёж")])
def test_names_mixing_letters_and_emoji_draw_both(monkeypatch, name, text):
    fnt = kit.font(34, "bold")
    seen = _drawn_by_the_text_font(monkeypatch)
    canvas, draw = kit.new_canvas((400, 80))
    kit.draw_text(draw, (200, 40), name, fnt, kit.TEXT, "mm")
    assert any(text in s for s in seen)
    assert all(kit.supports(fnt, ch) for s in seen for ch in s)  # no tofu
    bare, bare_draw = kit.new_canvas((400, 80))
    kit.draw_text(bare_draw, (200, 40), kit.clean_text(name, fnt), fnt, kit.TEXT, "mm")
    colours = {c for _, c in canvas.getcolors(1 << 16)}
    assert len(colours - {c for _, c in bare.getcolors(1 << 16)}) > 20  # the emoji's own


def test_emoji_sequences_stay_whole_and_unknown_ones_drop():
    assert list(emoji.clusters("a👨‍👩‍👧👍🏽b")) == ["a", "👨‍👩‍👧", "👍🏽", "b"]
    assert emoji.is_emoji("👨‍👩‍👧") and emoji.is_emoji("👍🏽") and emoji.is_emoji("❤️")
    assert not emoji.is_emoji("a") and not emoji.is_emoji("1") and not emoji.is_emoji("©")
    assert kit.player_name(["🇵🇱"], 2) == "#3"  # flags are not in the font: nothing to draw


def test_long_names_with_emoji_fit_their_width():
    fnt = kit.font(34, "bold")
    for name in ("🦊🌙🎲🔥👍🏽❤️🦊🌙🎲🔥", "Maximilian 🎲🎲🎲🎲🎲🎲"):
        line = kit.fit_text(name, fnt, 200)
        assert line.endswith(kit.ELLIPSIS) and kit.text_width(line, fnt) <= 200
        assert all(emoji.is_emoji(c) or kit.supports(fnt, c[0]) or c.isspace()
                   for c in emoji.clusters(line))  # an emoji is kept whole or left out


def test_emoji_pictures_are_deterministic():
    first = emoji.emoji_sprite("🦊", 40).tobytes()
    emoji.emoji_sprite.cache_clear()
    assert emoji.emoji_sprite("🦊", 40).tobytes() == first
    view = {"game": "lighthouse", "size": 5, "track": 10, "marker": 0, "seats": [
        {"seat": 0, "hand_size": 3, "pile": 20}, {"seat": 1, "hand_size": 3, "pile": 20}]}
    names = ["🦊🌙", "Ola 🎲"]
    board = lighthouse.board_png(view, names=names)
    assert board == lighthouse.board_png(view, names=names)
    plain = lighthouse.board_png(view, names=["#1", "Ola"])
    assert _orange_pixels(Image.open(io.BytesIO(board))) > 100
    assert _orange_pixels(Image.open(io.BytesIO(plain))) == 0
