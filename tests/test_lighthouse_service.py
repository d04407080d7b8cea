"""Lighthouse through the table service, the way every platform adapter drives it: a whole
match played by pressing the buttons the screens really show, rounds and all, with nothing
secret in the group."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from engine.core import replay
from engine.lighthouse import SPEC
from fakes.service_harness import GROUP, Harness, open_harness

TR = Translator.load()
USERS = [UserRef("2001", "Анна", "ru"), UserRef("2002", "Łukasz 🎲", "pl")]
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def open_table(h: Harness, options: dict | None = None) -> int:
    for user in USERS:
        await h.start_private(user)
    await h.command(USERS[0], "newgame", "lighthouse")
    lobby = h.screen(Role.LOBBY)
    assert TR.t("ru", "game-lighthouse") in h.text(lobby)
    await h.press(USERS[1], h.data(lobby, "j:"))
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    if options is not None:
        await h.service.store.set_options(table, options)
    await h.press(USERS[0], encode(Press("start", table)))
    return table


async def play_to_end(h: Harness, table: int, rng: random.Random) -> dict[str, int]:
    """Press like a person until the match ends; returns how often each kind of screen came."""
    by_id = {u.id: u for u in USERS}
    seen = {"next_round": 0, "moves": 0}
    for _ in range(5000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            return seen
        acting = [(place, shown.screen) for place, shown in h.kept.items()
                  if place.role is Role.PANEL and shown.screen.buttons]
        assert len(acting) == 1  # exactly one player has choices
        place, screen = acting[0]
        user = by_id[place.chat_id]
        buttons = [b for b in h.buttons(screen) if b.text not in BACK]
        confirm = [b.data for b in buttons if b.data.startswith("c:")]
        data = confirm[0] if confirm else rng.choice(buttons).data
        if data.endswith(":n"):
            seen["next_round"] += 1
        before = row.version
        await h.press(user, data, chat=ChatRef("telegram", user.id, private=True))
        after = (await h.service.store.get_table(table)).version
        assert after in (before, before + 1)
        seen["moves"] += after - before
        # the group sees the board and whose turn it is; never a hand's numbers
        board = h.screen(Role.BOARD)
        assert board.image and "lighthouse-" not in h.text(board)
        for lang in TR.languages:
            assert TR.t(lang, "lighthouse-ev-draw", value=1)[:8] not in h.text(board)
    raise AssertionError("the match did not end")


async def test_a_whole_match_through_the_buttons(harness):
    h = harness
    table = await open_table(h, {"zone_size": 3, "track": 4})
    seen = await play_to_end(h, table, random.Random(1))
    row = await h.service.store.get_table(table)
    assert row.status == "finished"
    state = SPEC.from_dict(row.state)
    assert seen["next_round"] == len(state.results) - 1 >= 1  # each later round started by a button
    board = h.text(h.screen(Role.BOARD))
    assert TR.t("ru", "table-final-ranking") in board and "Анна" in board and "Łukasz" in board
    assert SPEC.outcome(state).reason.key in {
        "lighthouse-result-two-wins", "lighthouse-result-more-wins",
        "lighthouse-result-equal-wins", "lighthouse-result-all-drawn"}
    log = await h.service.store.action_log(table)
    assert replay(SPEC, 2, row.seed, row.options, log) == state


async def test_the_first_panel_and_a_move_with_default_options(harness):
    h = harness
    table = await open_table(h)
    row = await h.service.store.get_table(table)
    state = SPEC.from_dict(row.state)
    assert state.options.zone_size == 5
    seats = {s.seat: s.user_id for s in await h.service.store.list_seats(table)}
    acting = next(u for u in USERS if u.id == seats[state.current])
    _, screen = h.panel_of(acting)
    assert TR.t(acting.language, "lighthouse-menu-token") in h.text(screen)
    # token -> zone -> cell -> confirm, all from the buttons shown
    for _ in range(3):
        _, screen = h.panel_of(acting)
        button = next(b for b in h.buttons(screen) if b.text not in BACK)
        await h.press(acting, button.data, chat=ChatRef("telegram", acting.id, private=True))
    _, screen = h.panel_of(acting)
    assert any(b.data.startswith("c:") for b in h.buttons(screen))
    await h.press(acting, h.data(screen, "c:"), chat=ChatRef("telegram", acting.id, private=True))
    assert (await h.service.store.get_table(table)).version == 1
    other = next(u for u in USERS if u is not acting)
    _, screen = h.panel_of(other)
    assert screen.buttons  # now it is their turn
