"""A lobby nobody starts closes itself after its timeout (an injected clock, never waited
for), says so, and frees the chat for a new table; a started or cancelled lobby's timeout is
gone, and a restart neither forgets a pending timeout nor fires one at once."""

from __future__ import annotations

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Role, UserRef
from bot.storage import Store
from bot.tables import LOBBY_TIMEOUT, TableService
from fakes.service_harness import GROUP, open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")


async def open_lobby(h, user: UserRef = ANNA) -> int:
    await h.start_private(user)
    await h.command(user, "newgame", "lanterns")
    return (await h.service.store.active_table("telegram", GROUP.id, None)).id


async def test_a_lobby_nobody_starts_closes_itself_and_says_so(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        h.service.lobby_timeout = 30 * 60
        table = await open_lobby(h)
        clock.now += 30 * 60 - 1
        assert await h.run_due() == 0
        assert (await h.service.store.get_table(table)).status == "lobby"
        clock.now += 1
        assert await h.run_due() == 1
        assert (await h.service.store.get_table(table)).status == "cancelled"
        lobby = h.screen(Role.LOBBY)
        assert TR.t("en", "table-lobby-expired", minutes=30) in h.text(lobby)
        assert not lobby.buttons
        # the chat is free again
        await h.command(BORIS, "newgame", "hanabi")
        assert (await h.service.store.active_table("telegram", GROUP.id, None)).game == "hanabi"


async def test_a_started_or_cancelled_lobby_never_times_out(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        table = await open_lobby(h)
        await h.start_private(BORIS)
        await h.press(BORIS, h.data(h.screen(Role.LOBBY), "j:"))
        assert [w.kind for w in await h.service.store.pending_work(table)] == [LOBBY_TIMEOUT]
        await h.press(ANNA, encode(Press("start", table)))
        assert LOBBY_TIMEOUT not in [w.kind for w in await h.service.store.pending_work(table)]
        await h.command(ANNA, "cancel")
        second = await open_lobby(h)
        await h.command(ANNA, "cancel")
        assert await h.service.store.pending_work(second) == []
        clock.now += 24 * 3600
        assert await h.run_due() == 0


async def test_a_timeout_pending_at_a_restart_keeps_its_time(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        table = await open_lobby(h)
        [work] = await h.service.store.pending_work(table)
    clock.now += 10 * 60
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        service = TableService(store, TR, clock=clock)
        shown = []
        service.register_platform("telegram", deep_link=lambda p: p, show=shown.extend)
        await service.resume("telegram")
        assert await store.pending_work(table) == [work]
        assert await service.scheduler.tick() == 0
        clock.now = work.due_at
        assert await service.scheduler.tick() == 1
        await service.scheduler.drain()
        assert (await store.get_table(table)).status == "cancelled"
        assert [p.place.role for p in shown] == [Role.LOBBY]


async def test_a_lobby_from_before_timeouts_gets_one_a_minute_after_a_restart(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        table = await open_lobby(h)
        await h.service.store.cancel_work(table)  # as a database from before this feature
    clock.now += 2 * 3600
    async with Store.open(tmp_path / "db.sqlite3", clock=clock) as store:
        service = TableService(store, TR, clock=clock)
        service.register_platform("telegram", deep_link=lambda p: p, show=lambda posts: None)
        await service.resume("telegram")
        [work] = await store.pending_work(table)
        assert work.due_at == clock.now + 60
