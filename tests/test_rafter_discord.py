"""Rafter Five end to end through Discord: the real TableService and Store, the real
discord.py client (`DiscordBot`) and the fake Discord API and gateway, with two simulated
people who open their ephemeral panel with "My hand" and press the buttons really in it.

A short game (1 chest each): the first move is built far over the raft's edge, so the
channel gets the move as an animated GIF attachment named picture.gif, then the players
play on until someone has placed their chest. Nothing of a panel is ever public.
"""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from PIL import Image

from bot.payloads import decode
from bot.table_posts import events_from_json
from engine.rafter import SPEC
from engine.rafter.menu import pose_from_key
from fakes.discord import FakeChannel, FakeDiscordServer, FakeUser, MessageRecord
from fakes.discord_e2e import (
    GAME_KINDS,
    TR,
    Choice,
    World,
    _walk,
    button,
    channel_snapshot,
    data_of,
    lang_of,
    notes,
    options,
    panel,
    ping,
    table_snapshot,
)
from tests.rafter_helpers import along_x_start, free_rafter, like_a_person, lines_of, menu_fragments

pytest_plugins = ["fakes.discord.fixtures"]

# a hang guard: the game takes 5 s on a quiet machine and 13 s on a loaded one (load 17)
pytestmark = pytest.mark.timeout(180)

BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}
MAX_MOVES = 12


@pytest_asyncio.fixture
async def world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()


# --- what people see -------------------------------------------------------------------------


def the_board(channel: FakeChannel) -> MessageRecord:
    """The channel's board: the one still picture the bot shows there."""
    boards = [m for m in channel.bot_messages
              if [a.filename for a in m.attachments] == ["picture.png"]]
    assert len(boards) == 1, boards
    return boards[0]


def clips(channel: FakeChannel) -> list[MessageRecord]:
    """Every clip the bot ever posted in the channel, deleted ones included."""
    return [m for m in channel.all_messages if m.from_bot
            and any(a.filename == "picture.gif" for a in m.attachments)]


def label_of(choice: Choice) -> str:
    for component in choice.message.all_components:
        if component.get("custom_id") != choice.custom_id:
            continue
        if choice.value is None:
            return str(component.get("label"))
        for option in component.get("options") or []:
            if option["value"] == choice.value:
                return str(option["label"])
    raise AssertionError(f"{choice} not in its message")


def game_choices(user: FakeUser) -> list[Choice]:
    """The menu steps and Confirm on the player's panel now (Back left out)."""
    return [c for c in options(panel(user))
            if c.press.kind in GAME_KINDS and label_of(c) not in BACK]


def step_of(user: FakeUser, key: str | None = None, prefix: str = "") -> Choice:
    """The choice whose path ends in `key` (or the last whose step starts with `prefix`)."""
    found = [c for c in game_choices(user) if c.press.path and (
        c.press.path[-1] == key if key is not None else c.press.path[-1].startswith(prefix))]
    assert found, (key, prefix, [c.press.path for c in game_choices(user)])
    return found[-1]


# --- acting ----------------------------------------------------------------------------------


async def click(world: World, user: FakeUser, choice: Choice) -> None:
    record = await world.click(user, choice)
    assert not notes(record), (choice, notes(record))


async def open_hand(world: World, channel: FakeChannel, user: FakeUser) -> None:
    """`user` presses "My hand" on the board: their panel comes as an ephemeral message."""
    record = await world.click(user, button(the_board(channel), "hand"))
    assert not notes(record) and record.ephemeral, notes(record)
    assert panel(user) is record.original


async def build_over_the_edge(world: World, table: int, user: FakeUser) -> None:
    """Take a free rafter (lifted at once), pick an area where the card lies along x, fine-tune
    it: nudge the ghost card with "▶ 10" to 90 mm or more east of the raft's centre, and build there with the builder on the card's outer end."""
    state = SPEC.from_dict((await world.store.get_table(table)).state or {})
    await click(world, user, step_of(user, free_rafter(state)))
    if any(c.press.path[-1] == "n" for c in game_choices(user)):  # a new card, not a face-up
        await click(world, user, step_of(user, "n"))
    if any(c.press.path[-1] == "go" for c in game_choices(user)):
        await click(world, user, step_of(user, "go"))
    state = SPEC.from_dict((await world.store.get_table(table)).state or {})
    area, angle = along_x_start(state)
    await click(world, user, step_of(user, area))
    await click(world, user, step_of(user, angle))
    await click(world, user, step_of(user, prefix="L"))  # fine-tune the card
    for _ in range(30):
        nudges = {pose_from_key(c.press.path[-1]): c for c in game_choices(user)
                  if c.press.path[-1].startswith("L")}
        east = max(nudges)  # "▶ 10": the card's pose now, 10 mm further east
        if east[0] - 10 >= 90:
            break
        await click(world, user, nudges[east])
    else:
        raise AssertionError("the card never got 90 mm east")
    await click(world, user, step_of(user, "ok"))
    spots = [c.press.path[-1] for c in game_choices(user)]
    await click(world, user, step_of(user, "p9" if "p9" in spots else None, prefix="p"))
    spots = [c.press.path[-1] for c in game_choices(user)]
    await click(world, user, step_of(user, "c1" if "c1" in spots else None, prefix="c"))
    before = await world.version(table)
    await click(world, user, step_of(user, "go"))
    assert await world.version(table) == before + 1


async def names_by_seat(world: World, table: int) -> list[str]:
    seats = sorted((s for s in await world.store.list_seats(table) if s.seat is not None),
                   key=lambda s: s.seat or 0)
    return [s.display_name for s in seats]


# --- the game --------------------------------------------------------------------------------


async def test_a_short_rafter_game_through_discord(world: World,
                                                   fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob", locale="en-US")
    players = [anna, bob]
    guild = server.guild("Raft night", owner=anna, members=players)
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [bob], game="rafter")
    await world.store.set_options(table, {"chests": 1})
    board_message = await world.start_game(channel, anna)
    assert board_message is the_board(channel)
    row = await world.store.get_table(table)
    assert row is not None
    lang = row.language
    names = await names_by_seat(world, table)

    # "My hand": the waiting player sees their panel with nothing to press, the mover the
    # builders they may take
    mover = world.acting(channel, players)
    waiting = next(u for u in players if u is not mover)
    await open_hand(world, channel, waiting)
    assert not game_choices(waiting)
    waiting_panel = panel(waiting)
    assert waiting_panel is not None and [a.filename for a in waiting_panel.attachments] == [
        "picture.png"]
    assert waiting_panel.content == TR.t(lang_of(waiting), "table-panel-waiting", chat=row.title)
    await open_hand(world, channel, mover)
    takes = game_choices(mover)
    assert takes and all(c.press.path[-1].startswith("t") for c in takes)
    assert TR.t(lang_of(mover), "rafter-menu-take") in panel(mover).content  # type: ignore[union-attr]

    # a move that makes something fall: the channel gets it as a GIF named picture.gif
    await build_over_the_edge(world, table, mover)
    row = await world.store.get_table(table)
    assert row is not None and row.status == "playing"
    assert SPEC.from_dict(row.state or {}).last.fallen
    [clip] = clips(channel)
    [attachment] = clip.attachments
    with Image.open(io.BytesIO(attachment.data)) as image:
        assert image.format == "GIF" and getattr(image, "n_frames", 1) > 1
    assert TR.t(lang, "table-clip") in clip.content
    assert not clip.pinged and not clip.deleted and not clip.components
    assert the_board(channel) is board_message  # the board is still the one, edited

    # the stale take button, pressed again: outdated, nothing changes
    before = await table_snapshot(world.store, table), channel_snapshot(server)
    record = await world.click(mover, takes[0], force=True)
    assert TR.t(lang_of(mover), "bot-error-outdated") in notes(record)
    assert (await table_snapshot(world.store, table), channel_snapshot(server)) == before

    # then play on through the panels until someone has placed their chest
    rng = random.Random(3)
    for _ in range(600):
        row = await world.store.get_table(table)
        assert row is not None
        if row.status != "playing" or row.version >= MAX_MOVES:
            break
        state = SPEC.from_dict(row.state or {})
        user = world.acting(channel, players)
        assert user.name == names[state.current]
        caption = the_board(channel).content
        assert f"<@{user.id}>" in caption and ping(channel) is not None
        if not game_choices(user):
            await open_hand(world, channel, user)
        await click(world, user, like_a_person(game_choices(user), lambda c: c.press, rng))
        assert len([m for m in clips(channel) if not m.deleted]) <= 1
    row = await world.store.get_table(table)
    assert row is not None and row.version >= 4
    if row.status == "finished":
        final = the_board(channel).content
        assert TR.t(lang, "table-final-ranking").replace("🏁 ", "") in final
        assert [c.press.kind for c in options(the_board(channel))] == ["again", "moves"]
        assert ping(channel) is None
    shown_clips = clips(channel)
    assert shown_clips[0] is clip and all(m.deleted for m in shown_clips[:-1])

    # nothing of a panel is public: no line only a panel showed, no menu text, no menu path
    public: set[str] = set()
    for n in range(1, row.version + 1):
        kept = await world.store.action_record(table, n)
        assert kept is not None and kept.events is not None
        for event in events_from_json(kept.events):
            if event.visible_to(None):
                public.update(TR.render_label(lg, event.label, names) for lg in TR.languages)
    private: set[str] = set()
    for user in players:
        for message in user.ephemeral_store.values():
            for version in message.versions:
                if version.attachments:
                    private.update(line for line in lines_of(version.content)
                                   if line not in public)
    fragments = menu_fragments(TR)
    assert any(f in line for f in fragments for line in private), "no menu seen in a panel"
    for message in server.public_messages():
        if not message.from_bot:
            continue
        for version in message.versions:
            assert not [line for line in lines_of(version.content) if line in private]
            assert not [f for f in fragments if f in (version.content or "")], version.content
            for component in _walk(version.components):
                custom_id = component.get("custom_id")
                if custom_id:
                    press = decode(data_of(custom_id))
                    assert press.kind not in GAME_KINDS and not press.path, component
    server.assert_interactions_answered()
