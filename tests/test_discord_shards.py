"""Sharding on the fake Discord gateway, driven by discord.py's `AutoShardedClient`, and the
bot's `DISCORD_SHARDS` setting.

Two clients in this process stand for two processes of one bot, each on one shard of two;
the tests check that each gets only its guilds' events (READY, GUILD_CREATE, interactions,
messages), direct messages going to shard 0, and that the gateway refuses a shard Discord
would refuse (4010) or too few shards for the guilds (4011). The same with real processes
of the bot is tests/test_discord_shards_processes.py.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.config import ConfigError, load_settings, parse_shards
from bot.discord.app import DiscordBot, ShardedDiscordBot, make_bot
from bot.discord.pacing import RATE
from bot.i18n import Translator
from bot.storage import Store
from bot.tables import TableService
from fakes.discord import FakeDiscordServer, run_client
from fakes.discord.gateway import shard_of

pytest_plugins = ["fakes.discord.fixtures"]
pytestmark = pytest.mark.timeout(180)


class ShardClient(discord.AutoShardedClient):
    """One process's client: answers /where with its own shards, keeps the messages it
    gets."""

    def __init__(self, shard_id: int, shard_count: int) -> None:
        super().__init__(intents=discord.Intents.default(), shard_ids=[shard_id],
                         shard_count=shard_count)
        self.tree = app_commands.CommandTree(self)
        self.messages: list[int] = []

        @self.tree.command(name="where", description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"shard {shard_id}", ephemeral=True)

    async def setup_hook(self) -> None:
        if self.shard_ids == [0]:  # the application's commands: synced by one process
            await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.messages.append(message.id)


def events(server: FakeDiscordServer, shard: int, kind: str) -> list[dict[str, Any]]:
    [session] = [s for s in server.live_sessions if s.shard_id == shard]
    return [e.data for e in session.events if e.type == kind]


async def test_each_shard_gets_its_own_guilds_and_dms_go_to_shard_0(
        fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    first = server.guild("First", shard=(0, 2))
    second = server.guild("Second", shard=(1, 2))
    assert (shard_of(first.id, 2), shard_of(second.id, 2)) == (0, 1)
    games = [server.text_channel(first, "games"), server.text_channel(second, "games")]
    alice = server.user("Alice")
    clients = [ShardClient(0, 2), ShardClient(1, 2)]

    async with run_client(server, clients[0]), run_client(server, clients[1]):
        assert len(server.live_sessions) == 2 and len(server.sessions) == 2
        for shard, guild in enumerate((first, second)):
            [ready] = events(server, shard, "READY")
            assert ready["shard"] == [shard, 2]
            assert ready["guilds"] == [{"id": str(guild.id), "unavailable": True}]
            assert [g["id"] for g in events(server, shard, "GUILD_CREATE")] == [str(guild.id)]
            assert [g.id for g in clients[shard].guilds] == [guild.id]
        assert len(server.calls_of("bulk_upsert_global_commands")) == 1

        answered = [alice.slash(channel, "where") for channel in games]
        answered.append(alice.slash(None, "where"))  # a direct message: shard 0's
        for record in answered:
            await record.wait_answered()
        assert [r.original.content for r in answered] == ["shard 0", "shard 1", "shard 0"]
        sessions = {s.id: s.shard_id for s in server.live_sessions}
        assert [sessions[r.event.session_id] for r in answered] == [0, 1, 0]
        assert [len(events(server, shard, "INTERACTION_CREATE")) for shard in (0, 1)] == [2, 1]

        hello = alice.send(games[1], "hello second")
        third = server.guild("Third", shard=(1, 2))  # joined while connected
        server.text_channel(third, "more")
        await server.wait_until(lambda: clients[1].messages and clients[1].get_guild(third.id))
        assert clients[0].messages == [] and clients[0].get_guild(third.id) is None
        assert len(events(server, 0, "GUILD_CREATE")) == 1
        assert [e["name"] for e in events(server, 1, "CHANNEL_CREATE")] == ["more"]
        assert events(server, 0, "CHANNEL_CREATE") == []
        private = alice.send(None, "hello in private")  # a direct message: shard 0's
        await server.wait_until(lambda: clients[0].messages)
        assert clients[0].messages == [private.id] and clients[1].messages == [hello.id]

        # shard 1's connection drops: its dispatches wait for its RESUME, shard 0's go on
        [zero, one] = server.live_sessions
        await server.disconnect(shard=1)
        away = alice.send(games[1], "while away")
        meanwhile = alice.send(games[0], "meanwhile")
        await server.wait_until(lambda: one.resumes and away.id in clients[1].messages
                                and meanwhile.id in clients[0].messages)
        assert (zero.resumes, one.resumes) == (0, 1) and server.live_sessions == [zero, one]
        assert clients[1].messages == [hello.id, away.id]
        assert clients[0].messages == [private.id, meanwhile.id]
    server.assert_interactions_answered()


async def raw_identify(server: FakeDiscordServer, shard: Any) -> tuple[int | None, list[str]]:
    """IDENTIFY on a websocket of our own: the close code (None: the session started) and
    the dispatches received until then."""
    identify: dict[str, Any] = {"token": server.token, "intents": 1,
                                "properties": {"os": "linux", "browser": "t", "device": "t"}}
    if shard is not None:
        identify["shard"] = shard
    seen: list[str] = []
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(server.gateway_url + "?v=10&encoding=json") as ws:
        hello = await ws.receive_json(timeout=5)
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": identify})
        while True:
            try:
                message = await ws.receive(timeout=0.2)
            except TimeoutError:  # going away as discord.py does: the session stays resumable
                await ws.close(code=4000)
                return None, seen
            if message.type != aiohttp.WSMsgType.TEXT:
                return ws.close_code, seen
            seen.append(json.loads(message.data)["t"])


async def test_the_gateway_refuses_shards_as_discord_does(
        fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    server.guild("One", shard=(0, 2))
    server.guild("Two", shard=(1, 2))
    for bad in ([2, 2], [0, 0], [-1, 2], [0], [0, 2, 1], ["0", "2"], [True, 2], {"id": 0}):
        assert (await raw_identify(server, bad))[0] == 4010, bad
    assert server.sessions == []

    assert await raw_identify(server, [1, 2]) == (None, ["READY", "GUILD_CREATE"])
    assert await raw_identify(server, [0, 2]) == (None, ["READY", "GUILD_CREATE"])
    old_one = server.sessions[0]
    assert await raw_identify(server, [1, 2]) == (None, ["READY", "GUILD_CREATE"])
    # a new session on shard 1 replaces shard 1's, not shard 0's
    assert old_one.ended and [s.shard for s in server.live_sessions] == [[0, 2], [1, 2]]

    server.guilds_per_shard = 1  # two guilds need two shards
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.ConnectionClosed) as closed:
        await asyncio.wait_for(client.start(server.token), 30)
    await client.close()
    assert closed.value.code == 4011
    assert (await raw_identify(server, [1, 2]))[0] is None

    async with aiohttp.ClientSession() as http, http.get(
            server.api_base + "/gateway/bot",
            headers={"Authorization": f"Bot {server.token}"}) as response:
        gateway = await response.json()
    assert gateway["shards"] == 1 and gateway["session_start_limit"]["max_concurrency"] == 1
    server.recommended_shards, server.max_concurrency = 4, 16
    shard_count, _, limits = await _bot_gateway(server)
    assert (shard_count, limits["max_concurrency"]) == (4, 16)


async def _bot_gateway(server: FakeDiscordServer) -> tuple[int, str, dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    await client.login(server.token)
    try:
        return await client.http.get_bot_gateway()
    finally:
        await client.close()


# --- the bot's setting ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "ids", "count"), [
    ("0/1", (0,), 1), ("1/2", (1,), 2), ("0,1/4", (0, 1), 4), ("2-3/4", (2, 3), 4),
    (" 3, 0-1 / 8 ", (0, 1, 3), 8),
])
def test_discord_shards_are_ids_then_the_count(text: str, ids: tuple[int, ...],
                                               count: int) -> None:
    plan = parse_shards("".join(text.split()))
    assert (plan.ids, plan.count) == (ids, count)
    assert plan.syncs_commands is (0 in ids)


@pytest.mark.parametrize("text", ["2/2", "0", "0/0", "a/2", "1-0/2", "0,/2", "0/two", "/2"])
def test_bad_discord_shards_name_the_variable(text: str, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@127.0.0.1/bot")
    monkeypatch.setenv("DISCORD_SHARDS", text)
    with pytest.raises(ConfigError) as error:
        load_settings(env_file=None)
    [problem] = error.value.problems
    assert problem.startswith("DISCORD_SHARDS")


def test_some_of_the_shards_need_a_shared_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_SHARDS", "1/2")  # shard 0 runs elsewhere: not on SQLite
    with pytest.raises(ConfigError, match="DISCORD_SHARDS='1/2': .* set DATABASE_URL"):
        load_settings(env_file=None)
    monkeypatch.setenv("DISCORD_SHARDS", "0-1/2")  # all of them: one process, any database
    assert load_settings(env_file=None).discord_shard_plan == parse_shards("0,1/2")


def test_the_setting_picks_the_sharded_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot@127.0.0.1/bot")
    monkeypatch.setenv("DISCORD_SHARDS", "1 / 2")
    settings = load_settings(env_file=None)
    assert settings.discord_shards == "1/2"
    tr = Translator.load()
    bot = make_bot(settings, _NoService(), store=None, translator=tr)  # type: ignore[arg-type]
    assert isinstance(bot, ShardedDiscordBot)
    assert (bot.shard_ids, bot.shard_count, bot.sync_commands) == ([1], 2, False)
    assert bot.pacer.rate == RATE // 2  # the other process sends with the same token
    monkeypatch.setenv("DISCORD_SHARDS", "0,1/2")
    bot = make_bot(load_settings(env_file=None), _NoService(), store=None,  # type: ignore[arg-type]
                   translator=tr)
    assert (bot.shard_ids, bot.sync_commands, bot.pacer.rate) == ([0, 1], True, RATE)
    monkeypatch.delenv("DISCORD_SHARDS")
    plain = make_bot(load_settings(env_file=None), _NoService(), store=None,  # type: ignore[arg-type]
                     translator=tr)
    assert type(plain) is DiscordBot and plain.sync_commands and plain.pacer.rate == RATE


class _NoService:
    """Enough of a table service to build the bot (nothing runs)."""

    def flood_waited(self, *args: Any) -> None:
        raise AssertionError("not expected")


async def test_auto_sharding_asks_discord_for_the_count(
        fake_discord: FakeDiscordServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """DISCORD_SHARDS=auto: one process runs as many shards as GET /gateway/bot recommends
    (here 3, as for 2,001 to 3,000 servers), each with a gateway session of its own."""
    server = fake_discord
    server.recommended_shards, server.max_concurrency = 3, 16
    monkeypatch.setenv("DISCORD_SHARDS", " Auto ")
    settings = load_settings(env_file=None)
    assert settings.discord_shards == "auto" and settings.discord_shard_plan is None
    tr = Translator.load()
    async with Store.open(tmp_path / "games.sqlite3") as store:
        service = TableService(store, tr)
        bot = make_bot(settings, service, store=store, translator=tr)
        assert isinstance(bot, ShardedDiscordBot)
        assert (bot.shard_count, bot.sync_commands, bot.pacer.rate) == (None, True, RATE)

        async def at_once(shard_id: int | None, *, initial: bool) -> None:
            """(discord.py waits 5 s of real time between two shards' IDENTIFYs, as
            Discord's identify limit asks; the fake has no such limit to keep)"""

        bot.before_identify_hook = at_once  # type: ignore[method-assign]
        async with run_client(server, bot):
            await server.wait_until(lambda: len(server.live_sessions) == 3, 10,
                                    message="three shards connected")
            assert bot.shard_count == 3 and sorted(bot.shards) == [0, 1, 2]
            assert sorted(s.shard_id for s in server.live_sessions) == [0, 1, 2]
            assert {s.shard_count for s in server.live_sessions} == {3}
            assert server.calls_of("get_bot_gateway")
