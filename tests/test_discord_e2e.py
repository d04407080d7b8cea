"""Lanterns end to end through Discord: the real TableService and Store (SQLite in tmp_path),
the real discord.py client (`DiscordBot`), and the fake Discord API and gateway on
127.0.0.1 (fakes/discord), with simulated people who read what the bot really showed
them and press the buttons and pick the options really there (fakes/discord_e2e.py).
Service rules are in tests/test_table_service.py; these tests are about the path through
Discord: slash commands, the lobby and board edited in place, ephemeral panels, restarts,
bad interactions, threads, direct messages and what must never be public."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord.render import escape
from engine.lanterns import SPEC
from engine.registry import GAMES
from fakes.discord import (
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    FakeChannel,
    FakeDiscordServer,
    FakeUser,
)
from fakes.discord_e2e import (
    TR,
    World,
    as_shown,
    board,
    button,
    channel_snapshot,
    check_nothing_private_in_public,
    choices,
    choose,
    lang_of,
    lobby,
    notes,
    options,
    panel,
    ping,
    table_snapshot,
)

pytest_plugins = ["fakes.discord.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything the bot and discord.py log, for the secrets check."""
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.INFO, logger="discord")
    yield caplog


def place(server: FakeDiscordServer) -> tuple[FakeChannel, list[FakeUser]]:
    """A server with a #games channel; Anna (Russian client) owns it, Bob writes English."""
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob *the* builder", locale="en-US")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    return server.text_channel(guild, "games"), [anna, bob]


async def new_game(world: World, channel: FakeChannel, players: list[FakeUser]
                   ) -> tuple[int, object]:
    host, *others = players
    table = await world.open_table(channel, host, others)
    return table, await world.start_game(channel, host)


# --- a whole game ------------------------------------------------------------------------------


async def test_whole_two_player_game_through_buttons_and_selects(
        world: World, fake_discord: FakeDiscordServer, logs: pytest.LogCaptureFixture) -> None:
    """Two players play Lanterns to the final ranking: the lobby and the board are channel
    messages edited in place, each player's choices come in ephemeral panels (select menus
    where a list is long), the turn ping mentions whoever is to move, and nothing private
    is ever public."""
    server = fake_discord
    channel, players = place(server)
    table, board_message = await new_game(world, channel, players)
    first_hand = button(board_message, "hand")
    await world.play_to_end(channel, table, players, random.Random(2))

    row = await world.store.get_table(table)
    assert row is not None and row.status == "finished"
    assert board(channel) is board_message and board_message.edits == row.version
    caption = board_message.content
    assert TR.t(row.language, "table-final-ranking").replace("🏁 ", "") in caption
    outcome = SPEC.outcome(SPEC.from_dict(row.state or {}))
    assert outcome is not None and len(outcome.standings) == 2
    assert [c.press.kind for c in options(board_message)] == ["again", "moves"]  # and the log
    assert ping(channel) is None  # no more turns
    assert [m for m in channel.bot_messages] == [board_message]  # lobby and ping deleted
    assert world.selects, "Lanterns' spots never came as a select menu"
    assert world.moves == row.version
    pictures, twins = await check_nothing_private_in_public(server, world.store, table,
                                                            players, logs.text)
    assert pictures >= world.moves and twins
    server.assert_interactions_answered()

    # the buttons of a finished table answer an ephemeral error and change nothing
    before = await table_snapshot(world.store, table), channel_snapshot(server)
    anna, bob = players
    record = await world.click(bob, first_hand, force=True)
    assert notes(record) == [TR.t(lang_of(bob), "bot-error-table-finished")]
    assert record.ephemeral
    old_panel = panel(anna)
    assert old_panel is not None
    stale = [c for c in options(old_panel)] or []
    for choice in stale[:2]:
        record = await world.click(anna, choice, force=True)
        assert notes(record)[-1] == TR.t(lang_of(anna), "bot-error-table-finished")
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before

    # Play again: a new lobby with the same two players, hosted by whoever pressed it
    await world.click(bob, button(board_message, "again"))
    again = await world.table(channel)
    assert again.id != table and again.creator_id == str(bob.id)
    assert {s.user_id for s in await world.store.list_seats(again.id)} == {
        str(anna.id), str(bob.id)}
    assert escape(anna.name) in lobby(channel).content


@pytest.mark.parametrize("game", sorted(set(GAMES) - {"lanterns"}))
async def test_every_other_game_plays_on_discord(
        world: World, fake_discord: FakeDiscordServer, game: str) -> None:
    """The adapter knows no game: each registered game opens, starts and takes moves
    through the same buttons and selects."""
    channel, players = place(fake_discord)
    table = await world.open_table(channel, players[0], players[1:], game=game)
    await world.start_game(channel, players[0])
    rng = random.Random(7)
    for _ in range(8):
        row = await world.store.get_table(table)
        assert row is not None
        if row.status != "playing":
            break
        await world.play_move(channel, table, players, rng)
    assert world.moves >= 1
    fake_discord.assert_interactions_answered()


# --- a restart ---------------------------------------------------------------------------------


async def test_buttons_drawn_before_a_restart_still_work(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """A new bot process takes over in the middle of a move: the panel's buttons and the
    board's "My hand" drawn by the old process still work; an outdated one answers so."""
    server = fake_discord
    channel, players = place(server)
    table, board_message = await new_game(world, channel, players)
    rng = random.Random(5)
    while await world.version(table) < 4:
        await world.play_move(channel, table, players, rng)
    old_user = world.acting(channel, players)
    if not choices(old_user):
        await world.click(old_user, button(board_message, "hand"))
    old_choice = choices(old_user)[0]
    await world.play_move(channel, table, players, rng)
    # the acting player is half-way through a move when the process goes down
    mover = world.acting(channel, players)
    if not choices(mover):
        await world.click(mover, button(board_message, "hand"))
    first = next(c for c in choices(mover) if c.press.path == ("p",))
    assert not notes(await world.click(mover, first))
    drawn = choices(mover)
    mover_panel = panel(mover)
    before = await table_snapshot(world.store, table), channel_snapshot(server)
    commands = len(server.commands)

    await world.restart()

    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before
    assert len(server.commands) == commands  # the same commands, synced again
    # an outdated button: an ephemeral error with the current choices, nothing changes
    record = await world.click(old_user, old_choice, force=True)
    assert TR.t(lang_of(old_user), "bot-error-outdated") in notes(record)
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before
    # the next step drawn before the restart still works, in the same ephemeral message
    pick = choose(drawn, rng)
    record = await world.click(mover, pick)
    assert not notes(record) and panel(mover) is mover_panel
    # and so does the board's button, for the player who waits
    waiting = next(u for u in players if u is not mover)
    record = await world.click(waiting, button(board_message, "hand"))
    assert not notes(record) and record.ephemeral and panel(waiting) is record.original
    assert not choices(waiting)  # not their turn: their hand, no choices
    await world.play_move(channel, table, players, rng)


# --- bad interactions ----------------------------------------------------------------------------


async def test_stale_forged_and_outsider_interactions_change_nothing(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    mallory = server.user("Mallory")
    channel.guild.add_member(mallory)  # type: ignore[union-attr]
    table, board_message = await new_game(world, channel, players)
    mover = world.acting(channel, players)
    waiting = next(u for u in players if u is not mover)
    await world.click(mover, button(board_message, "hand"))
    mine = choices(mover)[0]
    before = await table_snapshot(world.store, table), channel_snapshot(server)

    def unchanged_answer(record: object, key: str, user: FakeUser) -> None:
        assert notes(record) == [TR.t(lang_of(user), key)], notes(record)  # type: ignore[arg-type]
        assert record.ephemeral  # type: ignore[attr-defined]

    # someone who does not play
    unchanged_answer(await world.click(mallory, button(board_message, "hand")),
                     "bot-error-not-a-player", mallory)
    # components that are not on the message they claim to come from (a stale client or a
    # forged request): the service checks them like any press
    forged = f"gh:{mine.data}"
    unchanged_answer(await world.click(waiting, board_message, forged, force=True),
                     "bot-error-not-your-turn", waiting)
    unchanged_answer(await world.click(mover, board_message, "gh:c:1:0:p.999", force=True),
                     "bot-error-malformed", mover)
    unchanged_answer(await world.click(mover, board_message, "gh:c:99:0:p", force=True),
                     "bot-error-malformed", mover)
    unchanged_answer(await world.click(waiting, board_message, "not-ours", force=True),
                     "bot-error-malformed", waiting)
    # the waiting player's own panel, with a forged choice in its select or button
    await world.click(waiting, button(board_message, "hand"))
    their_panel = panel(waiting)
    assert their_panel is not None and not choices(waiting)
    record = waiting.select(their_panel, "gs:0", [mine.data], force=True)
    await world.settle()
    assert notes(record) == [TR.t(lang_of(waiting), "bot-error-not-your-turn")]
    # garbage in a select value
    record = waiting.select(their_panel, "gs:0", ["x:zz"], force=True)
    await world.settle()
    assert notes(record) == [TR.t(lang_of(waiting), "bot-error-malformed")]
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before

    # an interaction that reaches the bot after Discord's 3 seconds: its answer is refused
    # (10062), which the bot takes calmly, and nothing changes
    late = waiting.click(board_message, button(board_message, "hand").custom_id)
    server.clock.advance(5)
    await server.wait_until(lambda: late.callbacks, 5)
    await world.settle()
    assert late.response is None and [c.error_code for c in late.callbacks] == [10062]
    del server.interactions[late.id]  # the fixture's "all answered" is about the others
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before

    # a move made, then the old choice pressed again: outdated, with the current panel
    rng = random.Random(1)
    await world.play_move(channel, table, players, rng)
    before = await table_snapshot(world.store, table), channel_snapshot(server)
    record = await world.click(mover, mine, force=True)
    assert TR.t(lang_of(mover), "bot-error-outdated") in notes(record)
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before
    server.assert_interactions_answered()


async def test_expired_tokens_are_not_used_and_my_hand_opens_a_fresh_panel(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """A panel is refreshed after the other player's move while its interaction token is
    valid; 15 minutes later it is left alone, and "My hand" shows a fresh one."""
    server = fake_discord
    channel, players = place(server)
    table, board_message = await new_game(world, channel, players)
    rng = random.Random(3)
    for user in players:
        await world.click(user, button(board_message, "hand"))
    waiting = next(u for u in players if u is not world.acting(channel, players))
    waiting_panel = panel(waiting)
    assert waiting_panel is not None
    edits = waiting_panel.edits
    await world.play_move(channel, table, players, rng)  # now it is their turn
    assert panel(waiting) is waiting_panel and waiting_panel.edits > edits
    assert choices(waiting), "the open panel was refreshed with their choices"

    await world.play_move(channel, table, players, rng)
    server.clock.advance(15 * 60 + 1)
    refused = len(server.calls_of(ok=False))
    calls = len(server.calls)
    before = {u.id: [(m.id, m.edits) for m in u.ephemeral_messages] for u in players}
    await world.play_move(channel, table, players, rng)
    assert len(server.calls_of(ok=False)) == refused  # no edit tried with a dead token
    mover = next(u for u in players if before[u.id] != [(m.id, m.edits)
                                                           for m in u.ephemeral_messages])
    other = next(u for u in players if u is not mover)
    assert [(m.id, m.edits) for m in other.ephemeral_messages] == before[other.id]
    assert len(server.calls) > calls
    acting = world.acting(channel, players)
    record = await world.click(acting, button(board_message, "hand"))
    assert not notes(record) and panel(acting) is record.original and choices(acting)


# --- threads, direct messages, permissions -----------------------------------------------------


async def test_a_table_in_a_thread_next_to_one_in_its_channel(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    anna, bob = players
    thread = server.thread(channel, "lanterns night", owner=anna, members=[bob])
    await world.open_table(channel, bob, [anna])
    in_thread = await world.open_table(thread, anna, [bob])
    assert (await world.table(thread)).thread_id == str(thread.id)
    # one table per channel or thread
    record = await world.slash(bob, thread, "newgame", game="lanterns")
    assert notes(record) == [TR.t(lang_of(bob), "bot-error-table-exists")]
    await world.start_game(thread, anna)
    thread_board = board(thread)
    assert thread_board.channel is thread and lobby(channel)  # the channel's lobby stays
    mover = world.acting(thread, players)
    record = await world.click(mover, button(thread_board, "hand"))
    assert choices(mover) and record.channel is thread
    await world.play_move(thread, in_thread, players, random.Random(4))
    # /cancel in the channel closes the channel's table, not the thread's
    channel_lobby = lobby(channel)
    record = await world.slash(bob, channel, "cancel")
    assert notes(record) == [TR.t(lang_of(bob), "bot-done")]
    assert TR.t("en", "bot-lobby-cancelled") in channel_lobby.content
    assert not channel_lobby.buttons and channel_lobby.channel is channel
    assert (await world.table(thread)).id == in_thread
    assert await world.store.active_table("discord", str(channel.id), None) is None


async def test_your_turn_comes_by_dm_if_asked_unless_refused_then_a_note_says_so(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    anna = server.user("Anna", locale="pl")
    zed = server.user("Zed", allow_dms=False)
    guild = server.guild("Game night", owner=anna, members=[anna, zed])
    channel = server.text_channel(guild, "games")
    for person in (anna, zed):  # turn reminders by DM are asked for (off by default)
        record = await world.slash(person, channel, "dms", choice="on")
        assert notes(record) == [TR.t(lang_of(person), "dc-dms-now-on").replace(
            "/dms", "/" + TR.t(lang_of(person), "dc-name-dms"))]
    table, _ = await new_game(world, channel, [anna, zed])
    rng = random.Random(6)
    for _ in range(3):
        await world.play_move(channel, table, [anna, zed], rng)
    row = await world.store.get_table(table)
    assert row is not None
    turns_of_anna = sum(1 for m in anna.dm_messages)
    assert turns_of_anna >= 1
    assert all(m.content.startswith(TR.t("pl", "bot-your-turn-in-chat", chat=row.title))
               for m in anna.dm_messages)
    assert all(f"/channels/{guild.id}/{channel.id}/" in m.content for m in anna.dm_messages)
    assert not zed.dm_messages
    refusal = TR.t(row.language, "dc-dm-blocked", name="Zed")
    notes_in_channel = [m for m in channel.messages if m.content == refusal]
    assert len(notes_in_channel) == 1 and not notes_in_channel[0].pinged
    current = ping(channel)
    assert current is not None and current.pinged in ([anna], [zed])


async def test_newgame_without_the_right_permissions_opens_nothing(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    channel.deny_bot("attach_files")
    record = await world.slash(players[1], channel, "newgame", game="lanterns")
    [note] = notes(record)
    assert note.startswith(TR.t("en", "dc-missing-permissions", permissions="").split(":")[0])
    assert "Attach Files" in note and record.ephemeral
    assert not channel.bot_messages
    assert await world.store.active_table("discord", str(channel.id), None) is None


async def test_commands_answer_ephemerally_in_the_readers_language(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, (anna, bob) = place(server)
    record = await world.slash(anna, channel, "help")
    [text] = notes(record)
    assert text.startswith(TR.t("ru", "bot-help").splitlines()[0])
    assert as_shown(anna, TR.t("ru", "bot-help-discord-private")) in text and record.ephemeral
    record = await world.slash(bob, channel, "rules", game="lanterns")
    assert notes(record)[0].startswith(TR.t("en", "lanterns-rules").splitlines()[0][:20])
    # /language: a picker; a choice by an admin sets the channel's language
    record = await world.slash(anna, channel, "language")
    picker = record.original
    assert picker is not None and record.ephemeral
    polish = next(c for c in options(picker) if c.press.arg == "pl")
    answer = await world.click(anna, polish)
    assert picker.content == TR.t("pl", "bot-language-set") and not answer.messages[1:]
    record = await world.slash(bob, channel, "newgame", game="lanterns")
    assert notes(record) == [TR.t("en", "dc-table-opened")]  # the adapter's own: Bob's
    assert lobby(channel).content.startswith(TR.t("pl", "bot-lobby-opened", host=escape(
        bob.name), game=TR.t("pl", "game-lanterns")))  # the channel's: Polish now
    # a non-admin cannot change it
    record = await world.slash(bob, channel, "language")
    english = next(c for c in options(record.original) if c.press.arg == "en")  # type: ignore[arg-type]
    answer = await world.click(bob, english)
    assert notes(answer) == [TR.t("en", "table-language-admins")]
    assert not channel.bot_messages[0].edits
    # /newgame without a game: a picker of games
    record = await world.slash(anna, channel, "cancel")
    record = await world.slash(anna, channel, "newgame")
    kinds = {c.press.arg for c in options(record.original)}  # type: ignore[arg-type]
    assert kinds == set(world.bot.service.games)


# --- time and rate limits ------------------------------------------------------------------------


async def test_a_slow_answer_is_deferred_in_time_and_shown_after(
        world: World, fake_discord: FakeDiscordServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the service takes longer than Discord's 3 seconds allow, the interaction is
    deferred first, and the panel follows through its token (and is refreshed through it)."""
    server = fake_discord
    channel, players = place(server)
    table, board_message = await new_game(world, channel, players)
    service = world.bot.service
    press = service.press

    async def slow_press(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(2.0)
        return await press(*args, **kwargs)  # type: ignore[arg-type]

    mover = world.acting(channel, players)
    waiting = next(u for u in players if u is not mover)
    monkeypatch.setattr(service, "press", slow_press)
    record = await world.click(waiting, button(board_message, "hand"))
    assert record.response_type == CALLBACK_DEFERRED_UPDATE_MESSAGE
    assert record.response_time is not None and record.response_time < 3
    [shown] = record.messages  # a follow-up, ephemeral, with the panel
    assert shown.ephemeral_to is waiting and panel(waiting) is shown and not choices(waiting)
    record = await world.click(mover, button(board_message, "hand"))
    mover_panel = panel(mover)
    record = await world.click(mover, choices(mover)[0])
    assert record.response_type == CALLBACK_DEFERRED_UPDATE_MESSAGE and not record.messages
    assert mover_panel is not None and mover_panel.edits == 1  # edited through the token
    monkeypatch.setattr(service, "press", press)

    await world.play_move(channel, table, players, random.Random(9))
    # their turn now: the follow-up panel was refreshed through its token, with choices
    assert panel(waiting) is shown and shown.edits == 1 and choices(waiting)
    server.assert_interactions_answered()


async def test_rate_limits_are_waited_out(world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, players = place(server)
    table, board_message = await new_game(world, channel, players)
    server.inject_rate_limit("edit_message", channel=channel, times=2, retry_after=0.2)
    await world.play_move(channel, table, players, random.Random(8))
    assert board_message.edits == 1 and len(server.calls_of("edit_message", ok=False)) == 2
    assert world.bot.client.outbox.counters.failures["board"] == 0


# --- /settings ---------------------------------------------------------------------------------


def settings_choice(message: object, *path: str):
    """The settings menu's button with this path (a field, and a value)."""
    found = [c for c in options(message) if c.press.kind == "settings"  # type: ignore[arg-type]
             and c.press.path == path]
    assert found, f"no settings button {path}"
    return found[0]


async def test_settings_are_an_admins_own_ephemeral_menu(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """A member is refused; the owner gets the menu ephemerally, each press edits it in
    place, a member's forged press changes nothing, and the settings apply to the channel's
    tables."""
    server = fake_discord
    channel, (anna, bob) = place(server)
    record = await world.slash(bob, channel, "settings")
    assert notes(record) == [TR.t("en", "settings-admins-only")] and record.ephemeral
    record = await world.slash(anna, channel, "settings")
    menu = record.original
    assert menu is not None and record.ephemeral and menu.ephemeral_to is anna
    assert "Game night" in menu.content
    assert TR.t("ru", "settings-hint") in menu.content  # in Anna's own language
    assert not channel.bot_messages  # nothing public
    answer = await world.click(anna, settings_choice(menu, "m"))
    assert TR.t("ru", "settings-choose-managers") in menu.content and not answer.messages[1:]
    answer = await world.click(anna, settings_choice(menu, "m", "admins"))
    assert not answer.messages[1:] and TR.t("ru", "settings-hint") in menu.content
    assert TR.t("ru", "settings-managers-admins") in menu.content
    chat_id = str(channel.id)
    assert (await world.store.get_chat_options("discord", chat_id)).managers == "admins"
    # Bob opens a table, but only an admin may start it now
    await world.slash(bob, channel, "newgame", game="lanterns")
    lobby_message = lobby(channel)
    await world.click(anna, button(lobby_message, "join"))
    record = await world.click(bob, button(lobby_message, "start"))
    assert notes(record) == [TR.t("en", "settings-start-admins")]
    assert (await world.table(channel)).status == "lobby"
    # Bob forging a settings press in the channel changes nothing
    before = await world.store.get_chat_options("discord", chat_id), channel_snapshot(server)
    forged = settings_choice(menu, "m").custom_id.replace(":m", ":m.host")
    record = await world.click(bob, lobby_message, forged, force=True)
    assert notes(record) == [TR.t("en", "settings-admins-only")] and record.ephemeral
    assert (await world.store.get_chat_options("discord", chat_id),
            channel_snapshot(server)) == before
    # Anna turns computer players off: the open lobby loses its button at once
    assert any(c.press.kind == "computer" for c in options(lobby_message))
    await world.click(anna, settings_choice(menu, "c"))
    await world.click(anna, settings_choice(menu, "c", "off"))
    assert not (await world.store.get_chat_options("discord", chat_id)).computers
    assert not any(c.press.kind == "computer" for c in options(lobby_message))
