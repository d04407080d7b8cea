"""What a table shows: its board, the animation of a move, each player's private panel and
the ping of whose turn it is, drawn in worker threads and dropped when a newer move has been
committed; and the lobby's message. Every other part of the table service shows what it
changed through this one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot import clocks
from bot import table_screens as screens
from bot.ballots import vote_board
from bot.chat_rules import ChatRules
from bot.move_events import events_from_json, events_to_json
from bot.move_log import MoveLog, since_for
from bot.options import describe_options
from bot.payloads import Press, encode
from bot.recent import Recent
from bot.screens import Button, Drop, Place, Post, Result, Role, Screen, TurnReminder
from bot.storage import DmStatus, DueWork, SeatRow, TableRow
from bot.storage.store import Status
from bot.storage.updates import database_unavailable
from bot.table_clocks import TableClocks
from bot.table_core import Part, TableCore, computer_number
from engine.core import Event, GameSpec, replay

log = logging.getLogger(__name__)

TABLES_KEPT = 10_000
"""Tables whose last move this process remembers (the most recently moved): far more than
move at once, so a table's posts are drawn long before it could be forgotten."""

Draw = Callable[[], "Post | Drop | None"]
"""A post still to be drawn: called in a worker thread."""


@dataclass(frozen=True)
class Extras:
    """What a table shows besides the game itself: seconds left for each seat whose clock
    runs, the seats out of time, and the open votes' lines and buttons."""

    left: Mapping[int, float] = field(default_factory=dict)
    out: frozenset[int] = frozenset()
    vote_lines: tuple[str, ...] = ()
    vote_buttons: tuple[tuple[Button, ...], ...] = ()


class TablePosts(Part):
    """Everything a table shows, drawn off the event loop and in version order."""

    def __init__(self, core: TableCore, rules: ChatRules, clocks: TableClocks) -> None:
        super().__init__(core)
        self.rules = rules
        self.clocks = clocks
        # Each kept for the tables that moved lately only (a process may serve a million):
        # the events of each table's last move, for the board caption (a cache: derived
        # again from the action log when forgotten);
        self._last_events: Recent[int, tuple[int, tuple[Event, ...]]] = Recent(TABLES_KEPT)
        # the newest committed version of each table, so posts drawn for an older one are
        # dropped rather than shown after newer ones (drawn within seconds of the move:
        # long done once thousands of tables have moved since);
        self._committed: Recent[int, int] = Recent(TABLES_KEPT)
        # a board dropped so, by table: the next board shown tells its moves too.
        self._untold: Recent[int, Screen] = Recent(TABLES_KEPT)
        # Each game's moves, so a panel drawn in a worker says what happened since the
        # player's last turn (bot/move_log.py)
        self.move_log = MoveLog(core.store, core.games)

    def started(self, table_id: int) -> None:
        """A game started: its board tells no move yet."""
        self._last_events.remember(table_id, (0, ()))
        self.move_log.started(table_id)

    def moved(self, table_id: int, version: int, events: tuple[Event, ...]) -> None:
        """A move was committed: posts drawn for older versions are dropped."""
        self._last_events.remember(table_id, (version, events))
        self._committed.remember(table_id, version)

    async def current_posts(self, table_id: int, *, fresh_ping: bool = False,
                            public_only: bool = False) -> list[Post | Drop]:
        """Everything a table should show now: after a start, a restart or a language change."""
        loaded = await self.store.load_table(table_id)
        if loaded is None:
            return []
        table, seats = loaded
        if table.status == Status.LOBBY:
            return [await self.lobby_post(table)]
        if table.status != Status.PLAYING and table.status != Status.FINISHED:
            return []
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        players = screens.players_of(seats, table.language)
        events = await self.events_of_last_move(table, spec)
        extras = await self.extras(table, seats)
        draws = [self.board_draw(table, spec, state, players, events, extras)]
        if table.status == Status.PLAYING:
            draws.extend(lambda ping=ping: ping
                         for ping in self.pings(table, spec, state, players, fresh=fresh_ping))
        if not public_only:
            draws.extend(lambda seat=seat: self.panel_post(table, spec, state, seat, players,
                                                            left=extras.left)
                         for seat in seats)
        return [post async for post in self.drawn(table.id, table.version, draws)]

    async def lobby_post(self, table: TableRow, *, picking: bool = False,
                         clock_picking: bool = False) -> Post:
        """The lobby message; `picking` shows the host's computer player choices on it,
        `clock_picking` the clock choices. Drawn from the table as it is now, and naming the
        lobby's version, so that a worker's older lobby never lands over a newer one."""
        table, seats = await self._lobby_now(table)
        spec = self.games[table.game]
        free = len(seats) < spec.max_players
        clock = clocks.Clock.parse(table.clock)
        screen = screens.lobby_screen(self.tr, table.language, spec=spec, table_id=table.id,
                                      host=self.core.host_name(table, seats),
                                      players=[screens.seat_name(self.tr, table.language, s)
                                               for s in seats],
                                      options=describe_options(spec, table.options),
                                      computers=bool(spec.computer)
                                      and await self.rules.computers_allowed(table),
                                      clock=clocks.describe(self.tr, table.language, clock))
        if clock_picking:
            screen = screens.clock_picker_screen(
                self.tr, table.language, table_id=table.id, lobby=screen,
                choices=[(clocks.describe(self.tr, table.language, c), c == clock)
                         for c in clocks.CHOICES])
        elif picking:
            screen = screens.computer_picker_screen(
                self.tr, table.language, spec=spec, table_id=table.id, lobby=screen,
                can_add=free, removable=[
                    (computer_number(s.user_id), screens.seat_name(self.tr, table.language, s))
                    for s in seats if s.is_computer])
        return Post(self.core.place(table, Role.LOBBY), screen, version=table.version)

    async def _lobby_now(self, table: TableRow) -> tuple[TableRow, list[SeatRow]]:
        """The table and its seats read together now (`table` if it is gone meanwhile)."""
        loaded = await self.store.load_table(table.id)
        return loaded if loaded is not None else (table, await self.store.list_seats(table.id))

    async def closed_lobby_post(self, table: TableRow, note: str | None = None) -> Post:
        """The lobby message of a table closed before its game: who was there, and why."""
        table, seats = await self._lobby_now(table)
        screen = screens.lobby_screen(self.tr, table.language, spec=self.games[table.game],
                                      table_id=table.id,
                                      host=self.core.host_name(table, seats),
                                      players=[screens.seat_name(self.tr, table.language, s)
                                               for s in seats], closed=True,
                                      closed_note=note)
        return Post(self.core.place(table, Role.LOBBY), screen, version=table.version)

    async def ended_board(self, table: TableRow, seats: list[SeatRow],
                           why: str) -> Post:
        """The board of a game ended before its end: the standings at this point, and why."""
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        events = await self.events_of_last_move(table, spec)
        players = screens.players_of(seats, table.language)
        draw = self.board_draw(table, spec, state, players, events, Extras(), ended=why)
        return await asyncio.to_thread(draw)  # type: ignore[return-value]

    async def extras(self, table: TableRow, seats: Sequence[SeatRow],
                      deadlines: Sequence[DueWork] | None = None) -> Extras:
        """What a board shows beside the game: time left, who is out of time, open votes."""
        if table.status != Status.PLAYING:
            return Extras()
        lines, rows = vote_board(self.tr, table, seats, await self.store.votes(table.id))
        return Extras(left=await self.clocks.time_left(table, deadlines),
                      out=frozenset(s.seat for s in seats if s.absence == "out"),
                      vote_lines=tuple(lines), vote_buttons=tuple(rows))

    def board_draw(self, table: TableRow, spec: GameSpec, state: Any,
                    players: Sequence[screens.Player], events: Sequence[Event], extras: Extras,
                    ended: str | None = None) -> Draw:
        """The group's board, to be drawn in a worker thread."""
        lang = table.language
        left = {seat: clocks.rough(self.tr, lang, seconds) for seat, seconds in extras.left.items()}
        return lambda: Post(self.core.place(table, Role.BOARD), screens.board_screen(
            self.tr, lang, spec=spec, table_id=table.id, state=state, players=players,
            events=events, ended=ended, left=left, out=extras.out,
            vote_lines=extras.vote_lines, vote_buttons=extras.vote_buttons,
            exportable=spec.export is not None), language=lang)

    def clip_draw(self, table: TableRow, spec: GameSpec, state: Any,
                   players: Sequence[screens.Player]) -> Draw:
        """The move as an animation, if its game draws one for it (something fell): a new
        message in the group that replaces the previous clip."""
        def draw() -> Post | None:
            screen = screens.clip_screen(self.tr, table.language, spec=spec, state=state,
                                         players=players)
            return None if screen is None else Post(self.core.place(table, Role.CLIP), screen,
                                                    fresh=True)
        return draw

    async def events_of_last_move(self, table: TableRow,
                                   spec: GameSpec) -> tuple[Event, ...]:
        cached = self._last_events.get(table.id)
        if cached and cached[0] == table.version:
            return cached[1]
        record = await self.store.action_record(table.id, table.version)
        if record is not None and record.events is not None:
            events = events_from_json(record.events)
            self._last_events.remember(table.id, (table.version, events))
            return events
        if spec.continuous:  # never simulated again; an action kept without its events
            return ()
        log_ = await self.store.action_log(table.id)
        if not log_ or table.seed is None:
            return ()
        seats = len(await self.store.list_seats(table.id))
        before = replay(spec, seats, table.seed, {**spec.default_options, **table.options},
                        log_[:-1])
        _, events = spec.apply(before, *log_[-1])
        self._last_events.remember(table.id, (table.version, events))
        return events

    def panel_post(self, table: TableRow, spec: GameSpec, state: Any,
                    seat: SeatRow, players: Sequence[screens.Player], *,
                    notes: Sequence[Event] = (),
                    fresh: bool = False, left: Mapping[int, float] | None = None
                    ) -> Post | None:
        """A player's private message: their choices when they act (with their time left),
        otherwise their waiting picture; an absent player's has an I'm back button."""
        place = self.core.panel_place(table, seat)
        if place is None or seat.seat is None:
            return None
        player = players[seat.seat]
        lang = player.language
        playing = table.status == Status.PLAYING
        if playing and seat.absence == "away":
            screen = screens.waiting_screen(
                self.tr, spec=spec, state=state, player=player, players=players,
                chat_title=table.title, note=self.tr.t(lang, "table-back-offer"),
                buttons=((Button(self.tr.t(lang, "table-back-button"),
                                 encode(Press("back", table.id))),),))
        elif playing and seat.seat in spec.to_act(state):
            seconds = (left or {}).get(seat.seat)
            note = (self.tr.t(lang, "table-absent-you") if seat.absence == "out" else
                    None if seconds is None else
                    self.tr.t(lang, "table-clock-you", time=clocks.rough(self.tr, lang, seconds)))
            moves = self.move_log.known(table.id, table.version)  # none unread: no store call
            since = None if moves is None else since_for(self.tr, lang, spec.name, moves,
                                                         players, seat.seat)
            screen = screens.panel_screen(self.tr, spec=spec, table_id=table.id,
                                          version=table.version, state=state, player=player,
                                          players=players, path=(),
                                          menu=spec.menu(state, seat.seat, ()), notes=notes,
                                          note=note, since=since, clock=seconds)
        else:
            screen = screens.waiting_screen(self.tr, spec=spec, state=state, player=player,
                                            players=players, chat_title=table.title)
        return Post(place, screen, fresh=fresh, language=lang)

    def pings(self, table: TableRow, spec: GameSpec, state: Any,
               players: Sequence[screens.Player], *, fresh: bool) -> list[Post | Drop]:
        to_act = sorted(spec.to_act(state))
        if not to_act:
            return []
        if players[to_act[0]].computer:
            # nobody's phone to ring: the board says who is thinking, and the last person's
            # ping goes, so a run of computer turns sends no new message at all
            return [Drop(self.core.place(table, Role.PING))]
        # one ping message per table, replaced each turn so the group is not flooded
        player = players[to_act[0]]
        return [Post(self.core.place(table, Role.PING),
                     screens.ping_screen(self.tr, table.language, player), fresh=fresh,
                     reminders=(self.turn_reminder(table, player),))]

    def turn_reminder(self, table: TableRow, player: screens.Player) -> TurnReminder:
        """What a player whose turn it is may be told in private, in their language (the
        platform decides whether to: Discord sends it to those who asked, by DM)."""
        return TurnReminder(player.user_id, player.seat, player.name,
                            self.tr.t(player.language, "bot-your-turn-in-chat",
                                      chat=table.title))

    def after_move(self, table: TableRow, seats: list[SeatRow], spec: GameSpec, before: Any,
                   after: Any, mover: int, events: tuple[Event, ...], extras: Extras
                   ) -> list[Draw]:
        """What a move changes, board first: the panels whose picture or choices changed
        (the mover's, whoever acts next, and anyone whose private view changed), the ping."""
        players = screens.players_of(seats, table.language)
        over = spec.is_over(after)
        self.move_log.moved(table.id, table.version, mover, events)
        draws = [self.board_draw(table, spec, after, players, events, extras),
                 self.clip_draw(table, spec, after, players)]
        acted, acting = spec.to_act(before), spec.to_act(after)
        for seat in seats:
            assert seat.seat is not None
            changed = (over or seat.seat == mover or seat.seat in acting
                       or screens.private_view_key(spec, before, seat.seat)
                       != screens.private_view_key(spec, after, seat.seat))
            if changed:
                notes = events if seat.seat == mover else ()
                draws.append(lambda seat=seat, notes=notes: self.panel_post(
                    table, spec, after, seat, players, notes=notes, left=extras.left))
        if over:
            draws.append(lambda: Drop(self.core.place(table, Role.PING)))
            draws.extend(lambda seat=seat: Drop(self.core.confirm_place(table, seat.seat))
                         for seat in seats if seat.seat is not None)
        elif acting != acted:
            draws.extend(lambda ping=ping: ping
                         for ping in self.pings(table, spec, after, players, fresh=True))
        return draws

    async def panel_unreachable(self, place: Place) -> Result:
        """A panel could not be delivered: remember it and tell the group, once."""
        loaded = await self.store.load_table(place.table_id)
        if loaded is None:
            return Result()
        table, seats = loaded
        seat = next((s for s in seats if s.seat == place.seat), None)
        if seat is None:
            return Result()
        already = seat.dm_status == DmStatus.UNREACHABLE
        await self.store.set_user_dm(table.platform, seat.user_id, dm_chat_id=seat.dm_chat_id,
                                     ok=False)
        if already:
            return Result()
        log.info("table %s: seat %s is unreachable in private", table.id, place.seat)
        text = self.tr.t(table.language, "bot-error-private-blocked", name=seat.display_name)
        deep_link = self.core.deep_links.get(table.platform)
        buttons = ((Button(self.tr.t(table.language, "bot-button-open-private"),
                           url=deep_link("p")),),) if deep_link else ()
        note = Place(table.id, Role.NOTE, place.seat, table.chat_id, table.thread_id)
        return Result(posts=(Post(note, Screen((text,), buttons=buttons), fresh=True),))

    async def drawn(self, table_id: int, version: int,
                     draws: Sequence[Draw]) -> AsyncIterator[Post | Drop]:
        """Draw the posts one by one in a worker thread (pictures take milliseconds the event
        loop needs for other tables), dropping them once a newer move has been committed:
        that move's own posts show the newer board."""
        try:
            await self.move_log.catch_up(table_id, version)  # what the panels' since-line reads
        except Exception as error:
            if not database_unavailable(error):
                raise
            # the since-line is a courtesy: in a database outage the panels go without it
            log.warning("table %s: the moves for the since-line are out of reach (%s)",
                        table_id, type(error).__name__)
        for draw in draws:
            post = await asyncio.to_thread(draw)
            board = isinstance(post, Post) and post.place.role is Role.BOARD
            committed = self._committed.get(table_id)
            if committed is not None and committed > version:
                if board:
                    self._keep_untold(table_id, post.screen)  # type: ignore[union-attr]
                return
            if board:
                post = self._telling_untold(table_id, post)  # type: ignore[arg-type]
            if isinstance(post, Post):  # so no worker shows it over a newer one
                post = replace(post, version=version)
            if post is not None:
                yield post

    def _keep_untold(self, table_id: int, board: Screen) -> None:
        untold = self._untold.get(table_id)
        self._untold.remember(table_id, board if untold is None else screens.board_following(
            self.tr, untold, board))

    def _telling_untold(self, table_id: int, post: Post) -> Post:
        untold = self._untold.forget(table_id)
        if untold is None:
            return post
        return replace(post, screen=screens.board_following(self.tr, untold, post.screen))


__all__ = ["Draw", "Extras", "TablePosts", "events_from_json", "events_to_json"]
