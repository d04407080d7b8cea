"""The container images (container/): `container/build` makes them from scratch — a Debian
base by debootstrap, the bot's multi-stage image, PostgreSQL's — and they run as the README's
"Containers" says: the bot alone on SQLite in its volume, and container/compose.yaml's bot on
PostgreSQL.

Not part of the suite (pyproject.toml's addopts leave this file out): a cold build takes
several minutes more than the whole suite may (debootstrap, PyPI; the README has the
figures), so `.ci/run` runs it on its own after the suite, once `container/engine` has
installed Docker (Debian's docker.io and docker-compose) and started it. Run it with
`.venv/bin/python -m pytest tests/test_container.py -n 0`. Without a running Docker it
fails, saying what to install: a container nobody started is no evidence.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IMAGE = "gamehost:latest"
PLAYGROUND_TITLE = "<title>Game table playground</title>"
# a hang guard, not a speed limit: the bot answers its operator port in about 20 s on a
# loaded 2-core machine (its imports and migrations), compose's in about 35 s
PATIENCE = 300.0

# A cold build (debootstrap, Debian's and PyPI's packages) took 15 minutes on a loaded
# 2-core machine; the suite's 600 s per test would cut it off.
pytestmark = pytest.mark.timeout(3600)


def _run(*args: str, env: dict[str, str] | None = None,
         timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)


def _ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"{result.args} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout.strip()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _until_answers(url: str, status: int, logs: list[str]) -> str:
    """`url`'s body once it answers `status`; fails with the container's log (`logs`'
    command) if it has not within PATIENCE."""
    deadline = time.monotonic() + PATIENCE
    last = "no answer"
    while time.monotonic() < deadline:
        try:
            code, body = _get(url)
        except (OSError, urllib.error.URLError) as error:
            last = repr(error)
        else:
            if code == status:
                return body
            last = f"{code} {body}"
        time.sleep(0.5)  # a real process starting in its container: nothing to inject
    log = _run(*logs)
    pytest.fail(f"{url} never answered {status} (last: {last}); the log:\n"
                f"{log.stdout[-4000:]}{log.stderr[-4000:]}")


@pytest.fixture(scope="module")
def images() -> None:
    """The images, built (or found up to date in Docker's cache) by container/build."""
    _ok(_run("container/build", timeout=3000))


def test_image_is_slim_and_runs_as_a_user(images: None) -> None:
    config = json.loads(_ok(_run("docker", "image", "inspect", IMAGE)))[0]["Config"]
    assert config["User"] == "gamehost"
    assert config["Entrypoint"] == ["gamehost"]
    assert "/data" in config["Volumes"]
    # the runtime stage has no pip and no compiler: only the venv and Debian's python3
    tools = _run("docker", "run", "--rm", "--entrypoint", "sh", IMAGE, "-c",
                 "for tool in pip pip3 gcc cc apt-get; do command -v $tool; done; "
                 "python3 -m pip --version")
    assert tools.stdout.split() == ["/usr/bin/apt-get"], tools.stdout
    assert "No module named pip" in tools.stderr


@pytest.fixture
def bot_on_sqlite(images: None) -> Iterator[tuple[str, int, int]]:
    name = f"gamehost-test-{secrets.token_hex(4)}"
    web, ops = _free_port(), _free_port()
    _ok(_run("docker", "run", "--detach", "--name", name,
             "--publish", f"127.0.0.1:{web}:8080", "--publish", f"127.0.0.1:{ops}:9100", IMAGE))
    try:
        yield name, web, ops
    finally:
        _run("docker", "rm", "--force", "--volumes", name)


def test_bot_serves_the_playground_on_sqlite(bot_on_sqlite: tuple[str, int, int]) -> None:
    name, web, ops = bot_on_sqlite
    logs = ["docker", "logs", name]
    assert _until_answers(f"http://127.0.0.1:{ops}/healthz", 200, logs).strip() == "ok"
    assert _until_answers(f"http://127.0.0.1:{ops}/readyz", 200, logs).startswith("ready")
    assert PLAYGROUND_TITLE in _until_answers(f"http://127.0.0.1:{web}/", 200, logs)
    # not root; the database in the volume, readable by its owner only
    assert _ok(_run("docker", "exec", name, "id", "-u")) == "10001"
    listing = _ok(_run("docker", "exec", name, "stat", "-c", "%U %a %n",
                       "/data/gamehost.sqlite3"))
    assert listing == "gamehost 600 /data/gamehost.sqlite3"
    # `docker stop` sends SIGTERM: the bot stops cleanly, status 0
    _ok(_run("docker", "stop", "--time", "60", name))
    state = json.loads(_ok(_run("docker", "inspect", name)))[0]["State"]
    assert state["ExitCode"] == 0, _run(*logs).stderr[-4000:]


@pytest.fixture
def compose() -> Iterator[tuple[list[str], dict[str, str], int, int]]:
    web, ops = _free_port(), _free_port()
    env = {**os.environ, "POSTGRES_PASSWORD": secrets.token_hex(12),
           "GAMEHOST_PORT": str(web), "GAMEHOST_OPS_PORT": str(ops)}
    command = ["docker-compose", "--project-name", f"gamehost-test-{secrets.token_hex(4)}",
               "--file", "container/compose.yaml"]
    try:
        yield command, env, web, ops
    finally:
        _run(*command, "down", "--volumes", "--timeout", "30", env=env)


def test_compose_serves_the_bot_on_postgresql(
        images: None, compose: tuple[list[str], dict[str, str], int, int]) -> None:
    command, env, web, ops = compose
    _ok(_run(*command, "up", "--detach", env=env))
    logs = [*command, "logs", "--no-color"]
    assert _until_answers(f"http://127.0.0.1:{ops}/healthz", 200, logs).strip() == "ok"
    assert _until_answers(f"http://127.0.0.1:{ops}/readyz", 200, logs).startswith("ready")
    assert PLAYGROUND_TITLE in _until_answers(f"http://127.0.0.1:{web}/", 200, logs)
    # the games are kept in PostgreSQL: the bot migrated it to its newest schema there
    schema = _ok(_run(*command, "exec", "-T", "postgres", "psql", "--username", "gamehost",
                      "--dbname", "gamehost", "--tuples-only", "--no-align", "--command",
                      "SELECT version_num FROM alembic_version", env=env))
    assert schema.isdigit(), schema
    # no SQLite file was made beside the playground's secret
    listing = _ok(_run(*command, "exec", "-T", "bot", "ls", "/data", env=env)).split()
    assert "gamehost.sqlite3" not in listing
