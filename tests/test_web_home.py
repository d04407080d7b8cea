"""The playground's home page and its words (issue 34 points 5–7): the tables a browser's
players sit at with whose turn it is, their figures over every web table, the new-table
form's options (named, explained, their values checked before anything is opened), and
help, errors and rules that speak of the page, at any time."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.rules_text import rules_text
from bot.web.routes import KEY
from tests.test_web_adapter import drawn, server, sit, started_lighthouse

TR = Translator.load()
COMMAND = re.compile(r"/[a-z]{3,}")  # a chat command: /newgame, /leave, /forgetme ...


def page_state(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="state" type="application/json">(.*?)</script>', html,
                      re.DOTALL)
    assert found is not None
    return json.loads(found[1])


async def say(client: TestClient, player: str, name: str, args: str = "",
              room: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"player": player, "name": name, "args": args}
    if room is not None:
        body["room"] = room
    response = await client.post("/api/command", json=body)
    assert response.status == 200
    return await response.json()


def words(answer: dict[str, Any]) -> str:
    sheet = answer.get("sheet") or {"text": []}
    return (answer.get("note") or "") + "".join(piece["t"] for piece in sheet["text"])


# --- the new-table form's options ---------------------------------------------------------

async def test_the_page_names_each_option_says_what_it_does_and_what_it_takes(
        tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, _service):
        await client.post("/api/language", json={"language": "ru"})
        state = page_state(await (await client.get("/")).text())
        games = {g["name"]: g for g in state["games"]}
        zone = next(o for o in games["lighthouse"]["options"] if o["name"] == "zone_size")
        assert zone["title"] == TR.t("ru", "lighthouse-option-zone_size") == "Размер зоны"
        assert zone["about"] == TR.t("ru", "lighthouse-option-zone_size-about")
        assert (zone["default"], zone["switch"], zone["allowed"]) == (5, False, [3, 5, 7])
        assert zone["allowed_text"] == "3, 5, 7"
        chests = next(o for o in games["rafter"]["options"] if o["name"] == "chests")
        assert chests["allowed_text"] == "0–42" and "0" in chests["about"]
        multicolor = games["hanabi"]["options"][0]
        assert multicolor["switch"] and multicolor["title"] == "Разноцветный"
        assert games["lanterns"]["options"] == []


def test_every_option_of_every_game_has_a_name_and_a_sentence_in_every_language() -> None:
    from bot.options import option_fields
    from engine.registry import GAMES

    for spec in GAMES.values():
        for field in option_fields(spec):
            for lang in ("en", "ru", "pl"):
                for key in (f"{spec.name}-option-{field.name}",
                            f"{spec.name}-option-{field.name}-about"):
                    assert key in TR.keys(lang), (lang, key)
            assert field.switch or field.default in field.allowed


async def test_a_value_the_game_does_not_take_is_said_and_nothing_is_opened(
        tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ann = await sit(client, "Ann")
        refused = await client.post("/api/new", json={
            "player": ann, "game": "lighthouse", "options": {"zone_size": 6}})
        assert refused.status == 422
        body = await refused.json()
        assert body["option"] == "zone_size"
        assert body["note"] == TR.t("en", "web-option-refused", option="Zone size",
                                    allowed="3, 5, 7")
        # each value taken alone, but not together: too few tokens for a hand
        clash = await client.post("/api/new", json={
            "player": ann, "game": "lighthouse",
            "options": {"values": 2, "copies": 1, "hand_size": 5}})
        assert clash.status == 422
        assert (await clash.json())["option"] is None
        # a yes/no option given a number, a number given text
        for wrong in ({"multicolor": 1}, {"advanced": "yes"}):
            answer = await client.post("/api/new", json={"player": ann, "game": "hanabi",
                                                          "options": wrong})
            assert answer.status == 422
        assert await service.tables_of_person("web", ann) == []
        # an option the game does not have is a forged request
        forged = await client.post("/api/new", json={"player": ann, "game": "hanabi",
                                                      "options": {"zone_size": 5}})
        assert forged.status == 400
        # a good choice opens the table with it
        opened = await client.post("/api/new", json={
            "player": ann, "game": "lighthouse", "options": {"zone_size": 7, "track": 10}})
        room = (await opened.json())["room"]
        table = await service.store.active_table("web", room, None)
        assert table is not None and table.options == {"zone_size": 7}


# --- the home page: your tables, your figures ---------------------------------------------

async def test_home_lists_each_players_tables_with_whose_turn_it_is(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, bob = await started_lighthouse(client, service)  # Ann's browser now
        lobby = await client.post("/api/new", json={"player": ann, "game": "hanabi"})
        lobby_room = (await lobby.json())["room"]
        home = await (await client.get("/api/home")).json()
        (mine,) = home["players"]
        assert mine["id"] == ann
        tables = {t["room"]: t for t in mine["tables"]}
        assert tables[lobby_room] == {"room": lobby_room, "game": "Hanabi", "playing": False,
                                      "turn": [], "yours": False}
        playing = tables[room]
        assert playing["game"] == "Lighthouse" and playing["playing"]
        table = await service.store.active_table("web", room, None)
        spec = service.games["lighthouse"]
        (first,) = spec.to_act(spec.from_dict(table.state))
        seats = {s.seat: s for s in await service.store.list_seats(table.id)}
        assert playing["turn"] == [seats[first].display_name]
        assert playing["yours"] == (seats[first].user_id == ann)
        # a browser with no players has nothing to list; nobody else's tables show
        client.session.cookie_jar.clear()
        assert (await (await client.get("/api/home")).json()) == {"players": []}
        assert bob not in json.dumps(home)


async def test_your_figures_are_over_every_web_table_not_one_link(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ann = await sit(client, "Ann")
        bob = await sit(client, "Bob")  # a hot seat: both in this browser
        empty = await say(client, ann, "stats")
        assert words(empty) == TR.t("en", "web--stats-yours-none")
        rooms = []
        for _ in range(2):  # two tables, each at a link of its own, each ended early
            opened = await client.post("/api/new", json={"player": ann, "game": "lighthouse"})
            room = (await opened.json())["room"]
            table = await service.store.active_table("web", room, None)
            for player, press in ((bob, Press("join", table.id)),
                                  (ann, Press("start", table.id))):
                await client.post("/api/press", json={"room": room, "player": player,
                                                      "data": encode(press)})
            await say(client, ann, "cancel", room=room)
            assert await service.store.active_table("web", room, None) is None
            rooms.append(room)
        await drawn(client)
        assert rooms[0] != rooms[1]
        # home lists both games, newest first, each in its room (whose history replays it)
        home = await (await client.get("/api/home")).json()
        for player in home["players"]:
            assert [g["room"] for g in player["games"]] == rooms[::-1]
            assert all(g["game"] == "Lighthouse" and "abandoned" in g["result"]
                       for g in player["games"])
        for room in (None, rooms[1]):  # from home, and from either table
            figures = words(await say(client, bob, "stats", room=room))
            assert TR.t("en", "web--stats-yours-chats", games=2) in figures
            assert COMMAND.search(figures) is None


# --- the web is the web -------------------------------------------------------------------

async def test_help_and_errors_speak_of_the_page_not_of_commands(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, _bob = await started_lighthouse(client, service)
        for lang in ("en", "ru", "pl"):
            await client.post("/api/language", json={"language": lang})
            for where in (room, None):
                help_text = words(await say(client, ann, "help", room=where))
                assert help_text == TR.t(lang, "web--bot-help")
                assert COMMAND.search(help_text) is None
        await client.post("/api/language", json={"language": "en"})
        table = await service.store.active_table("web", room, None)
        await say(client, ann, "cancel", room=room)
        # the closed table's buttons, and the menu's commands on a room without a table
        stale = await client.post("/api/press", json={
            "room": room, "player": ann, "data": encode(Press("hand", table.id))})
        assert (await stale.json())["note"] == TR.t("en", "web--bot-error-table-finished")
        left = words(await say(client, ann, "leave", room=room))
        assert left == TR.t("en", "web--table-no-table")
        for text in (TR.t(lang, key) for lang in ("en", "ru", "pl") for key in TR.keys("en")
                     if key.startswith("web--")):
            assert COMMAND.search(text) is None, text


async def test_a_lobby_that_closes_itself_points_to_the_page(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ann = await sit(client, "Ann")
        opened = await client.post("/api/new", json={"player": ann, "game": "hanabi"})
        room = (await opened.json())["room"]
        table = await service.store.active_table("web", room, None)
        client.app[KEY].rooms.post((await service.lobby_expired(table.id)).posts)
        rooms = await drawn(client)
        lobby = rooms.room(room).shown["lobby:-1"].event["screen"]
        text = "".join(piece["t"] for piece in lobby["text"])
        minutes = round(service.lobby_timeout / 60)
        assert TR.t("en", "web--table-lobby-expired", minutes=minutes) in text
        assert "/newgame" not in text


async def test_rules_work_before_during_and_after_a_game(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ann = await sit(client, "Ann")
        # from home, before any table: the game named, or the list of games
        hanabi = words(await say(client, ann, "rules", "hanabi multicolor"))
        assert hanabi == rules_text(TR, "en", service.games["hanabi"], {"multicolor": True},
                                    platform="web")
        assert TR.t("en", "hanabi-rules-deck-multicolor") in hanabi
        listed = words(await say(client, ann, "rules"))
        assert listed.startswith(TR.t("en", "web--table-games-header"))
        assert COMMAND.search(listed) is None
        opened = await client.post("/api/new", json={
            "player": ann, "game": "lighthouse", "options": {"zone_size": 7}})
        room = (await opened.json())["room"]
        during = words(await say(client, ann, "rules", room=room))
        assert during == rules_text(TR, "en", service.games["lighthouse"], {"zone_size": 7},
                                    platform="web")
        # the options by their names, as the form showed them, not as a command types them
        assert "Zone size: 7" in during and "zone_size" not in during
        assert "/newgame" not in during
        await say(client, ann, "cancel", room=room)
        after = words(await say(client, ann, "rules", room=room))
        assert after == during  # the last table's game, with its options
        assert TR.t("en", "bot-error-unknown-game", games="")[:15] not in after
