"""A chat's /settings through the service: only an admin opens the menu, and only they see it
(a private message on Telegram, or a link that opens the private chat; a screen for them
alone on Discord); each setting changes and takes effect (the language at once, the clock of
new tables, who may start, computer players, the lobby's timeout); and a forged, outdated or
non-admin press on any settings button changes nothing and says why."""

from __future__ import annotations

import pytest

from bot import clocks
from bot.chat_settings import CLOCK, COMPUTERS, FIELDS, LANGUAGE, LOBBY, MANAGERS
from bot.i18n import Translator
from bot.payloads import MAX_BYTES, BadPayload, Press, decode, encode
from bot.screens import ChatRef, Result, Role, Screen, UserRef, plain
from fakes.service_harness import GROUP, Harness, open_harness

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ADA = UserRef("201", "Ada", "en")  # a chat admin
BOB = UserRef("202", "Bob", "en")  # a member
MIA = UserRef("203", "Mia", "ru")  # a member who speaks Russian
CHANNEL = ChatRef("discord", "987654321098765432", title="#games (Game night)")
ADMINS = {ADA.id}


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        h.service.register_platform("discord", deep_link=None, show=h.show)
        yield h


def is_admin_of(user: UserRef):
    async def is_admin() -> bool:
        return user.id in ADMINS
    return is_admin


def admin_of_for(user: UserRef, admins: dict[str, set[str]] | None = None):
    """The adapter's check in another chat: the group's admins (by chat id)."""
    admins = admins if admins is not None else {GROUP.id: ADMINS}

    async def admin_of(chat_id: str) -> bool:
        return user.id in admins.get(chat_id, set())
    return admin_of


def dm(user: UserRef) -> ChatRef:
    return ChatRef("telegram", user.id, private=True)


async def settings_command(h: Harness, user: UserRef, chat: ChatRef = GROUP) -> Result:
    return await h.deliver(await h.service.command(chat, user, "settings", "",
                                                   is_admin=is_admin_of(user)), chat)


async def press(h: Harness, user: UserRef, data: str, chat: ChatRef | None = None,
                admin_of=None) -> Result:
    """A press on a settings menu: in the person's private chat (Telegram) unless `chat`."""
    chat = chat or dm(user)
    result = await h.service.press(chat, user, data, is_admin=is_admin_of(user),
                                   admin_of=admin_of or admin_of_for(user))
    return await h.deliver(result, chat)


def button(screen: Screen, field: str, value: str | None = None) -> str:
    """The data of the menu's button that opens `field` (or picks its `value`)."""
    path = (field,) if value is None else (field, value)
    for row in screen.buttons:
        for b in row:
            if b.data and decode(b.data).path == path:
                return b.data
    raise AssertionError(f"no {path} button in {[[b.data for b in r] for r in screen.buttons]}")


def back(screen: Screen) -> str:
    return next(b.data for row in screen.buttons for b in row
                if b.data and decode(b.data).path == ())


async def menu(h: Harness, user: UserRef = ADA) -> Screen:
    """The admin opens the menu (having opened the private chat before)."""
    await h.start_private(user)
    result = await settings_command(h, user)
    assert result.private is not None
    return result.private


async def choose(h: Harness, field: str, value: str, user: UserRef = ADA) -> Result:
    """The admin opens the menu, the field's choices, and picks `value`."""
    field_screen = (await press(h, user, button(await menu(h, user), field))).private
    result = await press(h, user, button(field_screen, field, value))
    assert result.reply.text == TR.t("en", "settings-saved") and not result.reply.alert
    return result


async def snapshot(h: Harness, chat: ChatRef = GROUP):
    store = h.service.store
    return (await store.get_chat_options(chat.platform, chat.id),
            await store.get_chat_language(chat.platform, chat.id))


def lobby_of(h: Harness, table_id: int) -> Screen:
    """That table's lobby message now."""
    [screen] = [shown.screen for place, shown in h.kept.items()
                if place.role is Role.LOBBY and place.table_id == table_id]
    return screen


def lobby_buttons(h: Harness, table_id: int) -> list[str]:
    return [b.text for b in h.buttons(lobby_of(h, table_id))]


async def open_lobby(h: Harness, host: UserRef = BOB, game: str = "lanterns") -> int:
    await h.start_private(host)
    await h.command(host, "newgame", game)
    return (await h.service.store.active_table("telegram", GROUP.id, None)).id


# --- who may open the menu, and where it goes ---------------------------------------------


async def test_a_non_admin_is_refused_settings_with_a_clear_answer(harness):
    h = harness
    await h.start_private(BOB)
    result = await settings_command(h, BOB)
    assert plain(result.message.text) == TR.t("en", "settings-admins-only")
    assert result.private is None and not result.message.buttons
    # in the chat's language, as every answer in the group
    await h.service.store.set_chat_language("telegram", GROUP.id, "ru")
    result = await settings_command(h, BOB)
    assert plain(result.message.text) == TR.t("ru", "settings-admins-only")
    # on Discord too (an ephemeral answer there)
    result = await settings_command(h, BOB, CHANNEL)
    assert plain(result.message.text) == TR.t("en", "settings-admins-only")
    assert result.private is None
    # and in a private chat, where there is no group to set
    result = await settings_command(h, ADA, dm(ADA))
    assert plain(result.message.text) == TR.t("en", "settings-group-only")
    assert result.private is None


async def test_on_telegram_the_menu_goes_to_the_admins_private_chat(harness):
    h = harness
    await h.start_private(ADA)
    result = await settings_command(h, ADA)
    # the group gets a short note, never the menu
    assert plain(result.message.text) == TR.t("en", "settings-sent-privately")
    assert not result.message.buttons
    shown = h.text(result.private)
    assert TR.t("en", "settings-title", chat="Game night") in shown
    for line in ("settings-language", "settings-clock", "settings-managers",
                 "settings-computers", "settings-lobby"):
        assert TR.t("en", line, value="").rstrip() in shown
    assert TR.t("en", "settings-clock-game") in shown
    assert TR.t("en", "settings-lobby-default", minutes=30) in shown
    assert {decode(b.data).path for row in result.private.buttons for b in row} == {
        (field,) for field in FIELDS}
    assert all(decode(b.data).chat == GROUP.id for row in result.private.buttons for b in row)


async def test_on_discord_the_menu_is_for_the_admin_alone(harness):
    h = harness
    result = await settings_command(h, ADA, CHANNEL)
    assert result.message is None  # nothing for the channel
    assert TR.t("en", "settings-title", chat=CHANNEL.title) in h.text(result.private)
    # presses come from the channel itself: the channel's own admin check answers
    field_screen = (await press(h, ADA, button(result.private, LANGUAGE), CHANNEL)).private
    result = await press(h, ADA, button(field_screen, LANGUAGE, "pl"), CHANNEL)
    assert result.reply.text == TR.t("en", "settings-saved")
    assert await h.service.store.get_chat_language("discord", CHANNEL.id) == "pl"
    assert TR.t("en", "settings-language", value="Polski") in h.text(result.private)


async def test_an_admin_who_never_opened_the_private_chat_gets_a_link_to_it(harness):
    h = harness
    result = await settings_command(h, ADA)
    assert result.private is None
    assert plain(result.message.text) == TR.t("en", "settings-open-private")
    [[link]] = result.message.buttons
    assert link.text == TR.t("en", "settings-button-open")
    payload = link.url.split("start=")[1]
    assert payload == "s" + GROUP.id
    # the link opens the private chat, where the menu comes after a fresh admin check
    opened = await h.service.private_start("telegram", ADA, ADA.id, payload,
                                           admin_of=admin_of_for(ADA))
    # (a group that never had a table: the private chat cannot tell its name)
    assert h.text(opened.message).startswith(TR.t("en", "settings-title-unknown"))
    assert {decode(b.data).path for row in opened.message.buttons for b in row} == {
        (field,) for field in FIELDS}
    assert (await h.service.store.get_user_settings("telegram", ADA.id)).dm_ok
    # a forwarded link does nothing for someone who is not an admin there
    refused = await h.service.private_start("telegram", BOB, BOB.id, payload,
                                            admin_of=admin_of_for(BOB))
    assert plain(refused.message.text) == TR.t("en", "settings-admins-only")
    assert not refused.message.buttons
    # nor without a way to ask, nor with a forged chat id
    refused = await h.service.private_start("telegram", ADA, ADA.id, payload)
    assert plain(refused.message.text) == TR.t("en", "settings-admins-only")
    refused = await h.service.private_start("telegram", ADA, ADA.id, "s12ab",
                                            admin_of=admin_of_for(ADA))
    assert plain(refused.message.text) == TR.t("en", "bot-error-malformed")


async def test_the_menu_names_the_group_in_private_as_its_tables_knew_it(harness):
    h = harness
    await open_lobby(h, ADA)
    await h.command(ADA, "cancel")
    screen = await menu(h)
    field_screen = (await press(h, ADA, button(screen, LOBBY))).private
    assert TR.t("en", "settings-title", chat="Game night") in h.text(field_screen)


# --- each setting, and what it changes ----------------------------------------------------


async def test_the_language_is_set_for_the_chat_and_its_table_at_once(harness):
    h = harness
    await open_lobby(h)
    assert TR.t("en", "bot-button-join") in [b.text for b in h.buttons(h.screen(Role.LOBBY))]
    result = await choose(h, LANGUAGE, "pl")
    assert await h.service.store.get_chat_language("telegram", GROUP.id) == "pl"
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    assert table.language == "pl"
    assert TR.t("pl", "bot-button-join") in [b.text for b in h.buttons(h.screen(Role.LOBBY))]
    # the menu itself stays in the admin's own language, now saying Polski
    assert TR.t("en", "settings-language", value="Polski") in h.text(result.private)


async def test_the_chat_clock_is_the_default_of_new_tables(harness):
    h = harness
    await choose(h, CLOCK, "turn-86400")
    options = await h.service.store.get_chat_options("telegram", GROUP.id)
    assert options.clock == "turn:86400"
    assert clocks.default_clock("lanterns", options.clock) == clocks.Clock(clocks.TURN, 86400)
    assert clocks.default_clock("hanabi", options.clock) == clocks.Clock(clocks.TURN, 86400)
    await choose(h, CLOCK, "off")
    assert clocks.default_clock("hanabi", (await snapshot(h))[0].clock) == clocks.Clock(
        clocks.OFF)
    # back to each game's own
    result = await choose(h, CLOCK, "game")
    options = await h.service.store.get_chat_options("telegram", GROUP.id)
    assert options.clock is None
    assert clocks.default_clock("hanabi", None) == clocks.GAME_DEFAULTS["hanabi"]
    assert TR.t("en", "settings-clock", value=TR.t("en", "settings-clock-game")) in h.text(
        result.private)


async def test_when_only_admins_manage_tables_the_host_may_not_start_or_cancel(harness):
    h = harness
    table_id = await open_lobby(h)  # Bob, not an admin, is the host
    await h.start_private(MIA)
    await h.press(MIA, h.data(h.screen(Role.LOBBY), "j:"))
    await choose(h, MANAGERS, "admins")
    assert (await snapshot(h))[0].managers == "admins"
    start = encode(Press("start", table_id))
    result = await h.press(BOB, start, admin=False)
    assert result.reply.alert and result.reply.text == TR.t("en", "settings-start-admins")
    assert (await h.service.store.get_table(table_id)).status == "lobby"
    table = await h.service.store.get_table(table_id)
    assert not await h.service._may_cancel(table, BOB, is_admin_of(BOB))
    assert await h.service._may_cancel(table, ADA, is_admin_of(ADA))
    # an admin may start it, though not a player
    result = await h.press(ADA, start, admin=True)
    assert not result.reply.alert
    assert (await h.service.store.get_table(table_id)).status == "playing"


async def test_by_default_the_host_starts_and_an_admin_may_cancel(harness):
    h = harness
    table_id = await open_lobby(h)
    table = await h.service.store.get_table(table_id)
    assert await h.service._may_start(table, BOB, is_admin_of(BOB))
    assert not await h.service._may_start(table, ADA, is_admin_of(ADA))
    assert await h.service._may_cancel(table, BOB, is_admin_of(BOB))
    assert await h.service._may_cancel(table, ADA, is_admin_of(ADA))
    assert not await h.service._may_cancel(table, MIA, is_admin_of(MIA))
    result = await h.press(ADA, encode(Press("start", table_id)), admin=True)
    assert result.reply.text == TR.t("en", "bot-error-not-host", name="Bob")


async def test_without_computer_players_the_lobby_offers_none_and_refuses_one(harness):
    h = harness
    table_id = await open_lobby(h)
    add = TR.t("en", "table-computer-add")
    assert add in [b.text for b in h.buttons(h.screen(Role.LOBBY))]
    result = await choose(h, COMPUTERS, "off")
    assert not (await snapshot(h))[0].computers
    # the open lobby loses its button at once
    assert add not in [b.text for b in h.buttons(h.screen(Role.LOBBY))]
    assert result.posts
    for data in (encode(Press("computer", table_id)),
                 encode(Press("computer", table_id, arg="normal"))):
        refused = await h.press(BOB, data)
        assert refused.reply.alert
        assert refused.reply.text == TR.t("en", "settings-computers-refused")
    assert len(await h.service.store.list_seats(table_id)) == 1
    # a new lobby has no button either; allowed again, it comes back
    await h.command(BOB, "cancel")
    table_id = await open_lobby(h)
    assert add not in lobby_buttons(h, table_id)
    await choose(h, COMPUTERS, "on")
    assert add in lobby_buttons(h, table_id)


async def test_the_lobby_timeout_is_the_chats(harness, clock):
    h = harness
    await choose(h, LOBBY, "10")
    assert (await snapshot(h))[0].lobby_minutes == 10
    table_id = await open_lobby(h)
    clock.now += 10 * 60 - 1
    assert await h.run_due() == 0
    clock.now += 1
    assert await h.run_due() == 1
    assert (await h.service.store.get_table(table_id)).status == "cancelled"
    assert TR.t("en", "table-lobby-expired", minutes=10) in h.text(lobby_of(h, table_id))
    # changed while a lobby is open, its timeout moves too
    table_id = await open_lobby(h)
    opened = clock.now
    await choose(h, LOBBY, "120")
    clock.now = opened + 119 * 60
    assert await h.run_due() == 0
    clock.now = opened + 120 * 60
    assert await h.run_due() == 1
    assert TR.t("en", "table-lobby-expired", minutes=120) in h.text(lobby_of(h, table_id))
    # and back to the bot's own
    await choose(h, LOBBY, "default")
    assert (await snapshot(h))[0].lobby_minutes is None
    table_id = await open_lobby(h)
    clock.now += 30 * 60
    assert await h.run_due() == 1
    assert (await h.service.store.get_table(table_id)).status == "cancelled"


async def test_the_menu_is_edited_in_place_with_the_ticked_choice_and_back(harness):
    h = harness
    screen = await menu(h)
    field_screen = (await press(h, ADA, button(screen, MANAGERS))).private
    labels = [b.text for row in field_screen.buttons for b in row]
    assert TR.t("en", "settings-chosen", label=TR.t("en", "settings-managers-host")) in labels
    assert TR.t("en", "settings-managers-admins") in labels
    assert TR.t("en", "bot-button-back") in labels
    assert TR.t("en", "settings-choose-managers") in h.text(field_screen)
    overview = (await press(h, ADA, back(field_screen))).private
    assert {decode(b.data).path for row in overview.buttons for b in row} == {
        (field,) for field in FIELDS}
    options, language = await snapshot(h)  # looking changes nothing
    assert (options.clock, options.managers, options.computers, options.lobby_minutes,
            language) == (None, "host", True, None, None)


# --- presses that must change nothing -------------------------------------------------------


async def test_forged_outdated_and_non_admin_presses_change_nothing(harness):
    h = harness
    screen = await menu(h)
    lobby_screen = (await press(h, ADA, button(screen, LOBBY))).private
    ten = button(lobby_screen, LOBBY, "10")
    digest = decode(ten).version
    before = await snapshot(h)

    async def refused(data: str, key: str, **kwargs) -> Result:
        result = await press(h, kwargs.pop("user", ADA), data, **kwargs)
        assert result.reply.alert and result.reply.text == TR.t("en", key), result.reply
        assert result.posts == ()
        assert await snapshot(h) == before
        return result

    # not (or no longer) an admin of that chat, wherever the press comes from
    await refused(ten, "settings-admins-only", user=BOB)
    await refused(ten, "settings-admins-only", admin_of=admin_of_for(ADA, {}))
    await refused(ten, "settings-admins-only", chat=ChatRef("telegram", GROUP.id,
                                                             title="Game night"), user=BOB)

    async def no_way_to_ask() -> Result:
        result = await h.service.press(dm(ADA), ADA, ten, is_admin=is_admin_of(ADA))
        assert result.reply.text == TR.t("en", "settings-admins-only")
        return result

    await no_way_to_ask()
    assert await snapshot(h) == before
    # a menu of another chat, pressed in this one (Discord: the press's own channel counts)
    other = encode(Press("settings", version=digest, path=(LOBBY, "10"), chat="-100999"))
    await refused(other, "bot-error-malformed", chat=GROUP)
    await refused(ten.replace(GROUP.id, CHANNEL.id), "bot-error-malformed", chat=ChatRef(
        "discord", "111", title="#other"))
    # a chat the admin does not administer, from their private chat
    await refused(other, "settings-admins-only")
    # values and fields the menu never offers
    for path in [(LOBBY, "15"), (LOBBY, "0"), (LANGUAGE, "de"), (CLOCK, "live-1-1"),
                 (CLOCK, "turn-60"), (MANAGERS, "everyone"), (COMPUTERS, "yes"), ("z",),
                 ("z", "1")]:
        await refused(encode(Press("settings", version=digest, path=path, chat=GROUP.id)),
                      "bot-error-malformed")
    # garbage
    for data in ("S:-100", "S:-100:1:t.10.1", "S:abc:1:t.10", "S:-100:x:t.10", "S:-100:1:T.10",
                 "S:" + "9" * 21 + ":1:t.10", "S:-100:1:t:10"):
        await refused(data, "bot-error-malformed")
    # an outdated menu: another admin (or another copy) changed the settings since
    await press(h, ADA, button(lobby_screen, LOBBY, "30"))
    before = await snapshot(h)
    assert before[0].lobby_minutes == 30
    result = await refused(ten, "settings-outdated")
    # with the current choices in its place
    assert TR.t("en", "settings-chosen", label=TR.t("en", "settings-lobby-minutes",
                                                    minutes=30)) in [
        b.text for row in result.private.buttons for b in row]
    assert decode(button(result.private, LOBBY, "10")).version != digest
    # the same press twice (a double tap): the second is outdated too
    sixty = button(result.private, LOBBY, "60")
    await press(h, ADA, sixty)
    before = await snapshot(h)
    await refused(sixty, "settings-outdated")


def test_a_settings_press_fits_telegram_and_discord():
    longest = max((c.code for c in clocks.CHOICES), key=len)
    for chat in ("-1001234567890", "12345678901234567890"):
        data = encode(Press("settings", version=2**32 - 1, chat=chat,
                            path=(CLOCK, longest.replace(":", "-"))))
        assert len(data.encode()) <= MAX_BYTES
        assert decode(data).chat == chat
    with pytest.raises(BadPayload):
        decode("S:-1001234567890:1:k.live-180-30.x")
