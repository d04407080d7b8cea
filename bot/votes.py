"""Absent players and ending early: a table never stalls.

When a person's clock runs out (bot/table_clocks.py) the other people at the table vote on
the board: a computer plays for them, or the game ends. They may still move until the vote
decides, and later press **I'm back** to take their seat again. A turn-based clock running
out twice in a row hands the seat over without a vote. `/leave` during a game hands the
seat to a computer for good, and `/cancel` from a player who may not close the table opens a
vote to end it (two minutes). A game that ends early shows the standings at that point.
This is the voting part of `TableService` (bot/tables.py), kept in its own module.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot import clocks
from bot import table_screens as screens
from bot.clocks import Clock
from bot.payloads import Press, encode
from bot.screens import Button, Drop, Place, Post, Reply, Result, Role, Screen, UserRef
from bot.storage import SeatRow, StatusConflict, TableRow, Vote
from bot.storage.store import Status
from bot.table_clocks import CLOCK, PRESS_GRACE, REMIND, TIMED

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

ABSENT = "absent"  # the vote about a seat out of time: 'c' computer, 'e' end the game
END = "end"  # the vote to end the game: 'y' end it, 'n' play on
VOTE = "vote"
"""Due work `vote:end`: the end vote expires (its row's version is the vote's id)."""
END_VOTE_SECONDS = 120.0
STAND_IN = "normal"
"""The level of the computer player that takes an absent person's seat."""
_CHOICES = {ABSENT: ("c", "e"), END: ("y", "n")}
_BUTTONS = {ABSENT: {"c": "table-vote-computer", "e": "table-vote-end"},
            END: {"y": "table-vote-yes", "n": "table-vote-no"}}


class TableVotes:
    """Mixed into `TableService`; every attribute it uses is the service's."""

    # --- running out of time ------------------------------------------------------------

    async def clock_ran_out(self: TableService, table_id: int, version: int, seat: int,
                            due_at: float) -> Result:
        """A person's time is up: mark them out and let the others decide (a live clock, or
        a first turn-based timeout); a second turn-based timeout in a row hands the seat to a
        computer player at once."""
        async with self._locks[table_id]:
            timed = await self._timed_seat(table_id, version, seat)
            if timed is None:
                return Result()
            table, seats, me = timed
            if self._pressed_before(table.id, me.user_id, due_at):
                # their press arrived in time and is being handled: it decides, not the clock
                await self.store.schedule(table.id, f"{CLOCK}:{seat}", version=version,
                                          due_at=self._clock() + PRESS_GRACE)
                return Result()
            clock = Clock.parse(table.clock)
            await self.store.cancel_work(table.id, f"{REMIND}:{seat}")
            timeouts = me.timeouts + 1 if clock.kind == clocks.TURN else me.timeouts
            await self.store.update_seat(table.id, seat, timeouts=timeouts,
                                         bank=0.0 if clock.kind == clocks.LIVE else None)
            log.info("table %s: seat %s ran out of time", table.id, seat)
            if timeouts >= 2:
                return await self._hand_over(table, me, "away", note_key="table-absent-twice")
            await self.store.update_seat(table.id, seat, absence="out")
            if any(self._voters(ABSENT, seat, seats)):
                await self.store.open_vote(table.id, ABSENT, seat, now=self._clock())
            posts = await self.current_posts(table.id)
            posts.append(self._note(table, "table-absent-out", player=me.display_name))
            return Result(posts=tuple(posts))

    # --- votes ----------------------------------------------------------------------------

    def _voters(self: TableService, kind: str, subject: int, seats: Sequence[SeatRow]
                ) -> list[SeatRow]:
        """Who votes: the people playing their own seats (not the one the vote is about)."""
        return [s for s in seats if s.seat is not None and not s.is_computer
                and s.absence is None and not (kind == ABSENT and s.seat == subject)]

    async def _vote_press(self: TableService, table: TableRow, user: UserRef, press: Press,
                          lang: str) -> Result:
        choice, number = press.arg[:1], press.arg[1:]
        votes = {v.id: v for v in await self.store.votes(table.id)}
        vote = votes.get(int(number)) if number.isdigit() else None
        if table.status != Status.PLAYING or vote is None:
            return self._alert(lang, "table-vote-closed")
        if choice not in _CHOICES[vote.kind]:
            return self._alert(lang, "bot-error-malformed")
        seats = await self.store.list_seats(table.id)
        me = next((s for s in self._voters(vote.kind, vote.seat, seats) if s.user_id == user.id),
                  None)
        if me is None or me.seat is None:
            return self._alert(lang, "table-vote-not-yours")
        vote = await self.store.cast_ballot(vote.id, me.seat, choice)
        if vote is None:
            return self._alert(lang, "table-vote-closed")
        return await self._count(table, seats, vote, lang)

    async def _count(self: TableService, table: TableRow, seats: Sequence[SeatRow], vote: Vote,
                     lang: str) -> Result:
        """Decide the vote if its ballots do; otherwise show the count so far."""
        voters = {s.seat for s in self._voters(vote.kind, vote.seat, seats)}
        ballots = {seat: c for seat, c in vote.ballots.items() if seat in voters}
        need = needed(vote.kind, len(seats), len(voters))
        yes, no = _CHOICES[vote.kind]
        thanks = Reply(self.tr.t(lang, "table-vote-counted"))
        if vote.kind == ABSENT:
            subject = next(s for s in seats if s.seat == vote.seat)
            if sum(c == yes for c in ballots.values()) >= need:
                await self.store.close_votes(table.id, (ABSENT,))
                result = await self._hand_over(table, subject, "away",
                                               note_key="table-absent-voted")
                return Result(thanks, posts=result.posts)
            if sum(c == no for c in ballots.values()) >= need:
                return Result(thanks, posts=(await self._abandon(
                    table, self.tr.t(table.language, "table-ended-absent",
                                     player=subject.display_name))).posts)
        else:
            if sum(c == yes for c in ballots.values()) >= need:
                return Result(thanks, posts=(await self._abandon(
                    table, self.tr.t(table.language, "table-ended-vote"))).posts)
            if sum(c == no for c in ballots.values()) > len(voters) - need:
                await self.store.close_votes(table.id, (END,))
                await self.store.cancel_work(table.id, f"{VOTE}:{END}")
                return Result(thanks, posts=(*await self.current_posts(
                    table.id, public_only=True), self._note(table, "table-vote-end-failed")))
        return Result(thanks, posts=tuple(await self.current_posts(table.id, public_only=True)))

    async def _ask_to_end(self: TableService, table: TableRow, user: UserRef) -> Result:
        """A player who may not close the table asks the others: a vote on the board, open
        for two minutes, with their own ballot already in."""
        lang = table.language
        seats = await self.store.list_seats(table.id)
        me = next((s for s in self._voters(END, -1, seats) if s.user_id == user.id), None)
        if me is None or me.seat is None:
            return await self._cancel_refused(table, lang)
        vote = await self.store.open_vote(table.id, END, me.seat, now=self._clock(),
                                          ballots={me.seat: "y"})
        if vote is None:
            return self._alert(lang, "table-vote-already")
        await self.store.schedule(table.id, f"{VOTE}:{END}", version=vote.id,
                                  due_at=self._clock() + END_VOTE_SECONDS)
        self.scheduler.wake()
        log.info("table %s: seat %s asks to end the game", table.id, me.seat)
        result = await self._count(table, seats, vote, lang)
        note = self._note(table, "table-vote-end-asked", player=me.display_name)
        return Result(Reply(self.tr.t(lang, "table-vote-end-opened")),
                      posts=(*result.posts, note) if table.active else result.posts)

    async def vote_expired(self: TableService, table_id: int, vote_id: int) -> Result:
        async with self._locks[table_id]:
            table = await self.store.get_table(table_id)
            votes = await self.store.votes(table_id)
            if table is None or table.status != Status.PLAYING or not any(
                    v.id == vote_id and v.kind == END for v in votes):
                return Result()
            await self.store.close_votes(table_id, (END,))
            log.info("table %s: the vote to end the game expired", table_id)
            return Result(posts=(*await self.current_posts(table_id, public_only=True),
                                 self._note(table, "table-vote-end-expired")))

    def _vote_board(self: TableService, table: TableRow, seats: Sequence[SeatRow],
                    votes: Sequence[Vote]) -> tuple[list[str], list[tuple[Button, ...]]]:
        """What the board shows of the open votes: a line each, and their buttons with the
        count so far."""
        lang = table.language
        lines: list[str] = []
        rows: list[tuple[Button, ...]] = []
        for vote in votes:
            voters = {s.seat for s in self._voters(vote.kind, vote.seat, seats)}
            need = needed(vote.kind, len(seats), len(voters))
            name = next((s.display_name for s in seats if s.seat == vote.seat), "?")
            buttons = {
                choice: Button(self.tr.t(lang, key, player=name, need=need, count=sum(
                    1 for seat, b in vote.ballots.items() if b == choice and seat in voters)),
                    encode(Press(VOTE, table.id, arg=f"{choice}{vote.id}")))
                for choice, key in _BUTTONS[vote.kind].items()}
            if vote.kind == ABSENT:
                lines.append(self.tr.t(lang, "table-vote-absent", player=name))
                rows.extend(((buttons["c"],), (buttons["e"],)))
            else:
                lines.append(self.tr.t(lang, "table-vote-end-question", player=name))
                rows.append((buttons["y"], buttons["n"]))
        return lines, rows

    # --- who plays a seat ---------------------------------------------------------------

    async def _hand_over(self: TableService, table: TableRow, seat: SeatRow, absence: str, *,
                         note_key: str) -> Result:
        """A computer player takes a person's seat: while they are away, or for good (they
        left). Only computers left: the game ends, abandoned."""
        assert seat.seat is not None
        spec = self.games[table.game]
        level = STAND_IN if STAND_IN in spec.computer else next(iter(spec.computer))
        await self.store.update_seat(table.id, seat.seat, absence=absence, computer=level)
        for kind in (CLOCK, REMIND):
            await self.store.cancel_work(table.id, f"{kind}:{seat.seat}")
        await self.store.close_votes(table.id, (ABSENT,))
        seats = await self.store.list_seats(table.id)
        log.info("table %s: a computer plays seat %s (%s)", table.id, seat.seat, absence)
        if all(s.is_computer for s in seats):
            return await self._abandon(table, self.tr.t(table.language, "table-ended-no-people"))
        state = spec.from_dict(table.state or {})
        await self._schedule_computer(table, spec, state, seats)
        posts = await self.current_posts(table.id)
        posts.append(self._note(table, note_key, player=seat.display_name))
        return Result(posts=tuple(posts))

    async def _back_press(self: TableService, table: TableRow, user: UserRef, lang: str
                          ) -> Result:
        """I'm back: an absent person takes their seat again (this turn, if the computer has
        not moved yet; otherwise their next one)."""
        seats = await self.store.list_seats(table.id)
        me = next((s for s in seats if s.user_id == user.id), None)
        if table.status != Status.PLAYING or me is None or me.seat is None:
            return self._alert(lang, "bot-error-not-a-player")
        lang = me.language or lang
        if me.absence not in ("out", "away"):
            return self._alert(lang, "table-back-already" if me.absence is None
                               else "table-back-left")
        await self.store.update_seat(table.id, me.seat, absence=None, computer=None)
        await self.store.close_votes(table.id, (ABSENT,))
        seats = await self.store.list_seats(table.id)
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        await self._schedule_computer(table, spec, state, seats)
        await self._set_clocks(table, spec, state, seats)
        log.info("table %s: seat %s is back", table.id, me.seat)
        return Result(Reply(self.tr.t(lang, "table-back-welcome")),
                      posts=(*await self.current_posts(table.id),
                             self._note(table, "table-back", player=me.display_name)))

    # --- leaving and ending -------------------------------------------------------------

    async def _leave_playing(self: TableService, table: TableRow, user: UserRef) -> Result:
        """`/leave` during a game: ask first, in the chat, with buttons only they may press."""
        lang = table.language
        seats = await self.store.list_seats(table.id)
        me = next((s for s in seats if s.user_id == user.id), None)
        if me is None or me.seat is None:
            return self._alert(lang, "bot-error-not-a-player")
        if me.absence == "left":
            return self._alert(lang, "table-back-left")
        screen = Screen(screens.with_mention(
            self.tr, lang, "table-leave-confirm", "player", screens.Mention(me.user_id,
                                                                             me.display_name)),
            buttons=((Button(self.tr.t(lang, "table-leave-yes"),
                             encode(Press("quit", table.id, arg=f"y{me.seat}"))),
                      Button(self.tr.t(lang, "table-leave-no"),
                             encode(Press("quit", table.id, arg=f"n{me.seat}")))),))
        return Result(posts=(Post(self._confirm_place(table, me.seat), screen, fresh=True),))

    async def _quit_press(self: TableService, table: TableRow, user: UserRef, press: Press,
                          lang: str) -> Result:
        answer, number = press.arg[:1], press.arg[1:]
        seats = await self.store.list_seats(table.id)
        me = next((s for s in seats if s.user_id == user.id), None)
        if answer not in ("y", "n") or not number.isdigit():
            return self._alert(lang, "bot-error-malformed")
        if me is None or me.seat != int(number):
            return self._alert(lang, "table-leave-not-yours")
        if table.status != Status.PLAYING or me.absence == "left":
            return Result(Reply(self.tr.t(lang, "table-vote-closed"), alert=True),
                          posts=(Drop(self._confirm_place(table, me.seat)),))
        drop = Drop(self._confirm_place(table, me.seat))
        if answer == "n":
            return Result(Reply(self.tr.t(lang, "table-leave-stayed")), posts=(drop,))
        result = await self._hand_over(table, me, "left", note_key="table-left-game")
        return Result(Reply(self.tr.t(lang, "table-leave-done")), posts=(drop, *result.posts))

    async def _abandon(self: TableService, table: TableRow, why: str) -> Result:
        """End a game before its end: the board shows the standings at this point and why."""
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        try:
            await self.store.set_status(table.id, Status.CANCELLED, allowed_from=(Status.PLAYING,),
                                        results=spec.standings(state) if spec.standings else None)
        except StatusConflict:
            return Result()
        await self.store.cancel_work(table.id)
        await self.store.close_votes(table.id)
        log.info("table %s abandoned", table.id)
        seats = await self.store.list_seats(table.id)
        posts: list[Post | Drop] = [await self._ended_board(table, seats, why),
                                    Drop(self._place(table, Role.PING))]
        posts.extend(Drop(self._confirm_place(table, s.seat)) for s in seats
                     if s.seat is not None)
        for seat in seats:
            place = self._panel_place(table, seat)
            if place is not None:
                posts.append(Post(place, screens.closed_panel_screen(
                    self.tr, seat.language or table.language, table.title)))
        return Result(posts=tuple(posts))

    def _note(self: TableService, table: TableRow, key: str, **args: object) -> Post:
        """A short note in the chat, in the turn ping's place (so it notifies, and the next
        turn's ping replaces it)."""
        return Post(self._place(table, Role.PING),
                    Screen((self.tr.t(table.language, key, **args),)), fresh=True)

    def _confirm_place(self: TableService, table: TableRow, seat: int) -> Place:
        return Place(table.id, Role.CONFIRM, seat, table.chat_id, table.thread_id)


def needed(kind: str, players: int, voters: int) -> int:
    """Ballots that decide: one at a two-player table (the other player), otherwise a majority
    of those who vote."""
    if kind == ABSENT and players == 2:
        return 1
    return voters // 2 + 1


__all__ = ["ABSENT", "END", "TIMED", "TableVotes", "needed"]
