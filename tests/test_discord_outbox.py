"""The Discord outbox against a recording fake client: messages edited in place, identical
screens skipped, stale edits coalesced (a board telling the moves of those it replaced),
pictures uploaded only when they change, deleted messages re-sent, a channel without Attach
Files, the turn ping's DM and its fallback, and panels refreshed only through a still valid
interaction token; and, through the real discord.py client against the fake Discord server,
the time a 429 held a table's channel message back reported for the table's chat."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace

import discord
import pytest

from bot.discord.dms import TurnDms
from bot.discord.outbox import Outbox, WaitReport
from bot.discord.panels import PanelTokens
from bot.discord.waits import Meter, http_trace
from bot.i18n import Translator
from bot.screens import Drop, Mention, Place, Post, Role, Screen, TurnReminder
from bot.storage import Store
from bot.table_screens import MOVES_ROOM, BoardScreen, board_caption
from fakes.discord import FakeDiscordServer
from tests.discord_helpers import FakeClient, FakeHandle, http_error

pytest_plugins = ["fakes.discord.fixtures"]

TR = Translator.load()
CHANNEL = "500"
SNOWFLAKE_EPOCH = discord.utils.snowflake_time(0).timestamp()
"""The fake client's small message ids were all made then: `now` keeps them young."""


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def store(tmp_path) -> AsyncIterator[Store]:
    store = await Store.open(tmp_path / "db.sqlite3")
    yield store
    await store.close()


@pytest.fixture
def client() -> FakeClient:
    return FakeClient()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def outbox(client: FakeClient, store: Store, clock: Clock) -> AsyncIterator[Outbox]:
    box = Outbox(client, store, TR, PanelTokens(clock=clock), clock=clock,  # type: ignore[arg-type]
                 now=lambda: SNOWFLAKE_EPOCH)

    async def sleep(seconds: float) -> None:  # the DMs' pace, on the test's clock
        clock.now += seconds

    box.dms = TurnDms(client, store, clock=clock, sleep=sleep)  # type: ignore[arg-type]
    yield box
    await box.close()


async def table(store: Store, thread: str | None = None) -> int:
    row = await store.create_table("discord", CHANNEL, thread, "lanterns", creator_id="42",
                                   language="en", title="#general")
    await store.add_seat(row.id, "42", "Ann", language="ru")
    await store.add_seat(row.id, "43", "Bob", language="pl")
    return row.id


def board(table_id: int, text: str, image: bytes | None = b"png1", **kw: object) -> Post:
    return Post(Place(table_id, Role.BOARD, None, CHANNEL, kw.pop("thread", None)),  # type: ignore[arg-type]
                Screen((text,), image=image), **kw)  # type: ignore[arg-type]


SEATED = {"42": (0, "ru"), "43": (1, "pl")}  # table()'s players: their seat and language


def ping(table_id: int, user: str = "42", name: str = "Ann") -> Post:
    """A turn ping as the service makes it: the reminder in the player's language with it."""
    seat, lang = SEATED[user]
    reminder = TurnReminder(user, seat, name,
                            TR.t(lang, "bot-your-turn-in-chat", chat="#general"))
    return Post(Place(table_id, Role.PING, None, CHANNEL),
                Screen(("🔔 ", Mention(user, name), ", your turn!")), fresh=True,
                reminders=(reminder,))


def panel(table_id: int, user: str, text: str, seat: int = 0) -> Post:
    return Post(Place(table_id, Role.PANEL, seat, user), Screen((text,), image=b"hand"))


async def test_a_kept_message_is_sent_once_then_edited_in_place(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store)
    outbox.post(board(t, "move 1"))
    assert await outbox.flush(5)
    [sent] = client.of("send")
    assert sent.channel == int(CHANNEL) and sent.kwargs["content"] == "move 1"
    assert sent.kwargs["file"].filename == "picture.png"
    assert sent.kwargs["allowed_mentions"].to_dict()["parse"] == []  # a board pings nobody
    ref = await store.get_message(t, Role.BOARD)
    assert ref is not None and ref.message_id == "1000" and ref.chat_id == CHANNEL

    outbox.post(board(t, "move 1"))  # identical: no request
    assert await outbox.flush(5)
    outbox.post(board(t, "move 2"))  # same picture: no new upload
    assert await outbox.flush(5)
    [edit] = client.of("edit")
    assert edit.message == 1000 and edit.kwargs["content"] == "move 2"
    assert "attachments" not in edit.kwargs
    outbox.post(board(t, "move 3", image=b"png2"))
    assert await outbox.flush(5)
    assert len(client.of("edit")[-1].kwargs["attachments"]) == 1
    assert outbox.counters.skipped["board"] == 1 and len(client.of("send")) == 1


async def test_edits_a_newer_one_replaces_while_waiting_are_never_sent(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store)
    client.gate = asyncio.Event()
    outbox.post(board(t, "move 1"))
    await asyncio.sleep(0.05)  # the first send is under way (waiting on the gate)
    for move in range(2, 7):
        outbox.post(board(t, f"move {move}", image=f"png{move}".encode()))
    client.gate.set()
    assert await outbox.flush(5)
    assert [c.kwargs["content"] for c in client.calls] == ["move 1", "move 6"]
    assert outbox.counters.coalesced["board"] == 4


async def test_an_older_version_never_replaces_a_newer_one(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    """Boards drawn late (or by another worker) that show an older table version than the
    one shown, or than one still pending, are never sent."""
    t = await table(store)
    outbox.post(board(t, "v3", version=3))
    assert await outbox.flush(5)
    outbox.post(board(t, "v2", version=2))
    assert await outbox.flush(5)
    client.gate = asyncio.Event()
    outbox.post(board(t, "v4", version=4))
    await asyncio.sleep(0.05)  # its edit is under way (waiting on the gate)
    outbox.post(board(t, "v6", version=6))
    outbox.post(board(t, "v5", version=5))  # pending behind v6: dropped
    client.gate.set()
    assert await outbox.flush(5)
    assert [c.kwargs["content"] for c in client.calls] == ["v3", "v4", "v6"]
    assert (await store.get_message(t, Role.BOARD)).version == 6

async def test_a_board_replacing_unsent_boards_tells_their_moves(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store)
    place = Place(t, Role.BOARD, None, CHANNEL)

    def after(move: str, turn: str) -> Post:
        told = ((move,),)
        return Post(place, BoardScreen(board_caption(TR, "en", told, (turn,)), image=b"png1",
                                       moves=told, rest=(turn,)))

    client.gate = asyncio.Event()
    outbox.post(after("Ann placed a tile.", "Bob's turn"))
    await asyncio.sleep(0.05)  # the first send is under way (waiting on the gate)
    outbox.post(after("Bob placed a tile.", "Cid's turn"))
    outbox.post(after("Cid made a dedication.", "Ann's turn"))
    client.gate.set()
    assert await outbox.flush(5)
    assert [c.kwargs["content"] for c in client.calls] == [
        "Ann placed a tile.\n\nBob's turn",
        "• Bob placed a tile.\n• Cid made a dedication.\n\nAnn's turn"]


async def test_threads_get_their_messages_and_a_deleted_message_is_sent_anew(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store, thread="777")
    outbox.post(board(t, "move 1", thread="777"))
    assert await outbox.flush(5)
    assert client.of("send")[0].channel == 777
    client.fail["edit"] = [http_error(discord.NotFound, 404, 10008)]
    outbox.post(board(t, "move 2", thread="777"))
    assert await outbox.flush(5)
    assert [c.method for c in client.calls] == ["send", "edit", "send"]
    ref = await store.get_message(t, Role.BOARD)
    assert ref is not None and ref.message_id == "1001" and ref.chat_id == "777"


async def test_without_attach_files_the_board_comes_as_text_with_a_note(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store)
    client.fail["send"] = [http_error(discord.Forbidden, 403, 50013)]
    outbox.post(board(t, "move 1"))
    assert await outbox.flush(5)
    first, second = client.of("send")
    assert "file" in first.kwargs and "file" not in second.kwargs
    assert second.kwargs["content"].startswith("move 1\n\n*")
    assert TR.t("en", "dc-missing-attach-right").split(":")[0] in second.kwargs["content"]


async def test_a_fresh_ping_replaces_the_last_one_pings_and_sends_a_dm(
        outbox: Outbox, client: FakeClient, store: Store) -> None:
    t = await table(store)
    for user in ("42", "43"):  # both asked for turn reminders (/dms on)
        await store.set_turn_dms(user, True)
    outbox.learn_guild(CHANNEL, 9)
    outbox.post(ping(t))
    assert await outbox.flush(5)
    outbox.post(ping(t, "43", "Bob"))
    assert await outbox.flush(5)
    sends, deletes, dms = client.of("send"), client.of("delete"), client.of("dm")
    assert [s.kwargs["content"] for s in sends] == ["🔔 <@42>, your turn!", "🔔 <@43>, your turn!"]
    assert [u.id for u in sends[1].kwargs["allowed_mentions"].users] == [43]
    assert [d.message for d in deletes] == [1000]  # the first ping
    assert [d.channel for d in dms] == [42, 43]
    ann, bob = (d.kwargs["content"] for d in dms)
    assert ann.startswith(TR.t("ru", "bot-your-turn-in-chat", chat="#general"))
    assert bob.startswith(TR.t("pl", "bot-your-turn-in-chat", chat="#general"))
    assert ann.endswith(f"https://discord.com/channels/9/{CHANNEL}/1000")


class TableReads:
    """The store, noting each read of a table (its row or its seats) the outbox makes."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.reads: list[str] = []

    def __getattr__(self, name: str) -> object:
        if name in ("load_table", "get_table", "list_seats"):
            self.reads.append(name)
        return getattr(self._store, name)


async def test_a_turn_dm_says_what_the_ping_carries_without_reading_the_table(
        client: FakeClient, store: Store, clock: Clock) -> None:
    """The service words the reminder; the outbox only delivers it: no table read."""
    t = await table(store)
    await store.set_turn_dms("43", True)
    watched = TableReads(store)
    box = Outbox(client, watched, TR, PanelTokens(clock=clock), clock=clock,  # type: ignore[arg-type]
                 now=lambda: SNOWFLAKE_EPOCH)

    async def sleep(seconds: float) -> None:
        clock.now += seconds

    box.dms = TurnDms(client, watched, clock=clock, sleep=sleep)  # type: ignore[arg-type]
    box.learn_guild(CHANNEL, 9)
    said = Post(Place(t, Role.PING, None, CHANNEL), Screen(("🔔 ", Mention("43", "Bob"),)),
                fresh=True, reminders=(TurnReminder("43", 1, "Bob", "Your move, Bob"),))
    try:
        box.post(said)
        assert await box.flush(5)
        [dm] = client.of("dm")
        assert (dm.channel, dm.kwargs["content"]) == (
            43, f"Your move, Bob\nhttps://discord.com/channels/9/{CHANNEL}/1000")
        assert watched.reads == []
        box.post(replace(said, reminders=()))  # a ping reminding nobody: no DM
        assert await box.flush(5)
        assert len(client.of("dm")) == 1 and len(client.of("send")) == 2
    finally:
        await box.close()


async def test_a_player_who_refuses_dms_gets_one_note_in_the_channel(
        outbox: Outbox, client: FakeClient, store: Store, clock: Clock) -> None:
    t = await table(store)
    await store.set_turn_dms("42", True)
    client.fail["dm"] = [http_error(discord.Forbidden, 403, 50007)]
    outbox.post(ping(t))
    assert await outbox.flush(5)
    [note] = [s for s in client.of("send") if "Ann" in s.kwargs["content"]]
    assert note.kwargs["content"] == TR.t("en", "dc-dm-blocked", name="Ann")
    assert await store.get_message(t, Role.NOTE, 0) is not None  # kept under Ann's seat
    # the next turns: no new DM attempt for a while, and no second note
    for _ in range(2):
        outbox.post(ping(t))
        assert await outbox.flush(5)
    assert len(client.of("dm")) == 1
    assert len([s for s in client.of("send") if "Ann" in s.kwargs["content"]]) == 1
    clock.now += 3601  # later the DM is tried again (they may have allowed it)
    outbox.post(ping(t))
    assert await outbox.flush(5)
    assert len(client.of("dm")) == 2


async def test_a_drop_deletes_the_kept_message(outbox: Outbox, client: FakeClient,
                                               store: Store) -> None:
    t = await table(store)
    outbox.post(board(t, "move 1"))
    outbox.post(Drop(Place(t, Role.LOBBY, None, CHANNEL)))  # nothing kept: nothing to do
    assert await outbox.flush(5)
    outbox.post(Drop(Place(t, Role.BOARD, None, CHANNEL)))
    assert await outbox.flush(5)
    assert [c.method for c in client.calls] == ["send", "delete"]
    assert await store.get_message(t, Role.BOARD) is None


# --- panels ----------------------------------------------------------------------------------


async def test_panels_are_refreshed_only_through_a_valid_token(
        outbox: Outbox, client: FakeClient, store: Store, clock: Clock) -> None:
    t = await table(store)
    outbox.post(panel(t, "42", "hand 1"))  # no token: skipped (the ping tells them)
    assert await outbox.flush(5)
    assert outbox.counters.skipped["panel"] == 1

    handle = FakeHandle()
    outbox.panels.remember(t, "42", handle=handle, fingerprint=None, image=None)
    outbox.post(panel(t, "42", "hand 2"))
    assert await outbox.flush(5)
    [edit] = handle.edits
    assert edit["content"] == "hand 2" and len(edit["attachments"]) == 1
    outbox.post(panel(t, "42", "hand 2"))  # identical: skipped
    assert await outbox.flush(5)
    outbox.post(panel(t, "42", "hand 3"))  # same picture: not uploaded again
    assert await outbox.flush(5)
    assert [e["content"] for e in handle.edits] == ["hand 2", "hand 3"]
    assert "attachments" not in handle.edits[-1]

    clock.now += 15 * 60 - 29  # the token is about to expire: no longer used
    outbox.post(panel(t, "42", "hand 4"))
    assert await outbox.flush(5)
    assert len(handle.edits) == 2 and outbox.panels.get(t, "42") is None
    assert client.calls == []  # panels never go to a channel


async def test_a_dismissed_panel_is_forgotten(outbox: Outbox, store: Store) -> None:
    t = await table(store)
    handle = FakeHandle(fail=[http_error(discord.NotFound, 404, 10008)])
    outbox.panels.remember(t, "42", handle=handle)
    outbox.post(panel(t, "42", "hand 1"))
    assert await outbox.flush(5)
    assert outbox.panels.get(t, "42") is None and outbox.counters.failures["panel"] == 1


async def test_the_players_own_answer_drops_older_refreshes(outbox: Outbox, store: Store
                                                            ) -> None:
    t = await table(store)
    handle = FakeHandle()
    outbox.panels.remember(t, "42", handle=handle)
    outbox.post(panel(t, "42", "older"))
    outbox.post(panel(t, "43", "Bob's"))  # another player's lane is not touched
    bob = FakeHandle()
    outbox.panels.remember(t, "43", handle=bob)
    async with outbox.panel_turn(t, "42"):
        pass  # the interaction shows the newer panel here
    assert await outbox.flush(5)
    assert handle.edits == [] and [e["content"] for e in bob.edits] == ["Bob's"]


async def test_a_refresh_waits_for_the_players_own_answer(outbox: Outbox, store: Store) -> None:
    t = await table(store)
    handle = FakeHandle()
    outbox.panels.remember(t, "42", handle=handle)
    async with outbox.panel_turn(t, "42"):
        outbox.post(panel(t, "42", "newer move"))  # queued while the answer is shown
        await asyncio.sleep(0.05)
        assert handle.edits == []  # held back until the answer is out
    assert await outbox.flush(5)
    assert [e["content"] for e in handle.edits] == ["newer move"]


async def test_players_and_tables_gone_by_leave_no_lock_and_few_counts(
        outbox: Outbox, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process serving for weeks: a lock per player only while their panel is being
    shown, and the counts of their own answers for the newest panels only."""
    monkeypatch.setattr(outbox._generations, "size", 3)
    monkeypatch.setattr(outbox._queued_in, "size", 3)
    tables = [await table(store, thread=str(600 + n)) for n in range(5)]  # a thread each
    for t in tables:
        for user in ("42", "43"):
            outbox.panels.remember(t, user, handle=FakeHandle())
            async with outbox.panel_turn(t, user):
                outbox.post(panel(t, user, "newer"))
    assert await outbox.flush(5)
    assert len(outbox._panel_locks) == 0
    assert len(outbox._generations) == 3 and len(outbox._queued_in) == 3
    # the newest are still counted: a refresh queued before the player's answer is dropped
    handle = FakeHandle()
    outbox.panels.remember(tables[-1], "43", handle=handle)
    outbox.post(panel(tables[-1], "43", "older"))
    async with outbox.panel_turn(tables[-1], "43"):
        pass
    assert await outbox.flush(5)
    assert handle.edits == []


def test_tokens_expire() -> None:
    clock = Clock()
    panels = PanelTokens(clock=clock)
    first = panels.remember(1, "42", handle="a")
    panels.remember(2, "42", handle="b")
    clock.now += 100
    panels.forget(1, "42", FakeHandle())  # type: ignore[arg-type]  # not that panel: kept
    assert panels.get(1, "42") is first
    clock.now += 15 * 60
    assert panels.prune() == 2 and len(panels) == 0


# --- waits on Discord's rate limits -------------------------------------------------------


def test_a_meter_counts_429_waits_and_long_pacing() -> None:
    meter = Meter(started=100.0)
    meter.attempt_started(100.4)  # discord.py waited for the bucket before the request
    meter.attempt_ended(100.5, 429)
    meter.attempt_started(107.5)  # slept retry_after = 7
    meter.attempt_ended(107.6, 502)
    meter.attempt_started(108.6)  # a server error's back-off is no flood control
    meter.attempt_ended(108.7, 200)
    assert (meter.attempts, meter.pacing, meter.flood) == (3, pytest.approx(0.4), 7.0)
    assert meter.held_back(1.0) == 7.0  # 0.4 s before a request is not lag
    assert meter.held_back(0.25) == pytest.approx(7.4)


@contextlib.asynccontextmanager
async def live_outbox(server: FakeDiscordServer, store: Store, clock: Clock,
                      on_wait: WaitReport) -> AsyncIterator[Outbox]:
    """The outbox on the real discord.py client (with the trace that measures its waits),
    logged in to the fake Discord server."""
    client = discord.Client(intents=discord.Intents.none(), http_trace=http_trace())
    await client.login(server.token)
    box = Outbox(client, store, TR, PanelTokens(clock=clock), clock=clock, on_wait=on_wait)
    try:
        yield box
    finally:
        await box.close()
        await client.close()


async def test_a_429_on_a_board_edit_is_reported_once_for_the_tables_chat(
        fake_discord: FakeDiscordServer, store: Store, clock: Clock) -> None:
    server = fake_discord
    channel = server.text_channel(server.guild("Game night"), "games")
    thread = server.thread(channel, "lanterns")
    row = await store.create_table("discord", str(channel.id), str(thread.id), "lanterns",
                                   creator_id="42", language="en", title="#games")
    place = Place(row.id, Role.BOARD, None, str(channel.id), str(thread.id))
    reports: list[tuple[str, float]] = []

    async def on_wait(chat_id: str, seconds: float) -> None:
        reports.append((chat_id, seconds))

    async with live_outbox(server, store, clock, on_wait) as outbox:
        outbox.post(Post(place, Screen(("move 1",))))
        assert await outbox.flush(5)
        assert reports == []  # went at once: nothing to give back

        server.inject_rate_limit("edit_message", channel=thread, retry_after=0.05)
        outbox.post(Post(place, Screen(("move 2",))))
        assert await outbox.flush(5)
    assert [c.status for c in server.calls_of("edit_message")] == [429, 200]
    assert [m.content for m in thread.bot_messages] == ["move 2"]
    [(chat, seconds)] = reports  # the table's chat, not the thread the request went to
    assert chat == str(channel.id) and 0.045 <= seconds < 1.0


async def test_a_failing_wait_report_does_not_stop_delivery(
        fake_discord: FakeDiscordServer, store: Store, clock: Clock,
        caplog: pytest.LogCaptureFixture) -> None:
    server = fake_discord
    channel = server.text_channel(server.guild("Game night"), "games")
    row = await store.create_table("discord", str(channel.id), None, "lanterns",
                                   creator_id="42", language="en", title="#games")
    place = Place(row.id, Role.BOARD, None, str(channel.id))
    calls: list[str] = []

    async def on_wait(chat_id: str, seconds: float) -> None:
        calls.append(chat_id)
        raise RuntimeError("the clocks are unavailable")

    async with live_outbox(server, store, clock, on_wait) as outbox:
        server.inject_rate_limit("send_message", channel=channel, retry_after=0.01)
        outbox.post(Post(place, Screen(("move 1",))))
        assert await outbox.flush(5)
        assert outbox.counters.sends["board"] == 1 and outbox.counters.failures["board"] == 0
    assert calls == [str(channel.id)]
    assert [m.content for m in channel.bot_messages] == ["move 1"]
    ref = await store.get_message(row.id, Role.BOARD)
    assert ref is not None and ref.content_hash == Screen(("move 1",)).fingerprint()
    assert "reporting a" in caplog.text and "RuntimeError" in caplog.text


async def test_every_move_reaches_the_channel_when_a_board_tells_more_than_fits(
        fake_discord: FakeDiscordServer, store: Store, clock: Clock) -> None:
    """A board held back (a 429 on its edit) while many moves were made: its text tells the
    newest ones, a message of their own the earlier ones; every move reached the channel."""
    server = fake_discord
    channel = server.text_channel(server.guild("Game night"), "games")
    row = await store.create_table("discord", str(channel.id), None, "lanterns",
                                   creator_id="42", language="en", title="#games")
    place = Place(row.id, Role.BOARD, None, str(channel.id))
    long = "x" * (MOVES_ROOM // 4)

    def after(move: str) -> Post:
        told = ((move,),)
        return Post(place, BoardScreen(board_caption(TR, "en", told, ("Bob's turn",)),
                                       image=b"png1", moves=told, rest=("Bob's turn",)))

    async def on_wait(chat_id: str, seconds: float) -> None:
        pass

    async with live_outbox(server, store, clock, on_wait) as outbox:
        outbox.post(after("Move 0."))
        assert await outbox.flush(5)
        server.inject_rate_limit("edit_message", channel=channel, retry_after=0.2)
        outbox.post(after(f"Move 1 {long}."))
        await server.wait_for("edit_message", ok=False)  # held back: moves pile up
        for n in range(2, 12):
            outbox.post(after(f"Move {n} {long}."))
        assert await outbox.flush(5)
    board_message, *told = channel.bot_messages
    assert board_message.content.startswith(TR.t("en", "table-moves-earlier", count=7))
    assert board_message.content.endswith(f"• Move 11 {long}.\n\nBob's turn")
    assert told and told[0].content.startswith(TR.t("en", "table-moves-earlier-list"))
    reached = "\n".join(text for m in channel.bot_messages for text in m.texts())  # every version
    assert all(f"Move {n} {long}." in reached for n in range(1, 12))
