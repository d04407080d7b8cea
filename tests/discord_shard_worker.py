"""`python -m tests.discord_shard_worker`: the bot's own `python -m bot`, pointed at a fake
Discord server in another process (tests/test_discord_shards_processes.py).

discord.py has no setting for its API host, so `FakeDiscordServer` points discord.py at
itself by patching it in its own process (fakes/discord/server.py); a bot in a process
of its own gets the same patch here, from FAKE_DISCORD_URL (``http://127.0.0.1:<port>``),
before `bot.__main__.main` runs as usual with the environment's settings. The User-Agent
ends with FAKE_DISCORD_WORKER, so the fake's records say which process sent each request.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import aiohttp
import yarl
from discord import http
from discord.gateway import DiscordWebSocket


def point_at_fake(base: str, worker: str) -> None:
    base = base.rstrip("/")
    http.Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("ws" + base.removeprefix("http") + "/")
    mark = f" worker/{worker}"
    client_init, session_init = http.HTTPClient.__init__, aiohttp.ClientSession.__init__

    def named_client(self: http.HTTPClient, *args: Any, **kwargs: Any) -> None:
        client_init(self, *args, **kwargs)
        self.user_agent += mark  # the bot's own requests

    def named_session(self: aiohttp.ClientSession, *args: Any, **kwargs: Any) -> None:
        # the interaction callbacks and webhooks go through discord.py's session with
        # aiohttp's own User-Agent
        headers = dict(kwargs.pop("headers", None) or {})
        headers.setdefault("User-Agent", f"Python aiohttp{mark}")
        session_init(self, *args, headers=headers, **kwargs)

    http.HTTPClient.__init__ = named_client  # type: ignore[method-assign]
    aiohttp.ClientSession.__init__ = named_session  # type: ignore[method-assign]


if __name__ == "__main__":
    point_at_fake(os.environ["FAKE_DISCORD_URL"], os.environ.get("FAKE_DISCORD_WORKER", "?"))
    from bot.__main__ import main

    sys.exit(main())
