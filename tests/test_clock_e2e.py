"""Turn clocks end to end on both fake platforms, through the real aiogram and discord.py
clients: the reminder (a mention in the group and a private message), a clock running out,
the vote on the board handing the seat to a computer player, I'm back, and /leave during a
game. Time is the worlds' injected clock: it jumps, nothing waits for it."""

from __future__ import annotations

import pytest

from fakes import discord_e2e as dc
from fakes import telegram_e2e as tg
from fakes.discord import FakeDiscordServer
from fakes.telegram import FakeTelegramServer

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures",
                  "tests.e2e_worlds"]  # tg_world, dc_world

pytestmark = pytest.mark.timeout(180)
TR = tg.TR
DAYS = 2 * 24 * 3600  # longer than any clock


async def let_time_pass(world: tg.World | dc.World, seconds: float) -> None:
    world.clock_offset += seconds
    world.bot.service.scheduler.wake()
    await world.settle()


async def test_telegram_reminder_timeout_vote_and_back(tg_world: tg.World,
                                                       fake_telegram: FakeTelegramServer) -> None:
    world, server = tg_world, fake_telegram
    anna = server.user("Anna", language_code="en")
    boris = server.user("Boris", language_code="en")
    group = server.supergroup("Club", owner=anna)
    table = await world.open_table(group, anna, [boris])
    assert "⏱" in tg.content(tg.lobby(group))  # the game's default clock, shown in the lobby
    board = await world.start_game(group, anna)
    late = world.acting([anna, boris])
    other = boris if late is anna else anna
    assert "⏳ about 5 min" in tg.content(board)  # Lanterns: 5 min + 60 s a turn
    # three quarters of the time gone: one mention in the group, one private message
    panel_before = tg.panel(late)
    # (the outbox's waits for Telegram's budgets in the group are given back to the clock,
    # so a little more than 75 % passes, well short of the whole turn)
    await let_time_pass(world, 0.75 * 300 + 45)
    reminder = [m for m in group.bot_messages if "left for your turn" in tg.content(m)]
    assert len(reminder) == 1 and late.first_name in tg.content(reminder[0])
    # their panel is sent anew (a new message notifies; an edit would not), with the time
    assert tg.panel(late) is not panel_before and panel_before.deleted
    assert "⏳" in tg.content(tg.panel(late))
    # out of time: the other player decides on the board
    await let_time_pass(world, DAYS)
    assert TR.t("en", "table-absent-board", player=late.first_name) in tg.content(board)
    vote = [d for d, p in tg.presses(board) if p.kind == "vote" and p.arg.startswith("c")]
    assert len(vote) == 1
    answer = await world.press(late, board, vote[0])
    assert answer.alert  # not theirs to decide
    await world.press(other, board, vote[0])
    seat = next(s for s in await world.store.list_seats(table) if s.user_id == str(late.id))
    assert (seat.absence, seat.computer) == ("away", "normal")
    # the computer played their turn (the worlds' computer players move at once)
    assert world.acting([anna, boris]) is other
    # I'm back, from their panel
    back = tg.button_data(tg.panel(late), "back")
    answer = await world.press(late, tg.panel(late), back)
    assert answer.text == TR.t("en", "table-back-welcome")
    seat = next(s for s in await world.store.list_seats(table) if s.user_id == str(late.id))
    assert (seat.absence, seat.computer) == (None, None)


async def test_discord_timeout_vote_back_and_leave(dc_world: dc.World,
                                                    fake_discord: FakeDiscordServer) -> None:
    world, server = dc_world, fake_discord
    anna = server.user("Anna", locale="en-US")
    boris = server.user("Boris", locale="en-US")
    clara = server.user("Clara", locale="en-US")
    guild = server.guild("Club", owner=anna, members=[anna, boris, clara])
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [boris, clara])
    board = await world.start_game(channel, anna)
    players = [anna, boris, clara]
    late = world.acting(channel, players)
    others = [u for u in players if u is not late]
    await let_time_pass(world, DAYS)
    assert TR.t("en", "table-absent-board", player=late.name) in board.content
    [computer] = [c for c in dc.options(board)
                  if c.press.kind == "vote" and c.press.arg.startswith("c")]
    record = await world.click(others[0], computer)
    assert dc.notes(record) == [TR.t("en", "table-vote-counted")]
    assert "(1/2)" in str(board.all_components)  # a majority of the two others is needed
    [computer] = [c for c in dc.options(board)
                  if c.press.kind == "vote" and c.press.arg.startswith("c")]
    await world.click(others[1], computer)
    seat = next(s for s in await world.store.list_seats(table) if s.user_id == str(late.id))
    assert (seat.absence, seat.computer) == ("away", "normal")
    # I'm back: their panel (My hand on the board) offers it
    record = await world.click(late, dc.button(board, "hand"))
    back = dc.button(dc.panel(late), "back")
    record = await world.click(late, back)
    seat = next(s for s in await world.store.list_seats(table) if s.user_id == str(late.id))
    assert (seat.absence, seat.computer) == (None, None)
    # /leave during the game: asked first, in the channel, then a computer takes the seat
    leaver = others[0]
    await world.slash(leaver, channel, "leave")
    [question] = [m for m in channel.bot_messages if not m.deleted
                  and any(c.press.kind == "quit" for c in dc.options(m))]
    assert f"<@{leaver.id}>, leave the game?" in question.content  # a mention
    [yes] = [c for c in dc.options(question) if c.press.arg.startswith("y")]
    record = await world.click(others[1], yes)
    assert dc.notes(record) == [TR.t("en", "table-leave-not-yours")]
    await world.click(leaver, yes)
    assert question.deleted
    seat = next(s for s in await world.store.list_seats(table) if s.user_id == str(leaver.id))
    assert (seat.absence, seat.computer) == ("left", "normal")
    assert (await world.store.get_table(table)).status == "playing"
