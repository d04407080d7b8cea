"""Screens as Discord messages: content, mentions, cuts, component rows and selects, the
custom-id round trip for every game's menus, and the keyword arguments discord.py gets."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot import table_screens
from bot.discord.items import GameButton, GameSelect, edit_kwargs, send_kwargs, view_of
from bot.discord.render import (
    BUTTON_TEMPLATE,
    CONTENT_LIMIT,
    CUSTOM_ID_LIMIT,
    LABEL_LIMIT,
    MAX_ROWS,
    PER_ROW,
    PER_SELECT,
    SELECT_TEMPLATE,
    ButtonSpec,
    SelectSpec,
    component_rows,
    layout,
    to_content,
)
from bot.i18n import Translator
from bot.payloads import MAX_BYTES, decode
from bot.screens import Button, Mention, Screen
from engine.registry import GAMES

TR = Translator.load()


def data_of(custom_id: str) -> str:
    match = re.fullmatch(BUTTON_TEMPLATE, custom_id)
    assert match is not None, custom_id
    return match["data"]


def buttons(count: int, *, prefix: str = "g:1:2:p.") -> tuple[Button, ...]:
    return tuple(Button(str(i), f"{prefix}{i}") for i in range(count))


# --- content ---------------------------------------------------------------------------


def test_text_is_escaped_and_mentions_are_discord_mentions() -> None:
    shown = layout(Screen(("**bold** _x_ ", Mention("77", "Zoë *star*"), " plays")))
    assert shown.content == "\\*\\*bold\\*\\* \\_x\\_ <@77> plays"
    assert shown.mentions == ("77",)
    assert shown.image is None and shown.rows == ()


def test_content_is_cut_at_the_limit_and_keeps_mentions_whole() -> None:
    words = tuple(f"word{i} " for i in range(600))
    content = to_content(words)
    assert len(content) <= CONTENT_LIMIT and content.endswith("…")
    cut = to_content(("x" * 10, Mention("5", "Bobby")), 13)
    assert "<@5" not in cut and cut.endswith("…") and len(cut) <= 13
    assert to_content(("exactly",), 7) == "exactly"


def test_a_cut_never_leaves_a_dangling_escape() -> None:
    content = to_content(("a" * 10 + "*" * 20,), 16)
    assert not re.search(r"(?<!\\)(\\\\)*\\…$", content), content


def test_an_empty_screen_still_has_content_and_a_picture_needs_none() -> None:
    assert layout(Screen(())).content
    assert layout(Screen((), image=b"png")).content == ""


def test_the_text_version_drops_the_picture_and_adds_the_note() -> None:
    shown = layout(Screen(("Board",), image=b"png"), note="No picture", as_text=True)
    assert shown.image is None and shown.content == "Board\n\n*No picture*"


# --- components -------------------------------------------------------------------------


def test_rows_that_fit_are_kept_as_they_are() -> None:
    rows = component_rows(((Button("Join", "j:1"), Button("Leave", "l:1")),
                           (Button("Start", "s:1"), Button("Cancel", "x:1"))))
    assert [[b.label for b in row] for row in rows] == [["Join", "Leave"], ["Start", "Cancel"]]  # type: ignore[union-attr]
    styles = [b.style for row in rows for b in row]  # type: ignore[union-attr]
    assert styles == ["primary", "secondary", "success", "danger"]


def test_wide_rows_are_packed_five_to_a_row_with_back_kept_last() -> None:
    back = Button("Back", "g:1:2:p")
    rows = component_rows((buttons(8), buttons(8, prefix="g:1:2:q."), (back,)))
    assert all(isinstance(row, tuple) and len(row) <= PER_ROW for row in rows)
    assert len(rows) == 5 and rows[-1] == (ButtonSpec("Back", "gh:g:1:2:p", style="secondary"),)


def test_long_lists_become_select_menus() -> None:
    back = Button("Back", "g:1:2:p")
    options = buttons(32)
    rows = component_rows((options[:8], options[8:16], options[16:24], options[24:], (back,)))
    selects = [row for row in rows if isinstance(row, SelectSpec)]
    assert [len(s.options) for s in selects] == [25, 7]
    assert [o.value for s in selects for o in s.options] == [b.data for b in options]
    assert selects[0].placeholder == "0 … 24" and selects[1].placeholder == "25 … 31"
    assert rows[-1] == (ButtonSpec("Back", "gh:g:1:2:p"),)
    assert [s.custom_id for s in selects] == ["gs:0", "gs:1"]
    assert all(re.fullmatch(SELECT_TEMPLATE, s.custom_id) for s in selects)


def test_repeated_data_gets_distinct_custom_ids_that_carry_the_same_data() -> None:
    rows = component_rows(((Button("A", "h:1"), Button("B", "h:1")),))
    ids = [b.custom_id for b in rows[0]]  # type: ignore[union-attr]
    assert len(set(ids)) == 2 and {data_of(i) for i in ids if i} == {"h:1"}


def test_links_stay_buttons_and_long_labels_are_shortened() -> None:
    rows = component_rows(((Button("x" * 200, "h:1"), Button("Open", url="https://example.org"),
                            Button("label only")),))
    [[long, link]] = rows  # type: ignore[misc]
    assert len(long.label) == LABEL_LIMIT and long.label.endswith("…")
    assert link.url == "https://example.org" and link.custom_id is None


def test_payloads_of_the_longest_kind_fit_a_custom_id() -> None:
    data = "g:123456789012:123456789012:" + ".".join(["abcdefgh"] * 4)
    assert len(data.encode()) <= MAX_BYTES
    rows = component_rows(((Button("x", data), Button("y", data)),))
    for spec in rows[0]:  # type: ignore[union-attr]
        assert spec.custom_id is not None and len(spec.custom_id) <= CUSTOM_ID_LIMIT
        assert data_of(spec.custom_id) == data


def every_panel_screen(limit_per_game: int = 400) -> list[tuple[str, Screen]]:
    """Panel screens at every menu level of random seeded games of every registered game,
    with the pictures left out (they do not matter here and take time)."""
    screens: list[tuple[str, Screen]] = []
    for name, spec in GAMES.items():
        count = 0
        for game in range(2):
            players = spec.max_players if game else spec.min_players
            state = spec.setup(players, game + 7, dict(spec.default_options))
            rng = random.Random(game)
            people = [table_screens.Player(s, str(100 + s), f"Player {s} with a long name",
                                           ("en", "ru", "pl")[s % 3]) for s in range(players)]
            moves = 0
            while not spec.is_over(state) and moves < 300 and count < limit_per_game:
                seat = min(spec.to_act(state))
                path: tuple[str, ...] = ()
                while True:
                    menu = spec.menu(state, seat, path)
                    screens.append((name, table_screens.panel_screen(
                        TR, spec=spec, table_id=123456, version=moves, state=state,
                        player=people[seat], players=people, path=path, menu=menu)))
                    count += 1
                    if not menu.options:
                        break
                    path = rng.choice(menu.options).path_from(path)
                assert menu.action is not None
                state, _ = spec.apply(state, seat, menu.action)
                moves += 1
    return screens


def test_every_games_menus_fit_discord(monkeypatch: pytest.MonkeyPatch) -> None:
    """For every game, every menu level: at most 5 rows, 5 buttons a row, 25 options a
    select, custom ids within 100 characters that give the service its data back."""
    monkeypatch.setattr(table_screens, "picture", lambda *args, **kwargs: b"")
    screens = every_panel_screen()
    assert {name for name, _ in screens} == set(GAMES)
    selects = 0
    for name, screen in screens:
        wanted = {b.data for row in screen.buttons for b in row if b.data}
        rows = component_rows(screen.buttons)
        assert len(rows) <= MAX_ROWS, name
        carried: set[str] = set()
        ids: list[str] = []
        for row in rows:
            if isinstance(row, SelectSpec):
                selects += 1
                assert 1 <= len(row.options) <= PER_SELECT
                carried.update(o.value for o in row.options)
                assert all(len(o.value) <= 100 and len(o.label) <= 100 for o in row.options)
                ids.append(row.custom_id)
            else:
                assert 1 <= len(row) <= PER_ROW
                for spec in row:
                    assert spec.custom_id is not None and len(spec.custom_id) <= CUSTOM_ID_LIMIT
                    carried.add(data_of(spec.custom_id))
                    ids.append(spec.custom_id)
        assert carried == wanted, name  # nothing lost, nothing invented
        assert len(ids) == len(set(ids)), name
        for data in carried:
            decode(data)  # the service's own data, unchanged
    assert selects, "no menu needed a select (Lanterns' spots should)"


# --- discord.py objects --------------------------------------------------------------------


async def test_views_round_trip_through_the_dynamic_items() -> None:
    options = buttons(30)
    shown = layout(Screen(("Pick",), image=b"png",
                          buttons=(options, (Button("Back", "g:1:2:p"),))))
    view = view_of(shown)
    assert view is not None and view.is_finished()  # stopped: discord.py stores nothing
    components = view.to_components()
    assert len(components) == 3
    custom_ids = [c["custom_id"] for row in components for c in row["components"]]
    assert custom_ids == ["gs:0", "gs:1", "gh:g:1:2:p"]
    values = [o["value"] for row in components[:2] for o in row["components"][0]["options"]]
    assert values == [b.data for b in options]

    button = view.children[-1]
    assert isinstance(button, GameButton)
    match = re.fullmatch(GameButton.__discord_ui_compiled_template__, "gh:g:1:2:p")
    assert match is not None
    again = await GameButton.from_custom_id(None, button.item, match)  # type: ignore[arg-type]
    assert again.data == "g:1:2:p" and again.custom_id == "gh:g:1:2:p"
    select_match = re.fullmatch(GameSelect.__discord_ui_compiled_template__, "gs:1")
    assert select_match is not None


async def test_send_and_edit_kwargs() -> None:
    shown = layout(Screen(("🔔 ", Mention("42", "Ann"), ", your turn!"), image=b"png",
                          buttons=((Button("My hand", "h:1"),),)))
    sent = send_kwargs(shown, notify=True)
    assert sent["content"] == "🔔 <@42>, your turn!"
    assert isinstance(sent["file"], discord.File) and sent["file"].filename == "picture.png"
    assert [u.id for u in sent["allowed_mentions"].users] == [42]
    assert sent["allowed_mentions"].everyone is False
    quiet = send_kwargs(shown)["allowed_mentions"].to_dict()
    assert quiet["parse"] == [] and not quiet.get("users")

    edited: dict[str, Any] = edit_kwargs(shown, image_changed=False)
    assert "attachments" not in edited and edited["view"] is not None
    assert len(edit_kwargs(shown)["attachments"]) == 1
    bare = edit_kwargs(layout(Screen(("Done.",))))
    assert bare["attachments"] == [] and bare["view"] is None
