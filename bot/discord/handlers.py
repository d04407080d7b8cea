"""What happens on a slash command or a press: describe who and where, ask the service,
answer the person, hand the rest to the outbox.

Every interaction gets an `Answer` (bot/discord/answer.py) as soon as it arrives, with a
watchdog that defers it before Discord's 3 seconds run out. The service (bot/port.py) is
asked, and its result handed to `bot.delivery.deliver` over a surface of
bot/discord/surfaces.py, which shows:

1. the presser's own panel, if the result has one: in place of the ephemeral message they
   pressed on, or as a new ephemeral message when they pressed on the board ("My hand");
   its interaction becomes the newest way to refresh that panel (`PanelTokens`);
2. the answer's text: an error as an ephemeral note; a command's answer, or a screen for
   the person alone (`Result.private`, a settings menu), as an ephemeral message;
3. everything else (the board, the lobby, the ping, other players' panels) to the outbox.

When the service is still drawing (`Result.later`), the interaction is deferred first. An
interaction that arrives late (older than `defer_after` by Discord's clock) is deferred
before anything is committed, and dropped if even that is too late: the person sees
"interaction failed", so nothing may have happened. In a channel that refuses the bot
(bot/discord/silence.py) a press or a table command is answered with why, and changes
nothing, until an interaction shows the permission is back.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import discord

from bot.delivery import deliver
from bot.i18n import Translator, normalize_language
from bot.log_format import withheld_traceback
from bot.names import TITLE_LIMIT, person_name, shown
from bot.port import AdminCheck, TablePort
from bot.screens import ChatRef, Post, Role, UserRef

from .answer import DEFER_AFTER, Answer
from .commands import as_client_shows, client_names
from .items import chosen
from .outbox import PLATFORM, Outbox
from .panels import PanelTokens
from .render import BUTTON_TEMPLATE, SELECT_TEMPLATE
from .silence import GATED_COMMANDS, Silences
from .surfaces import CommandSurface, PressSurface

log = logging.getLogger(__name__)

OURS = re.compile(f"(?:{BUTTON_TEMPLATE})|(?:{SELECT_TEMPLATE})")

NEEDED_IN_CHANNEL = discord.Permissions(view_channel=True, send_messages=True,
                                        attach_files=True)
NEEDED_IN_THREAD = discord.Permissions(view_channel=True, send_messages_in_threads=True,
                                       attach_files=True)
INVITE_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True,
                                         send_messages_in_threads=True, attach_files=True)
"""The permissions the invite link asks for (README: the `permissions=` number)."""


def chat_ref(interaction: discord.Interaction) -> ChatRef:
    """The channel (or thread) an interaction happened in."""
    channel = interaction.channel
    if interaction.guild_id is None:
        return ChatRef(PLATFORM, str(interaction.channel_id or interaction.user.id),
                       private=True)
    guild = interaction.guild
    where = f" ({guild.name})" if guild is not None and getattr(guild, "name", None) else ""
    server = str(interaction.guild_id)
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return ChatRef(PLATFORM, str(channel.parent_id), str(channel.id),
                       title=shown(f"{channel.name}{where}", limit=TITLE_LIMIT),
                       server_id=server)
    name = getattr(channel, "name", None)
    title = f"#{name}{where}" if name else where.strip(" ()")
    return ChatRef(PLATFORM, str(interaction.channel_id), title=shown(title, limit=TITLE_LIMIT),
                   server_id=server)


def user_ref(interaction: discord.Interaction) -> UserRef:
    """The person, by a name safe to show (bot/names.py)."""
    user = interaction.user
    return UserRef(str(user.id), person_name(user.display_name), str(interaction.locale.value))


def admin_check(interaction: discord.Interaction) -> AdminCheck:
    """Whether the person may manage this channel (for /cancel and /language)."""

    async def is_admin() -> bool:
        if interaction.guild_id is None:
            return False
        perms = interaction.permissions
        return perms.administrator or perms.manage_guild or perms.manage_channels

    return is_admin


class Interactions:
    """Turns interactions into service calls and their results into answers and posts."""

    _FINISHED_KEPT = 2048

    def __init__(self, service: TablePort, outbox: Outbox, panels: PanelTokens,
                 translator: Translator, *, default_language: str = "en",
                 defer_after: float = DEFER_AFTER, silences: Silences | None = None,
                 now: Callable[[], float] = time.time) -> None:
        """`now` is the epoch time (Discord's clock: an interaction's age is told by its
        id); `silences` knows the channels that refuse the bot."""
        self.service = service
        self.silences = silences
        self._now = now
        self.outbox = outbox
        self.panels = panels
        self.tr = translator
        self.default_language = default_language
        self.defer_after = defer_after
        self._answers: dict[int, Answer] = {}
        self._finished: OrderedDict[int, None] = OrderedDict()
        self._running: set[asyncio.Task[Any]] = set()
        self.first_responses: list[float] = []
        """Seconds from arrival to the first response, per interaction (the benchmark)."""
        self._client_names = client_names(
            translator, (*getattr(service, "COMMANDS", ()), "dms"))

    # --- every interaction ------------------------------------------------------------

    def answer_for(self, interaction: discord.Interaction) -> Answer:
        """The interaction's `Answer`, created (and its watchdog started) on first use."""
        answer = self._answers.get(interaction.id)
        if answer is None:
            names = self._client_names.get(self._client_language(interaction), {})
            answer = self._answers[interaction.id] = Answer(
                interaction, lambda: self._refuse(interaction), defer_after=self.defer_after,
                rename=lambda text: as_client_shows(text, names))
            if interaction.id not in self._finished:
                answer.watch()
        return answer

    async def _refuse(self, interaction: discord.Interaction) -> None:
        """An interaction that is not ours, or that nothing took: say so."""
        answer = self.answer_for(interaction)
        answer.claim()
        await answer.say(self.tr.t(self._language(interaction), "bot-error-malformed"))
        await self._done(answer)

    async def watch(self, interaction: discord.Interaction) -> None:
        """Every interaction passes here (`on_interaction`) and gets its `Answer` (and
        watchdog). Components that are not ours are refused at once; ours that are no
        longer on their message (which discord.py does not route) go to the service; the
        rest are claimed by a dynamic item or a command."""
        self.answer_for(interaction)
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, object] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        ours = OURS.fullmatch(custom_id)
        if ours is None:
            await self._refuse(interaction)
        elif not _on_message(interaction, custom_id, data.get("component_type")):
            # discord.py routes only components still on the message; a stale client (or a
            # forged request) is answered by the service, which checks everything anyway
            await self.press(interaction, ours["data"] if ours["data"] is not None
                             else chosen(data))

    async def drain(self, timeout: float) -> None:
        """Wait for the interactions being handled (before a shutdown)."""
        running = [t for t in self._running if not t.done()]
        if running:
            await asyncio.wait(running, timeout=timeout)

    # --- presses ----------------------------------------------------------------------

    async def press(self, interaction: discord.Interaction, data: str) -> None:
        answer = self.answer_for(interaction)
        answer.claim()
        self._track()
        chat, user = chat_ref(interaction), user_ref(interaction)
        self.outbox.learn_guild(chat.thread_id or chat.id, interaction.guild_id)
        try:
            if not await self._in_time(answer) or await self._silenced(answer, chat):
                return
            result = await self.service.press(chat, user, data,
                                              is_admin=admin_check(interaction))
            await deliver(result, PressSurface(answer, user, self.outbox, self.panels))
        except Exception as error:  # noqa: BLE001 - answered, and logged with its traceback
            # its traceback, exception texts withheld: they may quote a hidden hand
            log.error("a press failed\n%s", withheld_traceback(error))
            await answer.say(self.tr.t(self._language(interaction), "bot-error-internal"))
        finally:
            await self._done(answer)

    # --- commands ---------------------------------------------------------------------

    async def command(self, interaction: discord.Interaction, name: str, args: str = "") -> None:
        answer = self.answer_for(interaction)
        answer.claim()
        self._track()
        chat, user = chat_ref(interaction), user_ref(interaction)
        lang = self._language(interaction)
        self.outbox.learn_guild(chat.thread_id or chat.id, interaction.guild_id)
        try:
            if name == "dms":
                await answer.say(await self._turn_dms(user.id, args, lang))
                return
            if not await self._in_time(answer) or (
                    name in GATED_COMMANDS and await self._silenced(answer, chat)):
                return
            missing = self._missing_permissions(interaction, chat) if name == "newgame" else []
            if missing:
                await answer.say(self.tr.t(lang, "dc-missing-permissions",
                                           permissions=", ".join(missing)))
                return
            result = await self.service.command(chat, user, name, args,
                                                is_admin=admin_check(interaction))
            lobby = next((p for p in result.posts if isinstance(p, Post)
                          and p.place.role is Role.LOBBY), None)
            refusal = (await self._lobby_refused(lobby)
                       if name == "newgame" and lobby is not None else None)
            if refusal is not None:
                # the table must not stay open without its lobby: it closes, and only the
                # person who asked hears why
                assert lobby is not None
                self.outbox.post(p for p in result.posts if p is not lobby)
                await self.service.chat_lost(lobby.place.table_id, refusal)
                await answer.say(self.tr.t(lang, refusal))
                return
            footer = (self.tr.t(lang, "bot-help-discord-private") if name == "help"
                      else None)
            await deliver(result, CommandSurface(
                answer, self.outbox, footer=footer,
                shown_already=lobby if name == "newgame" else None,
                done_text=self.tr.t(lang, "dc-table-opened" if name == "newgame"
                                    else "bot-done")))
        except Exception as error:  # noqa: BLE001 - answered, and logged with its traceback
            # its traceback, exception texts withheld: they may quote a hidden hand
            log.error("/%s failed\n%s", name, withheld_traceback(error))
            await answer.say(self.tr.t(lang, "bot-error-internal"))
        finally:
            await self._done(answer)

    async def _turn_dms(self, user_id: str, choice: str, lang: str) -> str:
        """/dms [on|off]: set or show the person's choice of turn reminders by DM."""
        store = self.outbox.store
        if choice in ("on", "off"):
            await store.set_turn_dms(user_id, choice == "on")
            return self.tr.t(lang, f"dc-dms-now-{choice}")
        if choice:
            return self.tr.t(lang, "bot-error-malformed")
        mine = (await store.dm_choices([user_id])).get(user_id)
        if mine is None or not mine.wanted:
            return self.tr.t(lang, "dc-dms-are-off")
        said = self.tr.t(lang, "dc-dms-are-on")
        if mine.refused_at is not None:
            said += "\n" + self.tr.t(lang, "dc-dms-refused")
        return said

    async def command_error(self, interaction: discord.Interaction,
                            error: discord.app_commands.AppCommandError) -> None:
        """The command tree's error handler: an unknown or failed command still gets an
        answer."""
        log.warning("a command was refused: %s", type(error).__name__)
        await self._refuse(interaction)

    async def _lobby_refused(self, lobby: Post) -> str | None:
        """Post a new table's lobby at once; None when it is shown, else the text key of
        why not: the channel refused it (a private thread the bot is not in, a locked one:
        permission bits do not tell), or Discord asks for a wait of minutes first."""
        refused = await self.outbox.deliver_now(lobby)
        if refused is None:
            return None
        if isinstance(refused, discord.RateLimited):
            log.info("table %s: the lobby waits %.0f s on a rate limit; not opened",
                     lobby.place.table_id, refused.retry_after)
            return "dc-lobby-rate-limited"
        log.info("table %s: the lobby was refused (HTTP %s, code %s)",
                 lobby.place.table_id, refused.status, refused.code)
        return "dc-cannot-post-here"

    async def _in_time(self, answer: Answer) -> bool:
        """An interaction that arrived late is deferred before anything is committed;
        False when even that was too late (Discord shows "interaction failed": nothing may
        happen)."""
        sent = discord.utils.snowflake_time(answer.interaction.id).timestamp()
        if self._now() - sent < self.defer_after:
            return True  # the watchdog defers in time if the answer takes long
        await answer.defer()
        if answer.gone:
            log.warning("interaction %s: came too late to answer; nothing done",
                        answer.interaction.id)
            return False
        return True

    async def _silenced(self, answer: Answer, chat: ChatRef) -> bool:
        """The channel refuses the bot: say why, and do nothing (True)."""
        if self.silences is None:
            return False
        note = await self.silences.check(answer.interaction, chat,
                                         self._language(answer.interaction))
        if note is None:
            return False
        await answer.say(note)
        return True

    def _missing_permissions(self, interaction: discord.Interaction, chat: ChatRef
                             ) -> list[str]:
        """The permissions the bot lacks here to show a table (names as Discord shows
        them). Nothing is opened without them: the lobby could not be posted."""
        if chat.private:
            return []
        needed = NEEDED_IN_THREAD if chat.thread_id else NEEDED_IN_CHANNEL
        have = interaction.app_permissions
        if have.administrator:
            return []
        return [_permission_name(name) for name, value in needed if value
                and not getattr(have, name)]

    # --- helpers ------------------------------------------------------------------------

    @staticmethod
    def _client_language(interaction: discord.Interaction) -> str:
        """The language the person's Discord client shows commands in ("en" when ours has
        no names in it)."""
        return normalize_language(str(interaction.locale.value), "en")

    def _language(self, interaction: discord.Interaction) -> str:
        return normalize_language(str(interaction.locale.value), self.default_language)

    def _track(self) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _done(self, answer: Answer) -> None:
        await answer.finish()
        if answer.responded_after is not None and len(self.first_responses) < 100_000:
            self.first_responses.append(answer.responded_after)
        interaction_id = answer.interaction.id
        self._answers.pop(interaction_id, None)
        self._finished[interaction_id] = None
        while len(self._finished) > self._FINISHED_KEPT:
            self._finished.popitem(last=False)


def _on_message(interaction: discord.Interaction, custom_id: str, kind: object) -> bool:
    """Whether the component is on the message (as discord.py looks for it to dispatch)."""
    message = interaction.message
    if message is None:
        return False
    for component in message.components:
        for child in getattr(component, "children", ()) or (component,):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == kind:
                return True
    return False


def _permission_name(flag: str) -> str:
    return flag.replace("_", " ").title()
