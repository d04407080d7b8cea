"""The fake Telegram server's Mini App side: what it refuses as Telegram does (a web_app
button outside a private chat, a Mini App at an address that is not https), what it accepts
(setChatMenuButton with a Mini App), and the initData it signs for a person opening one."""

from __future__ import annotations

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MenuButtonWebApp,
    WebAppInfo,
)
from aiogram.utils.web_app import safe_parse_webapp_init_data

from fakes.telegram import FakeTelegramServer
from fakes.telegram.web_app import open_web_app

pytest_plugins = ["fakes.telegram.fixtures"]


def web_app_button(url: str = "https://games.example.org/tg/") -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
        text="Open", web_app=WebAppInfo(url=url))]])


async def test_a_web_app_button_is_refused_in_a_group(fake_telegram: FakeTelegramServer,
                                                      fake_bot: Bot) -> None:
    ann = fake_telegram.user("Ann")
    group = fake_telegram.group("Players", members=[ann])
    with pytest.raises(TelegramBadRequest, match="BUTTON_TYPE_INVALID"):
        await fake_bot.send_message(group.id, "board", reply_markup=web_app_button())
    sent = await fake_bot.send_message(group.id, "board")
    with pytest.raises(TelegramBadRequest, match="BUTTON_TYPE_INVALID"):
        await fake_bot.edit_message_text("board", chat_id=group.id, message_id=sent.message_id,
                                         reply_markup=web_app_button())
    assert [m.text for m in group.messages] == ["board"]


async def test_a_web_app_button_opens_in_a_private_chat_at_https_only(
        fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    ann = fake_telegram.user("Ann")
    ann.start_private()
    sent = await fake_bot.send_message(ann.id, "panel", reply_markup=web_app_button())
    assert sent.reply_markup is not None
    assert sent.reply_markup.inline_keyboard[0][0].web_app is not None
    with pytest.raises(TelegramBadRequest, match="Only HTTPS links"):
        await fake_bot.send_message(ann.id, "panel",
                                    reply_markup=web_app_button("http://games.example.org/"))


async def test_the_menu_button_opens_a_mini_app_at_https_only(
        fake_telegram: FakeTelegramServer, fake_bot: Bot) -> None:
    button = MenuButtonWebApp(text="My tables", web_app=WebAppInfo(url="https://g.example/tg/"))
    assert await fake_bot.set_chat_menu_button(menu_button=button)
    shown = await fake_bot.get_chat_menu_button()
    assert isinstance(shown, MenuButtonWebApp) and shown.web_app.url == "https://g.example/tg/"
    with pytest.raises(TelegramBadRequest, match="BUTTON_URL_INVALID"):
        await fake_bot.set_chat_menu_button(menu_button=MenuButtonWebApp(
            text="My tables", web_app=WebAppInfo(url="http://g.example/tg/")))


async def test_the_signed_init_data_passes_the_bots_check_and_only_its(
        fake_telegram: FakeTelegramServer) -> None:
    ann = fake_telegram.user("Ann")
    data = safe_parse_webapp_init_data(fake_telegram.token,
                                       open_web_app(fake_telegram, ann, start_param="7"))
    assert data.user is not None and data.user.id == ann.id and data.start_param == "7"
    with pytest.raises(ValueError):
        safe_parse_webapp_init_data("1:other", open_web_app(fake_telegram, ann))
