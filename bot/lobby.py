"""A table's lobby: joining and leaving, the host's Start, closing a table, the lobby
message, and the timeout that closes a lobby nobody started.

This is the lobby part of `TableService` (bot/tables.py), kept in its own module; the
clock choice is in bot/table_clocks.py, the computer player choices in
bot/computer_seats.py.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from bot import clocks
from bot import table_screens as screens
from bot.computer_seats import computer_number
from bot.options import describe_options
from bot.screens import ChatRef, Drop, Post, Reply, Result, Role, UserRef
from bot.storage import ActiveTableExists, AlreadySeated, StatusConflict, TableFull, TableRow
from bot.storage.store import Status

if TYPE_CHECKING:
    from bot.tables import AdminCheck, TableService

log = logging.getLogger(__name__)

LOBBY_TIMEOUT = "lobby"
"""The kind of due work that closes a lobby nobody started."""
LOBBY_KEPT = 3600.0
"""Seconds a lobby closed without starting is kept (its closed message shown and sent on
every platform meanwhile) before it is deleted at the next lobby timeout."""


class TableLobby:
    """Mixed into `TableService`; every attribute it uses is the service's."""

    async def _join(self: TableService, table: TableRow, user: UserRef, lang: str) -> Result:
        if table.status != Status.LOBBY:
            return self._alert(lang, "table-already-started")
        seats = await self.store.list_seats(table.id)
        if any(s.user_id == user.id for s in seats):
            return self._alert(lang, "bot-error-already-joined")
        settings = await self.store.get_user_settings(table.platform, user.id)
        deep_link = self._deep_links.get(table.platform)
        if deep_link is not None and not (settings and settings.dm_ok):
            token = await self.store.create_pending_join(table.id, user.id)
            return Result(Reply(url=deep_link("j" + token)))
        try:
            await self.store.add_seat(table.id, user.id, user.name,
                                      language=self._user_language(user, settings),
                                      max_seats=self.games[table.game].max_players)
        except TableFull:
            return self._alert(lang, "bot-error-table-full")
        except AlreadySeated:
            return self._alert(lang, "bot-error-already-joined")
        return Result(Reply(self.tr.t(lang, "table-joined-you")),
                      posts=(await self._lobby_post(table),))

    async def _leave(self: TableService, table: TableRow, user: UserRef) -> Result:
        lang = table.language
        if table.status == Status.PLAYING:
            return await self._leave_playing(table, user)
        if not await self.store.remove_seat(table.id, user.id):
            return self._alert(lang, "bot-error-not-a-player")
        return Result(Reply(self.tr.t(lang, "table-left-you")),
                      posts=(await self._lobby_post(table),))

    async def _start(self: TableService, table: TableRow, user: UserRef, lang: str,
                     is_admin: AdminCheck | None = None) -> Result:
        spec = self.games[table.game]
        seats = await self.store.list_seats(table.id)
        if not await self._may_start(table, user, is_admin):
            return await self._start_refused(table, seats, lang)
        if not spec.min_players <= len(seats) <= spec.max_players:
            return self._alert(lang, "bot-error-not-enough-players", count=spec.min_players)
        if all(s.is_computer for s in seats):
            return self._alert(lang, "table-computer-need-person")
        seed = self._seeds()
        order = [s.user_id for s in seats]
        random.Random(seed).shuffle(order)  # who sits where, and so who starts, is drawn too
        state = spec.setup(len(order), seed, {**spec.default_options, **table.options})
        try:
            table = await self.store.start_table(table.id, seed=seed, state=spec.to_dict(state),
                                                 seat_order=order)
        except StatusConflict:
            return self._alert(lang, "table-already-started")
        log.info("table %s started with %d players", table.id, len(order))
        self._last_events[table.id] = (0, ())
        await self.store.cancel_work(table.id, LOBBY_TIMEOUT)
        seats = await self.store.list_seats(table.id)
        await self._schedule_computer(table, spec, state, seats)
        await self._set_clocks(table, spec, state, seats)
        posts: list[Post | Drop] = [Drop(self._place(table, Role.LOBBY))]
        posts += await self.current_posts(table.id, fresh_ping=True)
        return Result(Reply(self.tr.t(lang, "bot-lobby-started")), posts=tuple(posts))

    async def _cancel(self: TableService, table: TableRow, user: UserRef, is_admin: AdminCheck | None) -> Result:
        """Close the table: its host or an admin (as the chat's settings say) at once; a
        player who may not, by asking the others (a vote to end the game)."""
        lang = table.language
        if not await self._may_cancel(table, user, is_admin):
            if table.status == Status.PLAYING:
                return await self._ask_to_end(table, user)
            return await self._cancel_refused(table, lang)
        if table.status == Status.PLAYING:
            result = await self._abandon(table, self.tr.t(lang, "table-cancelled-game",
                                                           name=user.name))
            return Result(Reply(self.tr.t(lang, "bot-done")), posts=result.posts)
        try:
            await self.store.set_status(table.id, Status.CANCELLED, allowed_from=(Status.LOBBY,))
        except StatusConflict:
            return self._alert(lang, "bot-error-table-finished")
        await self.store.cancel_work(table.id)
        log.info("table %s cancelled", table.id)
        seats = await self.store.list_seats(table.id)
        spec = self.games[table.game]
        screen = screens.lobby_screen(self.tr, lang, spec=spec, table_id=table.id,
                                      host=await self._host_name(table, seats),
                                      players=[s.display_name for s in seats], closed=True)
        return Result(Reply(self.tr.t(lang, "bot-done")),
                      posts=(Post(self._place(table, Role.LOBBY), screen),))

    async def _lobby_post(self: TableService, table: TableRow, *, picking: bool = False,
                          clock_picking: bool = False) -> Post:
        """The lobby message; `picking` shows the host's computer player choices on it,
        `clock_picking` the clock choices."""
        seats = await self.store.list_seats(table.id)
        spec = self.games[table.game]
        free = len(seats) < spec.max_players
        clock = clocks.Clock.parse(table.clock)
        screen = screens.lobby_screen(self.tr, table.language, spec=spec, table_id=table.id,
                                      host=await self._host_name(table, seats),
                                      players=[s.display_name for s in seats],
                                      options=describe_options(spec, table.options),
                                      computers=bool(spec.computer)
                                      and await self._computers_allowed(table),
                                      clock=clocks.describe(self.tr, table.language, clock))
        if clock_picking:
            screen = screens.clock_picker_screen(
                self.tr, table.language, table_id=table.id, lobby=screen,
                choices=[(clocks.describe(self.tr, table.language, c), c == clock)
                         for c in clocks.CHOICES])
        elif picking:
            screen = screens.computer_picker_screen(
                self.tr, table.language, spec=spec, table_id=table.id, lobby=screen,
                can_add=free, removable=[(computer_number(s.user_id), s.display_name)
                                         for s in seats if s.is_computer])
        return Post(self._place(table, Role.LOBBY), screen)

    async def _schedule_lobby_timeout(self: TableService, table: TableRow) -> None:
        # never sooner than a minute from now: a restart must not close a lobby at once
        timeout = await self._lobby_seconds(table)
        due = max(table.created_at + timeout, self._clock() + min(60, timeout))
        await self.store.schedule(table.id, LOBBY_TIMEOUT, version=0, due_at=due)
        self.scheduler.wake()

    async def lobby_expired(self: TableService, table_id: int, version: int = 0) -> Result:
        """A lobby nobody started in time closes itself, and its message says why."""
        async with self._locks[table_id]:
            table = await self.store.get_table(table_id)
            if table is None or table.status != Status.LOBBY:
                return Result()
            try:
                await self.store.set_status(table.id, Status.CANCELLED,
                                            allowed_from=(Status.LOBBY,))
            except StatusConflict:
                return Result()
            log.info("table %s: lobby closed, not started in time", table.id)
            pruned = await self.store.prune_lobbies(self._clock() - LOBBY_KEPT)
            if pruned:
                log.info("%d lobbies closed without a game deleted", pruned)
            seats = await self.store.list_seats(table.id)
            lang = table.language
            note = self.tr.t(lang, "table-lobby-expired",
                             minutes=round(await self._lobby_seconds(table) / 60))
            screen = screens.lobby_screen(self.tr, lang, spec=self.games[table.game],
                                          table_id=table.id,
                                          host=await self._host_name(table, seats),
                                          players=[s.display_name for s in seats], closed=True,
                                          closed_note=note)
            return Result(posts=(Post(self._place(table, Role.LOBBY), screen),))

    async def _play_again(self: TableService, chat: ChatRef, user: UserRef, table_id: int,
                          lang: str) -> Result:
        """Play again, pressed on a game's final board by one of its players: a new lobby
        in the same chat for the same game, options and clock, with the same people (who
        had not left) and the same computer players already seated; the presser is its
        host. Anyone may leave it; nobody is held to it."""
        old = await self.store.get_table(table_id)
        if old is None or old.platform != chat.platform or (old.chat_id, old.thread_id) != (
                chat.id, chat.thread_id) or old.started_at is None:
            return self._alert(lang, "bot-error-malformed")
        if old.active:
            return self._alert(lang, "table-again-not-over")
        seats = sorted((s for s in await self.store.list_seats(old.id) if s.seat is not None),
                       key=lambda s: s.seat or 0)
        people = [s for s in seats if not s.is_computer or s.absence == "away"]
        if not any(s.user_id == user.id for s in people):
            return self._alert(lang, "table-again-players-only")
        try:
            table = await self.store.create_table(
                chat.platform, chat.id, chat.thread_id, old.game, creator_id=user.id,
                language=old.language, title=chat.title or old.title, options=old.options,
                creator_name=user.name, clock=old.clock)
        except ActiveTableExists:
            return self._alert(lang, "bot-error-table-exists")
        log.info("table %s: a rematch of table %s", table.id, old.id)
        await self._schedule_lobby_timeout(table)
        for seat in seats:
            if seat.absence == "left":
                continue  # they left that game: they join this one themselves if they wish
            person = not seat.is_computer or seat.absence == "away"
            await self.store.add_seat(table.id, seat.user_id, seat.display_name,
                                      language=seat.language if person else None,
                                      computer=None if person else seat.computer)
        return Result(Reply(self.tr.t(lang, "table-again-opened")),
                      posts=(await self._lobby_post(table),))
