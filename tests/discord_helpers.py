"""Small fakes for the Discord adapter's unit tests: a client whose channels, messages and
DMs record what the outbox asks of them, and discord.py's HTTP errors."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import Any

import discord


class _Response:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "test"


def http_error(kind: type[discord.HTTPException], status: int, code: int) -> Any:
    """A discord.py HTTP error as the library raises it (status, Discord's code)."""
    return kind(_Response(status), {"code": code, "message": f"error {code}"})  # type: ignore[arg-type]


@dataclass
class Call:
    method: str  # "send", "edit", "delete", "dm"
    channel: int
    message: int | None
    kwargs: dict[str, Any]


@dataclass
class FakeClient:
    """Records every request; `fail` makes the next matching requests raise."""

    calls: list[Call] = field(default_factory=list)
    fail: dict[str, list[BaseException]] = field(default_factory=dict)
    gate: asyncio.Event | None = None  # while set to an unset event, sends wait for it
    ids: itertools.count = field(default_factory=lambda: itertools.count(1000))

    def get_partial_messageable(self, id: int, *, type: Any = None, **_: Any) -> FakeChannel:
        return FakeChannel(self, id, dm=type is discord.ChannelType.private)

    def get_channel(self, id: int, /) -> Any:
        return None

    async def fetch_channel(self, channel_id: int, /) -> Any:
        raise http_error(discord.NotFound, 404, 10003)  # the outbox's channels are not real

    async def create_dm(self, user: discord.abc.Snowflake) -> FakeChannel:
        return FakeChannel(self, user.id, dm=True)

    async def request(self, method: str, channel: int, message: int | None,
                      kwargs: dict[str, Any]) -> int:
        if self.gate is not None and method == "send":
            await self.gate.wait()
        self.calls.append(Call(method, channel, message, kwargs))
        errors = self.fail.get(method)
        if errors:
            raise errors.pop(0)
        return message if message is not None else next(self.ids)

    def of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]


@dataclass
class _Sent:
    id: int


@dataclass
class FakeChannel:
    client: FakeClient
    id: int
    dm: bool = False

    async def send(self, content: str | None = None, **kwargs: Any) -> _Sent:
        method = "dm" if self.dm else "send"
        return _Sent(await self.client.request(method, self.id, None,
                                               {"content": content, **kwargs}))

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self.client, self.id, message_id)


@dataclass
class FakeMessage:
    client: FakeClient
    channel: int
    id: int

    async def edit(self, **kwargs: Any) -> None:
        await self.client.request("edit", self.channel, self.id, kwargs)

    async def delete(self) -> None:
        await self.client.request("delete", self.channel, self.id, {})


@dataclass
class FakeHandle:
    """A panel's token handle: records edits, or raises what `fail` holds."""

    edits: list[dict[str, Any]] = field(default_factory=list)
    fail: list[BaseException] = field(default_factory=list)

    async def edit(self, **kwargs: Any) -> None:
        if self.fail:
            raise self.fail.pop(0)
        self.edits.append(kwargs)
