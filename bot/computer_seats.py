"""Computer players at a table: the host seats them in the lobby, and their turns are due
work that the scheduler fires (bot/scheduler.py).

A computer turn is thought out from the seat's view only, then applied through the same
`apply` as a person's press (bot/turns.py): the same legality check, version check and commit,
so it can neither cheat nor race a person. Here: the host's choices in the lobby, and when a
computer's turn is due.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot import table_screens as screens
from bot.chat_rules import ChatRules
from bot.screens import Reply, Result
from bot.storage import SeatRow, TableFull, TableRow
from bot.storage.store import Status
from bot.table_clocks import TableClocks
from bot.table_core import (
    Dispatch,
    Part,
    TableCore,
    TablePress,
    computer_number,
    computer_user_id,
)
from bot.table_posts import TablePosts
from engine.core import GameSpec

log = logging.getLogger(__name__)

COMPUTER_TURN = "computer"
"""The kind of due work that is a computer player's turn."""


class ComputerSeats(Part):
    def __init__(self, core: TableCore, rules: ChatRules, posts: TablePosts,
                 clocks: TableClocks, *, pause: float) -> None:
        super().__init__(core)
        self.rules = rules
        self.posts = posts
        self.clocks = clocks
        self.pause = pause
        """A computer player moves this many seconds after its turn comes, so that people
        can follow."""

    def register(self, dispatch: Dispatch) -> None:
        dispatch.table_presses["computer"] = self.seat_press
        dispatch.table_presses["uncomputer"] = self.seat_press

    async def seat_press(self, p: TablePress) -> Result:
        """The host opens the computer player choices, adds one of a level, removes one,
        or goes back to the lobby."""
        table, user, press, lang, seats = p.table, p.user, p.press, p.lang, p.seats
        alert = self.core.alert
        if table.status != Status.LOBBY:
            return alert(lang, "table-already-started")
        if press.kind == "computer" and press.arg != "back" and \
                not await self.rules.computers_allowed(table):
            return alert(lang, "settings-computers-refused")  # the chat's settings
        spec = self.games[table.game]
        if user.id != table.creator_id:
            return alert(lang, "table-computer-host-only",
                         name=self.core.host_name(table, seats))
        if not spec.computer:
            return alert(lang, "table-computer-none")
        if press.kind == "uncomputer":
            gone = next((s for s in seats if s.is_computer
                         and str(computer_number(s.user_id)) == press.arg), None)
            if gone is None or not await self.store.remove_seat(table.id, gone.user_id):
                return alert(lang, "table-computer-gone")
            return Result(Reply(self.tr.t(lang, "table-computer-removed", name=gone.display_name)),
                          posts=(await self.posts.lobby_post(table, picking=True),))
        if press.arg in ("", "back"):
            return Result(posts=(await self.posts.lobby_post(table, picking=not press.arg),))
        if press.arg not in spec.computer:
            return alert(lang, "bot-error-malformed")
        name = self.computer_name(table.language, press.arg, seats)
        number = 1 + max((computer_number(s.user_id) for s in seats if s.is_computer), default=0)
        try:
            await self.store.add_seat(table.id, computer_user_id(number), name,
                                      computer=press.arg, max_seats=spec.max_players)
        except TableFull:
            return alert(lang, "bot-error-table-full")
        return Result(Reply(self.tr.t(lang, "table-computer-added", name=name)),
                      posts=(await self.posts.lobby_post(table),))

    def computer_name(self, lang: str, level: str, seats: Sequence[SeatRow]) -> str:
        """"🤖 Normal", then "🤖 Normal 2" for a second one of the level (its number counts
        the level's computers in whatever language they sat down: the screens say every
        computer's name in their reader's, bot/table_screens.py's `read_in`)."""
        taken = {s.display_name for s in seats}
        said_now = {p.name for p in screens.read_in(self.tr, lang, screens.players_of(
            [replace(s, seat=0) for s in seats if s.computer == level], lang))}
        count = 1
        while (candidate := screens.computer_name(self.tr, lang, level, count)) in taken | said_now:
            count += 1
        return candidate

    async def schedule(self, table: TableRow, spec: GameSpec, state: Any,
                       seats: Sequence[SeatRow]) -> None:
        """After a start or a move: if a computer player is to act, its turn becomes due work
        (a row, so it survives a restart); otherwise any pending one is stale and goes.
        A table of people only has nothing to do here: no write on their presses."""
        computers = {s.seat for s in seats if s.is_computer}
        if not computers:
            return
        if table.status == Status.PLAYING and computers & spec.to_act(state):
            await self.store.schedule(table.id, COMPUTER_TURN, version=table.version,
                                      due_at=self.core.clock() + self.pause)
            self.core.scheduler.wake()
        else:
            await self.store.cancel_work(table.id, COMPUTER_TURN)

    async def reschedule(self, table: TableRow) -> None:
        """After a restart: a computer turn or a turn's clock whose row was lost between a
        commit and its scheduling (a kill at that instant) is set again; a pending one keeps
        its time."""
        if table.status != Status.PLAYING:
            return
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        seats = await self.store.list_seats(table.id)
        if not any(w.kind == COMPUTER_TURN for w in await self.store.pending_work(table.id)):
            await self.schedule(table, spec, state, seats)
        await self.clocks.set_clocks(table, spec, state, seats)


__all__ = ["COMPUTER_TURN", "ComputerSeats", "computer_number", "computer_user_id"]
