"""Bad input, everywhere a person or a client can reach (issue 30, item 3): button data,
game options, commands and deep links given to the table service, forged Discord
components and slash options through discord.py, and the Telegram webhook, fed whatever
hypothesis makes up. Nothing may raise, a refusal is a short answer that changes nothing
(the tables, seats, due work and chat settings read back the same), and no log line carries
a traceback. (The playground's routes have tests of their own.)

Numbers are ASCII digits, a few of them: `track=²` and `track=٣` are refused like any other
word, and so is a value of 5,000 digits, with an answer that quotes it shortened."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.digits import ascii_int
from bot.discord.items import chosen
from bot.i18n import Translator
from bot.options import MAX_QUOTED, BadOption, known_options, parse_options
from bot.payloads import _CODES, BadPayload, Press, decode, encode
from bot.screens import ChatRef, Result, UserRef
from bot.storage import Store
from bot.tables import TableService
from bot.telegram import TelegramBot
from bot.telegram.webhook import MAX_BODY, Webhook
from engine.registry import GAMES
from fakes import discord_e2e as dc
from fakes.store_backends import Database
from fakes.telegram import FakeTelegramServer
from fakes.telegram.webhooks import SECRET_HEADER
from fakes.webhook_workers import free_port
from tests.telegram_helpers import FAST

pytest_plugins = ["fakes.store_backends", "fakes.discord.fixtures", "tests.e2e_worlds"]

TR = Translator.load()
SECRET = "s3cret_-token"
MODEST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
"""Few examples: each goes through a real database or a real client and server."""
FEW = settings(MODEST, max_examples=20)
GUARD = 30.0
"""Seconds a wait gives up after: a guard against a hang, never a limit on speed."""


def any_text(min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    """Any text, with more of what breaks parsers than hypothesis draws by itself: NUL (which
    PostgreSQL refuses), a lone surrogate (which UTF-8 cannot encode), an override, a
    joiner, digits of other scripts."""
    return st.text(st.characters() | st.sampled_from("\x00\ud800\u202e\u200d٣²:=."),
                   min_size=min_size, max_size=max_size)


# Digits of other scripts, superscripts, and numbers too long for anything.
ODD_NUMBERS = ["٣", "²", "３", "𝟗", "1²", "٠١", "9" * 13, "9" * 5000, "-1", "+1", " 1", "1_0"]
numbers = st.one_of(st.sampled_from(ODD_NUMBERS), st.integers(0, 10**20).map(str),
                    st.text("0123456789٣²", max_size=20))


@pytest.fixture
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fails the test if any log line (at any level) carries a traceback."""
    caplog.set_level(logging.DEBUG)
    yield
    for record in caplog.records:
        if record.levelno < logging.INFO:
            continue  # DEBUG details may hold tracebacks: they are for developers only
        assert record.exc_info is None and "Traceback" not in record.getMessage(), \
            f"{record.name}: {record.getMessage()}"


# --- the parsers on their own ----------------------------------------------------------------


def test_numbers_are_ascii_digits_of_bounded_length() -> None:
    for text in ODD_NUMBERS[:-3]:
        assert ascii_int(text, max_digits=12) is None, text
    assert ascii_int("000042", max_digits=6) == 42
    with pytest.raises(BadPayload):
        decode("j:٣")
    with pytest.raises(BadPayload):
        decode("j:²")
    with pytest.raises(BadPayload):
        decode("g:1:" + "9" * 13 + ":p")


CODES = sorted({*_CODES.values(), "", "zz"})
press_data = st.one_of(
    any_text(max_size=80),
    st.builds(lambda code, parts: ":".join([code, *parts]), st.sampled_from(CODES),
              st.lists(st.one_of(numbers, any_text(max_size=10)), max_size=4)),
)


@settings(max_examples=500, deadline=None)
@given(press_data)
@example("j:٣")
@example("j:²")
@example("S:-٣:1:k")
def test_button_data_is_a_press_or_refused(data: str) -> None:
    try:
        press = decode(data)
    except BadPayload:
        return
    assert decode(encode(press)) == press  # whatever it took, it could have drawn


@given(st.one_of(st.none(), st.integers(), st.lists(any_text()), st.dictionaries(
    any_text(), any_text())))
def test_button_data_that_is_no_text_is_refused(data: Any) -> None:
    with pytest.raises(BadPayload):
        decode(data)


option_words = st.lists(st.one_of(
    any_text(max_size=30),
    st.builds("{}={}".format, st.sampled_from(sorted({k for s in GAMES.values()
                                                      for k in s.default_options})),
              st.one_of(numbers, any_text(max_size=8))),
), max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(GAMES)), option_words)
@example("lighthouse", ["track=²"])
@example("lighthouse", ["track=٣"])
@example("lighthouse", ["track=" + "9" * 5000])
def test_game_options_are_valid_or_refused_shortly(game: str, words: list[str]) -> None:
    spec = GAMES[game]
    try:
        options = parse_options(spec, words)
    except BadOption as refused:
        assert len(refused.word) <= MAX_QUOTED
        return
    assert set(options) <= set(spec.default_options)
    assert all(type(v) is type(spec.default_options[k]) for k, v in options.items())


def test_options_in_other_digits_are_not_numbers() -> None:
    lighthouse = GAMES["lighthouse"]
    assert parse_options(lighthouse, ["track=13"]) == {"track": 13}
    for word in ("track=٣", "track=²", "track=１３", "track=" + "9" * 5000):
        with pytest.raises(BadOption):
            parse_options(lighthouse, [word])


@settings(max_examples=50)
@given(st.recursive(st.none() | st.booleans() | st.integers() | any_text(),
                    lambda inner: st.lists(inner) | st.dictionaries(any_text(), inner)))
def test_a_forged_select_value_is_text_or_nothing(data: Any) -> None:
    value = chosen(data)
    assert isinstance(value, str)


# --- the table service ---------------------------------------------------------------------


@dataclass
class Tables:
    """A service with a game under way in one chat (Ann and Bob at Lighthouse), a lobby in
    another, and a game that ended (cancelled: it has a replay) in a third; strangers press
    and type in all three."""

    service: TableService
    chats: tuple[ChatRef, ...]
    ids: tuple[int, ...]
    players: tuple[UserRef, UserRef]

    @property
    def playing(self) -> ChatRef:
        return self.chats[0]

    @property
    def store(self) -> Store:
        return self.service.store

    async def snapshot(self) -> tuple[Any, ...]:
        """Everything a press or command could change."""
        out: list[Any] = []
        for table_id in self.ids:
            table = await self.store.get_table(table_id)
            assert table is not None
            out.append((table.status, table.version, table.options, table.clock,
                        table.language, table.creator_id))
            out.append([(s.user_id, s.display_name, s.seat, s.absence, s.is_computer)
                        for s in await self.store.list_seats(table_id)])
            out.append(sorted((w.kind, w.version) for w in await self.store.pending_work(
                table_id)))
        for chat in self.chats:
            active = await self.store.active_table(chat.platform, chat.id, None)
            out.append((active.id if active else None,
                        await self.store.get_chat_language(chat.platform, chat.id),
                        await self.store.get_chat_options(chat.platform, chat.id)))
        return tuple(out)

    async def closing_what_a_stranger_opened(self) -> None:
        """In the chat of the ended game anyone may open a table (with /newgame, or the
        game choice's buttons): if a stranger's input did, it closes again, so that the
        next input meets the same tables."""
        over = self.chats[2]
        opened = await self.store.active_table(over.platform, over.id, None)
        if opened is not None:
            assert opened.creator_id == STRANGER.id and opened.status == "lobby"
            await self.service.command(over, STRANGER, "cancel", "", is_admin=not_admin)


async def not_admin() -> bool:
    return False


async def admin_of_nothing(chat_id: str) -> bool:
    return False


STRANGER = UserRef("777", "Mallory", "en")


@pytest.fixture
async def tables(database: Database) -> AsyncIterator[Tables]:
    async with database.open() as store:
        service = TableService(store, TR, computer_pause=3600, seeds=lambda: 5)
        service.register_platform("discord", deep_link=None)
        playing, lobby, over = (ChatRef("discord", str(n), title=f"#{n}")
                                for n in (100, 200, 300))
        ann, bob = UserRef("1", "Ann", "en"), UserRef("2", "Bob", "en")

        async def started(chat: ChatRef) -> int:
            await service.command(chat, ann, "newgame", "lighthouse", is_admin=not_admin)
            game = await store.active_table("discord", chat.id, None)
            assert game is not None
            await service.press(chat, bob, encode(Press("join", game.id)), is_admin=not_admin)
            start = await service.press(chat, ann, encode(Press("start", game.id)),
                                        is_admin=not_admin)
            assert start.reply.text == TR.t("en", "bot-lobby-started")
            return game.id

        game, ended = await started(playing), await started(over)
        await service.command(over, ann, "cancel", "", is_admin=not_admin)
        row = await store.get_table(ended)
        assert row is not None and row.ended_at is not None and not row.active
        await service.command(lobby, bob, "newgame", "hanabi", is_admin=not_admin)
        waiting = await store.active_table("discord", "200", None)
        assert waiting is not None
        yield Tables(service, (playing, lobby, over), (game, waiting.id, ended), (ann, bob))
        await service.scheduler.stop()


def answer_texts(result: Result) -> list[str]:
    texts = [result.reply.text or ""]
    for screen in (result.message, result.private, result.edit, result.aside):
        if screen is not None:
            texts.append("".join(p for p in screen.text if isinstance(p, str)))
    return texts


def aimed_press(ids: tuple[int, ...]) -> st.SearchStrategy[str]:
    """Button data aimed at the test's tables: right kinds and ids, odd everything else."""
    table = st.sampled_from([str(i) for i in ids]) | numbers
    return st.one_of(
        press_data,
        st.builds(lambda code, t, rest: ":".join([code, t, *rest]),
                  st.sampled_from(sorted(_CODES.values())), table,
                  st.lists(st.one_of(numbers, st.text("abcdefghijklmnopqrstuvwxyz0123456789.-",
                                                      max_size=12)), max_size=2)),
    )


@MODEST
@given(st.data())
async def test_a_strangers_presses_change_nothing(tables: Tables, no_tracebacks: None,
                                                  data: st.DataObject) -> None:
    before = await tables.snapshot()
    for chat in tables.chats:
        pressed = data.draw(aimed_press(tables.ids), label="data")
        result = await tables.service.press(chat, STRANGER, pressed, is_admin=not_admin,
                                            admin_of=admin_of_nothing)
        assert len(result.reply.text or "") <= 200  # fits a press's answer, everywhere
        await tables.closing_what_a_stranger_opened()
        assert await tables.snapshot() == before, pressed


async def test_huge_ids_are_refused(tables: Tables, no_tracebacks: None) -> None:
    """Ids as long as button data allows (12 digits; a chat's 20) reach the database as
    numbers it keeps, and are refused as tables nobody has; longer ones never get there."""
    before = await tables.snapshot()
    big, bigger = "9" * 12, "9" * 13
    for data in (f"j:{big}", f"g:{big}:{big}:p", f"c:{tables.ids[0]}:{big}:p", f"h:{big}",
                 f"v:{big}:y{'9' * 19}", f"q:{tables.ids[0]}:y{'9' * 19}", f"t:{big}:yes",
                 f"r:{tables.ids[2]}:{'9' * 20}", f"a:{big}", f"S:-{'9' * 20}:{big}:k",
                 f"j:{bigger}", f"g:1:{bigger}:p"):
        for chat in tables.chats:
            for who in (STRANGER, *tables.players):
                result = await tables.service.press(chat, who, data, is_admin=not_admin,
                                                    admin_of=admin_of_nothing)
                assert result.reply.text and len(result.reply.text) <= 200, data
                assert not result.posts or data.startswith("c:"), data
    assert await tables.snapshot() == before


@MODEST
@given(st.data())
async def test_a_players_odd_presses_are_answered_shortly(tables: Tables, no_tracebacks: None,
                                                          data: st.DataObject) -> None:
    for player in tables.players:
        pressed = data.draw(aimed_press(tables.ids), label="data")
        result = await tables.service.press(tables.playing, player, pressed,
                                            is_admin=not_admin, admin_of=admin_of_nothing)
        assert len(result.reply.text or "") <= 200


command_args = st.one_of(
    any_text(max_size=200),
    st.builds("{} {}".format, st.sampled_from(sorted(GAMES)), option_words.map(" ".join)),
    st.sampled_from(["lighthouse track=²", "lighthouse track=٣",
                     "lighthouse track=" + "9" * 5000, "rules " + "x" * 5000]),
)


@MODEST
@given(st.sampled_from(TableService.COMMANDS), command_args)
async def test_a_strangers_commands_change_nothing_and_quote_little(
        tables: Tables, no_tracebacks: None, name: str, args: str) -> None:
    before = await tables.snapshot()
    for chat in tables.chats:
        result = await tables.service.command(chat, STRANGER, name, args, is_admin=not_admin)
        await tables.closing_what_a_stranger_opened()
        assert await tables.snapshot() == before, (name, args)
        for text in answer_texts(result):
            assert len(text) <= 4096  # one message, everywhere
            if len(args.strip()) > 2 * MAX_QUOTED:
                assert args.strip() not in text  # refused words are quoted shortened


async def test_options_in_other_digits_get_the_bad_option_answer(tables: Tables) -> None:
    chat = ChatRef("discord", "400", title="#new")
    known = known_options(GAMES["lighthouse"])
    for word in ("track=²", "track=٣"):
        result = await tables.service.command(chat, STRANGER, "newgame", f"lighthouse {word}")
        assert result.message is not None and result.message.text == (
            TR.t("en", "table-bad-option", word=word, options=known),)
    huge = "track=" + "9" * 5000
    result = await tables.service.command(chat, STRANGER, "newgame", f"lighthouse {huge}")
    assert result.message is not None
    [text] = result.message.text
    assert len(text) < 200 and text == TR.t("en", "table-bad-option",
                                            word=huge[:MAX_QUOTED - 1] + "…", options=known)
    assert await tables.store.active_table("discord", "400", None) is None


@MODEST
@given(st.one_of(st.none(), any_text(max_size=80), st.builds("j{}".format, any_text(max_size=30)),
                 st.builds("s{}".format, numbers)))
@example("j\x00")
@example("s-1\x00")
async def test_deep_links_of_any_text_change_nothing(tables: Tables, no_tracebacks: None,
                                                     payload: str | None) -> None:
    before = await tables.snapshot()
    await tables.service.private_start("discord", STRANGER, STRANGER.id, payload,
                                       admin_of=admin_of_nothing)
    assert await tables.snapshot() == before


# --- Discord: forged components and slash options through discord.py ----------------------


@dataclass
class Channel:
    world: dc.World
    channel: Any
    mallory: Any


@pytest.fixture
async def channel(dc_world: dc.World) -> Channel:
    """A Discord channel with a lobby open, and Mallory, who is not at its table."""
    server = dc_world.server
    ann, mallory = server.user("Ann"), server.user("Mallory")
    guild = server.guild("Game night", owner=ann, members=[ann, mallory])
    games = server.text_channel(guild, "games")
    await dc_world.slash(ann, games, "newgame", game="lanterns")
    return Channel(dc_world, games, mallory)


@FEW
@given(st.data())
async def test_forged_discord_components_are_refused(channel: Channel, no_tracebacks: None,
                                                     data: st.DataObject) -> None:
    world, mallory = channel.world, channel.mallory
    lobby = dc.lobby(channel.channel)
    table = await world.table(channel.channel)
    before = (table.version, [s.user_id for s in await world.store.list_seats(table.id)])
    custom_id = data.draw(st.one_of(
        any_text(min_size=1, max_size=100),
        aimed_press((table.id, table.id)).map(lambda d: f"gh:{d}"[:100]),
    ), label="custom_id")
    record = await world.click(mallory, lobby, custom_id, force=True)
    assert record.response is not None
    value = data.draw(any_text(max_size=100), label="value")
    record = mallory.select(lobby, "gs:0", [value], force=True)
    await world.settle()
    assert record.response is not None
    game = data.draw(any_text(max_size=40), label="game")
    options = data.draw(any_text(max_size=300), label="options")
    record = mallory.slash(channel.channel, "rules", force=True, game=game, options=options)
    await world.settle()
    assert record.response is not None
    table = await world.table(channel.channel)
    assert (table.version, [s.user_id for s in await world.store.list_seats(table.id)]) \
        == before


# --- the Telegram webhook ------------------------------------------------------------------


@dataclass
class Hook:
    server: FakeTelegramServer
    telegram: TelegramBot

    @property
    def url(self) -> str:
        assert self.telegram.webhook is not None
        return self.telegram.webhook.url


@pytest.fixture
async def hook(tmp_path: Path) -> AsyncIterator[Hook]:
    async with FakeTelegramServer(flood_control=None) as server, \
            Store.open(tmp_path / "w.sqlite3", synchronous="OFF") as store:
        service = TableService(store, TR, computer_pause=3600)
        port = free_port()
        webhook = Webhook(f"http://127.0.0.1:{port}/tg", SECRET, port=port)
        async with TelegramBot(service, store, TR, token=server.token, limits=FAST,
                               api_server=server.base_url, webhook=webhook) as telegram:
            yield Hook(server, telegram)


async def raw_post(url: str, head: bytes, body: bytes) -> int:
    """POST with header bytes no HTTP client library would send; the status answered."""
    host_port = url.split("//")[1].split("/")[0]
    host, port = host_port.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(b"POST /tg HTTP/1.1\r\nHost: " + host_port.encode() + b"\r\n" + head
                     + b"Content-Type: application/json\r\nContent-Length: "
                     + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
        await writer.drain()
        status_line = await reader.readline()
        return int(status_line.split()[1])
    finally:
        writer.close()


UPDATE = {"update_id": 7, "message": {"message_id": 1, "date": 0, "text": "/help",
                                      "chat": {"id": 5, "type": "private"},
                                      "from": {"id": 5, "is_bot": False, "first_name": "A"}}}


async def test_a_malformed_secret_header_is_refused_before_anything(
        hook: Hook, no_tracebacks: None) -> None:
    body = json.dumps(UPDATE).encode()
    secret = f"X-Telegram-Bot-Api-Secret-Token: {SECRET}".encode()
    name = SECRET_HEADER.encode()
    for header in (secret + b"\xff", secret[:-1] + b"\xc3\xa9", name + b": \xff\xfe",
                   secret + b" \x80"):
        assert await raw_post(hook.url, header + b"\r\n", body) == 401, header
        # refused before the body is read: not even garbage gets further
        assert await raw_post(hook.url, header + b"\r\n", b"\xff{") == 401
    await hook.server.wait_idle(quiet=0.05, timeout=GUARD)
    assert not hook.server.calls_of("sendMessage")
    assert await raw_post(hook.url, secret + b"\r\n", body) == 200
    await hook.server.wait_until(lambda: hook.server.calls_of("sendMessage"), GUARD)


async def post(hook: Hook, body: bytes) -> int:
    async with aiohttp.ClientSession() as http, http.post(hook.url, data=body, headers={
            SECRET_HEADER: SECRET, "Content-Type": "application/json"}) as response:
        return response.status


async def test_malformed_updates_are_refused_or_dropped_never_failed(
        hook: Hook, no_tracebacks: None, caplog: pytest.LogCaptureFixture) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    for body in (b"", b"{", b"\xff\xfe", b"[1, 2]", b'"update"', b"null", deep):
        assert await post(hook, body) == 400, body[:20]
    assert await post(hook, b" " * (MAX_BODY + 1)) == 413
    dropped = [{**UPDATE, "update_id": 2**63}, {**UPDATE, "update_id": -1},
               {**UPDATE, "update_id": "7"}, {**UPDATE, "update_id": 7.5},
               {key: value for key, value in UPDATE.items() if key != "update_id"},
               {"update_id": 8, "message": {"chat": "none"}},
               {"update_id": 9, "message": {**UPDATE["message"], "date": "yesterday"}},
               {"update_id": 10, "message": [[[[[]]]]] * 3}]
    nested = {"update_id": 11, "message": {**UPDATE["message"], "x": []}}
    inner = nested["message"]["x"]
    for _ in range(900):
        inner.append([])
        inner = inner[0]
    dropped.append(nested)
    for update in dropped:
        assert await post(hook, json.dumps(update).encode()) == 200, update
    await hook.server.wait_idle(quiet=0.05, timeout=GUARD)
    assert len(hook.server.calls_of("sendMessage")) <= 1  # the deep one may be read
    assert any("dropped" in r.getMessage() for r in caplog.records)


@FEW
@given(st.binary(max_size=300) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["update_id", "message", "callback_query", "chat", "from", "id",
                         "text", "data", "date", "type", "message_id"]) | any_text(max_size=5),
        inner, max_size=5), max_leaves=30).map(lambda v: json.dumps(v).encode()))
async def test_any_body_is_answered_without_a_failure(hook: Hook, no_tracebacks: None,
                                                      body: bytes) -> None:
    assert await post(hook, body) in (200, 400)


@dataclass
class Club:
    hook: Hook
    ann: Any
    group: Any


@pytest.fixture
async def club(hook: Hook) -> Club:
    """A Telegram group with a lobby open by Ann, who has opened her private chat."""
    server = hook.server
    ann = server.user("Ann")
    group = server.supergroup("Club", owner=ann)
    ann.start_private()
    ann.send(group, "/newgame lanterns")
    await server.wait_until(lambda: group.bot_messages, GUARD)
    await server.wait_idle(quiet=0.02, timeout=GUARD)
    return Club(hook, ann, group)


@FEW
@given(st.sampled_from(TableService.COMMANDS + ("start",)), command_args,
       aimed_press((1, 2)), any_text(max_size=64))
async def test_commands_and_presses_through_the_webhook_are_answered(
        club: Club, no_tracebacks: None, name: str, args: str, data: str, link: str) -> None:
    """Real updates from the fake server, with any text as a command's arguments, any
    button data, any deep link payload: every one answered 2xx (none fails, so none is sent
    again), every press answered."""
    server, ann, group = club.hook.server, club.ann, club.group
    target = group.bot_messages[-1]
    seen = len(server.webhook.deliveries)
    ann.send(group, f"/{name} {args}"[:4096])
    query = ann.press(target, data[:64], force=True)
    ann.start_private(link or None)
    await server.wait_until(lambda: len([d for d in server.webhook.deliveries[seen:]
                                         if d.status is not None]) >= 3, GUARD)
    await server.wait_idle(quiet=0.02, timeout=GUARD)
    assert {d.status for d in server.webhook.deliveries[seen:]} == {200}
    assert len(server.answers_for(query)) == 1
