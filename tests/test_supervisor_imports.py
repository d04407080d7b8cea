"""The `--workers` supervisor stays small: what it runs (bot/__main__.py's command line,
bot/workers.py, the listening socket of bot/listening.py) imports none of the heavy
libraries the workers need (aiogram alone is over 100 MB resident), so it is some 40 MB
instead of 214. Checked in a fresh interpreter, as the supervisor starts: the names loaded
after it has parsed its settings and bound the socket."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEAVY = ("aiogram", "aiohttp", "discord", "PIL", "mujoco", "numpy", "engine", "render",
         "sqlalchemy", "alembic")

SUPERVISOR = """
import json, sys
from bot.__main__ import parse_args
from bot.config import load_settings
from bot.workers import listening_socket, problems, supervise

args = parse_args(["--workers", "2"])
settings = load_settings()
sock = listening_socket("127.0.0.1", 0)
assert sock.get_inheritable() and sock.getsockname()[1] > 0
sock.close()
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""

LOADED = "import json, sys, bot.__main__; print(json.dumps(sorted(sys.modules)))"


def test_the_supervisor_imports_nothing_heavy(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SUPERVISOR], cwd=tmp_path, env={
        "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
        timeout=60, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "bot" in loaded
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_bot_itself_is_imported_only_to_run_it(tmp_path: Path) -> None:
    """`python -m bot`'s module imports the bot (bot.app and with it aiogram and the games)
    only when it runs one, so the same command line can start a small supervisor."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED], cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True,
        text=True, timeout=60, check=True)
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "bot.__main__" in loaded and "bot.app" not in loaded
    assert not {name.split(".")[0] for name in loaded} & set(HEAVY)
