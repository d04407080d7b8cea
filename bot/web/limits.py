"""What one client may take of the playground, so that no client starves the others.

Measured before these limits (bench.abuse): ~1,100 idle sockets or event streams from one
client left a second person unable to add a player (the process had run out of file
descriptors), and one client opened 66 lobbies a second. So:

* `Gate`: connections, per address and in all, counted as they are accepted; one over
  either cap is closed at once, before aiohttp reads a byte of it. The total stays well
  under the process's file limit, so the bot never runs out of descriptors for its own
  database and pictures. (aiohttp's `keepalive_timeout`, set in bot/web/app.py, closes a
  connection that sends no complete request within seconds: an idle socket, or one that
  sends its headers a byte at a time.)
* `Counter`: event streams, per address and in all.
* `Buckets`: token buckets, for opening tables and adding players, per identity and per
  address (time injected, so tests never wait).
* `OpenedTables`: the active tables each address opened (per player, the store knows).

An address is a client's IPv4 address, or its IPv6 /64 (what one subscriber usually holds).
Behind a reverse proxy every client has the proxy's address: these caps then hold for
everyone together, so serve the playground directly or raise them.

Rejected: a rate-limiting library (aiohttp-ratelimiter, limits). They count requests per
route with fixed windows; the caps here are on connections and streams, which no such
middleware sees, and the two buckets are twenty lines.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import resource
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

CONNECTIONS_PER_ADDRESS = 64
"""A browser opens up to 6 connections to a site, and an event stream per tab."""
STREAMS_PER_ADDRESS = 16
STREAMS = 512
KEPT_BUCKETS = 10_000
"""Buckets remembered; past that, the least recently used go (full ones, in effect)."""


def total_connections() -> int:
    """The cap on connections in all: half the process's file limit, at most 2,000 (the
    other half is for the database, pictures, platforms and connections being refused)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 4096
    return max(16, min(2000, soft // 2))


def address_of(peer: Any) -> str:
    """The address a client is counted by: an IPv4 address, or an IPv6 /64."""
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer or "")
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket's path, or nothing: all such clients count as one
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Counter:
    """How many of something each address holds, with a cap per address and in all."""

    def __init__(self, *, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._held: dict[str, int] = {}
        self.count = 0

    def take(self, address: str) -> bool:
        """One more for `address`, if neither cap is reached (then `give_back` it once)."""
        held = self._held.get(address, 0)
        if held >= self.per_address or self.count >= self.total:
            return False
        self._held[address] = held + 1
        self.count += 1
        return True

    def give_back(self, address: str) -> None:
        held = self._held.get(address, 0) - 1
        if held > 0:
            self._held[address] = held
        else:
            self._held.pop(address, None)
        self.count -= 1

    def held(self, address: str) -> int:
        return self._held.get(address, 0)


class _Gated(asyncio.Protocol):
    """A connection as the gate sees it: counted, and handed to aiohttp's own protocol only
    once admitted."""

    def __init__(self, gate: Gate, factory: Callable[[], asyncio.Protocol]) -> None:
        self._gate = gate
        self._factory = factory
        self._inner: asyncio.Protocol | None = None
        self._address = ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._address = address_of(transport.get_extra_info("peername"))
        if not self._gate.counter.take(self._address):
            self._gate.refused += 1
            transport.abort()
            return
        self._inner = self._factory()
        self._inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._inner is not None:
            self._gate.counter.give_back(self._address)
            self._inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


class Gate:
    """Wraps a protocol factory (aiohttp's server) so that connections are counted."""

    def __init__(self, *, per_address: int = CONNECTIONS_PER_ADDRESS,
                 total: int | None = None) -> None:
        self.counter = Counter(per_address=per_address,
                               total=total if total is not None else total_connections())
        self.refused = 0

    def factory(self, inner: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Gated(self, inner)


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass(frozen=True)
class Rate:
    """`burst` at once, then one every `every` seconds."""

    burst: int
    every: float


class Buckets:
    """Token buckets by key (an identity, an address), each of the same `rate`."""

    def __init__(self, rate: Rate, *, clock: Callable[[], float] = time.monotonic,
                 kept: int = KEPT_BUCKETS) -> None:
        self.rate = rate
        self._clock = clock
        self._buckets: OrderedDict[Hashable, _Bucket] = OrderedDict()
        self._kept = kept

    def _level(self, key: Hashable) -> _Bucket:
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self.rate.burst), now)
            while len(self._buckets) > self._kept:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(float(self.rate.burst),
                                bucket.tokens + (now - bucket.at) / self.rate.every)
            bucket.at = now
        return bucket

    def allows(self, *keys: Hashable) -> bool:
        """Whether every key's bucket holds a token; if so, one is taken from each."""
        buckets = [self._level(key) for key in keys]
        if any(b.tokens < 1 for b in buckets):
            return False
        for bucket in buckets:
            bucket.tokens -= 1
        return True


class OpenedTables:
    """The tables each address opened that may still be active (checked against the
    store by the caller). Kept in memory: a restart forgets them, which errs towards
    letting people play."""

    def __init__(self) -> None:
        self._by_address: dict[str, set[int]] = {}

    def of(self, address: str) -> set[int]:
        return set(self._by_address.get(address, ()))

    def keep(self, address: str, table_id: int) -> None:
        self._by_address.setdefault(address, set()).add(table_id)

    def forget(self, address: str, table_ids: set[int]) -> None:
        left = self._by_address.get(address, set()) - table_ids
        if left:
            self._by_address[address] = left
        else:
            self._by_address.pop(address, None)


class OnceEvery:
    """Says yes at most once every `seconds` (a log line that would otherwise flood),
    counting the times it said no."""

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._last = float("-inf")
        self.missed = 0

    def __call__(self) -> bool:
        now = self._clock()
        if now - self._last < self.seconds:
            self.missed += 1
            return False
        self._last = now
        return True


TABLES_PER_PLAYER = 3
"""Active tables (lobbies and games) a web player may have opened at once."""
TABLES_PER_ADDRESS = 8
OPEN_RATE = Rate(burst=4, every=15.0)
"""Tables a player may open: 4 at once, then one every 15 s."""
OPEN_RATE_ADDRESS = Rate(burst=8, every=6.0)
ADD_RATE = Rate(burst=8, every=10.0)
"""Players an address may add: a hot seat of 6 at once, then one every 10 s."""


@dataclass
class Limits:
    """Everything the routes limit, on one clock (monotonic seconds; a test's hand)."""

    clock: Callable[[], float] = time.monotonic
    streams_per_address: int = STREAMS_PER_ADDRESS
    streams_total: int = STREAMS
    tables_per_player: int = TABLES_PER_PLAYER
    tables_per_address: int = TABLES_PER_ADDRESS

    def __post_init__(self) -> None:
        self.streams = Counter(per_address=self.streams_per_address, total=self.streams_total)
        self.opening = Buckets(OPEN_RATE, clock=self.clock)
        self.opening_here = Buckets(OPEN_RATE_ADDRESS, clock=self.clock)
        self.adding_here = Buckets(ADD_RATE, clock=self.clock)
        self.opened = OpenedTables()
