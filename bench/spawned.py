"""What benchmarks that run the bot as a process of its own (bench.abuse, bench.footprint)
share: a free port for it, stopping it, and which table a playground event is about."""

from __future__ import annotations

import socket
import subprocess
from contextlib import suppress
from typing import Any

from bot.payloads import decode

HOST = "127.0.0.1"


def free_port(host: str = HOST) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM (the bot stops cleanly), then SIGKILL if it has not in 30 s."""
    if process is None:
        return
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def table_of(event: dict[str, Any]) -> int | None:
    """The table a playground event's buttons press on (None: it has no such button)."""
    for row in event["screen"]["buttons"]:
        for button in row:
            with suppress(Exception):
                return decode(button["data"]).table
    return None
