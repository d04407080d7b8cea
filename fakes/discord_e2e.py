"""Helpers for the Discord end-to-end tests (tests/test_discord_e2e.py).

Everything real but Discord: a `BotProcess` is one run of the bot (its own SQLite `Store`
connection, `TableService` and `DiscordBot`, the real discord.py client) connected to the
fake Discord server (fakes/discord), and can be stopped and started again on the same
database like a new process. A `World` holds the server, the database and the running
process, and lets simulated people act as people do: they read the messages the bot
really showed them (channel messages, their own ephemeral panels) and press the buttons
and pick the select options really in them, then wait until the bot has fully reacted
(`World.settle`).

`check_nothing_private_in_public` is the hidden-information check: every version of every
non-ephemeral message, and the logs, against what the players saw in their panels.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.discord import DiscordBot
from bot.discord.commands import as_client_shows, client_names
from bot.discord.render import BUTTON_TEMPLATE, SELECT_TEMPLATE, escape
from bot.i18n import Translator
from bot.payloads import BadPayload, Press, decode
from bot.storage import Store
from bot.storage.store import TableRow
from bot.tables import TableService
from engine.lanterns import SPEC
from fakes.discord import (
    FakeChannel,
    FakeDiscordServer,
    FakeUser,
    InteractionRecord,
    MessageRecord,
    run_client,
)
from fakes.e2e_world import BotWorld
from fakes.telegram_e2e import ACTION, replay_table, secret_twin, table_snapshot
from render.lanterns import board_png

TR = Translator.load()
SETTLE_TIMEOUT = 15.0
GAME_KINDS = frozenset({"go", "confirm"})

__all__ = ["ACTION", "TR", "table_snapshot"]


# --- one run of the bot ----------------------------------------------------------------------


class BotProcess:
    """One bot process: a Store connection, a TableService and a DiscordBot."""

    def __init__(self, server: FakeDiscordServer, db_path: Path, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.server = server
        self.db_path = db_path
        self.clock = clock
        self.store: Store
        self.service: TableService
        self.client: DiscordBot
        self._stack = AsyncExitStack()

    async def start(self) -> None:
        self.store = await Store.open(self.db_path, synchronous="OFF")
        # computer players move at once: tests wait for nothing
        self.service = TableService(self.store, TR, seeds=itertools.count(2026).__next__,
                                    clock=self.clock, computer_pause=0.0)
        await self.service.recover_downtime()  # as bot/app.py does
        self.client = DiscordBot(self.service, self.store, TR, clock=self.server.clock.time,
                                 now=self.server.clock.time, dm_sleep=self.server_sleep,
                                 guild_ready_timeout=0.1)
        await self._stack.enter_async_context(run_client(self.server, self.client))
        self.service.scheduler.start()
        await self.settle()

    async def server_sleep(self, seconds: float) -> None:
        """A wait on the fake Discord's clock (the DMs' pace): moved, not waited for."""
        self.server.clock.advance(seconds)
        await asyncio.sleep(0)

    async def settle(self, timeout: float = SETTLE_TIMEOUT) -> None:
        """Wait until every interaction delivered is answered, the handlers are done, and
        everything queued is delivered."""
        server = self.server

        def answered() -> bool:
            return all(i.acknowledged for i in server.interactions.values() if i.delivered
                       and i.created_at + server.interaction_timeout > server.clock.time())

        assert await self.client.resuming.wait(timeout), "the tables were not resumed"
        for _ in range(2):  # a DM refusal queues a note: once more
            await server.wait_until(answered, timeout, message="every interaction answered")
            await self.client.interactions.drain(timeout)
            assert await self.client.outbox.flush(timeout), "the outbox did not drain"
            await server.wait_idle(quiet=0.0, timeout=timeout)
        scheduler = self.service.scheduler
        while not await scheduler.idle():  # computer turns that are due
            await scheduler.drain()
            await asyncio.sleep(0.01)  # the loop claims what fell due meanwhile
            await self.client.interactions.drain(timeout)
            assert await self.client.outbox.flush(timeout), "the outbox did not drain"
            await server.wait_idle(quiet=0.0, timeout=timeout)

    async def stop(self) -> None:
        await self.settle()
        await self.service.scheduler.stop()
        await self._stack.aclose()
        await self.store.close()


# --- what people see -------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One thing a person can press: a button, or an option of a select menu."""

    message: MessageRecord
    custom_id: str
    value: str | None  # the option's value, for a select
    press: Press

    @property
    def data(self) -> str:
        return self.value if self.value is not None else data_of(self.custom_id)


def data_of(custom_id: str) -> str:
    match = re.fullmatch(BUTTON_TEMPLATE, custom_id)
    assert match is not None, custom_id
    return match["data"]


def options(message: MessageRecord | None) -> list[Choice]:
    """Every button and select option of the message's current components that is ours."""
    if message is None:
        return []
    found = []
    for component in message.all_components:
        custom_id = component.get("custom_id")
        if not custom_id:
            continue
        if re.fullmatch(SELECT_TEMPLATE, custom_id):
            for option in component.get("options") or []:
                found.append(Choice(message, custom_id, option["value"],
                                    decode(option["value"])))
        elif re.fullmatch(BUTTON_TEMPLATE, custom_id):
            try:
                found.append(Choice(message, custom_id, None, decode(data_of(custom_id))))
            except BadPayload:
                continue
    return found


def button(message: MessageRecord, kind: str) -> Choice:
    """The message's (first) button of this kind of press, whatever its language."""
    for choice in options(message):
        if choice.press.kind == kind and choice.value is None:
            return choice
    raise AssertionError(f"no {kind!r} button in {message!r}: {message.custom_ids}")


def panel(user: FakeUser) -> MessageRecord | None:
    """The player's panel: the newest ephemeral message with a picture they still have."""
    for message in reversed(user.ephemeral_messages):
        if message.attachments:
            return message
    return None


def choices(user: FakeUser) -> list[Choice]:
    """The game choices (menu steps, Confirm, Back) on the player's panel now."""
    return [c for c in options(panel(user)) if c.press.kind in GAME_KINDS]


def board(channel: FakeChannel) -> MessageRecord:
    """The channel's board: the one picture the bot shows there."""
    pictures = [m for m in channel.bot_messages if m.attachments]
    assert len(pictures) == 1, f"expected one board picture in {channel!r}: {pictures}"
    return pictures[0]


def lobby(channel: FakeChannel) -> MessageRecord:
    for message in reversed(channel.bot_messages):
        if any(c.press.kind == "join" for c in options(message)):
            return message
    raise AssertionError(f"no lobby in {channel!r}")


def ping(channel: FakeChannel) -> MessageRecord | None:
    """The turn ping: the message that really notifies someone."""
    pings = [m for m in channel.bot_messages if m.pinged]
    assert len(pings) <= 1, pings
    return pings[0] if pings else None


def notes(record: InteractionRecord) -> list[str]:
    """The ephemeral texts the interaction answered with (errors, confirmations)."""
    return [m.content for m in record.messages if not m.attachments]


def choose(found: Sequence[Choice], rng: random.Random, *, back_rate: float = 0.02,
           quick_rate: float = 0.9) -> Choice:
    """Press like a person in a hurry: Confirm when offered; at the first level mostly place
    a tile (or end a final turn); otherwise any option, now and then Back."""
    confirm = [c for c in found if c.press.kind == "confirm"]
    if confirm:
        return confirm[0]
    depth = max(len(c.press.path) for c in found)
    forward = [c for c in found if len(c.press.path) == depth]
    back = [c for c in found if len(c.press.path) < depth]
    if back and rng.random() < back_rate:
        return back[0]
    if depth == 1:
        for quick in ("p", "e"):
            preferred = [c for c in forward if c.press.path == (quick,)]
            if preferred and rng.random() < quick_rate:
                return preferred[0]
    return rng.choice(forward)


# --- the world -------------------------------------------------------------------------------


@dataclass
class World(BotWorld[FakeDiscordServer]):
    presses: int = 0
    selects: int = 0

    def new_process(self) -> BotProcess:
        return BotProcess(self.server, self.db_path, clock=self.clock)

    # people's actions, each waited for until the bot has fully reacted

    async def slash(self, user: FakeUser, channel: FakeChannel, command: str,
                    **values: Any) -> InteractionRecord:
        record = user.slash(channel, command, **values)
        await self.settle()
        assert record.response is not None, record
        return record

    async def click(self, user: FakeUser, choice: Choice | MessageRecord,
                    custom_id: str | None = None, *, force: bool = False) -> InteractionRecord:
        """`user` presses a button or picks a select option (or forges `custom_id`)."""
        if isinstance(choice, Choice):
            if choice.value is not None:
                record = user.select(choice.message, choice.custom_id, [choice.value],
                                     force=force)
                self.selects += 1
            else:
                record = user.click(choice.message, choice.custom_id, force=force)
        else:
            record = user.click(choice, custom_id, force=force)
        self.presses += 1
        await self.settle()
        assert record.response is not None, record
        return record

    # tables

    async def table(self, channel: FakeChannel) -> TableRow:
        parent = channel.parent if channel.is_thread else channel
        thread = str(channel.id) if channel.is_thread else None
        assert parent is not None
        row = await self.store.active_table("discord", str(parent.id), thread)
        assert row is not None, f"no active table in {channel!r}"
        return row

    async def open_table(self, channel: FakeChannel, host: FakeUser,
                         others: Sequence[FakeUser], game: str = "lanterns") -> int:
        """Open a table with /newgame and seat everyone through Join."""
        record = await self.slash(host, channel, "newgame", game=game)
        assert notes(record) == [TR.t(lang_of(host), "dc-table-opened")], notes(record)
        lobby_message = lobby(channel)
        assert escape(host.name) in lobby_message.content
        for user in others:
            answer = await self.click(user, button(lobby_message, "join"))
            assert notes(answer) == [TR.t(lang_of(user), "table-joined-you")]
            assert escape(user.name) in lobby_message.content  # markdown shown as typed
        return (await self.table(channel)).id

    async def start_game(self, channel: FakeChannel, host: FakeUser) -> MessageRecord:
        """The host presses Start; returns the board message."""
        lobby_message = lobby(channel)
        answer = await self.click(host, button(lobby_message, "start"))
        assert answer.response_type in (4, 6), answer
        assert lobby_message.deleted
        return board(channel)

    def acting(self, channel: FakeChannel, players: Iterable[FakeUser]) -> FakeUser:
        """Whom the turn ping notifies."""
        message = ping(channel)
        assert message is not None, "no turn ping"
        [user] = [u for u in players if u in message.pinged]
        return user

    async def step(self, channel: FakeChannel, table_id: int, players: Sequence[FakeUser],
                   rng: random.Random) -> FakeUser:
        """The acting player presses one thing on their panel (opening a fresh panel with
        "My hand" first when the one they have offers no choice)."""
        user = self.acting(channel, players)
        if not choices(user):
            record = await self.click(user, button(board(channel), "hand"))
            assert not notes(record) and choices(user), (record, notes(record))
        pick = choose(choices(user), rng)
        before = await self.version(table_id)
        record = await self.click(user, pick)
        assert not notes(record), (pick, notes(record))
        after = await self.version(table_id)
        assert after in (before, before + 1), (before, after)
        self.moves += after - before
        return user

    async def play_move(self, channel: FakeChannel, table_id: int, players: Sequence[FakeUser],
                        rng: random.Random, max_presses: int = 60) -> None:
        before = await self.version(table_id)
        for _ in range(max_presses):
            await self.step(channel, table_id, players, rng)
            if await self.version(table_id) != before:
                return
        raise AssertionError("no move applied")

    async def play_to_end(self, channel: FakeChannel, table_id: int,
                          players: Sequence[FakeUser], rng: random.Random,
                          max_presses: int = 2500) -> None:
        for _ in range(max_presses):
            row = await self.store.get_table(table_id)
            assert row is not None
            if row.status != "playing":
                assert row.status == "finished", row.status
                return
            await self.step(channel, table_id, players, rng)
        raise AssertionError("the game did not end")


def as_shown(user: FakeUser, text: str) -> str:
    """`text` with its commands named as `user`'s client shows them (bot/discord/commands.py)."""
    names = client_names(TR, (*TableService.COMMANDS, "dms"))
    return as_client_shows(text, names.get(lang_of(user), {}))


def lang_of(user: FakeUser) -> str:
    """The language the bot answers this person in (no channel language chosen)."""
    code = user.locale.split("-")[0]
    return code if code in TR.languages else "en"


def channel_snapshot(server: FakeDiscordServer) -> list[tuple[Any, ...]]:
    """Everything visible about the public messages (deleted ones and edits included)."""
    return [(m.id, m.deleted, m.edits, m.content, repr(m.components),
             [a.data for a in m.attachments]) for m in server.public_messages()]


# --- hidden information ------------------------------------------------------------------------


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def private_texts(players: Iterable[FakeUser], public_lines: set[str]
                  ) -> tuple[set[str], set[str], set[str]]:
    """From every version of every panel the players were shown: the lines that are not a
    public event's, the option labels, and the game data their components carried."""
    lines: set[str] = set()
    labels: set[str] = set()
    data: set[str] = set()
    for user in players:
        for message in user.ephemeral_store.values():
            for version in message.versions:
                if not version.attachments:
                    continue
                lines.update(line for line in _lines(version.content)
                             if line not in public_lines)
                for component in _walk(version.components):
                    if component.get("label"):
                        labels.add(component["label"])
                    for option in component.get("options") or []:
                        labels.add(option["label"])
                        data.add(option["value"])
                    custom_id = component.get("custom_id", "")
                    if re.fullmatch(BUTTON_TEMPLATE, custom_id):
                        data.add(data_of(custom_id))
    return lines, labels, data


def _walk(components: list[dict[str, Any]] | None) -> Iterable[dict[str, Any]]:
    for component in components or []:
        yield component
        yield from _walk(component.get("components"))


async def check_nothing_private_in_public(server: FakeDiscordServer, store: Store,
                                          table_id: int, players: Sequence[FakeUser],
                                          log_text: str = "", *, twin_every: int = 3
                                          ) -> tuple[int, int]:
    """No tile of a hand ever reached a non-ephemeral message, nor the logs. For every
    version of every public message the bot sent:

    * a picture is the public board of a state of this game, in the order the game went
      through them, and a twin state whose hands and draw stack are reshuffled renders the
      very same bytes (every `twin_every`-th picture, and the last);
    * no line of its text is a line only a player saw in a panel, no component carries
      a menu's data or a panel's label, and nothing notifies anyone but the acting player.

    The logs contain no encoded placement, no panel data and no private line. Returns how
    many pictures were checked, and against how many twins.
    """
    game = await replay_table(store, table_id)
    versions_of: dict[bytes, list[int]] = {}
    for version, state in enumerate(game.states):
        versions_of.setdefault(board_png(SPEC.view(state, None), names=game.names),
                               []).append(version)
    private_lines, private_labels, private_data = private_texts(players, game.public_lines)
    assert private_lines and private_data, "the players saw no panel"
    seen: set[bytes] = set()
    pictures = twins = 0
    for message in server.public_messages():
        if not message.from_bot:
            continue
        last_version = 0
        for snapshot in message.versions:
            leaked = [line for line in _lines(snapshot.content) if line in private_lines]
            assert not leaked, f"private lines in {message!r}: {leaked}"
            assert not ACTION.search(snapshot.content or "")
            for component in _walk(snapshot.components):
                custom_id = component.get("custom_id", "")
                assert not re.fullmatch(SELECT_TEMPLATE, custom_id), component
                if custom_id:
                    press = decode(data_of(custom_id))
                    assert press.kind not in GAME_KINDS and not press.path, component
                assert component.get("label") not in private_labels, component
            for attachment in snapshot.attachments:
                photo = attachment.data
                assert photo in versions_of, (
                    f"a picture in {message!r} is not the public board of any state")
                later = [v for v in versions_of[photo] if v >= last_version]
                assert later, f"{message!r} went back in time"
                last_version = later[0]
                pictures += 1
                if photo in seen:
                    continue
                seen.add(photo)
                if (len(seen) - 1) % twin_every and last_version != len(game.states) - 1:
                    continue
                twin = secret_twin(game.states[last_version], last_version)
                if twin is not None:
                    assert board_png(SPEC.view(twin, None), names=game.names) == photo
                    twins += 1
    for secret in private_data:
        if len(decode(secret).path) >= 2:  # names a tile (or a colour) of a hand
            assert secret not in log_text, f"panel data {secret!r} in the logs"
    assert not ACTION.search(log_text), "an encoded placement in the logs"
    leaked = [line for line in private_lines if len(line) >= 8 and line in log_text]
    assert not leaked, f"private lines in the logs: {leaked}"
    return pictures, twins
