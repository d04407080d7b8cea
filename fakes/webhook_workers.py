"""`python -m bot --workers N` as a real child process, for the webhook tests and
bench/scale.py: its workers take updates from a `FakeTelegramServer` by webhook on loopback and
share a PostgreSQL database.

The workers read their settings from the environment only, so the database they share is a
fresh schema of its own (as fakes/store_backends.py gives each storage test) reached through a
fresh role whose search path it is: the DATABASE_URL names the role, and nothing else
changes. `postgres_role` makes both and drops them after.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Self
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from fakes.telegram import FakeTelegramServer

SECRET = "webhook-secret_for-tests"
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@asynccontextmanager
async def postgres_role(admin_url: str) -> AsyncIterator[str]:
    """A new role owning a new schema that is its search path; the URL to log in as it."""
    name = f"wh_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(admin_url, timeout=5)
    try:
        await admin.execute(f'CREATE ROLE "{name}" LOGIN')
        await admin.execute(f'CREATE SCHEMA "{name}" AUTHORIZATION "{name}"')
        await admin.execute(f'ALTER ROLE "{name}" SET search_path = "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(admin_url)
    netloc = f"{name}@{parts.hostname}:{parts.port or 5432}"
    try:
        yield urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    finally:  # a new connection: the server may have been restarted meanwhile
        admin = await asyncpg.connect(admin_url, timeout=30)
        try:
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE usename = $1", name)
            await admin.execute(f'DROP SCHEMA "{name}" CASCADE')
            await admin.execute(f'DROP ROLE "{name}"')
        finally:
            await admin.close()


class WorkerGroup:
    """The supervisor process and its workers; `log` is their shared stderr, as a file."""

    def __init__(self, server: FakeTelegramServer, database: str, workers: int, folder: Path,
                 **settings: str) -> None:
        self.server = server
        self.workers = workers
        self.port = free_port()
        self.log = folder / f"workers-{self.port}.log"
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_"))},
            "TELEGRAM_BOT_TOKEN": server.token,
            "TELEGRAM_API_SERVER": server.base_url,
            "TELEGRAM_WEBHOOK_URL": f"http://127.0.0.1:{self.port}/telegram",
            "TELEGRAM_WEBHOOK_SECRET": SECRET,
            "TELEGRAM_WEBHOOK_HOST": "127.0.0.1",
            "TELEGRAM_WEBHOOK_PORT": str(self.port),
            "PLAYGROUND": "0",
            "COMPUTER_PAUSE": "0",
            "LOG_LEVEL": "INFO",
            "PYTHONPATH": str(ROOT),
            **settings,
        }
        if database.startswith("postgresql://"):
            self.env["DATABASE_URL"] = database
        else:
            self.env.pop("DATABASE_URL", None)
            self.env["DATABASE_PATH"] = database
        self.folder = folder
        self.process: asyncio.subprocess.Process | None = None

    @property
    def url(self) -> str:
        return self.env["TELEGRAM_WEBHOOK_URL"]

    async def start(self, timeout: float = 60.0) -> None:
        """Start and wait until every worker serves and the webhook is set."""
        self._log_file = self.log.open("ab")
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--workers", str(self.workers), cwd=self.folder,
            env=self.env, stdout=self._log_file, stderr=self._log_file)
        await self.server.wait_until(
            lambda: self.serving() >= self.workers and self.server.webhook.url == self.url
            or self.process.returncode is not None, timeout, message="the workers serving")
        if self.process.returncode is not None:
            raise RuntimeError(f"the workers stopped: {self.text()[-3000:]}")

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def serving(self) -> int:
        """How many times a worker said it serves the webhook so far."""
        return self.text().count("Telegram webhook: worker ")

    def worker_pids(self) -> list[int]:
        assert self.process is not None
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def kill_worker(self) -> int:
        """SIGKILL one worker (the supervisor starts another in its slot); its pid."""
        pid = self.worker_pids()[-1]
        os.kill(pid, signal.SIGKILL)
        return pid

    async def stop(self, timeout: float = 40.0) -> int:
        """SIGTERM the supervisor and wait for it; its exit status."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            self.process.kill()
            code = await self.process.wait()
        self._log_file.close()
        return code

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()


async def wait_restarted(group: WorkerGroup, before: int, timeout: float = 30.0) -> None:
    """Until a worker started after `before` lines of serving."""
    deadline = time.monotonic() + timeout
    while group.serving() <= before:
        if time.monotonic() > deadline:
            raise TimeoutError("no worker came back")
        await asyncio.sleep(0.05)
