"""A chat's settings (/settings): its language, the clock new tables get, who may start and
close tables, whether computer players may join, how long a lobby waits for its Start.

Only a chat admin opens the menu, and only they see it: on Telegram it comes to their
private chat (or the group gets a button that opens that chat, when they never did), on
Discord it is an ephemeral message (`Result.private`). Every press on it says which chat it
is about and which settings it was drawn for (a digest), and is checked again: the presser
must still be an admin of that chat (asked through the adapter's `admin_of` when the press
comes from a private chat), the field and value must be ones the menu offers, and the
settings must not have changed since the menu was drawn. Anything else changes nothing.

A service of its own beside the table service (bot/tables.py), with /language; what the
settings decide at a table is bot/chat_rules.py, the stored options `ChatOptions`
(bot/storage/chat_options.py).
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from typing import Any

from bot import clocks
from bot.i18n import LANGUAGES
from bot.lobby import TableLobby
from bot.payloads import Press, encode
from bot.screens import Button, ChatRef, Drop, Post, Reply, Result, Screen, UserRef
from bot.storage import ChatOptions
from bot.storage.chat_options import ADMINS, HOST
from bot.storage.store import Status
from bot.table_core import (
    AdminCheck,
    ChatAdminCheck,
    Command,
    Dispatch,
    Part,
    TableCore,
)
from bot.table_posts import TablePosts

log = logging.getLogger(__name__)

SETTINGS_LINK = "s"
"""The start payload's prefix of a deep link that opens a chat's settings in private."""

LOBBY_MINUTES = (10, 30, 60, 120)
"""The lobby timeouts an admin may choose (besides the bot's default)."""

# The fields of the menu, by their code in a press.
LANGUAGE, CLOCK, MANAGERS, COMPUTERS, LOBBY = "l", "k", "m", "c", "t"
FIELDS = (LANGUAGE, CLOCK, MANAGERS, COMPUTERS, LOBBY)

_CHAT_ID = re.compile(r"-?[0-9]{1,20}")
_GAME_CLOCK = "game"  # each game's own clock (no chat default)
_DEFAULT = "default"  # the bot's own lobby timeout

_LINES = {LANGUAGE: "settings-language", CLOCK: "settings-clock", MANAGERS: "settings-managers",
          COMPUTERS: "settings-computers", LOBBY: "settings-lobby"}
_BUTTONS = {LANGUAGE: "settings-button-language", CLOCK: "settings-button-clock",
            MANAGERS: "settings-button-managers", COMPUTERS: "settings-button-computers",
            LOBBY: "settings-button-lobby"}
_QUESTIONS = {LANGUAGE: "settings-choose-language", CLOCK: "settings-choose-clock",
              MANAGERS: "settings-choose-managers", COMPUTERS: "settings-choose-computers",
              LOBBY: "settings-choose-lobby"}
_MANAGER_NAMES = {HOST: "settings-managers-host", ADMINS: "settings-managers-admins"}
_COMPUTER_NAMES = {"on": "settings-computers-on", "off": "settings-computers-off"}


class ChatSettings(Part):
    """/settings, its menu's presses, the link that opens it in private, and /language."""

    def __init__(self, core: TableCore, posts: TablePosts, lobby: TableLobby) -> None:
        super().__init__(core)
        self.posts = posts
        self.lobby = lobby

    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["settings"] = lambda c: self.settings_command(c.chat, c.user,
                                                                        c.is_admin)
        dispatch.commands["language"] = self.language_command
        dispatch.free_presses["settings"] = lambda p: self.settings_press(
            p.chat, p.user, p.press, p.is_admin, p.admin_of)
        dispatch.free_presses["language"] = lambda p: self.set_language(
            p.chat, p.user, p.press.arg, p.is_admin)

    # --- /language ---------------------------------------------------------------------

    async def language_command(self, c: Command) -> Result:
        return Result(message=self.language_picker(c.lang))

    def language_picker(self, lang: str) -> Screen:
        return Screen((self.tr.t(lang, "bot-language-choose"),), buttons=(tuple(
            Button(self.tr.t(code, f"bot-language-name-{code}"),
                   encode(Press("language", arg=code)))
            for code in LANGUAGES),))

    async def set_language(self, chat: ChatRef, user: UserRef, code: str,
                           is_admin: AdminCheck | None) -> Result:
        if code not in self.tr.languages:
            return self.core.alert(self.core.default_language, "bot-error-malformed")
        if chat.private:
            await self.store.set_user_language(chat.platform, user.id, code)
        else:
            if is_admin is not None and not await is_admin():
                return self.core.alert(code, "table-language-admins")
            await self.store.set_chat_language(chat.platform, chat.id, code)
            table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
            if table is not None:
                await self.store.set_table_language(table.id, code)
                return Result(Reply(self.tr.t(code, "bot-language-set")),
                              posts=tuple(await self.posts.current_posts(table.id,
                                                                         public_only=True)))
        return Result(Reply(self.tr.t(code, "bot-language-set")),
                      message=Screen((self.tr.t(code, "bot-language-set"),)))

    # --- the command and the link ------------------------------------------------------

    async def settings_command(self, chat: ChatRef, user: UserRef,
                                is_admin: AdminCheck | None) -> Result:
        """/settings in a group: the menu for an admin, privately; a clear no otherwise."""
        lang = await self.core.reader_language(chat, user)
        if chat.private:
            return Result(message=Screen((self.tr.t(lang, "settings-group-only"),)))
        if is_admin is None or not await is_admin():
            return Result(message=Screen((self.tr.t(lang, "settings-admins-only"),)))
        settings = await self.store.get_user_settings(chat.platform, user.id)
        own = self.core.user_language(user, settings)
        deep_link = self.core.deep_links.get(chat.platform)
        if deep_link is None:
            # no private chats to go to (Discord): the menu is shown to the admin alone
            return Result(private=await self._settings_screen(chat.platform, chat.id, own,
                                                              title=chat.title))
        if settings and settings.dm_ok:
            menu = await self._settings_screen(chat.platform, chat.id, own, title=chat.title)
            return Result(private=menu,
                          message=Screen((self.tr.t(lang, "settings-sent-privately"),)))
        # they never opened the private chat: a button opens it, and the menu comes there
        button = Button(self.tr.t(lang, "settings-button-open"),
                        url=deep_link(SETTINGS_LINK + chat.id))
        return Result(message=Screen((self.tr.t(lang, "settings-open-private"),),
                                     buttons=((button,),)))

    async def settings_link(self, platform: str, user: UserRef, lang: str,
                             chat_id: str, admin_of: ChatAdminCheck | None) -> Screen:
        """The private chat was opened through a settings link: the menu, if they are
        (still) an admin of that chat."""
        if not _CHAT_ID.fullmatch(chat_id):
            return Screen((self.tr.t(lang, "bot-error-malformed"),))
        if admin_of is None or not await admin_of(chat_id):
            return Screen((self.tr.t(lang, "settings-admins-only"),))
        return await self._settings_screen(platform, chat_id, lang)

    # --- presses -----------------------------------------------------------------------

    async def settings_press(self, chat: ChatRef, user: UserRef, press: Press,
                              is_admin: AdminCheck | None,
                              admin_of: ChatAdminCheck | None) -> Result:
        """A press on a settings menu: open a field's choices, go back, or set a value."""
        lang = self.core.user_language(user, await self.store.get_user_settings(chat.platform,
                                                                            user.id))
        target = press.chat
        if not chat.private and target != chat.id:
            return self.core.alert(lang, "bot-error-malformed")  # a menu of another chat
        field = press.path[0] if press.path else None
        value = press.path[1] if len(press.path) > 1 else None
        if field is not None and (field not in FIELDS or (
                value is not None and not self._setting_valid(field, value))):
            return self.core.alert(lang, "bot-error-malformed")
        if chat.private:
            allowed = admin_of is not None and await admin_of(target)
        else:
            allowed = is_admin is not None and await is_admin()
        if not allowed:
            return self.core.alert(lang, "settings-admins-only")
        title = chat.title if not chat.private else None
        if value is None:  # a field's choices, or back to the overview
            return Result(private=await self._settings_screen(chat.platform, target, lang,
                                                              field, title=title))
        assert field is not None
        options = await self.store.get_chat_options(chat.platform, target)
        chat_lang = await self.store.get_chat_language(chat.platform, target)
        if press.version != _digest(options, chat_lang):
            # drawn before a change (by another admin, or in another copy of the menu)
            screen = await self._settings_screen(chat.platform, target, lang, field,
                                                 title=title)
            return Result(Reply(self.tr.t(lang, "settings-outdated"), alert=True),
                          private=screen)
        posts = await self._apply_setting(chat.platform, target, field, value, options)
        log.info("chat %s on %s: setting %s changed", target, chat.platform, field)
        screen = await self._settings_screen(chat.platform, target, lang, title=title)
        return Result(Reply(self.tr.t(lang, "settings-saved")), posts=tuple(posts),
                      private=screen)

    def _setting_valid(self, field: str, value: str) -> bool:
        if field == LANGUAGE:
            return value in self.tr.languages
        if field == CLOCK:
            return value == _GAME_CLOCK or value in {_clock_value(c) for c in clocks.CHOICES}
        if field == MANAGERS:
            return value in _MANAGER_NAMES
        if field == COMPUTERS:
            return value in _COMPUTER_NAMES
        return value == _DEFAULT or value in {str(m) for m in LOBBY_MINUTES}

    async def _apply_setting(self, platform: str, chat_id: str, field: str,
                             value: str, before: ChatOptions) -> list[Post | Drop]:
        """Store the change, and bring the chat's open tables in line with it: a new
        language shows at once, the lobby's computer player button comes or goes, a
        lobby's timeout moves."""
        tables = [t for t in [await self.store.get_table(i) for i in
                              await self.store.active_table_ids(platform, chat_id)]
                  if t is not None]
        posts: list[Post | Drop] = []
        if field == LANGUAGE:
            await self.store.set_chat_language(platform, chat_id, value)
            for table in tables:
                await self.store.set_table_language(table.id, value)
                posts += await self.posts.current_posts(table.id, public_only=True)
        elif field == CLOCK:
            await self.store.set_chat_options(
                platform, chat_id, clock=None if value == _GAME_CLOCK else value.replace("-", ":"))
        elif field == MANAGERS:
            await self.store.set_chat_options(platform, chat_id, managers=value)
        elif field == COMPUTERS:
            computers = value == "on"
            await self.store.set_chat_options(platform, chat_id, computers=computers)
            if computers != before.computers:
                posts += [await self.posts.lobby_post(t) for t in tables if t.status == Status.LOBBY]
        else:
            minutes = None if value == _DEFAULT else int(value)
            await self.store.set_chat_options(platform, chat_id, lobby_minutes=minutes)
            for table in tables:
                if table.status == Status.LOBBY:
                    await self.lobby.schedule_timeout(table)
        return posts

    # --- the menu ----------------------------------------------------------------------

    async def _settings_screen(self, platform: str, chat_id: str, lang: str,
                               field: str | None = None, *, title: str | None = None) -> Screen:
        """The overview of a chat's settings with a button per field, or (`field`) that
        field's choices, the current one ticked, and Back."""
        options = await self.store.get_chat_options(platform, chat_id)
        chat_lang = await self.store.get_chat_language(platform, chat_id)
        title = title or await self.store.chat_title(platform, chat_id)
        t = self.tr.t
        heading = t(lang, "settings-title", chat=title) if title else t(lang,
                                                                       "settings-title-unknown")
        current = self._setting_values(lang, options, chat_lang)
        digest = _digest(options, chat_lang)

        def press(*path: str) -> str:
            return encode(Press("settings", version=digest, path=path, chat=chat_id))

        if field is None:
            lines = [heading, "", *(t(lang, _LINES[f], value=current[f][1]) for f in FIELDS),
                     "", t(lang, "settings-hint")]
            rows = ((Button(t(lang, _BUTTONS[LANGUAGE]), press(LANGUAGE)),
                     Button(t(lang, _BUTTONS[CLOCK]), press(CLOCK))),
                    (Button(t(lang, _BUTTONS[MANAGERS]), press(MANAGERS)),
                     Button(t(lang, _BUTTONS[COMPUTERS]), press(COMPUTERS))),
                    (Button(t(lang, _BUTTONS[LOBBY]), press(LOBBY)),))
            return Screen(("\n".join(lines),), buttons=rows)

        chosen = current[field][0]

        def choice(value: str, label: str) -> Button:
            if value == chosen:
                label = t(lang, "settings-chosen", label=label)
            return Button(label, press(field, value))

        groups: Sequence[Sequence[tuple[str, str]]]
        if field == LANGUAGE:
            groups = [[(code, t(code, f"bot-language-name-{code}")) for code in self.tr.languages]]
        elif field == CLOCK:
            by_kind: dict[str, list[tuple[str, str]]] = {}
            for clock in clocks.CHOICES:  # a row per kind: off, live, turn-based
                by_kind.setdefault(clock.kind, []).append(
                    (_clock_value(clock), clocks.describe(self.tr, lang, clock)))
            first = [(_GAME_CLOCK, t(lang, "settings-clock-game")), *by_kind.pop(clocks.OFF, [])]
            groups = [first, *by_kind.values()]
        elif field == MANAGERS:
            groups = [[(HOST, t(lang, _MANAGER_NAMES[HOST]))],
                      [(ADMINS, t(lang, _MANAGER_NAMES[ADMINS]))]]
        elif field == COMPUTERS:
            groups = [[(v, t(lang, key)) for v, key in _COMPUTER_NAMES.items()]]
        else:
            groups = [[(str(m), t(lang, "settings-lobby-minutes", minutes=m))
                       for m in LOBBY_MINUTES],
                      [(_DEFAULT, t(lang, "settings-lobby-default",
                                    minutes=round(self.core.lobby_timeout / 60)))]]
        rows = tuple(tuple(choice(v, label) for v, label in group) for group in groups)
        rows += ((Button(t(lang, "bot-button-back"), press()),),)
        lines = [heading, "", t(lang, _LINES[field], value=current[field][1]), "",
                 t(lang, _QUESTIONS[field])]
        return Screen(("\n".join(lines),), buttons=rows)

    def _setting_values(self, lang: str, options: ChatOptions,
                        chat_lang: str | None) -> dict[str, tuple[str, str]]:
        """Each field's current value: its code in a press, and how it reads."""
        t = self.tr.t
        language = ((chat_lang, t(chat_lang, f"bot-language-name-{chat_lang}")) if chat_lang
                    else ("", t(lang, "settings-language-unset")))
        clock: tuple[str, str] = (_GAME_CLOCK, t(lang, "settings-clock-game"))
        if options.clock is not None:
            try:
                chosen = clocks.Clock.parse(options.clock)
                clock = (_clock_value(chosen), clocks.describe(self.tr, lang, chosen))
            except ValueError:
                pass  # a code from a newer version: new tables take each game's own
        computers = "on" if options.computers else "off"
        if options.lobby_minutes is None:
            lobby = (_DEFAULT, t(lang, "settings-lobby-default",
                                 minutes=round(self.core.lobby_timeout / 60)))
        else:
            lobby = (str(options.lobby_minutes),
                     t(lang, "settings-lobby-minutes", minutes=options.lobby_minutes))
        return {LANGUAGE: language, CLOCK: clock,
                MANAGERS: (options.managers, t(lang, _MANAGER_NAMES.get(options.managers,
                                                                        _MANAGER_NAMES[HOST]))),
                COMPUTERS: (computers, t(lang, _COMPUTER_NAMES[computers])), LOBBY: lobby}


def _clock_value(clock: clocks.Clock) -> str:
    """A clock's code as a press carries it (no colons: they separate a press's parts)."""
    return clock.code.replace(":", "-")


def _digest(options: ChatOptions, chat_lang: str | None) -> int:
    """A short fingerprint of a chat's settings: a menu drawn for other ones is outdated."""
    shown: tuple[Any, ...] = (chat_lang, options.clock, options.managers, options.computers,
                              options.lobby_minutes)
    return int.from_bytes(hashlib.blake2b(repr(shown).encode(), digest_size=4).digest(), "big")
