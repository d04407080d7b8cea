"""The bugs of issue 34 point 10, through the table service: a person who leaves a game keeps
no live panel (the last person leaving ends it, and their panel still said "Your turn"), and a
computer player's name is shown in the language of whoever reads it, not in the one it joined
in; and on the web, a friend who types their name on an invitation sits down at once."""

from __future__ import annotations

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from fakes.service_harness import GROUP, Harness, open_harness
from tests.test_web_adapter import drawn, server, sit, started_lighthouse, stream

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "en")


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=1.5) as h:
        yield h


async def open_lobby(h: Harness, people=(ANNA,)) -> int:
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    for user in people:
        await h.start_private(user)
    await h.command(people[0], "newgame", "lanterns")
    for user in people[1:]:
        await h.press(user, h.data(h.screen(Role.LOBBY), "j:"))
    return (await h.service.store.active_table("telegram", GROUP.id, None)).id


async def add_computer(h: Harness, table: int, level: str) -> None:
    await h.press(ANNA, encode(Press("computer", table)))
    await h.press(ANNA, h.data(h.screen(Role.LOBBY), f"b:{table}:{level}"))


async def seat_of(h: Harness, table: int, user: UserRef) -> int:
    return next(s.seat for s in await h.service.store.list_seats(table) if s.user_id == user.id)


async def leave(h: Harness, table: int, user: UserRef) -> None:
    await h.command(user, "leave")
    confirm = h.screen(Role.CONFIRM, await seat_of(h, table, user))
    await h.press(user, h.data(confirm, f"q:{table}:y"))


async def test_the_only_person_leaving_ends_the_game_and_closes_their_panel(harness):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "normal")
    await h.press(ANNA, encode(Press("start", table)))
    assert h.panel_of(ANNA) is not None  # their choices, or the waiting panel
    await leave(h, table, ANNA)
    assert (await h.service.store.get_table(table)).status == "cancelled"
    _, panel = h.panel_of(ANNA)
    assert h.buttons(panel) == []  # nothing left to press
    assert h.text(panel) == TR.t("en", "table-panel-left", chat=GROUP.title)


async def test_a_person_leaving_a_game_others_play_on_keeps_no_live_panel(harness):
    h = harness
    table = await open_lobby(h, people=(ANNA, BORIS))
    await h.press(ANNA, encode(Press("start", table)))
    await leave(h, table, BORIS)
    assert (await h.service.store.get_table(table)).status == "playing"
    _, panel = h.panel_of(BORIS)
    assert h.buttons(panel) == []
    assert h.text(panel) == TR.t("en", "table-panel-left", chat=GROUP.title)


async def test_a_computer_players_name_follows_the_language_it_is_read_in(harness, clock):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "normal")  # joins as "🤖 Normal", the group's English
    await h.press(ANNA, encode(Press("language", arg="pl")), admin=True)  # turns Polish
    assert (await h.service.store.get_table(table)).language == "pl"
    await add_computer(h, table, "normal")  # a second of the level is numbered as such
    names = [s.display_name for s in await h.service.store.list_seats(table)]
    assert names == ["Anna", "🤖 Normal", "🤖 Średni 2"]
    polish = TR.t("pl", "table-computer-name", level=TR.t("pl", "table-computer-level-normal"))
    lobby = h.text(h.screen(Role.LOBBY))  # the lobby's list says both in Polish
    assert f"Anna, {polish}, {polish} 2" in lobby and "Normal" not in lobby
    await h.press(ANNA, encode(Press("start", table)))
    for _ in range(6):  # until the board has named the computer (its turn, or its move)
        board = h.text(h.screen(Role.BOARD))
        if polish in board:
            break
        if await h.service.store.pending_work(table):
            clock.now += 2
            await h.run_due()
        else:
            _, panel = h.panel_of(ANNA)
            choice = next(b.data for b in h.buttons(panel) if b.data[0] in "gc")
            await h.press(ANNA, choice, chat=ChatRef("telegram", ANNA.id, private=True))
    board = h.text(h.screen(Role.BOARD))
    assert polish in board
    assert "Normal" not in board


# --- the web playground: an invitation's name sits the friend down -----------------------


async def test_a_name_typed_on_an_invitation_to_an_open_lobby_joins_it(tmp_path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ann = await sit(client, "Ann")
        opened = await client.post("/api/new", json={"player": ann, "game": "lighthouse"})
        room = (await opened.json())["room"]
        table = await service.store.active_table("web", room, None)
        client.session.cookie_jar.clear()  # Bob, in a browser of his own, opens the link
        answer = await client.post("/api/player", json={"name": "Bob", "room": room})
        assert answer.status == 200
        body = await answer.json()
        assert body["note"] == TR.t("en", "table-joined-you")
        bob = body["players"][-1]["id"]
        seats = await service.store.list_seats(table.id)
        assert [(s.user_id, s.display_name) for s in seats] == [(ann, "Ann"), (bob, "Bob")]
        # the lobby every browser in the room shows names him
        await drawn(client)
        events = await stream(client, room, until="lobby:-1")
        lobby = next(e for e in events if e.get("key") == "lobby:-1")
        assert "Bob" in "".join(piece["t"] for piece in lobby["screen"]["text"])


async def test_a_name_typed_on_an_invitation_to_a_game_under_way_joins_nothing(
        tmp_path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, bob = await started_lighthouse(client, service)
        table = await service.store.active_table("web", room, None)
        client.session.cookie_jar.clear()
        answer = await client.post("/api/player", json={"name": "Clara", "room": room})
        assert answer.status == 200
        assert "note" not in await answer.json()  # a name, and a place to watch from
        seats = await service.store.list_seats(table.id)
        assert sorted(s.user_id for s in seats) == sorted([ann, bob])
        # a forged room is refused before anyone is made
        forged = await client.post("/api/player", json={"name": "Eve", "room": "../x"})
        assert forged.status == 400


async def test_a_past_games_computer_player_is_named_in_the_readers_language(harness):
    h = harness
    table = await open_lobby(h)
    await add_computer(h, table, "normal")  # joins as "🤖 Normal", the group's English
    await h.press(ANNA, encode(Press("start", table)))
    await leave(h, table, ANNA)  # the game ends: it is in the chat's history
    await h.press(ANNA, encode(Press("language", arg="pl")), admin=True)
    answer = await h.command(UserRef(ANNA.id, ANNA.name, "pl"), "history")
    polish = TR.t("pl", "table-computer-name", level=TR.t("pl", "table-computer-level-normal"))
    assert answer.message is not None
    history = h.text(answer.message)
    assert polish in history and "Normal" not in history
