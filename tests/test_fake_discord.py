"""Tests of the fake Discord API, driven by the real discord.py client.

A small ``commands.Bot`` (a localised ``/newgame`` that answers ephemerally
and posts a board with a persistent ``DynamicItem`` button, a ``/hand`` panel
with a picture and a select menu, a ``/dm`` that falls back when DMs are
refused, a deferred ``/think``, a deliberately slow ``/slow``) logs in over
HTTP and the gateway websocket on 127.0.0.1; simulated people run its
commands and click its components. Other tests call the API through
discord.py directly to check that Discord's errors surface as the right
discord.py exceptions.
"""

from __future__ import annotations

import asyncio
import gc
import io
import logging
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands
from PIL import Image

from fakes.discord import (
    DISCORD_ROUTE_LIMITS,
    FLAG_EPHEMERAL,
    FakeChannel,
    FakeDiscordServer,
    WaitTimeout,
    rest,
    run_client,
)

pytest_plugins = ["fakes.discord.fixtures"]
pytestmark = pytest.mark.timeout(180)

RED = (255, 0, 0)
BLUE = (0, 0, 255)

TRANSLATIONS = {
    "ru": {
        "newgame": "новаяигра",
        "Start a new game": "Начать новую игру",
        "game": "игра",
        "Which game to play": "Во что играть",
        "Lanterns": "Фонарики",
    },
    "pl": {
        "newgame": "nowagra",
        "Start a new game": "Rozpocznij nową grę",
        "game": "gra",
        "Which game to play": "W co grać",
        "Lanterns": "Lampiony",
    },
}


def png(color: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    return buffer.getvalue()


# ------------------------------------------------------------------ the bot under test


class Store:
    """What survives a bot restart (the database of a real bot)."""

    def __init__(self) -> None:
        self.tables: dict[int, int] = {}
        """table id -> version of its board."""


class Texts(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: Any
    ) -> str | None:
        return TRANSLATIONS.get(locale.value, {}).get(string.message)


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"join:(?P<table>[0-9]+):v(?P<version>[0-9]+)",
):
    """A board button that works after a restart: the custom id carries table and version."""

    def __init__(self, table: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join",
                style=discord.ButtonStyle.primary,
                custom_id=f"join:{table}:v{version}",
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> JoinButton:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        store: Store = interaction.client.store  # type: ignore[attr-defined]
        if store.tables.get(self.table) != self.version:
            await interaction.response.send_message("This board is outdated.", ephemeral=True)
            return
        store.tables[self.table] = self.version + 1
        await interaction.response.edit_message(
            content=f"Table {self.table}: {interaction.user.display_name} joined",
            view=board_view(self.table, self.version + 1),
        )


def board_view(table: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(table, version))
    return view


class PanelView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="spot",
        options=[discord.SelectOption(label=f"Spot {c}", value=c) for c in "abc"],
    )
    async def spot(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"Picked {select.values[0]}")


class GameBot(commands.Bot):
    def __init__(self, store: Store, **options: Any) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **options)
        self.store = store
        self.panels: dict[int, discord.Interaction] = {}
        """user id -> the interaction that opened their ephemeral panel."""
        self.slow_started = asyncio.Event()
        self.slow_gate = asyncio.Event()
        self.errors: list[BaseException] = []
        self.add_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.tree.set_translator(Texts())
        await self.tree.sync()

    def add_commands(self) -> None:
        tree = self.tree

        @tree.command(name=_("newgame"), description=_("Start a new game"))
        @app_commands.describe(game=_("Which game to play"))
        @app_commands.choices(
            game=[
                app_commands.Choice(name=_("Lanterns"), value="lanterns"),
                app_commands.Choice(name="Hanabi", value="hanabi"),
            ]
        )
        async def newgame(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
            table = len(self.store.tables) + 1
            self.store.tables[table] = 1
            await interaction.response.send_message(f"You started {game.value}.", ephemeral=True)
            assert isinstance(interaction.channel, discord.abc.Messageable)
            embed = discord.Embed(title=f"Table {table}").set_image(url="attachment://board.png")
            await interaction.channel.send(
                f"Table {table}: {game.value}",
                embed=embed,
                file=discord.File(io.BytesIO(png(RED)), "board.png"),
                view=board_view(table, 1),
            )

        @tree.command(description="Open your private panel")
        async def hand(interaction: discord.Interaction) -> None:
            self.panels[interaction.user.id] = interaction
            await interaction.response.send_message(
                "Your hand: secret dragon",
                file=discord.File(io.BytesIO(png(BLUE)), "hand.png"),
                view=PanelView(),
                ephemeral=True,
            )

        @tree.command(description="Try to DM you")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send("Your turn!")
            except discord.Forbidden as error:
                await interaction.followup.send(f"Can't DM you ({error.code}).", ephemeral=True)
            else:
                await interaction.followup.send("Sent you a DM.", ephemeral=True)

        @tree.command(description="Think, then answer twice")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("Done thinking.")
            await interaction.followup.send("One more thing.")

        @tree.command(description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            self.slow_started.set()
            await self.slow_gate.wait()
            try:
                await interaction.response.send_message("finally")
            except discord.NotFound as error:
                self.errors.append(error)

        @tree.command(description="Open a thread for a table")
        async def table(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Opening a thread.", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            thread = await interaction.channel.create_thread(
                name="Lanterns #1", type=discord.ChannelType.public_thread
            )
            await thread.send(f"{interaction.user.mention}, your table is here.")


def make_bot(store: Store | None = None) -> GameBot:
    return GameBot(store or Store())


@pytest.fixture(autouse=True)
def no_unclosed_sessions(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Fail a test that leaves an aiohttp session or connector open. What the worker
    process held before the test is frozen out of the collection that finds them: a full
    collection of a worker that has played hundreds of games took seconds per test."""
    caplog.set_level(logging.ERROR, logger="asyncio")
    gc.freeze()
    try:
        yield
        gc.collect()
    finally:
        gc.unfreeze()
    leaks = [r.getMessage() for r in caplog.records if "Unclosed" in r.getMessage()]
    assert not leaks, leaks


# ------------------------------------------------------------------ full flows


async def test_localised_command_tree_and_ephemeral_answer(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    guild = server.guild("Game night", locale="pl")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice", locale="ru")
    bob = server.user("Bob")
    bot = make_bot()

    async with run_client(server, bot):
        [sync] = server.calls_of("bulk_upsert_global_commands")
        assert sync.ok and sync.time <= server.sessions[0].events[0].time
        newgame = server.command("newgame")
        assert newgame["name_localizations"] == {"ru": "новаяигра", "pl": "nowagra"}
        assert newgame["description_localizations"]["pl"] == "Rozpocznij nową grę"
        [option] = newgame["options"]
        assert option["name_localizations"] == {"ru": "игра", "pl": "gra"}
        assert option["choices"][0]["name_localizations"] == {"ru": "Фонарики", "pl": "Lampiony"}
        assert server.localized_command("newgame", "ru") == ("новаяигра", "Начать новую игру")
        assert server.localized_command("hand", "pl") == ("hand", "Open your private panel")

        # Alice types the Russian name; Discord sends the command's real name.
        slash = alice.slash(channel, "новаяигра", game="lanterns")
        callback = await slash.wait_answered()
        [board_call] = await server.wait_for("send_message", channel=channel)

    assert slash.data["name"] == "newgame"
    assert slash.data["options"] == [{"name": "game", "type": 3, "value": "lanterns"}]
    assert slash.payload["locale"] == "ru" and slash.payload["guild_locale"] == "pl"
    assert slash.payload["member"]["user"]["id"] == str(alice.id)
    assert callback.callback_type == 4 and callback.json["data"]["flags"] == FLAG_EPHEMERAL
    assert slash.response_time is not None and slash.response_time < 3

    reply = alice.last_ephemeral
    assert reply is not None and reply is slash.original
    assert reply.content == "You started lanterns." and reply.ephemeral_to is alice
    assert reply not in channel.messages and bob.ephemeral_messages == []

    board = channel.last_message(from_bot=True)
    assert board is not None and board is board_call.message
    assert board.content == "Table 1: lanterns"
    assert board.custom_ids == ["join:1:v1"] and board.button_labels == ["Join"]
    assert board_call.file("board.png").image().getpixel((0, 0)) == RED
    assert board.image("board.png").size == (40, 30)
    image = board.embeds[0]["image"]
    assert image["url"] == board.attachment("board.png").url and image["width"] == 40
    async with aiohttp.ClientSession() as http, http.get(image["url"]) as response:
        assert await response.read() == png(RED)

    server.assert_not_public("You started")
    server.assert_interactions_answered()
    [ready, guild_create] = server.sessions[0].events[:2]
    assert (ready.type, guild_create.type) == ("READY", "GUILD_CREATE")
    assert ready.data["guilds"] == [{"id": str(guild.id), "unavailable": True}]
    assert [c["name"] for c in guild_create.data["channels"]] == ["games"]
    identify = next(p["d"] for p in server.gateway_received if p["op"] == 2)
    assert identify["intents"] == discord.Intents.default().value
    assert server.heartbeats >= 1  # discord.py beats right after HELLO; each one is ACKed


async def test_dynamic_button_works_after_a_restart(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice, bob = server.user("Alice"), server.user("Bob")
    store = Store()

    async with run_client(server, make_bot(store)):
        await alice.slash(channel, "newgame", game="hanabi").wait_answered()
        await server.wait_for("send_message")
    board = channel.last_message(from_bot=True)
    assert board is not None and board.custom_ids == ["join:1:v1"]

    # A new process: a new client, a new gateway session; the old button still works.
    async with run_client(server, make_bot(store)):
        # Both see version 1 and click at once; the second click finds the board outdated.
        click = bob.click(board, label="Join")
        race = alice.click(board, "join:1:v1")
        callback = await click.wait_answered()
        await race.wait_answered()
        assert callback.callback_type == 7  # UPDATE_MESSAGE edits the board in place
        assert board.content == "Table 1: Bob joined" and board.custom_ids == ["join:1:v2"]
        assert board.history[0].components[0]["components"][0]["custom_id"] == "join:1:v1"

        with pytest.raises(ValueError, match="no button"):
            bob.click(board, "join:1:v1")  # no longer on the message
        # A forged id absent from the message: discord.py drops dynamic items it can't
        # find in interaction.message, so only an on_interaction fallback could answer.
        forged = bob.click(board, "join:1:v1", force=True)
        await server.wait_idle()

    assert len(server.sessions) == 2 and server.sessions[0].ended
    assert click.payload["message"]["id"] == str(board.id)
    assert race.payload["message"]["components"] == click.payload["message"]["components"]
    assert race.original is not None and race.original.content == "This board is outdated."
    assert alice.last_ephemeral is race.original and board.edits == 1
    assert forged.problems() == ["never answered"]
    server.assert_interactions_answered(ignore=[forged])


async def test_ephemeral_panel_select_and_webhook_edits_until_the_token_expires(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice, bob = server.user("Alice"), server.user("Bob")
    bot = make_bot()

    async with run_client(server, bot):
        await alice.slash(channel, "hand").wait_answered()
        panel = alice.last_ephemeral
        assert panel is not None and panel.image("hand.png").getpixel((1, 1)) == BLUE
        assert [o["value"] for o in panel.selects[0]["options"]] == ["a", "b", "c"]

        with pytest.raises(ValueError, match="ephemeral to someone else"):
            bob.click(panel, "spot")
        with pytest.raises(ValueError, match="not among the options"):
            alice.select(panel, "spot", ["z"])
        pick = alice.select(panel, "spot", ["b"])
        await pick.wait_answered()
        assert pick.values == ["b"] and panel.content == "Picked b"

        # Later (a move elsewhere), the bot refreshes the panel through the token.
        opened = bot.panels[alice.id]
        await opened.edit_original_response(content="Your hand: secret phoenix")
        [edit] = server.calls_of("edit_original_interaction_response")
        assert edit.ok and edit.message is panel and panel.content == "Your hand: secret phoenix"
        assert panel.ephemeral_to is alice and panel.edits == 2

        server.clock.advance(15 * 60 + 1)
        with pytest.raises(discord.HTTPException) as error:
            await opened.edit_original_response(content="too late")
        assert (error.value.status, error.value.code) == (401, 50027)

    assert [v.content for v in panel.versions] == [
        "Your hand: secret dragon",
        "Picked b",
        "Your hand: secret phoenix",
    ]
    server.assert_not_public("secret")
    assert channel.messages == []


async def test_dm_refused_with_50007_and_delivered_otherwise(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    shy = server.user("Shy", allow_dms=False)
    open_ = server.user("Open")

    async with run_client(server, make_bot()):
        refused = shy.slash(channel, "dm")
        await server.wait_for("execute_webhook")
        delivered = open_.slash(channel, "dm")
        await server.wait_for("execute_webhook")

    [failed] = server.calls_of("send_message", ok=False)
    assert (failed.status, failed.error_code) == (403, 50007)
    assert failed.response["message"] == "Cannot send messages to this user"
    assert refused.response_type == 5 and refused.original is not None
    assert refused.original.content == "Can't DM you (50007)." and not refused.original.loading
    assert shy.dm_messages == [] and shy.dm_channel is not None
    assert [m.content for m in open_.dm_messages] == ["Your turn!"]
    assert delivered.original is not None and delivered.original.ephemeral_to is open_


async def test_injected_429_is_honoured_and_buckets_respected(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    client = discord.Client(intents=discord.Intents.none())
    await client.login(server.token)
    try:
        target = await client.fetch_channel(channel.id)
        assert isinstance(target, discord.TextChannel)
        loop = asyncio.get_running_loop()

        fault = server.inject_rate_limit("send_message", retry_after=0.3)
        started = loop.time()
        sent = await target.send("hello")
        assert loop.time() - started >= 0.3
        assert [c.status for c in server.calls_of("send_message")] == [429, 200]
        limited, ok = server.calls_of("send_message")
        assert limited.response["retry_after"] == 0.3 and limited.headers["Retry-After"] == "1"
        assert ok.headers["X-RateLimit-Limit"] == "5" and "X-RateLimit-Reset-After" in ok.headers
        assert fault.remaining == 0 and fault.hits == [limited]
        assert channel.message(sent.id).content == "hello"

        # A tight bucket (2 per 0.4 s per channel): discord.py waits on the headers, on
        # the fake's clock (its buckets' time moves on by the wait)
        server.limits.rate_limits["send_message"] = (2, 0.4)
        other = server.text_channel(guild, "busy")
        busy = await client.fetch_channel(other.id)
        assert isinstance(busy, discord.TextChannel)
        for n in range(3):
            await busy.send(f"burst {n}")
        assert 0.3 <= server.limits.bucket_waits <= 0.4
        burst = server.calls_of("send_message", channel=other)
        assert [c.headers["X-RateLimit-Remaining"] for c in burst] == ["1", "0", "1"]
        assert all(c.ok for c in burst) and len(other.messages) == 3

        server.inject_rate_limit("send_message", cloudflare=True)
        with pytest.raises(discord.HTTPException) as error:
            await target.send("banned")
        assert error.value.status == 429
    finally:
        await client.close()


# ------------------------------------------------------------------ Discord's rules


async def test_late_double_and_deferred_interaction_responses(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice")
    bot = make_bot()

    async with run_client(server, bot):
        late = alice.slash(channel, "slow")
        await asyncio.wait_for(bot.slow_started.wait(), 30)
        server.clock.advance(3.5)  # more than 3 s pass before the bot answers
        bot.slow_gate.set()
        [too_late] = await server.wait_for("create_interaction_response")

        thinking = alice.slash(channel, "think")
        await server.wait_for("execute_webhook", count=2)

        answered = alice.slash(channel, "hand")
        await answered.wait_answered()

    assert (too_late.status, too_late.error_code) == (404, 10062)
    assert [(e.status, e.code) for e in bot.errors] == [(404, 10062)]
    assert late.problems() == [f"callback failed: {too_late!r}"]

    first, second = channel.messages
    assert thinking.response_type == 5 and thinking.original is first
    assert first.content == "Done thinking." and not first.loading and first.edits == 1
    assert first.history[0].flags & 128  # it was "Fake Game Bot is thinking..."
    assert second.content == "One more thing." and thinking.followups == [second]
    assert second.to_api()["interaction_metadata"]["original_response_message_id"] == str(first.id)

    # A second callback for the same interaction (outside discord.py's own guard).
    url = f"{server.api_base}/interactions/{answered.id}/{answered.token}/callback"
    async with aiohttp.ClientSession() as http:
        async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as response:
            body = await response.json()
            assert response.status == 400 and body["code"] == 40060
        async with http.post(url.replace(answered.token, "forged"), json={"type": 4}) as response:
            assert response.status == 404 and (await response.json())["code"] == 10062
    assert len(answered.callbacks) == 2 and answered.problems()
    with pytest.raises(AssertionError, match="not answered exactly once"):
        server.assert_interactions_answered()


async def test_threads_resume_and_buffered_events(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice")
    existing = server.thread(channel, "table-2", owner=alice)

    async with run_client(server, make_bot()):
        assert server.sessions[0].events[1].data["threads"][0]["parent_id"] == str(channel.id)
        await alice.slash(existing, "newgame", game="lanterns").wait_answered()
        await server.wait_for("send_message", channel=existing)
        assert existing.last_message(from_bot=True).content == "Table 1: lanterns"
        assert channel.messages == []

        await alice.slash(channel, "table").wait_answered()
        [created] = await server.wait_for("start_thread_without_message")
        thread = server.channels[int(created.response["id"])]
        await server.wait_until(lambda: thread.messages)
        assert thread.parent is channel and thread.is_thread and thread.name == "Lanterns #1"
        [greeting] = thread.messages
        assert greeting.mentions == [alice] and greeting.pinged == [alice]

        # The server drops the websocket; discord.py RESUMEs and gets what it missed.
        session = server.current_session
        assert session is not None and session.connection is not None
        assert session.connection.compress == "zlib-stream"  # what discord.py asks for
        await server.disconnect(4000)
        missed = alice.slash(channel, "hand")
        await missed.wait_answered()
        assert session.resumes == 1 and server.current_session is session
        assert missed in alice.interactions and server.lost_events == []
        assert [e.type for e in session.events[-2:]] == ["INTERACTION_CREATE", "RESUMED"]

    assert server.connection_count == 2 and server.identified == 1
    server.assert_interactions_answered()


async def test_rejected_logins_intents_and_bodies(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")

    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()
    assert server.calls[-1].status == 401

    privileged = discord.Client(intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await asyncio.wait_for(privileged.start(server.token), 30)
    await privileged.close()

    client = discord.Client(intents=discord.Intents.none())
    await client.login(server.token)
    try:
        target = await client.fetch_channel(channel.id)
        assert isinstance(target, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="A", custom_id="same"))
        view.add_item(discord.ui.Button(label="B", custom_id="same"))
        with pytest.raises(discord.HTTPException, match="custom id cannot be duplicated") as error:
            await target.send("two buttons", view=view)
        assert error.value.code == 50035
        with pytest.raises(discord.HTTPException) as error:
            await target.send("x" * 2001)
        assert error.value.code == 50035
        with pytest.raises(discord.HTTPException) as error:
            await client.http.send_message(
                channel.id, params=discord.http.handle_message_parameters()
            )
        assert error.value.code == 50006

        bad = [
            {"name": "newgame", "description": "New", "name_localizations": {"pl-PL": "nowagra"}}
        ]
        with pytest.raises(discord.HTTPException, match="pl-PL") as error:
            await client.http.bulk_upsert_global_commands(server.application_id, bad)
        assert error.value.code == 50035 and server.commands == []

        channel.deny_bot("send_messages")
        with pytest.raises(discord.Forbidden) as error:
            await target.send("hi")
        assert error.value.code == 50013
        channel.allow_bot("send_messages")
        message = await target.send("hi")
        with pytest.raises(discord.NotFound) as error:
            await target.get_partial_message(message.id + 1).edit(content="?")
        assert error.value.code == 10008
    finally:
        await client.close()


async def test_user_actions_are_checked_like_a_client(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice")

    with pytest.raises(ValueError, match="no slash command"):
        alice.slash(channel, "newgame", game="lanterns")  # nothing registered yet
    async with run_client(server, make_bot()):
        with pytest.raises(ValueError, match="isn't one of"):
            alice.slash(channel, "newgame", game="chess")
        with pytest.raises(ValueError, match="needs options"):
            alice.slash(channel, "newgame")
        with pytest.raises(ValueError, match="has no options"):
            alice.slash(channel, "hand", colour="red")
        forged = alice.slash(channel, "newgame", game="chess", force=True)
        await server.wait_idle()
    # discord.py rejects the unknown choice itself and never answers: Discord would show
    # "The application did not respond".
    assert forged.callbacks == [] and forged.problems(3) == ["never answered"]
    assert alice.id in guild.members

    offline = alice.slash(channel, "hand")  # the bot is gone: nobody answers
    with pytest.raises(WaitTimeout, match="the bot is disconnected"):
        await offline.wait_answered(timeout=0.1)
    assert not offline.delivered and offline.event is not None


class NameModal(discord.ui.Modal, title="Name your table"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="table-name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Named {self.name.value}", ephemeral=True)


async def test_guild_commands_modal_autocomplete_and_attachments(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice")
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    seen: dict[str, Any] = {}

    async def games(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["lanterns", "hanabi", "lighthouse"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @app_commands.command(description="Name the table")
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Invite someone")
    @app_commands.autocomplete(game=games)
    async def invite(interaction: discord.Interaction, game: str, who: discord.Member) -> None:
        seen["who"] = who
        picture = discord.File(io.BytesIO(png(RED)), "old.png")
        await interaction.response.send_message(f"{who.mention}: {game}?", file=picture)
        fresh = discord.File(io.BytesIO(png(BLUE)), "new.png")
        await interaction.edit_original_response(attachments=[fresh])
        message = await interaction.original_response()
        await message.create_thread(name="invitation")

    async def setup_hook() -> None:
        for command in (name, invite):
            bot.tree.add_command(command, guild=discord.Object(guild.id))
        await bot.tree.sync(guild=discord.Object(guild.id))

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bob = server.user("Bob")
    async with run_client(server, bot):
        assert [c["name"] for c in guild.commands] == ["name", "invite"] and server.commands == []
        assert guild.commands[0]["guild_id"] == str(guild.id)

        opened = alice.slash(channel, "name")
        await opened.wait_answered()
        assert opened.response_type == 9 and opened.modal is not None
        with pytest.raises(ValueError, match="required inputs left empty"):
            alice.submit_modal(opened, {})
        await alice.submit_modal(opened, {"table-name": "Lucky"}).wait_answered()
        assert alice.last_ephemeral is not None and alice.last_ephemeral.content == "Named Lucky"

        typed = alice.autocomplete(channel, "invite", "game", game="l")
        await typed.wait_answered()
        assert [c["value"] for c in typed.autocomplete_choices or []] == ["lanterns", "lighthouse"]

        with pytest.raises(ValueError, match="isn't a member"):
            alice.slash(channel, "invite", game="hanabi", who=bob)
        guild.add_member(bob)
        invite_call = alice.slash(channel, "invite", game="hanabi", who=bob)
        await server.wait_for("start_thread_with_message")

    assert seen["who"].id == bob.id and invite_call.data["resolved"]["users"][str(bob.id)]
    post = invite_call.original
    assert post is not None and post.content == f"<@{bob.id}>: hanabi?" and post.pinged == [bob]
    assert [[a.filename for a in v.attachments] for v in post.versions] == [
        ["old.png"],
        ["new.png"],
    ]
    assert post.image("new.png").getpixel((0, 0)) == BLUE
    assert post.thread is not None and post.thread.id == post.id and post.thread.parent is channel
    server.assert_interactions_answered()


# ------------------------------------------------------------------ threads and limits


async def _logged_in(server: FakeDiscordServer) -> discord.Client:
    # the smallest wait discord.py may be told to give up on, as the bot does
    client = discord.Client(intents=discord.Intents.none(), max_ratelimit_timeout=30.0)
    await client.login(server.token)
    return client


async def test_private_threads_are_closed_to_a_bot_that_is_not_in_them(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    alice = server.user("Alice")
    secret = server.thread(channel, "secret", private=True, owner=alice, bot_member=False)
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(secret.id)
        with pytest.raises(discord.Forbidden) as refused:
            await target.send("hello")
        assert (refused.value.status, refused.value.code) == (403, 50001)
        with pytest.raises(discord.Forbidden):  # nor can it join by itself
            await client.http.join_thread(secret.id)

        secret.add_thread_member(server.user("Bob"))  # another member changes nothing
        with pytest.raises(discord.Forbidden):
            await target.send("hello")
        secret.thread_members.add(server.bot_id)  # someone added the bot
        await target.send("hello")
        assert [m.content for m in secret.messages] == ["hello"]

        # Manage Threads sees every private thread
        other = server.thread(channel, "other", private=True, owner=alice, bot_member=False)
        channel.allow_bot("manage_threads")
        await client.get_partial_messageable(other.id).send("moderator")
        assert other.messages[0].content == "moderator"
    finally:
        await client.close()


async def test_archived_threads_refuse_edits_and_reopen_on_a_message(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    thread = server.thread(channel, "table")
    thread.auto_archive_duration = 60
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(thread.id)
        sent = await target.send("board v1")
        thread.archive()
        with pytest.raises(discord.HTTPException) as refused:
            await target.get_partial_message(sent.id).edit(content="board v2")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        with pytest.raises(discord.HTTPException) as refused:
            await target.get_partial_message(sent.id).delete()
        assert refused.value.code == 50083

        fresh = await target.send("board v2")  # a new message reopens it
        assert not thread.archived and not thread.to_api()["thread_metadata"]["archived"]
        await target.get_partial_message(sent.id).delete()

        # an hour without a message archives it by itself (its auto-archive duration)
        server.clock.advance(60 * 60 + 1)
        with pytest.raises(discord.HTTPException) as refused:
            await fresh.edit(content="late")
        assert refused.value.code == 50083 and thread.archived
    finally:
        await client.close()


async def test_locked_threads_refuse_the_bot_without_manage_threads(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    thread = server.thread(channel, "table")
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(thread.id)
        sent = await target.send("board")
        thread.locked = True  # locked, still open
        for attempt in (target.send("more"), sent.edit(content="edited")):
            with pytest.raises(discord.Forbidden) as refused:
                await attempt
            assert refused.value.code == 50013
        thread.archive(locked=True)  # locked and archived: a message no longer reopens it
        with pytest.raises(discord.HTTPException) as refused:
            await target.send("more")
        assert (refused.value.status, refused.value.code) == (400, 50083) and thread.archived

        channel.allow_bot("manage_threads")  # a moderator bot may
        await target.send("moderator")
        assert not thread.archived and thread.last_message().content == "moderator"
    finally:
        await client.close()


async def test_the_global_limit_counts_every_bot_request_but_interactions(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    assert server.limits.global_limit == (50, 1.0)  # Discord's, on by default
    server.limits.global_limit = (6, 0.3)  # the same rule, smaller, so the test waits little
    server.limits_expected = True  # its point is the global 429
    guild = server.guild("Game night")
    channels = [server.text_channel(guild, f"t{n}") for n in range(10)]
    client = await _logged_in(server)
    try:
        mark = server.mark()
        await asyncio.gather(*(client.get_partial_messageable(c.id).send(f"to {c.name}")
                               for c in channels))
        assert all(len(c.messages) == 1 for c in channels)  # discord.py waited and retried
        refused = [c for c in server.calls_of(since=mark) if c.status == 429]
        assert refused and all(c.response["global"] is True for c in refused)
        call = refused[0]
        assert call.response["code"] == 0 and 0 < call.response["retry_after"] <= 0.3
        assert call.response["message"] == "You are being rate limited."
        assert call.headers["X-RateLimit-Global"] == "true"
        assert call.headers["X-RateLimit-Scope"] == "global"
        assert call.headers["Retry-After"] == "1"
        answered = sorted(c.time for c in server.calls_of(since=mark) if c.ok)
        assert all(b - a >= 0.3 - 1e-3 for a, b in zip(answered, answered[6:]))
        assert server.limits.invalid_requests == len(refused)  # they count toward Discord's ban
    finally:
        await client.close()
    assert rest.route_needs_token("send_message")
    assert not rest.route_needs_token("create_interaction_response")
    assert not rest.route_needs_token("edit_original_interaction_response")


async def test_edits_of_messages_older_than_an_hour_have_their_own_limit(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    server.limits.old_message_edits = (1, 3600.0)  # one such edit an hour per channel
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(channel.id)
        sent = await target.send("board")
        await sent.edit(content="young: no limit")
        await sent.edit(content="young: still none")
        server.clock.advance(3600 + 1)
        await sent.edit(content="old: the one allowed")
        with pytest.raises(discord.RateLimited):  # its wait is far longer than 30 s
            await sent.edit(content="old: refused")
        [limited] = server.calls_of(lambda c: c.status == 429)
        assert limited.response["code"] == 30046 and limited.response["global"] is False
        assert limited.response["retry_after"] > 3000
        assert limited.headers["X-RateLimit-Scope"] == "user"
        assert channel.message(sent.id).content == "old: the one allowed"
        fresh = await target.send("a new board")  # a new message is not limited
        await fresh.edit(content="edited")
    finally:
        await client.close()


async def test_route_buckets_report_discords_sizes(fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    assert server.limits.rate_limits == DISCORD_ROUTE_LIMITS  # on by default
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(channel.id)
        # four of the five messages a channel takes in 5 s (after the fifth, discord.py
        # would wait for the bucket to refill)
        for n in range(4):
            await target.send(f"m{n}")
        sends = server.calls_of("send_message")
        assert [c.headers["X-RateLimit-Limit"] for c in sends] == ["5"] * 4
        assert [c.headers["X-RateLimit-Remaining"] for c in sends] == ["4", "3", "2", "1"]
        assert all(0 < float(c.headers["X-RateLimit-Reset-After"]) <= 5.0 for c in sends)
        assert len({c.headers["X-RateLimit-Bucket"] for c in sends}) == 1
        edit = await target.get_partial_message(sends[0].message.id).edit(content="e")
        assert edit.content == "e"
        [edited] = server.calls_of("edit_message")
        assert edited.headers["X-RateLimit-Remaining"] == "4"  # a bucket of its own
    finally:
        await client.close()


async def test_a_full_route_bucket_refuses_until_it_refills(
    fake_discord: FakeDiscordServer,
) -> None:
    """Discord's 5 messages per 5 s in a channel, sent without waiting (not through
    discord.py, which would wait): the sixth is refused with the bucket's 429, another
    channel is not concerned, and the bucket takes messages again once its 5 s passed."""
    server = fake_discord
    guild = server.guild("Game night")
    busy, calm = server.text_channel(guild, "busy"), server.text_channel(guild, "calm")
    headers = {"Authorization": f"Bot {server.token}"}

    async def send(http: aiohttp.ClientSession, channel: FakeChannel) -> aiohttp.ClientResponse:
        url = f"{server.api_base}/channels/{channel.id}/messages"
        async with http.post(url, json={"content": "hi"}, headers=headers) as response:
            await response.read()
            return response

    async with aiohttp.ClientSession() as http:
        answers = [await send(http, busy) for _ in range(6)]
        assert [a.status for a in answers] == [200] * 5 + [429]
        assert (await send(http, calm)).status == 200
        server.clock.advance(5.0)
        assert (await send(http, busy)).status == 200
    refused = server.calls_of("send_message", ok=False)
    [limited] = refused
    assert limited.response["global"] is False and 0 < limited.response["retry_after"] <= 5
    assert limited.headers["X-RateLimit-Remaining"] == "0"
    assert limited.headers["X-RateLimit-Scope"] == "user"
    assert len(busy.messages) == 6 and len(calm.messages) == 1
    assert server.limits.bucket_waits == 0  # nobody waited: the clock moved


async def test_invalid_requests_earn_a_ban_and_uploads_have_a_size_limit(
    fake_discord: FakeDiscordServer,
) -> None:
    server = fake_discord
    server.limits_expected = True  # its point is the ban
    assert server.limits.invalid_limit == (10_000, 600.0)  # Discord's, on by default
    server.limits.invalid_limit = (5, 600.0)  # the same rule, smaller
    guild = server.guild("Game night")
    channel = server.text_channel(guild, "games")
    channel.deny_bot("send_messages")
    client = await _logged_in(server)
    try:
        target = client.get_partial_messageable(channel.id)
        for n in range(5):
            assert server.limits.bans == 0
            with pytest.raises(discord.Forbidden) as refused:
                await target.send(f"refused {n}")
            assert refused.value.code == 50013
        assert server.limits.bans == 1 and server.limits.most_invalid_in_window == 5
        channel.allow_bot("send_messages")
        with pytest.raises(discord.Forbidden) as banned:  # allowed now, but banned
            await target.send("banned")
        assert banned.value.code == 0 and channel.messages == []
        assert server.limits.invalid_requests == 5  # a banned request is not counted again
        server.clock.advance(server.limits.ban_seconds)
        await target.send("after the ban")
        assert [m.content for m in channel.messages] == ["after the ban"]

        server.limits.upload_limit = 1000
        with pytest.raises(discord.HTTPException) as big:
            await target.send(file=discord.File(io.BytesIO(b"x" * 1001), "big.png"))
        assert big.value.status == 413 and big.value.code == 40005
        await target.send(file=discord.File(io.BytesIO(b"x" * 1000), "small.png"))
        assert len(channel.messages) == 2
        with pytest.raises(AssertionError, match="banned 1 times"):
            server.limits.assert_within_limits()
    finally:
        await client.close()
