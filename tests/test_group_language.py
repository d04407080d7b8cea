"""Which language a group's tables speak (issue 18, point 3).

The rule (README): a language chosen with /language or /settings is used; a chat that
never chose one keeps the language of its first table, the app language of whoever opened
it, so that its tables no longer alternate with who opens them, until an admin chooses one.
Answers meant for one person still follow that person's language. `DEFAULT_LANGUAGE` only
covers an opener whose app language the bot does not speak.
"""

from __future__ import annotations

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Role, UserRef
from fakes.service_harness import GROUP, Harness, open_harness

TR = Translator.load()
ANNA = UserRef("1001", "Anna", "ru")
BOB = UserRef("1002", "Bob", "en")
EWA = UserRef("1003", "Ewa", "pl")
ZED = UserRef("1004", "Zed", "xx")  # an app language the bot does not speak


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def open_and_close(h: Harness, user: UserRef) -> str:
    """`user` opens a Lanterns table in the group and cancels it; the table's language."""
    await h.command(user, "newgame", "lanterns")
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    assert table is not None
    await h.command(user, "cancel")
    assert await h.service.store.active_table("telegram", GROUP.id, None) is None
    return table.language


async def test_the_first_openers_language_stays_the_groups(harness):
    h = harness
    assert await open_and_close(h, ANNA) == "ru"
    # Bob's app speaks English, but the group's second table still speaks Russian
    await h.command(BOB, "newgame", "lanterns")
    lobby = h.text(h.screen(Role.LOBBY))
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    assert table.language == "ru"
    assert TR.t("ru", "game-lanterns") in lobby
    # an answer to Bob alone is still in his language; nobody chose the chat's
    assert h.text((await h.command(BOB, "help")).message) == TR.t("en", "bot-help").strip()
    assert await h.service.store.get_chat_language("telegram", GROUP.id) is None
    await h.command(BOB, "cancel")
    # and so on, whoever opens
    assert await open_and_close(h, EWA) == "ru"


async def test_language_still_changes_it(harness):
    h = harness
    assert await open_and_close(h, ANNA) == "ru"
    result = await h.press(BOB, encode(Press("language", arg="pl")), admin=True)
    assert not result.reply.alert
    assert await open_and_close(h, ANNA) == "pl"
    assert await open_and_close(h, BOB) == "pl"


async def test_an_unknown_app_language_falls_back_to_the_default(harness):
    h = harness
    assert await open_and_close(h, ZED) == h.service.default_language == "en"
    assert await open_and_close(h, EWA) == "en"
