"""Helpers for the Telegram end-to-end tests (tests/test_telegram_e2e.py).

Everything real but Telegram: a `BotProcess` is one run of the bot (its own SQLite `Store`
connection, `TableService` and `TelegramBot`) polling the fake Bot API server, and can be
stopped and started again on the same database like a new process. A `World` holds the fake
server, the database file and the running process, and lets simulated people act the way
people do: they read the messages the bot really sent them and press the buttons that are
really in those messages (callback data is taken from the message's current keyboard, never
built by hand), then wait until the bot has fully reacted (`World.settle`).

`check_no_secrets_in_groups` is the hidden-information check run after every game: every
version of every message the bot sent or edited in a group, and the logs, against what the
players saw in private.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from bot.i18n import LANGUAGES, Translator
from bot.payloads import BadPayload, Press, decode
from bot.storage import Store
from bot.storage.store import TableRow
from bot.tables import TableService
from bot.telegram import OutboxLimits, TelegramBot
from engine.lanterns import SPEC
from fakes.e2e_world import BotWorld
from fakes.secret_twins import scramble_secrets
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser, MessageRecord
from render.lanterns import board_png

TR = Translator.load()


LIMITS = OutboxLimits(network_backoff=(0.01, 0.01))
"""Telegram's budgets, kept on the fake server's clock (which moves on as the outbox waits, so
the tests never sit them out), and near-instant retries after a network error."""

SETTLE_TIMEOUT = 15.0
GAME_KINDS = frozenset({"go", "confirm"})
"""Presses that carry a menu path (and so, for a placement, a tile of someone's hand)."""
ACTION = re.compile(r"\bp:\d+:[0-3]:-?\d+:-?\d+\b")
"""An encoded Lanterns placement (`p:<tile>:<rotation>:<x>:<y>`): names a tile of a hand."""


# --- one run of the bot ----------------------------------------------------------------------


class BotProcess:
    """One bot process: a Store connection, a TableService and a TelegramBot."""

    def __init__(self, server: FakeTelegramServer, db_path: Path, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.server = server
        self.db_path = db_path
        self.clock = clock
        self.store: Store
        self.service: TableService
        self.telegram: TelegramBot

    async def start(self) -> None:
        self.store = await Store.open(self.db_path, synchronous="OFF")
        # computer players move at once: tests wait for nothing
        self.service = TableService(self.store, TR, seeds=itertools.count(2026).__next__,
                                    clock=self.clock, computer_pause=0.0)
        ran_before = await self.store.last_beat() is not None
        down = await self.service.recover_downtime()  # as bot/app.py does
        server_clock = self.server.clock
        self.telegram = TelegramBot(self.service, self.store, TR, token=self.server.token,
                                    api_server=self.server.base_url, limits=LIMITS,
                                    polling_timeout=1, clock=server_clock,
                                    sleep=getattr(server_clock, "sleep", asyncio.sleep),
                                    quiet_for=down if ran_before else None)
        polls = self.server.poll_count
        await self.telegram.start()
        await self.server.wait_until(lambda: self.server.poll_count > polls, SETTLE_TIMEOUT,
                                     message="the bot's first getUpdates")
        self.service.scheduler.start()

    async def settle(self, timeout: float = SETTLE_TIMEOUT) -> None:
        """Wait until the bot has taken every queued update, finished handling it, played
        every computer turn that is due, and delivered everything it queued (including what
        Telegram's errors led to)."""
        resuming = self.telegram.resuming
        assert resuming is None or await resuming.wait(timeout), "the tables were not resumed"
        await self._settle_updates(timeout)
        scheduler = self.service.scheduler
        while not await scheduler.idle():
            await scheduler.drain()
            await asyncio.sleep(0.01)  # the loop claims what fell due meanwhile
            await self._settle_updates(timeout)

    async def _settle_updates(self, timeout: float) -> None:
        server = self.server
        await server.wait_until(lambda: not server.pending_updates, timeout,
                                message="every update taken by the bot")
        # aiogram creates a handler task for each update before confirming it
        dispatcher = self.telegram.dispatcher
        while True:
            tasks = [t for t in getattr(dispatcher, "_handle_update_tasks", ()) if not t.done()]
            if not tasks:
                break
            await asyncio.wait(tasks, timeout=timeout)
        assert await self.telegram.outbox.flush(timeout), "the outbox did not drain"

    async def stop(self) -> None:
        await self.settle()
        await self.service.scheduler.stop()
        await self.telegram.stop(flush_timeout=5)
        await self.store.close()


# --- people and what they see ----------------------------------------------------------------


def callback_data(message: MessageRecord) -> list[str]:
    """The callback data of every button in the message's current keyboard."""
    return [b["callback_data"] for row in message.buttons for b in row if "callback_data" in b]


def presses(message: MessageRecord) -> list[tuple[str, Press]]:
    """The current keyboard's buttons, decoded (buttons that are not ours are left out)."""
    out = []
    for data in callback_data(message):
        try:
            out.append((data, decode(data)))
        except BadPayload:
            pass
    return out


def button_data(message: MessageRecord, kind: str) -> str:
    """The data of the message's (first) button of this kind, whatever its language."""
    for data, press in presses(message):
        if press.kind == kind:
            return data
    raise AssertionError(f"no {kind!r} button in {message!r}: {message.buttons}")


def old_button_data(message: MessageRecord, kind: str) -> str:
    """The data of a button of this kind in any version of the message, newest first:
    buttons vanish when a game ends, but a client showing an old version still has them."""
    for version in reversed(message.versions):
        for button in _buttons(version.reply_markup):
            data = button.get("callback_data")
            if data:
                try:
                    if decode(data).kind == kind:
                        return data
                except BadPayload:
                    continue
    raise AssertionError(f"{message!r} never had a {kind!r} button")


def panel(user: FakeUser) -> MessageRecord | None:
    """The player's private panel: the newest picture the bot shows in their private chat."""
    for message in reversed(user.private_chat.messages):
        if message.from_bot and message.media is not None:
            return message
    return None


def choices(user: FakeUser) -> list[tuple[str, Press]]:
    """The game buttons (menu steps, Confirm, Back) on the player's panel now."""
    shown = panel(user)
    return [] if shown is None else [(d, p) for d, p in presses(shown) if p.kind in GAME_KINDS]


def board(chat: FakeChat) -> MessageRecord:
    """The group's board: the one picture the bot shows there."""
    pictures = [m for m in chat.bot_messages if m.media is not None]
    assert len(pictures) == 1, f"expected one board picture in {chat!r}: {pictures}"
    return pictures[0]


def lobby(chat: FakeChat) -> MessageRecord:
    """The newest lobby message (the one with a Join button)."""
    for message in reversed(chat.bot_messages):
        if any(p.kind == "join" for _, p in presses(message)):
            return message
    raise AssertionError(f"no lobby in {chat!r}")


def content(message: MessageRecord) -> str:
    return message.content or ""


def deep_link_payload(url: str, bot_username: str) -> str:
    """The start payload of a `https://t.me/<bot>?start=<payload>` link (checked)."""
    parsed = urlparse(url)
    where = (parsed.scheme, parsed.netloc, parsed.path)
    assert where == ("https", "t.me", f"/{bot_username}"), url
    [payload] = parse_qs(parsed.query)["start"]
    return payload


def choose(options: Sequence[tuple[str, Press]], rng: random.Random, *,
           back_rate: float = 0.02, quick_rate: float = 0.9) -> str:
    """Press like a person in a hurry: Confirm when offered; at the first level mostly place
    a tile (or end a final turn); otherwise any option, now and then Back."""
    confirm = [d for d, p in options if p.kind == "confirm"]
    if confirm:
        return confirm[0]
    depth = max(len(p.path) for _, p in options)
    forward = [(d, p) for d, p in options if len(p.path) == depth]
    back = [d for d, p in options if len(p.path) < depth]
    if back and rng.random() < back_rate:
        return back[0]
    if depth == 1:
        for quick in ("p", "e"):
            preferred = [d for d, p in forward if p.path == (quick,)]
            if preferred and rng.random() < quick_rate:
                return preferred[0]
    return rng.choice(forward)[0]


# --- the world ---------------------------------------------------------------------------------


@dataclass
class Answer:
    """How the bot answered one press."""

    text: str | None
    alert: bool
    url: str | None


@dataclass
class World(BotWorld[FakeTelegramServer]):
    press_count: int = 0
    strict_answers: bool = True
    """Every press answered by exactly one (successful) answerCallbackQuery."""

    def new_process(self) -> BotProcess:
        return BotProcess(self.server, self.db_path, clock=self.clock)

    # people's actions, each waited for until the bot has fully reacted

    async def send(self, user: FakeUser, chat: FakeChat | None, text: str) -> list[MessageRecord]:
        """`user` writes `text`; returns the messages the bot sent in reply in that chat."""
        target = user.private_chat if chat is None else chat
        last = max(target.store, default=0)
        user.send(chat, text)
        await self.settle()
        return [m for m in target.bot_messages if m.message_id > last]

    async def open_private(self, user: FakeUser, payload: str | None = None
                           ) -> list[MessageRecord]:
        """`user` presses Start in their private chat with the bot (with a deep-link payload)."""
        chat = user.private_chat
        last = max(chat.store, default=0)
        user.start_private(payload)
        await self.settle()
        return [m for m in chat.bot_messages if m.message_id > last]

    async def press(self, user: FakeUser, message: MessageRecord, data: str | None = None, *,
                    text: str | None = None, force: bool = False) -> Answer:
        """`user` presses a button of `message` (found by data and/or text in its current
        keyboard; `force` sends `data` whatever the keyboard holds). Returns the answer,
        which must be exactly one."""
        query = user.press(message, data, text=text, force=force)
        self.press_count += 1
        await self.settle()
        answers = self.server.answers_for(query)
        assert len(answers) == 1 and answers[0].ok, answers
        params = answers[0].params
        return Answer(params.get("text"), bool(params.get("show_alert")), params.get("url"))

    # tables

    async def table(self, chat: FakeChat) -> TableRow:
        row = await self.store.active_table("telegram", str(chat.id), None)
        assert row is not None, f"no active table in {chat!r}"
        return row

    async def open_table(self, group: FakeChat, host: FakeUser, others: Sequence[FakeUser],
                         newcomer: FakeUser | None = None) -> int:
        """Open a Lanterns table and seat everyone through the buttons: the host and
        `others` have opened their private chat before; `newcomer` never did, so their Join
        press answers a deep link, and pressing Start there completes the join."""
        await self.open_private(host)
        for user in others:
            await self.open_private(user)
        [lobby_message] = await self.send(host, group, "/newgame lanterns")
        assert host.first_name in content(lobby_message)
        for user in others:
            answer = await self.press(user, lobby_message, button_data(lobby_message, "join"))
            assert not answer.alert and answer.text, answer
            assert user.first_name in content(lobby_message)
        if newcomer is not None:
            edits = lobby_message.edits
            answer = await self.press(newcomer, lobby_message,
                                      button_data(lobby_message, "join"))
            assert answer.url and not answer.alert, answer
            assert newcomer.first_name not in content(lobby_message)
            assert lobby_message.edits == edits  # nothing changes until they press Start
            payload = deep_link_payload(answer.url, self.server.bot_username)
            [welcome] = await self.open_private(newcomer, payload)
            assert group.title and group.title in content(welcome)
            assert newcomer.first_name in content(lobby_message)
            assert lobby_message.edits == edits + 1  # the same lobby message, edited
        return (await self.table(group)).id

    async def start_game(self, group: FakeChat, host: FakeUser) -> MessageRecord:
        """The host presses Start; returns the board message."""
        lobby_message = lobby(group)
        answer = await self.press(host, lobby_message, button_data(lobby_message, "start"))
        assert not answer.alert, answer
        assert lobby_message.deleted
        return board(group)

    def acting(self, players: Iterable[FakeUser]) -> FakeUser:
        """The one player whose panel offers choices."""
        found = [user for user in players if choices(user)]
        assert len(found) == 1, f"expected exactly one acting player, got {found}"
        return found[0]

    async def step(self, table_id: int, players: Sequence[FakeUser], rng: random.Random
                   ) -> tuple[FakeUser, str]:
        """The acting player presses one button of their panel; returns who and what."""
        user = self.acting(players)
        data = choose(choices(user), rng)
        before = await self.version(table_id)
        answer = await self.press(user, panel(user), data)  # type: ignore[arg-type]
        assert not answer.alert, (answer, data)
        after = await self.version(table_id)
        assert after in (before, before + 1), (before, after)
        self.moves += after - before
        return user, data

    async def play_move(self, table_id: int, players: Sequence[FakeUser],
                        rng: random.Random, max_presses: int = 60) -> None:
        """Press until one move has been applied."""
        before = await self.version(table_id)
        for _ in range(max_presses):
            await self.step(table_id, players, rng)
            if await self.version(table_id) != before:
                return
        raise AssertionError("no move applied")

    async def play_to_end(self, table_id: int, players: Sequence[FakeUser], rng: random.Random,
                          max_presses: int = 2500) -> None:
        for _ in range(max_presses):
            row = await self.store.get_table(table_id)
            assert row is not None
            if row.status != "playing":
                assert row.status == "finished", row.status
                return
            await self.step(table_id, players, rng)
        raise AssertionError("the game did not end")


# --- what must not change ------------------------------------------------------------------------


def chat_snapshot(chat: FakeChat) -> list[tuple[Any, ...]]:
    """Everything visible about a chat's messages (deleted ones and edit counts included)."""
    return [(m.message_id, m.deleted, m.edits, m.content, repr(m.reply_markup),
             m.media.file_unique_id if m.media else None) for m in chat.all_messages]


async def table_snapshot(store: Store, table_id: int) -> tuple[Any, ...]:
    row = await store.get_table(table_id)
    assert row is not None
    return row.version, row.status, row.state, await store.action_log(table_id)


# --- hidden information --------------------------------------------------------------------------


@dataclass
class Replayed:
    names: list[str]
    states: list[Any]
    public_lines: set[str]


async def replay_table(store: Store, table_id: int) -> Replayed:
    """Every state of the game from its seed and action log (checked against the stored
    state), and every line a public event of it reads as, in every language."""
    row = await store.get_table(table_id)
    assert row is not None and row.seed is not None
    seats = sorted((s for s in await store.list_seats(table_id) if s.seat is not None),
                   key=lambda s: s.seat or 0)
    names = [s.display_name for s in seats]
    state = SPEC.setup(len(seats), row.seed, {**SPEC.default_options, **(row.options or {})})
    states = [state]
    public: set[str] = set()
    for seat, action in await store.action_log(table_id):
        state, events = SPEC.apply(state, seat, action)
        states.append(state)
        for event in events:
            if event.visible_to(None):
                public.update(TR.render_label(lang, event.label, names) for lang in LANGUAGES)
    assert state == SPEC.from_dict(row.state or {})
    assert len(states) == row.version + 1
    return Replayed(names, states, public)


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _buttons(markup: dict[str, Any] | None) -> list[dict[str, Any]]:
    if not markup or "inline_keyboard" not in markup:
        return []
    return [button for row in markup["inline_keyboard"] for button in row]


def private_panel_texts(players: Iterable[FakeUser], public_lines: set[str]
                        ) -> tuple[set[str], set[str], set[str]]:
    """From every version of every panel the players got in private: the lines that are
    not a public event, the button texts and the menu callback data."""
    lines: set[str] = set()
    texts: set[str] = set()
    data: set[str] = set()
    for user in players:
        for message in user.private_chat.all_messages:
            versions = message.versions
            if not message.from_bot or not any(v.media is not None for v in versions):
                continue
            for version in versions:
                lines.update(line for line in _lines(version.caption or version.text)
                             if line not in public_lines)
                for button in _buttons(version.reply_markup):
                    texts.add(button["text"])
                    if "callback_data" in button:
                        data.add(button["callback_data"])
    return lines, texts, data


async def check_no_secrets_in_groups(store: Store, table_id: int, groups: Sequence[FakeChat],
                                     players: Sequence[FakeUser], log_text: str = "", *,
                                     bot_username: str = "fake_game_bot",
                                     twin_every: int = 3) -> tuple[int, int]:
    """No tile hand ever reached a group, nor the logs. For every version of every message
    the bot sent or edited in `groups`:

    * the picture is the public board of a state of this game (`board_png` of the public
      view, at versions in the order the game went through them), and rendering a twin
      state whose hands and draw stack are reshuffled gives the very same bytes (for every
      `twin_every`-th picture, the first and the last: each twin costs a render);
    * no line of its text is a line only a player saw in private (a menu, a preview, a
      drawn tile), and no button is a panel's (menu paths name tiles) or a panel's label;
    * URL buttons only open the bot's private chat.

    The logs contain no encoded placement, no panel callback data and no private line.
    Returns how many pictures were checked, and against how many twins.
    """
    game = await replay_table(store, table_id)
    versions_of: dict[bytes, list[int]] = {}
    for version, state in enumerate(game.states):
        versions_of.setdefault(board_png(SPEC.view(state, None), names=game.names),
                               []).append(version)
    private_lines, panel_button_texts, panel_data = private_panel_texts(players, game.public_lines)
    assert private_lines and panel_data, "the players saw no panel"
    seen: set[bytes] = set()
    pictures = twins = 0
    for chat in groups:
        for message in chat.all_messages:
            if not message.from_bot:
                continue
            last_version = 0
            for snapshot in message.versions:
                text = snapshot.caption if snapshot.media is not None else snapshot.text
                leaked = [line for line in _lines(text) if line in private_lines]
                assert not leaked, f"private lines in {message!r}: {leaked}"
                assert not ACTION.search(text or "")
                for button in _buttons(snapshot.reply_markup):
                    assert button["text"] not in panel_button_texts, button
                    if "callback_data" in button:
                        press = decode(button["callback_data"])
                        assert press.kind not in GAME_KINDS and not press.path, button
                    else:
                        assert deep_link_payload(button["url"], bot_username) == "p", button
                if snapshot.media is None:
                    continue
                photo = snapshot.media.data
                assert photo is not None
                assert photo in versions_of, (
                    f"a picture in {message!r} is not the public board of any state")
                # the same message shows the game moving forward, never back
                later = [v for v in versions_of[photo] if v >= last_version]
                assert later, f"{message!r} went back in time"
                last_version = later[0]
                pictures += 1
                if photo in seen:
                    continue
                seen.add(photo)
                if (len(seen) - 1) % twin_every and last_version != len(game.states) - 1:
                    continue
                twin = secret_twin(game.states[last_version], last_version)
                if twin is not None:
                    assert board_png(SPEC.view(twin, None), names=game.names) == photo
                    twins += 1
    for secret in panel_data:
        press = decode(secret)
        if len(press.path) >= 2:  # names a tile (or a colour) of a hand
            assert secret not in log_text, f"panel data {secret!r} in the logs"
    assert not ACTION.search(log_text), "an encoded placement in the logs"
    leaked = [line for line in private_lines if len(line) >= 8 and line in log_text]
    assert not leaked, f"private lines in the logs: {leaked}"
    return pictures, twins


def secret_twin(state: Any, seed: int) -> Any | None:
    """The same game as the group can tell, with every hand and the draw stack reshuffled
    (None when there is nothing left to reshuffle)."""
    for attempt in range(20):
        twin = scramble_secrets(state, -1, seed * 100 + attempt)  # -1: no seat is spared
        if twin != state:
            return twin
    return None
