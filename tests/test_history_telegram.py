"""/history and replays end to end through Telegram (the real service, store, aiogram bot and
the fake Bot API server): a whole Lanterns game, listed; its replay opened as a new message
and stepped through every move to the end and back by editing that message in place (each
picture the board of the state rebuilt from the log), after a restart too; the animation as
a new message; and forged presses that change nothing."""

from __future__ import annotations

import json
import random

import pytest

from bot import replay_screens
from bot.payloads import Press, encode
from bot.table_screens import players_of
from engine.hanabi.hanablive import export_game
from engine.lanterns import SPEC
from engine.registry import GAMES
from fakes.telegram import FakeChat, FakeTelegramServer, MessageRecord
from fakes.telegram_e2e import (
    TR,
    World,
    button_data,
    chat_snapshot,
    content,
    presses,
    replay_table,
    table_snapshot,
)

pytest_plugins = ["fakes.telegram.fixtures", "tests.e2e_worlds"]

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def world(tg_world: World) -> World:
    """The shared Telegram world (tests/e2e_worlds.py)."""
    return tg_world


def replay_message(group: FakeChat) -> MessageRecord:
    [message] = [m for m in group.bot_messages
                 if any(p.kind == "replay" and p.arg.isdigit() for _, p in presses(m))]
    return message


def step(message: MessageRecord, symbol: str) -> str:
    return next(b["callback_data"] for row in message.buttons for b in row
                if b["text"] == symbol)


async def test_history_and_a_replay_through_telegram(world: World,
                                                     fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    anna, lukasz = server.user("Anna", language_code="ru"), server.user("Łukasz",
                                                                        language_code="pl")
    group = server.supergroup("Game night", owner=anna)
    await world.store.set_chat_options("telegram", str(group.id), clock="off")
    await world.store.set_chat_language("telegram", str(group.id), "ru")
    table = await world.open_table(group, anna, [lukasz])
    await world.start_game(group, anna)
    await world.play_to_end(table, [anna, lukasz], random.Random(7))

    [listing] = await world.send(lukasz, group, "/history")
    assert TR.t("ru", "game-lanterns") in content(listing)
    assert "Anna" in content(listing) and "Łukasz" in content(listing)
    answer = await world.press(anna, listing, button_data(listing, "replay"))
    assert not answer.alert
    message = replay_message(group)
    game = await replay_table(world.store, table)
    row = await world.store.get_table(table)
    assert row is not None
    players = players_of(await world.store.list_seats(table), row.language)
    pictures = [replay_screens.replay_picture(SPEC, state, players) for state in game.states]
    moves = len(game.states) - 1
    assert message.media is not None and message.media.data == pictures[0]

    async def walk(symbol: str, to: int, who) -> None:
        at = 0 if symbol == "▶" else moves
        while at != to:
            answer = await world.press(who, message, step(message, symbol))
            assert not answer.alert, answer
            at += 1 if symbol == "▶" else -1
            assert replay_message(group) is message  # edited in place, nothing new sent
            assert message.media is not None and message.media.data == pictures[at]
            assert TR.t("ru", "replay-header", game=TR.t("ru", "game-lanterns"), move=at,
                        moves=moves) in content(message)

    await walk("▶", moves, lukasz)
    assert TR.t("ru", "table-final-ranking") in content(message)
    await world.restart()
    await walk("◀", 0, anna)
    assert TR.t("ru", "replay-start") in content(message)

    # forged presses: past the end, garbage, another table, and from another chat
    before = await table_snapshot(world.store, table), chat_snapshot(group)
    for data in (encode(Press("replay", table, arg=str(moves + 1))), f"r:{table}:x",
                 encode(Press("replay", table + 50, arg="1"))):
        answer = await world.press(anna, message, data, force=True)
        assert answer.alert and answer.text == TR.t("ru", "bot-error-malformed")
    elsewhere = server.supergroup("Elsewhere", owner=anna)
    [note] = await world.send(anna, elsewhere, "/history")
    assert content(note) == TR.t("ru", "history-empty")
    answer = await world.press(anna, note, encode(Press("replay", table, arg="1")), force=True)
    assert answer.alert
    assert (await table_snapshot(world.store, table), chat_snapshot(group)) == before

    # the animation: a new message, the replay left as it is
    edits = message.edits
    answer = await world.press(anna, message, step(message, TR.t("ru", "replay-animation-button")))
    assert not answer.alert
    clip = group.bot_messages[-1]
    assert clip is not message and clip.media is not None
    assert clip.media.data is not None and clip.media.data[:4] == b"GIF8"
    assert message.edits == edits

    # a replay opened after the restart, from the list sent before it
    await world.press(lukasz, listing, button_data(listing, "replay"))
    [again] = [m for m in group.bot_messages if m.message_id > clip.message_id]
    assert again.media is not None and again.media.data == pictures[0]
    await world.press(lukasz, again, step(again, "⏭"))
    assert again.media.data == pictures[-1] and message.media.data == pictures[0]


async def test_a_hanabi_replay_sends_the_hanab_live_file(world: World,
                                                         fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    anna, bob = server.user("Anna", language_code="ru"), server.user("Bob")
    group = server.supergroup("Fireworks", owner=anna)
    await world.store.set_chat_options("telegram", str(group.id), clock="off")
    for user in (anna, bob):
        await world.open_private(user)
    [lobby_message] = await world.send(anna, group, "/newgame hanabi")
    await world.press(bob, lobby_message, button_data(lobby_message, "join"))
    table = (await world.table(group)).id
    await world.start_game(group, anna)
    await world.play_to_end(table, [anna, bob], random.Random(11))
    [listing] = await world.send(bob, group, "/history")
    await world.press(bob, listing, button_data(listing, "replay"))
    message = replay_message(group)
    answer = await world.press(bob, message, encode(Press("replay", table, arg="f")))
    assert not answer.alert
    document = group.bot_messages[-1]
    assert document.media is not None and document.media.kind == "document"
    assert document.media.filename == f"hanabi-{table}.json"
    row = await world.store.get_table(table)
    assert row is not None
    names = [s.display_name for s in sorted(
        (s for s in await world.store.list_seats(table) if s.seat is not None),
        key=lambda s: s.seat or 0)]
    assert json.loads(document.media.data or b"") == export_game(
        GAMES["hanabi"].from_dict(row.state), names)
