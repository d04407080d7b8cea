"""/history and replays: the chat's last games, and any of them again, move by move.

A replay is rebuilt from the store at every press (the seats, the seed, the action log, the
events kept with each action, and for a simulated game the settled state each move reached,
which is never simulated again), so nothing is kept in memory and a replay opened before a
restart goes on after it. Its message is edited in place (`Result.edit`); opening one, its
animation and a game's export are new messages beside the pressed one (`Result.aside`).

A replay press names its table and a step; it is honoured only in the chat the game was
played in (any of its topics), for a game that ended, and for a step within the game: any
other press changes nothing and gets a short alert. A service of its own beside the table
service (bot/tables.py): it reads the store, never a table being played.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot import replay_screens
from bot import table_screens as screens
from bot.move_events import events_from_json
from bot.screens import Reply, Result, Screen
from bot.storage import TableRow
from bot.storage.store import Status
from bot.table_core import Command, Dispatch, FreePress, Part
from engine.core import Event, GameSpec, Standing

log = logging.getLogger(__name__)

HISTORY_LIMIT = 10
CLIPS_KEPT = 8
_CLIPS: OrderedDict[tuple[int, int, float], bytes] = OrderedDict()
"""The last few games' animations, by table, seed and end (an ended game never changes):
a cache only."""




@dataclass(frozen=True)
class Replay:
    """A game that ended, rebuilt: `states[n]` is the state after move n (0: the deal),
    `events[n - 1]` what move n did."""

    table: TableRow
    spec: GameSpec
    players: list[screens.Player]
    states: list[Any]
    events: list[tuple[Event, ...]]

    @property
    def moves(self) -> int:
        return len(self.states) - 1

    @property
    def abandoned(self) -> bool:
        return self.table.status == Status.CANCELLED

    @property
    def exportable(self) -> bool:
        return (self.spec.export is not None and not self.abandoned
                and self.spec.outcome(self.states[-1]) is not None)


class TableHistory(Part):
    """/history and replay presses."""

    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["history"] = self.history
        dispatch.free_presses["replay"] = self.replay_press

    async def history(self, c: Command) -> Result:
        chat, lang = c.chat, c.lang
        if chat.private:
            return Result(message=Screen((self.tr.t(lang, "bot-error-group-only"),)))
        games = []
        for table in await self.store.ended_tables(chat.platform, chat.id, limit=HISTORY_LIMIT):
            if table.game not in self.games or table.ended_at is None:
                continue
            seats = screens.read_in(self.tr, lang, screens.players_of(
                await self.store.list_seats(table.id), table.language))
            results = sorted(await self.store.results(table.id), key=lambda r: (r.rank, r.seat))
            games.append(replay_screens.PastGame(
                table.id, table.game, table.ended_at, table.status == Status.CANCELLED,
                tuple(p.name for p in seats),
                tuple(Standing(r.seat, r.rank, r.score, r.tiebreaks) for r in results)))
        return Result(message=replay_screens.history_screen(self.tr, lang, games))

    async def replay_press(self, p: FreePress) -> Result:
        chat, press, lang = p.chat, p.press, p.lang
        table = await self.store.get_table(press.table)
        if (table is None or table.platform != chat.platform or table.chat_id != chat.id
                or chat.private or table.ended_at is None or table.seed is None
                or table.status not in (Status.FINISHED, Status.CANCELLED)
                or table.game not in self.games):
            return self.core.alert(lang, "bot-error-malformed")
        arg = press.arg
        if arg.isdigit():
            move = int(arg)
            if move > table.version:
                return self.core.alert(lang, "bot-error-malformed")
        elif arg not in ("o", "a", "f"):
            return self.core.alert(lang, "bot-error-malformed")
        replay = await self._replay_of(table)
        if replay is None:
            return self.core.alert(lang, "bot-error-malformed")
        if arg == "f":
            if not replay.exportable:
                return self.core.alert(lang, "bot-error-malformed")
            assert replay.spec.export is not None  # exportable says so
            names = [p.name for p in screens.read_in(self.tr, lang, replay.players)]
            export = replay.spec.export(replay.states[-1], names)
            return Result(Reply(), aside=replay_screens.export_screen(
                self.tr, lang, game=table.game, table_id=table.id, export=export))
        if arg == "a":
            # a second of drawing: one at a time per game, and the last few kept
            key = (table.id, table.seed, table.ended_at)
            async with self.core.table_lock(table.id):
                clip = _CLIPS.get(key) or await asyncio.to_thread(replay_animation, replay)
            _CLIPS[key] = clip
            _CLIPS.move_to_end(key)
            while len(_CLIPS) > CLIPS_KEPT:
                _CLIPS.popitem(last=False)
            return Result(Reply(), aside=replay_screens.animation_screen(
                self.tr, lang, game=table.game, clip=clip))
        move = 0 if arg == "o" else int(arg)
        screen = await asyncio.to_thread(self._replay_step, replay, lang, move)
        return Result(Reply(), aside=screen) if arg == "o" else Result(Reply(), edit=screen)

    def _replay_step(self, replay: Replay, lang: str, move: int) -> Screen:
        return replay_screens.replay_screen(
            self.tr, lang, spec=replay.spec, table_id=replay.table.id,
            state=replay.states[move], players=screens.read_in(self.tr, lang, replay.players),
            move=move, moves=replay.moves,
            events=replay.events[move - 1] if move else (), abandoned=replay.abandoned,
            exportable=replay.exportable)

    async def _replay_of(self, table: TableRow) -> Replay | None:
        """The game rebuilt from the store, or None if what is kept does not add up."""
        spec = self.games[table.game]
        seats = await self.store.list_seats(table.id)
        # the animation is the table's: its computer players named in the table's language
        players = screens.read_in(self.tr, table.language,
                                  screens.players_of(seats, table.language))
        log_ = await self.store.action_log(table.id)
        records = [await self.store.action_record(table.id, n)
                   for n in range(1, len(log_) + 1)]
        settled = await self.store.settled_states(table.id) if spec.continuous else []
        options = {**spec.default_options, **table.options}
        assert table.seed is not None

        def rebuild() -> Replay | None:
            state = spec.setup(len(players), table.seed, options)
            states, events = [state], []
            for n, (seat, action) in enumerate(log_):
                record = records[n]
                kept = None if record is None or record.events is None else (
                    events_from_json(record.events))
                if spec.continuous:  # never simulated again: the state it settled in
                    if settled[n] is None:
                        return None
                    state = spec.from_dict(settled[n])
                    move_events = kept or ()
                else:
                    state, applied = spec.apply(state, seat, action)
                    move_events = kept if kept is not None else applied
                states.append(state)
                events.append(tuple(move_events))
            return Replay(table, spec, players, states, events)

        try:
            return await asyncio.to_thread(rebuild)
        except Exception as error:  # noqa: BLE001 - a kept game that no longer replays: go on
            log.warning("table %s does not replay: %s", table.id, type(error).__name__)
            return None


def replay_animation(replay: Replay, *, workers: int = 4) -> bytes:
    """The whole game as a GIF: the board after every move, drawn a few at a time (in the
    drawing processes), each frame decoded and scaled as soon as it is drawn."""
    from render.replay import assemble, prepare

    def frame(state: Any) -> Any:
        return prepare(replay_screens.replay_picture(replay.spec, state, replay.players))

    with ThreadPoolExecutor(workers) as pool:
        images = list(pool.map(frame, replay.states))
    return assemble(images)
