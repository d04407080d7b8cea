"""Telegram figures, through the fake Bot API server on 127.0.0.1 with the real aiogram client,
the real table service and a real SQLite file:

* presses handled per second with many concurrent tables (every table a 4-player Lanterns
  game whose players keep pressing the buttons of their panels), flat out and at a steady
  offered rate, with the median and p95 time from a press arriving to its answer, and to
  the board edit for moves;
* messages sent or edited per move, other than the mover's own panel, averaged over whole
  4-player games played one at a time: Telegram's global limit of about 30 messages a
  second, not the CPU, is what caps how many tables one bot serves.

The outbox's rate limits are off for those, so the figures measure the bot, not Telegram's
limits. Then, paced:

* tables pressing flat out against a fake server that enforces Telegram's budgets as strictly
  as Telegram does (fakes/telegram/flood.py), with the outbox's default limits: the
  flood-control errors met (none, when the outbox keeps inside the budgets on its own), the
  time from a press to its answer (never held back by the budgets), the board edits per move
  and how many moves were told in the chat (every one, however many edits were saved: by a
  board's caption, or by a message of the earlier moves a caption had no room for).

    python -m bench.telegram [--tables 200] [--seconds 20] [--games 3] [--rate 10]
                             [--paced-tables 30] [--paced-seconds 60] [--paced-game lanterns]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench.figures import ms, p95
from bot.i18n import Translator
from bot.storage import Store
from bot.table_posts import events_from_json
from bot.table_screens import players_of
from bot.tables import TableService
from bot.telegram import OutboxLimits, TelegramBot
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser, FloodControl, MessageRecord

BACK_PREFIXES = ("Back",)
SENDING = {"sendMessage", "sendPhoto", "editMessageMedia", "editMessageCaption",
           "editMessageText", "editMessageReplyMarkup"}


_NONE = type("NoMessage", (), {"buttons": []})()


@dataclass
class Table:
    chat: FakeChat
    users: list[FakeUser]


@dataclass
class Figures:
    answer: list[float] = field(default_factory=list)  # press -> answerCallbackQuery
    board: list[float] = field(default_factory=list)  # confirm -> board edit
    presses: int = 0


async def open_tables(server: FakeTelegramServer, count: int, game: str = "lanterns"
                      ) -> list[Table]:
    """Tables through the real flow: DMs opened, /newgame, Join, Start."""
    tables = []
    for i in range(count):
        users = [server.user(f"P{i}.{k}", language_code="en") for k in range(4)]
        for user in users:
            user.start_private()
        chat = server.supergroup(f"Bench {i}", owner=users[0], members=users)
        tables.append(Table(chat, users))
    await server.wait_until(lambda: all(u.private_chat.last_message(from_bot=True)
                                        for t in tables for u in t.users), timeout=300)
    for table in tables:
        table.users[0].send(table.chat, f"/newgame {game}")
    await server.wait_until(lambda: all(_lobby(t) for t in tables), timeout=300)
    for table in tables:
        lobby = _lobby(table)
        for user in table.users[1:]:
            user.press(lobby, _data(lobby, "j:"))
    await server.wait_until(lambda: all(
        all(u.first_name in (_lobby(t).text or "") for u in t.users) for t in tables), timeout=300)
    for table in tables:
        lobby = _lobby(table)
        table.users[0].press(lobby, _data(lobby, "s:"))
    await server.wait_until(lambda: all(acting_panel(t) for t in tables), timeout=300)
    await server.wait_idle(quiet=0.3, timeout=120)
    return tables


def _lobby(table: Table) -> MessageRecord | None:
    message = table.chat.last_message(from_bot=True)
    return message if message is not None and any(
        b.get("callback_data", "").startswith("j:") for b in _buttons(message)) else None


def board_version(data: str) -> int:
    """The board version a game button was drawn for (`g:<table>:<version>:<path>`)."""
    return int(data.split(":")[2])


def _buttons(message: MessageRecord) -> list[dict]:
    return [button for row in message.buttons for button in row]


def _data(message: MessageRecord, prefix: str) -> str:
    for button in _buttons(message):
        if button.get("callback_data", "").startswith(prefix):
            return button["callback_data"]
    raise LookupError(prefix)


def acting_panel(table: Table) -> tuple[FakeUser, MessageRecord] | None:
    """The player whose private panel offers the newest choices, and that panel (a mover's
    old panel may still show buttons for a moment after their move)."""
    best = None
    for user in table.users:
        panel = user.private_chat.last_message(from_bot=True)
        versions = [board_version(b["callback_data"]) for b in _buttons(panel or _NONE)
                    if b.get("callback_data", "")[:2] in ("g:", "c:")]
        if versions and (best is None or max(versions) > best[0]):
            best = (max(versions), user, panel)
    return best and (best[1], best[2])


def choose(panel: MessageRecord, rng: random.Random) -> str:
    """Like a person: Confirm when offered, else place a tile (or any other option)."""
    data = [b["callback_data"] for b in _buttons(panel) if "callback_data" in b
            and not b["text"].startswith(BACK_PREFIXES)]
    confirm = [d for d in data if d.startswith("c:")]
    if confirm:
        return confirm[0]
    places = [d for d in data if d.endswith((":p", ".p")) or ":p." in d]
    return rng.choice(places or data)


async def press_and_settle(server: FakeTelegramServer, table: Table, user: FakeUser,
                           panel: MessageRecord, data: str, *, board_too: bool = True
                           ) -> tuple[float, float | None]:
    """Press, wait until the bot has answered and redrawn what the press changes; returns the
    seconds to the answer and, for a move, to the board edit (unless not `board_too`: then
    the next player presses as soon as their choices are there, ahead of the board)."""
    group = table.chat.id
    edits_before = panel.edits
    mark = server.mark()
    start = time.monotonic()
    query = user.press(panel, data)
    [answer] = await server.wait_for(
        lambda c: c.method == "answerCallbackQuery" and c.params.get("callback_query_id") == query,
        since=mark, timeout=60)
    board = None
    if data.startswith("c:") and not board_too:
        version = board_version(data)
        await server.wait_until(lambda: _finished(table) or any(
            board_version(d) > version for d in _acting_data(table)), timeout=120)
    elif data.startswith("c:"):
        [edit] = await server.wait_for(
            lambda c: c.method.startswith("editMessage") and c.chat_id == group,
            since=mark, timeout=60)
        board = edit.time - start
        version = board_version(data)
        # the next choices are on screen once a panel offers buttons of the new version
        await server.wait_until(lambda: _finished(table) or any(
            board_version(d) > version for d in _acting_data(table)), timeout=60)
    else:
        await server.wait_until(lambda: panel.edits > edits_before, timeout=60)
    return answer.time - start, board


def _acting_data(table: Table) -> list[str]:
    found = acting_panel(table)
    return [b["callback_data"] for b in _buttons(found[1]) if "callback_data" in b] if found else []


async def drive(server: FakeTelegramServer, table: Table, figures: Figures, deadline: float,
                rng: random.Random, think: float = 0.0, board_too: bool = True) -> None:
    """One table's players pressing until the deadline: as fast as the bot answers, or after
    a random pause of `think` seconds on average, as people do."""
    while time.monotonic() < deadline and (found := acting_panel(table)) is not None:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        user, panel = found
        answer, board = await press_and_settle(server, table, user, panel, choose(panel, rng),
                                               board_too=board_too)
        figures.answer.append(answer)
        figures.presses += 1
        if board is not None:
            figures.board.append(board)


def _finished(table: Table) -> bool:
    """The board (the group's picture) has lost its buttons: the game is over."""
    boards = [m for m in table.chat.bot_messages if m.media is not None]
    return bool(boards) and not any(b.get("callback_data", "").startswith("h:")
                                    for b in _buttons(boards[-1]))


async def load(server: FakeTelegramServer, opened: list[Table], seconds: float,
               rate: float | None) -> None:
    """Every table pressing at once: flat out (`rate` None) or at `rate` presses a second in
    all, spread over the tables at random moments."""
    figures = Figures()
    think = len(opened) / rate if rate else 0.0
    start = time.monotonic()
    deadline = start + seconds
    await asyncio.gather(*(drive(server, t, figures, deadline, random.Random(i), think)
                           for i, t in enumerate(opened)))
    elapsed = time.monotonic() - start
    offered = f"offered {rate:.0f} presses/s" if rate else "pressing flat out"
    print(f"{len(opened)} concurrent tables, {offered}: {figures.presses / elapsed:.1f} presses/s "
          f"handled over {elapsed:.0f} s")
    print(f"  press -> answer:     median {ms(statistics.median(figures.answer))}, "
          f"p95 {ms(p95(figures.answer))}")
    if figures.board:
        print(f"  move  -> board edit: median {ms(statistics.median(figures.board))}, "
              f"p95 {ms(p95(figures.board))} ({len(figures.board)} moves)")


async def messages_per_move(server: FakeTelegramServer, games: int) -> None:
    """Whole games, one at a time, so every API call belongs to the move that caused it."""
    per_move: list[int] = []
    kinds: Counter = Counter()
    for g in range(games):
        [table] = await open_tables(server, 1)
        rng = random.Random(1000 + g)
        dms = {u.private_chat.id: u for u in table.users}
        while (found := acting_panel(table)) is not None:
            user, panel = found
            data = choose(panel, rng)
            mark = server.mark()
            await press_and_settle(server, table, user, panel, data)
            await server.wait_idle(quiet=0.05, timeout=30)
            if not data.startswith("c:"):
                continue  # menu navigation
            calls = [c for c in server.calls[mark:] if c.method in SENDING and c.ok]
            counted = [c for c in calls if dms.get(c.chat_id) is not user]
            per_move.append(len(counted))
            kinds.update(c.method for c in counted)
    print(f"messages sent or edited per move (mover's panel excluded), {games} whole 4-player "
          f"games: mean {statistics.mean(per_move):.2f}, max {max(per_move)} over {len(per_move)} moves")
    print("  by method: " + ", ".join(f"{k} {v / len(per_move):.2f}" for k, v in kinds.most_common()))


async def paced(translator: Translator, tables: int, seconds: float, game: str) -> None:
    """Flat out against Telegram's budgets, with the outbox's default limits."""
    flood = FloodControl()
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegramServer(flood_control=flood) as server, \
                Store.open(Path(folder) / "p.db") as store:
            service = TableService(store, translator)
            async with TelegramBot(service, store, translator, token=server.token,
                                   api_server=server.base_url, polling_timeout=1) as telegram:
                opened = await open_tables(server, tables, game)
                ids = [(await store.active_table("telegram", str(t.chat.id), None)).id
                       for t in opened]
                figures = Figures()
                mark = server.mark()
                start = time.monotonic()
                await asyncio.gather(*(
                    drive(server, t, figures, start + seconds, random.Random(i), board_too=False)
                    for i, t in enumerate(opened)))
                elapsed = time.monotonic() - start
                assert await telegram.outbox.flush(600), "the outbox did not drain"
                await server.wait_idle(quiet=0.3, timeout=120)
                moves = told = in_captions = edits = summed = notes = 0
                counted = translator.t("en", "table-moves-earlier", count=2).split(" ", 1)[1]
                for table, table_id in zip(opened, ids):
                    said = await _moves_said(store, translator, table_id)
                    boards = [m for m in table.chat.bot_messages if m.media is not None]
                    captions = [v.caption or "" for m in boards for v in m.versions]
                    texts = [v.text or v.caption or "" for m in table.chat.bot_messages
                             for v in m.versions]  # every version of everything shown
                    moves += len(said)
                    told += sum(1 for move in said if not move or any(
                        all(line in text for line in move) for text in texts))
                    in_captions += sum(1 for move in said if not move or any(
                        all(line in caption for line in move) for caption in captions))
                    edits += sum(m.edits for m in boards)
                    summed += sum(counted in caption for caption in captions)
                    notes += sum(1 for m in table.chat.bot_messages if m.media is None and (
                        m.text or "").startswith(translator.t("en", "table-moves-earlier-list")))
    calls = server.calls[mark:]
    refused = Counter(f"{r.scope} ({'group' if str(r.chat_id).startswith('-') else 'private'})"
                      for r in flood.refused)
    sent = sum(1 for c in calls if c.method in SENDING and c.ok)
    print(f"{tables} {game} tables pressing flat out for {elapsed:.0f} s against Telegram's "
          f"budgets, default outbox limits: {figures.presses} presses, {moves} moves, "
          f"{sent} messages sent or edited")
    print(f"  flood-control errors (429): {sum(refused.values())}"
          + (f" ({', '.join(f'{k} {v}' for k, v in refused.most_common())})" if refused else ""))
    print(f"  press -> answer: median {ms(statistics.median(figures.answer))}, "
          f"p95 {ms(p95(figures.answer))}")
    print(f"  board edits per move {edits / max(moves, 1):.2f}; moves told in the chat: "
          f"{told} of {moves} ({in_captions} in a board's caption; {summed} captions left "
          f"earlier moves to {notes} messages of their own)")


async def _moves_said(store: Store, translator: Translator, table_id: int
                      ) -> list[tuple[str, ...]]:
    """What each move of a table says in public (the board's language), in order."""
    table = await store.get_table(table_id)
    names = [p.name for p in players_of(await store.list_seats(table_id), table.language)]
    said = []
    for n in range(1, len(await store.action_log(table_id)) + 1):
        record = await store.action_record(table_id, n)
        events = events_from_json(record.events) if record and record.events else ()
        said.append(tuple(translator.render_label(table.language, e.label, names)
                          for e in events if e.visible_to(None)))
    return said


async def run(tables: int, seconds: float, games: int, rate: float, paced_tables: int,
              paced_seconds: float, paced_game: str) -> None:
    logging.basicConfig(level=logging.WARNING)
    translator = Translator.load()
    if paced_tables:
        await paced(translator, paced_tables, paced_seconds, paced_game)
    if not tables:
        return
    limits = OutboxLimits(per_chat=None, per_group=None, overall=None)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegramServer() as server, Store.open(Path(folder) / "b.db") as store:
            service = TableService(store, translator)
            async with TelegramBot(service, store, translator, token=server.token,
                                   api_server=server.base_url, limits=limits, polling_timeout=1):
                if games:
                    await messages_per_move(server, games)
                opened = await open_tables(server, tables)
                await load(server, opened, seconds, None)
                await load(server, opened, seconds, rate)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rate", type=float, default=10,
                        help="presses a second offered in all, for the latency figures")
    parser.add_argument("--paced-tables", type=int, default=30,
                        help="tables for the run against Telegram's budgets (0: none)")
    parser.add_argument("--paced-seconds", type=float, default=60)
    parser.add_argument("--paced-game", default="lanterns")
    args = parser.parse_args(argv)
    asyncio.run(run(args.tables, args.seconds, args.games, args.rate, args.paced_tables,
                    args.paced_seconds, args.paced_game))


if __name__ == "__main__":
    main()
