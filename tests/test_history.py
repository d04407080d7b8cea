"""/history and replays through the table service, with no platform: whole games played by
pressing the buttons the screens show, then listed, replayed step by step to the end and
back (each picture the board of the state rebuilt from the log), after a restart too; the
animation; Hanabi's hanab.live file; and presses that must change nothing."""

from __future__ import annotations

import json
import random

import pytest

from bot import replay_screens
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Result, Role, Screen, UserRef, is_animation, plain
from bot.table_screens import players_of
from bot.tables import TableService
from engine.core import replay
from engine.hanabi.hanablive import export_game
from engine.registry import GAMES
from fakes.service_harness import GROUP, Harness, open_harness
from fakes.service_harness import seat_players as seat_table

TR = Translator.load()
USERS = [UserRef("2001", "Анна", "ru"), UserRef("2002", "Łukasz 🎲", "pl")]
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def play_game(h: Harness, game: str, rng: random.Random,
                    options: dict | None = None) -> int:
    """Open, start and play a whole game of `game` by pressing the panels' buttons."""
    table = await seat_table(h, USERS, game)
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    if options is not None:
        await h.service.store.set_options(table, options)
    await h.press(USERS[0], encode(Press("start", table)))
    by_id = {u.id: u for u in USERS}
    for _ in range(5000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            return table
        acting = [(place, shown.screen) for place, shown in h.kept.items()
                  if place.role is Role.PANEL and shown.screen.buttons and place.table_id == table]
        place, screen = acting[0]
        buttons = [b for b in h.buttons(screen) if b.data and b.text not in BACK]
        confirm = [b.data for b in buttons if b.data.startswith("c:")]
        user = by_id[place.chat_id]
        await h.press(user, confirm[0] if confirm else rng.choice(buttons).data,
                      chat=ChatRef("telegram", user.id, private=True))
    raise AssertionError("the game did not end")


async def states_of(h: Harness, table: int) -> list:
    """Every state of a game, rebuilt here from its seed and log (not by the service)."""
    row = await h.service.store.get_table(table)
    spec = GAMES[row.game]
    seats = [s for s in await h.service.store.list_seats(table) if s.seat is not None]
    log = await h.service.store.action_log(table)
    options = {**spec.default_options, **row.options}
    return [replay(spec, len(seats), row.seed, options, log[:n]) for n in range(len(log) + 1)]


async def expected_picture(h: Harness, table: int, state) -> bytes:
    row = await h.service.store.get_table(table)
    players = players_of(await h.service.store.list_seats(table), row.language)
    return replay_screens.replay_picture(GAMES[row.game], state, players)


def step_data(screen: Screen, symbol: str) -> str:
    return next(b.data for row in screen.buttons for b in row if b.text == symbol)


async def unchanged(result: Result) -> None:
    assert result.reply.alert and result.reply.text
    assert result.edit is None and result.aside is None and result.message is None
    assert not await result.all_posts()


async def test_history_lists_the_game_and_its_replay_steps_to_the_end_and_back(harness, tmp_path):
    h = harness
    table = await play_game(h, "lighthouse", random.Random(3), {"zone_size": 3, "track": 4})
    await h.command(USERS[0], "history")
    listed = h.messages[-1][1]
    assert TR.t("ru", "game-lighthouse") in plain(listed.text)  # the chat speaks Russian
    assert any(name in plain(listed.text) for name in (u.name for u in USERS))
    opened = await h.press(USERS[1], h.data(listed, f"r:{table}:o"))
    screen = opened.aside
    assert screen is not None and opened.edit is None and not opened.reply.alert
    states = await states_of(h, table)
    moves = len(states) - 1
    assert moves > 3
    seen = [0]
    assert screen.image == await expected_picture(h, table, states[0])
    while seen[-1] < moves:  # ▶ to the end
        result = await h.press(USERS[0], step_data(screen, "▶"))
        screen = result.edit
        assert screen is not None and result.aside is None
        seen.append(seen[-1] + 1)
        assert TR.t("ru", "replay-header", game=TR.t("ru", "game-lighthouse"),
                    move=seen[-1], moves=moves) in plain(screen.text)
        assert screen.image == await expected_picture(h, table, states[seen[-1]])
    assert TR.t("ru", "table-final-ranking") in plain(screen.text)
    assert TR.t("ru", "replay-hands", hands="")[:5] in plain(screen.text)  # nothing secret now
    # a restart: a new service on the same store goes on from the message as it is
    service = TableService(h.service.store, TR)
    service.register_platform("telegram", deep_link=lambda p: p)
    while seen[-1] > 0:  # ◀ back to the start
        result = await service.press(GROUP, USERS[0], step_data(screen, "◀"), is_admin=None)
        screen = result.edit
        seen.append(seen[-1] - 1)
        assert screen.image == await expected_picture(h, table, states[seen[-1]])
    assert TR.t("ru", "replay-start") in plain(screen.text)
    end = (await service.press(GROUP, USERS[1], step_data(screen, "⏭"))).edit
    assert end.image == await expected_picture(h, table, states[-1])
    # the animation: the whole game as a GIF, as a new message
    clip = (await service.press(GROUP, USERS[0], encode(Press("replay", table, arg="a")))).aside
    assert clip.image is not None and is_animation(clip.image)
    # no file for a game without an export
    await unchanged(await service.press(GROUP, USERS[0], encode(Press("replay", table, arg="f"))))


async def test_forged_and_bad_replay_presses_change_nothing(harness):
    h = harness
    table = await play_game(h, "lighthouse", random.Random(4), {"zone_size": 3, "track": 4})
    row = await h.service.store.get_table(table)
    other_group = ChatRef("telegram", "-200", title="Elsewhere")
    private = ChatRef("telegram", USERS[0].id, private=True)
    for chat, data in [
        (other_group, encode(Press("replay", table, arg="1"))),  # another chat
        (private, encode(Press("replay", table, arg="1"))),  # a private chat
        (GROUP, encode(Press("replay", table, arg=str(row.version + 1)))),  # past the end
        (GROUP, encode(Press("replay", table + 99, arg="0"))),  # no such table
        (GROUP, encode(Press("replay", table, arg="z"))),  # no such step
        (GROUP, f"r:{table}:-1"),
        (GROUP, f"r:{table}:1:2"),
        (GROUP, "r:x:1"),
        (ChatRef("discord", GROUP.id), encode(Press("replay", table, arg="1"))),  # platform
    ]:
        await unchanged(await h.service.press(chat, USERS[0], data))
    # a game under way has no replay, even in its own chat
    playing = await seat_table(h, USERS, "lighthouse")
    await h.press(USERS[0], encode(Press("start", playing)))
    await unchanged(await h.service.press(GROUP, USERS[0], encode(Press("replay", playing,
                                                                          arg="o"))))
    await h.command(USERS[0], "history")
    assert f"r:{playing}:" not in repr(h.messages[-1][1].buttons)
    assert f"r:{table}:o" in repr(h.messages[-1][1].buttons)


async def test_history_in_private_and_in_a_chat_without_games(harness):
    h = harness
    await h.command(USERS[0], "history")
    assert plain(h.messages[-1][1].text) == TR.t("ru", "history-empty") or \
        plain(h.messages[-1][1].text) == TR.t("en", "history-empty")
    private = ChatRef("telegram", USERS[0].id, private=True)
    await h.command(USERS[0], "history", chat=private)
    assert h.messages[-1][1].buttons == ()


async def test_a_hanabi_replay_shows_every_hand_and_sends_the_hanab_live_file(harness):
    h = harness
    table = await play_game(h, "hanabi", random.Random(5))
    row = await h.service.store.get_table(table)
    opened = (await h.press(USERS[0], encode(Press("replay", table, arg="o")))).aside
    # mid-game, the replay's board shows every card in every hand
    spec = GAMES["hanabi"]
    states = await states_of(h, table)
    view = replay_screens.open_view(spec, states[0])
    assert all("card" in card for hand in view["hands"] for card in hand["cards"])
    assert opened.image == await expected_picture(h, table, states[0])
    sent = (await h.press(USERS[1], step_data(opened, TR.t("ru", "replay-file-button")))).aside
    assert sent.file is not None and sent.file.name.endswith(".json")
    names = [s.display_name for s in sorted(
        (s for s in await h.service.store.list_seats(table) if s.seat is not None),
        key=lambda s: s.seat)]
    assert json.loads(sent.file.data) == export_game(spec.from_dict(row.state), names)
    # the finished game's own board offers the same file beside Play again
    board = h.screen(Role.BOARD)
    assert [b.data for b in h.buttons(board)] == [f"a:{table}", f"r:{table}:f", f"m:{table}:"]
    from_board = (await h.press(USERS[1], f"r:{table}:f")).aside
    assert from_board.file == sent.file


async def test_an_abandoned_rafter_game_replays_without_simulating_again(harness, monkeypatch):
    from engine.rafter import physics
    from tests.test_rafter_service import USERS as RAFTER_USERS
    from tests.test_rafter_service import open_table, play

    h = harness
    table = await open_table(h, {"chests": 2})
    await play(h, table, random.Random(9), moves=3)
    await h.command(RAFTER_USERS[0], "cancel")
    row = await h.service.store.get_table(table)
    assert row.status == "cancelled" and row.ended_at is not None
    await h.command(RAFTER_USERS[0], "history")
    assert TR.t("ru", "history-abandoned", scores="")[:6] in plain(h.messages[-1][1].text)

    def no_physics(*_args, **_kwargs):
        raise AssertionError("a replay simulated a move again")

    monkeypatch.setattr(physics, "place", no_physics)
    monkeypatch.setattr(physics, "lift", no_physics)
    spec = GAMES["rafter"]
    players = players_of(await h.service.store.list_seats(table), row.language)
    settled = await h.service.store.settled_states(table)
    screen = (await h.press(RAFTER_USERS[0], encode(Press("replay", table, arg="o")))).aside
    for move in range(1, row.version + 1):
        screen = (await h.press(RAFTER_USERS[0], step_data(screen, "▶"))).edit
        state = spec.from_dict(settled[move - 1])
        assert screen.image == replay_screens.replay_picture(spec, state, players)
    assert TR.t("ru", "replay-abandoned") in plain(screen.text)
