"""Computer players at a table: the host seats them in the lobby, and their turns are due
work that the scheduler fires (bot/scheduler.py).

A computer turn is thought out from the seat's view only (`think`, a worker process by
default), then applied through the table service's own `_apply`: the same legality check,
version check and commit as a person's press, so it can neither cheat nor race a person.
This is the computer-player part of `TableService` (bot/tables.py), kept in its own module.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.payloads import Press
from bot.screens import Reply, Result, UserRef
from bot.storage import SeatRow, TableFull, TableRow
from bot.storage.store import Status
from engine.computer import decision_seed
from engine.core import GameSpec

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

COMPUTER_TURN = "computer"
"""The kind of due work that is a computer player's turn."""


class ComputerSeats:
    """Mixed into `TableService`; every attribute it uses is the service's."""

    async def _computer_seat_press(self: TableService, table: TableRow, user: UserRef,
                                   press: Press, lang: str) -> Result:
        """The host opens the computer player choices, adds one of a level, removes one,
        or goes back to the lobby."""
        if table.status != Status.LOBBY:
            return self._alert(lang, "table-already-started")
        if press.kind == "computer" and press.arg != "back" and \
                not await self._computers_allowed(table):
            return self._alert(lang, "settings-computers-refused")  # the chat's settings
        spec = self.games[table.game]
        seats = await self.store.list_seats(table.id)
        if user.id != table.creator_id:
            return self._alert(lang, "table-computer-host-only",
                               name=await self._host_name(table, seats))
        if not spec.computer:
            return self._alert(lang, "table-computer-none")
        if press.kind == "uncomputer":
            gone = next((s for s in seats if s.is_computer
                         and str(computer_number(s.user_id)) == press.arg), None)
            if gone is None or not await self.store.remove_seat(table.id, gone.user_id):
                return self._alert(lang, "table-computer-gone")
            return Result(Reply(self.tr.t(lang, "table-computer-removed", name=gone.display_name)),
                          posts=(await self._lobby_post(table, picking=True),))
        if press.arg in ("", "back"):
            return Result(posts=(await self._lobby_post(table, picking=not press.arg),))
        if press.arg not in spec.computer:
            return self._alert(lang, "bot-error-malformed")
        name = self._computer_name(table.language, press.arg, seats)
        number = 1 + max((computer_number(s.user_id) for s in seats if s.is_computer), default=0)
        try:
            await self.store.add_seat(table.id, computer_user_id(number), name,
                                      computer=press.arg, max_seats=spec.max_players)
        except TableFull:
            return self._alert(lang, "bot-error-table-full")
        return Result(Reply(self.tr.t(lang, "table-computer-added", name=name)),
                      posts=(await self._lobby_post(table),))

    def _computer_name(self: TableService, lang: str, level: str, seats: Sequence[SeatRow]) -> str:
        """"🤖 Normal", then "🤖 Normal 2" for a second one of the level."""
        name = self.tr.t(lang, "table-computer-name",
                         level=self.tr.t(lang, f"table-computer-level-{level}"))
        taken = {s.display_name for s in seats}
        count = 1
        while (candidate := name if count == 1 else f"{name} {count}") in taken:
            count += 1
        return candidate

    async def _schedule_computer(self: TableService, table: TableRow, spec: GameSpec, state: Any,
                                 seats: Sequence[SeatRow]) -> None:
        """After a start or a move: if a computer player is to act, its turn becomes due work
        (a row, so it survives a restart); otherwise any pending one is stale and goes.
        A table of people only has nothing to do here: no write on their presses."""
        computers = {s.seat for s in seats if s.is_computer}
        if not computers:
            return
        if table.status == Status.PLAYING and computers & spec.to_act(state):
            await self.store.schedule(table.id, COMPUTER_TURN, version=table.version,
                                      due_at=self._clock() + self.computer_pause)
            self.scheduler.wake()
        else:
            await self.store.cancel_work(table.id, COMPUTER_TURN)

    async def _reschedule(self: TableService, table: TableRow) -> None:
        """After a restart: a computer turn or a turn's clock whose row was lost between a
        commit and its scheduling (a kill at that instant) is set again; a pending one keeps
        its time."""
        if table.status != Status.PLAYING:
            return
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        seats = await self.store.list_seats(table.id)
        if not any(w.kind == COMPUTER_TURN for w in await self.store.pending_work(table.id)):
            await self._schedule_computer(table, spec, state, seats)
        await self._set_clocks(table, spec, state, seats)

    async def computer_turn(self: TableService, table_id: int, version: int) -> Result:
        """A computer player's move at a table still at `version`: thought out from its seat's
        view off the event loop, then applied like a press (version-checked, committed
        before anything is shown). Stale work (a table that moved on or ended) does nothing."""
        loaded = await self.store.load_table(table_id)
        if loaded is None:
            return Result()
        table, seats = loaded
        spec = self.games[table.game]
        if table.status != Status.PLAYING or table.version != version or table.seed is None:
            return Result()
        state = spec.from_dict(table.state or {})
        me = next((s for s in seats if s.is_computer and s.seat in spec.to_act(state)), None)
        if me is None or me.seat is None or me.computer not in spec.computer:
            return Result()
        seed = decision_seed(table.seed, table.version, me.seat)
        decision = await self._think(spec, me.computer, spec.view(state, me.seat), me.seat, seed)
        async with self._locks[table.id]:
            loaded = await self.store.load_table(table_id)
            if loaded is None:
                return Result()
            table, seats = loaded
            if table.status != Status.PLAYING or table.version != version or not any(
                    s.seat == me.seat and s.is_computer for s in seats):
                return Result()  # a person's press came first (a cancel, or I'm back)
            result = await self._apply(table, seats, spec, state, me, decision.action,
                                       table.language, reason=decision.reason)
            if result.later is None:  # refused: a bug in the computer player, not a stall
                log.error("table %s: the %s computer player chose an illegal move", table.id,
                          me.computer)
                legal = await asyncio.to_thread(spec.legal_actions, state, me.seat)
                result = await self._apply(table, seats, spec, state, me,
                                           random.Random(seed).choice(list(legal)),
                                           table.language)
            return result


def computer_user_id(number: int) -> str:
    """A computer player's id at its table: never a platform's (those are digits)."""
    return f"cpu{number}"


def computer_number(user_id: str) -> int:
    return int(user_id.removeprefix("cpu"))
