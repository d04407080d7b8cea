"""Play again: a game's final board (finished or abandoned) opens a new lobby for the same
game, options and clock, with the same people and computer players already seated; the
presser hosts it, anyone may leave it, and a kept game's results are written with its end."""

from __future__ import annotations

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Role
from fakes.service_harness import GROUP, open_harness
from tests.test_absent_players import ANNA, BORIS, CLARA, OUTSIDER, open_game
from tests.test_computer_seats import anna_presses

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        yield h


async def test_play_again_after_an_abandoned_game_seats_the_same_people(harness, clock):
    h = harness
    old = await open_game(h, [ANNA, BORIS, CLARA], clock="turn:86400")
    # Clara leaves for good
    await h.command(CLARA, "leave")
    await h.press(CLARA, h.data(h.screen(Role.CONFIRM, next(
        s.seat for s in await h.service.store.list_seats(old) if s.user_id == CLARA.id)),
        f"q:{old}:y"))
    # Play again is refused while the game goes on, and the host ends it
    assert (await h.press(BORIS, encode(Press("again", old)))).reply.alert
    clock.now += 600
    await h.command(ANNA, "cancel")
    row = await h.service.store.get_table(old)
    assert row.status == "cancelled" and row.ended_at == clock.now
    assert len(await h.service.store.results(old)) == 3  # the standings then, kept
    again = h.data(h.screen(Role.BOARD), f"a:{old}")
    # only its players may ask, and only in its chat
    assert (await h.press(OUTSIDER, again)).reply.alert
    result = await h.press(BORIS, again)
    assert result.reply.text == TR.t("en", "table-again-opened")
    new = await h.service.store.active_table("telegram", GROUP.id, None)
    assert (new.game, new.options, new.clock, new.creator_id) == (
        "lanterns", row.options, "turn:86400", BORIS.id)
    seated = [s.user_id for s in await h.service.store.list_seats(new.id)]
    assert sorted(seated) == sorted([ANNA.id, BORIS.id])  # Clara left that game
    lobby = h.text(h.screen(Role.LOBBY))
    assert "Anna" in lobby and "Boris" in lobby and "Clara" not in lobby
    # a second press finds the chat taken by the new lobby
    assert (await h.press(ANNA, again)).reply.text == TR.t("en", "bot-error-table-exists")
    # anyone may leave it; the new host starts it
    await h.press(ANNA, encode(Press("leave", new.id)))
    await h.press(ANNA, h.data(h.screen(Role.LOBBY), "j:"))
    await h.press(BORIS, encode(Press("start", new.id)))
    assert (await h.service.store.get_table(new.id)).status == "playing"


async def test_play_again_keeps_the_computer_players(harness, clock):
    h = harness
    await h.start_private(ANNA)
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    await h.command(ANNA, "newgame", "lighthouse")
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    await h.press(ANNA, f"b:{table}:easy")
    await h.press(ANNA, encode(Press("start", table)))
    await h.command(ANNA, "cancel")
    await h.press(ANNA, h.data(h.screen(Role.BOARD), f"a:{table}"))
    new = await h.service.store.active_table("telegram", GROUP.id, None)
    seats = await h.service.store.list_seats(new.id)
    assert [(s.user_id, s.computer) for s in seats if s.is_computer] == [("cpu1", "easy")]
    assert new.clock == "off" and new.game == "lighthouse"
    assert [s.user_id for s in seats if not s.is_computer] == [ANNA.id]


async def test_results_are_kept_with_a_finished_game(harness, clock):
    h = harness
    await h.start_private(ANNA)
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    await h.command(ANNA, "newgame", "lighthouse")
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    await h.press(ANNA, f"b:{table}:easy")
    await h.press(ANNA, f"b:{table}:easy")  # refused: Lighthouse is for two
    await h.press(ANNA, encode(Press("start", table)))
    row = await h.service.store.get_table(table)
    assert row.started_at == clock.now and row.ended_at is None
    for _ in range(3000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            break
        if not await h.service.store.pending_work(table):
            await anna_presses(h)
        await h.run_due()
    assert row.status == "finished"
    spec = h.service.games["lighthouse"]
    outcome = spec.outcome(spec.from_dict(row.state))
    kept = await h.service.store.results(table)
    assert [(r.seat, r.rank, r.score) for r in kept] == sorted(
        (s.seat, s.rank, s.score) for s in outcome.standings)
    assert row.ended_at is not None
    assert h.data(h.screen(Role.BOARD), f"a:{table}")  # and the final board offers a rematch
