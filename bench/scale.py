"""Several worker processes: Telegram by webhook, measured, and under faults.

`python -m bot --workers N` runs for real (fakes/webhook_workers.py) against the fake Bot API
server on 127.0.0.1, which delivers every update by webhook as Telegram does (one at a time
per chat, different chats in parallel over up to 40 connections, a failed delivery again).
Tables of 4-player Lanterns are opened through the real flow, then every table's players
press flat out (each as soon as their panel offers the next choices) for `--seconds`:

* at 1, 2 and 4 workers on PostgreSQL, and one process on SQLite: presses handled per second
  and the time from a press to its answer (median, p95);
* then, at `--fault-workers` workers on PostgreSQL, one worker is killed with SIGKILL under
  load and, later, PostgreSQL itself is restarted under load (`pg_ctlcluster`, as root; it is
  started again if it is found down at the end). After both, the checks: every update
  delivered and marked done (none lost), none handled to completion twice but for a press
  a killed worker had answered (its second run found the move made: the version refused it),
  every callback answered (one successful answer each), every board at its table's latest
  version.

The fake server does not enforce Telegram's flood budgets here, and the workers keep their
outboxes' default limits (an answer is never held back by them; panels and boards are).

    python -m bench.scale [--tables 8] [--seconds 15] [--workers 1,2,4] [--fault-workers 2]
                          [--skip-faults | --only-faults] [--database-url postgresql://postgres@127.0.0.1/test]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from bench.figures import ms, p95
from bench.telegram import Table, acting_panel, choose, open_tables, press_and_settle
from bot.payloads import BadPayload, decode
from fakes.telegram import FakeTelegramServer
from fakes.webhook_workers import WorkerGroup, postgres_role, wait_restarted

PG_RESTART = ["pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "restart"]
PG_START = ["pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "start"]


@dataclass
class Figures:
    answers: list[float] = field(default_factory=list)
    presses: int = 0
    errors: list[str] = field(default_factory=list)


async def drive(server: FakeTelegramServer, tables: list[Table], seconds: float,
                figures: Figures) -> float:
    """Every table's players pressing flat out until `seconds` are up; the seconds it took."""
    start = time.monotonic()
    deadline = start + seconds

    async def one(table: Table, rng: random.Random) -> None:
        while time.monotonic() < deadline and (found := acting_panel(table)) is not None:
            user, panel = found
            try:
                answer, _ = await press_and_settle(server, table, user, panel,
                                                   choose(panel, rng), board_too=False)
            except (AssertionError, ValueError) as error:  # a wait ran out, a button went
                figures.errors.append(f"{type(error).__name__}: {str(error)[:120]}")
                await asyncio.sleep(0.5)
                continue
            figures.answers.append(answer)
            figures.presses += 1

    await asyncio.gather(*(one(t, random.Random(i)) for i, t in enumerate(tables)))
    return time.monotonic() - start


def report(label: str, figures: Figures, elapsed: float) -> None:
    line = f"{label}: {figures.presses / elapsed:.1f} presses/s handled over {elapsed:.0f} s"
    if figures.answers:
        line += (f"; press -> answer median {ms(statistics.median(figures.answers))}, "
                 f"p95 {ms(p95(figures.answers))}")
    print(line, flush=True)
    if figures.errors:
        print(f"  {len(figures.errors)} presses gave up waiting: {figures.errors[0]}")


async def measured(database: str, workers: int, tables: int, seconds: float, label: str,
                   folder: Path) -> None:
    async with FakeTelegramServer(flood_control=None) as server:
        group = WorkerGroup(server, database, workers, folder)
        await group.start(timeout=600)
        try:
            opened = await open_tables(server, tables)
            figures = Figures()
            elapsed = await drive(server, opened, seconds, figures)
            report(label, figures, elapsed)
        finally:
            await group.stop()


async def faults(database: str, workers: int, tables: int, seconds: float, folder: Path
                 ) -> bool:
    """Kill a worker, then restart PostgreSQL, both under load; then check everything."""
    async with FakeTelegramServer(flood_control=None) as server:
        group = WorkerGroup(server, database, workers, folder)
        await group.start(timeout=600)
        try:
            opened = await open_tables(server, tables)
            figures = Figures()
            load = asyncio.create_task(drive(server, opened, seconds, figures))
            await asyncio.sleep(seconds * 0.2)
            serving = group.serving()
            killed = group.kill_worker()
            print(f"SIGKILL worker pid {killed} under load", flush=True)
            await asyncio.sleep(seconds * 0.3)
            print("restarting PostgreSQL under load", flush=True)
            took = time.monotonic()
            restart = await asyncio.create_subprocess_exec(
                *PG_RESTART, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if await restart.wait() != 0:
                raise RuntimeError("pg_ctlcluster could not restart PostgreSQL")
            print(f"  PostgreSQL back after {time.monotonic() - took:.1f} s", flush=True)
            elapsed = await load
            await wait_restarted(group, serving, timeout=600)
            report(f"{workers} workers with both faults", figures, elapsed)
            await server.wait_idle(quiet=1.0, timeout=180)
            return await check(server, group, database, opened)
        finally:
            await group.stop()


async def check(server: FakeTelegramServer, group: WorkerGroup, database: str,
                tables: list[Table]) -> bool:
    ok = True

    def verdict(name: str, good: bool, detail: str = "") -> None:
        nonlocal ok
        ok = ok and good
        print(f"  {'ok  ' if good else 'FAIL'} {name}{': ' + detail if detail else ''}")

    con = await asyncpg.connect(database)
    try:
        done = {r["update_id"] for r in await con.fetch(
            "SELECT update_id FROM seen_updates WHERE done_at IS NOT NULL")}
        open_claims = await con.fetch("SELECT update_id FROM seen_updates WHERE done_at IS NULL")
        versions = {r["chat_id"]: (r["id"], r["version"]) for r in await con.fetch(
            "SELECT id, chat_id, version FROM tables WHERE status IN ('playing', 'finished')")}
    finally:
        await con.close()
    queued = {u["update_id"] for u in server.updates}
    delivered = {d.update_id for d in server.webhook.deliveries if d.ok}
    failed = Counter(d.error.split(":")[0] for d in server.webhook.deliveries if not d.ok)
    verdict("every update delivered (none lost)", queued == delivered and not
            server.pending_updates, f"{len(queued)} updates, {sum(failed.values())} deliveries "
            f"failed and came again ({', '.join(f'{k} {v}' for k, v in failed.items())})")
    verdict("every update marked done", queued <= done and not open_claims,
            f"{len(queued - done)} not done, {len(open_claims)} claims open")
    handled = Counter(int(m) for m in re.findall(r"Update id=(\d+) is handled", group.text()))
    twice = [u for u, n in handled.items() if n > 1]
    redone = [u for u in twice if _is_press(server, u) and _answer_refused(server, u)]
    verdict("no update handled twice (but presses a killed worker had answered)",
            set(twice) == set(redone), f"{len(twice)} handled twice, {len(redone)} of them "
            "presses whose second run was refused by the table's version")
    unanswered = [q for q in server.callbacks
                  if [a.ok for a in server.answers_for(q)][:1] != [True]]
    verdict("every callback answered", not unanswered,
            f"{len(server.callbacks)} presses, {len(unanswered)} without an answer")
    stale = []
    for table in tables:
        table_id, version = versions[str(table.chat.id)]
        found = acting_panel(table)
        shown = {p.version for p in _presses(found[1])} if found else {version}
        boards = [m for m in table.chat.bot_messages if m.media is not None]
        shown |= {p.version for p in _presses(boards[-1]) if p.table == table_id}
        if shown != {version}:
            stale.append((table_id, version, shown))
    verdict("every board at its table's latest version", not stale, repr(stale[:3]))
    return ok


def _is_press(server: FakeTelegramServer, update_id: int) -> bool:
    return any(u["update_id"] == update_id and "callback_query" in u for u in server.updates)


def _answer_refused(server: FakeTelegramServer, update_id: int) -> bool:
    [update] = [u for u in server.updates if u["update_id"] == update_id]
    answers = server.answers_for(update["callback_query"]["id"])
    return len(answers) == 2 and answers[0].ok and not answers[1].ok


def _presses(message: object) -> list:
    found = []
    for row in getattr(message, "buttons", []):
        for button in row:
            try:
                found.append(decode(button.get("callback_data", "")))
            except BadPayload:
                continue
    return [p for p in found if p.kind in ("go", "confirm")]


def ensure_postgres_running(url: str) -> None:
    async def up() -> bool:
        try:
            con = await asyncpg.connect(url, timeout=5)
        except (OSError, asyncpg.PostgresError, TimeoutError):
            return False
        await con.close()
        return True

    if not asyncio.run(up()):
        print("PostgreSQL was down: starting it", flush=True)
        subprocess.run(PG_START, check=False)


async def main_async(args: argparse.Namespace) -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for workers in [] if args.only_faults else args.workers:
            async with postgres_role(args.database_url) as url:
                await measured(url, workers, args.tables, args.seconds,
                               f"{workers} worker{'s' if workers > 1 else ''}, PostgreSQL",
                               folder)
        if not args.only_faults:
            await measured(str(folder / "one.sqlite3"), 1, args.tables, args.seconds,
                           "1 process, SQLite", folder)
        if not args.skip_faults:
            async with postgres_role(args.database_url) as url:
                ok = await faults(url, args.fault_workers, args.tables, args.seconds * 2,
                                  folder)
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=lambda v: [int(n) for n in v.split(",")],
                        default=[1, 2, 4])
    parser.add_argument("--fault-workers", type=int, default=2)
    parser.add_argument("--skip-faults", action="store_true")
    parser.add_argument("--only-faults", action="store_true")
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(main_async(args))
    finally:
        ensure_postgres_running(args.database_url)


if __name__ == "__main__":
    raise SystemExit(main())
