"""The game's log: every move of a table's game as one reader may read it, grouped by round,
newest first, with the moves since the reader's last turn marked and told in one line.

Derived from what the store keeps with each action (its events, bot/move_events.py), never
kept twice. Built per reader: an event is told only to the seats in its audience (the tile a
player drew is in their log alone), and a computer player's reason is told as the board
tells it (a public event the turns part adds after the move's own). A round is everyone's
turn once: it begins each time the game's first mover starts a turn.

`MoveLog` keeps the moves of the tables it has read (a cache only: the actions never change
once committed), so that a panel drawn in a worker thread says what happened since the
player's last turn without a store call. `TableMoves` answers the board's 📜 Moves button
with the latest page, to the presser alone, and the web's read of a room's log.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from bot import table_screens as screens
from bot.i18n import Translator
from bot.move_events import events_from_json
from bot.payloads import Press, encode
from bot.screens import Button, Reply, Result, Screen
from bot.storage import ActionRecord, DmStatus, SeatRow, Store, TableRow
from bot.table_core import Dispatch, FreePress, Part, TableCore
from engine.core import Event, GameSpec

log = logging.getLogger(__name__)

TABLES_KEPT = 256
"""Tables whose moves are kept in memory (the most recently started or read)."""
SINCE_ROOM = 600
"""Characters the since-your-last-turn line may take: it shares a panel's caption (1,024 on
Telegram) with the question and the clock. The newest moves that fit are named; the earlier
ones are counted, and the 📜 Moves button has them all."""
PAGE_ROOM = 1800
"""Characters one page of the log may take (a Discord message holds 2,000)."""


@dataclass(frozen=True)
class Move:
    """Action number `n` (1-based) of a game: who made it and the events it had."""

    n: int
    seat: int
    events: tuple[Event, ...]


@dataclass(frozen=True)
class ReadMove:
    """One move as a reader reads it: who made it, its words (every event this reader may
    know, in one line), its headline (the first of them), the computer's reason if any,
    and whether it came after the reader's last turn."""

    n: int
    round: int
    seat: int
    who: str
    text: str
    headline: str
    reason: str | None
    since: bool


@dataclass(frozen=True)
class LogRound:
    round: int
    moves: tuple[ReadMove, ...]  # newest first


@dataclass(frozen=True)
class LogView:
    """A table's whole log for one reader (the web's panel): its rounds, newest first, and
    the line saying what happened since their last turn (None: nothing, or no seat)."""

    table_id: int
    game: str
    rounds: tuple[LogRound, ...]
    since_line: str | None


def rounds_of(moves: Sequence[Move]) -> list[int]:
    """Each move's round: a new one begins when the game's first mover starts a turn again
    (a turn being a run of moves by one seat, as a Lanterns turn's trade, dedication and
    tile)."""
    rounds: list[int] = []
    first = moves[0].seat if moves else 0
    current = 0
    for index, move in enumerate(moves):
        if index == 0 or move.seat == first and moves[index - 1].seat != first:
            current += 1
        rounds.append(current)
    return rounds


def is_reason(game: str, event: Event) -> bool:
    """A computer player's reason: its game's `<game>-bot-…` key, told to everyone."""
    return event.audience is None and event.label.key.startswith(f"{game}-bot-")


def read_moves(tr: Translator, lang: str, game: str, moves: Sequence[Move],
               players: Sequence[screens.Player], viewer: int | None) -> list[ReadMove]:
    """The moves, oldest first, as `viewer` (a seat, or None: anyone) reads them in `lang`."""
    names = [p.name for p in screens.read_in(tr, lang, players)]
    last_own = max((m.n for m in moves if m.seat == viewer), default=0)
    read = []
    for move, round_ in zip(moves, rounds_of(moves)):
        told = [e for e in move.events if e.visible_to(viewer)]
        reasons = [tr.render_label(lang, e.label, names) for e in told if is_reason(game, e)]
        said = [tr.render_label(lang, e.label, names) for e in told if not is_reason(game, e)]
        who = names[move.seat] if move.seat < len(names) else str(move.seat + 1)
        if not said:
            said = [tr.t(lang, "moves-unseen", who=who)]
        read.append(ReadMove(move.n, round_, move.seat, who, " ".join(said), said[0],
                             " ".join(reasons) or None,
                             viewer is not None and move.n > last_own))
    return read


def since_line(tr: Translator, lang: str, read: Sequence[ReadMove],
               room: int = SINCE_ROOM) -> str | None:
    """One line naming each move since the reader's last turn, oldest first, by its
    headline; if they do not all fit in `room`, the newest that do, after a count of the
    rest. None when nothing happened since."""
    since = [m.headline.rstrip(".") for m in read if m.since]
    if not since:
        return None
    shown: list[str] = []
    left = room
    for headline in reversed(since):
        if shown and len(headline) + 2 > left:
            break
        shown.insert(0, headline)
        left -= len(headline) + 2
    earlier = len(since) - len(shown)
    if earlier:
        shown.insert(0, tr.t(lang, "moves-since-more", count=earlier))
    return tr.t(lang, "moves-since", moves="; ".join(shown))


def since_for(tr: Translator, lang: str, game: str, moves: Sequence[Move],
              players: Sequence[screens.Player], seat: int) -> str | None:
    """`since_line` for `seat`, reading only the moves after its last one (a panel's)."""
    last_own = max((index for index, m in enumerate(moves) if m.seat == seat), default=-1)
    read = read_moves(tr, lang, game, moves[last_own + 1:], players, seat)
    return since_line(tr, lang, [replace(m, since=True) for m in read])


def log_view(tr: Translator, lang: str, table_id: int, game: str, moves: Sequence[Move],
             players: Sequence[screens.Player], viewer: int | None) -> LogView:
    read = read_moves(tr, lang, game, moves, players, viewer)
    rounds: dict[int, list[ReadMove]] = {}
    for move in reversed(read):
        rounds.setdefault(move.round, []).append(move)
    return LogView(table_id, game, tuple(LogRound(n, tuple(ms)) for n, ms in rounds.items()),
                   since_line(tr, lang, read))


def log_pages(tr: Translator, lang: str, view: LogView, room: int = PAGE_ROOM
              ) -> list[list[str]]:
    """The log as pages of lines, newest first: each round's heading (again atop a page that
    goes on with it), then its moves, each with its reason; the moves since the reader's
    last turn follow a mark. A move is never split between pages."""
    pages: list[list[str]] = [[]]
    size = 0
    marked = False

    def cost(lines_: list[str]) -> int:
        return sum(len(line) + 1 for line in lines_)

    for round_ in view.rounds:
        heading = f"— {tr.t(lang, 'moves-round', round=round_.round)} —"
        headed = False
        for move in round_.moves:
            block = [f"• {move.text}"] + ([f"   💭 {move.reason}"] if move.reason else [])
            if move.since and not marked:
                block.insert(0, tr.t(lang, "moves-since-mark"))
                marked = True
            block = [line[:room // 3] for line in block]  # one move never fills a page
            head = [] if headed else ["\n" + heading]
            if pages[-1] and size + cost(head + block) > room:
                pages.append([])
                size, head = 0, [heading]
            elif not pages[-1]:
                head = [heading]
            headed = True
            pages[-1].extend(head + block)
            size += cost(head + block)
    return pages if pages[0] else []


def log_screen(tr: Translator, lang: str, view: LogView, page: int = 0) -> Screen:
    """One page of the log (0: the newest) with buttons to the older and newer ones."""
    pages = log_pages(tr, lang, view)
    if not pages:
        return Screen((tr.t(lang, "moves-empty"),))
    page = min(max(page, 0), len(pages) - 1)
    header = tr.t(lang, "moves-header", game=tr.t(lang, f"game-{view.game}"), page=page + 1,
                  pages=len(pages))
    buttons: list[Button] = []
    if page + 1 < len(pages):
        buttons.append(Button(tr.t(lang, "moves-older"),
                              encode(Press("moves", view.table_id, arg=str(page + 1)))))
    if page > 0:
        buttons.append(Button(tr.t(lang, "moves-newer"),
                              encode(Press("moves", view.table_id, arg=str(page - 1)))))
    return Screen(screens.lines(header, "", *pages[page]),
                  buttons=(tuple(buttons),) if buttons else ())


def _events(record: ActionRecord) -> tuple[Event, ...]:
    """The events kept with an action (a JSON list, as bot/move_events.py writes it)."""
    return events_from_json(cast(Any, record.events or []))


class MoveLog:
    """The moves of the tables read lately, by table id, complete from the first move."""

    def __init__(self, store: Store, games: dict[str, GameSpec]) -> None:
        self.store = store
        self.games = games
        self._kept: OrderedDict[int, list[Move]] = OrderedDict()

    def _keep(self, table_id: int, moves: list[Move]) -> None:
        self._kept[table_id] = moves
        self._kept.move_to_end(table_id)
        while len(self._kept) > TABLES_KEPT:
            self._kept.popitem(last=False)

    def started(self, table_id: int) -> None:
        """A game started: no move yet (a table id the store gave again starts afresh)."""
        self._keep(table_id, [])

    def moved(self, table_id: int, version: int, seat: int, events: tuple[Event, ...]) -> None:
        """Move `version` was committed: kept if the moves before it are."""
        kept = self._kept.get(table_id)
        if kept is not None and len(kept) == version - 1:
            kept.append(Move(version, seat, events))

    def known(self, table_id: int, version: int) -> list[Move] | None:
        """The first `version` moves if they are all kept (no store call: a worker thread
        drawing a panel asks), else None."""
        kept = self._kept.get(table_id)
        return kept[:version] if kept is not None and len(kept) >= version else None

    async def catch_up(self, table_id: int, version: int) -> list[Move]:
        """The first `version` moves, reading from the store those not kept yet."""
        kept = self._kept.get(table_id)
        moves = list(kept) if kept is not None else []
        if len(moves) >= version:
            return moves[:version]
        first = len(moves) + 1
        records = list(enumerate(await self.store.action_records(table_id, first, version),
                                 start=first))
        if any(r is None or r.events is None for _, r in records):
            replayed = await self._replayed(table_id, version)
            if replayed is None:
                return moves
            moves.extend(replayed[len(moves):])
        else:
            moves.extend(Move(n, r.seat, _events(r)) for n, r in records if r is not None)
        now = self._kept.get(table_id)
        if now is None or len(now) <= len(moves):  # a newer move may have been kept meanwhile
            self._keep(table_id, moves)
        return moves

    async def _replayed(self, table_id: int, version: int) -> list[Move] | None:
        """The moves with their events worked out again from the seed and the actions, for
        actions kept without them (a simulated game's: none, as it is never simulated
        again); None if the game does not replay."""
        table = await self.store.get_table(table_id)
        if table is None or table.seed is None or table.game not in self.games:
            return None
        spec = self.games[table.game]
        records = await self.store.action_records(table_id, 1, version)
        players = len(await self.store.list_seats(table_id))
        seed = table.seed
        options = {**spec.default_options, **table.options}

        def replay() -> list[Move] | None:
            state = None if spec.continuous else spec.setup(players, seed, options)
            moves = []
            for n, record in enumerate(records, start=1):
                if record is None:
                    return None
                events: tuple[Event, ...] = ()
                if state is not None:
                    state, events = spec.apply(state, record.seat, record.action)
                if record.events is not None:
                    events = _events(record)
                moves.append(Move(n, record.seat, events))
            return moves

        try:
            return await asyncio.to_thread(replay)
        except Exception as error:  # noqa: BLE001 - a kept game that no longer replays
            log.warning("table %s does not replay: %s", table_id, type(error).__name__)
            return None


class TableMoves(Part):
    """The 📜 Moves button's press, and the log a platform reads for a chat."""

    def __init__(self, core: TableCore, moves: MoveLog) -> None:
        super().__init__(core)
        self.moves = moves

    def register(self, dispatch: Dispatch) -> None:
        dispatch.free_presses["moves"] = self.moves_press

    async def view(self, table: TableRow, seats: Sequence[SeatRow], user_id: str, lang: str
                   ) -> LogView | None:
        """The table's log for the person `user_id` (their seat's, or anyone's if they have
        none or left it), in `lang`; None for a table whose game never began or is not
        known."""
        if table.game not in self.games or table.seed is None:
            return None
        moves = await self.moves.catch_up(table.id, table.version)
        # a person who left the game reads it as anyone does: a computer plays their seat
        # now, and what it draws is not theirs to know
        me = next((s for s in seats if s.user_id == user_id and s.seat is not None
                   and s.absence != "left"), None)
        players = screens.players_of(seats, table.language)
        return log_view(self.tr, lang, table.id, table.game, moves, players,
                        None if me is None else me.seat)

    async def chat_log(self, platform: str, chat_id: str, user_id: str, lang: str
                       ) -> LogView | None:
        """The log of the chat's game under way, else of its last game, for `user_id`."""
        table = await self.store.active_table(platform, chat_id, None)
        if table is None or table.seed is None:
            ended = [t for t in await self.store.ended_tables(platform, chat_id, limit=5)
                     if t.seed is not None]
            table = ended[0] if ended else None
        if table is None:
            return None
        return await self.view(table, await self.store.list_seats(table.id), user_id, lang)

    async def moves_press(self, p: FreePress) -> Result:
        """The latest page (or the one asked for) of the table's log, to the presser alone:
        in their private chat on Telegram, an ephemeral message on Discord. Honoured in the
        table's chat for anyone there, and in a private chat for its players."""
        chat, press, lang, user = p.chat, p.press, p.lang, p.user
        table = await self.store.get_table(press.table)
        if table is None or table.platform != chat.platform or not (
                press.arg == "" or press.arg.isdigit() and len(press.arg) <= 4):
            return self.core.alert(lang, "bot-error-malformed")
        seats = await self.store.list_seats(table.id)
        seat = next((s for s in seats if s.user_id == user.id and s.seat is not None), None)
        if not (table.chat_id == chat.id and not chat.private
                or chat.private and seat is not None):
            return self.core.alert(lang, "bot-error-malformed")
        lang = seat.language if seat is not None and seat.language else lang
        view = await self.view(table, seats, user.id, lang)
        if view is None:
            return self.core.alert(lang, "bot-error-malformed")
        screen = await asyncio.to_thread(log_screen, self.tr, lang, view, int(press.arg or 0))
        deep_link = self.core.deep_links.get(table.platform)
        if chat.private or deep_link is None:
            return Result(Reply(), private=screen)
        if seat is not None:
            reachable = seat.dm_status == DmStatus.OK
        else:
            settings = await self.store.get_user_settings(table.platform, user.id)
            reachable = settings is not None and bool(settings.dm_ok)
        if not reachable:
            # they never opened the private chat: the link opens it (the log can't go there)
            return Result(Reply(url=deep_link("p")))
        return Result(Reply(self.tr.t(lang, "moves-sent")), private=screen)


__all__ = ["LogRound", "LogView", "Move", "MoveLog", "ReadMove", "TableMoves", "log_screen",
           "log_view", "read_moves", "rounds_of", "since_for", "since_line"]
