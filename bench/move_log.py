"""What the game's log costs: `python -m bench.move_log`.

A 4-player Lanterns game played to its end by random legal moves (its events as the store
keeps them), then, each timed over `--repeat` runs (median and p95, milliseconds):

* since-line: what a turn's panel adds to its drawing (bot/move_log.since_for, a worker
  thread, no store call);
* whole log: the 📜 Moves page and the web's JSON (log_view, then log_screen's first page);
* catch-up: a new process reading every move of the game from SQLite before its first
  panel (MoveLog.catch_up: one read per action).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.i18n import Translator
from bot.move_events import events_to_json
from bot.move_log import Move, MoveLog, log_screen, log_view, since_for
from bot.storage import Store
from bot.table_screens import Player
from engine.registry import GAMES

SPEC = GAMES["lanterns"]


def played(seed: int) -> list[Move]:
    rng = random.Random(seed)
    state = SPEC.setup(4, seed, SPEC.default_options)
    moves = []
    while not SPEC.is_over(state):
        [seat] = SPEC.to_act(state)
        state, events = SPEC.apply(state, seat, rng.choice(list(SPEC.legal_actions(state, seat))))
        moves.append(Move(len(moves) + 1, seat, events))
    return moves


def timed(fn, repeat: int) -> str:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return (f"median {statistics.median(times):.2f} ms, "
            f"p95 {times[int(len(times) * 0.95) - 1]:.2f} ms")


async def catch_up_ms(moves: list[Move], repeat: int) -> str:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        table = await store.create_table("telegram", "-1", None, "lanterns", creator_id="0",
                                         language="en")
        for n in range(4):
            await store.add_seat(table.id, str(n), f"P{n}")
        await store.start_table(table.id, seed=1, state={}, seat_order=[str(n) for n in range(4)])
        for move in moves:
            await store.commit_action(table.id, move.n - 1, move.seat, "x", {},
                                      events=events_to_json(move.events))  # type: ignore[arg-type]
        times = []
        for _ in range(repeat):
            log = MoveLog(store, GAMES)
            start = time.perf_counter()
            read = await log.catch_up(table.id, len(moves))
            times.append((time.perf_counter() - start) * 1000)
            assert len(read) == len(moves)
        await store.close()
    times.sort()
    return (f"median {statistics.median(times):.1f} ms, "
            f"p95 {times[int(len(times) * 0.95) - 1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    tr = Translator.load()
    moves = played(args.seed)
    players = [Player(s, str(s), f"Player {s + 1}", "en") for s in range(4)]
    seat = (moves[-1].seat + 1) % 4  # the next to play: a whole round since their turn
    print(f"a 4-player Lanterns game of {len(moves)} moves")
    print("since-line (a panel):", timed(
        lambda: since_for(tr, "en", "lanterns", moves, players, seat), args.repeat))
    print("whole log (📜 page):", timed(
        lambda: log_screen(tr, "en", log_view(tr, "en", 1, "lanterns", moves, players, 0)),
        args.repeat))
    print("catch-up from SQLite:", asyncio.run(catch_up_ms(moves, max(args.repeat // 10, 5))))


if __name__ == "__main__":
    main()
