"""Turn clocks at a table: the host picks one in the lobby; each turn's deadline and its
reminder are due work (bot/storage/due.py) that the scheduler fires; time the bot was down,
or spent waiting out a platform's flood control, is given back.

Each seat to act has a row `clock:<seat>` (when its time runs out) and `remind:<seat>` (when a
quarter is left), both set for the table's version: a move re-sets them, so a deadline that
fires after a move is stale and does nothing. A live clock's bank is kept on the seat between
turns. Running out is handled by `TableVotes` (bot/votes.py): the others decide; the
reminder is a turn's (bot/turns.py), the lobby's choice the lobby's (bot/lobby.py).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from bot.clocks import Clock
from bot.storage import DueWork, SeatRow, TableRow
from bot.storage.store import Status
from bot.table_core import Part, TableCore
from engine.core import GameSpec

log = logging.getLogger(__name__)

CLOCK = "clock"
"""Due work `clock:<seat>`: that seat's time for this turn runs out."""
REMIND = "remind"
"""Due work `remind:<seat>`: a quarter of that seat's time is left."""
TIMED = (f"{CLOCK}:", f"{REMIND}:")
RESTART_GRACE = 60.0
"""After a restart no clock runs out sooner than this: people need a moment to see the bot
is back (and the bot to show them their boards again)."""
OUTAGE_GRACE = 15.0
"""After an outage of the database no clock runs out sooner than this: boards and panels
catch up first, so people see their time before it can end."""
MIN_REMINDER = 20.0
"""A turn shorter than four times this gets no reminder: it would come too late to help."""
PRESS_GRACE = 3.0
"""How much later a deadline fires again when a press for that seat is still being handled:
a press that arrived before the time ran out is honoured."""


class TableClocks(Part):
    """Each turn's deadline, and the time the bot's own delays give back."""

    def __init__(self, core: TableCore) -> None:
        super().__init__(core)
        self._clocks_resumed: float | None = None
        """When `recover_downtime` gave the clocks back the time up to (until `serving`)."""
        # Presses being handled, by table and person, with when they arrived: a clock that
        # runs out meanwhile waits for them (bot/votes.py).
        self._pressing: dict[int, dict[str, float]] = {}

    # --- each turn's deadline ------------------------------------------------------------

    async def set_clocks(self, table: TableRow, spec: GameSpec, state: Any,
                          seats: Sequence[SeatRow], *, mover: int | None = None
                          ) -> list[DueWork]:
        """After a start, a move or a change of who plays a seat: every person to act has a
        deadline for this version. A turn going on keeps its time; a new one gets its full
        time (a live clock's bank). Each move ends the mover's turn: what was left, and the
        increment, goes back in their bank, and if they act again it is a new turn.
        Returns the deadlines now set (what the board's time left is read from)."""
        clock = Clock.parse(table.clock)
        if not clock.running:
            return []
        now = self.core.clock()
        pending = {w.kind: w for w in await self.store.pending_work(table.id)
                   if w.kind.startswith(TIMED)}
        acting = spec.to_act(state) if table.status == Status.PLAYING else frozenset()
        by_seat = {s.seat: s for s in seats if s.seat is not None}
        if mover is not None and (mine := pending.get(f"{CLOCK}:{mover}")):
            await self.store.update_seat(table.id, mover,
                                         bank=clock.bank_after(mine.due_at - now))
        keep: list[DueWork] = []
        for seat in sorted(acting):
            player = by_seat.get(seat)
            if player is None or player.is_computer or player.absence is not None:
                continue  # nobody's time to count: a computer, or a person out of time
            running = pending.get(f"{CLOCK}:{seat}")
            if running is not None and seat != mover:
                # a turn going on (another seat moved meanwhile, or nobody did): same time,
                # new version; a reminder already sent is not sent again
                keep.extend(DueWork(table.id, w.kind, table.version, w.due_at)
                            for w in (running, pending.get(f"{REMIND}:{seat}")) if w)
                continue
            allotted = clock.turn_time(player.bank)
            keep.append(DueWork(table.id, f"{CLOCK}:{seat}", table.version, now + allotted))
            if allotted >= 4 * MIN_REMINDER:
                keep.append(DueWork(table.id, f"{REMIND}:{seat}", table.version,
                                    now + allotted * 0.75))
        await self.store.replace_work(table.id, TIMED, keep)
        if keep:
            self.core.scheduler.wake()
        return keep

    async def timed_seat(self, table_id: int, version: int, seat: int
                          ) -> tuple[TableRow, list[SeatRow], SeatRow] | None:
        """The table, its seats and the seat, if the seat's clock still runs at
        `version`: a person playing their own seat, whose turn it is. None when the deadline
        is stale (a move came first, the game ended, a computer took the seat)."""
        loaded = await self.store.load_table(table_id)
        if loaded is None:
            return None
        table, seats = loaded
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        me = next((s for s in seats if s.seat == seat), None)
        if (table.status != Status.PLAYING or table.version != version or me is None
                or me.is_computer or me.absence is not None or seat not in spec.to_act(state)):
            return None
        return table, seats, me

    async def time_left(self, table: TableRow,
                         deadlines: Sequence[DueWork] | None = None) -> dict[int, float]:
        """Seconds left for each seat whose clock runs now (from `deadlines` just set, or
        the store's; a table without a clock has none to read)."""
        if not Clock.parse(table.clock).running:
            return {}
        if deadlines is None:
            deadlines = await self.store.pending_work(table.id)
        now = self.core.clock()
        return {int(w.kind.partition(":")[2]): w.due_at - now
                for w in deadlines if w.kind.startswith(f"{CLOCK}:")}

    # --- the bot's own delays never count ------------------------------------------------

    async def recover_downtime(self) -> float:
        """At start-up: give every running clock back the time the bot was down (from its
        last heartbeat to now; the rest of the start-up is given back by `serving`), and let
        none run out in the first minute. Returns the downtime given back."""
        now = self.core.clock()
        last = await self.store.last_beat()
        down = max(0.0, now - last) if last is not None else 0.0
        await self.store.delay_work(TIMED, down)
        await self.store.delay_work(("vote:",), down)
        await self.store.delay_work(TIMED, 0.0, not_before=now + RESTART_GRACE)
        await self.store.beat(now)
        self._clocks_resumed = now
        if down:
            log.info("the bot was down for %.0f s: given back to the running clocks", down)
        return down

    async def serving(self) -> float:
        """The bot serves again (every platform taking presses), `recover_downtime` having
        given back the time up to its start: the rest of the bot's own start-up (connecting
        to the platforms, showing every table again) is given back too, and the grace counts
        from now. Returns the seconds given back (none without a recovery before)."""
        since, self._clocks_resumed = self._clocks_resumed, None
        if since is None:
            return 0.0
        now = self.core.clock()
        started = max(0.0, now - since)
        await self.store.delay_work(TIMED, started, not_before=now + RESTART_GRACE)
        await self.store.delay_work(("vote:",), started)
        log.info("serving %.1f s after the clocks were resumed: given back too", started)
        return started

    async def outage_over(self, since: float) -> float:
        """The scheduler reaches the database again after failing since `since`: the
        running clocks and votes get the outage back (before anything due is claimed), and
        none runs out in the first moments. Returns the seconds given back."""
        now = self.core.clock()
        down = await self.store.give_back((*TIMED, "vote:"), since=since, now=now)
        if down:
            await self.store.delay_work(TIMED, 0.0, not_before=now + OUTAGE_GRACE)
            log.warning("the database was out of reach for %.1f s: given back to the "
                        "running clocks", down)
        return down

    async def flood_waited(self, platform: str, chat_id: str,
                           seconds: float) -> None:
        """The platform made the bot wait `seconds` before it could update this chat: give
        that time back to the clocks of the chat's running games."""
        if seconds <= 0:
            return
        tables = await self.store.table_ids_in_chat(platform, chat_id, (Status.PLAYING,))
        if tables and await self.store.delay_work(TIMED, seconds, table_ids=tables):
            log.info("flood control held chat %s for %.1f s: given back", chat_id, seconds)

    def press_started(self, table_id: int, user_id: str) -> None:
        self._pressing.setdefault(table_id, {})[user_id] = self.core.clock()

    def press_ended(self, table_id: int, user_id: str) -> None:
        pressing = self._pressing.get(table_id)
        if pressing is not None:
            pressing.pop(user_id, None)
            if not pressing:
                del self._pressing[table_id]

    def pressed_before(self, table_id: int, user_id: str, due_at: float) -> bool:
        """A press of this person's, still being handled, arrived before `due_at`."""
        arrived = self._pressing.get(table_id, {}).get(user_id)
        return arrived is not None and arrived <= due_at
