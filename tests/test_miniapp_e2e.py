"""The table inside Telegram (issue 35), end to end: the real aiogram bot against the fake
Telegram server, and the real aiohttp web adapter serving the Mini App beside it, wired as
bot/app.py wires them. People open the Mini App with the initData the fake Telegram signs
for them and use it as its page does (fakes/miniapp_e2e.py)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import pytest_asyncio

from bot.payloads import decode
from fakes.miniapp_e2e import (
    SHORT_NAME,
    WEBAPP_URL,
    MiniAppWorld,
    Opened,
    running_world,
    shown_now,
)
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser
from fakes.telegram_e2e import TR, board, chat_snapshot, choose, panel, presses

pytest_plugins = ["fakes.telegram.fixtures"]


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path
                ) -> AsyncIterator[MiniAppWorld]:
    async with running_world(fake_telegram, tmp_path / "games.sqlite3") as w:
        yield w
    fake_telegram.assert_callbacks_answered()


async def lanterns_game(world: MiniAppWorld, server: FakeTelegramServer
                        ) -> tuple[FakeChat, list[FakeUser], int]:
    ann, bob = server.user("Ann", language_code="pl"), server.user("Bob")
    group = server.group("Family", owner=ann, members=[bob])
    table = await world.open_table(group, ann, [bob])
    await world.start_game(group, ann)
    return group, [ann, bob], table


def buttons(message: Any) -> list[dict[str, Any]]:
    return [b for row in message.buttons for b in row]


def turn_button(world: MiniAppWorld, *players: FakeUser) -> str:
    """A menu button of the panel of the player whose turn it is."""
    shown = panel(world.acting(players))
    assert shown is not None
    return next(d for d, p in presses(shown) if p.kind == "go")


def panel_choices(opened: Opened) -> list[tuple[str, Any]]:
    """The game buttons of the person's own panel, as their Mini App shows it now."""
    mine = [e for e in shown_now(opened.events).values()
            if e["role"] == "panel" and e["player"] == str(opened.user.id)]
    out = []
    for event in mine:
        for row in event["screen"]["buttons"]:
            for button in row:
                if button.get("data"):
                    press = decode(button["data"])
                    if press.kind in ("go", "confirm"):
                        out.append((button["data"], press))
    return out


async def test_the_board_and_panels_open_the_mini_app(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    """The group's board links to the Mini App on its table (a direct link: web_app buttons
    are refused in groups, and the fake refuses them too), each panel has a web_app button,
    and the private chats' menu button opens the list of one's tables."""
    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    [link] = [b for b in buttons(board(group)) if "url" in b]
    parts = urlsplit(link["url"])
    assert (parts.netloc, parts.path) == ("t.me", f"/{fake_telegram.bot_username}/{SHORT_NAME}")
    assert parse_qs(parts.query) == {"startapp": [str(table)]}
    # each worded in the language of the texts beside it: the group's, each player's
    group_language = (await world.table(group)).language
    assert link["text"] == TR.t(group_language, "miniapp-open-table")
    for user, language in ((ann, "pl"), (bob, "en")):
        shown = panel(user)
        assert shown is not None
        [web_app] = [b for b in buttons(shown) if "web_app" in b]
        assert web_app["web_app"]["url"] == f"{WEBAPP_URL}?table={table}"
        assert web_app["text"] == TR.t(language, "miniapp-open-table")
    menus = fake_telegram.bot_settings["setChatMenuButton"]
    assert menus[""]["type"] == "web_app" and menus[""]["web_app"]["url"] == WEBAPP_URL
    assert menus[""]["text"] == TR.t("en", "miniapp-menu-button")
    # Ann, who reads Polish, has one of her own (Bob, the bot's; the group, none)
    assert menus.keys() == {"", str(ann.id)}
    assert menus[str(ann.id)] == {**menus[""], "text": TR.t("pl", "miniapp-menu-button")}
    # no Mini App opened this table yet: none of its pictures is kept for one
    from bot.web.telegram_app import KEY

    rooms = world.bot.runner.app[KEY].rooms  # type: ignore[attr-defined]
    assert not rooms.known(str(group.id))
    assert (await world.open(world.open_app(bob, start_param=str(table))))[0] == 200
    assert rooms.known(str(group.id))


async def test_a_seat_plays_in_the_mini_app_and_telegram_follows(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    """Ann opens the table from the board's link and plays her moves by touch; each edits the
    group's board and both private panels as a chat button would. Bob plays his with chat
    buttons, and Ann's open Mini App shows them live. She never sees Bob's hand."""
    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    opened = world.open_app(ann, start_param=str(table))
    status, answer = await world.open(opened)
    assert status == 200 and answer["table"] == table and answer["seated"] is True
    assert answer["language"] == "pl" and answer["texts"]["miniapp-hand"] == "Twoja ręka"
    rng = random.Random(35)
    async with world.watching(opened):
        await world.server.wait_until(lambda: bool(panel_choices(opened)) or bool(
            [e for e in shown_now(opened.events).values() if e["role"] == "board"]),
            5, message="the table in Ann's stream")
        for _ in range(6):  # three moves each
            version = await world.version(table)
            board_edits = board(group).edits
            if world.acting((ann, bob)) is ann:
                while await world.version(table) == version:
                    await world.server.wait_until(lambda: bool(panel_choices(opened)), 5,
                                     message="Ann's choices in her Mini App")
                    status, answer = await world.tap(opened, choose(panel_choices(opened), rng),
                                                     panel=True)
                    assert status == 200 and not answer["alert"], answer
            else:
                seen = len(opened.events)
                await world.play_move(table, (ann, bob), rng)
                await world.server.wait_until(
                    lambda seen=seen: any(e.get("role") == "board"
                                          for e in opened.events[seen:]), 5,
                    message="Bob's move live in Ann's Mini App")
            assert await world.version(table) == version + 1
            assert board(group).edits > board_edits  # the group's board, edited in place
            for user in (ann, bob):
                assert panel(user) is not None
    shows = [e for e in opened.events if e["type"] == "show"]
    assert {e["player"] for e in shows if e["role"] == "panel"} == {str(ann.id)}
    assert any(e["role"] == "board" for e in shows)


async def test_a_member_without_a_seat_sees_the_board_only(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    carol = fake_telegram.user("Carol")
    group.members[carol.id] = carol
    opened = world.open_app(carol, start_param=str(table))
    status, answer = await world.open(opened)
    assert status == 200 and answer["seated"] is False
    async with world.watching(opened):
        await world.server.wait_until(lambda: any(e.get("role") == "board" for e in opened.events), 5,
                         message="the board in Carol's stream")
        version = await world.version(table)
        data = turn_button(world, ann, bob)
        status, answer = await world.tap(opened, data, panel=True)  # a player's, by Carol
        assert status == 200 and answer["alert"] and await world.version(table) == version
    assert not [e for e in opened.events if e.get("role") == "panel"]


async def forged_openings(world: MiniAppWorld, user: FakeUser, table: int) -> dict[str, str]:
    return {
        "missing": "",
        "forged": world.open_app(user, str(table)).init.replace("Ann", "Bob"),
        "another bot's": world.open_app(user, str(table), token="987:AAotherbot").init,
        "expired": world.open_app(user, str(table), auth_date=1_000_000_000).init,
    }


@pytest.mark.parametrize("kind", ["missing", "forged", "another bot's", "expired"])
async def test_unproven_openings_are_refused_and_change_nothing(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer, kind: str) -> None:
    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    init = (await forged_openings(world, ann, table))[kind]
    version, before = await world.version(table), chat_snapshot(group)
    data = turn_button(world, ann, bob)
    status, answer = await world.call("/tg/api/open", {"init": init, "table": table})
    assert status == 401 and answer["note"] and answer["refused"].startswith("miniapp-refused")
    status, answer = await world.call("/tg/api/press", {"init": init, "table": table,
                                                        "data": data, "panel": True})
    assert status == 401 and answer["note"]
    assert world.session is not None
    async with world.session.get(f"{world.web}/tg/api/events/{table}",
                                 headers={"X-Telegram-Init-Data": init}) as response:
        assert response.status == 401
    await world.settle()
    assert await world.version(table) == version and chat_snapshot(group) == before


async def test_a_stranger_to_the_group_sees_nothing(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    _, _, table = await lanterns_game(world, fake_telegram)
    mallory = fake_telegram.user("Mallory")
    opened = world.open_app(mallory, start_param=str(table))
    status, answer = await world.open(opened)
    assert status == 403 and answer["refused"] == "miniapp-not-member"
    status, answer = await world.open(opened, table=table + 1000)
    assert status == 404 and answer["refused"] == "miniapp-no-table"


async def test_the_menu_button_lists_ones_tables(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    _, (ann, bob), table = await lanterns_game(world, fake_telegram)
    for user in (ann, bob):
        status, answer = await world.open(world.open_app(user))
        assert status == 200 and answer["tables"] == [
            {"table": table, "title": "Family",
             "game": TR.t(user.language_code or "en", "game-lanterns"),  # Lampiony for Ann
             "yours": world.acting((ann, bob)) is user}]
    status, answer = await world.open(world.open_app(fake_telegram.user("Zed")))
    assert status == 200 and answer["tables"] == []


async def test_one_person_cannot_press_or_watch_without_end(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    """Presses and streams are counted by Telegram user (behind Telegram many share an
    address): past the burst a press is refused, changing nothing; past the cap, a stream."""
    from bot.web.limits import Buckets, Counter, Rate
    from bot.web.telegram_app import KEY

    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    miniapp = world.bot.runner.app[KEY]  # type: ignore[attr-defined]
    miniapp.pressing = Buckets(Rate(burst=1, every=3600))
    miniapp.streams = Counter(per_address=1, total=100)
    opened = world.open_app(ann, start_param=str(table))
    assert (await world.open(opened))[0] == 200
    status, answer = await world.tap(opened, "g:1:1:", panel=True)  # outdated: refused
    assert status == 200 and answer["alert"]
    version, before = await world.version(table), chat_snapshot(group)
    status, answer = await world.tap(opened, turn_button(world, ann, bob), panel=True)
    assert status == 429 and answer["note"] == "Za szybko: poczekaj chwilę i naciśnij ponownie."
    assert await world.version(table) == version and chat_snapshot(group) == before
    async with world.watching(opened):
        assert world.session is not None
        async with world.session.get(f"{world.web}/tg/api/events/{table}",
                                     headers={"X-Telegram-Init-Data": opened.init}) as response:
            assert response.status == 429
    # the first one's place is given back once the server sees its page gone
    await world.server.wait_until(lambda: miniapp.streams.held(str(ann.id)) == 0, 10,
                                  message="the closed stream's place given back")
    async with world.watching(opened):
        pass


async def test_bot_run_serves_the_mini_app_beside_telegram(
        fake_telegram: FakeTelegramServer, tmp_path: Path) -> None:
    """`python -m bot`'s run with a token and TELEGRAM_WEBAPP_URL: Telegram is served, the
    menu button opens the Mini App, and the web server serves its page beside Telegram,
    under the address's host, framable by Telegram Web."""
    import asyncio
    import socket

    import aiohttp

    from bot import app
    from bot.config import Settings
    from fakes.faults import until

    with socket.socket() as probe:  # a port free now, for the web server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(_env_file=None, telegram_bot_token=fake_telegram.token,  # type: ignore[call-arg]
                        telegram_api_server=fake_telegram.base_url,
                        database_path=tmp_path / "run.sqlite3", playground_port=port,
                        telegram_webapp_url=WEBAPP_URL, telegram_webapp_name=SHORT_NAME)
    stop = asyncio.Event()
    running = asyncio.create_task(app.run(settings, stop_event=stop))
    try:
        await fake_telegram.wait_until(
            lambda: "setChatMenuButton" in fake_telegram.bot_settings, 30)
        async with aiohttp.ClientSession() as session:
            async def page() -> aiohttp.ClientResponse | None:
                try:
                    async with session.get(f"http://127.0.0.1:{port}/tg/",
                                           headers={"Host": "games.example.org"}) as response:
                        await response.read()
                        return response
                except aiohttp.ClientConnectionError:
                    return None  # not listening yet
            await until(page, timeout=30, what="the Mini App's page")
            response = await page()
        assert response is not None and response.status == 200
        assert "https://telegram.org" in response.headers["Content-Security-Policy"]
        assert "frame-ancestors https://web.telegram.org" in \
            response.headers["Content-Security-Policy"]
        assert "X-Frame-Options" not in response.headers
    finally:
        stop.set()
        assert await asyncio.wait_for(running, 30) == 0


async def test_a_rematch_from_the_mini_app_opens_in_the_group(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    """The final board's "again" pressed in the Mini App opens the new lobby in the group,
    under the group's own title, as the chat button would."""
    from fakes.telegram_e2e import button_data, lobby

    group, (ann, bob), table = await lanterns_game(world, fake_telegram)
    await world.play_to_end(table, (ann, bob), random.Random(5))
    opened = world.open_app(ann, start_param=str(table))
    assert (await world.open(opened))[0] == 200
    status, answer = await world.tap(opened, button_data(board(group), "again"), panel=False)
    assert status == 200 and not answer["alert"], answer
    row = await world.table(group)
    assert row.id != table and row.title == "Family"
    assert ann.first_name in (lobby(group).content or "")


async def test_joining_from_the_mini_app_leads_to_the_bots_private_chat(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    """A member who never opened the bot's private chat presses the lobby's Join in the
    Mini App: as with the chat button, the answer is the deep link that finishes joining
    (the page opens it in Telegram), and nobody is seated before."""
    from fakes.telegram_e2e import button_data, lobby

    ann, carol = fake_telegram.user("Ann"), fake_telegram.user("Carol")
    group = fake_telegram.group("Family", owner=ann, members=[carol])
    await world.open_private(ann)
    await world.send(ann, group, "/newgame lanterns")
    table = (await world.table(group)).id
    opened = world.open_app(carol, start_param=str(table))
    status, answer = await world.open(opened)
    assert status == 200 and answer["seated"] is False
    status, answer = await world.tap(opened, button_data(lobby(group), "join"), panel=False)
    assert status == 200 and not answer["alert"], answer
    assert answer["url"].startswith(f"https://t.me/{fake_telegram.bot_username}?start=")
    assert "Carol" not in (lobby(group).content or "")
