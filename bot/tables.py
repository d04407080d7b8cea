"""The table service: lobbies, turns, menus and results, for every game and every platform.

Adapters call `command`, `press` and `private_start` with what a person did, and get back a
`Result` (bot/screens.py): the answer for that person and the kept messages to show. The
service checks everything a press claims — who pressed, at which table, on which version of
the board, whether the move is legal — and commits each accepted move to the store before
returning anything, so a crash can lose a message but never a move (`resume` re-shows it).

This class is a façade, the one implementation of the adapters' port (bot/port.py): it builds the core (bot/table_core.py) and the parts that take it —
the lobby, turns, clocks, votes, computer seats and posts, and the services beside them
(history, stats, chat settings, game information) — and sends each command, press and
deadline to the part that registered for it. A press on a table's button loads the table
and its seats once, under the table's lock, and hands them to its part.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence

from bot import thinking
from bot.adapter_reads import AdapterReads
from bot.chat_rules import ChatRules
from bot.chat_settings import SETTINGS_LINK, ChatSettings
from bot.computer_seats import ComputerSeats
from bot.game_info import GameInfo
from bot.history import TableHistory
from bot.i18n import Translator
from bot.lobby import LOBBY_TIMEOUT, TableLobby
from bot.move_log import LogView, TableMoves
from bot.ops import metrics
from bot.payloads import BadPayload, Press, decode
from bot.person_tables import PersonTables
from bot.physics_pool import Physics
from bot.player_stats import PlayerStats
from bot.port import (
    PersonGame,
    PersonTable,
    ServerFilter,
    TableMark,
    TablePort,
    service_unavailable,
)
from bot.scheduler import Scheduler
from bot.screens import ChatRef, Drop, Place, Post, Result, Role, Screen, UserRef
from bot.storage import ActiveTableExists, DueWork, Store, TableRow
from bot.storage.store import Status
from bot.table_clocks import TableClocks
from bot.table_core import (
    AdminCheck,
    ChatAdminCheck,
    Command,
    Dispatch,
    FreePress,
    Part,
    Show,
    TableCore,
    TablePress,
    Think,
    Working,
)
from bot.table_posts import TablePosts
from bot.turns import TableTurns
from bot.votes import TableVotes
from engine.core import GameSpec
from engine.registry import GAMES

log = logging.getLogger(__name__)

__all__ = ["LOBBY_TIMEOUT", "AdminCheck", "ChatAdminCheck", "Show", "TableService", "Think",
           "Working"]

_PRIVATE_PRESSES = frozenset({"go", "confirm", "hand", "back", "point"})
"""Table presses that may come from a private chat (a panel's): the seat check follows."""


class TableService(Part):
    """The façade: its store, tr and games are the core's (`Part`)."""

    COMMANDS: tuple[str, ...] = ("newgame", "games", "rules", "help", "cancel", "leave", "language",
                                 "settings", "history", "stats", "forgetme")

    def __init__(self, store: Store, translator: Translator, *, default_language: str = "en",
                 games: dict[str, GameSpec] | None = None,
                 seeds: Callable[[], int] | None = None,
                 clock: Callable[[], float] = time.time, computer_pause: float = 1.5,
                 lobby_timeout: float = 1800, think: Think | None = None,
                 physics: Physics | None = None) -> None:
        """`seeds` gives each game's seed (who sits where, the deal); tests pass a fixed one.
        `clock` (unix seconds) times deadlines; a computer player moves `computer_pause`
        seconds after its turn comes, so that people can follow; `think` is where it thinks
        (a worker process by default). A lobby not started within `lobby_timeout` seconds
        closes itself. `physics` runs simulated games' physics (a pool of its own)."""
        self.core = core = TableCore(
            store, translator, default_language=default_language,
            games=games if games is not None else GAMES, seeds=seeds, clock=clock,
            lobby_timeout=lobby_timeout, after_outage=self.outage_over, fire=self._fire)
        self.physics = physics or Physics()
        self.rules = ChatRules(core)
        self.clocks = TableClocks(core)
        self.posts = TablePosts(core, self.rules, self.clocks)
        self.computers = ComputerSeats(core, self.rules, self.posts, self.clocks,
                                       pause=computer_pause)
        self.turns = TableTurns(core, self.posts, self.clocks, self.computers,
                                think=think or thinking.think, physics=self.physics)
        self.votes = TableVotes(core, self.rules, self.posts, self.clocks, self.computers)
        self.lobby = TableLobby(core, self.rules, self.posts, self.clocks, self.computers,
                                self.votes)
        self.settings = ChatSettings(core, self.posts, self.lobby)
        self.reads = AdapterReads(core, self.posts, TableMoves(core, self.posts.move_log))
        self.dispatch = Dispatch.empty()
        for part in (self.computers, self.turns, self.votes, self.lobby, self.settings,
                     TableHistory(core), PlayerStats(core), GameInfo(core), self.reads.moves):
            part.register(self.dispatch)

    # --- what the core keeps, as adapters and tests read it ------------------------------

    @property
    def default_language(self) -> str:
        return self.core.default_language

    @property
    def scheduler(self) -> Scheduler:
        return self.core.scheduler

    @scheduler.setter
    def scheduler(self, scheduler: Scheduler) -> None:
        self.core.scheduler = scheduler

    @property
    def lobby_timeout(self) -> float:
        return self.core.lobby_timeout

    @lobby_timeout.setter
    def lobby_timeout(self, seconds: float) -> None:
        self.core.lobby_timeout = seconds

    @property
    def computer_pause(self) -> float:
        return self.computers.pause

    @computer_pause.setter
    def computer_pause(self, seconds: float) -> None:
        self.computers.pause = seconds

    @property
    def _think(self) -> Think:
        return self.turns.think

    @_think.setter
    def _think(self, think: Think) -> None:
        self.turns.think = think

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Show | None = None) -> None:
        """`deep_link(payload)` opens the bot's private chat with a start payload; a platform
        that has one can only write privately to people who opened that chat (Telegram).
        `show(posts)` shows what happens at a table without a press (a computer player's move).

        A platform registered without one (Discord) needs no private chat: anyone may join,
        and each player's panel is shown to them alone in the table's own channel, so its
        `Place.chat_id` is the player's user id rather than a chat's."""
        self.core.deep_links[platform] = deep_link
        if show is not None:
            self.core.shows[platform] = show

    def command_description(self, lang: str, name: str) -> str:
        return self.tr.t(lang, f"cmd-{name}")

    # --- commands ----------------------------------------------------------------------

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: AdminCheck | None = None) -> Result:
        lang = await self.core.reader_language(chat, user)
        handler = self.dispatch.commands.get(name)
        if handler is not None:
            return await handler(Command(chat, user, args.strip(), lang, is_admin))
        table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
        if table is None:
            return self.core.say(self.tr.said_on(chat.platform, lang, "table-no-table"))
        on_table = self.dispatch.table_commands.get(name)
        if on_table is None:
            return self.core.say(self.tr.t(lang, "bot-error-malformed"))
        async with self.core.table_lock(table.id):
            loaded = await self.store.load_table(table.id)
            assert loaded is not None
            table, seats = loaded
            if not table.active:
                return self.core.say(self.tr.said_on(chat.platform, lang,
                                                     "bot-error-table-finished"))
            result = await on_table(TablePress(table, seats, user, Press(name), lang,
                                               is_admin))
        # a command has nobody to alert: its answer becomes a message in the chat
        return Result(posts=result.posts, message=Screen((result.reply.text,))
                      if result.reply.text else None)

    # --- presses -----------------------------------------------------------------------

    @metrics.timed_press  # each press and the time to its answer, on /metrics
    async def press(self, chat: ChatRef, user: UserRef, data: str, *,
                    is_admin: AdminCheck | None = None,
                    admin_of: ChatAdminCheck | None = None,
                    working: Working | None = None) -> Result:
        """`is_admin` tells whether the presser administers the chat the press came from;
        `admin_of(chat_id)`, another chat of the platform (a settings press in private);
        `working()` is called before a game press's computation, once it can be refused no
        more for who pressed, where or when."""
        lang = await self.core.reader_language(chat, user)
        try:
            press = decode(data)
        except BadPayload:
            return self.core.alert(lang, "bot-error-malformed")
        free = self.dispatch.free_presses.get(press.kind)
        if free is not None:
            return await free(FreePress(chat, user, press, lang, is_admin, admin_of))
        on_table = self.dispatch.table_presses.get(press.kind)
        if on_table is None:
            return self.core.alert(lang, "bot-error-malformed")
        self.clocks.press_started(press.table, user.id)
        try:
            async with self.core.table_lock(press.table):
                loaded = await self.store.load_table(press.table)
                table = loaded[0] if loaded else None
                # A press names its table. Lobby buttons live in the table's chat; game
                # buttons in its chat (the board) or in a private chat (a panel).
                if table is None or table.platform != chat.platform or not (
                        (table.chat_id, table.thread_id) == (chat.id, chat.thread_id)
                        or chat.private and press.kind in _PRIVATE_PRESSES):
                    return self.core.alert(lang, "bot-error-malformed")
                if not table.active:
                    return self.core.alert(lang, "bot-error-table-finished",
                                           platform=chat.platform)
                assert loaded is not None
                return await on_table(TablePress(table, loaded[1], user, press, lang,
                                                 is_admin, working))
        finally:
            self.clocks.press_ended(press.table, user.id)

    # --- private chats -----------------------------------------------------------------

    async def private_start(self, platform: str, user: UserRef, dm_chat_id: str,
                            payload: str | None, *,
                            admin_of: ChatAdminCheck | None = None) -> Result:
        """The person opened (or reopened) their private chat with the bot (through a link:
        to join a table, or to see a chat's settings, if `admin_of` that chat)."""
        await self.store.set_user_dm(platform, user.id, dm_chat_id=dm_chat_id, ok=True)
        settings = await self.store.get_user_settings(platform, user.id)
        lang = self.core.user_language(user, settings)
        posts: list[Post | Drop] = []
        text = self.tr.t(lang, "bot-welcome")
        menu = None
        if payload and payload.startswith(SETTINGS_LINK):
            menu = await self.settings.settings_link(platform, user, lang, payload[1:], admin_of)
        elif payload and payload.startswith("j"):
            pending = await self.store.consume_pending_join(payload[1:], user_id=user.id)
            table = await self.store.get_table(pending.table_id) if pending else None
            if table is None:
                text = self.tr.t(lang, "table-join-link-invalid")
            elif table.status != Status.LOBBY:
                text = self.tr.t(lang, "table-already-started")
            else:
                text, lobby = await self.lobby.join_by_link(table, user, lang)
                if lobby is not None:
                    posts.append(lobby)
        # a player coming back to a private chat they had closed gets their panels again,
        # and the group's note that they could not be reached goes
        for table in await self.store.tables_of_user(platform, user.id, (Status.PLAYING,)):
            posts.extend(p for p in await self.posts.current_posts(table.id)
                         if isinstance(p, Post) and p.place.role is Role.PANEL
                         and p.place.chat_id == dm_chat_id)
            seat = next((s.seat for s in await self.store.list_seats(table.id)
                         if s.user_id == user.id), None)
            posts.append(Drop(Place(table.id, Role.NOTE, seat, table.chat_id, table.thread_id)))
        return Result(posts=tuple(posts), message=menu or Screen((text,)))

    async def panel_unreachable(self, place: Place) -> Result:
        """A panel could not be delivered: remember it and tell the group, once."""
        return await self.posts.panel_unreachable(place)

    async def chat_lost(self, table_id: int, why_key: str) -> Result:
        """The platform can show nothing more in the table's chat: the table ends."""
        return await self.votes.chat_lost(table_id, why_key)

    async def chat_migrated(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        try:
            moved = await self.store.migrate_chat(platform, old_chat_id, new_chat_id)
        except ActiveTableExists:
            log.warning("chat migration clashes with an active table; the old table stays")
            return
        if moved:
            log.info("tables %s followed their chat to its new id", moved)

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]:
        """What every active table of a platform should show, all at once (the playground
        fills its rooms with it before it serves)."""
        return tuple([post async for posts in self.resume_each(platform) for post in posts])

    async def resume_each(self, platform: str, serves: ServerFilter | None = None
                          ) -> AsyncIterator[list[Post | Drop]]:
        """What each active table of a platform should show, table by table, for a start-up
        after a crash or a deploy; its computer turn or lobby timeout is scheduled again
        (`serves`: only the tables of the servers it takes). A table that cannot be drawn is
        logged and skipped; the database going away ends it."""
        for table in await self.store.tables_in_status():
            if table.platform != platform or (serves is not None and not serves(table.server_id)):
                continue
            try:
                posts = await self.posts.current_posts(table.id)
                await self.computers.reschedule(table)
                if table.status == Status.LOBBY and not await self.store.pending_work(table.id):
                    await self.lobby.schedule_timeout(table)  # opened before timeouts were kept
            except Exception as error:
                if service_unavailable(error):
                    raise
                log.exception("table %s could not be shown again", table.id)
                continue
            yield posts

    # --- due work ----------------------------------------------------------------------

    async def _fire(self, work: DueWork) -> None:
        """The scheduler's call: act on a claimed deadline and show what it changed."""
        kind, _, seat = work.kind.partition(":")
        act = self.dispatch.due.get(kind)
        table = await self.store.get_table(work.table_id)
        if act is None or table is None:
            log.warning("due %s work of table %s dropped", work.kind, work.table_id)
            return
        result = await act(work, seat)
        show = self.core.shows.get(table.platform)
        if show is None:
            log.warning("table %s: nothing shows %s work on %s", table.id, work.kind,
                        table.platform)
            return
        show(result.posts)
        if result.later is not None:
            async for post in result.later:
                show((post,))

    # --- what the parts do, as the adapters, the owner's commands and tests call it ------

    async def current_posts(self, table_id: int, *, fresh_ping: bool = False,
                            public_only: bool = False) -> list[Post | Drop]:
        return await self.posts.current_posts(table_id, fresh_ping=fresh_ping,
                                              public_only=public_only)

    async def lobby_expired(self, table_id: int, version: int = 0) -> Result:
        return await self.lobby.lobby_expired(table_id, version)

    async def computer_turn(self, table_id: int, version: int) -> Result:
        return await self.turns.computer_turn(table_id, version)

    async def clock_ran_out(self, table_id: int, version: int, seat: int,
                            due_at: float) -> Result:
        return await self.votes.clock_ran_out(table_id, version, seat, due_at)

    async def clock_reminder(self, table_id: int, version: int, seat: int) -> Result:
        return await self.turns.clock_reminder(table_id, version, seat)

    async def vote_expired(self, table_id: int, vote_id: int) -> Result:
        return await self.votes.vote_expired(table_id, vote_id)

    async def recover_downtime(self) -> float:
        return await self.clocks.recover_downtime()

    async def serving(self) -> float:
        return await self.clocks.serving()

    async def outage_over(self, since: float) -> float:
        return await self.clocks.outage_over(since)

    async def flood_waited(self, platform: str, chat_id: str, seconds: float) -> None:
        await self.clocks.flood_waited(platform, chat_id, seconds)

    async def chat_posts(self, platform: str, chat_id: str) -> list[Post | Drop] | None:
        return await self.reads.chat_posts(platform, chat_id)

    async def chat_known(self, platform: str, chat_id: str) -> bool:
        return await self.reads.chat_known(platform, chat_id)

    async def table_chat(self, platform: str, table_id: int) -> str | None:
        return await self.reads.table_chat(platform, table_id)

    async def newest_tables(self, platform: str, chat_ids: Sequence[str]
                            ) -> dict[str, TableMark]:
        return await self.reads.newest_tables(platform, chat_ids)

    async def table_active(self, table_id: int) -> bool:
        return await self.reads.table_active(table_id)

    async def tables_of_person(self, platform: str, user_id: str) -> list[PersonTable]:
        return await self.reads.tables_of_person(platform, user_id)

    async def person_tables(self, platform: str, user_id: str, lang: str
                            ) -> list[PersonTable]:
        return await PersonTables(self.core).of(platform, user_id, lang)

    async def person_games(self, platform: str, user_id: str, lang: str
                           ) -> list[PersonGame]:
        return await PersonTables(self.core).played(platform, user_id, lang)

    async def set_person_language(self, platform: str, user_id: str, language: str) -> None:
        await self.reads.set_person_language(platform, user_id, language)

    async def forget_person(self, platform: str, user_id: str) -> bool:
        return await self.reads.forget_person(platform, user_id)

    async def move_log(self, platform: str, chat_id: str, user_id: str, lang: str
                       ) -> LogView | None:
        return await self.reads.move_log(platform, chat_id, user_id, lang)

    # --- the owner's commands (bot/ops/owner.py) -----------------------------------------

    async def count_tables(self) -> dict[tuple[str, str], int]:
        """Open tables by (game, status): "lobby" or "playing"."""
        return await self.store.count_tables()

    async def close_table(self, table_id: int, by: UserRef) -> TableRow | None:
        """Close the table wherever it is, as the owner's /closetable: a lobby as its host's
        Cancel would, a game abandoned with the reason shown on its board; what it shows goes
        to its platform's chats. Returns the table as it was (None: there is none); one that
        was over already (not `active`) is left as it is."""
        async with self.core.table_lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or not table.active:
                result = None
            elif table.status == Status.PLAYING:
                why = self.tr.t(table.language, "owner-close-reason")
                result = await self.votes.abandon(table, why)
            else:
                async def yes() -> bool:
                    return True

                seats = await self.store.list_seats(table.id)
                result = await self.lobby.cancel(table, seats, by, yes)
        if table is None:
            return None
        if result is None:  # over already
            return table
        log.info("table %s closed by an owner", table_id)
        show = self.core.shows.get(table.platform)
        if show is not None and result.posts:
            show(result.posts)
        return table

    async def _may_start(self, table: TableRow, user: UserRef,
                         is_admin: AdminCheck | None) -> bool:
        return await self.rules.may_start(table, user, is_admin)

    async def _may_cancel(self, table: TableRow, user: UserRef,
                          is_admin: AdminCheck | None) -> bool:
        return await self.rules.may_cancel(table, user, is_admin)

    def _press_started(self, table_id: int, user_id: str) -> None:
        self.clocks.press_started(table_id, user_id)

    def _press_ended(self, table_id: int, user_id: str) -> None:
        self.clocks.press_ended(table_id, user_id)



def _is_the_port(service: TableService) -> TablePort:
    return service  # mypy checks here that the façade is what the adapters may call
