"""Computer players at a table, through the service: the host adds and removes them in the
lobby, a person plays alone against them, their turns are due work fired by the scheduler
after a pause (an injected clock, never waited for), stale or forged presses change nothing,
and a pending computer turn survives a restart."""

from __future__ import annotations

import random

import pytest

from bot.computer_seats import COMPUTER_TURN
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from bot.storage import Store
from bot.tables import TableService
from engine.core import LEVELS, Decision, Label
from engine.registry import GAMES
from fakes.hand_clock import Clock
from fakes.service_harness import GROUP, Harness, open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=1.5) as h:
        yield h


async def open_lobby(h: Harness, game: str = "lanterns", people=(ANNA,)) -> int:
    """A lobby without a clock: these tests let time pass only for the computer players."""
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    for user in people:
        await h.start_private(user)
    await h.command(people[0], "newgame", game)
    for user in people[1:]:
        await h.press(user, h.data(h.screen(Role.LOBBY), "j:"))
    return (await h.service.store.active_table("telegram", GROUP.id, None)).id


async def add_computer(h: Harness, table: int, level: str, user: UserRef = ANNA):
    await h.press(user, encode(Press("computer", table)))  # the level choices
    return await h.press(user, h.data(h.screen(Role.LOBBY), f"b:{table}:{level}"))


async def test_the_host_adds_computer_players_by_level_and_removes_one(harness):
    h = harness
    table = await open_lobby(h)
    lobby = h.screen(Role.LOBBY)
    assert TR.t("en", "table-computer-add") in [b.text for b in h.buttons(lobby)]
    await h.press(ANNA, h.data(lobby, f"b:{table}:"))
    picker = h.screen(Role.LOBBY)
    levels = [b.text for b in h.buttons(picker) if b.data.startswith(f"b:{table}:")
              and not b.data.endswith(":back")]
    offered = [lv for lv in LEVELS if lv in GAMES["lanterns"].computer]
    assert offered[:2] == ["easy", "normal"]
    assert levels == [TR.t("en", f"table-computer-level-{lv}") for lv in offered]
    await h.press(ANNA, h.data(picker, f"b:{table}:normal"))
    assert h.data(h.screen(Role.LOBBY), "s:")  # back to the lobby, Start within reach
    await add_computer(h, table, "normal")
    seats = await h.service.store.list_seats(table)
    assert [(s.display_name, s.computer) for s in seats] == [
        ("Anna", None), ("🤖 Normal", "normal"), ("🤖 Normal 2", "normal")]
    assert "🤖 Normal 2" in h.text(h.screen(Role.LOBBY))
    # the lobby is full now (Lanterns seats 4): one more is refused, the picker closes
    await add_computer(h, table, "easy")
    assert len(await h.service.store.list_seats(table)) == 4
    await h.press(ANNA, encode(Press("computer", table)))
    assert not any(b.data.startswith(f"b:{table}:easy") for b in h.buttons(h.screen(Role.LOBBY)))
    result = await h.press(ANNA, encode(Press("computer", table, arg="easy")))
    assert result.reply.alert and result.reply.text == TR.t("en", "bot-error-table-full")
    # removing one
    await h.press(ANNA, encode(Press("computer", table)))
    await h.press(ANNA, h.data(h.screen(Role.LOBBY), f"u:{table}:"))
    names = [s.display_name for s in await h.service.store.list_seats(table)]
    assert names == ["Anna", "🤖 Normal 2", "🤖 Easy"]


async def test_only_the_host_manages_computer_players_and_forged_presses_change_nothing(harness):
    h = harness
    table = await open_lobby(h, people=(ANNA, BORIS))
    before = await h.service.store.list_seats(table)
    result = await h.press(BORIS, encode(Press("computer", table, arg="normal")))
    assert result.reply.alert
    assert result.reply.text == TR.t("en", "table-computer-host-only", name="Anna")
    for forged in (f"b:{table}:expert", f"u:{table}:7", f"b:{table}:NORMAL", f"b:{table}",
                   f"u:{table}:{'9' * 30}", f"b:{table + 1}:normal"):
        result = await h.press(ANNA, forged)
        assert result.reply.alert, forged
    # a computer player can be removed only while it is there
    await add_computer(h, table, "easy")
    await h.press(ANNA, f"u:{table}:1")
    result = await h.press(ANNA, f"u:{table}:1")
    assert result.reply.text == TR.t("en", "table-computer-gone")
    assert await h.service.store.list_seats(table) == before


async def test_a_table_of_computer_players_alone_is_refused(harness):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "easy")
    await add_computer(h, table, "normal")
    await h.press(ANNA, encode(Press("leave", table)))
    result = await h.press(ANNA, encode(Press("start", table)))
    assert result.reply.text == TR.t("en", "table-computer-need-person")
    assert (await h.service.store.get_table(table)).status == "lobby"


async def anna_presses(h: Harness, rng: random.Random | None = None) -> None:
    """Anna presses one button of her panel: Confirm when offered, else a choice (the first
    one without `rng`)."""
    buttons = [b for b in h.buttons(h.panel_of(ANNA)[1]) if b.text not in BACK]
    confirm = [b.data for b in buttons if b.data.startswith("c:")]
    choice = confirm[0] if confirm else (rng.choice(buttons) if rng else buttons[0]).data
    await h.press(ANNA, choice, chat=ChatRef("telegram", ANNA.id, private=True))


async def press_until_a_computer_turn(h: Harness, table: int, rng: random.Random) -> None:
    while not await h.service.store.pending_work(table):
        await anna_presses(h, rng)


async def play_alone(h: Harness, clock: Clock, table: int, rng: random.Random) -> int:
    """Anna presses her panel whenever it is her turn; computer turns fire once their pause
    has passed. Returns how many computer moves were made."""
    computer_moves = 0
    for _ in range(2000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            return computer_moves
        pending = await h.service.store.pending_work(table)
        if pending:
            assert [w.kind for w in pending] == [COMPUTER_TURN]
            assert "🤖" in h.text(h.screen(Role.BOARD))  # "🤖 Normal is thinking…"
            assert await h.run_due() == 0  # not before its pause
            clock.now += 1.5
            assert await h.run_due() == 1
            after = await h.service.store.get_table(table)
            assert after.version == row.version + 1
            computer_moves += 1
            continue
        await anna_presses(h, rng)
    raise AssertionError("the game did not end")


async def test_a_person_plays_a_whole_game_against_computer_players(harness, clock):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "easy")
    await add_computer(h, table, "normal")
    await h.press(ANNA, encode(Press("start", table)))
    moves = await play_alone(h, clock, table, random.Random(3))
    assert moves > 10
    board = h.text(h.screen(Role.BOARD))
    assert TR.t("en", "table-final-ranking") in board
    assert "🤖 Easy" in board and "🤖 Normal" in board
    assert await h.service.store.pending_work(table) == []
    # computer seats get no panel and no ping, ever
    assert [p.seat for p in h.kept if p.role is Role.PANEL] == [
        s.seat for s in await h.service.store.list_seats(table) if s.user_id == ANNA.id]


async def test_a_computer_thinks_from_its_seats_view_only(tmp_path, clock):
    seen = []

    async def think(spec, level, view, seat, seed) -> Decision:
        seen.append((spec.name, level, view, seat))
        legal = spec.legal_actions(state_of[0], seat)
        return Decision(legal[0], reason=Label("lanterns-bot-end"))

    state_of = []
    async with open_harness(tmp_path, TR, clock=clock) as h:
        h.service._think = think
        table = await open_lobby(h)
        await add_computer(h, table, "normal")
        await h.press(ANNA, encode(Press("start", table)))
        spec = GAMES["lanterns"]
        for _ in range(4):
            row = await h.service.store.get_table(table)
            state_of[:] = [spec.from_dict(row.state)]
            if not await h.service.store.pending_work(table):
                await anna_presses(h)
                continue
            await h.run_due()
            name, level, view, seat = seen[-1]
            assert (name, level) == ("lanterns", "normal")
            assert view == spec.view(state_of[0], seat)  # the seat's view, not the state
            assert view != spec.view(state_of[0], 1 - seat)
            # the move's reason is in the board's caption, in the group's language
            assert TR.t("en", "lanterns-bot-end") in h.text(h.screen(Role.BOARD))


async def test_a_stale_or_cancelled_computer_turn_does_nothing(harness, clock):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "easy")
    await h.press(ANNA, encode(Press("start", table)))
    await press_until_a_computer_turn(h, table, random.Random(1))
    row = await h.service.store.get_table(table)
    # a turn for an older version is stale: nothing happens
    assert (await h.service.computer_turn(table, row.version - 1)).posts == ()
    assert (await h.service.store.get_table(table)).version == row.version
    await h.command(ANNA, "cancel")
    assert await h.service.store.pending_work(table) == []
    clock.now += 10
    assert await h.run_due() == 0
    assert (await h.service.computer_turn(table, row.version)).posts == ()
    assert (await h.service.store.get_table(table)).version == row.version


async def test_a_pending_computer_turn_survives_a_restart_and_fires_once(tmp_path, clock):
    path = tmp_path / "db.sqlite3"
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=30) as h:
        table = await open_lobby(h)
        await add_computer(h, table, "normal")
        await h.press(ANNA, encode(Press("start", table)))
        await press_until_a_computer_turn(h, table, random.Random(2))
        version = (await h.service.store.get_table(table)).version
    # the process is gone; the deadline is a row in the database
    clock.now += 60
    store = await Store.open(path)
    try:
        service = TableService(store, TR, clock=clock, computer_pause=30)
        shown = []
        service.register_platform("telegram", deep_link=lambda p: p, show=shown.extend)
        await service.resume("telegram")
        assert [w.version for w in await store.pending_work(table)] == [version]
        assert await service.scheduler.tick() == 1
        await service.scheduler.drain()
        assert (await store.get_table(table)).version == version + 1
        assert any(p.place.role is Role.BOARD for p in shown if hasattr(p, "screen"))
        assert await service.scheduler.tick() == 0  # exactly once
    finally:
        await store.close()
