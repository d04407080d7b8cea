"""Playing a table's game: a person's press on their panel (open a menu level, confirm a
move, ask for the panel again), a computer player's turn, and the reminder when a quarter
of a person's time is left.

Every move, a person's or a computer's, goes through `apply`: checked by the engine,
committed to the store at the version it was chosen for, then shown (bot/table_posts.py).
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import replace
from typing import Any, cast

from bot import clocks
from bot import table_screens as screens
from bot.ballots import ABSENT
from bot.computer_seats import COMPUTER_TURN, ComputerSeats
from bot.move_events import events_to_json
from bot.ops import metrics
from bot.payloads import Press
from bot.physics_pool import Busy, Physics
from bot.pictures import point_path
from bot.screens import Post, Reply, Result, Role
from bot.storage import DmStatus, SeatRow, TableRow, VersionConflict
from bot.storage.store import Status
from bot.table_clocks import REMIND, TableClocks
from bot.table_core import Dispatch, Part, TableCore, TablePress, Think
from bot.table_posts import TablePosts
from engine.computer import decision_seed
from engine.core import Event, GameSpec, Label, RuleViolation

log = logging.getLogger(__name__)

_ERRORS = {
    RuleViolation.Reason.NOT_YOUR_TURN: "bot-error-not-your-turn",
    RuleViolation.Reason.ILLEGAL: "bot-error-illegal-generic",
    RuleViolation.Reason.GAME_OVER: "bot-error-game-over",
    RuleViolation.Reason.MALFORMED: "bot-error-malformed",
}


class TableTurns(Part):
    def __init__(self, core: TableCore, posts: TablePosts, clocks: TableClocks,
                 computers: ComputerSeats, *, think: Think, physics: Physics) -> None:
        super().__init__(core)
        self.posts = posts
        self.clocks = clocks
        self.computers = computers
        self.think = think
        """Where a computer player thinks (a worker process by default)."""
        self.physics = physics
        """Where simulated games' physics runs (a pool of its own)."""

    def register(self, dispatch: Dispatch) -> None:
        for kind in ("go", "confirm", "hand", "point"):
            dispatch.table_presses[kind] = self.game_press
        dispatch.due[COMPUTER_TURN] = lambda work, _: self.computer_turn(work.table_id,
                                                                         work.version)
        dispatch.due[REMIND] = lambda work, seat: self.clock_reminder(work.table_id,
                                                                      work.version, int(seat))

    async def game_press(self, p: TablePress) -> Result:
        table, user, press, lang, seats = p.table, p.user, p.press, p.lang, p.seats
        alert = self.core.alert
        me = next((s for s in seats if s.user_id == user.id), None)
        if table.status != Status.PLAYING:
            return alert(lang, "table-not-started")
        if me is None or me.seat is None:
            return alert(lang, "bot-error-not-a-player")
        lang = me.language or lang
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        players = screens.players_of(seats, table.language)
        player = players[me.seat]
        if press.kind == "hand":
            # drawn in a thread like every other post: a picture must not hold up the loop
            post = await asyncio.to_thread(self.posts.panel_post, table, spec, state, me,
                                           players, fresh=True)
            deep_link = self.core.deep_links.get(table.platform)
            if post is None or me.dm_status == DmStatus.UNREACHABLE and deep_link:
                # they never opened the private chat, or closed it: the link opens it, and
                # their panel follows as soon as they press Start there
                return Result(Reply(url=deep_link("p") if deep_link else None))
            return Result(Reply(self.tr.t(lang, "table-panel-sent")), posts=(post,))
        if me.is_computer:  # a computer plays their seat: they left, or must say they're back
            return alert(lang, "table-back-first" if me.absence == "away"
                         else "table-back-left")
        if press.version != table.version:
            # an old board: say so, and put the current choices in front of them
            current = await asyncio.to_thread(self.posts.panel_post, table, spec, state, me,
                                              players)
            return Result(Reply(self.tr.t(lang, "bot-error-outdated"), alert=True),
                          posts=(current,) if current is not None else ())
        if me.seat not in spec.to_act(state):
            return alert(lang, "bot-error-not-your-turn")
        if p.working is not None:
            p.working()
        if press.kind == "point":  # a point of the picture: the step it chooses, if any
            try:
                pointed = await self.pointed(spec, state, me.seat, press, table.id,
                                             table.version, (table.platform, user.id))
            except RuleViolation:
                return alert(lang, "bot-error-malformed")
            except Busy:
                return alert(lang, "table-physics-busy")
            if pointed is None:
                return alert(lang, "table-point-nowhere")
            press = pointed
        try:
            # off the loop: a simulated game's menu may run physics (the risk estimate)
            menu = await self.physics.menu(spec, state, me.seat, press.path,
                                           board=(table.id, table.version),
                                           person=(table.platform, user.id))
        except RuleViolation:
            return alert(lang, "bot-error-malformed")
        except Busy:
            return alert(lang, "table-physics-busy")
        if press.kind == "go" and not (menu.instant and menu.action):
            place = self.core.panel_place(table, me)
            if place is None:
                return alert(lang, "bot-error-malformed")
            return Result(later=self.posts.drawn(table.id, table.version, [
                lambda: Post(place, screens.panel_screen(
                    self.tr, spec=spec, table_id=table.id, version=table.version, state=state,
                    player=player, players=players, path=press.path, menu=menu),
                    language=player.language)]))
        if menu.action is None:
            return alert(lang, "bot-error-malformed")
        return await self.apply(table, seats, spec, state, me, menu.action, lang)

    async def pointed(self, spec: GameSpec, state: Any, seat: int, press: Press, table_id: int,
                      version: int, person: tuple[str, str]) -> Press | None:
        """A point press as the "go" press of the step it chooses at the level it names
        (render/rafter/drag.py: the nearest legal pose or place), or None where the point
        chooses nothing. The level must be one the menu accepts now (a `RuleViolation`
        otherwise), and the path chosen is checked by the menu again as any press is."""
        assert press.point is not None
        shown = await self.physics.menu(spec, state, seat, press.path,
                                        board=(table_id, version), person=person)
        if shown.action is not None:
            return None
        x, y, sx, sy = press.point
        path = await asyncio.to_thread(point_path, spec.name, spec.view(state, seat),
                                       dict(shown.focus) or None, press.path,
                                       [o.key for o in shown.options], (x, y), (sx, sy))
        return None if path is None else replace(press, kind="go", path=path, point=None)

    async def apply(self, table: TableRow, seats: list[SeatRow], spec: GameSpec, state: Any,
                    me: SeatRow, action: str, lang: str, *,
                    reason: Label | None = None) -> Result:
        """Apply and commit one move, a person's or (with its `reason`) a computer's."""
        assert me.seat is not None
        try:
            # off the loop: a simulated game's move takes a physics run (on its own pool)
            new_state, events = await self.physics.apply(spec, state, me.seat, action)
        except RuleViolation as error:
            return self.core.alert(lang, _ERRORS[error.reason])
        if reason is not None:
            events += (Event(reason),)
        over = spec.is_over(new_state)
        new_dict = spec.to_dict(new_state)
        try:
            outcome = spec.outcome(new_state)
            version = await self.store.commit_action(
                table.id, table.version, me.seat, action, new_dict,
                new_status=Status.FINISHED if over else None, events=cast(Any, events_to_json(events)),
                settled=new_dict if spec.continuous else None,
                results=outcome.standings if outcome else None)
        except VersionConflict:
            return self.core.alert(lang, "bot-error-outdated")
        self.posts.moved(table.id, version, events)
        metrics.moved(spec.name, computer=me.is_computer)
        log.info("table %s: seat %d moved (version %d)%s", table.id, me.seat, version,
                 ", game over" if over else "")
        # the row as the commit left it (what the posts and clocks read of it), not read
        # again: the table's lock is held, so nothing else changed it
        table = replace(table, version=version, state=new_dict,
                        status=Status.FINISHED if over else table.status)
        if not me.is_computer and me.absence == "out":
            # they moved after all: present again, with only the increment in their bank,
            # and no vote about them goes on (their time did run out: the count stays)
            await self.store.update_seat(table.id, me.seat, absence=None,
                                         bank=clocks.Clock.parse(table.clock).bank_after(0))
            await self.store.close_votes(table.id, (ABSENT,))
            seats = await self.store.list_seats(table.id)
        elif not me.is_computer and me.timeouts:
            await self.store.update_seat(table.id, me.seat, timeouts=0)  # moved in time
        if over:
            await self.store.close_votes(table.id)
        await self.computers.schedule(table, spec, new_state, seats)
        deadlines = await self.clocks.set_clocks(table, spec, new_state, seats, mover=me.seat)
        extras = await self.posts.extras(table, seats, deadlines)
        return Result(later=self.posts.drawn(table.id, version, self.posts.after_move(
            table, seats, spec, state, new_state, me.seat, events, extras)))

    async def computer_turn(self, table_id: int, version: int) -> Result:
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
        if me is None or me.seat is None or me.computer is None or me.computer not in spec.computer:
            return Result()
        seed = decision_seed(table.seed, table.version, me.seat)
        decision = await self.think(spec, me.computer, spec.view(state, me.seat), me.seat, seed)
        async with self.core.table_lock(table.id):
            loaded = await self.store.load_table(table_id)
            if loaded is None:
                return Result()
            table, seats = loaded
            if table.status != Status.PLAYING or table.version != version or not any(
                    s.seat == me.seat and s.is_computer for s in seats):
                return Result()  # a person's press came first (a cancel, or I'm back)
            result = await self.apply(table, seats, spec, state, me, decision.action,
                                      table.language, reason=decision.reason)
            if result.later is None:  # refused: a bug in the computer player, not a stall
                log.error("table %s: the %s computer player chose an illegal move", table.id,
                          me.computer)
                legal = await asyncio.to_thread(spec.legal_actions, state, me.seat)
                result = await self.apply(table, seats, spec, state, me,
                                          random.Random(seed).choice(list(legal)),
                                          table.language)
            return result

    async def clock_reminder(self, table_id: int, version: int, seat: int) -> Result:
        """A quarter of a player's time is left: mention them in the chat and send their
        panel again (a private message that notifies). Once per turn: the row is gone."""
        async with self.core.table_lock(table_id):
            timed = await self.clocks.timed_seat(table_id, version, seat)
            if timed is None:
                return Result()
            table, seats, me = timed
            spec = self.games[table.game]
            state = spec.from_dict(table.state or {})
            left = (await self.clocks.time_left(table)).get(seat)
            if left is None:
                return Result()
            players = screens.players_of(seats, table.language)
            time = clocks.rough(self.tr, table.language, left)
            posts: list[Post] = [Post(self.core.place(table, Role.PING), screens.reminder_screen(
                self.tr, table.language, players[seat], time), fresh=True,
                reminders=(self.posts.turn_reminder(table, players[seat]),))]
            panel = self.posts.panel_post(table, spec, state, me, players, fresh=True,
                                          left={seat: left})
            if panel is not None:
                posts.append(panel)
            log.info("table %s: seat %s reminded", table.id, seat)
            return Result(posts=tuple(posts))


__all__ = ["TableTurns"]
