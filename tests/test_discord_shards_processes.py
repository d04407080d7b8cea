"""Two real bot processes, each on one Discord shard of two, sharing one PostgreSQL database.

Each is the bot's own `python -m bot` (through tests/discord_shard_worker.py, which points
discord.py at the fake Discord server and names the process in its User-Agent), started with
DISCORD_SHARDS=0/2 and 1/2. A guild on each shard: a person opens a table there with
/newgame, adds a computer player, starts, and plays moves on their panel; every interaction
of a guild must reach, and be answered by, the process of the guild's shard, and the slash
commands are synced once. Then shard 1's process stops in the middle of its guild's game,
and the computer's move there, due work in the database, is made by shard 0's process,
which shows it in that guild's channel over REST, shard or no shard.

Runs on the PostgreSQL server of fakes/store_backends.py (skipped without one, but under
CI), in a database of its own, since `python -m bot` takes a DATABASE_URL, not a schema.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from fakes.discord import (
    ApiCall,
    FakeChannel,
    FakeDiscordServer,
    FakeUser,
    InteractionRecord,
)
from fakes.discord_e2e import board, button, choices, choose, lobby, options
from fakes.store_backends import admin_or_skip, postgres_url

pytestmark = pytest.mark.timeout(180)

ROOT = Path(__file__).resolve().parents[1]
COMPUTER_PAUSES = (0.5, 4.0)
"""Each process's COMPUTER_PAUSE (it schedules the computer's turn after a person's move):
shard 1's is long enough for it to stop before its guild's computer moves."""
START_TIMEOUT = 60.0  # a cold start of two processes on a busy machine
WAIT = 30.0  # for the bot's reaction: generous, as the processes share the machine's cores


@pytest.fixture
async def database_url() -> AsyncIterator[str]:
    """A PostgreSQL database of its own for the test, dropped after."""
    admin = await admin_or_skip()
    name = f"shards_{uuid.uuid4().hex[:12]}"
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(urlsplit(postgres_url())._replace(path=f"/{name}"))
    finally:
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        await admin.close()


class Worker:
    """One bot process on one shard."""

    def __init__(self, shard: int, count: int, server: FakeDiscordServer, database_url: str,
                 folder: Path) -> None:
        self.shard = shard
        self.log = folder / f"worker{shard}.log"
        self.env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "FAKE_DISCORD_URL": server.base_url,
            "FAKE_DISCORD_WORKER": str(shard),
            "DISCORD_BOT_TOKEN": server.token,
            "DISCORD_SHARDS": f"{shard}/{count}",
            "DATABASE_URL": database_url,
            "COMPUTER_PAUSE": str(COMPUTER_PAUSES[shard]),
            "LOG_LEVEL": "INFO",
            "PLAYGROUND": "0",
            "TELEGRAM_BOT_TOKEN": "",
        }
        self.folder = folder
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.discord_shard_worker", cwd=self.folder,
                env=self.env, stdout=log, stderr=log, start_new_session=True)

    async def stop(self) -> int:
        """SIGTERM, as a service manager stops it: it finishes what is under way."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.process.wait(), 20)
        except TimeoutError:
            os.killpg(self.process.pid, signal.SIGKILL)
            await self.process.wait()
            raise

    def sent(self, call_user_agent: str) -> bool:
        return call_user_agent.endswith(f" worker/{self.shard}")


async def sql(url: str, statement: str, *args: object) -> list[asyncpg.Record]:
    con = await asyncpg.connect(url)
    try:
        return await con.fetch(statement, *args)
    finally:
        await con.close()


async def answered(server: FakeDiscordServer, record: InteractionRecord) -> None:
    await server.wait_until(lambda: record.acknowledged, WAIT,
                            message=f"an answer to {record.data.get('name') or 'a press'}")
    await server.wait_idle(quiet=0.05, timeout=WAIT)


class Guild:
    """A person's table in one guild, played through the bot's messages."""

    def __init__(self, server: FakeDiscordServer, url: str, shard: int) -> None:
        self.server, self.url, self.shard = server, url, shard
        guild = server.guild(f"Guild on shard {shard}", shard=(shard, 2))
        self.channel: FakeChannel = server.text_channel(guild, "games")
        self.player: FakeUser = server.user(f"Player {shard}")
        self.records: list[InteractionRecord] = []
        self.table_id = 0

    async def act(self, record: InteractionRecord) -> InteractionRecord:
        """Wait until the bot answered what the player just did."""
        self.records.append(record)
        await answered(self.server, record)
        return record

    async def open_and_start(self) -> None:
        user, channel = self.player, self.channel
        await self.act(user.slash(channel, "dms", choice="on"))  # turn reminders by DM, asked
        await self.act(user.slash(channel, "newgame", game="lanterns"))
        [(self.table_id,)] = await sql(self.url, "SELECT id FROM tables WHERE chat_id = $1",
                                       str(channel.id))
        message = lobby(channel)  # the host picks a level on the lobby itself
        await self.act(user.click(message, button(message, "computer").custom_id))
        level = next(c for c in options(message) if c.press.kind == "computer"
                     and c.press.arg not in ("", "back"))
        await self.act(user.click(message, level.custom_id))
        await self.act(user.click(message, button(message, "start").custom_id))
        await self.server.wait_until(lambda: any(m.attachments for m in channel.bot_messages),
                                     WAIT, message="the board")

    async def version(self) -> int:
        [(version,)] = await sql(self.url, "SELECT version FROM tables WHERE id = $1",
                                 self.table_id)
        return version

    async def computer_moves(self) -> int:
        [(moves,)] = await sql(self.url, """
            SELECT count(*) FROM actions a JOIN seats s
                ON s.table_id = a.table_id AND s.seat = a.seat AND s.computer IS NOT NULL
            WHERE a.table_id = $1""", self.table_id)
        return moves

    async def my_turn(self, timeout: float = WAIT) -> None:
        """Press "My hand" until the panel offers a move (the computer has moved)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            await self.act(self.player.click(
                board(self.channel), button(board(self.channel), "hand").custom_id))
            if choices(self.player):
                return
            assert loop.time() < deadline, "the player's turn never came"
            await asyncio.sleep(0.2)

    async def play_move(self, rng: random.Random) -> None:
        """Press through a fresh panel until a move of ours is applied (a panel is refreshed
        only by the process that showed it, and the computer's move may come from another)."""
        await self.my_turn()
        before = await self.version()
        for _ in range(40):
            if not choices(self.player):
                await self.my_turn()
            pick = choose(choices(self.player), rng)
            if pick.value is not None:
                await self.act(self.player.select(pick.message, pick.custom_id, [pick.value]))
            else:
                await self.act(self.player.click(pick.message, pick.custom_id))
            if await self.version() != before:
                return
        raise AssertionError("no move applied")


async def test_two_processes_on_two_shards_share_the_tables(database_url: str,
                                                             tmp_path: Path) -> None:
    async with FakeDiscordServer(patch_discord=False) as server:
        guilds = [Guild(server, database_url, 0), Guild(server, database_url, 1)]
        workers = [Worker(shard, 2, server, database_url, tmp_path) for shard in (0, 1)]
        try:
            for worker in workers:
                await worker.start()
            for worker in workers:
                await server.wait_connected(START_TIMEOUT, shard=(worker.shard, 2))
            await server.wait_until(lambda: server.commands, START_TIMEOUT,
                                    message="the slash commands synced")

            async def play(guild: Guild) -> None:
                await guild.open_and_start()
                await guild.play_move(random.Random(guild.shard))
                await guild.my_turn()  # the computer has answered

            await asyncio.gather(*(play(guild) for guild in guilds))
            for guild in guilds:
                assert await guild.computer_moves() >= 1
            # every interaction went to its guild's shard, and that process answered it
            shard_of_session = {s.id: s.shard_id for s in server.sessions}
            for guild, worker in zip(guilds, workers, strict=True):
                for record in guild.records:
                    assert record.event is not None
                    assert shard_of_session[record.event.session_id] == guild.shard
                    [callback] = [c for c in server.calls if c.interaction is record
                                  and c.name == "create_interaction_response"]
                    assert worker.sent(callback.user_agent), callback.user_agent
            assert len(server.calls_of("bulk_upsert_global_commands")) == 1

            # shard 1's process stops right after its player's move: the computer's answer
            # there is due work, which shard 0's process claims and shows over REST
            second = guilds[1]
            moves = await second.computer_moves()
            await second.play_move(random.Random(7))
            mark = server.mark()
            assert await workers[1].stop() == 0

            def by_first(call: ApiCall) -> bool:
                return workers[0].sent(call.user_agent)

            def pinged() -> list[ApiCall]:  # the computer is done: the player's turn again
                return [c for c in server.calls[mark:] if by_first(c) and c.message is not None
                        and c.name == "send_message" and second.player in c.message.pinged]

            [ping] = await server.wait_until(pinged, WAIT, message="the player pinged")
            await server.wait_idle(quiet=0.3, timeout=WAIT)
            assert await second.computer_moves() > moves
            assert ping.message is not None and ping.message.channel is second.channel
            assert any(by_first(c) and c.name == "edit_message"
                       and c.message is board(second.channel) for c in server.calls[mark:])
            # its turn message links to the ping, though the guild is not in its cache
            def dms() -> list[ApiCall]:  # DMs keep a pace of their own (bot/discord/dms.py)
                return [c for c in server.calls[mark:] if c.name == "send_message"
                        and by_first(c) and c.message is not None and c.message.channel.is_dm]

            [dm] = await server.wait_until(dms, WAIT, message="the turn DM")
            assert dm.message is not None and dm.message.channel is second.player.dm_channel
            assert (f"https://discord.com/channels/{second.channel.guild.id}/"
                    f"{second.channel.id}/{ping.message.id}") in dm.message.content
            assert await workers[0].stop() == 0
        finally:
            for worker in workers:
                if worker.process is not None and worker.process.returncode is None:
                    await worker.stop()
        for worker in workers:
            log = worker.log.read_text()
            assert "Traceback" not in log and " ERROR " not in log, log
        server.assert_interactions_answered()
        server.limits.assert_within_limits()  # no global 429, nowhere near the ban
