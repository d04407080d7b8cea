"""What a table shows: its board, the animation of a move, each player's private panel and
the ping of whose turn it is, drawn in worker threads and dropped when a newer move has been
committed. This is the showing part of `TableService` (bot/tables.py), kept in its own module;
every attribute it uses is the service's.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bot import clocks
from bot import table_screens as screens
from bot.history import EXPORTS
from bot.payloads import Press, encode
from bot.screens import Button, Drop, Post, Role, Screen
from bot.storage import DueWork, SeatRow, TableRow
from bot.storage.store import Status
from engine.core import Event, GameSpec, Label, replay

if TYPE_CHECKING:
    from bot.tables import TableService

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


class TablePosts:
    """Mixed into `TableService`; every attribute it uses is the service's."""

    async def current_posts(self: TableService, table_id: int, *, fresh_ping: bool = False,
                            public_only: bool = False) -> list[Post | Drop]:
        """Everything a table should show now: after a start, a restart or a language change."""
        loaded = await self.store.load_table(table_id)
        if loaded is None:
            return []
        table, seats = loaded
        if table.status == Status.LOBBY:
            return [await self._lobby_post(table)]
        if table.status != Status.PLAYING and table.status != Status.FINISHED:
            return []
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        players = screens.players_of(seats, table.language)
        events = await self._events_of_last_move(table, spec)
        extras = await self._extras(table, seats)
        draws = [self._board_draw(table, spec, state, players, events, extras)]
        if table.status == Status.PLAYING:
            draws.extend(lambda ping=ping: ping
                         for ping in self._pings(table, spec, state, players, fresh=fresh_ping))
        if not public_only:
            draws.extend(lambda seat=seat: self._panel_post(table, spec, state, seat, players,
                                                            left=extras.left)
                         for seat in seats)
        return [post async for post in self._drawn(table.id, table.version, draws)]

    async def _ended_board(self: TableService, table: TableRow, seats: list[SeatRow],
                           why: str) -> Post:
        """The board of a game ended before its end: the standings at this point, and why."""
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        events = await self._events_of_last_move(table, spec)
        players = screens.players_of(seats, table.language)
        draw = self._board_draw(table, spec, state, players, events, Extras(), ended=why)
        return await asyncio.to_thread(draw)  # type: ignore[return-value]

    async def _extras(self: TableService, table: TableRow, seats: Sequence[SeatRow],
                      deadlines: Sequence[DueWork] | None = None) -> Extras:
        """What a board shows beside the game: time left, who is out of time, open votes."""
        if table.status != Status.PLAYING:
            return Extras()
        lines, rows = self._vote_board(table, seats, await self.store.votes(table.id))
        return Extras(left=await self._time_left(table, deadlines),
                      out=frozenset(s.seat for s in seats if s.absence == "out"),
                      vote_lines=tuple(lines), vote_buttons=tuple(rows))

    def _board_draw(self: TableService, table: TableRow, spec: GameSpec, state: Any,
                    players: Sequence[screens.Player], events: Sequence[Event], extras: Extras,
                    ended: str | None = None) -> Draw:
        """The group's board, to be drawn in a worker thread."""
        lang = table.language
        left = {seat: clocks.rough(self.tr, lang, seconds) for seat, seconds in extras.left.items()}
        return lambda: Post(self._place(table, Role.BOARD), screens.board_screen(
            self.tr, lang, spec=spec, table_id=table.id, state=state, players=players,
            events=events, ended=ended, left=left, out=extras.out,
            vote_lines=extras.vote_lines, vote_buttons=extras.vote_buttons,
            exportable=table.game in EXPORTS))

    def _clip_draw(self: TableService, table: TableRow, spec: GameSpec, state: Any,
                   players: Sequence[screens.Player]) -> Draw:
        """The move as an animation, if its game draws one for it (something fell): a new
        message in the group that replaces the previous clip."""
        def draw() -> Post | None:
            screen = screens.clip_screen(self.tr, table.language, spec=spec, state=state,
                                         players=players)
            return None if screen is None else Post(self._place(table, Role.CLIP), screen,
                                                    fresh=True)
        return draw

    async def _events_of_last_move(self: TableService, table: TableRow,
                                   spec: GameSpec) -> tuple[Event, ...]:
        cached = self._last_events.get(table.id)
        if cached and cached[0] == table.version:
            return cached[1]
        record = await self.store.action_record(table.id, table.version)
        if record is not None and record.events is not None:
            events = events_from_json(record.events)
            self._last_events[table.id] = (table.version, events)
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
        self._last_events[table.id] = (table.version, events)
        return events

    def _panel_post(self: TableService, table: TableRow, spec: GameSpec, state: Any,
                    seat: SeatRow, players: Sequence[screens.Player], *,
                    notes: Sequence[Event] = (),
                    fresh: bool = False, left: Mapping[int, float] | None = None
                    ) -> Post | None:
        """A player's private message: their choices when they act (with their time left),
        otherwise their waiting picture; an absent player's has an I'm back button."""
        place = self._panel_place(table, seat)
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
            screen = screens.panel_screen(self.tr, spec=spec, table_id=table.id,
                                          version=table.version, state=state, player=player,
                                          players=players, path=(),
                                          menu=spec.menu(state, seat.seat, ()), notes=notes,
                                          note=note)
        else:
            screen = screens.waiting_screen(self.tr, spec=spec, state=state, player=player,
                                            players=players, chat_title=table.title)
        return Post(place, screen, fresh=fresh)

    def _pings(self: TableService, table: TableRow, spec: GameSpec, state: Any,
               players: Sequence[screens.Player], *, fresh: bool) -> list[Post | Drop]:
        to_act = sorted(spec.to_act(state))
        if not to_act:
            return []
        if players[to_act[0]].computer:
            # nobody's phone to ring: the board says who is thinking, and the last person's
            # ping goes, so a run of computer turns sends no new message at all
            return [Drop(self._place(table, Role.PING))]
        # one ping message per table, replaced each turn so the group is not flooded
        return [Post(self._place(table, Role.PING),
                     screens.ping_screen(self.tr, table.language, players[to_act[0]]), fresh=fresh)]

    async def _drawn(self: TableService, table_id: int, version: int,
                     draws: Sequence[Draw]) -> AsyncIterator[Post | Drop]:
        """Draw the posts one by one in a worker thread (pictures take milliseconds the event
        loop needs for other tables), dropping them once a newer move has been committed:
        that move's own posts show the newer board."""
        for draw in draws:
            post = await asyncio.to_thread(draw)
            board = isinstance(post, Post) and post.place.role is Role.BOARD
            if self._committed.get(table_id, version) > version:
                if board:
                    self._keep_untold(table_id, post.screen)  # type: ignore[union-attr]
                return
            if board:
                post = self._telling_untold(table_id, post)  # type: ignore[arg-type]
            if isinstance(post, Post):  # so no worker shows it over a newer one
                post = replace(post, version=version)
            if post is not None:
                yield post

    def _keep_untold(self: TableService, table_id: int, board: Screen) -> None:
        untold = self._untold.get(table_id)
        self._untold[table_id] = board if untold is None else screens.board_following(
            self.tr, untold, board)

    def _telling_untold(self: TableService, table_id: int, post: Post) -> Post:
        untold = self._untold.pop(table_id, None)
        if untold is None:
            return post
        return Post(post.place, screens.board_following(self.tr, untold, post.screen),
                    fresh=post.fresh)


def events_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """A move's events as kept with its action (a restart tells the last move from them)."""
    return [{"key": e.label.key, "args": dict(e.label.args),
             "audience": None if e.audience is None else sorted(e.audience)} for e in events]


def events_from_json(data: Sequence[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(Event(Label(d["key"], d["args"]),
                       None if d["audience"] is None else frozenset(d["audience"])) for d in data)
