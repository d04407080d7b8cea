"""The game's log on the playground (GET /api/moves/<room>, bot/web/moves.py) over HTTP: a
4-player Lanterns game, four people at one browser (a hot seat) pressing through the real
routes; at the start of each one's turn their log's since-line names every move since their
last turn; after the game the log holds every move, newest first, each reader seeing only
the events told to them; a player the browser does not hold is refused, and reads are
limited."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import Translator
from bot.move_events import events_from_json
from bot.payloads import Press, encode
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app
from bot.web.limits import Limits
from bot.web.routes import KEY
from engine.registry import GAMES

TR = Translator.load()
SPEC = GAMES["lanterns"]
SINCE = TR.t("en", "moves-since", moves="").strip()


class Hand:
    """The limits' clock: it moves only when the test says (reads during the game are
    spread out by it; the flood at the end is not)."""

    now = 0.0

    def __call__(self) -> float:
        return self.now


HAND = Hand()


@asynccontextmanager
async def server(path: Path) -> AsyncIterator[tuple[TestClient, TableService]]:
    async with Store.open(path) as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: 5)
        app = build_app(service, TR, secret="a test's", limits=Limits(clock=HAND))
        async with TestClient(TestServer(app)) as client:
            yield client, service


async def settled(client: TestClient) -> None:
    playground = client.app[KEY]
    while playground.tasks:
        await asyncio.gather(*playground.tasks)


async def read_log(client: TestClient, room: str, player: str | None) -> dict[str, Any]:
    query = {} if player is None else {"player": player}
    HAND.now += 10.0
    response = await client.get(f"/api/moves/{room}", params=query)
    assert response.status == 200, await response.text()
    return await response.json()


async def headlines_since(service: TableService, table: int, user_id: str) -> list[str]:
    row = await service.store.get_table(table)
    seats = await service.store.list_seats(table)
    seat = next(s.seat for s in seats if s.user_id == user_id)
    names = [s.display_name for s in sorted(seats, key=lambda s: s.seat)]
    records = [await service.store.action_record(table, n) for n in range(1, row.version + 1)]
    last = max((n for n, r in enumerate(records) if r.seat == seat), default=-1)
    out = []
    for record in records[last + 1:]:
        told = [e for e in events_from_json(record.events) if e.visible_to(seat)]
        out.append(TR.render_label("en", told[0].label, names).rstrip("."))
    return out


def a_leaf(state: Any, seat: int, rng: random.Random) -> tuple[str, ...]:
    """A path down the seat's menu to an action, as a person in a hurry presses it (mostly
    placing a tile, so the game ends)."""
    path: tuple[str, ...] = ()
    for _ in range(10):
        menu = SPEC.menu(state, seat, path)
        if menu.action is not None:
            return path
        keys = [o.path_from(path) for o in menu.options]
        quick = [k for k in keys if k[-1] in ("p", "e")] if not path else []
        path = quick[0] if quick and rng.random() < 0.9 else rng.choice(keys)
    raise AssertionError("no leaf")


async def test_a_four_player_game_is_logged_for_each_browser_player(tmp_path: Path) -> None:
    async with server(tmp_path / "db.sqlite3") as (client, service):
        ids = []
        for name in ("Ann", "Bob", "Cleo", "Dan"):
            response = await client.post("/api/player", json={"name": name})
            ids.append((await response.json())["players"][-1]["id"])
        response = await client.post("/api/new", json={"player": ids[0], "game": "lanterns"})
        room = (await response.json())["room"]
        assert (await read_log(client, room, ids[0])) == {"rounds": [], "since_line": None}
        table = (await service.store.active_table("web", room, None)).id
        for player in ids[1:]:
            await client.post("/api/press", json={"room": room, "player": player,
                                                  "data": encode(Press("join", table))})
        await client.post("/api/press", json={"room": room, "player": ids[0],
                                              "data": encode(Press("start", table))})
        await settled(client)
        rng = random.Random(8)
        named = 0
        last_mover: int | None = None
        for _ in range(600):
            row = await service.store.get_table(table)
            if row.status != "playing":
                break
            state = SPEC.from_dict(row.state)
            [seat] = SPEC.to_act(state)
            user_id = next(s.user_id for s in await service.store.list_seats(table)
                           if s.seat == seat)
            if seat != last_mover:  # their turn begins: the log says what happened since
                log = await read_log(client, room, user_id)
                expected = await headlines_since(service, table, user_id)
                if expected:
                    line = log["since_line"]
                    assert line.startswith(SINCE), line
                    at = 0
                    for headline in expected:
                        at = line.index(headline, at) + len(headline)
                    named += 1
                    newest = log["rounds"][0]["moves"]
                    assert [m["since"] for m in newest[:len(expected)]] == [True] * min(
                        len(expected), len(newest))
            press = Press("confirm", table, row.version, a_leaf(state, seat, rng))
            response = await client.post("/api/press", json={
                "room": room, "player": user_id, "data": encode(press)})
            assert not (await response.json()).get("alert"), await response.json()
            await settled(client)
            last_mover = seat
        row = await service.store.get_table(table)
        assert row.status == "finished" and named > 10

        name_of = {s.user_id: s.display_name for s in await service.store.list_seats(table)}
        drawn = TR.t("en", "lanterns-ev-draw", tile=0).split("0")[0]
        for player in ids:
            log = await read_log(client, room, player)
            moves = [m for r in log["rounds"] for m in r["moves"]]
            assert len(moves) == row.version  # every move of the game
            assert [r["round"] for r in log["rounds"]] == list(range(len(log["rounds"]), 0, -1))
            assert log["rounds"][-1]["heading"] == TR.t("en", "moves-round", round=1)
            names = {m["who"] for m in moves}
            assert names == {"Ann", "Bob", "Cleo", "Dan"}
            own = [m for m in moves if m["who"] == name_of[player]]
            assert any(drawn in m["text"] for m in own)
            assert not any(drawn in m["text"] for m in moves if m not in own)
            assert all(m["reason"] is None for m in moves)  # people give no reasons
        anyone = await read_log(client, room, None)
        assert anyone["since_line"] is None
        assert not any(drawn in m["text"] for r in anyone["rounds"] for m in r["moves"])

        # a player this browser does not hold, a room that does not exist, too many reads
        client.session.cookie_jar.clear()
        refused = await client.get(f"/api/moves/{room}", params={"player": ids[0]})
        assert refused.status == 403
        assert (await read_log(client, "123456789", None)) == {"rounds": [],
                                                                "since_line": None}
        assert (await client.get("/api/moves/0123")).status == 404
        statuses = [(await client.get(f"/api/moves/{room}")).status for _ in range(40)]
        assert 429 in statuses
