"""Turn clocks and absent players, through the table service with a hand-driven clock: the
lobby's clock choice, time shown, the reminder (once), running out and the vote, I'm back,
a turn-based clock running out twice, /leave during a game, the end vote (passes, fails,
expires), a restart while a deadline is pending, a press just before the deadline, time lost
to flood control, and forged or outdated presses on every new button."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.clocks import CHOICES, Clock
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from bot.storage import Store
from bot.table_clocks import RESTART_GRACE
from bot.tables import TableService
from bot.votes import END_VOTE_SECONDS
from fakes.hand_clock import Clock as HandClock
from fakes.service_harness import GROUP, Harness, open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")
CLARA = UserRef("103", "Clara", "en")
OUTSIDER = UserRef("999", "Mallory", "en")
LIVE = Clock.parse("live:180:30")
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        yield h


def private(user: UserRef) -> ChatRef:
    return ChatRef("telegram", user.id, private=True)


async def open_game(h: Harness, people: list[UserRef], clock: str = LIVE.code,
                    game: str = "lanterns") -> int:
    """Seat `people` (the first is the host), choose the clock through the lobby's buttons,
    and start. Seats are drawn by the seed: see `seat_of`."""
    for user in people:
        await h.start_private(user)
    await h.command(people[0], "newgame", game)
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    for user in people[1:]:
        await h.press(user, h.data(h.screen(Role.LOBBY), "j:"))
    await h.press(people[0], encode(Press("clock", table)))
    number = [c.code for c in CHOICES].index(clock)
    await h.press(people[0], encode(Press("clock", table, arg=str(number))))
    await h.press(people[0], encode(Press("start", table)))
    assert (await h.service.store.get_table(table)).status == "playing"
    return table


async def acting(h: Harness, table: int) -> UserRef:
    row = await h.service.store.get_table(table)
    spec = h.service.games[row.game]
    [seat] = spec.to_act(spec.from_dict(row.state))
    user_id = next(s.user_id for s in await h.service.store.list_seats(table) if s.seat == seat)
    return next(u for u in (ANNA, BORIS, CLARA) if u.id == user_id)


async def seat_of(h: Harness, table: int, user: UserRef) -> int:
    return next(s.seat for s in await h.service.store.list_seats(table) if s.user_id == user.id)


async def move(h: Harness, table: int, user: UserRef) -> None:
    """`user` makes one move through their panel: Confirm when offered, else the first choice."""
    version = (await h.service.store.get_table(table)).version
    for _ in range(8):
        buttons = [b for b in h.buttons(h.panel_of(user)[1]) if b.text not in BACK
                   and b.data and b.data[0] in "gc"]
        confirm = [b.data for b in buttons if b.data.startswith("c:")]
        result = await h.press(user, confirm[0] if confirm else buttons[0].data, chat=private(user))
        assert not result.reply.alert, result.reply
        if (await h.service.store.get_table(table)).version > version:
            return
    raise AssertionError("no move was made")


async def seat_row(h: Harness, table: int, user: UserRef):
    return next(s for s in await h.service.store.list_seats(table) if s.user_id == user.id)


def board(h: Harness) -> str:
    return h.text(h.screen(Role.BOARD))


# --- the lobby -------------------------------------------------------------------------------


async def test_the_host_chooses_the_clock_in_the_lobby(harness):
    h = harness
    for user in (ANNA, BORIS):
        await h.start_private(user)
    await h.command(ANNA, "newgame", "hanabi")
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    # each game has its own default
    assert (await h.service.store.get_table(table)).clock == "live:180:30"
    assert "3 min + 30 s a turn" in h.text(h.screen(Role.LOBBY))
    await h.press(BORIS, h.data(h.screen(Role.LOBBY), "j:"))
    # only the host opens the choices or picks one
    refused = await h.press(BORIS, encode(Press("clock", table, arg="4")))
    assert refused.reply.alert
    assert (await h.service.store.get_table(table)).clock == "live:180:30"
    await h.press(ANNA, h.data(h.screen(Role.LOBBY), f"k:{table}"))
    picker = h.screen(Role.LOBBY)
    assert "✓ 3 min + 30 s a turn" in [b.text for b in h.buttons(picker)]
    await h.press(ANNA, h.button(picker, "24 h a turn").data)
    assert (await h.service.store.get_table(table)).clock == "turn:86400"
    assert "24 h a turn" in h.text(h.screen(Role.LOBBY))
    # forged choices change nothing
    for forged in (f"k:{table}:9", f"k:{table}:x", f"k:{table + 1}:0"):
        assert (await h.press(ANNA, forged)).reply.alert
    assert (await h.service.store.get_table(table)).clock == "turn:86400"
    # once started, the clock is settled
    await h.press(ANNA, encode(Press("start", table)))
    assert (await h.press(ANNA, encode(Press("clock", table, arg="0")))).reply.alert
    assert (await h.service.store.get_table(table)).clock == "turn:86400"


# --- time shown, the reminder ------------------------------------------------------------------


async def test_time_left_is_on_the_board_and_the_panel_and_the_reminder_comes_once(harness,
                                                                                 clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS])
    first = await acting(h, table)
    assert "· ⏳ about 3 min" in board(h)
    assert TR.t("en", "table-clock-you", time="about 3 min") in h.text(h.panel_of(first)[1])
    sent = h.sent
    clock.now += 180 * 0.75 - 1
    assert await h.run_due() == 0
    clock.now += 1
    assert await h.run_due() == 1
    ping = h.screen(Role.PING)
    assert h.text(ping) == f"⏳ {first.name}, 45 s left for your turn!"
    assert any(getattr(piece, "user_id", None) == first.id for piece in ping.text)  # a mention
    assert TR.t("en", "table-clock-you", time="45 s") in h.text(h.panel_of(first)[1])
    assert h.sent == sent + 2  # the ping and the panel, both sent anew so that they notify
    clock.now += 30
    assert await h.run_due() == 0  # once a turn
    assert [w.kind for w in await h.service.store.pending_work(table)] == [
        f"clock:{await seat_of(h, table, first)}"]


async def test_a_live_bank_keeps_what_was_left_plus_the_increment_up_to_the_start(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS])
    first = await acting(h, table)
    clock.now += 100
    await move(h, table, first)
    assert (await seat_row(h, table, first)).bank == 80 + 30
    second = await acting(h, table)
    clock.now += 5
    await move(h, table, second)
    assert (await seat_row(h, table, second)).bank == 180  # capped at the starting bank
    [deadline] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    assert deadline.due_at == clock.now + 110  # the first player's turn starts with their bank


# --- running out, the vote, I'm back ------------------------------------------------------------


async def run_out(h: Harness, clock: HandClock, table: int) -> UserRef:
    """Let the acting player's time run out; returns who it was."""
    late = await acting(h, table)
    clock.now += 2 * 24 * 3600  # longer than any clock
    assert await h.run_due() >= 1
    assert (await seat_row(h, table, late)).absence == "out"
    return late


async def test_out_of_time_at_two_players_one_press_hands_the_seat_to_a_computer(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS])
    late = await run_out(h, clock, table)
    other = BORIS if late is ANNA else ANNA
    assert TR.t("en", "table-absent-board", player=late.name) in board(h)
    assert TR.t("en", "table-absent-you") in h.text(h.panel_of(late)[1])
    vote = h.data(h.screen(Role.BOARD), "v:")
    # the one out of time, and anyone not seated, do not vote
    assert (await h.press(late, vote)).reply.alert
    assert (await h.press(OUTSIDER, vote)).reply.alert
    [button] = [b for b in h.buttons(h.screen(Role.BOARD)) if b.data.startswith(f"v:{table}:c")]
    assert button.text == f"🤖 A computer plays for {late.name} (0/1)"
    await h.press(other, button.data)
    row = await seat_row(h, table, late)
    assert (row.absence, row.computer) == ("away", "normal")
    assert TR.t("en", "table-absent-voted", player=late.name) == h.text(h.screen(Role.PING))
    # the computer plays their turn
    version = (await h.service.store.get_table(table)).version
    assert await h.run_due() == 1
    assert (await h.service.store.get_table(table)).version == version + 1
    # the vote is over: pressing it again changes nothing
    assert (await h.press(other, button.data)).reply.text == TR.t("en", "table-vote-closed")
    # their panel offers I'm back; their old choices are refused meanwhile
    panel = h.panel_of(late)[1]
    assert TR.t("en", "table-back-offer") in h.text(panel)
    back = h.data(panel, "i:")
    await move(h, table, other)
    await h.press(late, back, chat=private(late))
    row = await seat_row(h, table, late)
    assert (row.absence, row.computer, row.timeouts) == (None, None, 0)
    assert await acting(h, table) == late
    [deadline] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    assert deadline.due_at == clock.now + LIVE.increment  # an empty bank still gives a turn
    assert (await h.press(late, back, chat=private(late))).reply.alert  # already back
    await move(h, table, late)  # their seat is theirs again, clock and all
    assert any(w.kind.startswith("clock") for w in await h.service.store.pending_work(table))


async def test_at_three_players_a_majority_of_the_others_decides(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS, CLARA])
    late = await run_out(h, clock, table)
    others = [u for u in (ANNA, BORIS, CLARA) if u is not late]
    end = h.data(h.screen(Role.BOARD), f"v:{table}:e")
    computer = h.data(h.screen(Role.BOARD), f"v:{table}:c")
    await h.press(others[0], computer)
    assert (await seat_row(h, table, late)).absence == "out"  # 1 of 2 is not a majority
    assert "(1/2)" in next(b.text for b in h.buttons(h.screen(Role.BOARD)) if b.data == computer)
    await h.press(others[1], end)  # split: nothing decided
    await h.press(others[0], end)  # a voter may change their mind: 2 of 2 to end
    row = await h.service.store.get_table(table)
    assert row.status == "cancelled"
    text = board(h)
    assert TR.t("en", "table-ended-absent", player=late.name) in text
    assert TR.t("en", "table-standings-now") in text
    assert "score 0" in text or "0" in text  # the fireworks so far
    assert h.screen(Role.PING) is None
    assert [b.data[0] for b in h.buttons(h.screen(Role.BOARD))] == ["a"]  # only Play again


async def test_the_player_out_of_time_may_still_move_until_the_vote_decides(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS, CLARA])
    late = await run_out(h, clock, table)
    others = [u for u in (ANNA, BORIS, CLARA) if u is not late]
    vote = h.data(h.screen(Role.BOARD), f"v:{table}:c")
    await h.press(others[0], vote)
    await move(h, table, late)
    row = await seat_row(h, table, late)
    assert (row.absence, row.computer) == (None, None)
    assert await h.service.store.votes(table) == []
    assert (await h.press(others[1], vote)).reply.text == TR.t("en", "table-vote-closed")
    assert (await seat_row(h, table, late)).bank == LIVE.increment  # out of bank: the increment


async def test_a_turn_based_clock_running_out_twice_hands_the_seat_over_without_a_vote(
        harness, clock):
    h = harness
    h.service.computer_pause = 60  # so that what the chat is told can be read before it moves
    table = await open_game(h, [ANNA, BORIS], clock="turn:43200")
    late = await run_out(h, clock, table)
    assert (await seat_row(h, table, late)).timeouts == 1
    await move(h, table, late)  # late, but before the vote decided: no vote goes on...
    assert await h.service.store.votes(table) == []
    assert (await seat_row(h, table, late)).timeouts == 1  # ...and their time did run out
    other = await acting(h, table)
    await move(h, table, other)
    await move(h, table, late)
    assert (await seat_row(h, table, late)).timeouts == 0  # a move in time resets the count
    await move(h, table, other)
    await run_out(h, clock, table)
    await h.press(other, h.data(h.screen(Role.BOARD), f"v:{table}:c"))
    await h.press(late, h.data(h.panel_of(late)[1], "i:"), chat=private(late))
    assert await acting(h, table) == late  # back before the computer moved: their turn
    assert (await seat_row(h, table, late)).timeouts == 1
    # their next time running out is the second in a row
    clock.now += 43200
    assert await h.run_due() >= 1
    row = await seat_row(h, table, late)
    assert (row.absence, row.computer, row.timeouts) == ("away", "normal", 2)
    assert await h.service.store.votes(table) == []
    assert TR.t("en", "table-absent-twice", player=late.name) == h.text(h.screen(Role.PING))


# --- leaving, ending ----------------------------------------------------------------------------


async def test_leave_during_a_game_asks_first_then_a_computer_takes_the_seat(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS, CLARA])
    await h.command(BORIS, "leave")
    confirm = h.screen(Role.CONFIRM, await seat_of(h, table, BORIS))
    assert "Boris, leave the game?" in h.text(confirm)
    yes, no = (b.data for b in h.buttons(confirm))
    assert (await h.press(ANNA, yes)).reply.alert  # the question is Boris's
    assert (await seat_row(h, table, BORIS)).absence is None
    await h.press(BORIS, no)
    assert h.screen(Role.CONFIRM, await seat_of(h, table, BORIS)) is None
    assert (await seat_row(h, table, BORIS)).absence is None
    await h.command(BORIS, "leave")
    await h.press(BORIS, h.data(h.screen(Role.CONFIRM, await seat_of(h, table, BORIS)), "q:"))
    row = await seat_row(h, table, BORIS)
    assert (row.absence, row.computer) == ("left", "normal")
    assert h.text(h.screen(Role.PING)) == TR.t("en", "table-left-game", player="Boris")
    assert (await h.press(BORIS, yes)).reply.alert  # gone is gone
    # the others play on with the computer; when the last people leave, the game ends
    await h.command(ANNA, "leave")
    await h.press(ANNA, h.data(h.screen(Role.CONFIRM, await seat_of(h, table, ANNA)), f"q:{table}:y"))
    assert (await h.service.store.get_table(table)).status == "playing"
    await h.command(CLARA, "leave")
    await h.press(CLARA, h.data(h.screen(Role.CONFIRM, await seat_of(h, table, CLARA)), f"q:{table}:y"))
    assert (await h.service.store.get_table(table)).status == "cancelled"
    assert TR.t("en", "table-ended-no-people") in board(h)
    assert await h.service.store.pending_work(table) == []


async def test_the_end_vote_passes_fails_and_expires(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS, CLARA])
    # expires: two minutes without a majority
    await h.command(BORIS, "cancel")
    assert TR.t("en", "table-vote-end-question", player="Boris") in board(h)
    clock.now += END_VOTE_SECONDS - 1
    await h.run_due()
    assert await h.service.store.votes(table)
    clock.now += 1
    await h.run_due()
    assert await h.service.store.votes(table) == []
    assert h.text(h.screen(Role.PING)) == TR.t("en", "table-vote-end-expired")
    assert TR.t("en", "table-vote-end-question", player="Boris") not in board(h)
    # fails: two of three want to play on
    await h.command(BORIS, "cancel")
    again = await h.command(BORIS, "cancel")
    assert TR.t("en", "table-vote-already") in h.text(again.message)
    no = h.data(h.screen(Role.BOARD), f"v:{table}:n")
    await h.press(ANNA, no)
    assert await h.service.store.votes(table)
    await h.press(CLARA, no)
    assert await h.service.store.votes(table) == []
    assert h.text(h.screen(Role.PING)) == TR.t("en", "table-vote-end-failed")
    assert (await h.service.store.get_table(table)).status == "playing"
    # a press on the closed vote, a forged choice, or an outsider changes nothing
    assert (await h.press(ANNA, no)).reply.text == TR.t("en", "table-vote-closed")
    # passes: two of three
    await h.command(CLARA, "cancel")
    yes = h.data(h.screen(Role.BOARD), f"v:{table}:y")
    number = yes.rsplit(":", 1)[1][1:]
    for forged in (f"v:{table}:c{number}", f"v:{table}:y{int(number) + 1}", f"v:{table}:y"):
        assert (await h.press(ANNA, forged)).reply.alert
    assert (await h.press(OUTSIDER, yes)).reply.alert
    assert (await h.service.store.get_table(table)).status == "playing"
    await h.press(ANNA, yes)
    assert (await h.service.store.get_table(table)).status == "cancelled"
    assert TR.t("en", "table-ended-vote") in board(h)
    assert TR.t("en", "table-standings-now") in board(h)


# --- the bot's own delays never count -------------------------------------------------------------


async def test_downtime_is_given_back_in_full(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        table = await open_game(h, [ANNA, BORIS])
        [before] = [w for w in await h.service.store.pending_work(table)
                    if w.kind.startswith("clock")]
        await h.service.store.beat(clock.now + 20)
        clock.now += 20 + 600
        await h.service.recover_downtime()
        [after] = [w for w in await h.service.store.pending_work(table)
                   if w.kind.startswith("clock")]
        assert after.due_at == before.due_at + 600


async def test_a_press_that_arrived_before_the_deadline_is_honoured(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS], clock="turn:43200")
    late = await acting(h, table)
    version = (await h.service.store.get_table(table)).version
    [deadline] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    seat = int(deadline.kind.partition(":")[2])
    # their press arrives a moment before the time is up and is still being handled (it
    # waits for the table, or for the database) when the deadline fires
    clock.now = deadline.due_at - 0.1
    h.service._press_started(table, late.id)
    clock.now = deadline.due_at + 0.5
    fired = await h.service.clock_ran_out(table, version, seat, deadline.due_at)
    assert fired.posts == ()
    assert (await seat_row(h, table, late)).absence is None
    [later] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    assert later.due_at > clock.now  # the clock waits for the press
    h.service._press_ended(table, late.id)
    await move(h, table, late)  # the press goes through
    row = await seat_row(h, table, late)
    assert (row.absence, row.timeouts) == (None, 0)
    # a press that arrives after the deadline is not given that grace
    other = await acting(h, table)
    [deadline] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    clock.now = deadline.due_at + 0.5
    h.service._press_started(table, other.id)
    assert await h.run_due() >= 1
    h.service._press_ended(table, other.id)
    assert (await seat_row(h, table, other)).absence == "out"


async def test_time_lost_to_flood_control_is_given_back(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS])
    [before] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    await h.service.flood_waited("telegram", GROUP.id, 12.5)
    await h.service.flood_waited("telegram", "-555", 30)  # another chat's wait is not ours
    [after] = [w for w in await h.service.store.pending_work(table) if w.kind.startswith("clock")]
    assert after.due_at == before.due_at + 12.5


async def test_a_table_without_a_clock_keeps_no_deadlines(harness, clock):
    h = harness
    table = await open_game(h, [ANNA, BORIS], clock="off")
    assert await h.service.store.pending_work(table) == []
    assert "⏳" not in board(h)
    clock.now += 7 * 24 * 3600
    assert await h.run_due() == 0


_CHILD = """
import asyncio, pathlib, sys
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, UserRef
from fakes.hand_clock import Clock
from fakes.service_harness import GROUP, open_harness

async def main():
    folder, clock = pathlib.Path(sys.argv[1]), Clock(float(sys.argv[2]))
    async with open_harness(folder, Translator.load(), clock=clock) as h:
        people = [UserRef("101", "Anna", "en"), UserRef("102", "Boris", "en")]
        for user in people:
            await h.start_private(user)
        await h.command(people[0], "newgame", "lanterns")
        await h.press(people[1], encode(Press("join", 1)))
        await h.press(people[0], "k:1:1")  # live, 3 min + 30 s
        await h.press(people[0], encode(Press("start", 1)))
        clock.now += 170  # ten seconds left
        await h.service.store.beat(clock.now)
        (folder / "ready").touch()
        await asyncio.sleep(3600)  # killed here, with the deadline pending

asyncio.run(main())
"""


async def test_kill_9_with_a_deadline_pending_then_a_restart(tmp_path, clock):
    """A real process is killed with SIGKILL while a turn's clock is pending; the next one
    gives the downtime back, lets no clock run out in its first minute, and fires it once."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _CHILD, str(tmp_path), str(clock.now),
        cwd=Path(__file__).parent.parent, start_new_session=True)
    for _ in range(1200):  # a real process starting: up to a minute
        if (tmp_path / "ready").exists() or child.returncode is not None:
            break
        await asyncio.sleep(0.05)
    assert (tmp_path / "ready").exists()
    os.killpg(child.pid, signal.SIGKILL)  # the bot and any drawing process it started
    await child.wait()
    clock.now += 170 + 3600  # an hour of downtime
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        service = TableService(store, TR, clock=clock)
        shown = []
        service.register_platform("telegram", deep_link=lambda p: p, show=shown.extend)
        assert await service.recover_downtime() == 3600
        await service.resume("telegram")
        [deadline] = [w for w in await store.pending_work(1) if w.kind.startswith("clock")]
        assert deadline.due_at == clock.now + RESTART_GRACE
        clock.now += RESTART_GRACE - 1
        assert await service.scheduler.tick() == 0
        clock.now += 1
        assert await service.scheduler.tick() == 1
        await service.scheduler.drain()
        assert await service.scheduler.tick() == 0
        assert [s.absence for s in await store.list_seats(1)].count("out") == 1
        assert any(p.place.role is Role.BOARD for p in shown)
