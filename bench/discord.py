"""Discord figures, through the fake Discord API and gateway on 127.0.0.1 (fakes/discord)
with the real discord.py client (`DiscordBot`), the real table service and a real SQLite file:

interactions handled per second with many concurrent tables (every table a 4-player Lanterns
game in its own channel, opened through /newgame, Join and Start, whose acting player opens
their ephemeral panel with "My hand" when it offers nothing and presses the buttons and picks
the select options really in it), flat out and at a steady offered rate, with the median and
p95 time from an interaction being dispatched to the bot's first callback, and how many were
answered late (after Discord's 3 seconds, or never).

The fake server keeps Discord's limits: the global one (50 requests a second with the bot
token; interaction answers are exempt) and the per-channel buckets (`DISCORD_ROUTE_LIMITS`:
5 messages per 5 seconds in a channel, ...). Next to the interactions the benchmark reports
the requests the bot made with its token: the most in any one second (at most 50, or Discord
answers global 429s), the mean, and the 429s it got.

With `--dms F` a fraction F of the players asked for turn reminders by direct message
(/dms on; none do by default, as in the bot): the DMs keep to their own pace (one channel
opened every 10 s, one DM every 2 s, bot/discord/dms.py) on top of the rest, and the
benchmark reports them (sent, dropped for being too late, the fake's 403 40003s).

    python -m bench.discord [--tables 50] [--seconds 20] [--rate 10] [--dms 0.5] [--lift-limits]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.figures import ms, p95
from bot.discord.dms import MAX_DELAY
from fakes.discord import (
    DISCORD_ROUTE_LIMITS,
    FakeChannel,
    FakeDiscordServer,
    FakeUser,
    InteractionRecord,
    MessageRecord,
    WaitTimeout,
)
from fakes.discord.rest import route_needs_token
from fakes.discord_e2e import Choice, World, button, choices, choose, lobby, notes, panel

LATE = 3.0  # Discord's deadline for the first response
WAIT = 30.0  # how long a driver waits for the bot to react before looking again


@dataclass
class Table:
    channel: FakeChannel
    users: list[FakeUser]
    version: int = 0  # the lowest board version the acting player's choices may carry


@dataclass
class Figures:
    records: list[InteractionRecord] = field(default_factory=list)
    stuck: int = 0  # waits that timed out (the bot never reacted as expected)


def _board(table: Table) -> MessageRecord | None:
    pictures = [m for m in table.channel.bot_messages if m.attachments]
    return pictures[-1] if pictures else None


def _finished(table: Table) -> bool:
    board = _board(table)
    return board is None or not board.buttons


def _acting(table: Table) -> FakeUser | None:
    """Whom the newest turn ping notifies."""
    for message in reversed(table.channel.bot_messages):
        pinged = [u for u in table.users if u in message.pinged]
        if pinged:
            return pinged[0]
    return None


def _current(table: Table, user: FakeUser) -> list[Choice]:
    """The user's panel choices, if drawn for the board as it is now."""
    found = choices(user)
    return found if found and min(c.press.version for c in found) >= table.version else []


async def open_tables(world: World, places: list[Table]) -> None:
    """Tables through the real flow: /newgame, Join, Start (World's helpers)."""
    for table in places:
        host, *others = table.users
        await world.open_table(table.channel, host, others)
        record = await world.click(host, button(lobby(table.channel), "start"))
        if notes(record):
            print("start:", notes(record), table.channel, flush=True)
    await world.server.wait_until(lambda: all(_board(t) and _acting(t) for t in places), WAIT,
                                  message="every board and turn ping")


async def press(server: FakeDiscordServer, table: Table, figures: Figures,
                rng: random.Random, think: float, deadline: float) -> None:
    """The acting player presses one thing (opening "My hand" first if their panel offers
    nothing current), and waits until the bot has reacted to it."""

    async def until(condition, what: str) -> bool:
        try:
            await server.wait_until(condition, WAIT, message=what)
            return True
        except WaitTimeout:
            figures.stuck += 1
            return False

    async def pause() -> bool:
        """A person's pause; False when the phase ended meanwhile."""
        if think:  # nobody presses after the end: the phase lasts its seconds
            await asyncio.sleep(min(rng.expovariate(1 / think),
                                    max(deadline - time.monotonic(), 0.0)))
        return time.monotonic() < deadline

    user = _acting(table)
    if user is None:
        await until(lambda: _finished(table) or _acting(table), "a turn ping")
        return
    if not _current(table, user):
        board = _board(table)
        assert board is not None
        if not await pause():
            return
        record = user.click(board, button(board, "hand").custom_id)
        figures.records.append(record)
        if not await until(lambda: record.acknowledged and _current(table, user), "a panel"):
            return
    pick = choose(_current(table, user), rng)
    before = panel(user)
    edits = before.edits if before is not None else -1
    if not await pause():
        return
    if pick.value is not None:
        record = user.select(pick.message, pick.custom_id, [pick.value])
    else:
        record = user.click(pick.message, pick.custom_id)
    figures.records.append(record)
    if pick.press.kind == "confirm":
        table.version = pick.press.version + 1
        await until(lambda: record.acknowledged and (
            _finished(table) or _acting(table) not in (None, user)), "the next turn")
    else:
        await until(lambda: record.acknowledged and (
            panel(user) is not before or (before is not None and before.edits > edits)),
            "the panel redrawn")


async def drive(server: FakeDiscordServer, table: Table, figures: Figures, deadline: float,
                rng: random.Random, think: float) -> None:
    """One table's players pressing until the deadline: as fast as the bot reacts, or after
    a random pause of `think` seconds on average, as people do."""
    while time.monotonic() < deadline and not _finished(table):
        await press(server, table, figures, rng, think, deadline)


async def load(world: World, tables: list[Table], seconds: float, rate: float | None,
               seed: int) -> None:
    """Every table pressing at once: flat out (`rate` None) or at `rate` interactions a
    second in all, spread over the tables at random moments."""
    server = world.server
    figures = Figures()
    think = len(tables) / rate if rate else 0.0
    mark = server.mark()
    outbox = world.bot.client.outbox
    coalesced = outbox.counters.coalesced["board"]
    start = time.monotonic()
    deadline = start + seconds
    dms = world.bot.client.dms
    dm_counts = dms.counts.copy()
    await asyncio.gather(*(drive(server, t, figures, deadline, random.Random(seed + i), think)
                           for i, t in enumerate(tables)))
    elapsed = time.monotonic() - start
    await world.bot.settle(MAX_DELAY + 30)  # reminders waiting for their place included
    times = [r.response_time for r in figures.records if r.response_time is not None]
    late = sum(1 for r in figures.records if r.response_time is None or r.response_time > LATE)
    live = sum(1 for t in tables if not _finished(t))
    offered = f"offered {rate:.0f} interactions/s" if rate else "pressing flat out"
    print(f"{len(tables)} concurrent tables ({live} still playing at the end), {offered}: "
          f"{len(times) / elapsed:.1f} interactions/s handled over {elapsed:.0f} s "
          f"({len(figures.records)} interactions)")
    if times:
        print(f"  dispatch -> first response: median {ms(statistics.median(times))}, "
              f"p95 {ms(p95(times))}, max {ms(max(times))}")
    print(f"  answered late (> {LATE:.0f} s) or never: {late}"
          + (f"; {figures.stuck} waits timed out" if figures.stuck else ""))
    calls = [c for c in server.calls_of(since=mark) if route_needs_token(c.name)]
    limited = [c for c in calls if c.status == 429]
    global_429 = sum(1 for c in limited if c.headers.get("X-RateLimit-Global"))
    print(f"  requests with the bot token: at most {server.most_bot_requests(1.0, since=mark)} "
          f"in any second (Discord allows 50), {len(calls) / elapsed:.1f}/s on average; "
          f"429s: {global_429} global, {len(limited) - global_429} per route; "
          f"board edits coalesced: {outbox.counters.coalesced['board'] - coalesced}")
    done = dms.counts - dm_counts
    print(f"  turn DMs: {done['sent']} sent, {done['dropped']} dropped (later than "
          f"{MAX_DELAY:.0f} s), {done['stale']} not sent (the turn had moved on), "
          f"{done['slowed']} slowed, {done['failed']} failed; DM channels "
          f"opened {done['opened']}; 403 40003 from Discord: {server.limits.dm_refusals}")
    invalid = world.bot.client.pacer.invalid
    print(f"  invalid requests (401/403/429) so far: {server.limits.invalid_requests} by the "
          f"fake's count, {invalid.total} by the bot's (most within 10 minutes: "
          f"{invalid.most_in_window}; Discord bans at 10,000); bans: {server.limits.bans}")


def places(server: FakeDiscordServer, count: int) -> list[Table]:
    """A guild with a #games channel and four players for every table."""
    found = []
    for i in range(count):
        users = [server.user(f"P{i}.{k}") for k in range(4)]
        guild = server.guild(f"Bench {i}", owner=users[0], members=users)
        found.append(Table(server.text_channel(guild, "games"), users))
    return found


async def run(tables: int, seconds: float, rate: float, lift_limits: bool,
              dms: float = 0.0, latency: float = 0.0) -> None:
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice: fine here
    # real time: discord.py sits out its waits for the buckets as it would on Discord
    limits = ({"rate_limit": (1_000_000, 1.0), "rate_limits": {}, "global_limit": None}
              if lift_limits else {"rate_limits": DISCORD_ROUTE_LIMITS})
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscordServer(**limits, bucket_waits_on_clock=False,  # type: ignore[arg-type]
                                     latency=latency) as server:
            opened = places(server, tables)
            world = World(server, Path(folder) / "b.db")
            await world.start()
            client = world.bot.client
            for pace in (client.dms.opening, client.dms.sending):
                pace.sleep = asyncio.sleep  # real time here, as on Discord
            if lift_limits:
                world.bot.client.outbox.pacer.rate = 1_000_000
            try:
                await open_tables(world, opened)
                # after the opening, whose every step is waited for until all is delivered
                asking = [u for t in opened for u in t.users][::round(1 / dms)] if dms else []
                for user in asking:
                    await world.store.set_turn_dms(str(user.id), True)
                if asking:
                    print(f"{len(asking)} of {4 * tables} players asked for turn DMs")
                await load(world, opened, seconds, None, 0)
                await load(world, opened, seconds, rate, 10_000)
            finally:
                await world.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=10,
                        help="interactions a second offered in all, for the latency figures")
    parser.add_argument("--dms", type=float, default=0.0,
                        help="the fraction of players who asked for turn reminders by DM")
    parser.add_argument("--lift-limits", action="store_true",
                        help="no rate limits at all (the fake's and the bot's own pacing "
                             "lifted), to compare")
    parser.add_argument("--latency", type=float, default=0.0,
                        help="seconds every answer of the fake Discord takes (0.05 is "
                             "realistic)")
    args = parser.parse_args(argv)
    asyncio.run(run(args.tables, args.seconds, args.rate, args.lift_limits, args.dms,
                    args.latency))


if __name__ == "__main__":
    main()
