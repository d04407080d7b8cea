"""pytest fixtures for the fake Discord server (a pytest plugin module).

Enable with ``pytest_plugins = ["fakes.discord.fixtures"]`` in a test
module (or the root ``conftest.py``):

* ``fake_discord``: a started `FakeDiscordServer` (discord.py pointed at it);
  teardown fails the test if the fake itself hit an internal error, or if the
  bot met Discord's global limit or came near its ban on invalid requests
  (`DiscordLimits.assert_within_limits`; a test that goes there on purpose
  sets ``limits_expected``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .server import FakeDiscordServer


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscordServer]:
    """A running fake Discord API and gateway on 127.0.0.1."""
    async with FakeDiscordServer() as server:
        yield server
    assert not server.internal_errors, f"fake Discord server errors: {server.internal_errors!r}"
    if not server.limits_expected:
        server.limits.assert_within_limits()
