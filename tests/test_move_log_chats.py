"""The game's log in the chats, end to end (the real service, store and aiogram / discord.py
clients against the fake Telegram and Discord servers): a 4-player Lanterns game, two
people and two computer players. At the start of each person's turn their panel names, in
its first line, every move since their last turn; after the game the board's 📜 Moves
answers the presser alone (their private chat on Telegram, an ephemeral message on
Discord) with the newest page, older pages in place, and the pages hold every move."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot import table_screens as screens
from bot.move_events import events_from_json
from bot.payloads import Press, decode
from bot.storage import Store
from engine.registry import GAMES
from fakes import discord_e2e as dc
from fakes import telegram_e2e as tg
from fakes.discord import FakeDiscordServer
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures", "tests.e2e_worlds"]

pytestmark = pytest.mark.timeout(300)

TR = tg.TR
SINCE = TR.t("en", "moves-since", moves="").strip()


async def since_headlines(store: Store, table: int, user_id: str) -> list[str]:
    """The headline of every move since the person's last one, as they read it in English
    (the first event of the move told to them that is not a computer's reason)."""
    row = await store.get_table(table)
    assert row is not None
    seats = await store.list_seats(table)
    seat = next(s.seat for s in seats if s.user_id == user_id)
    names = [p.name for p in screens.read_in(TR, "en", screens.players_of(seats, "en"))]
    records = [await store.action_record(table, n) for n in range(1, row.version + 1)]
    last = max((n for n, r in enumerate(records) if r is not None and r.seat == seat),
               default=-1)
    headlines = []
    for record in records[last + 1:]:
        assert record is not None and record.events is not None
        told = [e for e in events_from_json(record.events)
                if e.visible_to(seat) and not e.label.key.startswith("lanterns-bot-")]
        headlines.append(TR.render_label("en", told[0].label, names).rstrip("."))
    return headlines


async def turn_starts(store: Store, table: int, user_id: str) -> bool:
    """Whether the last move (if any) was someone else's: the person's turn is beginning."""
    row = await store.get_table(table)
    assert row is not None
    if row.version == 0:
        return True
    seat = next(s.seat for s in await store.list_seats(table) if s.user_id == user_id)
    record = await store.action_record(table, row.version)
    return record is not None and record.seat != seat


def check_since(first_line: str, headlines: list[str], shown: Callable[[str], str]) -> None:
    if not headlines:
        assert SINCE not in first_line, first_line
        return
    assert first_line.startswith(SINCE), first_line
    at = 0
    for headline in headlines:  # each named, in order
        at = first_line.index(shown(headline), at) + len(shown(headline))


async def acting(store: Store, table: int, players: list[Any]) -> Any:
    """The person whose turn it is, from the store (a panel left from an earlier turn may
    still show choices: the computers' moves that followed replaced no waiting picture)."""
    row = await store.get_table(table)
    assert row is not None
    [seat] = GAMES[row.game].to_act(GAMES[row.game].from_dict(row.state or {}))
    user_id = next(s.user_id for s in await store.list_seats(table) if s.seat == seat)
    [user] = [u for u in players if str(u.id) == user_id]
    return user


def bullets(pages: list[str]) -> int:
    return sum(page.count("\n• ") + page.startswith("• ") for page in pages)


# --- Telegram ---------------------------------------------------------------------------------


async def test_the_log_through_telegram(tg_world: tg.World,
                                        fake_telegram: FakeTelegramServer) -> None:
    world, server = tg_world, fake_telegram
    anna, bob = server.user("Anna"), server.user("Bob")
    group = server.supergroup("Lantern night", owner=anna)
    await world.store.set_chat_options("telegram", str(group.id), clock="off")
    table = await world.open_table(group, anna, [bob])
    lobby = tg.lobby(group)
    for level in ("easy", "easy"):
        await world.press(anna, lobby, tg.button_data(lobby, "computer"))
        await world.press(anna, lobby, f"b:{table}:{level}")
    await world.start_game(group, anna)
    players = [anna, bob]
    rng = random.Random(4)
    named = 0
    last_press: tuple[int, int] | None = None  # (who, at which version)
    for _ in range(2500):
        row = await world.store.get_table(table)
        assert row is not None
        if row.status != "playing":
            break
        user = await acting(world.store, table, players)
        if last_press != (user.id, row.version) and await turn_starts(world.store, table,
                                                                      str(user.id)):
            panel = tg.panel(user)
            assert panel is not None
            expected = await since_headlines(world.store, table, str(user.id))
            check_since(tg.content(panel).split("\n")[0], expected, lambda text: text)
            named += bool(expected)
        # a press (the computers' moves follow it at once: no world.step, which wants one)
        answer = await world.press(user, tg.panel(user), tg.choose(tg.choices(user), rng))
        assert not answer.alert, answer
        last_press = (user.id, row.version)
    row = await world.store.get_table(table)
    assert row is not None and row.status == "finished"
    assert named > 5

    # 📜 Moves on the final board: the newest page in Bob's private chat, then the older
    # ones by editing that message
    board = tg.board(group)
    in_group = len(group.bot_messages)
    answer = await world.press(bob, board, tg.button_data(board, "moves"))
    assert answer.text == TR.t("en", "moves-sent") and not answer.alert
    assert len(group.bot_messages) == in_group  # nothing in the group
    [page] = [m for m in bob.private_chat.bot_messages if m.media is None
              and TR.t("en", "moves-header", game=TR.t("en", "game-lanterns"), page=1,
                       pages=9).split("(")[0] in tg.content(m)]
    pages = [tg.content(page)]
    for _ in range(50):
        older = [d for d, p in tg.presses(page) if p.kind == "moves"
                 and int(p.arg) == len(pages)]
        if not older:
            break
        edits = page.edits
        answer = await world.press(bob, page, older[0])
        assert not answer.alert and page.edits == edits + 1  # in place
        pages.append(tg.content(page))
    assert len(pages) > 1
    assert bullets(pages) == row.version  # every move of the game
    assert TR.t("en", "moves-round", round=1) in pages[-1]
    # Bob's drawn tiles are in his log; Anna's are not
    bob_seat = next(s.seat for s in await world.store.list_seats(table)
                    if s.user_id == str(bob.id))
    draws = 0
    for n in range(1, row.version + 1):
        record = await world.store.action_record(table, n)
        assert record is not None
        draws += sum(1 for e in events_from_json(record.events or [])
                     if e.label.key == "lanterns-ev-draw" and e.visible_to(bob_seat))
    drawn = TR.t("en", "lanterns-ev-draw", tile=0).split("0")[0]
    assert sum(p.count(drawn) for p in pages) == draws > 0


# --- Discord ----------------------------------------------------------------------------------


async def test_the_log_through_discord(dc_world: dc.World,
                                       fake_discord: FakeDiscordServer) -> None:
    world, server = dc_world, fake_discord
    anna, bob = server.user("Anna", locale="en-US"), server.user("Bob", locale="en-US")
    guild = server.guild("Lantern night", owner=anna, members=[anna, bob])
    channel = server.text_channel(guild, "games")
    await world.store.set_chat_options("discord", str(channel.id), clock="off")
    table = await world.open_table(channel, anna, [bob])
    lobby = dc.lobby(channel)
    for level in ("easy", "easy"):
        await world.click(anna, dc.button(lobby, "computer"))
        [pick] = [c for c in dc.options(lobby) if c.press.kind == "computer"
                  and c.press.arg == level]
        await world.click(anna, pick)
    await world.start_game(channel, anna)
    players = [anna, bob]
    rng = random.Random(4)
    named = 0
    last_press: tuple[int, int] | None = None
    for _ in range(2500):
        row = await world.store.get_table(table)
        assert row is not None
        if row.status != "playing":
            break
        user = await acting(world.store, table, players)
        if last_press != (user.id, row.version) and await turn_starts(world.store, table,
                                                                      str(user.id)):
            if not dc.choices(user):  # their panel, fresh, as the step would open it
                await world.click(user, dc.button(dc.board(channel), "hand"))
            panel = dc.panel(user)
            assert panel is not None
            expected = await since_headlines(world.store, table, str(user.id))
            check_since(panel.content.split("\n")[0], expected,
                        lambda text, user=user: dc.as_shown(user, text))
            named += bool(expected)
        if not dc.choices(user):
            await world.click(user, dc.button(dc.board(channel), "hand"))
        record = await world.click(user, dc.choose(dc.choices(user), rng))
        assert not dc.notes(record), dc.notes(record)
        last_press = (user.id, row.version)
    row = await world.store.get_table(table)
    assert row is not None and row.status == "finished"
    assert named > 5

    # 📜 Moves: an ephemeral page for Bob alone, older pages in its place
    board = dc.board(channel)
    public = dc.channel_snapshot(server)
    record = await world.click(bob, dc.button(board, "moves"))
    assert not dc.notes(record) or all("•" in n for n in dc.notes(record))
    page = bob.ephemeral_messages[-1]
    assert page.ephemeral and "•" in page.content
    pages = [page.content]
    for _ in range(50):
        older = [c for c in dc.options(page) if c.press.kind == "moves"
                 and int(c.press.arg) == len(pages)]
        if not older:
            break
        await world.click(bob, older[0])
        assert bob.ephemeral_messages[-1] is page  # updated in place
        pages.append(page.content)
    assert dc.channel_snapshot(server) == public  # nothing in the channel
    assert len(pages) > 1
    assert bullets(pages) == row.version
    assert TR.t("en", "moves-round", round=1) in pages[-1]
    assert re.search(r"💭", "".join(pages))  # the computers' reasons
    assert decode(dc.button(board, "moves").data) == Press("moves", table)
