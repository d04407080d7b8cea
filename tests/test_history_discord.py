"""/history and replays end to end through Discord (the real service, store and discord.py
client, the fake Discord API and gateway): a whole Lanterns game, listed by /history (an
ephemeral answer, like every command's); its replay opened as a new ephemeral message and
stepped through every move to the end and back by updating that message in place (each
picture the board of the state rebuilt from the log), after a restart too; the animation;
a Hanabi game's hanab.live file as an attachment equal to the engine's export; and forged
presses that change nothing."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot import replay_screens
from bot.payloads import Press, encode
from bot.table_screens import players_of
from engine.hanabi.hanablive import export_game
from engine.registry import GAMES
from fakes.discord import (
    CALLBACK_DEFERRED_UPDATE_MESSAGE,
    FakeChannel,
    FakeDiscordServer,
    FakeUser,
)
from fakes.discord.records import MessageRecord
from fakes.discord_e2e import (
    TR,
    Choice,
    World,
    button,
    channel_snapshot,
    lang_of,
    notes,
    options,
    table_snapshot,
)

pytest_plugins = ["fakes.discord.fixtures", "tests.e2e_worlds"]

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def world(dc_world: World) -> World:
    """The shared Discord world (tests/e2e_worlds.py)."""
    return dc_world


def place(server: FakeDiscordServer) -> tuple[FakeChannel, list[FakeUser]]:
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob", locale="en-US")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    return server.text_channel(guild, "games"), [anna, bob]


async def play(world: World, channel: FakeChannel, players: list[FakeUser], game: str,
               seed: int) -> int:
    await world.store.set_chat_options("discord", str(channel.id), clock="off")
    table = await world.open_table(channel, players[0], players[1:], game=game)
    await world.start_game(channel, players[0])
    await world.play_to_end(channel, table, players, random.Random(seed))
    return table


def newest(user: FakeUser) -> MessageRecord:
    return user.ephemeral_messages[-1]


def step(message: MessageRecord, text: str) -> Choice:
    for choice in options(message):
        if choice.press.kind == "replay":
            label = next(c.get("label") for c in message.all_components
                         if c.get("custom_id") == choice.custom_id)
            if label == text:
                return choice
    raise AssertionError(f"no {text!r} in {message.custom_ids}")


async def states_and_pictures(world: World, table: int) -> tuple[list, list[bytes]]:
    row = await world.store.get_table(table)
    assert row is not None and row.seed is not None
    spec = GAMES[row.game]
    seats = await world.store.list_seats(table)
    players = players_of(seats, row.language)
    state = spec.setup(len(players), row.seed, {**spec.default_options, **row.options})
    states = [state]
    for seat, action in await world.store.action_log(table):
        state, _ = spec.apply(state, seat, action)
        states.append(state)
    return states, [replay_screens.replay_picture(spec, s, players) for s in states]


async def test_history_and_a_replay_through_discord(world: World,
                                                    fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, (anna, bob) = place(server)
    table = await play(world, channel, [anna, bob], "lanterns", 3)

    record = await world.slash(bob, channel, "history")
    listing = newest(bob)
    assert listing.ephemeral and "Anna" in listing.content and "Bob" in listing.content
    assert TR.t(lang_of(bob), "game-lanterns") in listing.content
    record = await world.click(bob, button(listing, "replay"))
    assert not notes(record)
    replay = newest(bob)
    assert replay is not listing and replay.ephemeral
    states, pictures = await states_and_pictures(world, table)
    moves = len(states) - 1
    assert replay.attachments[0].data == pictures[0]

    async def walk(symbol: str, to: int) -> None:
        at = 0 if symbol == "▶" else moves
        while at != to:
            record = await world.click(bob, step(replay, symbol))
            assert not notes(record), notes(record)
            at += 1 if symbol == "▶" else -1
            assert newest(bob) is replay  # updated in place
            assert replay.attachments[0].data == pictures[at]
            assert f" {at} " in replay.content and f" {moves}" in replay.content

    await walk("▶", moves)
    assert TR.t("en", "table-final-ranking").replace("🏁 ", "") in replay.content
    await world.restart()
    await walk("◀", 0)

    # forged: past the end, garbage, and from another channel
    before = await table_snapshot(world.store, table), channel_snapshot(server)
    custom = step(replay, "▶").custom_id
    for data in (encode(Press("replay", table, arg=str(moves + 1))), f"r:{table}:zz",
                 encode(Press("replay", table + 9, arg="1"))):
        record = await world.click(bob, replay, custom.split(":", 1)[0] + ":" + data,
                                   force=True)
        assert notes(record) == [TR.t("en", "bot-error-malformed")]
    other = server.text_channel(channel.guild, "other")
    await world.slash(bob, other, "history")
    empty = newest(bob)
    assert TR.t("en", "history-empty") in empty.content
    record = await world.click(bob, empty, custom, force=True)
    assert notes(record) == [TR.t("en", "bot-error-malformed")]
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before

    # the animation: a new message beside the replay
    edits = replay.edits
    await world.click(bob, step(replay, TR.t("en", "replay-animation-button")))
    clip = newest(bob)
    assert clip is not replay and clip.attachments[0].data[:4] == b"GIF8"
    assert replay.edits == edits

    # a replay opened after the restart, from the list shown before it
    await world.click(bob, button(listing, "replay"))
    again = newest(bob)
    assert again is not clip and again.attachments[0].data == pictures[0]
    await world.click(bob, step(again, "⏭"))
    assert again.attachments[0].data == pictures[-1]
    assert replay.attachments[0].data == pictures[0]


async def test_a_hanabi_replay_sends_the_hanab_live_file(world: World,
                                                         fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    channel, (anna, bob) = place(server)
    table = await play(world, channel, [anna, bob], "hanabi", 5)
    await world.slash(bob, channel, "history")
    await world.click(bob, button(newest(bob), "replay"))
    replay = newest(bob)
    await world.click(bob, step(replay, TR.t("en", "replay-file-button")))
    sent = newest(bob)
    [attachment] = sent.attachments
    assert attachment.filename == f"hanabi-{table}.json"
    row = await world.store.get_table(table)
    assert row is not None
    names = [s.display_name for s in sorted(
        (s for s in await world.store.list_seats(table) if s.seat is not None),
        key=lambda s: s.seat or 0)]
    assert json.loads(attachment.data) == export_game(GAMES["hanabi"].from_dict(row.state),
                                                      names)


async def test_a_slow_replay_step_is_deferred_then_shown_in_place(
        world: World, fake_discord: FakeDiscordServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """A step that takes longer than Discord allows is deferred first; the replay message is
    then updated through the token, and an animation follows as a new message."""
    server = fake_discord
    channel, (anna, bob) = place(server)
    await world.store.set_chat_options("discord", str(channel.id), clock="off")
    table = await world.open_table(channel, anna, [bob], game="lighthouse")
    await world.store.set_options(table, {"zone_size": 3, "track": 4})
    await world.start_game(channel, anna)
    await world.play_to_end(channel, table, [anna, bob], random.Random(6))
    await world.slash(anna, channel, "history")
    await world.click(anna, button(newest(anna), "replay"))
    replay = newest(anna)
    _, pictures = await states_and_pictures(world, table)
    service = world.bot.service
    press = service.press

    async def slow_press(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(2.0)
        return await press(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "press", slow_press)
    record = await world.click(anna, step(replay, "▶"))
    assert record.response_type == CALLBACK_DEFERRED_UPDATE_MESSAGE and not record.messages
    assert newest(anna) is replay and replay.edits == 1
    assert replay.attachments[0].data == pictures[1]
    record = await world.click(anna, step(replay, TR.t("ru", "replay-animation-button")))
    assert record.response_type == CALLBACK_DEFERRED_UPDATE_MESSAGE
    [clip] = record.messages  # a follow-up, ephemeral
    assert clip.ephemeral_to is anna and clip.attachments[0].data[:4] == b"GIF8"
    assert replay.edits == 1
