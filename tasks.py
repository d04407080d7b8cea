#!/usr/bin/env python3
"""The project's two commands, needing nothing but Python 3.11+ with pip:

    python3 tasks.py run     set everything up, then run the bot (with no token: the web
                             playground at http://127.0.0.1:8080)
    python3 tasks.py test    set everything up, then run the test suite

(and `python3 tasks.py bench` for the benchmarks). `test` of the whole suite first runs the
checks, `ruff check .` and `mypy` (configured in pyproject.toml), and stops if either fails, so
CI fails on them; a run of some tests (`test tests/test_x.py`, `test -k ...`) skips them.
Setting up means: create `.venv` if it is missing and install the project into it, editable,
whenever pyproject.toml or setup.py changed since the last install: `run` installs what the
bot needs and nothing more, `test` and `bench` also the dev extras (pytest, Playwright, ruff,
mypy...), so an environment that only runs the bot stays small. `.venv/.installed` records which was installed (`run` or `dev`).

`test` also needs Chromium for the playground's browser tests (tests/web_browser.py): when
/usr/bin/chromium is missing it is installed with apt-get if this runs as root on a
machine with apt (as .ci/run does); anywhere else one line says what to install and the
command exits 1 before running anything.

Extra arguments go to the command: `python3 tasks.py test -k lanterns -x`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".installed"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
EXTRAS = {"run": "run", "test": "dev", "bench": "dev"}  # what each command installs
COMMANDS = {
    "run": ["-m", "bot"],
    "test": ["-m", "pytest", "-n", "auto", "--dist", "worksteal"],  # one worker per core
    "bench": ["-m", "bench"],
}
CHECKS = (["-m", "ruff", "check", "."], ["-m", "mypy"])
"""What `test` runs before the whole suite (alone: `.venv/bin/ruff check . && .venv/bin/mypy`).
mypy reads its files from pyproject.toml and keeps its cache in .mypy_cache: about a minute
cold on a 2-core machine, seconds warm."""


def ensure_environment(extras: str) -> None:
    """`.venv` with the project installed editable: `extras` "run" (the bot's dependencies)
    or "dev" (those and the dev extras, a superset)."""
    if not PYTHON.exists():
        print(f"Creating {VENV.name} with Python {sys.version.split()[0]}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    changed = max((ROOT / name).stat().st_mtime for name in ("pyproject.toml", "setup.py"))
    # an empty stamp is from before `run` was told apart: that install had the dev extras
    installed = (STAMP.read_text().strip() or "dev") if STAMP.exists() else None
    wanted = to_install(extras, installed, STAMP.exists() and STAMP.stat().st_mtime >= changed)
    if wanted is None:
        return
    target = f"{ROOT}[dev]" if wanted == "dev" else str(ROOT)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-e", target], check=True)
    STAMP.write_text(wanted + "\n")  # written last, so a failed install is retried next time


def to_install(extras: str, installed: str | None, fresh: bool) -> str | None:
    """What to install for a command needing `extras`, given what the stamp says was
    `installed` (None: nothing) and whether it is `fresh` (newer than the packaging files):
    nothing (None), "run" or "dev". An environment with the dev extras stays so."""
    if installed is not None and fresh and installed in (extras, "dev"):
        return None
    return "dev" if "dev" in (extras, installed) else "run"


def needs_browser(args: list[str]) -> bool:
    """Whether pytest with `args` may run the browser tests: no paths given (the whole
    suite), or a path that is a folder or a test file that drives Chromium."""
    paths = [Path(arg.split("::")[0]) for arg in args if not arg.startswith("-")]
    paths = [path for path in paths if path.exists()]
    if not paths:
        return True
    return any(path.is_dir() or "chromium" in path.read_text("utf-8", "replace").lower()
               or "web_browser" in path.read_text("utf-8", "replace") for path in paths)


def ensure_chromium() -> bool:
    """Chromium for the browser tests: there, installed here (root with apt), or a line
    saying what to install (False)."""
    if CHROMIUM.exists():
        return True
    if str(CHROMIUM) == "/usr/bin/chromium" and os.name == "posix" and os.geteuid() == 0 \
            and shutil.which("apt-get"):
        print("Installing Chromium for the browser tests (apt-get install chromium)", flush=True)
        environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=environment)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True,
                       env=environment, stdout=subprocess.DEVNULL)
        return CHROMIUM.exists()
    print(f"The browser tests need Chromium at {CHROMIUM}: install it (Debian/Ubuntu: "
          "sudo apt-get install chromium; or set CHROMIUM=/path/to/chromium), then run again.",
          file=sys.stderr)
    return False


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    os.chdir(ROOT)
    if argv[0] == "test" and needs_browser(argv[1:]) and not ensure_chromium():
        return 1  # before any install: say it at once
    ensure_environment(EXTRAS[argv[0]])
    if argv[0] == "test" and not argv[1:]:
        for check in CHECKS:
            print("$ " + " ".join(check[1:]), flush=True)
            if subprocess.call([str(PYTHON), *check]) != 0:
                return 1
    command = [str(PYTHON), *COMMANDS[argv[0]], *argv[1:]]
    if os.name == "posix":
        # become the bot (or pytest): signals such as a service manager's SIGTERM reach it
        os.execv(command[0], command)
    return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
