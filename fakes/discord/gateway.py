"""The fake Discord gateway: the websocket discord.py's ``DiscordWebSocket`` talks to.

Served at ``ws://127.0.0.1:<port>/?v=10&encoding=json&compress=zlib-stream``
(``server.gateway_url``). The protocol is Discord's:

* the server sends HELLO (op 10) with ``heartbeat_interval``; every
  HEARTBEAT (op 1) is answered with HEARTBEAT_ACK (op 11);
* IDENTIFY (op 2) with the right token starts a session: READY (user,
  application, guilds as unavailable stubs, ``session_id``,
  ``resume_gateway_url``) then one GUILD_CREATE per guild (channels, active
  threads, roles, members); a wrong token closes with 4004, privileged
  intents the application hasn't enabled with 4014;
* RESUME (op 6) of a known session replays the dispatches after the client's
  sequence number and sends RESUMED; an unknown or ended session gets
  INVALID_SESSION (op 9, ``false``);
* REQUEST_GUILD_MEMBERS (op 8) is answered with GUILD_MEMBERS_CHUNK;
* sharding: IDENTIFY may carry ``shard: [shard_id, shard_count]``; a malformed
  one, or an id not below the count, closes with 4010; too few shards for the
  guilds (more than ``server.guilds_per_shard`` each) closes with 4011. A
  shard's session gets only its guilds, those with ``(guild_id >> 22) %
  shard_count == shard_id``, in READY and GUILD_CREATE, and only their
  dispatches; direct messages' go to shard 0 (no ``shard``: shard 0 of 1);
* ``compress=zlib-stream`` (what discord.py asks for) sends every payload as
  binary through one zlib context per connection, each ending with
  ``Z_SYNC_FLUSH``; ``zstd-stream`` is supported when ``zstandard`` is
  installed; without ``compress`` payloads are text frames.

Dispatches go to the *current* session of the guild's shard (the latest one
identified on that shard); while its socket is down they are buffered and
replayed on RESUME. A session ends when a new IDENTIFY on the same shard (or
with another shard count: the bot was resharded) replaces it (its never-sent
dispatches go to ``server.lost_events``) or the client closes with 1000/1001. Note that
discord.py's ``Client.close()`` actually closes with 4000 (its reader races
the close), so after a bot shuts down its session stays resumable, detached,
until the next bot identifies — as on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .records import (
    INTENT_DIRECT_MESSAGES,
    INTENT_GUILD_MEMBERS,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    PRIVILEGED_INTENTS,
    GatewayEvent,
)

if TYPE_CHECKING:
    from .server import FakeDiscordServer

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE_UPDATE = 3
OP_VOICE_STATE_UPDATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_GUILD_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

CLOSE_UNKNOWN_ERROR = 4000
CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_ALREADY_AUTHENTICATED = 4005
CLOSE_INVALID_SHARD = 4010
CLOSE_SHARDING_REQUIRED = 4011
CLOSE_INVALID_API_VERSION = 4012
CLOSE_INVALID_INTENTS = 4013
CLOSE_DISALLOWED_INTENTS = 4014

# Which intent a dispatch needs (None: always sent).
_GUILD_EVENTS = {
    "GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE", "GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE",
    "GUILD_ROLE_DELETE", "CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE", "THREAD_CREATE",
    "THREAD_UPDATE", "THREAD_DELETE", "THREAD_LIST_SYNC", "THREAD_MEMBER_UPDATE",
}  # fmt: skip
_MEMBER_EVENTS = {
    "GUILD_MEMBER_ADD",
    "GUILD_MEMBER_UPDATE",
    "GUILD_MEMBER_REMOVE",
    "THREAD_MEMBERS_UPDATE",
}
_MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK"}


def required_intent(event: str, data: dict[str, Any]) -> int | None:
    if event in _GUILD_EVENTS:
        return INTENT_GUILDS
    if event in _MEMBER_EVENTS:
        return INTENT_GUILD_MEMBERS
    if event in _MESSAGE_EVENTS:
        return INTENT_GUILD_MESSAGES if data.get("guild_id") else INTENT_DIRECT_MESSAGES
    return None


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard a guild's events go to, Discord's formula."""
    return (guild_id >> 22) % shard_count


def valid_shard(shard: Any) -> bool:
    """IDENTIFY's ``shard``: absent, or ``[shard_id, shard_count]`` with the id below the
    count."""
    if shard is None:
        return True
    return (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )


class GatewaySession:
    """One identified gateway session (survives reconnects through RESUME)."""

    def __init__(self, server: FakeDiscordServer, identify: dict[str, Any]) -> None:
        self.server = server
        self.id = secrets.token_hex(16)
        self.identify = identify
        self.intents: int = int(identify.get("intents") or 0)
        self.shard: list[int] | None = identify.get("shard")
        self.shard_id, self.shard_count = self.shard or (0, 1)
        self.seq = 0
        self.events: list[GatewayEvent] = []
        """Every dispatch of this session, in order."""
        self.connection: GatewayConnection | None = None
        self.undelivered: list[GatewayEvent] = []
        """Dispatches made while the socket was down, waiting for a RESUME."""
        self.ended = False
        self.resumes = 0

    def has_intent(self, intent: int) -> bool:
        return bool(self.intents & intent)

    def has_guild(self, guild_id: int | None) -> bool:
        """Whether the guild's events come to this session (None: direct messages, which
        come to shard 0)."""
        return shard_of(guild_id or 0, self.shard_count) == self.shard_id

    def replaced_by(self, other: GatewaySession) -> bool:
        """A new IDENTIFY on the same shard (or with another shard count) takes over."""
        return self.shard_count != other.shard_count or self.shard_id == other.shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> GatewayEvent:
        self.seq += 1
        record = GatewayEvent(event, data, self.seq, self.server.clock.time(), self.id)
        self.events.append(record)
        if self.connection is not None:
            self.connection.send_dispatch(record)
        else:
            self.undelivered.append(record)
        return record

    def __repr__(self) -> str:
        state = "ended" if self.ended else ("connected" if self.connection else "detached")
        return f"<GatewaySession {self.id[:8]} seq={self.seq} {state}>"


class GatewayConnection:
    """One websocket connection: compression context, outgoing queue, writer task."""

    def __init__(
        self, server: FakeDiscordServer, ws: web.WebSocketResponse, compress: str | None
    ) -> None:
        self.server = server
        self.ws = ws
        self.compress = compress
        self.session: GatewaySession | None = None
        self.heartbeats = 0
        self.queue: asyncio.Queue[tuple[dict[str, Any], GatewayEvent | None] | None] = (
            asyncio.Queue()
        )
        self.pending = 0
        self.close_code: int | None = None
        """The code the server closed with (None: the client closed, or still open)."""
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._zstd: Any = None
        if compress == "zstd-stream":
            import zstandard

            self._zstd = zstandard.ZstdCompressor().compressobj()
        self.writer = asyncio.create_task(self._write_loop(), name="fake-discord-gateway-writer")

    def send(self, payload: dict[str, Any], event: GatewayEvent | None = None) -> None:
        self.pending += 1
        self.queue.put_nowait((payload, event))

    def send_dispatch(self, event: GatewayEvent) -> None:
        self.send({"op": OP_DISPATCH, "t": event.type, "s": event.seq, "d": event.data}, event)

    def _encode(self, payload: dict[str, Any]) -> bytes | str:
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        try:
            text.encode()
        except UnicodeEncodeError:
            # a lone surrogate (a forged option value): UTF-8 cannot carry it, JSON's
            # escapes can, and the bot must cope with what it decodes to
            text = json.dumps(payload, separators=(",", ":"))
        if self._zlib is not None:
            return self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
        if self._zstd is not None:
            import zstandard

            return self._zstd.compress(text.encode()) + self._zstd.flush(
                zstandard.COMPRESSOBJ_FLUSH_BLOCK
            )
        return text

    async def _write_loop(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                return
            payload, event = item
            try:
                if self.ws.closed:
                    continue
                data = self._encode(payload)
                if isinstance(data, bytes):
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(data)
                if event is not None:
                    event.delivered = True
            except (ConnectionError, RuntimeError):
                pass  # the socket went away; a RESUME replays from the session
            finally:
                self.pending -= 1
                self.server._touch()

    async def close(self, code: int, message: str = "") -> None:
        """Close from the server side with ``code`` (frames already queued are sent first)."""
        if self.close_code is None:
            self.close_code = code
        await self.flush()
        await self.ws.close(code=code, message=message.encode())

    async def flush(self, timeout: float = 1.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.pending and not self.writer.done() and loop.time() < deadline:
            await asyncio.sleep(0.005)

    async def stop_writer(self) -> None:
        if not self.writer.done():
            self.queue.put_nowait(None)
            try:
                await asyncio.wait_for(self.writer, 1.0)
            except TimeoutError:
                self.writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self.writer


async def handle_gateway(server: FakeDiscordServer, request: web.Request) -> web.StreamResponse:
    """The websocket endpoint (``GET /`` with an upgrade)."""
    query = request.query
    ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
    await ws.prepare(request)
    compress = query.get("compress")
    if compress not in (None, "zlib-stream", "zstd-stream"):
        await ws.close(code=CLOSE_DECODE_ERROR, message=b"Invalid compression")
        return ws
    if compress == "zstd-stream":
        try:
            import zstandard  # noqa: F401
        except ImportError:
            await ws.close(code=CLOSE_DECODE_ERROR, message=b"zstd-stream needs zstandard")
            return ws
    conn = GatewayConnection(server, ws, compress)
    server._connections.append(conn)
    server.connection_count += 1
    server._touch()
    try:
        if query.get("v", "10") not in ("9", "10"):
            await conn.close(CLOSE_INVALID_API_VERSION, "Invalid API version")
            return ws
        if query.get("encoding", "json") != "json":
            await conn.close(CLOSE_DECODE_ERROR, "Only JSON encoding is supported by the fake")
            return ws
        conn.send(
            {"op": OP_HELLO, "d": {"heartbeat_interval": int(server.heartbeat_interval * 1000)}}
        )
        async for message in ws:
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            try:
                raw = message.data if isinstance(message.data, str) else message.data.decode()
                payload = json.loads(raw)
                op = payload["op"]
            except (ValueError, KeyError, TypeError, UnicodeDecodeError):
                await conn.close(CLOSE_DECODE_ERROR, "Decode error")
                break
            server.gateway_received.append(payload)
            server._touch()
            if not await _handle_op(server, conn, op, payload.get("d")):
                break
    except Exception as error:  # noqa: BLE001 - a bug in the fake: record it, close
        server.internal_errors.append(error)
        await ws.close(code=CLOSE_UNKNOWN_ERROR, message=b"fake gateway error")
    finally:
        await conn.stop_writer()
        session = conn.session
        if session is not None and session.connection is conn:
            session.connection = None
            client_code = ws.close_code if conn.close_code is None else None
            if client_code in (1000, 1001):
                session.ended = True
        if conn in server._connections:
            server._connections.remove(conn)
        server._touch()
    return ws


async def _handle_op(
    server: FakeDiscordServer, conn: GatewayConnection, op: int, data: Any
) -> bool:
    """Handle one client payload; False when the connection was closed."""
    if op == OP_HEARTBEAT:
        conn.heartbeats += 1
        server.heartbeats += 1
        conn.send({"op": OP_HEARTBEAT_ACK})
        return True
    if op == OP_IDENTIFY:
        return await _identify(server, conn, data or {})
    if op == OP_RESUME:
        return await _resume(server, conn, data or {})
    if conn.session is None:
        await conn.close(CLOSE_NOT_AUTHENTICATED, "Not authenticated.")
        return False
    if op == OP_PRESENCE_UPDATE:
        server.presence = data
        return True
    if op == OP_REQUEST_GUILD_MEMBERS:
        _member_chunk(server, conn.session, data or {})
        return True
    if op == OP_VOICE_STATE_UPDATE:
        return True
    await conn.close(CLOSE_UNKNOWN_OPCODE, "Unknown opcode.")
    return False


async def _identify(
    server: FakeDiscordServer, conn: GatewayConnection, data: dict[str, Any]
) -> bool:
    if conn.session is not None:
        await conn.close(CLOSE_ALREADY_AUTHENTICATED, "Already authenticated.")
        return False
    if data.get("token") != server.token:
        await conn.close(CLOSE_AUTHENTICATION_FAILED, "Authentication failed.")
        return False
    if "intents" not in data:
        await conn.close(CLOSE_INVALID_INTENTS, "Invalid intent(s).")
        return False
    intents = int(data["intents"])
    enabled = 0
    for name in server.privileged_intents:
        enabled |= PRIVILEGED_INTENTS[name]
    privileged = 0
    for bit in PRIVILEGED_INTENTS.values():
        privileged |= bit
    if intents & privileged & ~enabled:
        await conn.close(CLOSE_DISALLOWED_INTENTS, "Disallowed intent(s).")
        return False
    if not valid_shard(data.get("shard")):
        await conn.close(CLOSE_INVALID_SHARD, "Invalid shard.")
        return False
    session = GatewaySession(server, data)
    if len(server.guilds) > session.shard_count * server.guilds_per_shard:
        await conn.close(CLOSE_SHARDING_REQUIRED, "Sharding required.")
        return False
    for old in server.sessions:
        if not (old.ended or old.replaced_by(session)):
            continue  # another shard's
        old.ended = True
        server.lost_events.extend(old.undelivered)
        old.undelivered = []
    server.sessions.append(session)
    session.connection = conn
    conn.session = session
    guilds = [guild for guild in server.guilds.values() if session.has_guild(guild.id)]
    ready: dict[str, Any] = {
        "v": 10,
        "user": dict(server.bot_user),
        "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
        "session_id": session.id,
        "session_type": "normal",
        "resume_gateway_url": server.gateway_url,
        "application": {"id": str(server.application_id), "flags": server.application_flags},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["fake"],
        "user_settings": {},
        "auth": {},
    }
    if session.shard is not None:
        ready["shard"] = session.shard
    session.dispatch("READY", ready)
    members = session.has_intent(INTENT_GUILD_MEMBERS)
    for guild in guilds:
        session.dispatch("GUILD_CREATE", guild.to_api(members_intent=members))
    server.identified += 1
    server._touch()
    return True


async def _resume(server: FakeDiscordServer, conn: GatewayConnection, data: dict[str, Any]) -> bool:
    if data.get("token") != server.token:
        await conn.close(CLOSE_AUTHENTICATION_FAILED, "Authentication failed.")
        return False
    session = next((s for s in server.sessions if s.id == data.get("session_id")), None)
    seq = data.get("seq") or 0
    if session is None or session.ended or seq > session.seq:
        conn.send({"op": OP_INVALID_SESSION, "d": False})
        return True
    if session.connection is not None and session.connection is not conn:
        old = session.connection
        session.connection = None
        asyncio.create_task(old.close(CLOSE_UNKNOWN_ERROR, "Session resumed elsewhere"))
    session.connection = conn
    conn.session = session
    session.resumes += 1
    session.undelivered = []
    for event in session.events:
        if event.seq > seq:
            conn.send_dispatch(event)
    session.dispatch("RESUMED", {})
    server._touch()
    return True


def _member_chunk(server: FakeDiscordServer, session: GatewaySession, data: dict[str, Any]) -> None:
    guild = server.guilds.get(int(data.get("guild_id") or 0))
    if guild is None or not session.has_guild(guild.id):
        return  # Discord answers only for the shard's own guilds
    wanted = [int(u) for u in data.get("user_ids") or []]
    query = str(data.get("query") or "").lower()
    users = list(guild.members.values())
    if wanted:
        users = [u for u in users if u.id in wanted]
    elif query:
        users = [
            u
            for u in users
            if u.username.lower().startswith(query) or u.name.lower().startswith(query)
        ]
    limit = int(data.get("limit") or 0)
    if limit:
        users = users[:limit]
    members = [guild.member_payload(u) for u in users]
    if not wanted and not query:
        members.insert(0, guild.member_payload(None))
    chunk: dict[str, Any] = {
        "guild_id": str(guild.id),
        "members": members,
        "chunk_index": 0,
        "chunk_count": 1,
    }
    if wanted:
        chunk["not_found"] = [str(u) for u in wanted if u not in guild.members]
    if data.get("nonce") is not None:
        chunk["nonce"] = data["nonce"]
    session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
