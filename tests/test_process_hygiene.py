"""No process outlives the bot (bot/child_processes.py): the drawing processes, the
computer players' thinking process and multiprocessing's resource tracker end with the bot
process that started them, whether it stops on SIGTERM or is killed with SIGKILL; and a
failure is logged with its traceback, its exception's text withheld (bot/log_format.py).

Real processes: `python -m bot` on the fake Telegram server (fakes/webhook_workers.py) with a
game started, so that its drawing pool runs; and a small script that starts both pools.
The guards (seconds) only bound a hang: a child notices its parent gone within half a second.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from bot import child_processes, pictures
from bot.log_format import Formatter, withheld_traceback
from bot.storage.processes import Identity, alive, this_process
from fakes.telegram import FakeTelegramServer
from fakes.webhook_workers import WorkerGroup

pytestmark = pytest.mark.timeout(240)

ROOT = Path(__file__).resolve().parents[1]

# Starts the drawing pool (2 processes) and the thinking pool, then waits to be killed.
POOLS = """
import asyncio, sys
from bot import pictures, thinking

pictures.configure(2)
futures = [pictures._worker_pool().submit(len, "ab") for _ in range(4)]
assert [f.result() for f in futures] == [2] * 4
assert thinking._worker_pool().submit(len, "abc").result() == 3
print("pools", flush=True)
sys.stdin.readline()  # the test has seen the pools: end (or be killed meanwhile)
if sys.argv[1] == "exit":
    import os
    os._exit(0)  # as a webhook worker ends: no atexit hook runs
asyncio.run(asyncio.sleep(3600))
"""


# As the `gamehost` console script starts the bot (pip's script: it imports bot.cli). A pool
# process ("spawn") runs its parent's main script again as it starts, so whatever bot.cli
# imports at its top, every drawing, thinking and physics process imports too.
CONSOLE_SCRIPT = """
import os, sys
from bot.cli import main
if __name__ == "__main__":
    from bot import pictures
    print(pictures._worker_pool().submit(os.getpid).result(), flush=True)
    sys.stdin.readline()
"""


def descendants(pid: int) -> list[Identity]:
    """Every process below `pid`, as identities that tell a reused pid apart."""
    found: list[Identity] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                identity = Identity(this_process().machine, child, _started(child))
                if identity.started and identity not in found:
                    found.append(identity)
                    todo.append(child)
    return found


def _started(pid: int) -> str:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return text.rpartition(")")[2].split()[19]


async def all_gone(processes: list[Identity], guard: float = 15.0) -> list[Identity]:
    """Wait until none of `processes` lives (a zombie counts as gone); those left."""
    deadline = time.monotonic() + guard
    while True:
        left = [p for p in processes if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        await asyncio.sleep(0.1)


@pytest.mark.parametrize("ending", ["kill", "exit"])
async def test_both_pools_end_with_their_parent(ending: str) -> None:
    """Killed with SIGKILL, or ended with os._exit (no atexit hook), the parent leaves no
    drawing process, no thinking process and no resource tracker behind."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", POOLS, ending, cwd=ROOT, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdin is not None and process.stdout is not None
    assert await asyncio.wait_for(process.stdout.readline(), 60) == b"pools\n"
    # the parent waits for our line, so its children are still its own while we look
    children = descendants(process.pid)
    assert len(children) >= 4  # two drawing, one thinking, the resource tracker
    if ending == "kill":
        process.send_signal(signal.SIGKILL)
    else:
        process.stdin.write(b"end\n")
        await process.stdin.drain()
    await process.wait()
    assert await all_gone(children) == []


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
async def test_a_bot_process_leaves_no_process_behind(tmp_path: Path, how: signal.Signals
                                                      ) -> None:
    """`python -m bot` with a game on (its board drawn by its drawing process): stopped with
    SIGTERM it stops its pools on the way out; killed with SIGKILL its pools notice."""
    from bench.telegram import open_tables

    async with FakeTelegramServer() as server:
        group = WorkerGroup(server, str(tmp_path / "bot.sqlite3"), 1, tmp_path,
                            DRAWING_PROCESSES="1")
        await group.start(timeout=120)
        try:
            await open_tables(server, 1)
            assert group.process is not None
            children = descendants(group.process.pid)
            assert len(children) >= 2, group.text()[-2000:]  # drawing, resource tracker
            group.process.send_signal(how)
            code = await asyncio.wait_for(group.process.wait(), 60)
        finally:
            await group.stop()
        assert code == (0 if how == signal.SIGTERM else -signal.SIGKILL), group.text()[-2000:]
        assert await all_gone(children) == []
        assert "Traceback" not in group.text(), group.text()[-3000:]


async def test_a_pool_process_of_the_console_script_loads_no_database_library(
        tmp_path: Path) -> None:
    """Started as `gamehost`, a drawing process loads what drawing needs, not SQLAlchemy
    (which bot.cli once imported at its top: some 20 MB in every pool process)."""
    script = tmp_path / "gamehost"
    script.write_text(CONSOLE_SCRIPT, encoding="utf-8")
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(script), cwd=tmp_path, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdin is not None and process.stdout is not None
    try:
        child = int(await asyncio.wait_for(process.stdout.readline(), 60))
        assert child != process.pid
        maps = Path(f"/proc/{child}/maps").read_text()
        assert "sqlalchemy" not in maps  # its compiled modules: loaded with the package
    finally:
        process.stdin.write(b"end\n")
        await process.stdin.drain()
        await process.wait()


def test_a_pool_that_will_not_stop_is_terminated() -> None:
    """`stop` gives busy processes a grace period, then ends them."""
    pool = child_processes.pool(1)
    busy = pool.submit(time.sleep, 60)
    [process] = list(pool._processes.values())  # type: ignore[attr-defined]
    while not busy.running():
        time.sleep(0.01)
    child_processes.stop(pool, grace=0.2)
    process.join(5)
    assert not process.is_alive()


def test_no_drawing_process_when_the_setting_is_zero() -> None:
    pictures.configure(0)
    try:
        assert pictures._worker_pool() is None
    finally:
        pictures.configure(pictures.DEFAULT_PROCESSES)
    with pytest.raises(ValueError):
        pictures.configure(-1)


def test_a_failure_is_logged_with_its_traceback_and_without_its_text() -> None:
    card = "secret: red 3"

    def deal(hand: dict[str, int]) -> int:
        return hand[card]

    try:
        try:
            deal({})
        except KeyError as error:
            raise RuntimeError(f"while showing {card}") from error
    except RuntimeError as error:
        caught = error
    text = withheld_traceback(caught)
    assert "in deal" in text and "return hand[card]" in text  # where it failed
    assert "KeyError (its text withheld" in text and "RuntimeError (its text withheld" in text
    assert "direct cause" in text
    assert card not in text  # not what it was working on
    assert text.index("KeyError") < text.index("RuntimeError")  # in Python's order
    # the database's and the network's errors keep their text: it is about them
    assert withheld_traceback(ConnectionResetError(104, "reset by peer")).endswith(
        "ConnectionResetError: [Errno 104] reset by peer")
    record = logging.LogRecord("bot", logging.ERROR, __file__, 1, "a press failed", None,
                               (type(caught), caught, caught.__traceback__))
    formatted = Formatter("%(message)s").format(record)
    assert "a press failed" in formatted and "in deal" in formatted and card not in formatted
