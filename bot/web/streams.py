"""A room's live stream as server-sent events, for the playground's pages and the Telegram
Mini App alike: every event the room's outbox hands its watcher, a comment now and then so
proxies keep an idle stream open, and an end as soon as the page goes away."""

from __future__ import annotations

import asyncio
import json

from aiohttp import web

from .rooms import Rooms

KEEPALIVE = 15.0
"""Seconds between comments on an idle stream, so proxies and browsers keep it open."""
GONE_CHECK = 1.0
"""Seconds between looks at whether an idle stream's page is still there."""


async def stream_room(request: web.Request, rooms: Rooms, room: str,
                      ids: frozenset[str]) -> web.StreamResponse:
    """Stream what room `room` shows the players `ids` until the page goes away."""
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    watcher = rooms.watch(room, ids)
    quiet = 0.0
    try:
        while True:
            # aiohttp does not end a handler whose client went away: look every second,
            # so that a stream closed by its page frees its place (the stream limits) at once
            try:
                event = await asyncio.wait_for(watcher.events.get(), GONE_CHECK)
            except TimeoutError:
                transport = request.transport
                if transport is None or transport.is_closing():
                    break
                quiet += GONE_CHECK
                if quiet >= KEEPALIVE:
                    await response.write(b": still here\n\n")
                    quiet = 0.0
                continue
            quiet = 0.0
            if event is None:
                break
            data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
            await response.write(f"data: {data}\n\n".encode())
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        rooms.unwatch(room, watcher)
    return response
