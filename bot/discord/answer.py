"""Answering one interaction: exactly one response, in time, then follow-ups.

Discord wants a response to every interaction within 3 seconds, and only one; anything
after it goes through the interaction's token (edit the original response, or send
follow-ups). An `Answer` hides which of these a step needs:

* `show(layout, replace=...)`: put a message in front of the person, alone: their panel (in
  place of the ephemeral message they pressed on, when `replace`), a picker, a note;
* `say(text)`: a short ephemeral note (an error), never replacing anything;
* `defer()`: acknowledge now, show later (when pictures are still being drawn);
* `finish()`: acknowledge silently if nothing was said.

A watchdog defers by itself when nothing was sent after `defer_after` seconds, and an
interaction nobody claimed (a component that is not ours) is told so. Every failure is
logged (without content) and swallowed: an answer that cannot be delivered must not stop
the move, which is already committed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import discord

from .items import edit_kwargs, send_kwargs
from .render import Layout

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds after which a still unanswered interaction is deferred (Discord allows 3)."""


class _State(Enum):
    OPEN = "open"  # no response yet
    DEFERRED = "deferred"  # acknowledged, nothing shown yet
    ANSWERED = "answered"  # a message was shown (or the source message updated)
    GONE = "gone"  # the token no longer works


@dataclass
class PanelHandle:
    """How to edit a message shown through an interaction's token: its original response
    (`message_id` None) or one of its follow-ups."""

    interaction: discord.Interaction
    message_id: int | None = None

    async def edit(self, **kwargs: Any) -> None:
        if self.message_id is None:
            await self.interaction.edit_original_response(**kwargs)
        else:
            await self.interaction.followup.edit_message(self.message_id, **kwargs)


@dataclass
class Answer:
    """The answer to one interaction (see the module's docstring)."""

    interaction: discord.Interaction
    unclaimed: Callable[[], Awaitable[None]]
    """What to do with an interaction nobody claimed in time (say it is not understood)."""
    defer_after: float = DEFER_AFTER
    rename: Callable[[str], str] = str
    """Names the commands in a text as the person's client shows them (bot/discord/commands.py)."""
    received: float = field(default_factory=time.monotonic)
    claimed: bool = False
    responded_after: float | None = None
    """Seconds from arrival to the first response (deferral or message), once there was one."""
    _state: _State = _State.OPEN
    _original_used: bool = False  # a deferred command's "thinking" message was replaced
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _watchdog: asyncio.Task[None] | None = None

    @property
    def is_command(self) -> bool:
        return self.interaction.type is discord.InteractionType.application_command

    @property
    def from_ephemeral(self) -> bool:
        """The component pressed is on an ephemeral message (a panel, a picker)."""
        message = self.interaction.message
        return message is not None and message.flags.ephemeral

    @property
    def gone(self) -> bool:
        """The interaction's token no longer works (it came, or was answered, too late)."""
        return self._state is _State.GONE

    @property
    def done(self) -> bool:
        return self._state is not _State.OPEN or self.interaction.response.is_done()

    def watch(self) -> None:
        """Start the watchdog (once)."""
        if self._watchdog is None:
            self._watchdog = asyncio.create_task(self._watch(), name="discord answer watchdog")

    def claim(self) -> None:
        self.claimed = True

    async def _watch(self) -> None:
        await asyncio.sleep(max(self.defer_after - (time.monotonic() - self.received), 0))
        if self.done:
            return
        if self.claimed:
            log.info("interaction %s: deferred by the watchdog", self.interaction.id)
            await self.defer()
        else:
            self.claimed = True
            await self.unclaimed()

    # --- the steps -----------------------------------------------------------------

    async def defer(self) -> None:
        async with self._lock:
            if self.done:
                return
            if self.is_command:
                await self._call("defer", self.interaction.response.defer(ephemeral=True,
                                                                          thinking=True))
            else:
                await self._call("defer", self.interaction.response.defer())
            if self._state is _State.OPEN:
                self._state = _State.DEFERRED

    async def show(self, shown: Layout, *, replace: bool) -> PanelHandle | None:
        """Show `shown` to the person alone; returns how to edit it later (None if it
        could not be shown)."""
        shown = dataclasses.replace(shown, content=self.rename(shown.content))
        async with self._lock:
            if self._state is _State.GONE:
                return None
            response = self.interaction.response
            replacing = replace and not self.is_command and self.from_ephemeral
            if self._state is _State.OPEN and not response.is_done():
                if replacing:
                    ok = await self._call("edit_message", response.edit_message(
                        **edit_kwargs(shown)))
                else:
                    ok = await self._call("send_message", response.send_message(
                        ephemeral=True, **send_kwargs(shown)))
                handle = PanelHandle(self.interaction) if ok else None
            elif replacing or (self.is_command and not self._original_used):
                # after a deferral, the original is the pressed message (or "thinking…")
                ok = await self._call("edit_original_response", self.interaction.
                                      edit_original_response(**edit_kwargs(shown)))
                handle = PanelHandle(self.interaction) if ok else None
            else:
                handle = await self._follow_up(shown)
            if handle is not None:
                self._state = _State.ANSWERED
                self._original_used = self._original_used or handle.message_id is None
            return handle

    async def update(self, shown: Layout) -> bool:
        """Show `shown` in place of the message pressed, public or ephemeral (a replay's
        next step); False if it could not be."""
        async with self._lock:
            if self._state is _State.GONE or self.is_command:
                return False
            response = self.interaction.response
            if self._state is _State.OPEN and not response.is_done():
                ok = await self._call("edit_message", response.edit_message(
                    **edit_kwargs(shown)))
            else:  # after a deferral, the original response is the pressed message
                ok = await self._call("edit_original_response", self.interaction.
                                      edit_original_response(**edit_kwargs(shown)))
            if ok:
                self._state = _State.ANSWERED
            return ok

    async def say(self, text: str) -> None:
        """An ephemeral note for the person; it never replaces what they pressed on."""
        text = self.rename(text)
        shown = Layout(text, None, (), ())
        async with self._lock:
            if self._state is _State.GONE:
                return
            response = self.interaction.response
            if self._state is _State.OPEN and not response.is_done():
                if await self._call("send_message", response.send_message(
                        text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())):
                    self._state = _State.ANSWERED
                return
            if self.is_command and not self._original_used:
                if await self._call("edit_original_response", self.interaction.
                                    edit_original_response(**edit_kwargs(shown))):
                    self._state, self._original_used = _State.ANSWERED, True
                return
            if await self._follow_up(shown) is not None:
                self._state = _State.ANSWERED

    async def finish(self, done_text: str | None = None) -> None:
        """Make sure the interaction is answered: `done_text` for a command nothing was
        said to (a command must show something), a silent acknowledgement otherwise."""
        if self._watchdog is not None and self._watchdog is not asyncio.current_task():
            self._watchdog.cancel()
        if self.is_command and not self._original_used and self._state is not _State.GONE \
                and self._state is not _State.ANSWERED:
            await self.say(done_text or "✓")
            return
        await self.defer()

    # --- plumbing ------------------------------------------------------------------

    async def _follow_up(self, shown: Layout) -> PanelHandle | None:
        try:
            message = await self.interaction.followup.send(ephemeral=True, wait=True,
                                                           **send_kwargs(shown))
        except discord.HTTPException as error:
            self._failed("followup.send", error)
            return None
        return PanelHandle(self.interaction, message.id)

    async def _call(self, what: str, request: Any) -> bool:
        try:
            await request
        except discord.InteractionResponded:
            # answered elsewhere meanwhile: what follows goes through the token
            self._state = _State.DEFERRED if self._state is _State.OPEN else self._state
            return False
        except discord.HTTPException as error:
            self._failed(what, error)
            return False
        if self.responded_after is None:
            self.responded_after = time.monotonic() - self.received
        return True

    def _failed(self, what: str, error: discord.HTTPException) -> None:
        if isinstance(error, discord.NotFound) and error.code in (10062, 10015):
            # 10062 unknown interaction, 10015 unknown webhook: the token has expired
            self._state = _State.GONE
            log.warning("interaction %s: %s too late (%s)", self.interaction.id, what,
                        error.code)
            return
        log.warning("interaction %s: %s failed (HTTP %s, code %s)", self.interaction.id, what,
                    error.status, error.code)
