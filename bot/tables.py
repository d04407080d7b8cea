"""The table service: lobbies, turns, menus and results, for every game and every platform.

Adapters call `command`, `press` and `private_start` with what a person did, and get back a
`Result` (bot/screens.py): the answer for that person and the kept messages to show. The
service checks everything a press claims — who pressed, at which table, on which version of
the board, whether the move is legal — and commits each accepted move to the store before
returning anything, so a crash can lose a message but never a move (`resume` re-shows it).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot import clocks, thinking
from bot import table_screens as screens
from bot.chat_settings import SETTINGS_LINK, ChatAdminCheck, ChatSettings
from bot.computer_seats import COMPUTER_TURN, ComputerSeats
from bot.history import TableHistory
from bot.i18n import LANGUAGES, Translator, normalize_language
from bot.lobby import LOBBY_TIMEOUT, TableLobby
from bot.ops import metrics
from bot.options import BadOption, known_options, parse_options
from bot.payloads import BadPayload, Press, decode, encode
from bot.physics_pool import Busy, Physics
from bot.player_stats import FORGET, PlayerStats
from bot.rules_text import rules_text
from bot.scheduler import Scheduler
from bot.screens import (
    Button,
    ChatRef,
    Drop,
    Place,
    Post,
    Reply,
    Result,
    Role,
    Screen,
    UserRef,
)
from bot.storage import (
    ActiveTableExists,
    AlreadySeated,
    DmStatus,
    DueWork,
    SeatRow,
    StatusConflict,
    Store,
    TableFull,
    TableRow,
    VersionConflict,
)
from bot.storage.store import Status
from bot.table_clocks import CLOCK, REMIND, TableClocks
from bot.table_posts import Draw, Extras, TablePosts, events_to_json
from bot.votes import ABSENT, VOTE, TableVotes
from engine.core import Decision, Event, GameSpec, Label, RuleViolation
from engine.registry import GAMES

log = logging.getLogger(__name__)

AdminCheck = Callable[[], Awaitable[bool]]
Show = Callable[[Sequence["Post | Drop"]], None]
"""How a platform shows posts nobody pressed for (a computer player's move): its outbox."""
Think = Callable[[GameSpec, str, Any, int, int], Awaitable[Decision]]
"""think(spec, level, view, seat, seed) -> a computer player's decision."""
Working = Callable[[], None]
"""Told when a press has passed every check that needs no game computation, just before the
work that may take long (a simulated move, a risk estimate): an adapter may answer it now."""


_ERRORS = {
    RuleViolation.Reason.NOT_YOUR_TURN: "bot-error-not-your-turn",
    RuleViolation.Reason.ILLEGAL: "bot-error-illegal-generic",
    RuleViolation.Reason.GAME_OVER: "bot-error-game-over",
    RuleViolation.Reason.MALFORMED: "bot-error-malformed",
}


class TableService(TableLobby, ComputerSeats, TableClocks, TableVotes, ChatSettings,
                   TableHistory, PlayerStats, TablePosts):
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
        self.store = store
        self.tr = translator
        self.default_language = default_language
        self.games = games if games is not None else GAMES
        self._seeds = seeds or (lambda: secrets.randbits(62))
        self._deep_links: dict[str, Callable[[str], str] | None] = {}
        self._shows: dict[str, Show] = {}
        self._clock = clock
        self.computer_pause = computer_pause
        self.lobby_timeout = lobby_timeout
        self._think = think or thinking.think
        self.physics = physics or Physics()
        self.scheduler = Scheduler(store, self._fire, clock=clock,
                                   after_outage=self.outage_over)
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # The events of each table's last move, for the board caption. A cache only:
        # after a restart they are derived again from the action log.
        self._last_events: dict[int, tuple[int, tuple[Event, ...]]] = {}
        # The newest committed version of each table, so posts drawn for an older one are
        # dropped rather than shown after newer ones.
        self._committed: dict[int, int] = {}
        # A board dropped so, by table: the next board shown tells its moves too.
        self._untold: dict[int, Screen] = {}
        # Presses being handled, by table and person, with when they arrived: a clock that
        # runs out meanwhile waits for them (bot/table_clocks.py).
        self._pressing: dict[int, dict[str, float]] = {}

    def register_platform(self, platform: str, *, deep_link: Callable[[str], str] | None,
                          show: Show | None = None) -> None:
        """`deep_link(payload)` opens the bot's private chat with a start payload; a platform
        that has one can only write privately to people who opened that chat (Telegram).
        `show(posts)` shows what happens at a table without a press (a computer player's move).

        A platform registered without one (Discord) needs no private chat: anyone may join,
        and each player's panel is shown to them alone in the table's own channel, so its
        `Place.chat_id` is the player's user id rather than a chat's."""
        self._deep_links[platform] = deep_link
        if show is not None:
            self._shows[platform] = show

    def command_description(self, lang: str, name: str) -> str:
        return self.tr.t(lang, f"cmd-{name}")

    # --- commands ----------------------------------------------------------------------

    async def command(self, chat: ChatRef, user: UserRef, name: str, args: str, *,
                      is_admin: AdminCheck | None = None) -> Result:
        lang = await self._reader_language(chat, user)
        args = args.strip()
        if name == "help":
            return _say(self.tr.t(lang, "bot-help"))
        if name == "games":
            return _say("\n".join([self.tr.t(lang, "table-games-header"), *(
                self.tr.t(lang, "table-game-line", name=self.tr.t(lang, f"game-{g}"),
                          tagline=self.tr.t(lang, f"game-{g}-tagline"), code=g)
                for g in self.games)]))
        if name == "rules":
            return await self._rules(chat, lang, args)
        if name == "language":
            return Result(message=self._language_picker(lang))
        if name == "stats":
            return await self._stats_command(chat, user, lang, args)
        if name == "forgetme":
            return await self._forget_command(chat, user, lang)
        if name == "history":
            return await self._history(chat, lang)
        if name == "settings":
            return await self._settings_command(chat, user, is_admin)
        if name == "newgame":
            return await self._newgame(chat, user, lang, args)
        table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
        if table is None:
            return _say(self.tr.t(lang, "table-no-table"))
        if name not in ("cancel", "leave"):
            return _say(self.tr.t(lang, "bot-error-malformed"))
        async with self._locks[table.id]:
            table = await self.store.get_table(table.id)
            assert table is not None
            if not table.active:
                return _say(self.tr.t(lang, "bot-error-table-finished"))
            if name == "cancel":
                result = await self._cancel(table, user, is_admin)
            else:
                result = await self._leave(table, user)
        # a command has nobody to alert: its answer becomes a message in the chat
        return Result(posts=result.posts, message=Screen((result.reply.text,))
                      if result.reply.text else None)

    async def _rules(self, chat: ChatRef, lang: str, args: str) -> Result:
        """`/rules <game> [options]` describes the game with those options (the defaults
        without); a bare `/rules` the game of this chat's table, with its options."""

        name, *words = args.split() or [""]
        spec = self.games.get(name.lower())
        options: dict[str, Any] = {}
        if spec is None and not args:
            table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
            spec = self.games.get(table.game) if table else None
            options = dict(table.options) if table else {}
        if spec is None:
            return _say(self.tr.t(lang, "bot-error-unknown-game", games=", ".join(self.games)))
        try:
            options = parse_options(spec, words) if words else options
        except BadOption as bad:
            return _say(self.tr.t(lang, "table-bad-option", word=bad.word,
                                  options=known_options(spec) or "—"))
        return _say(rules_text(self.tr, lang, spec, options))

    async def _newgame(self, chat: ChatRef, user: UserRef, lang: str, args: str) -> Result:
        if chat.private:
            return _say(self.tr.t(lang, "bot-error-group-only"))
        if not args:
            return Result(message=screens.game_choice_screen(self.tr, lang, self.games.values()))
        name, *words = args.split()
        spec = self.games.get(name.lower())
        if spec is None:
            return _say(self.tr.t(lang, "bot-error-unknown-game", games=", ".join(self.games)))
        try:
            options = parse_options(spec, words)
        except BadOption as bad:
            return _say(self.tr.t(lang, "table-bad-option", word=bad.word,
                                  options=known_options(spec) or "—"))
        result = await self._open_table(chat, user, spec, options)
        return Result(posts=result.posts, message=None if result.posts else
                      Screen((result.reply.text or "",)))

    async def _open_table(self, chat: ChatRef, user: UserRef, spec: GameSpec,
                          options: dict[str, Any] | None = None) -> Result:
        chat_lang = await self.store.get_chat_language(chat.platform, chat.id)
        opener = chat_lang or normalize_language(user.language, self.default_language)
        # A chat that never chose a language (/language, /settings) keeps the language of
        # its first table, its first opener's, so that its tables do not alternate with
        # who opens them; answers meant for one person still follow their own language.
        lang = chat_lang or await self.store.last_table_language(chat.platform, chat.id) or opener
        chat_options = await self.store.get_chat_options(chat.platform, chat.id)
        clock = clocks.default_clock(spec.name, chat_options.clock)
        try:
            table = await self.store.create_table(chat.platform, chat.id, chat.thread_id,
                                                  spec.name, creator_id=user.id, language=lang,
                                                  title=chat.title, options=options or {},
                                                  creator_name=user.name, clock=clock.code)
        except ActiveTableExists:
            return Result(Reply(self.tr.t(opener, "bot-error-table-exists"), alert=True))
        log.info("table %s opened for %s on %s", table.id, spec.name, chat.platform)
        await self._schedule_lobby_timeout(table)
        settings = await self.store.get_user_settings(chat.platform, user.id)
        if settings and settings.dm_ok or self._deep_links.get(chat.platform) is None:
            await self.store.add_seat(table.id, user.id, user.name,
                                      language=self._user_language(user, settings))
        return Result(posts=(await self._lobby_post(table),))

    def _language_picker(self, lang: str) -> Screen:
        return Screen((self.tr.t(lang, "bot-language-choose"),), buttons=(tuple(
            Button(self.tr.t(code, f"bot-language-name-{code}"), encode(Press("language", arg=code)))
            for code in LANGUAGES),))

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
        lang = await self._reader_language(chat, user)
        try:
            press = decode(data)
        except BadPayload:
            return self._alert(lang, "bot-error-malformed")
        if press.kind == "newgame":
            spec = self.games.get(press.arg)
            if spec is None or chat.private:
                return self._alert(lang, "bot-error-malformed")
            return await self._open_table(chat, user, spec)
        if press.kind == "language":
            return await self._set_language(chat, user, press.arg, is_admin)
        if press.kind == FORGET:
            return await self._forget_press(chat, user, press, lang)
        if press.kind == "replay":
            return await self._replay_press(chat, user, press, lang)
        if press.kind == "settings":
            return await self._settings_press(chat, user, press, is_admin, admin_of)
        if press.kind == "again":
            return await self._play_again(chat, user, press.table, lang)
        table = await self.store.get_table(press.table)
        # A press names its table. Lobby buttons live in the table's chat; game buttons in
        # its chat (the board) or in a private chat (a panel), where the seat check follows.
        in_its_chat = table is not None and (table.chat_id, table.thread_id) == (
            chat.id, chat.thread_id)
        if table is None or table.platform != chat.platform or not (
                in_its_chat or (chat.private and press.kind in ("go", "confirm", "hand", "back"))):
            return self._alert(lang, "bot-error-malformed")
        if not table.active:
            return self._alert(lang, "bot-error-table-finished")
        self._press_started(table.id, user.id)
        try:
            return await self._table_press(table.id, user, press, lang, is_admin, working)
        finally:
            self._press_ended(table.id, user.id)

    async def _table_press(self, table_id: int, user: UserRef, press: Press, lang: str,
                           is_admin: AdminCheck | None, working: Working | None = None
                           ) -> Result:
        async with self._locks[table_id]:
            table = await self.store.get_table(table_id)
            assert table is not None
            if press.kind == "join":
                return await self._join(table, user, lang)
            if press.kind == "leave":
                return await self._leave(table, user)
            if press.kind == "start":
                return await self._start(table, user, lang, is_admin)
            if press.kind == "cancel":
                return await self._cancel(table, user, is_admin)
            if press.kind in ("computer", "uncomputer"):
                return await self._computer_seat_press(table, user, press, lang)
            if press.kind == "clock":
                return await self._clock_press(table, user, press, lang)
            if press.kind == VOTE:
                return await self._vote_press(table, user, press, lang)
            if press.kind == "quit":
                return await self._quit_press(table, user, press, lang)
            if press.kind == "back":
                return await self._back_press(table, user, lang)
            return await self._game_press(table, user, press, lang, working)

    async def _set_language(self, chat: ChatRef, user: UserRef, code: str,
                            is_admin: AdminCheck | None) -> Result:
        if code not in self.tr.languages:
            return self._alert(self.default_language, "bot-error-malformed")
        if chat.private:
            await self.store.set_user_language(chat.platform, user.id, code)
        else:
            if is_admin is not None and not await is_admin():
                return self._alert(code, "table-language-admins")
            await self.store.set_chat_language(chat.platform, chat.id, code)
            table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
            if table is not None:
                await self.store.set_table_language(table.id, code)
                return Result(Reply(self.tr.t(code, "bot-language-set")),
                              posts=await self.current_posts(table.id, public_only=True))
        return Result(Reply(self.tr.t(code, "bot-language-set")),
                      message=Screen((self.tr.t(code, "bot-language-set"),)))

    # --- playing -----------------------------------------------------------------------

    async def _game_press(self, table: TableRow, user: UserRef, press: Press, lang: str,
                          working: Working | None = None) -> Result:
        seats = await self.store.list_seats(table.id)
        me = next((s for s in seats if s.user_id == user.id), None)
        if table.status != Status.PLAYING:
            return self._alert(lang, "table-not-started")
        if me is None or me.seat is None:
            return self._alert(lang, "bot-error-not-a-player")
        lang = me.language or lang
        spec = self.games[table.game]
        state = spec.from_dict(table.state or {})
        players = screens.players_of(seats, table.language)
        player = players[me.seat]
        if press.kind == "hand":
            # drawn in a thread like every other post: a picture must not hold up the loop
            post = await asyncio.to_thread(self._panel_post, table, spec, state, me, players,
                                           fresh=True)
            deep_link = self._deep_links.get(table.platform)
            if post is None or me.dm_status == DmStatus.UNREACHABLE and deep_link:
                # they never opened the private chat, or closed it: the link opens it, and
                # their panel follows as soon as they press Start there
                return Result(Reply(url=deep_link("p") if deep_link else None))
            return Result(Reply(self.tr.t(lang, "table-panel-sent")), posts=(post,))
        if me.is_computer:  # a computer plays their seat: they left, or must say they're back
            return self._alert(lang, "table-back-first" if me.absence == "away"
                               else "table-back-left")
        if press.version != table.version:
            # an old board: say so, and put the current choices in front of them
            current = await asyncio.to_thread(self._panel_post, table, spec, state, me, players)
            return Result(Reply(self.tr.t(lang, "bot-error-outdated"), alert=True),
                          posts=(current,))
        if me.seat not in spec.to_act(state):
            return self._alert(lang, "bot-error-not-your-turn")
        if working is not None:
            working()
        try:
            # off the loop: a simulated game's menu may run physics (the risk estimate)
            menu = await self.physics.menu(spec, state, me.seat, press.path,
                                           board=(table.id, table.version),
                                           person=(table.platform, user.id))
        except RuleViolation:
            return self._alert(lang, "bot-error-malformed")
        except Busy:
            return self._alert(lang, "table-physics-busy")
        if press.kind == "go" and not (menu.instant and menu.action):
            place = self._panel_place(table, me)
            if place is None:
                return self._alert(lang, "bot-error-malformed")
            return Result(later=self._drawn(table.id, table.version, [
                lambda: Post(place, screens.panel_screen(
                    self.tr, spec=spec, table_id=table.id, version=table.version, state=state,
                    player=player, players=players, path=press.path, menu=menu))]))
        if menu.action is None:
            return self._alert(lang, "bot-error-malformed")
        return await self._apply(table, seats, spec, state, me, menu.action, lang)

    async def _apply(self, table: TableRow, seats: list[SeatRow], spec: GameSpec, state: Any,
                     me: SeatRow, action: str, lang: str, *,
                     reason: Label | None = None) -> Result:
        """Apply and commit one move, a person's or (with its `reason`) a computer's."""
        assert me.seat is not None
        try:
            # off the loop: a simulated game's move takes a physics run (on its own pool)
            new_state, events = await self.physics.apply(spec, state, me.seat, action)
        except RuleViolation as error:
            return self._alert(lang, _ERRORS[error.reason])
        if reason is not None:
            events += (Event(reason),)
        over = spec.is_over(new_state)
        new_dict = spec.to_dict(new_state)
        try:
            outcome = spec.outcome(new_state)
            version = await self.store.commit_action(
                table.id, table.version, me.seat, action, new_dict,
                new_status=Status.FINISHED if over else None, events=events_to_json(events),
                settled=new_dict if spec.continuous else None,
                results=outcome.standings if outcome else None)
        except VersionConflict:
            return self._alert(lang, "bot-error-outdated")
        self._last_events[table.id] = (version, events)
        metrics.moved(spec.name, computer=me.is_computer)
        log.info("table %s: seat %d moved (version %d)%s", table.id, me.seat, version,
                 ", game over" if over else "")
        self._committed[table.id] = version
        table = await self.store.get_table(table.id)  # type: ignore[assignment]
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
        await self._schedule_computer(table, spec, new_state, seats)
        deadlines = await self._set_clocks(table, spec, new_state, seats, mover=me.seat)
        extras = await self._extras(table, seats, deadlines)
        return Result(later=self._drawn(table.id, version, self._after_move(
            table, seats, spec, state, new_state, me.seat, events, extras)))

    def _after_move(self, table: TableRow, seats: list[SeatRow], spec: GameSpec, before: Any,
                    after: Any, mover: int, events: tuple[Event, ...], extras: Extras
                    ) -> list[Draw]:
        """What a move changes, board first: the panels whose picture or choices changed
        (the mover's, whoever acts next, and anyone whose private view changed), the ping."""
        players = screens.players_of(seats, table.language)
        over = spec.is_over(after)
        draws = [self._board_draw(table, spec, after, players, events, extras),
                 self._clip_draw(table, spec, after, players)]
        acted, acting = spec.to_act(before), spec.to_act(after)
        for seat in seats:
            assert seat.seat is not None
            changed = (over or seat.seat == mover or seat.seat in acting
                       or screens.private_view_key(spec, before, seat.seat)
                       != screens.private_view_key(spec, after, seat.seat))
            if changed:
                notes = events if seat.seat == mover else ()
                draws.append(lambda seat=seat, notes=notes: self._panel_post(
                    table, spec, after, seat, players, notes=notes, left=extras.left))
        if over:
            draws.append(lambda: Drop(self._place(table, Role.PING)))
            draws.extend(lambda seat=seat: Drop(self._confirm_place(table, seat.seat))
                         for seat in seats if seat.seat is not None)
        elif acting != acted:
            draws.extend(lambda ping=ping: ping
                         for ping in self._pings(table, spec, after, players, fresh=True))
        return draws


    # --- private chats -----------------------------------------------------------------

    async def private_start(self, platform: str, user: UserRef, dm_chat_id: str,
                            payload: str | None, *,
                            admin_of: ChatAdminCheck | None = None) -> Result:
        """The person opened (or reopened) their private chat with the bot (through a link:
        to join a table, or to see a chat's settings, if `admin_of` that chat)."""
        await self.store.set_user_dm(platform, user.id, dm_chat_id=dm_chat_id, ok=True)
        settings = await self.store.get_user_settings(platform, user.id)
        lang = self._user_language(user, settings)
        posts: list[Post | Drop] = []
        text = self.tr.t(lang, "bot-welcome")
        menu = None
        if payload and payload.startswith(SETTINGS_LINK):
            menu = await self._settings_link(platform, user, lang, payload[1:], admin_of)
        elif payload and payload.startswith("j"):
            pending = await self.store.consume_pending_join(payload[1:], user_id=user.id)
            table = await self.store.get_table(pending.table_id) if pending else None
            if table is None:
                text = self.tr.t(lang, "table-join-link-invalid")
            elif table.status != Status.LOBBY:
                text = self.tr.t(lang, "table-already-started")
            else:
                async with self._locks[table.id]:
                    try:
                        await self.store.add_seat(table.id, user.id, user.name, language=lang,
                                                  max_seats=self.games[table.game].max_players)
                        text = self.tr.t(lang, "bot-joined-private",
                                         chat=table.title)
                        posts.append(await self._lobby_post(table))
                    except TableFull:
                        text = self.tr.t(lang, "bot-error-table-full")
                    except (AlreadySeated, StatusConflict):
                        text = self.tr.t(lang, "bot-error-already-joined")
        # a player coming back to a private chat they had closed gets their panels again,
        # and the group's note that they could not be reached goes
        for table in await self.store.tables_of_user(platform, user.id, (Status.PLAYING,)):
            posts.extend(p for p in await self.current_posts(table.id)
                         if isinstance(p, Post) and p.place.role is Role.PANEL
                         and p.place.chat_id == dm_chat_id)
            seat = next((s.seat for s in await self.store.list_seats(table.id)
                         if s.user_id == user.id), None)
            posts.append(Drop(Place(table.id, Role.NOTE, seat, table.chat_id, table.thread_id)))
        return Result(posts=tuple(posts), message=menu or Screen((text,)))

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
        deep_link = self._deep_links.get(table.platform)
        buttons = ((Button(self.tr.t(table.language, "bot-button-open-private"),
                           url=deep_link("p")),),) if deep_link else ()
        note = Place(table.id, Role.NOTE, place.seat, table.chat_id, table.thread_id)
        return Result(posts=(Post(note, Screen((text,), buttons=buttons), fresh=True),))

    async def chat_lost(self, table_id: int, why_key: str) -> Result:
        """The platform can show nothing more in the table's chat (a locked or deleted
        thread, a lobby that could not be posted): the table ends, a game as abandoned with
        the text `why_key` names as the reason, and the players' panels say it closed."""
        async with self._locks[table_id]:
            table = await self.store.get_table(table_id)
            if table is None or not table.active:
                return Result()
            if table.status == Status.PLAYING:
                return await self._abandon(table, self.tr.t(table.language, why_key))
            try:
                await self.store.set_status(table.id, Status.CANCELLED,
                                            allowed_from=(Status.LOBBY,))
            except StatusConflict:
                return Result()
            await self.store.cancel_work(table.id)
            log.info("table %s: its chat is lost; lobby closed", table.id)
            return Result()

    async def chat_migrated(self, platform: str, old_chat_id: str, new_chat_id: str) -> None:
        try:
            moved = await self.store.migrate_chat(platform, old_chat_id, new_chat_id)
        except ActiveTableExists:
            log.warning("chat migration clashes with an active table; the old table stays")
            return
        if moved:
            log.info("tables %s followed their chat to its new id", moved)

    async def resume(self, platform: str) -> tuple[Post | Drop, ...]:
        """What every active table of a platform should show, for a start-up after a crash."""
        posts: list[Post | Drop] = []
        for table in await self.store.tables_in_status():
            if table.platform == platform:
                posts.extend(await self.current_posts(table.id))
                await self._reschedule(table)
                if table.status == Status.LOBBY and not await self.store.pending_work(table.id):
                    await self._schedule_lobby_timeout(table)  # opened before timeouts were kept
        return tuple(posts)

    # --- due work ----------------------------------------------------------------------

    async def _fire(self, work: DueWork) -> None:
        """The scheduler's call: act on a claimed deadline and show what it changed."""
        kind, _, seat = work.kind.partition(":")
        acts: dict[str, Callable[[], Awaitable[Result]]] = {
            COMPUTER_TURN: lambda: self.computer_turn(work.table_id, work.version),
            LOBBY_TIMEOUT: lambda: self.lobby_expired(work.table_id, work.version),
            CLOCK: lambda: self.clock_ran_out(work.table_id, work.version, int(seat),
                                              work.due_at),
            REMIND: lambda: self.clock_reminder(work.table_id, work.version, int(seat)),
            VOTE: lambda: self.vote_expired(work.table_id, work.version),
        }
        act = acts.get(kind)
        table = await self.store.get_table(work.table_id)
        if act is None or table is None:
            log.warning("due %s work of table %s dropped", work.kind, work.table_id)
            return
        result = await act()
        show = self._shows.get(table.platform)
        if show is None:
            log.warning("table %s: nothing shows %s work on %s", table.id, work.kind,
                        table.platform)
            return
        show(result.posts)
        if result.later is not None:
            async for post in result.later:
                show((post,))

    # --- helpers -----------------------------------------------------------------------

    def _place(self, table: TableRow, role: Role) -> Place:
        return Place(table.id, role, None, table.chat_id, table.thread_id)

    def _panel_place(self, table: TableRow, seat: SeatRow) -> Place | None:
        if seat.seat is None or seat.is_computer and seat.absence != "away":
            return None  # a computer player's seat, or a person's who left it
        if table.platform in self._deep_links and self._deep_links[table.platform] is None:
            # no private chats on this platform: the panel goes to the player in person
            return Place(table.id, Role.PANEL, seat.seat, seat.user_id)
        if seat.dm_chat_id is None:
            return None
        return Place(table.id, Role.PANEL, seat.seat, seat.dm_chat_id)

    async def _host_name(self, table: TableRow, seats: list[SeatRow]) -> str:
        host = next((s.display_name for s in seats if s.user_id == table.creator_id), None)
        return host or table.creator_name or self.tr.t(table.language, "table-host-unknown")


    async def _reader_language(self, chat: ChatRef, user: UserRef) -> str:
        if not chat.private:
            chosen = await self.store.get_chat_language(chat.platform, chat.id)
            if chosen:
                return chosen
        settings = await self.store.get_user_settings(chat.platform, user.id)
        return self._user_language(user, settings)

    def _user_language(self, user: UserRef, settings: Any) -> str:
        if settings is not None and settings.language:
            return settings.language
        return normalize_language(user.language, self.default_language)

    def _alert(self, lang: str, key: str, **args: Any) -> Result:
        return Result(Reply(self.tr.t(lang, key, **args), alert=True))


def _say(text: str) -> Result:
    return Result(message=Screen((text,)))
