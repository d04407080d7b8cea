"""Absent players and ending early: a table never stalls.

When a person's clock runs out (bot/table_clocks.py) the other people at the table vote on
the board: a computer plays for them, or the game ends. They may still move until the vote
decides, and later press **I'm back** to take their seat again. A turn-based clock running
out twice in a row hands the seat over without a vote. `/leave` during a game hands the
seat to a computer for good, and `/cancel` from a player who may not close the table opens a
vote to end it (two minutes). A game that ends early shows the standings at that point.
How the board shows a vote is in bot/ballots.py.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot import clocks
from bot import table_screens as screens
from bot.ballots import ABSENT, CHOICES, END, VOTE, needed, voters
from bot.chat_rules import ChatRules
from bot.clocks import Clock
from bot.computer_seats import ComputerSeats
from bot.payloads import Press, encode
from bot.screens import Button, Drop, Post, Reply, Result, Role, Screen, UserRef
from bot.storage import SeatRow, StatusConflict, TableRow, Vote
from bot.storage.store import Status
from bot.table_clocks import CLOCK, PRESS_GRACE, REMIND, TIMED, TableClocks
from bot.table_core import Dispatch, Part, TableCore, TablePress
from bot.table_posts import TablePosts

log = logging.getLogger(__name__)

END_VOTE_SECONDS = 120.0
STAND_IN = "normal"
"""The level of the computer player that takes an absent person's seat."""


class TableVotes(Part):
    def __init__(self, core: TableCore, rules: ChatRules, posts: TablePosts,
                 clocks: TableClocks, computers: ComputerSeats) -> None:
        super().__init__(core)
        self.rules = rules
        self.posts = posts
        self.clocks = clocks
        self.computers = computers

    def register(self, dispatch: Dispatch) -> None:
        dispatch.table_presses[VOTE] = self.vote_press
        dispatch.table_presses["quit"] = self.quit_press
        dispatch.table_presses["back"] = self.back_press
        dispatch.due[CLOCK] = lambda work, seat: self.clock_ran_out(
            work.table_id, work.version, int(seat), work.due_at)
        dispatch.due[VOTE] = lambda work, _: self.vote_expired(work.table_id, work.version)

    # --- running out of time ------------------------------------------------------------

    async def clock_ran_out(self, table_id: int, version: int, seat: int,
                            due_at: float) -> Result:
        """A person's time is up: mark them out and let the others decide (a live clock, or
        a first turn-based timeout); a second turn-based timeout in a row hands the seat to a
        computer player at once."""
        async with self.core.table_lock(table_id):
            timed = await self.clocks.timed_seat(table_id, version, seat)
            if timed is None:
                return Result()
            table, seats, me = timed
            if self.clocks.pressed_before(table.id, me.user_id, due_at):
                # their press arrived in time and is being handled: it decides, not the clock
                await self.store.schedule(table.id, f"{CLOCK}:{seat}", version=version,
                                          due_at=self.core.clock() + PRESS_GRACE)
                return Result()
            clock = Clock.parse(table.clock)
            await self.store.cancel_work(table.id, f"{REMIND}:{seat}")
            timeouts = me.timeouts + 1 if clock.kind == clocks.TURN else me.timeouts
            await self.store.update_seat(table.id, seat, timeouts=timeouts,
                                         bank=0.0 if clock.kind == clocks.LIVE else None)
            log.info("table %s: seat %s ran out of time", table.id, seat)
            if timeouts >= 2:
                return await self.hand_over(table, me, "away", note_key="table-absent-twice")
            await self.store.update_seat(table.id, seat, absence="out")
            if any(voters(ABSENT, seat, seats)):
                await self.store.open_vote(table.id, ABSENT, seat, now=self.core.clock())
            posts = await self.posts.current_posts(table.id)
            posts.append(self.core.note(table, "table-absent-out", player=me.display_name))
            return Result(posts=tuple(posts))

    # --- votes ----------------------------------------------------------------------------

    async def vote_press(self, p: TablePress) -> Result:
        table, user, press, lang, seats = p.table, p.user, p.press, p.lang, p.seats
        choice, number = press.arg[:1], press.arg[1:]
        votes = {v.id: v for v in await self.store.votes(table.id)}
        vote = votes.get(int(number)) if number.isdigit() else None
        if table.status != Status.PLAYING or vote is None:
            return self.core.alert(lang, "table-vote-closed")
        if choice not in CHOICES[vote.kind]:
            return self.core.alert(lang, "bot-error-malformed")
        me = next((s for s in voters(vote.kind, vote.seat, seats) if s.user_id == user.id),
                  None)
        if me is None or me.seat is None:
            return self.core.alert(lang, "table-vote-not-yours")
        vote = await self.store.cast_ballot(vote.id, me.seat, choice)
        if vote is None:
            return self.core.alert(lang, "table-vote-closed")
        return await self.count(table, seats, vote, lang)

    async def count(self, table: TableRow, seats: Sequence[SeatRow], vote: Vote,
                     lang: str) -> Result:
        """Decide the vote if its ballots do; otherwise show the count so far."""
        voting = {s.seat for s in voters(vote.kind, vote.seat, seats)}
        ballots = {seat: c for seat, c in vote.ballots.items() if seat in voting}
        need = needed(vote.kind, len(seats), len(voting))
        yes, no = CHOICES[vote.kind]
        thanks = Reply(self.tr.t(lang, "table-vote-counted"))
        if vote.kind == ABSENT:
            subject = next(s for s in seats if s.seat == vote.seat)
            if sum(c == yes for c in ballots.values()) >= need:
                await self.store.close_votes(table.id, (ABSENT,))
                result = await self.hand_over(table, subject, "away",
                                               note_key="table-absent-voted")
                return Result(thanks, posts=result.posts)
            if sum(c == no for c in ballots.values()) >= need:
                return Result(thanks, posts=(await self.abandon(
                    table, self.tr.t(table.language, "table-ended-absent",
                                     player=subject.display_name))).posts)
        else:
            if sum(c == yes for c in ballots.values()) >= need:
                return Result(thanks, posts=(await self.abandon(
                    table, self.tr.t(table.language, "table-ended-vote"))).posts)
            if sum(c == no for c in ballots.values()) > len(voting) - need:
                await self.store.close_votes(table.id, (END,))
                await self.store.cancel_work(table.id, f"{VOTE}:{END}")
                return Result(thanks, posts=(*await self.posts.current_posts(
                    table.id, public_only=True), self.core.note(table, "table-vote-end-failed")))
        return Result(thanks, posts=tuple(await self.posts.current_posts(table.id, public_only=True)))

    async def ask_to_end(self, table: TableRow, seats: list[SeatRow], user: UserRef) -> Result:
        """A player who may not close the table asks the others: a vote on the board, open
        for two minutes, with their own ballot already in."""
        lang = table.language
        me = next((s for s in voters(END, -1, seats) if s.user_id == user.id), None)
        if me is None or me.seat is None:
            return await self.rules.cancel_refused(table, lang)
        vote = await self.store.open_vote(table.id, END, me.seat, now=self.core.clock(),
                                          ballots={me.seat: "y"})
        if vote is None:
            return self.core.alert(lang, "table-vote-already")
        await self.store.schedule(table.id, f"{VOTE}:{END}", version=vote.id,
                                  due_at=self.core.clock() + END_VOTE_SECONDS)
        self.core.scheduler.wake()
        log.info("table %s: seat %s asks to end the game", table.id, me.seat)
        result = await self.count(table, seats, vote, lang)
        note = self.core.note(table, "table-vote-end-asked", player=me.display_name)
        return Result(Reply(self.tr.t(lang, "table-vote-end-opened")),
                      posts=(*result.posts, note) if table.active else result.posts)

    async def vote_expired(self, table_id: int, vote_id: int) -> Result:
        async with self.core.table_lock(table_id):
            table = await self.store.get_table(table_id)
            votes = await self.store.votes(table_id)
            if table is None or table.status != Status.PLAYING or not any(
                    v.id == vote_id and v.kind == END for v in votes):
                return Result()
            await self.store.close_votes(table_id, (END,))
            log.info("table %s: the vote to end the game expired", table_id)
            return Result(posts=(*await self.posts.current_posts(table_id, public_only=True),
                                 self.core.note(table, "table-vote-end-expired")))

    # --- who plays a seat ---------------------------------------------------------------

    async def hand_over(self, table: TableRow, seat: SeatRow, absence: str, *,
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
            return await self.abandon(table, self.tr.t(table.language, "table-ended-no-people"))
        state = spec.from_dict(table.state or {})
        await self.computers.schedule(table, spec, state, seats)
        posts = await self.posts.current_posts(table.id)
        posts.append(self.core.note(table, note_key, player=seat.display_name))
        return Result(posts=tuple(posts))

    async def back_press(self, p: TablePress) -> Result:
        """I'm back: an absent person takes their seat again (this turn, if the computer has
        not moved yet; otherwise their next one)."""
        table, user, lang, seats = p.table, p.user, p.lang, p.seats
        me = next((s for s in seats if s.user_id == user.id), None)
        if table.status != Status.PLAYING or me is None or me.seat is None:
            return self.core.alert(lang, "bot-error-not-a-player")
        lang = me.language or lang
        if me.absence not in ("out", "away"):
            return self.core.alert(lang, "table-back-already" if me.absence is None
                               else "table-back-left")
        await self.store.update_seat(table.id, me.seat, absence=None, computer=None)
        await self.store.close_votes(table.id, (ABSENT,))
        seats = await self.store.list_seats(table.id)
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        await self.computers.schedule(table, spec, state, seats)
        await self.clocks.set_clocks(table, spec, state, seats)
        log.info("table %s: seat %s is back", table.id, me.seat)
        return Result(Reply(self.tr.t(lang, "table-back-welcome")),
                      posts=(*await self.posts.current_posts(table.id),
                             self.core.note(table, "table-back", player=me.display_name)))

    # --- leaving and ending -------------------------------------------------------------

    async def leave_playing(self, table: TableRow, seats: list[SeatRow], user: UserRef
                            ) -> Result:
        """`/leave` during a game: ask first, in the chat, with buttons only they may press."""
        lang = table.language
        me = next((s for s in seats if s.user_id == user.id), None)
        if me is None or me.seat is None:
            return self.core.alert(lang, "bot-error-not-a-player")
        if me.absence == "left":
            return self.core.alert(lang, "table-back-left")
        screen = Screen(screens.with_mention(
            self.tr, lang, "table-leave-confirm", "player", screens.Mention(me.user_id,
                                                                             me.display_name)),
            buttons=((Button(self.tr.t(lang, "table-leave-yes"),
                             encode(Press("quit", table.id, arg=f"y{me.seat}"))),
                      Button(self.tr.t(lang, "table-leave-no"),
                             encode(Press("quit", table.id, arg=f"n{me.seat}")))),))
        return Result(posts=(Post(self.core.confirm_place(table, me.seat), screen, fresh=True),))

    async def quit_press(self, p: TablePress) -> Result:
        table, user, press, lang, seats = p.table, p.user, p.press, p.lang, p.seats
        answer, number = press.arg[:1], press.arg[1:]
        me = next((s for s in seats if s.user_id == user.id), None)
        if answer not in ("y", "n") or not number.isdigit():
            return self.core.alert(lang, "bot-error-malformed")
        if me is None or me.seat != int(number):
            return self.core.alert(lang, "table-leave-not-yours")
        if table.status != Status.PLAYING or me.absence == "left":
            return Result(Reply(self.tr.t(lang, "table-vote-closed"), alert=True),
                          posts=(Drop(self.core.confirm_place(table, me.seat)),))
        drop = Drop(self.core.confirm_place(table, me.seat))
        if answer == "n":
            return Result(Reply(self.tr.t(lang, "table-leave-stayed")), posts=(drop,))
        # the place of their panel while they played it: once a computer has the seat (and
        # when the game ends for want of people) nothing sends to it again, so it is closed now
        panel = self.core.panel_place(table, me)
        result = await self.hand_over(table, me, "left", note_key="table-left-game")
        panel_lang = me.language or table.language
        closed = () if panel is None else (Post(panel, Screen((self.tr.t(
            panel_lang, "table-panel-left", chat=table.title),)), language=panel_lang),)
        return Result(Reply(self.tr.t(lang, "table-leave-done")),
                      posts=(drop, *result.posts, *closed))

    async def abandon(self, table: TableRow, why: str) -> Result:
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
        posts: list[Post | Drop] = [await self.posts.ended_board(table, seats, why),
                                    Drop(self.core.place(table, Role.PING))]
        posts.extend(Drop(self.core.confirm_place(table, s.seat)) for s in seats
                     if s.seat is not None)
        for seat in seats:
            place = self.core.panel_place(table, seat)
            if place is not None:
                seat_lang = seat.language or table.language
                posts.append(Post(place, screens.closed_panel_screen(
                    self.tr, seat_lang, table.title), language=seat_lang))
        return Result(posts=tuple(posts))


    async def chat_lost(self, table_id: int, why_key: str) -> Result:
        """The platform can show nothing more in the table's chat (a locked or deleted
        thread, a lobby that could not be posted): the table ends, a game as abandoned with
        the text `why_key` names as the reason, and the players' panels say it closed."""
        async with self.core.table_lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or not table.active:
                return Result()
            if table.status == Status.PLAYING:
                return await self.abandon(table, self.tr.t(table.language, why_key))
            try:
                await self.store.set_status(table.id, Status.CANCELLED,
                                            allowed_from=(Status.LOBBY,))
            except StatusConflict:
                return Result()
            await self.store.cancel_work(table.id)
            log.info("table %s: its chat is lost; lobby closed", table.id)
            return Result()


__all__ = ["ABSENT", "END", "TIMED", "VOTE", "TableVotes", "needed"]
