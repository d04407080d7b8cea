"""Discord's limits, as the fake enforces and counts them: the per-route buckets (with their
``X-RateLimit-*`` headers), the global limit on the bot token, the ban for invalid requests,
the upload size, the anti-spam on direct messages, the limits on command syncs and on edits of
old messages. `FakeDiscordServer` asks this object before it answers a request; tests read
its counters (``server.limits.invalid_requests``) and may change its sizes."""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING, Any

from .records import ApiCall, DiscordError, old_message_edits

if TYPE_CHECKING:
    from .rest import RouteSpec

DM_OPEN_LIMIT = (10, 60.0)
"""Discord's anti-spam for direct messages publishes no number; bot developers report 403
code 40003 ("You are opening direct messages too fast") past about ten new DM channels a
minute. The fake answers 40003 to the 11th opening within any 60 s."""
DM_SEND_LIMIT = (10, 10.0)
"""And to more than 10 messages sent into DM channels (all recipients) within any 10 s."""
COMMAND_CREATES_PER_DAY = 200
"""Discord's documented limit: 200 application command creates a day per scope (global, or
one guild); a sync that would create more is answered 429 until the oldest is a day old."""
COMMAND_SYNC_LIMIT = (4, 600.0)
"""Bulk overwrites (a whole sync) per scope: past 4 in 10 minutes the fake answers 429 with
the wait until the window frees (minutes: longer than discord.py sits out, so it raises
`discord.RateLimited`)."""
GLOBAL_LIMIT = (50, 1.0)
"""Discord: 50 requests a second per bot token across all routes (interactions exempt)."""
INVALID_LIMIT = (10_000, 600.0)
"""Discord bans an IP (Cloudflare, for about an hour) after 10,000 invalid requests (401,
403, 429 but "shared" ones) within 10 minutes; tests may lower it (``invalid_limit``)."""
BAN_SECONDS = 3600.0
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit per file for a bot in a server without boosts (10 MiB); a larger
file is refused with 413, code 40005."""
DISCORD_ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "send_message": (5, 5.0),
    "edit_message": (5, 5.0),
    "delete_message": (5, 5.0),
    "edit_original_interaction_response": (5, 5.0),
    "edit_webhook_message": (5, 5.0),
    "execute_webhook": (5, 2.0),
}
"""The buckets Discord gives the routes a game bot uses, per channel (or per
interaction token), as its headers report them: 5 messages per 5 seconds in a
channel, and so on. The fake enforces them unless told otherwise (``rate_limits``)."""

OLD_MESSAGE_AGE = 3600.0
"""Seconds after which a message counts as old for Discord's limit on editing old messages."""


class DiscordLimits:
    """What Discord allows, on the fake's clock (`clock.time()`); see `FakeDiscordServer`'s
    options of the same names."""

    def __init__(
        self,
        clock: Any,
        *,
        rate_limit: tuple[int, float] = (50, 1.0),
        rate_limits: dict[str, tuple[int, float]] | None = None,
        global_limit: tuple[int, float] | None = GLOBAL_LIMIT,
        old_message_edits: tuple[int, float] = (0, 3600.0),
        dm_open_limit: tuple[int, float] | None = DM_OPEN_LIMIT,
        dm_send_limit: tuple[int, float] | None = DM_SEND_LIMIT,
        command_sync_limit: tuple[int, float] | None = COMMAND_SYNC_LIMIT,
        command_creates_per_day: int | None = COMMAND_CREATES_PER_DAY,
        invalid_limit: tuple[int, float] | None = INVALID_LIMIT,
        ban_seconds: float = BAN_SECONDS,
        upload_limit: int | None = UPLOAD_LIMIT,
    ) -> None:
        self.clock = clock
        self.rate_limit = rate_limit
        self.rate_limits = dict(DISCORD_ROUTE_LIMITS if rate_limits is None else rate_limits)
        self.global_limit = global_limit
        self.old_message_edits = old_message_edits
        self.dm_open_limit = dm_open_limit
        self.dm_send_limit = dm_send_limit
        self.command_sync_limit = command_sync_limit
        self.command_creates_per_day = command_creates_per_day
        self.invalid_limit = invalid_limit
        self.ban_seconds = ban_seconds
        self.upload_limit = upload_limit
        self.bucket_waits = 0.0
        """Seconds discord.py waited for buckets to refill on the fake's clock (see
        `bucket_time`); with ``bucket_waits_on_clock`` off, always 0."""
        self.dm_refusals = 0
        """403 code 40003 answers: direct messages opened or sent too fast."""
        self.command_syncs = 0
        """Bulk overwrites of commands accepted."""
        self.invalid_requests = 0
        """401, 403 and 429 (but "shared" ones) answers: Discord bans an IP for an hour
        after 10,000 of them in 10 minutes."""
        self.most_invalid_in_window = 0
        """The most invalid requests ever counted within one ``invalid_limit`` window."""
        self.bans = 0
        """Bans earned (``invalid_limit`` reached)."""
        self.banned_until: float | None = None
        self.global_refusals = 0
        """Requests refused by the global limit itself (not injected 429s)."""
        self._invalid_times: deque[float] = deque()
        self._windows: dict[str, deque[float]] = {}  # anti-spam and sync windows
        self._buckets: dict[str, tuple[int, float]] = {}
        self._global_window: deque[float] = deque()  # bot-token requests in the window
        self._old_edits: dict[int, list[float]] = {}  # channel -> old-message edit times

    def check_global(self) -> None:
        """Discord's global limit: at most ``global_limit`` requests with the bot token in
        any window (a sliding one here, which is the strictest reading)."""
        if self.global_limit is None:
            return
        limit, window = self.global_limit
        now = self.clock.time()
        sent = self._global_window
        while sent and sent[0] <= now - window:
            sent.popleft()
        if len(sent) >= limit:
            self.global_refusals += 1
            retry_after = max(sent[0] + window - now, 0.001)
            raise DiscordError(
                429,
                0,
                "You are being rate limited.",
                headers={
                    "Retry-After": str(math.ceil(retry_after)),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                },
                payload={
                    "message": "You are being rate limited.",
                    "retry_after": round(retry_after, 3),
                    "global": True,
                    "code": 0,
                },
            )
        sent.append(now)

    def count_invalid(self) -> None:
        """One more invalid request; the ban once ``invalid_limit`` is reached."""
        self.invalid_requests += 1
        if self.invalid_limit is None:
            return
        limit, window = self.invalid_limit
        now = self.clock.time()
        times = self._invalid_times
        times.append(now)
        while times and times[0] <= now - window:
            times.popleft()
        self.most_invalid_in_window = max(self.most_invalid_in_window, len(times))
        if len(times) >= limit:
            self.bans += 1
            self.banned_until = now + self.ban_seconds
            times.clear()

    def banned(self) -> bool:
        return self.banned_until is not None and self.clock.time() < self.banned_until

    def check_uploads(self, call: ApiCall) -> None:
        if self.upload_limit is None:
            return
        if any(len(upload.data) > self.upload_limit for upload in call.files):
            raise DiscordError(413, 40005, "Request entity too large")

    def assert_within_limits(self) -> None:
        """No request was refused by the global limit, and no ban was earned (nor half of
        one: the invalid requests of any window stayed under half the limit)."""
        assert self.global_refusals == 0, f"{self.global_refusals} global 429s"
        assert self.bans == 0, f"banned {self.bans} times for invalid requests"
        if self.invalid_limit is not None:
            assert self.most_invalid_in_window < self.invalid_limit[0] / 2, (
                f"{self.most_invalid_in_window} invalid requests within "
                f"{self.invalid_limit[1]:g} s")

    def bucket_time(self) -> float:
        """The time the per-route buckets are counted on: the fake's clock, plus every wait
        for a bucket to refill that discord.py took on it (`bucket_waits`)."""
        return self.clock.time() + self.bucket_waits

    def bucket_waited(self, seconds: float) -> None:
        self.bucket_waits += max(seconds, 0.0)

    def route_bucket(self, spec: RouteSpec, call: ApiCall) -> dict[str, str]:
        if spec.name == "create_interaction_response":
            return {}
        limit, window = self.rate_limits.get(spec.name, self.rate_limit)
        major = (
            call.params.get("channel_id")
            or call.params.get("guild_id")
            or call.params.get("webhook_token")
            or ""
        )
        bucket_hash = f"{abs(hash((spec.method, spec.template))) % 16**12:012x}"
        key = f"{bucket_hash}:{major}"
        now = self.bucket_time()
        used, reset_at = self._buckets.get(key, (0, now + window))
        if now >= reset_at:
            used, reset_at = 0, now + window
        # in whole milliseconds, rounded up: a client that waits exactly what it is told
        # must find the bucket refilled (rounding to the nearest could tell it 0.5 ms short)
        reset_after = max(math.ceil((reset_at - now) * 1000) / 1000, 0.001)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Bucket": bucket_hash,
            "X-RateLimit-Reset": f"{math.ceil(reset_at * 1000) / 1000:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        }
        if used >= limit:
            headers.update(
                {
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Scope": "user",
                    "Retry-After": str(math.ceil(reset_after)),
                }
            )
            raise DiscordError(
                429,
                0,
                "You are being rate limited.",
                headers=headers,
                payload={
                    "message": "You are being rate limited.",
                    "retry_after": round(reset_after, 3),
                    "global": False,
                },
            )
        self._buckets[key] = (used + 1, reset_at)
        headers["X-RateLimit-Remaining"] = str(limit - used - 1)
        return headers

    def window(self, key: str, limit: tuple[int, float], count: int = 1) -> float:
        """Take `count` places in the sliding window `key` (`limit`: count, seconds); returns
        0 if taken, else the seconds until there is room (nothing taken)."""
        most, window = limit
        now = self.clock.time()
        times = self._windows.setdefault(key, deque())
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) + count > most:
            if count > most:
                return window
            return max(times[len(times) + count - most - 1] + window - now, 0.001)
        times.extend([now] * count)
        return 0.0

    def dm_anti_spam(self, what: str) -> None:
        """Discord's answer to a bot opening DM channels (`what` "open") or sending DMs
        ("send") too fast: 403 code 40003 (see `DM_OPEN_LIMIT`)."""
        limit = self.dm_open_limit if what == "open" else self.dm_send_limit
        if limit is not None and self.window(f"dm-{what}", limit):
            self.dm_refusals += 1
            raise DiscordError(403, 40003, "You are opening direct messages too fast.")

    def command_sync_allowed(self, scope: str, creates: int) -> None:
        """The limits on command syncs (`COMMAND_SYNC_LIMIT`, `COMMAND_CREATES_PER_DAY`):
        a 429 with the (long) wait, else the sync counts."""
        waits = []
        if self.command_sync_limit is not None:
            waits.append(self.window(f"sync-{scope}", self.command_sync_limit))
        if self.command_creates_per_day is not None and creates:
            waits.append(self.window(f"creates-{scope}", (self.command_creates_per_day,
                                                           86400.0), creates))
        wait = max(waits, default=0.0)
        if wait:
            raise DiscordError(
                429, 0, "You are being rate limited.",
                headers={"Retry-After": str(math.ceil(wait)), "X-RateLimit-Scope": "user"},
                payload={"message": "You are being rate limited.",
                         "retry_after": round(wait, 3), "global": False})
        self.command_syncs += 1

    def old_message_edit(self, channel_id: int, created_at: float) -> None:
        """Edits of messages older than an hour have a limit of their own (30046), per
        channel: ``old_message_edits`` ``(edits, window)``."""
        now = self.clock.time()
        if now - created_at < OLD_MESSAGE_AGE:
            return
        allowed, window = self.old_message_edits
        recent = self._old_edits.setdefault(channel_id, [])
        recent[:] = [t for t in recent if now - t < window]
        if len(recent) >= allowed:
            retry_after = (recent[0] + window - now) if recent else window
            raise old_message_edits(retry_after)
        recent.append(now)
