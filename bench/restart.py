"""A bot killed mid-edit, and how soon its players' panels answer again:
`python -m bench.restart`.

`python -m bot` runs for real on PostgreSQL against the fake Bot API server (by webhook, as
fakes/webhook_workers.py runs it). A table of 4-player Lanterns is opened through the real
flow; then every request to the acting player's private chat meets flood control for a
minute, so the bot waits it out while it holds its claim on that player's panel, and it is
killed with SIGKILL. It is started again at once, the player presses the panel as soon as
the bot serves, and the bench prints, for each of `--rounds` rounds:

* the restart: from the kill until the new process serves;
* the answer: from that press until the panel is edited (a claim its killed owner held must
  not hold it up: before claims named their owner, it waited for the two-minute lease);
* how many processes the killed one left behind (its drawing process and multiprocessing's
  resource tracker used to stay for good): counted two seconds after the kill.

    python -m bench.restart [--rounds 3] [--database-url postgresql://postgres@127.0.0.1/test]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.telegram import acting_panel, choose, open_tables
from bot.storage.processes import Identity, alive, this_process
from fakes.telegram import FakeTelegramServer
from fakes.webhook_workers import WorkerGroup, postgres_role


def descendants(pid: int) -> list[Identity]:
    """Every process below `pid` (from /proc), as identities that tell a reused pid apart."""
    found: list[Identity] = []
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
            for child in children:
                try:
                    started = Path(f"/proc/{child}/stat").read_text().rpartition(")")[2]
                except OSError:
                    continue
                found.append(Identity(this_process().machine, child, started.split()[19]))
                todo.append(child)
    return found


async def one_round(server: FakeTelegramServer, url: str, folder: Path, rng: random.Random
                    ) -> tuple[float, float, int]:
    first = WorkerGroup(server, url, 1, folder)
    await first.start(timeout=120)
    [table] = await open_tables(server, 1)
    found = acting_panel(table)
    assert found is not None
    user, panel = found
    fault = server.inject_flood(chat_id=user.private_chat.id, times=10**6, retry_after=60)
    user.press(panel, choose(panel, rng))
    await server.wait_until(lambda: bool(fault.hits), timeout=60)
    assert first.process is not None
    children = descendants(first.process.pid)
    killed = time.monotonic()
    first.process.kill()
    await first.process.wait()
    first._log_file.close()
    fault.remaining = 0
    second = WorkerGroup(server, url, 1, folder)
    await second.start(timeout=120)
    serving = time.monotonic()
    try:
        found = acting_panel(table)
        assert found is not None
        user, panel = found
        edits = panel.edits
        pressed = time.monotonic()
        user.press(panel, choose(panel, rng))
        await server.wait_until(lambda: panel.edits > edits, timeout=180)
        answered = time.monotonic() - pressed
        await asyncio.sleep(max(0.0, killed + 2.0 - time.monotonic()))
        left = sum(1 for child in children if alive(child))
    finally:
        await second.stop()
    return serving - killed, answered, left


async def run(rounds: int, database_url: str) -> None:
    rng = random.Random(5)
    restarts, answers, lefts = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for n in range(rounds):
            async with FakeTelegramServer() as server, postgres_role(database_url) as url:
                restart, answer, left = await one_round(server, url, Path(folder), rng)
            print(f"round {n + 1}: restart {restart:.1f} s, then the panel answered in "
                  f"{answer * 1000:.0f} ms; processes left by the killed one: {left}",
                  flush=True)
            restarts.append(restart)
            answers.append(answer)
            lefts.append(left)
    print(f"killed mid-edit on PostgreSQL, {rounds} rounds: restart median "
          f"{statistics.median(restarts):.1f} s; the panel's answer after it median "
          f"{statistics.median(answers) * 1000:.0f} ms, worst {max(answers) * 1000:.0f} ms; "
          f"processes left behind: {sum(lefts)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args(argv)
    asyncio.run(run(args.rounds, args.database_url))


if __name__ == "__main__":
    main()
