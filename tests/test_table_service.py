"""The table service end to end without a platform: lobbies, whole games played by pressing
the buttons the screens really show, and every kind of bad press refused without effect."""

from __future__ import annotations

import asyncio
import itertools
import random

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from bot.storage import Store
from bot.tables import TableService
from engine.core import replay
from engine.lanterns import SPEC
from fakes.secret_twins import scramble_secrets
from fakes.service_harness import GROUP, Harness, open_harness
from fakes.service_harness import seat_players as seat_table
from render.lanterns import board_png

USERS = [UserRef(str(1000 + i), name, lang) for i, (name, lang) in
         enumerate([("Anna", "ru"), ("Łukasz", "pl"), ("Bob", "en"), ("Eve 🎲", "en")])]
OUTSIDER = UserRef("999", "Mallory", "en")
TR = Translator.load()


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def seat_players(h: Harness, players: list[UserRef]) -> int:
    return await seat_table(h, players, "lanterns")


async def test_lobby_names_a_host_who_has_not_opened_the_private_chat(harness):
    h = harness
    await h.command(USERS[2], "newgame", "lanterns")
    assert "Bob" in h.text(h.screen(Role.LOBBY))


async def test_lobby_join_needs_the_private_chat_first(harness):
    h = harness
    anna, lukasz = USERS[:2]
    await h.start_private(anna)
    await h.command(anna, "newgame", "lanterns")
    lobby = h.screen(Role.LOBBY)
    assert "Anna" in h.text(lobby)
    join = h.data(lobby, "j:")
    result = await h.press(lukasz, join)
    assert result.reply.url and result.reply.url.startswith("https://t.me/fake_bot?start=j")
    assert "Łukasz" not in h.text(h.screen(Role.LOBBY))
    payload = result.reply.url.split("start=")[1]
    result = await h.start_private(lukasz, payload)
    assert "Łukasz" in h.text(h.screen(Role.LOBBY))
    assert "Game night" in h.text(result.message)
    # the link was single-use
    again = await h.start_private(lukasz, payload)
    assert again.message and TR.t("pl", "table-join-link-invalid") in h.text(again.message)


async def test_start_is_for_the_host_with_enough_players(harness):
    h = harness
    table = await seat_players(h, USERS[:1])
    start = encode(Press("start", table))
    assert (await h.press(USERS[0], start)).reply.alert  # one player is not enough
    await h.start_private(USERS[1])
    await h.press(USERS[1], encode(Press("join", table)))
    assert (await h.press(USERS[1], start)).reply.alert  # not the host
    await h.press(USERS[0], start)
    assert h.screen(Role.LOBBY) is None and h.screen(Role.BOARD) is not None
    assert (await h.press(USERS[0], start)).reply.alert  # twice


async def test_one_table_per_chat_and_topic(harness):
    h = harness
    await seat_players(h, USERS[:2])
    result = await h.command(USERS[2], "newgame", "lanterns")
    assert TR.t("en", "bot-error-table-exists") in h.text(result.message)
    topic = ChatRef("telegram", GROUP.id, thread_id="7", title="Game night")
    await h.command(USERS[2], "newgame", "lanterns", chat=topic)
    assert await h.service.store.active_table("telegram", GROUP.id, "7") is not None


BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


def pick_path(h: Harness, screen, rng: random.Random) -> str:
    """Press like a person: Confirm on a leaf, otherwise any option but Back."""
    buttons = [b for b in h.buttons(screen) if b.data and b.text not in BACK]
    confirm = [b.data for b in buttons if b.data.startswith("c:")]
    return confirm[0] if confirm else rng.choice(buttons).data


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_whole_games_played_through_the_buttons(harness, players):
    h = harness
    users = USERS[:players]
    table = await seat_players(h, users)
    await h.press(users[0], encode(Press("start", table)))
    rng = random.Random(players)
    by_id = {u.id: u for u in users}
    for _ in range(3000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            break
        # exactly one panel offers choices: the player to act
        acting = [(place, shown.screen) for place, shown in h.kept.items()
                  if place.role is Role.PANEL and shown.screen.buttons]
        assert len(acting) == 1
        place, screen = acting[0]
        user = by_id[place.chat_id]
        before = row.version
        await h.press(user, pick_path(h, screen, rng), chat=ChatRef("telegram", user.id, private=True))
        assert (await h.service.store.get_table(table)).version in (before, before + 1)
    row = await h.service.store.get_table(table)
    assert row.status == "finished"
    board = h.text(h.screen(Role.BOARD))
    assert TR.t("ru", "table-final-ranking") in board  # the host, Anna, speaks Russian
    assert all(u.name in board for u in users)
    assert h.screen(Role.PING) is None
    # the action log replays to the stored state
    log = await h.service.store.action_log(table)
    assert replay(SPEC, players, row.seed, {}, log) == SPEC.from_dict(row.state)


async def test_bad_presses_are_refused_and_change_nothing(harness):
    h = harness
    table = await seat_players(h, USERS[:3])
    await h.press(USERS[0], encode(Press("start", table)))
    row = await h.service.store.get_table(table)
    state = SPEC.from_dict(row.state)
    first = next(u for u in USERS[:3] if h.panel_of(u)[1].buttons)
    other = next(u for u in USERS[:3] if u is not first)
    dm = ChatRef("telegram", first.id, private=True)
    place = encode(Press("go", table, row.version, ("p",)))
    presses = [
        (OUTSIDER, place, GROUP),  # not a player
        (other, place, ChatRef("telegram", other.id, private=True)),  # not their turn
        (first, encode(Press("go", table, row.version + 5, ("p",))), dm),  # wrong version
        (first, encode(Press("confirm", table, row.version, ("p", "999", "0", "1"))), dm),
        (first, "g:abc", dm), (first, "", dm), (first, "z" * 80, dm),
        (first, encode(Press("go", table + 1, row.version, ())), dm),  # another table
        (first, encode(Press("confirm", table, row.version, ("p",))), dm),  # not a leaf
    ]
    for user, data, chat in presses:
        result = await h.press(user, data, chat=chat)
        assert result.reply.alert and result.reply.text, data
    after = await h.service.store.get_table(table)
    assert after.version == row.version and SPEC.from_dict(after.state) == state


async def test_simultaneous_confirms_apply_once(harness):
    h = harness
    table = await seat_players(h, USERS[:2])
    await h.press(USERS[0], encode(Press("start", table)))
    row = await h.service.store.get_table(table)
    state = SPEC.from_dict(row.state)
    seat = state.current
    user = next(u for u in USERS[:2] if h.panel_of(u)[1].buttons)
    tile = state.players[seat].hand[0]
    data = encode(Press("confirm", table, row.version, ("p", str(tile), "0", "1")))
    dm = ChatRef("telegram", user.id, private=True)
    results = await asyncio.gather(*(h.service.press(dm, user, data) for _ in range(5)))
    for result in results:
        await result.all_posts()
    assert sum(not r.reply.alert for r in results) == 1
    assert (await h.service.store.get_table(table)).version == row.version + 1
    assert len(await h.service.store.action_log(table)) == 1


async def test_cancel_by_host_or_admin_only(harness):
    """The host or an admin closes a game at once; a player asks the others instead (a vote,
    tested in test_absent_players.py), and anyone else is refused."""
    h = harness
    table = await seat_players(h, USERS[:2])
    await h.press(USERS[0], encode(Press("start", table)))
    result = await h.command(OUTSIDER, "cancel")
    assert TR.t("ru", "table-cancel-not-allowed") in h.text(result.message)
    result = await h.command(USERS[1], "cancel")
    assert TR.t("ru", "table-vote-end-opened") in h.text(result.message)
    assert (await h.service.store.get_table(table)).status == "playing"
    await h.command(OUTSIDER, "cancel", admin=True)
    assert (await h.service.store.get_table(table)).status == "cancelled"
    assert "Mallory" in h.text(h.screen(Role.BOARD))
    result = await h.press(USERS[0], encode(Press("go", table, 0, ())))
    assert result.reply.alert


async def test_public_screens_never_show_a_tile_hand(harness):
    """The group's board picture is the same whatever the hands hold: it is drawn from the
    public view, and the captions and buttons name no tile."""
    h = harness
    table = await seat_players(h, USERS[:3])
    await h.press(USERS[0], encode(Press("start", table)))
    row = await h.service.store.get_table(table)
    state = SPEC.from_dict(row.state)
    twin = scramble_secrets(state, 0, 5)
    twin = scramble_secrets(twin, 1, 6)
    assert twin.players != state.players
    names = ["Anna", "Łukasz", "Bob"]
    assert board_png(SPEC.view(twin, None), names=names) == board_png(SPEC.view(state, None), names=names)
    for place, shown in h.kept.items():
        if place.role is Role.PANEL:
            continue
        text = h.text(shown.screen) + repr(shown.screen.buttons)
        for player in state.players:
            for tile in player.hand:
                assert f"p:{tile}" not in text and f"p.{tile}" not in text


async def test_restart_resumes_every_table_from_the_store(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite3")
    service = TableService(store, TR, seeds=itertools.count(2026).__next__)
    service.register_platform("telegram", deep_link=lambda p: f"https://t.me/b?start={p}")
    h = Harness(service)
    table = await seat_players(h, USERS[:2])
    await h.press(USERS[0], encode(Press("start", table)))
    acting_before = next(u for u in USERS[:2] if h.panel_of(u)[1].buttons)
    old_panel = h.panel_of(acting_before)[1]
    await store.close()

    store = await Store.open(tmp_path / "db.sqlite3")  # a new process
    service = TableService(store, TR, seeds=itertools.count(2026).__next__)
    service.register_platform("telegram", deep_link=lambda p: f"https://t.me/b?start={p}")
    posts = await service.resume("telegram")
    roles = sorted(p.place.role for p in posts)
    assert roles.count(Role.BOARD) == 1 and roles.count(Role.PANEL) == 2
    # a button drawn before the restart still works
    h2 = Harness(service, kept=dict(h.kept))
    first_option = h.buttons(old_panel)[0].data
    result = await h2.press(acting_before, first_option,
                            chat=ChatRef("telegram", acting_before.id, private=True))
    assert not result.reply.alert
    await store.close()


async def test_my_hand_resends_the_panel_or_links_to_the_private_chat(harness):
    h = harness
    table = await seat_players(h, USERS[:2])
    await h.press(USERS[0], encode(Press("start", table)))
    board = h.screen(Role.BOARD)
    hand = h.data(board, "h:")
    sent = h.sent
    result = await h.press(USERS[1], hand)
    assert not result.reply.alert and h.sent == sent + 1  # a fresh panel, so it notifies
    place, _ = h.panel_of(USERS[1])
    await h.deliver(await h.service.panel_unreachable(place), GROUP)
    assert "Łukasz" in h.text(h.screen(Role.NOTE, place.seat))
    result = await h.press(USERS[1], hand)
    assert result.reply.url == "https://t.me/fake_bot?start=p"
    # opening the private chat again brings the panel back
    h.kept.pop(place)
    await h.start_private(USERS[1], "p")
    assert h.panel_of(USERS[1]) is not None
    assert h.screen(Role.NOTE, place.seat) is None  # the group's note goes with the problem
    assert (await h.press(OUTSIDER, hand)).reply.alert


async def test_options_typed_after_the_game_name(harness):
    h = harness
    await h.start_private(USERS[2])
    await h.command(USERS[2], "newgame", "hanabi multicolor")
    lobby = h.screen(Role.LOBBY)
    assert "multicolor" in h.text(lobby)
    table = await h.service.store.active_table("telegram", GROUP.id, None)
    assert table.options == {"multicolor": True}
    await h.command(USERS[2], "cancel")
    for bad in ("hanabi turbo", "lighthouse zone_size=4", "lighthouse track=x"):
        result = await h.command(USERS[2], "newgame", bad)
        assert "zone_size=5" in h.text(result.message) or "multicolor" in h.text(result.message)
    assert await h.service.store.active_table("telegram", GROUP.id, None) is None
