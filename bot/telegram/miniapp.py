"""The Telegram side of the Mini App (the table opened inside Telegram; bot/miniapp.py).

* Who opened it: Telegram signs the Mini App's `initData` with the bot's token; aiogram's
  `safe_parse_webapp_init_data` checks that signature (another bot's or a forged one fails
  it), and its `auth_date` must be recent (`MAX_AGE`): a copied `initData` stops working.
* How people get there: every group board gets an "🎮 Open table" link button (a direct Mini
  App link, `t.me/<bot>/<short name>?startapp=<table>`: Telegram refuses `web_app` buttons
  outside private chats), every private panel a `web_app` button on its table, and the
  private chats' menu button opens the Mini App's list of one's tables. The bot's menu
  button is one for all chats, in the default language; a player who chose another gets
  one of their own, in their language, with their first private panel.
* What it sees: `MiniAppOutbox` is the outbox that also tells the Mini App every post
  shown in Telegram (a move made with chat buttons appears live in the open Mini Apps).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import MenuButtonDefault, MenuButtonWebApp, WebAppInfo
from aiogram.utils.web_app import safe_parse_webapp_init_data

from bot.i18n import Translator
from bot.miniapp import Visitor
from bot.names import person_name
from bot.recent import Recent
from bot.screens import Button, Drop, Post, Role, UserRef

from .outbox import Outbox

log = logging.getLogger(__name__)

MAX_AGE = 24 * 3600.0
"""Seconds an `initData` is taken after Telegram signed it (when the Mini App was opened):
long enough for an evening's games in one opening, short enough that a copy of it found
later proves nothing."""
FUTURE_SLACK = 300.0
"""Seconds `auth_date` may be ahead of this machine's clock (clocks differ a little)."""
MAX_INIT_DATA = 4096
"""Characters an `initData` may have (Telegram's are well under 1,000)."""
MEMBERS = frozenset({"creator", "administrator", "member", "restricted"})


def check_init_data(token: str, init_data: str | None, *, now: float,
                    max_age: float = MAX_AGE) -> Visitor | str:
    """The visitor a Mini App's `initData` proves, or the translation key of why not."""
    if not init_data or not isinstance(init_data, str) or len(init_data) > MAX_INIT_DATA:
        return "miniapp-refused-missing"
    try:
        data = safe_parse_webapp_init_data(token, init_data)
    except (ValueError, TypeError):  # a wrong signature, or not initData at all
        return "miniapp-refused-forged"
    if data.user is None:
        return "miniapp-refused-missing"
    age = now - data.auth_date.timestamp()
    if age > max_age or age < -FUTURE_SLACK:
        return "miniapp-refused-expired"
    user = data.user
    name = " ".join(p for p in (user.first_name, user.last_name) if p)
    return Visitor(UserRef(str(user.id), person_name(name), user.language_code),
                   data.start_param or None)


class TelegramMiniApp:
    """The Telegram side the web adapter's Mini App routes use (`bot.miniapp.TelegramSide`),
    and what the Telegram adapter adds for it (buttons, the menu button)."""

    def __init__(self, token: str, url: str, translator: Translator, *,
                 short_name: str | None = None, default_language: str = "en",
                 clock: Callable[[], float] = time.time) -> None:
        """`url`: the Mini App's public https address (TELEGRAM_WEBAPP_URL); `short_name`:
        its short name at BotFather (None: the bot's main Mini App)."""
        self._token = token
        self.url = url
        self.short_name = short_name
        self.translator = translator
        self.default_language = default_language
        self._clock = clock
        self._listeners: list[Callable[[Sequence[Post | Drop]], None]] = []
        self._outbox: Outbox | None = None
        self.username: str | None = None

    # --- bot.miniapp.TelegramSide ---------------------------------------------------------

    def verify(self, init_data: str) -> Visitor | str:
        return check_init_data(self._token, init_data, now=self._clock())

    def post(self, posts: Sequence[Post | Drop]) -> None:
        if self._outbox is None:
            raise RuntimeError("the Telegram adapter has not started")
        self._outbox.post(posts)

    def listen(self, show: Callable[[Sequence[Post | Drop]], None]) -> None:
        self._listeners.append(show)

    async def is_member(self, chat_id: str, user_id: str) -> bool:
        if self._outbox is None:
            return False
        try:
            member = await self._outbox.bot.get_chat_member(int(chat_id), int(user_id))
        except (TelegramAPIError, ValueError) as error:
            log.info("Mini App: membership in %s not known: %s", chat_id,
                     getattr(error, "message", type(error).__name__))
            return False
        return member.status in MEMBERS and getattr(member, "is_member", True) is not False

    # --- the Telegram adapter's side --------------------------------------------------------

    def outbox(self, *args: Any, **kwargs: Any) -> MiniAppOutbox:
        """The Telegram adapter's outbox, built with `Outbox`'s arguments."""
        self._outbox = MiniAppOutbox(self, *args, **kwargs)
        return self._outbox

    async def started(self, bot: Bot, username: str | None, *, primary: bool) -> None:
        """The bot is known: links name it; the primary process sets the menu button that
        opens the Mini App (the list of one's tables) in every private chat."""
        self.username = username
        if not primary:
            return
        try:
            await bot.set_chat_menu_button(menu_button=self.menu_button(self.default_language))
        except TelegramAPIError as error:  # the chat buttons work without it
            log.warning("setChatMenuButton failed: %s", error.message)

    def menu_button(self, language: str) -> MenuButtonWebApp:
        """The menu button that opens the Mini App's list of one's tables."""
        return MenuButtonWebApp(text=self.translator.t(language, "miniapp-menu-button"),
                                web_app=WebAppInfo(url=self.url))

    def heard(self, items: Sequence[Post | Drop]) -> None:
        for show in self._listeners:
            try:
                show(items)
            except Exception:  # a Mini App's trouble never stops Telegram's posts
                log.exception("Mini App: posts could not be passed on")

    def board_link(self, table_id: int) -> str | None:
        """The direct link opening the Mini App on a table (None: the bot is not known yet)."""
        if not self.username:
            return None
        path = f"/{self.username}/{self.short_name}" if self.short_name else \
            f"/{self.username}"
        return urlunsplit(("https", "t.me", path, urlencode({"startapp": table_id}), ""))

    def table_page(self, table_id: int) -> str:
        """The Mini App's page on a table (a `web_app` button's address)."""
        parts = urlsplit(self.url)
        query = "&".join(q for q in (parts.query, urlencode({"table": table_id})) if q)
        return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))

    def with_buttons(self, item: Post | Drop) -> Post | Drop:
        """A post with the Mini App's button added: the board's link in the group, the
        panel's `web_app` button in the private chat."""
        if not isinstance(item, Post):
            return item
        place, lang = item.place, item.language or self.default_language
        if place.role is Role.BOARD:
            link = self.board_link(place.table_id)
            if link is None:
                return item
            button = Button(self.translator.t(lang, "miniapp-open-table"), url=link)
        elif place.role is Role.PANEL:
            button = Button(self.translator.t(lang, "miniapp-open-table"),
                            web_app=self.table_page(place.table_id))
        else:
            return item
        screen = dataclasses.replace(item.screen, buttons=(*item.screen.buttons, (button,)))
        return dataclasses.replace(item, screen=screen)


class MiniAppOutbox(Outbox):
    """The outbox, telling the Mini App every post and adding its buttons; it also words a
    player's menu button in the language of their private panels."""

    _MENUS_KEPT = 50_000  # private chats whose menu button's language is remembered

    def __init__(self, miniapp: TelegramMiniApp, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.miniapp = miniapp
        self._menus: Recent[str, str] = Recent(self._MENUS_KEPT)

    def post(self, items: Iterable[Post | Drop] | Post | Drop) -> None:
        kept = [items] if isinstance(items, Post | Drop) else list(items)
        self.miniapp.heard(kept)
        super().post([self.miniapp.with_buttons(item) for item in kept])

    async def _spoke_privately(self, chat: str, language: str) -> None:
        """Word the private chat's menu button in its person's language when that is not the
        bot's default (the bot's own button speaks that one): once per chat and language in
        this process (a request each after a restart, paced like the rest). Back to the
        default language, the chat's own button is dropped for the bot's."""
        known = self._menus.get(chat)
        if known == language or (known is None and language == self.miniapp.default_language):
            return
        self._menus.remember(chat, language)
        await self.set_menu_button(chat, MenuButtonDefault()
                                   if language == self.miniapp.default_language
                                   else self.miniapp.menu_button(language))
