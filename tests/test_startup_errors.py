"""One clear line and exit status 2 for each common mistake at start-up, and patience with
a database that is not up yet (bot/ops/startup_errors.py).

The mistakes are made for real: `python -m bot` run with PostgreSQL's URL on a closed port,
a database that does not exist, a DATABASE_PATH under a file, a port another socket holds.
The retry runs against real PostgreSQL behind the loopback proxy, cut at the start."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.config import Settings
from bot.ops.startup_errors import StartupError, explain, retrying
from bot.storage import Store
from fakes.store_backends import postgres_url
from fakes.tcp_proxy import TcpProxy

REPO = Path(__file__).resolve().parents[1]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def held_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def run_bot(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with only these settings. A Telegram token whose server is a closed
    port: the bot has a platform (no banner about tokens), and the database or the port
    fails before Telegram is asked anything."""
    environment = {"PYTHONPATH": str(REPO), "LOG_LEVEL": "WARNING", "STARTUP_RETRY": "0",
                   "TELEGRAM_BOT_TOKEN": "123456:secret",
                   "TELEGRAM_API_SERVER": f"http://127.0.0.1:{closed_port()}",
                   "DATABASE_PATH": str(cwd / "bot.sqlite3"), **env}
    return subprocess.run([sys.executable, "-m", "bot"], check=False, cwd=cwd,
                          env=environment, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_postgresql_down(tmp_path: Path) -> None:
    port = closed_port()
    line = one_line(run_bot(tmp_path, DATABASE_URL=f"postgresql://gamehost@127.0.0.1:{port}/games"))
    assert line == (f"Cannot reach PostgreSQL at 127.0.0.1:{port} (connection refused): start it, "
                    "or fix the host and port in DATABASE_URL")


def test_postgresql_database_missing(tmp_path: Path) -> None:
    url = postgres_url().rsplit("/", 1)[0] + "/no_such_database_here"
    line = one_line(run_bot(tmp_path, DATABASE_URL=url))
    assert 'has no database "no_such_database_here": create it (createdb ' in line
    assert line.endswith("or name another in DATABASE_URL")


def test_database_path_not_writable(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    target = tmp_path / "a-file" / "bot.sqlite3"
    line = one_line(run_bot(tmp_path, DATABASE_PATH=str(target)))
    assert line == (f"Cannot write the SQLite database {target} (a part of the path is a file, "
                    "not a folder): set DATABASE_PATH to a file in a folder this user may "
                    "write to, or fix the folder's permissions")


def test_operator_port_in_use(tmp_path: Path, held_port: int) -> None:
    line = one_line(run_bot(tmp_path, OPS_PORT=str(held_port)))
    assert line == (f"Port {held_port} on 127.0.0.1 is in use by another program: stop it, "
                    "or set OPS_PORT to a free port")


def test_playground_port_in_use(tmp_path: Path, held_port: int) -> None:
    result = run_bot(tmp_path, TELEGRAM_BOT_TOKEN="", TELEGRAM_API_SERVER="", PLAYGROUND="1",
                     PLAYGROUND_PORT=str(held_port))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    # (after the banner saying how to get a token, since none is set)
    assert result.stderr.strip().splitlines()[-1] == (
        f"Port {held_port} on 127.0.0.1 is in use by another program: stop it, or set "
        "PLAYGROUND_PORT to a free port")
    assert "ERROR" not in result.stderr


# --- in-process: what each error says, and the retry -------------------------------------


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


async def test_a_missing_role_is_said_at_once_without_retrying() -> None:
    url = postgres_url().replace("postgresql://postgres@", "postgresql://no_such_role_x@")
    config = settings(database_url=SecretStr(url), startup_retry=60)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    with pytest.raises(StartupError) as raised:
        await retrying("the database", lambda: Store.open(url), config, sleep=sleep)
    assert 'refused role "no_such_role_x" (it does not exist or may not connect): create it ' \
           "(createuser" in str(raised.value)
    assert slept == []  # no wait can create a role


async def test_a_database_not_up_yet_is_waited_for() -> None:
    """PostgreSQL behind the proxy, cut when the bot starts and back during the first
    wait: the store opens on the second attempt."""
    target = postgres_url()
    from urllib.parse import urlsplit

    parts = urlsplit(target)
    async with TcpProxy((parts.hostname or "127.0.0.1", parts.port or 5432)) as proxy:
        url = proxy.url_for(target)
        config = settings(database_url=SecretStr(url), startup_retry=60)
        proxy.cut()
        slept: list[float] = []

        async def sleep(seconds: float) -> None:
            slept.append(seconds)
            proxy.restore()

        store = await retrying("the database", lambda: Store.open(url), config, sleep=sleep)
        try:
            assert await store.schema_version() > 0
        finally:
            await store.close()
        assert slept == [1.0]


async def test_patience_runs_out_with_the_line() -> None:
    port = closed_port()
    url = f"postgresql://postgres@127.0.0.1:{port}/test"
    config = settings(database_url=SecretStr(url), startup_retry=10)
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    with pytest.raises(StartupError) as raised:
        await retrying("the database", lambda: Store.open(url), config, sleep=sleep,
                       clock=lambda: now[0])
    assert slept == [1.0, 2.0, 4.0, 3.0]  # doubling, the last cut to what patience left
    assert str(raised.value).startswith(f"Cannot reach PostgreSQL at 127.0.0.1:{port} (")


def test_an_unknown_error_is_not_explained() -> None:
    assert explain(ValueError("a bug"), settings()) is None
    assert explain(asyncio.CancelledError(), settings()) is None


def test_privileged_and_foreign_addresses() -> None:
    config = settings(playground_port=80)
    denied = OSError(13, "error while attempting to bind on address ('0.0.0.0', 80): "
                         "permission denied")
    assert explain(denied, config) == ("Cannot listen on 0.0.0.0:80 (ports below 1024 need "
                                       "root): set PLAYGROUND_PORT to a port above 1023")
    foreign = OSError(99, "error while attempting to bind on address ('10.9.9.9', 8080): "
                          "cannot assign requested address")
    assert "10.9.9.9 is no address of this machine" in (explain(foreign, settings()) or "")


if os.name != "posix":  # pragma: no cover
    pytest.skip("POSIX errors", allow_module_level=True)
