"""Turn reminders by direct message (bot/discord/dms.py) against the fake Discord, which
answers 403 code 40003 past 10 DM channels opened a minute or 10 DMs in 10 s.

* Off by default: in a rotation of many players over many tables, only those who asked
  with /dms on get a DM; theirs never draw a 40003, each DM channel is opened once and
  reused, after a restart too (discord.py forgets its cache; the database does not).
* A 40003 (or another 403 that is not 50007) is "too fast": never posted in public, never
  recorded as the player's refusal; the DMs pause and come again later.
* Help and error texts name the commands as the reader's client shows them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.dms import BACK_OFF
from fakes.discord import ApiCall, FakeChannel, FakeDiscordServer, FakeUser
from fakes.discord_e2e import TR, World, lang_of, notes, ping

pytest_plugins = ["fakes.discord.fixtures"]

TABLES = 12
SEATS = 2
ASKING = range(0, TABLES * SEATS, 2)  # every other player asks for DMs: 12 of 24


@pytest.fixture
async def world(fake_discord: FakeDiscordServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_discord, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    fake_discord.assert_interactions_answered()
    assert fake_discord.limits.dm_refusals == 0 or fake_discord.faults  # only injected ones


async def new_game(world: World, channel: FakeChannel, players: list[FakeUser]) -> int:
    host, *others = players
    table = await world.open_table(channel, host, others)
    await world.start_game(channel, host)
    return table


def dm_opens(server: FakeDiscordServer) -> Counter[str]:
    """DM channels opened (accepted), by recipient."""
    return Counter(str(c.json["recipient_id"]) for c in server.calls_of("start_private_message")
                   if c.status == 200)


async def test_a_rotation_dms_only_those_who_asked_never_too_fast_once_per_channel(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    people = [server.user(f"P{n}", locale=("en-US", "ru", "pl")[n % 3])
              for n in range(TABLES * SEATS)]
    guild = server.guild("Rotation", owner=people[0], members=people)
    channels = [server.text_channel(guild, f"t{n}") for n in range(TABLES)]
    asking = {people[n] for n in ASKING}
    for person in asking:
        await world.slash(person, channels[0], "dms", choice="on")
    rng = random.Random(31)
    seated = [people[n * SEATS:(n + 1) * SEATS] for n in range(TABLES)]
    tables = [await new_game(world, channel, players)
              for channel, players in zip(channels, seated, strict=True)]
    rung: set[FakeUser] = set()
    for channel, table, players in zip(channels, tables, seated, strict=True):
        for _ in range(SEATS):  # everyone's turn comes once
            rung.update(ping(channel).pinged)
            await world.play_move(channel, table, players, rng)
    told = {p for p in people if p.dm_messages}
    assert told == asking & rung and len(told) > 10  # more than the fake takes a minute
    assert server.limits.dm_refusals == 0
    opened = dm_opens(server)
    assert set(opened) == {str(p.id) for p in told} and set(opened.values()) == {1}
    assert not [c for c in server.calls if c.status == 429]  # no global (or other) 429
    # a restart: discord.py's cache is gone, the stored channels are reused
    await world.restart()
    channel, table, players = next((c, t, p) for c, t, p in zip(channels, tables, seated,
                                                                strict=True)
                                   if set(p) & asking and ping(c) is not None)
    before = {p: len(p.dm_messages) for p in players}
    for _ in range(SEATS):
        await world.play_move(channel, table, players, rng)
    assert any(len(p.dm_messages) > before[p] for p in players if p in asking)
    assert dm_opens(server) == opened  # no channel opened again
    assert server.limits.dm_refusals == 0


async def test_a_40003_is_too_fast_never_a_refusal_and_never_public(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    channel = server.text_channel(guild, "games")
    for person in (anna, bob):
        await world.slash(person, channel, "dms", choice="on")
    table = await new_game(world, channel, [anna, bob])
    rng = random.Random(5)

    def dm_send(call: ApiCall) -> bool:
        return call.name == "send_message" and server.channel(call.channel_id).recipient \
            is not None

    async def two_moves() -> None:
        for _ in range(2):
            await world.play_move(channel, table, [anna, bob], rng)

    # Discord says "too fast" when a channel is opened, then (another 403) when one is sent
    server.clock.advance(BACK_OFF + 1)
    server.inject_error("start_private_message", status=403, code=40003,
                        message="You are opening direct messages too fast.")
    await two_moves()
    server.clock.advance(BACK_OFF + 1)
    server.inject_error(dm_send, status=403, code=40001, message="Unauthorized")
    await two_moves()
    faults = server.faults
    assert all(f.remaining == 0 for f in faults)
    sent = [m for p in (anna, bob) for m in p.dm_messages]
    assert len(sent) <= 1  # the turn before the second 403, at most
    public = [m.content for m in server.public_messages()]
    for person in (anna, bob):
        assert not any(TR.t(lang, "dc-dm-blocked", name=person.name) in text
                       for lang in TR.languages for text in public)
        mine = (await world.store.dm_choices([str(person.id)]))[str(person.id)]
        assert mine.wanted and mine.refused_at is None  # not the player's refusal
        [status] = notes(await world.slash(person, channel, "dms"))
        assert TR.t(lang_of(person), "dc-dms-refused") not in status
    # once Discord's "too fast" is behind us, the reminders come again
    server.clock.advance(BACK_OFF + 1)
    await two_moves()
    assert len([m for p in (anna, bob) for m in p.dm_messages]) > len(sent)


async def test_a_player_who_refuses_dms_is_told_by_dms_and_others_get_none(
        world: World, fake_discord: FakeDiscordServer) -> None:
    server = fake_discord
    zed = server.user("Zed", allow_dms=False)
    bob = server.user("Bob")
    guild = server.guild("Game night", owner=zed, members=[zed, bob])
    channel = server.text_channel(guild, "games")
    await world.slash(zed, channel, "dms", choice="on")
    table = await new_game(world, channel, [zed, bob])
    for _ in range(2):
        await world.play_move(channel, table, [zed, bob], random.Random(2))
    assert not bob.dm_messages and not zed.dm_messages
    mine = (await world.store.dm_choices([str(zed.id)]))[str(zed.id)]
    assert mine.refused_at is not None
    record = await world.slash(zed, channel, "dms")
    assert TR.t("en", "dc-dms-refused") in notes(record)[0]
    record = await world.slash(bob, channel, "dms")
    assert notes(record) == [TR.t("en", "dc-dms-are-off")]
    await world.slash(zed, channel, "dms", choice="off")
    mine = (await world.store.dm_choices([str(zed.id)]))[str(zed.id)]
    assert not mine.wanted


async def test_the_clocks_reminder_comes_by_dm_too_in_the_players_language(
        world: World, fake_discord: FakeDiscordServer) -> None:
    """A quarter of the turn's time left: the reminder's ping (bot/turns.py) carries the DM
    as the service worded it, and only the player whose turn it is gets it."""
    server = fake_discord
    anna = server.user("Anna", locale="ru")
    bob = server.user("Bob", locale="pl")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    channel = server.text_channel(guild, "games")
    for person in (anna, bob):
        await world.slash(person, channel, "dms", choice="on")
    table = await new_game(world, channel, [anna, bob])  # Lanterns: 5 min + 60 s a turn
    late = world.acting(channel, [anna, bob])
    other = bob if late is anna else anna
    told = {p: len(p.dm_messages) for p in (anna, bob)}
    world.clock_offset += 0.75 * 300 + 45  # past three quarters, short of the whole turn
    world.bot.service.scheduler.wake()
    await world.settle()
    reminder = ping(channel)
    assert reminder is not None and reminder.pinged == [late]
    row = await world.store.get_table(table)
    assert row is not None
    [dm] = late.dm_messages[told[late]:]
    assert dm.content.startswith(TR.t(lang_of(late), "bot-your-turn-in-chat", chat=row.title))
    assert dm.content.endswith(f"/channels/{guild.id}/{channel.id}/{reminder.id}")
    assert len(other.dm_messages) == told[other]


@pytest.mark.parametrize(("locale", "newgame", "dms"), [
    ("ru", "/новая-игра", "/лс"), ("pl", "/nowa-gra", "/pw"), ("en-US", "/newgame", "/dms")])
async def test_help_and_errors_name_commands_as_the_readers_client_shows_them(
        world: World, fake_discord: FakeDiscordServer, locale: str, newgame: str,
        dms: str) -> None:
    server = fake_discord
    person = server.user("Vera", locale=locale)
    guild = server.guild("Game night", owner=person, members=[person])
    channel = server.text_channel(guild, "games")
    # as Discord shows the command to this client (from the synced localisations)
    assert "/" + server.localized_command("newgame", locale.split("-")[0])[0] == newgame
    [help_text, *_] = notes(await world.slash(person, channel, "help"))
    assert newgame + " " in help_text
    if locale != "en-US":  # no English command names left
        assert "/newgame" not in help_text and "/rules" not in help_text
    [error] = notes(await world.slash(person, channel, "cancel"))  # no table here
    assert error.endswith(f"{newgame}.")
    [status] = notes(await world.slash(person, channel, "dms"))
    assert f"{dms} on" in status
