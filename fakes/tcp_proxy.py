"""A loopback TCP proxy a test cuts and restores: the fault suite's way of taking PostgreSQL
away from the bot (tests/test_faults_*.py, bench/faults.py) without touching the server.

`TcpProxy(("127.0.0.1", 5432))` listens on 127.0.0.1 at a free port and forwards every
connection to the target. `cut()` is a network failure as the bot meets it: every open
connection is reset and new ones are refused (accepted and closed at once, as a server
restarting does) until `restore()`. `url_for(url)` is a database URL through the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Self
from urllib.parse import urlsplit, urlunsplit


class TcpProxy:
    def __init__(self, target: tuple[str, int], *, host: str = "127.0.0.1") -> None:
        self.target = target
        self.host = host
        self.port = 0
        self.up = True
        self.refused = 0  # connections refused while cut
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> Self:
        self._server = await asyncio.start_server(self._accept, self.host, 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        self._reset_all()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def url_for(self, url: str) -> str:
        """`url` with its host and port replaced by the proxy's."""
        parts = urlsplit(url)
        user = parts.netloc.rpartition("@")[0]
        netloc = (user + "@" if user else "") + f"{self.host}:{self.port}"
        return urlunsplit(parts._replace(netloc=netloc))

    def cut(self) -> None:
        """Reset every connection and refuse new ones until `restore`."""
        self.up = False
        self._reset_all()

    def restore(self) -> None:
        self.up = True

    def _reset_all(self) -> None:
        for writer in list(self._writers):
            transport = writer.transport
            with contextlib.suppress(Exception):
                transport.abort()  # no FIN: the peer sees its connection reset
        self._writers.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                      ) -> None:
        if not self.up:
            self.refused += 1
            writer.transport.abort()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, upstream_writer))
        for source, sink in ((reader, upstream_writer), (upstream_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink))
            self._pipes.add(task)
            task.add_done_callback(self._pipes.discard)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                if not self.up:
                    break
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(sink)
            sink.transport.abort()
