#!/usr/bin/env python3
"""The project's two commands, needing nothing but Python 3.11+ with pip:

    python3 tasks.py run     set everything up, then run the bot (with no token: the web
                             playground at http://127.0.0.1:8080)
    python3 tasks.py test    set everything up, then run the test suite

(and `python3 tasks.py bench` for the benchmarks). Setting up means: create `.venv` if it is
missing and `pip install -e .[dev]` into it whenever pyproject.toml changed since the last
install. Extra arguments go to the command: `python3 tasks.py test -k lanterns -x`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".installed"
COMMANDS = {
    "run": ["-m", "bot"],
    "test": ["-m", "pytest", "-n", "auto", "--dist", "worksteal"],  # one worker per core
    "bench": ["-m", "bench"],
}


def ensure_environment() -> None:
    if not PYTHON.exists():
        print(f"Creating {VENV.name} with Python {sys.version.split()[0]}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pyproject = ROOT / "pyproject.toml"
    if not STAMP.exists() or STAMP.stat().st_mtime < pyproject.stat().st_mtime:
        subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-e", f"{ROOT}[dev]"], check=True)
        STAMP.touch()  # written last, so a failed install is retried next time


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    ensure_environment()
    os.chdir(ROOT)
    command = [str(PYTHON), *COMMANDS[argv[0]], *argv[1:]]
    if os.name == "posix":
        # become the bot (or pytest): signals such as a service manager's SIGTERM reach it
        os.execv(command[0], command)
    return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
