"""A table's lobby: opening a table, joining and leaving, the host's clock and Start,
closing a table, and the timeout that closes a lobby nobody started; Play again on a
finished game's board opens the next one. The computer player choices are in
bot/computer_seats.py; what the lobby message shows, in bot/table_posts.py.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from bot import clocks
from bot import table_screens as screens
from bot.chat_rules import ChatRules
from bot.computer_seats import ComputerSeats
from bot.options import BadOption, known_options, parse_options
from bot.screens import ChatRef, Drop, Post, Reply, Result, Role, Screen, UserRef
from bot.storage import (
    ActiveTableExists,
    AlreadySeated,
    SeatRow,
    StatusConflict,
    TableFull,
    TableRow,
)
from bot.storage.store import Status
from bot.table_clocks import TableClocks
from bot.table_core import (
    AdminCheck,
    Command,
    Dispatch,
    FreePress,
    Part,
    TableCore,
    TablePress,
)
from bot.table_posts import TablePosts
from bot.votes import TableVotes
from engine.core import GameSpec

log = logging.getLogger(__name__)

LOBBY_TIMEOUT = "lobby"
"""The kind of due work that closes a lobby nobody started."""
LOBBY_KEPT = 3600.0
"""Seconds a lobby closed without starting is kept (its closed message shown and sent on
every platform meanwhile) before it is deleted at the next lobby timeout."""


class TableLobby(Part):
    def __init__(self, core: TableCore, rules: ChatRules, posts: TablePosts,
                 clocks: TableClocks, computers: ComputerSeats, votes: TableVotes) -> None:
        super().__init__(core)
        self.rules = rules
        self.posts = posts
        self.clocks = clocks
        self.computers = computers
        self.votes = votes

    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["newgame"] = self.newgame_command
        dispatch.free_presses["newgame"] = self.newgame_press
        dispatch.free_presses["again"] = self.play_again
        dispatch.table_presses.update(join=self.join, leave=self.leave_press,
                                      start=self.start, cancel=self.cancel_press,
                                      clock=self.clock_press)
        dispatch.table_commands.update(cancel=self.cancel_press, leave=self.leave_press)
        dispatch.due[LOBBY_TIMEOUT] = lambda work, _: self.lobby_expired(work.table_id,
                                                                         work.version)

    # --- opening a table ---------------------------------------------------------------

    async def newgame_command(self, c: Command) -> Result:
        chat, lang, args = c.chat, c.lang, c.args
        if chat.private:
            return self.core.say(self.tr.t(lang, "bot-error-group-only"))
        if not args:
            return Result(message=screens.game_choice_screen(self.tr, lang, self.games.values()))
        name, *words = args.split()
        spec = self.games.get(name.lower())
        if spec is None:
            return self.core.say(self.tr.t(lang, "bot-error-unknown-game",
                                           games=", ".join(self.games)))
        try:
            options = parse_options(spec, words)
        except BadOption as bad:
            return self.core.say(self.tr.t(lang, "table-bad-option", word=bad.word,
                                           options=known_options(spec) or "—"))
        result = await self.open_table(chat, c.user, spec, options)
        return Result(posts=result.posts, message=None if result.posts else
                      Screen((result.reply.text or "",)))

    async def newgame_press(self, p: FreePress) -> Result:
        spec = self.games.get(p.press.arg)
        if spec is None or p.chat.private:
            return self.core.alert(p.lang, "bot-error-malformed")
        return await self.open_table(p.chat, p.user, spec)

    async def open_table(self, chat: ChatRef, user: UserRef, spec: GameSpec,
                         options: dict[str, Any] | None = None) -> Result:
        store = self.store
        chat_lang = await store.get_chat_language(chat.platform, chat.id)
        opener = chat_lang or self.core.user_language(user, None)
        # A chat that never chose a language (/language, /settings) keeps the language of
        # its first table, its first opener's, so that its tables do not alternate with
        # who opens them; answers meant for one person still follow their own language.
        lang = chat_lang or await store.last_table_language(chat.platform, chat.id) or opener
        chat_options = await store.get_chat_options(chat.platform, chat.id)
        clock = clocks.default_clock(spec, chat_options.clock)
        try:
            table = await store.create_table(chat.platform, chat.id, chat.thread_id,
                                             spec.name, creator_id=user.id, language=lang,
                                             title=chat.title, options=options or {},
                                             creator_name=user.name, clock=clock.code,
                                             server_id=chat.server_id)
        except ActiveTableExists:
            return Result(Reply(self.tr.t(opener, "bot-error-table-exists"), alert=True))
        log.info("table %s opened for %s on %s", table.id, spec.name, chat.platform)
        await self.schedule_timeout(table)
        settings = await store.get_user_settings(chat.platform, user.id)
        if settings and settings.dm_ok or not self.core.private_chats(chat.platform):
            await store.add_seat(table.id, user.id, user.name,
                                 language=self.core.user_language(user, settings))
        return Result(posts=(await self.posts.lobby_post(table),))

    # --- joining and leaving -----------------------------------------------------------

    async def join(self, p: TablePress) -> Result:
        table, user, lang = p.table, p.user, p.lang
        if table.status != Status.LOBBY:
            return self.core.alert(lang, "table-already-started")
        if any(s.user_id == user.id for s in p.seats):
            return self.core.alert(lang, "bot-error-already-joined")
        settings = await self.store.get_user_settings(table.platform, user.id)
        deep_link = self.core.deep_links.get(table.platform)
        if deep_link is not None and not (settings and settings.dm_ok):
            token = await self.store.create_pending_join(table.id, user.id)
            return Result(Reply(url=deep_link("j" + token)))
        try:
            await self.store.add_seat(table.id, user.id, user.name,
                                      language=self.core.user_language(user, settings),
                                      max_seats=self.games[table.game].max_players)
        except TableFull:
            return self.core.alert(lang, "bot-error-table-full")
        except AlreadySeated:
            return self.core.alert(lang, "bot-error-already-joined")
        return Result(Reply(self.tr.t(lang, "table-joined-you")),
                      posts=(await self.posts.lobby_post(table),))

    async def join_by_link(self, table: TableRow, user: UserRef, lang: str) -> tuple[str, Post | None]:
        """The private chat was opened through a join link: the text that answers it, and
        the lobby's message if they sat down."""
        async with self.core.table_lock(table.id):
            try:
                await self.store.add_seat(table.id, user.id, user.name, language=lang,
                                          max_seats=self.games[table.game].max_players)
                return (self.tr.t(lang, "bot-joined-private", chat=table.title),
                        await self.posts.lobby_post(table))
            except TableFull:
                return self.tr.t(lang, "bot-error-table-full"), None
            except (AlreadySeated, StatusConflict):
                return self.tr.t(lang, "bot-error-already-joined"), None

    async def leave_press(self, p: TablePress) -> Result:
        return await self.leave(p.table, p.seats, p.user)

    async def leave(self, table: TableRow, seats: list[SeatRow], user: UserRef) -> Result:
        lang = table.language
        if table.status == Status.PLAYING:
            return await self.votes.leave_playing(table, seats, user)
        if not await self.store.remove_seat(table.id, user.id):
            return self.core.alert(lang, "bot-error-not-a-player")
        return Result(Reply(self.tr.t(lang, "table-left-you")),
                      posts=(await self.posts.lobby_post(table),))

    # --- the host's choices ------------------------------------------------------------

    async def clock_press(self, p: TablePress) -> Result:
        """The host opens the clock choices, picks one, or goes back to the lobby."""
        table, user, press, lang = p.table, p.user, p.press, p.lang
        if table.status != Status.LOBBY:
            return self.core.alert(lang, "table-already-started")
        if user.id != table.creator_id:
            return self.core.alert(lang, "table-clock-host-only",
                                   name=self.core.host_name(table, p.seats))
        if press.arg in ("", "back"):
            return Result(posts=(await self.posts.lobby_post(table, clock_picking=not press.arg),))
        if not press.arg.isdigit() or int(press.arg) >= len(clocks.CHOICES):
            return self.core.alert(lang, "bot-error-malformed")
        clock = clocks.CHOICES[int(press.arg)]
        if not await self.store.set_table_clock(table.id, clock.code):
            return self.core.alert(lang, "table-already-started")
        table = await self.store.get_table(table.id)  # type: ignore[assignment]
        return Result(Reply(self.tr.t(lang, "table-clock-set",
                                      clock=clocks.describe(self.tr, lang, clock))),
                      posts=(await self.posts.lobby_post(table),))

    async def start(self, p: TablePress) -> Result:
        table, user, lang, seats = p.table, p.user, p.lang, p.seats
        spec = self.games[table.game]
        if not await self.rules.may_start(table, user, p.is_admin):
            return await self.rules.start_refused(table, seats, lang)
        if not spec.min_players <= len(seats) <= spec.max_players:
            return self.core.alert(lang, "bot-error-not-enough-players", count=spec.min_players)
        if all(s.is_computer for s in seats):
            return self.core.alert(lang, "table-computer-need-person")
        seed = self.core.seeds()
        order = [s.user_id for s in seats]
        random.Random(seed).shuffle(order)  # who sits where, and so who starts, is drawn too
        state = spec.setup(len(order), seed, {**spec.default_options, **table.options})
        try:
            table = await self.store.start_table(table.id, seed=seed, state=spec.to_dict(state),
                                                 seat_order=order)
        except StatusConflict:
            return self.core.alert(lang, "table-already-started")
        log.info("table %s started with %d players", table.id, len(order))
        self.posts.started(table.id)
        await self.store.cancel_work(table.id, LOBBY_TIMEOUT)
        seats = await self.store.list_seats(table.id)
        await self.computers.schedule(table, spec, state, seats)
        await self.clocks.set_clocks(table, spec, state, seats)
        posts: list[Post | Drop] = [Drop(self.core.place(table, Role.LOBBY))]
        posts += await self.posts.current_posts(table.id, fresh_ping=True)
        return Result(Reply(self.tr.t(lang, "bot-lobby-started")), posts=tuple(posts))

    # --- closing -----------------------------------------------------------------------

    async def cancel_press(self, p: TablePress) -> Result:
        return await self.cancel(p.table, p.seats, p.user, p.is_admin)

    async def cancel(self, table: TableRow, seats: list[SeatRow], user: UserRef,
                     is_admin: AdminCheck | None) -> Result:
        """Close the table: its host or an admin (as the chat's settings say) at once; a
        player who may not, by asking the others (a vote to end the game)."""
        lang = table.language
        if not await self.rules.may_cancel(table, user, is_admin):
            if table.status == Status.PLAYING:
                return await self.votes.ask_to_end(table, seats, user)
            return await self.rules.cancel_refused(table, lang)
        if table.status == Status.PLAYING:
            result = await self.votes.abandon(table, self.tr.t(lang, "table-cancelled-game",
                                                               name=user.name))
            return Result(Reply(self.tr.t(lang, "bot-done")), posts=result.posts)
        try:
            await self.store.set_status(table.id, Status.CANCELLED, allowed_from=(Status.LOBBY,))
        except StatusConflict:
            return self.core.alert(lang, "bot-error-table-finished", platform=table.platform)
        await self.store.cancel_work(table.id)
        log.info("table %s cancelled", table.id)
        return Result(Reply(self.tr.t(lang, "bot-done")),
                      posts=(await self.posts.closed_lobby_post(table),))

    async def schedule_timeout(self, table: TableRow) -> None:
        # never sooner than a minute from now: a restart must not close a lobby at once
        timeout = await self.rules.lobby_seconds(table)
        due = max(table.created_at + timeout, self.core.clock() + min(60, timeout))
        await self.store.schedule(table.id, LOBBY_TIMEOUT, version=0, due_at=due)
        self.core.scheduler.wake()

    async def lobby_expired(self, table_id: int, version: int = 0) -> Result:
        """A lobby nobody started in time closes itself, and its message says why."""
        async with self.core.table_lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or table.status != Status.LOBBY:
                return Result()
            try:
                await self.store.set_status(table.id, Status.CANCELLED,
                                            allowed_from=(Status.LOBBY,))
            except StatusConflict:
                return Result()
            log.info("table %s: lobby closed, not started in time", table.id)
            pruned = await self.store.prune_lobbies(self.core.clock() - LOBBY_KEPT)
            if pruned:
                log.info("%d lobbies closed without a game deleted", pruned)
            note = self.tr.said_on(table.platform, table.language, "table-lobby-expired",
                                   minutes=round(await self.rules.lobby_seconds(table) / 60))
            return Result(posts=(await self.posts.closed_lobby_post(table, note),))

    # --- the next game -----------------------------------------------------------------

    async def play_again(self, p: FreePress) -> Result:
        """Play again, pressed on a game's final board by one of its players: a new lobby
        in the same chat for the same game, options and clock, with the same people (who
        had not left) and the same computer players already seated; the presser is its
        host. Anyone may leave it; nobody is held to it."""
        chat, user, lang = p.chat, p.user, p.lang
        loaded = await self.store.load_table(p.press.table)
        old = loaded[0] if loaded else None
        if old is None or old.platform != chat.platform or (old.chat_id, old.thread_id) != (
                chat.id, chat.thread_id) or old.started_at is None:
            return self.core.alert(lang, "bot-error-malformed")
        if old.active:
            return self.core.alert(lang, "table-again-not-over")
        assert loaded is not None
        seats = sorted((s for s in loaded[1] if s.seat is not None), key=lambda s: s.seat or 0)
        people = [s for s in seats if not s.is_computer or s.absence == "away"]
        if not any(s.user_id == user.id for s in people):
            return self.core.alert(lang, "table-again-players-only")
        try:
            table = await self.store.create_table(
                chat.platform, chat.id, chat.thread_id, old.game, creator_id=user.id,
                language=old.language, title=chat.title or old.title, options=old.options,
                creator_name=user.name, clock=old.clock,
                server_id=chat.server_id or old.server_id)
        except ActiveTableExists:
            return self.core.alert(lang, "bot-error-table-exists")
        log.info("table %s: a rematch of table %s", table.id, old.id)
        await self.schedule_timeout(table)
        for seat in seats:
            if seat.absence == "left":
                continue  # they left that game: they join this one themselves if they wish
            person = not seat.is_computer or seat.absence == "away"
            await self.store.add_seat(table.id, seat.user_id, seat.display_name,
                                      language=seat.language if person else None,
                                      computer=None if person else seat.computer)
        return Result(Reply(self.tr.t(lang, "table-again-opened")),
                      posts=(await self.posts.lobby_post(table),))
