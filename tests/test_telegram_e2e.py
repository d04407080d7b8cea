"""Lanterns end to end through Telegram: the real TableService and Store (SQLite in tmp_path),
the real aiogram TelegramBot, and the fake Bot API server, with simulated people who read the
messages the bot really sent and press the buttons really in them (see
fakes/telegram_e2e.py). Service-level rules are in tests/test_table_service.py; these
tests are about the whole path through Telegram."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from engine.lanterns import SPEC
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser, MessageRecord, make_bot
from fakes.telegram_e2e import (
    ACTION,
    TR,
    BotProcess,
    World,
    board,
    button_data,
    chat_snapshot,
    check_no_secrets_in_groups,
    choices,
    choose,
    content,
    deep_link_payload,
    lobby,
    old_button_data,
    panel,
    presses,
    table_snapshot,
)
from render.lanterns import board_png

pytest_plugins = ["fakes.telegram.fixtures"]

pytestmark = pytest.mark.timeout(180)


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()
    if w.strict_answers:
        fake_telegram.assert_callbacks_answered()


@pytest.fixture
def logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Everything the bot and aiogram log, at every level, for the secrets check."""
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="bot")
    caplog.set_level(logging.DEBUG, logger="aiogram")
    yield caplog


def people(server: FakeTelegramServer, count: int) -> list[FakeUser]:
    """Players with their own app languages (the host, Anna, speaks Russian)."""
    return [server.user("Anna", language_code="ru"), server.user("Łukasz", language_code="pl"),
            server.user("Bob", last_name="Stone"), server.user("Eve 🎲")][:count]


def user_lang(user: FakeUser) -> str:
    """The language the bot answers this person in, privately."""
    return user.language_code if user.language_code in TR.languages else "en"  # type: ignore[return-value]


def full_name(user: FakeUser) -> str:
    return f"{user.first_name} {user.last_name}" if user.last_name else user.first_name


async def new_game(world: World, group: FakeChat, players: list[FakeUser]
                   ) -> tuple[int, MessageRecord]:
    """Seat everyone (the last player joins through the deep link) and start."""
    host, *others = players
    table = await world.open_table(group, host, others[:-1], newcomer=others[-1])
    return table, await world.start_game(group, host)


async def assert_final(world: World, group: FakeChat, table: int, players: list[FakeUser],
                       board_message: MessageRecord, lang: str, first_version: int = 0) -> None:
    """The game is over: the board (the same message since `first_version`) ranks everyone,
    the turn ping is gone, and no panel offers a choice any more."""
    row = await world.store.get_table(table)
    assert row is not None and row.status == "finished"
    assert board(group) is board_message and not board_message.deleted
    assert board_message.edits == row.version - first_version  # edited after every move
    caption = content(board_message)
    assert TR.t(lang, "table-final-ranking") in caption
    assert all(full_name(user) in caption for user in players)
    # the ranking with honor, favors and cards, line by line
    seats = sorted(await world.store.list_seats(table), key=lambda seat: seat.seat or 0)
    names = [seat.display_name for seat in seats]
    outcome = SPEC.outcome(SPEC.from_dict(row.state or {}))
    assert outcome is not None and SPEC.standing_label is not None
    lines = caption.splitlines()
    for standing in outcome.standings:
        assert TR.render_label(lang, SPEC.standing_label(standing), names) in lines
    assert group.bot_messages == [board_message]  # lobby and ping deleted, nothing else
    assert [p.kind for _, p in presses(board_message)] == ["again", "moves"]  # and the log
    assert not any(choices(user) for user in players)


# --- whole games -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 4])
async def test_whole_game_played_through_the_buttons(
        world: World, fake_telegram: FakeTelegramServer, logs: pytest.LogCaptureFixture,
        count: int) -> None:
    """Everyone has opened the bot but the last player, who joins through the deep link;
    the acting player (the one whose panel has buttons) presses through the menus until
    the final ranking. The board is one message, edited in place after every move."""
    server = fake_telegram
    players = people(server, count)
    group = server.supergroup("Game night", owner=players[0])
    table, board_message = await new_game(world, group, players)
    # the first buttons of the game, pressed again once it is over
    history = [(user, data, panel(user)) for user in players for data, _ in choices(user)]
    await world.play_to_end(table, players, random.Random(count))
    await assert_final(world, group, table, players, board_message, "ru")
    pictures, twins = await check_no_secrets_in_groups(world.store, table, [group], players,
                                                       logs.text)
    assert pictures >= world.moves and twins
    server.assert_callbacks_answered()

    # a finished table: its old buttons answer an alert and change nothing
    before = await table_snapshot(world.store, table), chat_snapshot(group)
    hand = old_button_data(board_message, "hand")
    for user, data, message in history[:3]:
        assert message is not None
        answer = await world.press(user, message, data, force=True)
        assert answer.alert and answer.text == TR.t(user_lang(user), "bot-error-table-finished")
    answer = await world.press(players[1], board_message, hand, force=True)
    assert answer.alert and answer.text == TR.t(user_lang(players[1]),
                                                "bot-error-table-finished")
    assert (await table_snapshot(world.store, table), chat_snapshot(group)) == before

    # Play again: a new lobby with the same people, hosted by whoever pressed it
    answer = await world.press(players[1], board_message, button_data(board_message, "again"))
    assert not answer.alert
    again = await world.table(group)
    assert again.id != table and again.creator_id == str(players[1].id)
    assert {s.user_id for s in await world.store.list_seats(again.id)} == {
        str(user.id) for user in players}
    assert all(user.first_name in content(lobby(group)) for user in players)


async def test_three_player_game_survives_a_restart(
        world: World, fake_telegram: FakeTelegramServer, logs: pytest.LogCaptureFixture
        ) -> None:
    """A new bot process takes over in the middle of a move; the messages drawn before the
    restart go on working where they are current, and older ones are refused."""
    server = fake_telegram
    players = people(server, 3)
    group = server.supergroup("Game night", owner=players[0])
    table, board_message = await new_game(world, group, players)
    rng = random.Random(3)
    while await world.version(table) < 6:
        await world.play_move(table, players, rng)
    # a button of this version, soon outdated
    old_user = world.acting(players)
    old_panel = panel(old_user)
    assert old_panel is not None
    old_data = choices(old_user)[0][0]
    await world.play_move(table, players, rng)
    # the acting player is half-way through a move when the process goes down
    mover = world.acting(players)
    first_step = choose(choices(mover), rng)  # the first level holds no Confirm
    assert not (await world.press(mover, panel(mover), first_step)).alert  # type: ignore[arg-type]
    drawn = choices(mover)  # the next level, drawn before the restart
    mover_panel = panel(mover)
    assert mover_panel is not None
    before = await table_snapshot(world.store, table)
    group_before = chat_snapshot(group)
    calls = len(server.calls)

    await world.restart()

    # the new process re-showed only the mover's panel (back at the first level)
    reshown = [(c.method, c.chat_id) for c in server.calls[calls:] if c.chat_id is not None]
    assert reshown == [("editMessageMedia", mover.id)]
    assert await table_snapshot(world.store, table) == before
    assert chat_snapshot(group) == group_before  # nothing re-sent or edited in the group
    assert board(group) is board_message and not board_message.deleted
    assert panel(mover) is mover_panel and not mover_panel.deleted
    # an outdated button: an alert, and nothing changes in the store or the group
    answer = await world.press(old_user, old_panel, old_data, force=True)
    assert answer.alert and answer.text == TR.t(user_lang(old_user), "bot-error-outdated")
    assert await table_snapshot(world.store, table) == before
    assert chat_snapshot(group) == group_before
    # the next step drawn before the restart is still current, so it still works
    data = choose(drawn, rng)
    answer = await world.press(mover, mover_panel, data,
                               force=data not in [d for d, _ in presses(mover_panel)])
    assert not answer.alert
    assert panel(mover) is mover_panel
    # and so does the board's button
    waiting = next(user for user in players if user is not mover)
    answer = await world.press(waiting, board_message, button_data(board_message, "hand"))
    assert not answer.alert and answer.text == TR.t(user_lang(waiting), "table-panel-sent")

    await world.play_to_end(table, players, rng)
    await assert_final(world, group, table, players, board_message, "ru")
    pictures, _ = await check_no_secrets_in_groups(world.store, table, [group], players,
                                                   logs.text)
    assert pictures >= world.moves


async def test_basic_group_becomes_a_supergroup_mid_game(
        world: World, fake_telegram: FakeTelegramServer, logs: pytest.LogCaptureFixture
        ) -> None:
    """Telegram tells the bot the group migrated: the table follows the new chat id and the
    game goes on there to the end, with one board message in the new chat."""
    server = fake_telegram
    players = people(server, 2)
    group = server.group("Family", owner=players[0])
    table, old_board = await new_game(world, group, players)
    rng = random.Random(22)
    for _ in range(3):
        await world.play_move(table, players, rng)
    supergroup = group.migrate_to_supergroup()
    await world.settle()
    row = await world.store.get_table(table)
    assert row is not None and row.chat_id == str(supergroup.id) and row.status == "playing"
    frozen = chat_snapshot(group)

    await world.play_move(table, players, rng)
    new_board = board(supergroup)
    first_version = await world.version(table)
    await world.play_to_end(table, players, rng)
    await assert_final(world, supergroup, table, players, new_board, "ru", first_version)
    assert chat_snapshot(group) == frozen  # nothing more went to the old group
    assert not old_board.deleted
    pictures, _ = await check_no_secrets_in_groups(world.store, table, [group, supergroup],
                                                   players, logs.text)
    assert pictures >= world.moves


async def test_migration_found_through_the_error(
        world: World, fake_telegram: FakeTelegramServer) -> None:
    """The group migrated while the bot was down and the service message was lost: the
    first edit answers "upgraded to a supergroup", and the table follows it."""
    server = fake_telegram
    players = people(server, 2)
    group = server.group("Family", owner=players[0])
    table, _ = await new_game(world, group, players)
    rng = random.Random(5)
    await world.play_move(table, players, rng)
    await world.bot.stop()
    supergroup = group.migrate_to_supergroup()
    assert server.pending_updates
    bot = make_bot(server)  # the updates are dropped, as `drop_pending_updates` does
    try:
        assert await bot.delete_webhook(drop_pending_updates=True)
    finally:
        await bot.session.close()
    world.bot = BotProcess(server, world.db_path)
    await world.bot.start()
    await world.settle()
    await world.play_move(table, players, rng)  # the board's edit meets the migration
    migrate_errors = [c for c in server.calls_of(chat_id=group.id)
                      if c.error_parameters and "migrate_to_chat_id" in c.error_parameters]
    assert migrate_errors
    row = await world.store.get_table(table)
    assert row is not None and row.chat_id == str(supergroup.id)
    new_board = board(supergroup)
    for _ in range(2):
        await world.play_move(table, players, rng)
    assert board(supergroup) is new_board and new_board.edits >= 2


async def test_blocked_private_chat(world: World, fake_telegram: FakeTelegramServer) -> None:
    """A player blocks the bot: a short note in the group, the game goes on; when they open
    the private chat again, their panel is back."""
    server = fake_telegram
    players = people(server, 2)
    group = server.supergroup("Game night", owner=players[0])
    table, board_message = await new_game(world, group, players)
    rng = random.Random(7)
    await world.play_move(table, players, rng)
    mover = world.acting(players)
    blocker = next(user for user in players if user is not mover)
    blocker.block_bot()
    await world.settle()
    dm_before = chat_snapshot(blocker.private_chat)

    version = await world.version(table)
    await world.play_move(table, players, rng)  # their panel now fails to arrive
    assert await world.version(table) == version + 1
    note_text = TR.t("ru", "bot-error-private-blocked", name=blocker.first_name)
    [note] = [m for m in group.bot_messages if content(m) == note_text]
    [[link]] = note.buttons
    assert deep_link_payload(link["url"], server.bot_username) == "p"
    assert chat_snapshot(blocker.private_chat) == dm_before
    assert not any(choices(user) for user in players)  # nobody can see a choice now
    # the game goes on: the board says whose turn it is, and My hand points to the chat
    assert blocker.first_name in content(board_message)
    answer = await world.press(blocker, board_message, button_data(board_message, "hand"))
    assert answer.url and not answer.alert
    await world.open_private(blocker, deep_link_payload(answer.url, server.bot_username))
    assert world.acting(players) is blocker
    await world.play_move(table, players, rng)
    assert await world.version(table) == version + 2
    assert [m for m in group.all_messages if content(m) == note_text] == [note]
    await check_no_secrets_in_groups(world.store, table, [group], players)


async def test_restart_shows_what_a_crash_left_unsent(
        world: World, fake_telegram: FakeTelegramServer) -> None:
    """A move is committed but its messages never reach the group (as if the process died
    before sending them): the next process shows the board as it is."""
    server = fake_telegram
    players = people(server, 2)
    group = server.supergroup("Game night", owner=players[0])
    table, board_message = await new_game(world, group, players)
    rng = random.Random(4)
    await world.play_move(table, players, rng)
    shown = chat_snapshot(group)
    outage = server.inject_error(chat_id=group, times=100, status=500,
                                 description="Internal Server Error: injected")
    world.bot.telegram.outbox.redeliver_for = 0  # it gives up at once, as if it had died
    await world.play_move(table, players, rng)
    assert outage.hits and chat_snapshot(group) == shown  # the group saw nothing of it
    outage.remaining = 0
    await world.restart()
    row = await world.store.get_table(table)
    assert row is not None and row.version == 2
    state = SPEC.from_dict(row.state or {})
    seats = sorted(await world.store.list_seats(table), key=lambda seat: seat.seat or 0)
    names = [seat.display_name for seat in seats]
    assert board(group) is board_message
    assert board_message.photo_bytes == board_png(SPEC.view(state, None), names=names)
    turn = world.acting(players)
    assert TR.t("ru", "bot-turn-of", player=turn.first_name) in content(board_message)
    await world.play_move(table, players, rng)
    assert board_message.edits == 3


async def test_telegram_errors_mid_game(world: World, fake_telegram: FakeTelegramServer) -> None:
    """429 Too Many Requests on the board's edit, the turn ping and a press's answer: each is
    waited out and retried; a board someone deleted is posted again."""
    server = fake_telegram
    players = people(server, 2)
    group = server.supergroup("Game night", owner=players[0])
    table, board_message = await new_game(world, group, players)
    rng = random.Random(9)
    await world.play_move(table, players, rng)
    edit_flood = server.inject_flood("editMessageMedia", chat_id=group, times=2)
    ping_flood = server.inject_flood("sendMessage", chat_id=group, times=1)
    await world.play_move(table, players, rng)
    assert len(edit_flood.hits) == 2 and len(ping_flood.hits) == 1
    version = await world.version(table)
    assert board_message.edits == version
    turn = world.acting(players)
    assert TR.t("ru", "bot-turn-of", player=turn.first_name) in content(board_message)
    [ping] = [m for m in group.bot_messages if m is not board_message]
    assert content(ping) == TR.t("ru", "table-turn-ping", player=turn.first_name)
    # the player to move is mentioned, so that their phone rings
    assert [e["user"]["id"] for e in ping.entities if e["type"] == "text_mention"] == [turn.id]

    board_message.deleted = True  # an admin deleted the board
    await world.play_move(table, players, rng)
    new_board = board(group)
    assert new_board is not board_message and not new_board.deleted
    assert new_board.photo_bytes and content(new_board)
    await world.play_move(table, players, rng)
    assert board(group) is new_board and new_board.edits == 1


async def test_press_answer_meets_flood_control(world: World,
                                                fake_telegram: FakeTelegramServer) -> None:
    """The answer to a press meets 429 Too Many Requests: like every other request, it is
    waited out and retried, so the press is still answered (once)."""
    server = fake_telegram
    players = people(server, 2)
    group = server.supergroup("Game night", owner=players[0])
    await new_game(world, group, players)
    world.strict_answers = False  # a refused attempt is part of the story here
    turn = world.acting(players)
    answer_flood = server.inject_flood("answerCallbackQuery", times=1)
    query = turn.press(panel(turn), choose(choices(turn), random.Random(1)))  # type: ignore[arg-type]
    await world.settle()
    await server.wait_until(lambda: any(call.ok for call in server.answers_for(query)), 3,
                            message="the press answered after flood control")
    assert answer_flood.hits
    attempts = server.answers_for(query)
    assert [call.ok for call in attempts].count(True) == 1, attempts


# --- bad presses -----------------------------------------------------------------------------


async def test_bad_presses_are_answered_and_change_nothing(
        world: World, fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    anna, lukasz, bob, eve = people(server, 4)
    mallory = server.user("Mallory")
    group = server.supergroup("Game night", owner=anna)
    other_group = server.supergroup("Other night", owner=bob)
    table, board_message = await new_game(world, group, [anna, lukasz])
    other, other_board = await new_game(world, other_group, [bob, eve])
    players, others = [anna, lukasz], [bob, eve]
    rng = random.Random(11)
    stale_user = world.acting(players)
    stale_panel, stale_data = panel(stale_user), choices(stale_user)[0][0]
    await world.play_move(table, players, rng)
    await world.play_move(other, others, rng)
    mover = world.acting(players)
    waiting = next(user for user in players if user is not mover)
    mover_panel, waiting_panel = panel(mover), panel(waiting)
    assert mover_panel is not None and waiting_panel is not None
    current = choices(mover)[0][0]
    other_current = choices(world.acting(others))[0][0]

    async def refused(user: FakeUser, message: MessageRecord, data: str, *,
                      force: bool = True, key: str | None = None) -> None:
        before = (await table_snapshot(world.store, table),
                  await table_snapshot(world.store, other),
                  chat_snapshot(group), chat_snapshot(other_group))
        answer = await world.press(user, message, data, force=force)
        assert answer.alert and answer.text, (data, answer)
        if key is not None:
            assert answer.text == TR.t(user_lang(user), key), (data, answer)
        assert before == (await table_snapshot(world.store, table),
                          await table_snapshot(world.store, other),
                          chat_snapshot(group), chat_snapshot(other_group)), data

    # stale: a button of an older version
    assert stale_panel is not None
    await refused(stale_user, stale_panel, stale_data, key="bot-error-outdated")
    # forged: another table's button pressed on this one's panel, or on this group's board
    await refused(mover, mover_panel, other_current, key="bot-error-not-a-player")
    await refused(mover, board_message, other_current)
    await refused(bob, other_board, current)
    # another player's panel data, pressed by someone else
    await refused(waiting, waiting_panel, current, key="bot-error-not-your-turn")
    await refused(mallory, board_message, current, key="bot-error-not-a-player")
    # a non-player pressing the board's own button
    await refused(mallory, board_message, button_data(board_message, "hand"), force=False,
                  key="bot-error-not-a-player")
    # garbage: random bytes and strings of at most 64 bytes, and near misses
    row = await world.store.get_table(table)
    assert row is not None
    near = [f"g:{table}:{row.version}:p.999", f"c:{table}:{row.version}:p",
            f"c:{table}:{row.version}:p.1.9.1", f"g:{table}:{row.version}:" + "a" * 9,
            f"g:{table}:{row.version}:p..1", f"g:-{table}:0:", f"j:{table}:1", "j:", "L:xx",
            "n:chess", "", "\x00", "💣" * 16, "x" * 64, f"g:{table}:{row.version}:p" + "." * 40]
    garbage_rng = random.Random(64)
    for _ in range(12):
        raw = garbage_rng.randbytes(garbage_rng.randint(1, 64))
        text = raw.decode("utf-8", "replace")
        while len(text.encode()) > 64:
            text = text[:-1]
        near.append(text)
        near.append(raw.hex()[:garbage_rng.randint(1, 64)])
    for index, data in enumerate(near):
        who, where = [(mover, mover_panel), (waiting, board_message), (mallory, board_message)
                      ][index % 3]
        await refused(who, where, data)

    # simultaneous: the same Confirm pressed five times at once applies once
    while not any(p.kind == "confirm" for _, p in choices(mover)):
        await world.press(mover, panel(mover), choose(choices(mover), rng))  # type: ignore[arg-type]
    confirm = next(d for d, p in choices(mover) if p.kind == "confirm")
    before = await table_snapshot(world.store, table)
    edits = board_message.edits
    queries = [mover.press(mover_panel, confirm) for _ in range(5)]
    await world.settle()
    answers = [server.answers_for(query) for query in queries]
    assert all(len(a) == 1 and a[0].ok for a in answers)
    assert sum(not a[0].params.get("show_alert") for a in answers) == 1
    after = await table_snapshot(world.store, table)
    assert after[0] == before[0] + 1 and len(after[3]) == len(before[3]) + 1
    assert board_message.edits == edits + 1

    # a cancelled table: every old button answers an alert and nothing changes
    [reply] = await world.send(anna, group, "/cancel")
    assert content(reply) == TR.t("ru", "bot-done")
    assert (await world.store.get_table(table)).status == "cancelled"  # type: ignore[union-attr]
    for user, message, data in [(anna, board_message, old_button_data(board_message, "hand")),
                                (mover, mover_panel, confirm), (waiting, waiting_panel, current),
                                (mallory, board_message, current)]:
        await refused(user, message, data, key="bot-error-table-finished")
    await check_no_secrets_in_groups(world.store, table, [group], players)
    await check_no_secrets_in_groups(world.store, other, [other_group], others)


# --- commands ------------------------------------------------------------------------------------


async def test_newgame_games_rules_help_and_leave(world: World,
                                                  fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    host = server.user("Hugo")
    reader = server.user("Ира", language_code="ru")
    group = server.supergroup("Club", owner=host)
    await world.open_private(host)
    # a command for another bot is not ours
    assert await world.send(host, group, "/newgame@otherbot lanterns") == []
    assert await world.store.active_table("telegram", str(group.id), None) is None
    # /newgame alone offers the games as buttons; pressing one opens its table
    [offer] = await world.send(host, group, "/newgame")
    assert content(offer) == TR.t("en", "table-choose-game")
    [lanterns] = [data for data, press in presses(offer) if press.arg == "lanterns"]
    assert offer.find_button(text=TR.t("en", "game-lanterns"), callback_data=lanterns)
    answer = await world.press(host, offer, lanterns)
    assert not answer.alert
    first = lobby(group)
    assert TR.t("en", "game-lanterns") in content(first) and "Hugo" in content(first)
    assert not (await world.press(host, first, button_data(first, "cancel"))).alert
    assert TR.t("en", "bot-lobby-cancelled") in content(first) and not first.buttons
    assert await world.store.active_table("telegram", str(group.id), None) is None
    # /newgame@<our name> lanterns
    [second] = await world.send(host, group, f"/newgame@{server.bot_username} lanterns")
    assert lobby(group) is second
    # /leave in the lobby
    await world.open_private(reader)
    assert not (await world.press(reader, second, button_data(second, "join"))).alert
    assert "Ира" in content(second)
    [left] = await world.send(reader, group, "/leave")
    assert content(left) == TR.t("en", "table-left-you")  # the table speaks its host's language
    assert "Ира" not in content(second)
    [again] = await world.send(reader, group, "/leave")
    assert content(again) == TR.t("en", "bot-error-not-a-player")
    # /games, /rules in the reader's own language, /help
    [games] = await world.send(reader, group, "/games")
    assert content(games).startswith(TR.t("ru", "table-games-header"))
    assert "/newgame lanterns" in content(games)
    [rules] = await world.send(reader, group, "/rules lanterns")
    assert content(rules) == TR.t("ru", "lanterns-rules").strip()
    [rules] = await world.send(host, group, "/rules lanterns")
    assert content(rules) == TR.t("en", "lanterns-rules").strip()
    [help_] = await world.send(host, group, "/help")
    assert content(help_) == TR.t("en", "bot-help").strip()
    assert lobby(group) is second  # none of this touched the lobby


async def test_language_and_cancel(world: World, fake_telegram: FakeTelegramServer) -> None:
    server = fake_telegram
    host, member, admin = server.user("Hugo"), server.user("Mia", language_code="ru"), \
        server.user("Ada")
    players = [host, member]
    group = server.supergroup("Club", owner=host, admins=[admin])
    table, board_message = await new_game(world, group, players)
    rng = random.Random(17)
    [picker] = await world.send(member, group, "/language")
    [polish] = [data for data, press in presses(picker) if press.arg == "pl"]
    assert picker.find_button(text="Polski", callback_data=polish)
    # a plain member cannot change the group's language
    before = chat_snapshot(group), await table_snapshot(world.store, table)
    answer = await world.press(member, picker, polish)
    assert answer.alert and answer.text == TR.t("pl", "table-language-admins")
    assert (chat_snapshot(group), await table_snapshot(world.store, table)) == before
    # the host (the group's owner) can: the board speaks Polish from the next move on
    answer = await world.press(host, picker, polish)
    assert not answer.alert and answer.text == TR.t("pl", "bot-language-set")
    await world.play_move(table, players, rng)
    turn = world.acting(players)
    assert TR.t("pl", "bot-turn-of", player=turn.first_name) in content(board_message)
    assert TR.t("en", "bot-turn-of", player=turn.first_name) not in content(board_message)
    waiting = next(user for user in players if user is not turn)
    if waiting is member:  # panels keep each player's own language
        assert content(panel(member)) == TR.t("ru", "table-panel-waiting", chat="Club")
    # /cancel: a player who is neither the host nor an admin asks the others, on the board
    sent = await world.send(member, group, "/cancel")
    assert TR.t("pl", "table-vote-end-opened") in [content(m) for m in sent]
    assert TR.t("pl", "table-vote-end-question", player=member.first_name) in content(
        board_message)
    assert (await world.store.get_table(table)).status == "playing"  # type: ignore[union-attr]
    # a chat admin who does not play may close it
    await world.send(admin, group, "/cancel")
    assert (await world.store.get_table(table)).status == "cancelled"  # type: ignore[union-attr]
    assert TR.t("pl", "table-cancelled-game", name="Ada") in content(board_message)
    assert [p.kind for _, p in presses(board_message)] == ["again"]
    assert not any(choices(user) for user in players)
    assert not [m for m in group.bot_messages if m is not board_message and
                any(p.kind == "hand" for _, p in presses(m))]


# --- logs ------------------------------------------------------------------------------------------


async def test_debug_logs_show_no_hand(world: World, fake_telegram: FakeTelegramServer,
                                       caplog: pytest.LogCaptureFixture) -> None:
    """With LOG_LEVEL=DEBUG (`python -m bot` configures the root logger at that level), the
    logs still never show a hand or a move that names a tile (SQLAlchemy would log every
    statement with its parameters: stored states and the action log)."""
    from bot.__main__ import configure_logging

    levels = {name: logging.getLogger(name).level for name in
              list(logging.root.manager.loggerDict)}
    caplog.set_level(logging.DEBUG)
    configure_logging("DEBUG")
    try:
        server = fake_telegram
        players = people(server, 2)
        group = server.supergroup("Game night", owner=players[0])
        table, _ = await new_game(world, group, players)
        for _ in range(2):
            await world.play_move(table, players, random.Random(2))
        row = await world.store.get_table(table)
        assert row is not None and row.state is not None
        hands = [player["hand"] for player in row.state["players"]]
        assert all(hands)
        leaks = [r.name for r in caplog.records
                 if ACTION.search(r.getMessage()) or '"hand"' in r.getMessage()]
        assert not leaks, f"hands or placements logged by {sorted(set(leaks))}"
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


# --- /settings ---------------------------------------------------------------------------------


def settings_data(message: MessageRecord, *path: str) -> str:
    """The data of the settings menu's button with this path (a field, and a value)."""
    for data, press in presses(message):
        if press.kind == "settings" and press.path == path:
            return data
    raise AssertionError(f"no settings button {path} in {message.buttons}")


async def test_settings_come_privately_to_admins_only(world: World,
                                                       fake_telegram: FakeTelegramServer) -> None:
    """A member is refused in the group; an admin gets the menu in their private chat (the
    group only a note), where each press edits it in place; an admin who never opened the
    private chat gets a link that opens it with the menu; a demoted admin's press changes
    nothing; and the settings take effect at the group's tables."""
    server = fake_telegram
    host, admin, member, newcomer = (server.user("Hugo"), server.user("Ada"),
                                     server.user("Mia", language_code="ru"), server.user("Zoe"))
    group = server.supergroup("Club", owner=host, admins=[admin, newcomer], members=[member])
    chat_id = str(group.id)
    [refusal] = await world.send(member, group, "/settings")
    assert content(refusal) == TR.t("ru", "settings-admins-only") and not refusal.buttons
    assert not member.private_chat.bot_messages
    # an admin who opened the private chat: the menu comes there, the group gets a note
    await world.open_private(admin)
    [note] = await world.send(admin, group, "/settings")
    assert content(note) == TR.t("en", "settings-sent-privately") and not note.buttons
    menu = admin.private_chat.bot_messages[-1]
    assert TR.t("en", "settings-title", chat="Club") in content(menu)
    assert not any(TR.t("en", "settings-hint") in content(m) for m in group.all_messages)
    sent = len(admin.private_chat.bot_messages)
    answer = await world.press(admin, menu, settings_data(menu, "m"))
    assert not answer.alert and menu.edits == 1
    assert TR.t("en", "settings-choose-managers") in content(menu)
    answer = await world.press(admin, menu, settings_data(menu, "m", "admins"))
    assert answer.text == TR.t("en", "settings-saved") and not answer.alert
    assert menu.edits == 2 and len(admin.private_chat.bot_messages) == sent  # in place
    assert TR.t("en", "settings-managers", value=TR.t("en", "settings-managers-admins")) \
        in content(menu)
    options = await world.store.get_chat_options("telegram", chat_id)
    assert options.managers == "admins"
    # which the group's tables now follow: the host, no admin, may not start
    await world.open_private(member)
    [lobby_message] = await world.send(member, group, "/newgame lanterns")
    await world.open_private(host)
    await world.press(host, lobby_message, button_data(lobby_message, "join"))
    answer = await world.press(member, lobby_message, button_data(lobby_message, "start"))
    assert answer.alert and answer.text == TR.t("ru", "settings-start-admins")
    assert (await world.table(group)).status == "lobby"
    # an outdated menu (the settings changed since) changes nothing and is redrawn
    await world.press(admin, menu, settings_data(menu, "m"))
    host_data = settings_data(menu, "m", "host")
    await world.press(admin, menu, settings_data(menu))  # Back
    await world.press(admin, menu, settings_data(menu, "t"))
    await world.press(admin, menu, settings_data(menu, "t", "10"))
    options = await world.store.get_chat_options("telegram", chat_id)
    assert (options.managers, options.lobby_minutes) == ("admins", 10)
    answer = await world.press(admin, menu, host_data, force=True)
    assert answer.alert and answer.text == TR.t("en", "settings-outdated")
    assert await world.store.get_chat_options("telegram", chat_id) == options
    assert TR.t("en", "settings-choose-managers") in content(menu)  # the current choices
    # an admin no more: their presses change nothing
    del group.admins[admin.id]
    edits = menu.edits
    answer = await world.press(admin, menu, settings_data(menu, "m", "host"))
    assert answer.alert and answer.text == TR.t("en", "settings-admins-only")
    assert menu.edits == edits
    assert await world.store.get_chat_options("telegram", chat_id) == options
    # an admin who never opened the private chat: a button opens it, with the menu
    [link] = await world.send(newcomer, group, "/settings")
    assert content(link) == TR.t("en", "settings-open-private")
    [[open_button]] = link.buttons
    payload = deep_link_payload(open_button["url"], server.bot_username)
    assert payload == "s" + chat_id
    [menu] = await world.open_private(newcomer, payload)
    answer = await world.press(newcomer, menu, settings_data(menu, "c"))
    answer = await world.press(newcomer, menu, settings_data(menu, "c", "off"))
    assert answer.text == TR.t("en", "settings-saved")
    assert not (await world.store.get_chat_options("telegram", chat_id)).computers
    assert not any(p.kind == "computer" for _, p in presses(lobby_message))  # at once
    # the link forwarded to a member shows nothing
    [nothing] = await world.open_private(member, payload)
    assert content(nothing) == TR.t("ru", "settings-admins-only") and not nothing.buttons
