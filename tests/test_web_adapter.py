"""The playground's server without a browser: identities, the checks on every press, what
each browser's stream carries, pictures only for their owners, and a restart."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import stat
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import Translator
from bot.payloads import Press, decode, encode
from bot.screens import Drop, Place, Post, Role, Screen
from bot.storage import SCHEMA_VERSION, Status, Store, sqlite_legacy
from bot.tables import TableService
from bot.web import build_app
from bot.web.identity import COOKIE, Browser, CookieSigner, secret_from
from bot.web.images import Images
from bot.web.rooms import Rooms
from bot.web.routes import KEY
from fakes.store_backends import Database

pytest_plugins = ["fakes.store_backends"]

TR = Translator.load()
SECRET = "a test's secret"


@asynccontextmanager
async def server(path: Path) -> AsyncIterator[tuple[TestClient, TableService]]:
    async with Store.open(path) as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: 5)
        async with TestClient(TestServer(build_app(service, TR, secret=SECRET))) as client:
            yield client, service


async def sit(client: TestClient, name: str) -> str:
    response = await client.post("/api/player", json={"name": name})
    assert response.status == 200
    return (await response.json())["players"][-1]["id"]


async def drawn(client: TestClient) -> Rooms:
    """Wait until every press's pictures are drawn and shown; the playground's rooms."""
    playground = client.app[KEY]
    while playground.tasks:
        await asyncio.gather(*playground.tasks)
    await playground.rooms.settled()
    return playground.rooms


async def stream(client: TestClient, room: str, until: str) -> list[dict[str, Any]]:
    """The events a browser's stream brings, up to the first that shows `until` (a key)."""
    events: list[dict[str, Any]] = []
    async with client.get(f"/api/events/{room}") as response:
        async def read() -> None:
            async for line in response.content:
                if line.startswith(b"data: "):
                    events.append(json.loads(line[6:]))
                    if events[-1].get("key") == until:
                        return
        await asyncio.wait_for(read(), 30)  # a guard: the snapshot comes at once
    return events


async def started_lighthouse(client: TestClient, service: TableService
                             ) -> tuple[str, str, str]:
    """A Lighthouse table between Ann and Bob, each in a browser of their own; the room
    and both players' ids (Ann's browser is the client's cookie jar afterwards)."""
    ann = await sit(client, "Ann")
    response = await client.post("/api/new", json={"player": ann, "game": "lighthouse"})
    room = (await response.json())["room"]
    ann_cookie = client.session.cookie_jar.filter_cookies(client.make_url("/"))[COOKIE].value
    client.session.cookie_jar.clear()
    bob = await sit(client, "Bob")
    table = await service.store.active_table("web", room, None)
    assert table is not None
    answer = await client.post("/api/press", json={"room": room, "player": bob,
                                                   "data": encode(Press("join", table.id))})
    assert (await answer.json())["note"] == TR.t("en", "table-joined-you")
    client.session.cookie_jar.clear()
    client.session.cookie_jar.update_cookies({COOKIE: ann_cookie})
    answer = await client.post("/api/press", json={"room": room, "player": ann,
                                                   "data": encode(Press("start", table.id))})
    assert (await answer.json())["note"] == TR.t("en", "bot-lobby-started")
    return room, ann, bob


async def test_a_press_is_made_only_as_a_player_this_browser_holds(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, bob = await started_lighthouse(client, service)
        table = await service.store.active_table("web", room, None)
        assert table is not None
        hand = encode(Press("hand", table.id))
        # Ann's browser pressing as Bob: refused before the service hears of it
        refused = await client.post("/api/press", json={"room": room, "player": bob,
                                                        "data": hand})
        assert refused.status == 403
        # a forged cookie holds nobody
        client.session.cookie_jar.clear()
        client.session.cookie_jar.update_cookies({COOKIE: "forged.cookie"})
        refused = await client.post("/api/press", json={"room": room, "player": ann,
                                                        "data": hand})
        assert refused.status == 403


async def test_presses_get_the_services_checks(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, _bob = await started_lighthouse(client, service)
        table = await service.store.active_table("web", room, None)
        assert table is not None

        async def press(data: str) -> dict[str, Any]:
            response = await client.post("/api/press", json={"room": room, "player": ann,
                                                              "data": data})
            assert response.status == 200
            return await response.json()

        assert (await press("garbage"))["note"] == TR.t("en", "bot-error-malformed")
        old = encode(Press("go", table.id, table.version + 7, ()))
        assert (await press(old))["note"] == TR.t("en", "bot-error-outdated")
        # a press naming a table of another room
        other = await client.post("/api/new", json={"player": ann, "game": "hanabi"})
        other_room = (await other.json())["room"]
        assert other_room != room
        moved = await client.post("/api/press", json={
            "room": other_room, "player": ann, "data": encode(Press("hand", table.id))})
        assert (await moved.json())["note"] == TR.t("en", "bot-error-malformed")
        # not JSON: refused (a form on another site cannot press)
        form = await client.post("/api/press", data={"room": room, "player": ann,
                                                     "data": "x"})
        assert form.status == 415


async def test_a_stream_carries_only_its_own_players_panels(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, bob = await started_lighthouse(client, service)
        events = await stream(client, room, until="board:-1")
        seen = {e["key"]: e for e in events if e["type"] == "show"}
        table = await service.store.active_table("web", room, None)
        assert table is not None
        seats = {s.user_id: s.seat for s in await service.store.list_seats(table.id)}
        ann_panel = await stream(client, room, until=f"panel:{seats[ann]}")
        panels = [e for e in ann_panel if e.get("role") == "panel"]
        assert [e["player"] for e in panels] == [ann]
        assert f"panel:{seats[bob]}" not in {e.get("key") for e in ann_panel}
        assert "board:-1" in seen
        # Bob's hand's picture is not Ann's to fetch; the board's is anyone's
        rooms = await drawn(client)
        room_state = rooms.room(room)
        bob_picture = room_state.shown[f"panel:{seats[bob]}"].event["screen"]["image"]
        assert (await client.get(bob_picture)).status == 404
        assert (await client.get(seen["board:-1"]["screen"]["image"])).status == 200
        assert (await client.get(panels[0]["screen"]["image"])).status == 200


async def test_a_sheet_answered_to_a_press_is_the_pressers_alone(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        room, ann, _bob = await started_lighthouse(client, service)
        table = await service.store.active_table("web", room, None)
        assert table is not None
        ann_cookie = client.session.cookie_jar.filter_cookies(client.make_url("/"))[COOKIE].value
        await service.store.set_status(table.id, Status.CANCELLED, allowed_from=(Status.PLAYING,),
                                      results=())  # ended: its replay is open
        # Ann opens the replay: its picture comes in the answer to her press
        answer = await client.post("/api/press", json={
            "room": room, "player": ann, "data": encode(Press("replay", table.id, arg="o"))})
        picture = (await answer.json())["sheet"]["image"]
        assert (await client.get(picture)).status == 200
        # Bob's browser, in the same room, cannot fetch it
        client.session.cookie_jar.clear()
        await sit(client, "Bob")
        assert (await client.get(picture)).status == 404
        client.session.cookie_jar.clear()
        client.session.cookie_jar.update_cookies({COOKIE: ann_cookie})
        assert (await client.get(picture)).status == 200


async def test_a_restart_shows_every_table_again(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with server(path) as (client, service):
        room, ann, _bob = await started_lighthouse(client, service)
        cookie = client.session.cookie_jar.filter_cookies(client.make_url("/"))[COOKIE].value
    async with server(path) as (client, service):
        client.session.cookie_jar.update_cookies({COOKIE: cookie})
        events = await stream(client, room, until="board:-1")
        board = next(e for e in events if e.get("key") == "board:-1")
        caption = "".join(piece["t"] for piece in board["screen"]["text"])
        assert TR.t("en", "bot-turn-of", player="Bob") in caption
        # Ann's browser still holds Ann, and her hand still answers
        table = await service.store.active_table("web", room, None)
        assert table is not None
        answer = await client.post("/api/press", json={
            "room": room, "player": ann, "data": encode(Press("hand", table.id))})
        assert (await answer.json())["note"] == TR.t("en", "table-panel-sent")


def test_the_cookie_secret_is_made_once_and_kept_private(tmp_path: Path) -> None:
    database = tmp_path / "data" / "db.sqlite3"
    first = secret_from(None, database)
    assert secret_from(None, database) == first and len(first) >= 32
    kept = database.parent / ".playground-secret"
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    assert secret_from("from the settings", database) == "from the settings"


def test_a_cookie_signed_with_another_secret_holds_nobody() -> None:
    browser = Browser().with_player("Ann")
    assert CookieSigner("other").load(CookieSigner(SECRET).dump(browser)) == Browser()
    assert CookieSigner(SECRET).load(CookieSigner(SECRET).dump(browser)) == browser


async def test_rooms_send_a_panel_only_to_its_players_browser() -> None:
    async def room_of(table_id: int) -> str | None:
        return "100000000001"

    rooms = Rooms(Images(), room_of)
    ann, bob = rooms.watch("100000000001", frozenset({"1"})), \
        rooms.watch("100000000001", frozenset({"2"}))
    rooms.post([Post(Place(7, Role.BOARD, None, "100000000001"), Screen(("board",))),
                Post(Place(7, Role.PANEL, 0, "1"), Screen(("Ann's hand",), image=b"\x89PNG1")),
                Post(Place(7, Role.PANEL, 1, "2"), Screen(("Bob's hand",))),
                Drop(Place(7, Role.PANEL, 1, "2"))])
    await rooms.settled()

    def keys(watcher: Any) -> list[str]:
        out = []
        while not watcher.events.empty():
            event = watcher.events.get_nowait()
            out.append(f"{event['type']} {event.get('key', '')}".strip())
        return out

    assert keys(ann) == ["reset", "reset", "show board:-1", "show panel:0"]
    assert keys(bob) == ["reset", "reset", "show board:-1", "show panel:1", "drop panel:1"]
    # a newer table in the room replaces the older one's messages
    rooms.post(Post(Place(8, Role.LOBBY, None, "100000000001"), Screen(("lobby",))))
    rooms.post(Post(Place(7, Role.BOARD, None, "100000000001"), Screen(("late",))))
    await rooms.settled()
    assert keys(ann) == ["reset", "show lobby:-1"]


def test_button_data_is_the_services_own() -> None:
    # the page sends back exactly what the service drew: nothing web-specific to parse
    assert decode(encode(Press("join", 12))) == Press("join", 12)
    with pytest.raises(ValueError):
        decode("w:12")


def test_a_database_of_schema_5_takes_web_tables_and_keeps_its_own(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    sqlite_legacy.build(path, 5)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("INSERT INTO tables (id, platform, chat_id, game, status, version,"
                   " creator_id, language, created_at, updated_at) VALUES"
                   " (1, 'discord', '42', 'lanterns', 'lobby', 0, 'u0', 'pl', 0, 0)")
        db.execute("INSERT INTO seats (table_id, user_id, join_order, display_name,"
                   " joined_at) VALUES (1, 'u0', 0, 'Ann', 0)")
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("INSERT INTO chat_settings VALUES ('web', '1', 'en')")
    finally:
        db.close()

    async def upgrade() -> None:
        async with Store.open(path) as store:
            assert await store.schema_version() == SCHEMA_VERSION
            table = await store.get_table(1)
            assert table is not None and (table.platform, table.chat_id) == ("discord", "42")
            assert [s.display_name for s in await store.list_seats(1)] == ["Ann"]
            await web_tables_are_kept(store)

    asyncio.run(upgrade())
    db = sqlite3.connect(path)  # every constraint still holds
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        with pytest.raises(sqlite3.IntegrityError):
            db.execute("INSERT INTO user_settings (platform, user_id) VALUES ('irc', '1')")
    finally:
        db.close()


async def test_web_is_a_platform_on_both_backends(database: Database) -> None:
    async with database.open() as store:
        await web_tables_are_kept(store)
    with pytest.raises(Exception, match="(?i)check"):  # the database's own CHECK refuses others
        await database.sql("INSERT INTO chat_settings (platform, chat_id, language)"
                           " VALUES ('irc', '1', 'en')")


async def web_tables_are_kept(store: Store) -> None:
    web = await store.create_table("web", "100000000001", None, "hanabi",
                                   creator_id="7", language="en")
    await store.set_chat_language("web", "100000000001", "ru")
    await store.set_user_language("web", "7", "pl")
    assert web.platform == "web"
    assert await store.get_chat_language("web", "100000000001") == "ru"
    with pytest.raises(ValueError):
        await store.create_table("irc", "1", None, "hanabi", creator_id="7", language="en")
