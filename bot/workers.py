"""`python -m bot --workers N`: N worker processes serving Telegram's webhook on one port.

The supervisor (this process) binds the listening socket once and hands it to every worker
(`python -m bot --worker i`, the socket's descriptor inherited), which accept from it in
turn: gunicorn's and nginx's pre-fork design, with the kernel's one accept queue. Chosen over
SO_REUSEPORT sockets per process, where a killed worker's queued connections are reset with
it and any process of the same user binding the port would join in unasked; and over
gunicorn's aiohttp worker, which would own the whole bot's event loop and lifecycle (the
scheduler, the outboxes, Discord) for what is here a few dozen lines.

A worker that dies (a crash, a kill -9, the OOM killer) is started again in its slot after a
second, and shows every active table again (the messages the dead one had queued died with
it); one that fails right at start (a refused token, a broken configuration) stops them
all, since its successors would fail the same way. SIGTERM or SIGINT stops every worker
cleanly (each finishes its requests and delivers its queued messages) before the supervisor
exits. Workers share the database, so this needs PostgreSQL (`DATABASE_URL`): SQLite would
serialise them all on its one file lock.

The supervisor itself imports nothing heavy (the socket comes from bot/listening.py; aiogram,
the games and Pillow are the workers' business), so it is some 50 MB rather than 220, and
starts its workers within a second (tests/test_supervisor_imports.py). Only when a worker
dies does it open the database, to release that worker's claims.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bot.config import Settings
from bot.listening import listening_socket

log = logging.getLogger(__name__)

RESTART_AFTER_S = 1.0
STARTUP_S = 10.0
"""A worker failing sooner than this after its start is not restarted: the others stop."""
STOP_TIMEOUT_S = 30.0


@dataclass
class Slot:
    index: int
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    restarts: int = 0
    due: float = field(default=0.0)


def problems(settings: Settings, workers: int) -> list[str]:
    """Why `--workers` cannot run with these settings (empty: it can)."""
    found = []
    if workers < 1:
        found.append("--workers must be 1 or more")
    if workers > 1 and not settings.has_webhook:
        found.append("--workers above 1 needs Telegram webhooks: set TELEGRAM_BOT_TOKEN, "
                     "TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET (long polling "
                     "allows one process only)")
    if workers > 1 and settings.database_url is None:
        found.append("--workers above 1 needs PostgreSQL (DATABASE_URL=postgresql://...)")
    return found


def supervise(settings: Settings, workers: int) -> int:
    """Run `workers` worker processes until SIGTERM/SIGINT; the exit status."""
    sock = listening_socket(settings.telegram_webhook_host, settings.telegram_webhook_port)
    fd = sock.fileno()
    stopping: list[int] = []

    def stop(signum: int, frame: object) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    slots = [Slot(i) for i in range(workers)]
    status = 0
    log.info("Supervisor: %d workers on %s:%d", workers, settings.telegram_webhook_host,
             settings.telegram_webhook_port)
    try:
        while not stopping:
            now = time.monotonic()
            for slot in slots:
                if slot.process is None and now >= slot.due:
                    again = ["--restarted"] if slot.restarts else []
                    slot.process = subprocess.Popen(
                        [sys.executable, "-m", "bot", "--worker", str(slot.index),
                         "--listen-fd", str(fd), *again], pass_fds=(fd,))
                    slot.started = now
                    continue
                if slot.process is None or (code := slot.process.poll()) is None:
                    continue
                slot.process = None
                if code in (1, 2) and now - slot.started < STARTUP_S:
                    log.error("worker %d failed at start (exit status %d): stopping",
                              slot.index, code)
                    status = code
                    stopping.append(0)
                    break
                slot.restarts += 1
                slot.due = now + RESTART_AFTER_S
                _release_claims(settings, slot.index)
                log.warning("worker %d ended (%s); starting it again", slot.index,
                            f"signal {-code}" if code < 0 else f"exit status {code}")
            time.sleep(0.05)
    finally:
        _stop_all(slots)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sock.close()
    log.info("Supervisor: stopped")
    return status


def _release_claims(settings: Settings, worker: int) -> None:
    """Release every claim a dead worker held, at once: the updates it had taken (until
    then Telegram's redeliveries of them are refused, 503, and hold up their chats), the
    messages it was editing and the deadlines it was firing. Opening a store does the
    latter (bot/storage/processes.py: the dead pid is found gone). Its successor does it too
    when it starts, which takes seconds."""
    import asyncio

    from bot.storage import Store

    assert settings.telegram_bot_token is not None
    bot_id = settings.telegram_bot_token.get_secret_value().split(":", 1)[0]

    async def release() -> int:
        async with Store.open(settings.database, pool_size=1, label="supervisor") as store:
            return await store.release_worker_claims(bot_id, worker)

    try:
        released = asyncio.run(release())
    except Exception:
        log.warning("could not release worker %d's claims", worker, exc_info=True)
        return
    if released:
        log.info("released %d update(s) worker %d held when it died", released, worker)


def _stop_all(slots: list[Slot]) -> None:
    running = [s.process for s in slots if s.process is not None and s.process.poll() is None]
    for process in running:
        process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT_S
    for process in running:
        try:
            process.wait(max(deadline - time.monotonic(), 0.1))
        except subprocess.TimeoutExpired:
            log.warning("worker pid %d did not stop in time: killed", process.pid)
            process.kill()
            process.wait()
