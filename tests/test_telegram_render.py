"""Screens as Telegram messages: escaping, mentions, safe cuts, keyboards."""

from __future__ import annotations

from bot.screens import Button, Mention, Screen
from bot.telegram.render import CAPTION_LIMIT, TEXT_LIMIT, keyboard, render, to_html, utf16_len
from fakes.telegram import format_text


def visible(html: str) -> str:
    text, _ = format_text(html, "HTML")
    return text or ""


def test_text_is_escaped_and_mentions_link_the_user() -> None:
    shown = render(Screen(("1 < 2 & <b>", Mention("77", "Zoë <admin>"), " plays")))
    assert shown.html == '1 &lt; 2 &amp; &lt;b&gt;<a href="tg://user?id=77">Zoë &lt;admin&gt;</a> plays'
    text, entities = format_text(shown.html, "HTML")
    assert text == "1 < 2 & <b>Zoë <admin> plays"
    assert entities[0]["type"] == "text_mention" and entities[0]["user"]["id"] == 77
    assert shown.photo is None and shown.markup is None


def test_caption_is_cut_safely_at_the_photo_limit() -> None:
    words = tuple(f"word{i} & " for i in range(400))
    shown = render(Screen(words, image=b"png"))
    text = visible(shown.html)  # parses: no tag or escape was cut in half
    assert utf16_len(text) <= CAPTION_LIMIT and text.endswith("…")
    assert text.startswith("word0 & word1")


def test_text_limit_counts_utf16_and_keeps_mentions_whole() -> None:
    emoji = "🎲" * 3000  # 6000 UTF-16 units
    html = to_html(("a", Mention("5", "Bob"), emoji), TEXT_LIMIT)
    text = visible(html)
    assert utf16_len(text) <= TEXT_LIMIT and text.startswith("aBob🎲")
    cut = to_html(("x" * 10, Mention("5", "Bobby")), 12)
    assert "Bobby" not in cut and visible(cut).endswith("…") and utf16_len(visible(cut)) <= 12


def test_short_text_is_untouched() -> None:
    assert to_html(("exactly",), 7) == "exactly"


def test_buttons_become_callback_and_url_buttons() -> None:
    markup = keyboard(((Button("Join", data="t:1:j"), Button("Open", url="https://t.me/b?start=x")),
                       (Button("label only"),), ()))
    assert markup is not None
    [[join, open_]] = markup.inline_keyboard
    assert (join.text, join.callback_data, join.url) == ("Join", "t:1:j", None)
    assert (open_.text, open_.url, open_.callback_data) == ("Open", "https://t.me/b?start=x", None)
    assert keyboard(()) is None


def test_text_fallback_adds_the_note_and_drops_the_picture() -> None:
    shown = render(Screen(("Board",), image=b"png"), note="No <photos>", as_text=True)
    assert shown.photo is None
    assert visible(shown.html) == "Board\n\nNo <photos>"


def test_empty_text_message_is_never_empty() -> None:
    assert visible(render(Screen(())).html).strip()
    assert render(Screen((), image=b"png")).html == ""
