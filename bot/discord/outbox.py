"""The Discord outbox: shows the service's `Post`s and `Drop`s, one worker per lane.

The kept messages' core (bot/kept_messages.py) keeps the lanes, coalescing, version order,
fingerprints and outages; this is Discord's half: its requests, refusals and lanes.

Channel messages (a table's lobby, board, turn ping, notes) are edited in place: the store
remembers each one's id and a fingerprint of what it shows, so an identical screen costs no
request, a changed one is one edit, and the picture is uploaded again only when it changed.
A player's panel is ephemeral, so it can only be edited through the token of the newest
interaction that showed it (`PanelTokens`); without a valid one a refresh is skipped.

Lanes are per channel (and per player for panels): pending work is a dict from message to
its newest instruction, drained in the order each message was first queued; an edit that a
newer one replaces while waiting is never sent. A channel's turn pings have a lane of their
own, so a ping is not held back behind a board edit that waits on the rate limits (only a
board not shown yet goes first, so the ping lands below it). Every request with the bot
token waits for a slot of the `GlobalPacer` (Discord's global limit; board edits are marked
not urgent, so pings go first); discord.py's buckets pace each route. The outbox reports
how long the rate limits held a table's channel messages back (`on_wait`, see `waits`), so
the service can give that time back to the players' clocks.

Discord's refusals are events, not failures: a board whose message is older than an hour is
sent afresh rather than edited (such edits have a limit of their own, 30046), and so is one
in an archived thread (its edits are refused with 50083; a new message reopens the thread).
A thread that refuses new messages too (locked, or gone) is lost: its table is reported to
`on_lost`, which ends it, and nothing more is sent there. A channel that refuses the bot for
want of a permission (Send Messages or View Channel taken away: 50013, 50001) is silent:
its table is reported to `on_silent` (bot/discord/silence.py pauses it), and nothing is
sent there until `speak_again` (no request Discord would refuse again: those count toward
its ban on invalid requests).

A fresh turn ping also sends the players it reminds (`Post.reminders`, worded by the
service) a direct message, if they asked for them; a player who does not accept direct
messages gets one note in the channel saying so. Logs name tables, roles,
seats and error codes, never what a message shows.

The database going away is an outage to sit out, not a reason to drop anything: the lane
keeps its work, backs off (`health`, bot/loops.py: down in the health registry meanwhile)
and goes on once the store answers; a message sent meanwhile is recorded as soon as it can
be, so it is edited later rather than sent twice. Discord itself failing for longer than
discord.py's own retries (5xx after five tries, a rate limit of minutes) is sat out the same
way for a channel's messages: the newest version is tried again after the back-off, for up
to `redeliver_for` seconds, so once Discord is back every board shows what is current.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from typing import Any, Protocol, TypeVar

import discord

from bot.i18n import Translator
from bot.kept_messages import (
    Edit,
    KeptMessages,
    Lane,
    MessageBook,
    MessageRef,
    Refusals,
    where,
)
from bot.keyed_locks import KeyedLocks
from bot.ops import metrics
from bot.recent import Recent
from bot.screens import Place, Post, Role, Screen, Text, TurnReminder
from bot.turn_reminders import ReminderBook

from .dms import Reminder, TurnDms
from .items import edit_kwargs, send_kwargs
from .pacing import GlobalPacer, urgency
from .panels import PanelTokens
from .render import CONTENT_LIMIT, Layout, layout
from .waits import Meter, measuring

log = logging.getLogger(__name__)

T = TypeVar("T")

PLATFORM = "discord"
NO_FILES_FOR = 600.0
"""After a channel refused an attachment, send text there for this many seconds."""
UNKNOWN_CHANNEL = 10003
THREAD_ARCHIVED = 50083  # an edit in an archived thread, or a post in a locked one
OLD_MESSAGE_EDITS = 30046  # too many edits of messages older than an hour
OLD_MESSAGE_AGE = 3600.0 - 60.0
"""Messages at least this old (seconds) are replaced, not edited: a minute's margin under
Discord's hour."""
REPORT_PACING_FROM = 1.0
"""discord.py's waiting before a request, to keep to the limits, is reported once it is at
least this long (a player notices it as lag); a 429's wait always is."""

WaitReport = Callable[[str, float], Awaitable[object]]
"""`(chat_id, seconds)`: the table's chat waited this long before the bot could update it."""
LostReport = Callable[[int], Awaitable[object]]
"""`(table_id)`: the table's thread takes no more messages from the bot."""
SilentReport = Callable[[Place, discord.HTTPException], Awaitable[object]]
"""`(place, refusal)`: the table's channel refuses the bot for want of a permission."""
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013


class ChannelLost(Exception):
    """The channel (a thread) refuses the bot's messages for good: locked, or deleted."""

    def __init__(self, error: discord.HTTPException) -> None:
        super().__init__(f"HTTP {error.status}, code {error.code}")
        self.error = error


class ChannelSilent(Exception):
    """The channel refuses the bot for want of a permission (until it is given back)."""

    def __init__(self, error: discord.HTTPException) -> None:
        super().__init__(f"HTTP {error.status}, code {error.code}")
        self.error = error


class OutboxStore(MessageBook, ReminderBook, Protocol):
    """The store as the outbox sees it: kept messages, and players' choices of turn DMs."""


class Client(Protocol):
    """What the outbox needs of the discord.py client."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...



class Outbox(KeptMessages):
    """Executes `Post`/`Drop` for Discord. `post()` never blocks; `flush()` waits."""

    MOVES_ROOM = CONTENT_LIMIT - 200
    _IMAGES_KEPT = 20_000
    _GUILDS_KEPT = 50_000  # channels whose server is remembered (the oldest are asked again)
    _PANELS_KEPT = 50_000  # players' panels whose interactions are counted

    def __init__(self, client: Client, store: OutboxStore, translator: Translator,
                 panels: PanelTokens, *, default_language: str = "en",
                 clock: Callable[[], float] = time.monotonic,
                 now: Callable[[], float] = time.time,
                 on_wait: WaitReport | None = None, on_lost: LostReport | None = None,
                 on_silent: SilentReport | None = None,
                 pacer: GlobalPacer | None = None) -> None:
        """`on_wait` hears of each wait on Discord's rate limits before a table's channel
        message could be updated; it needs the client to carry `waits.http_trace()`.
        `now` is the epoch time, against which messages' ages are told (Discord's clock);
        `on_lost` hears of a table whose thread refuses the bot for good; `pacer` is the
        client's (`GlobalPacer.attach`), kept here for the figures."""
        super().__init__(store, translator, platform=PLATFORM,
                         default_language=default_language, clock=clock)
        self.store: OutboxStore = store
        self.client = client
        self.panels = panels
        self._now = now
        self._on_wait = on_wait
        self._on_lost = on_lost
        self.on_silent = on_silent
        self.pacer = pacer or GlobalPacer()
        self._lost: set[str] = set()  # channels (threads) that refuse the bot for good
        self._silent: dict[str, set[int]] = {}  # channels that refuse it until a permission
        # is back -> the tables whose posts were skipped meanwhile
        self.replaced: Counter[str] = Counter()
        """Messages sent afresh because Discord would not have them edited, by why: "old"
        (the old-message limit), "archived" (an archived thread)."""
        self._images: Recent[str, str | None] = Recent(self._IMAGES_KEPT)
        # message id -> the fingerprint of the picture it shows
        self._no_files = Refusals(NO_FILES_FOR, clock)
        self.dms: TurnDms | None = None
        """Turn reminders by DM (the client sets it); None sends none."""
        self._guilds: Recent[str, int] = Recent(self._GUILDS_KEPT)  # channel -> its server
        # (table, player) -> how many times their own interactions showed them the panel,
        # and a queued panel's key -> that count when it was queued (a refresh goes only if
        # none came since: compared within seconds, so only the newest need be kept)
        self._generations: Recent[tuple[int, str], int] = Recent(self._PANELS_KEPT)
        self._queued_in: Recent[Hashable, int] = Recent(self._PANELS_KEPT)
        self._panel_locks: KeyedLocks[str] = KeyedLocks()  # by player

    # --- queueing -------------------------------------------------------------------

    def learn_guild(self, channel_id: str, guild_id: int | None) -> None:
        """Which server a channel is in (for links in direct messages)."""
        if guild_id is not None:
            self._guilds.remember(channel_id, guild_id)

    @contextlib.asynccontextmanager
    async def panel_turn(self, table_id: int, user_id: str) -> AsyncIterator[None]:
        """While a player's own interaction shows them their panel: refreshes queued before
        are dropped, and none is sent meanwhile (it would land on top of the newer one)."""
        whose = (table_id, user_id)
        self._generations.remember(whose, self._generation(whose) + 1)
        lane = self._lanes.get(_panel_lane(user_id))
        if lane is not None:
            for key in [k for k in lane.pending if k[0] == table_id]:
                self.counters.coalesced["panel"] += 1
                del lane.pending[key]
        async with self._panel_locks.hold(user_id):
            yield

    def _generation(self, key: tuple[int, str]) -> int:
        return self._generations.get(key) or 0

    async def deliver_now(self, post: Post
                          ) -> discord.HTTPException | discord.RateLimited | None:
        """Show `post` at once, outside the lanes, and tell why it could not be (a new
        table's lobby: the table must not stay open without it). None: it was shown."""
        try:
            await self._show(post, strict=True)
        except (ChannelLost, ChannelSilent) as lost:
            return lost.error
        except discord.HTTPException as error:
            return error
        except discord.RateLimited as limited:  # a wait of minutes: no table meanwhile
            return limited
        self._lost.discard(_channel_of(post.place))  # it takes messages again
        self._silent.pop(_channel_of(post.place), None)
        return None

    def silence(self, channel: str) -> None:
        """Send nothing more to `channel` (a permission is missing there)."""
        self._silent.setdefault(channel, set())
        for name in (f"c:{channel}", f"c:{channel}{_PING_LANE}"):
            lane = self._lanes.get(name)
            if lane is not None:
                self.counters.skipped["silent"] += len(lane.pending)
                lane.pending.clear()

    def speak_again(self, channel: str) -> set[int]:
        """`channel` takes the bot's messages again; returns the tables whose posts were
        skipped while it did not (what they show now is owed)."""
        return self._silent.pop(channel, set())

    def _admitted(self, item: Any) -> Any | None:
        """Nothing for a thread that is lost, or a channel that is silent (its table is
        paused and shown whole again when it speaks)."""
        place = item.place
        if place.role is Role.PANEL:
            return item
        if _channel_of(place) in self._lost:
            self.counters.skipped[str(place.role)] += 1
            return None  # the thread takes nothing more; its table has ended
        skipped = self._silent.get(_channel_of(place))
        if skipped is not None:
            skipped.add(place.table_id)
            self.counters.skipped["silent"] += 1
            return None
        return item

    def _lane_name(self, item: Any) -> str:
        place = item.place
        return _panel_lane(place.chat_id) if place.role is Role.PANEL else _channel_lane(place)

    def _queued(self, key: Hashable, item: Any) -> None:
        place = item.place
        if place.role is Role.PANEL:
            self._queued_in.remember(key, self._generation((place.table_id, place.chat_id)))

    # --- the workers ----------------------------------------------------------------

    async def _hold_back(self, lane: Lane, key: Hashable) -> bool:
        assert isinstance(key, tuple)
        return key[1] == str(Role.PING) and await self._board_first(lane, key[0])

    def _passing(self, item: Any, error: Exception) -> bool:
        """A 5xx discord.py gave up on, or a rate limit longer than it waits."""
        return isinstance(error, discord.RateLimited) or (
            isinstance(error, discord.HTTPException) and error.status >= 500)

    def _redeliverable(self, post: Post) -> bool:
        return post.place.role is not Role.PANEL  # a panel's token expires anyway

    async def _refused(self, item: Any, error: Exception) -> bool:
        if isinstance(error, ChannelLost):
            await self._lose(item.place, error.error)
            return True
        if isinstance(error, ChannelSilent):
            await self._go_silent(item.place, error.error)
            return True
        return False

    async def _execute(self, item: Any, ref: MessageRef | None) -> None:
        place = item.place
        if place.role is not Role.PANEL:
            await super()._execute(item, ref)
        elif isinstance(item, Post):
            key = (place.table_id, str(place.role), place.seat)
            await self._refresh_panel(item, self._queued_in.get(key) or 0)
        else:
            self.panels.forget(place.table_id, place.chat_id)

    async def _board_first(self, ping_lane: Lane, table_id: int) -> bool:
        """A table's first board goes before its ping (which then lands below it); once
        the board is shown, pings no longer wait for its edits. True: waited, look again."""
        main = self._lanes.get(ping_lane.name.removesuffix(_PING_LANE))
        if main is None:
            return False
        board = (table_id, str(Role.BOARD), None)
        if board not in main.pending and main.current != board:
            return False
        if await self.store.get_message(table_id, Role.BOARD, None) is not None:
            return False
        await main.moved.wait()
        return True

    async def _lose(self, place: Place, error: discord.HTTPException) -> None:
        """The thread refuses the bot for good: forget what waits for it, end its table."""
        channel = _channel_of(place)
        self._lost.add(channel)
        for name, lane in list(self._lanes.items()):
            if name in (_channel_lane(place), _channel_lane(place) + _PING_LANE):
                self.counters.skipped[str(place.role)] += len(lane.pending)
                lane.pending.clear()
        log.warning("table %s: its thread refuses messages (HTTP %s, code %s); ending it",
                    place.table_id, error.status, error.code)
        if self._on_lost is None:
            return
        try:
            await self._on_lost(place.table_id)
        except Exception as failure:  # noqa: BLE001 - the lane must go on
            log.warning("table %s: ending it failed: %s", place.table_id,
                        type(failure).__name__)

    async def _go_silent(self, place: Place, error: discord.HTTPException) -> None:
        """The channel refuses the bot for want of a permission: stop sending there (what
        waits for it is dropped; the table is shown whole when it speaks again)."""
        self.silence(_channel_of(place))
        if self.on_silent is None:
            return
        try:
            await self.on_silent(place, error)
        except Exception as failure:  # noqa: BLE001 - the lane must go on
            log.warning("table %s: pausing it failed: %s", place.table_id,
                        type(failure).__name__)

    # --- panels ---------------------------------------------------------------------

    async def _refresh_panel(self, post: Post, generation: int) -> None:
        place = post.place
        user = place.chat_id
        async with self._panel_locks.hold(user):
            if self._generation((place.table_id, user)) != generation:
                self.counters.coalesced["panel"] += 1
                return  # the player's own interaction showed a newer panel meanwhile
            panel = self.panels.get(place.table_id, user)
            fingerprint = post.screen.fingerprint()
            if panel is None or panel.fingerprint == fingerprint:
                self.counters.skipped["panel"] += 1
                return  # no token left (the ping tells them), or it shows this already
            image = post.screen.image_fingerprint()
            shown = layout(post.screen)
            try:
                await panel.handle.edit(**edit_kwargs(shown, image_changed=image != panel.image))
            except discord.HTTPException as error:
                # dismissed by the player, or the token expired early: a fresh panel is
                # one press away
                self.panels.forget(place.table_id, user, panel)
                self.counters.failures["panel"] += 1
                log.info("%s: refresh failed (HTTP %s, code %s)", _where(place), error.status,
                         error.code)
                return
            panel.fingerprint, panel.image = fingerprint, image
            self.counters.edits["panel"] += 1

    # --- channel messages -----------------------------------------------------------

    def _chat_of(self, place: Place) -> str:
        return _channel_of(place)

    async def _shown_anew(self, post: Post, message_id: str) -> None:
        if post.fresh and post.reminders:
            self._spawn(self._tell_turn(post.place, post.reminders, int(message_id)),
                        "discord outbox dm")

    async def _send_moves(self, place: Place, text: Text) -> bool:
        target = self.client.get_partial_messageable(int(_channel_of(place)))
        try:
            await self._request(place, lambda: target.send(
                **send_kwargs(layout(Screen(text)), notify=False)))
        except discord.HTTPException as error:  # the board itself still goes
            _raise_if_silenced(place, error)
            log.warning("%s: earlier moves not sent (HTTP %s, code %s)", _where(place),
                        error.status, error.code)
            return False
        self.counters.sends["moves"] += 1
        return True

    async def _send(self, place: Place, screen: Screen, *, strict: bool = False) -> str | None:
        message = await self._send_message(place, _channel_of(place), screen, strict=strict)
        return None if message is None else str(message.id)

    async def _send_message(self, place: Place, channel: str, screen: Screen, *,
                    strict: bool = False) -> discord.Message | None:
        role = str(place.role)
        target = self.client.get_partial_messageable(int(channel))
        notify = place.role is Role.PING
        if screen.image is not None and self._no_files.allowed(channel):
            try:
                message = await self._request(place, lambda: target.send(
                    **send_kwargs(layout(screen), notify=notify)))
            except discord.Forbidden as error:
                if error.code == MISSING_ACCESS:
                    self._send_refused(place, error, strict, forbidden_too=True)
                    _raise_if_silenced(place, error)  # no text will go either
                if error.code != 50013:
                    self._send_refused(place, error, strict)  # not a missing permission to attach
                self._no_files.refused(channel)
                log.warning("%s: sending with a picture refused (code %s); trying text",
                            _where(place), error.code)
            except discord.HTTPException as error:
                self._send_refused(place, error, strict)
                _raise_if_silenced(place, error)
                if error.status >= 500:
                    raise  # Discord is failing: the lane tries again after a back-off
                self._failed(place, "send", error)
                return None
            else:
                self._remember_image(message.id, screen.image_fingerprint())
                self.counters.sends[role] += 1
                return message
        shown = await self._text_version(place, screen)
        try:
            message = await self._request(place, lambda: target.send(
                **send_kwargs(shown, notify=notify)))
        except discord.HTTPException as error:
            self._send_refused(place, error, strict, forbidden_too=True)
            _raise_if_silenced(place, error)
            if error.status >= 500:
                raise  # Discord is failing: the lane tries again after a back-off
            self._failed(place, "send", error)
            return None
        self._remember_image(message.id, None)
        self.counters.sends[role] += 1
        return message

    def _send_refused(self, place: Place, error: discord.HTTPException, strict: bool, *,
                 forbidden_too: bool = False) -> None:
        """Raise what a send's refusal means: the thread is lost for good (locked, deleted,
        or a private one the bot is not in), or, when `strict`, the refusal itself."""
        in_thread = place.thread_id is not None
        if in_thread and (error.code in (THREAD_ARCHIVED, UNKNOWN_CHANNEL) or (
                forbidden_too and isinstance(error, discord.Forbidden))):
            raise ChannelLost(error)
        if strict:
            raise error

    def _too_old(self, ref: MessageRef) -> bool:
        sent = discord.utils.snowflake_time(int(ref.message_id)).timestamp()
        return self._now() - sent >= OLD_MESSAGE_AGE

    async def _edit(self, place: Place, ref: MessageRef, screen: Screen) -> Edit:
        """Edit the kept message: DONE (or failed for now), GONE if it no longer exists,
        REPLACE if Discord will not have it edited (an archived thread, the old-message
        limit) and a new message should take its place."""
        if self._too_old(ref):
            self.replaced["old"] += 1  # its edits have a limit of their own
            return Edit.REPLACE
        channel = ref.chat_id
        message = self.client.get_partial_messageable(int(channel)).get_partial_message(
            int(ref.message_id))
        image = screen.image_fingerprint()
        with_file = screen.image is not None and self._no_files.allowed(channel)
        shown = layout(screen) if with_file else await self._text_version(place, screen)
        known = self._images.get(ref.message_id, "unknown")
        changed = not with_file or known != image
        try:
            await self._request(place, lambda: message.edit(**edit_kwargs(
                shown, image_changed=changed, notify=place.role is Role.PING)))
        except discord.NotFound:
            self._images.forget(ref.message_id)
            return Edit.GONE
        except discord.RateLimited:
            # discord.py gives up on a wait longer than `max_ratelimit_timeout`: here the
            # old-message limit, whose wait is measured in minutes
            self.replaced["old"] += 1
            return Edit.REPLACE
        except discord.Forbidden as error:
            if with_file and error.code == 50013:
                self._no_files.refused(channel)
                log.warning("%s: editing with a picture refused (code %s); trying text",
                            _where(place), error.code)
                return await self._edit(place, ref, screen)
            _raise_if_silenced(place, error)
            self._failed(place, "edit", error)
            # in a thread, a new message tells whether it takes messages at all
            return Edit.REPLACE if place.thread_id is not None else Edit.DONE
        except discord.HTTPException as error:
            if error.code in (THREAD_ARCHIVED, OLD_MESSAGE_EDITS):
                # a new message reopens an archived thread (or is not an old one)
                self.replaced["archived" if error.code == THREAD_ARCHIVED
                                      else "old"] += 1
                return Edit.REPLACE
            if error.status >= 500:
                raise  # Discord is failing: the lane tries again after a back-off
            self._failed(place, "edit", error)
            return Edit.DONE  # not gone: the next post tries again
        self._remember_image(int(ref.message_id), image if with_file else None)
        self.counters.edits[str(place.role)] += 1
        return Edit.DONE

    async def _delete(self, place: Place, ref: MessageRef) -> bool:
        self._images.forget(ref.message_id)
        message = self.client.get_partial_messageable(int(ref.chat_id)).get_partial_message(
            int(ref.message_id))
        try:
            await self._request(place, message.delete)
        except discord.NotFound:
            return False  # already gone: so much the better
        except discord.HTTPException as error:
            log.info("%s: delete failed (HTTP %s, code %s)", _where(place), error.status,
                     error.code)
            return False
        return True

    async def _request(self, place: Place, request: Callable[[], Awaitable[T]]) -> T:
        """A request for one of a table's channel messages (a board edit is not urgent for
        the global pacer); a wait on the rate limits that held it back is reported for the
        table's chat."""
        with measuring() as meter:
            try:
                with urgency(place.role is not Role.BOARD):
                    result = await request()
            except discord.HTTPException:
                await self._waited(place, meter)
                raise
        await self._waited(place, meter)
        return result

    async def _waited(self, place: Place, meter: Meter) -> None:
        seconds = meter.held_back(REPORT_PACING_FROM)
        if seconds > 0:
            metrics.flood_wait(PLATFORM, seconds)
        if self._on_wait is None or seconds <= 0:
            return
        try:
            await self._on_wait(place.chat_id, seconds)
        except Exception as error:  # noqa: BLE001 - delivery matters more than the refund
            log.warning("%s: reporting a %gs wait failed: %s", _where(place), seconds,
                        type(error).__name__)

    async def _text_version(self, place: Place, screen: Screen) -> Layout:
        if screen.image is None:
            return layout(screen)
        lang = await self._language(place.table_id)
        return layout(screen, note=self.translator.t(lang, "dc-missing-attach-right"),
                      as_text=True)

    # --- "your turn" in direct messages -----------------------------------------------

    async def _tell_turn(self, place: Place, reminders: tuple[TurnReminder, ...],
                         ping_id: int) -> None:
        """The ping's reminders, as the service worded them, go by direct message to those
        who asked for them (bot/discord/dms.py paces them and tells a refusal from "too
        fast"), each with a link to the ping. Nothing of the table is read for them."""
        if not reminders or self.dms is None:
            return
        by_user = {r.user_id: r for r in reminders}
        wanted = await self.dms.wanted(list(by_user))
        if not wanted:
            return
        channel = _channel_of(place)
        guild = await self._guild_of(channel)
        link = (f"\nhttps://discord.com/channels/{guild}/{channel}/{ping_id}"
                if guild is not None else "")
        dms = [Reminder(user, by_user[user].text + link) for user in wanted]

        async def still_due() -> bool:  # the ping is still the table's latest
            ref = await self._ref(place)
            return ref is not None and ref.message_id == str(ping_id)

        for user, outcome in (await self.dms.send(dms, still_due)).items():
            if outcome == "sent":
                self.counters.sends["dm"] += 1
            elif outcome == "refused":  # 50007 alone: the player's own settings
                await self._note_no_dm(place, by_user[user])

    async def _note_no_dm(self, place: Place, reminder: TurnReminder) -> None:
        """Once per table and player: say in the channel why no direct message comes."""
        note = Place(place.table_id, Role.NOTE, reminder.seat, place.chat_id, place.thread_id)
        if await self._ref(note) is not None:
            return
        lang = await self._language(place.table_id)
        self.post(Post(note, Screen((self.translator.t(lang, "dc-dm-blocked",
                                                       name=reminder.name),))))

    # --- small helpers ------------------------------------------------------------------

    async def _guild_of(self, channel: str) -> int | None:
        known = self._guilds.get(channel)
        if known is not None:
            return known
        found = self.client.get_channel(int(channel))
        if found is None:
            # a channel of a server on another process's shard (DISCORD_SHARDS) is not in
            # this one's cache; the due work of its tables comes here too, so ask REST
            try:
                found = await self.client.fetch_channel(int(channel))
            except discord.HTTPException:
                return None
        guild = getattr(getattr(found, "guild", None), "id", None)
        self.learn_guild(channel, guild)
        return guild

    def _remember_image(self, message_id: int, fingerprint: str | None) -> None:
        self._images.remember(str(message_id), fingerprint)

    def _failed(self, place: Place, what: str, error: discord.HTTPException) -> None:
        self.counters.failures[str(place.role)] += 1
        log.warning("%s: %s failed (HTTP %s, code %s)", _where(place), what, error.status,
                    error.code)


def _raise_if_silenced(place: Place, error: discord.HTTPException) -> None:
    """A channel (not a thread: those are lost) refusing for want of a permission."""
    if place.thread_id is None and isinstance(error, discord.Forbidden) \
            and error.code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        raise ChannelSilent(error)


def _channel_of(place: Place) -> str:
    """The channel a public message lives in: the table's thread, or its channel."""
    return place.thread_id or place.chat_id


_PING_LANE = ":ping"


def _channel_lane(place: Place) -> str:
    lane = f"c:{_channel_of(place)}"
    return lane + _PING_LANE if place.role is Role.PING else lane


def _panel_lane(user_id: str) -> str:
    return f"u:{user_id}"


def _where(place: Place) -> str:
    return where(place)
