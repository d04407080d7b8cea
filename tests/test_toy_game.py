"""A fifth game needs nothing of the host (issue 33 item 4, CONTRIBUTING.md): the toy game of
tests/toy_game, made of rules, pictures and texts only, is registered in one line and played
through the table service and through the web adapter, with its clock, its rules summary for
its options and its pictures, all from what the game declares."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

import tests.test_engine_conformance as conformance
from bot import pictures
from bot.i18n import I18N_DIR, LANGUAGES, Translator
from bot.rules_text import rules_text
from bot.screens import ChatRef, Result, Role, Screen, UserRef
from bot.storage import Status, Store
from bot.tables import TableService
from bot.web import build_app
from bot.web.routes import KEY
from engine.core import replay
from engine.registry import GAMES
from fakes.service_harness import Harness, open_harness, seat_players
from render import FUNCTIONS, RENDERERS
from tests import toy_game
from tests.test_web_adapter import SECRET, drawn, sit

TOY = toy_game.SPEC
ANNA, BORIS = UserRef("3001", "Anna", "en"), UserRef("3002", "Boris", "en")


@pytest.fixture
def tr(tmp_path: Path) -> Translator:
    """The shipped texts and the toy's, as data/i18n/<lang>/toy.ftl would add them."""
    root = tmp_path / "i18n"
    shutil.copytree(I18N_DIR, root)
    for lang in LANGUAGES:
        shutil.copy(toy_game.I18N / lang / "toy.ftl", root / lang / "toy.ftl")
    return Translator.load(root)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game registered for one test: its line in engine/registry.py, and its pictures
    where render/toy/ would be found."""
    monkeypatch.setitem(GAMES, TOY.name, TOY)
    monkeypatch.setitem(RENDERERS, TOY.name, toy_game.render)
    # drawn in this process: a drawing process is a fresh interpreter, which knows the games
    # of the source tree and not one registered by a test
    pictures.configure(0)
    yield
    pictures.configure(pictures.DEFAULT_PROCESSES)


@pytest.mark.parametrize("check", [
    "test_random_playouts_end_and_every_offered_action_applies",
    "test_replay_and_serialisation_reproduce_the_game",
    "test_menus_offer_exactly_the_legal_actions",
    "test_refused_actions_raise_typed_errors_and_change_nothing",
    "test_views_are_json_and_spectators_see_no_hand",
])
def test_the_toy_game_passes_the_engine_conformance_suite(check: str) -> None:
    getattr(conformance, check)(TOY)


def test_the_toy_game_offers_what_every_game_offers(tr: Translator) -> None:
    assert all(callable(getattr(toy_game.render, name)) for name in FUNCTIONS)
    state = TOY.setup(2, 1, {"goal": 3})
    state, _ = TOY.apply(state, 0, "2")
    state, _ = TOY.apply(state, 1, "1")
    assert TOY.export is not None
    assert TOY.export(state, ["Anna", "Boris"]) == {"players": ["Anna", "Boris"], "total": 3,
                                                    "winner": "Boris"}
    for lang in LANGUAGES:
        text = rules_text(tr, lang, TOY, {"goal": 7})
        assert "7" in text and "goal=7" in text and "toy-" not in text


async def seated(service: TableService, table: int, seat: int) -> str:
    """The name of who sits at `seat` (seats are drawn when the game starts)."""
    return next(s.display_name for s in await service.store.list_seats(table) if s.seat == seat)


def message(result: Result) -> Screen:
    assert result.message is not None
    return result.message


# --- through the table service ---------------------------------------------------------------


def moves_on(screen: Screen) -> list[str]:
    """The data of a panel's buttons that choose or confirm a move."""
    return [b.data for b in Harness.buttons(screen)
            if b.data is not None and b.data.startswith(("g:", "c:"))]


async def play_to_end(h: Harness, table: int, users: dict[str, UserRef]) -> int:
    """Press like a person (the larger step, then Confirm) until the game ends; the moves."""
    moves = 0
    for _ in range(100):
        row = await h.service.store.get_table(table)
        assert row is not None
        if row.status != Status.PLAYING:
            return moves
        acting = [(place, moves_on(shown.screen)) for place, shown in h.kept.items()
                  if place.role is Role.PANEL and place.table_id == table
                  and moves_on(shown.screen)]
        assert len(acting) == 1, acting  # exactly one player has choices
        place, data = acting[0]
        confirm = [d for d in data if d.startswith("c:")]
        user = users[place.chat_id]
        before = row.version
        await h.press(user, confirm[0] if confirm else data[-1],
                      chat=ChatRef("telegram", user.id, private=True))
        after = await h.service.store.get_table(table)
        assert after is not None
        moves += after.version - before
    raise AssertionError("the toy game did not end")


@pytest.mark.usefixtures("registered")
async def test_a_toy_game_is_played_through_the_service(tmp_path: Path, tr: Translator) -> None:
    async with open_harness(tmp_path, tr) as h:
        games = h.text(message(await h.command(ANNA, "games")))
        assert "Count to Ten" in games
        rules = h.text(message(await h.command(ANNA, "rules", "toy goal=5")))
        assert "exactly 5 wins" in rules and "goal=5" in rules
        table = await seat_players(h, [ANNA, BORIS], "toy goal=5")
        row = await h.service.store.get_table(table)
        assert row is not None
        assert row.options == {"goal": 5}
        assert row.clock == "live:300:60"  # the game's own (LiveClock(300, 60))
        lobby = h.screen(Role.LOBBY)
        assert lobby is not None and "Count to Ten" in h.text(lobby)
        await h.press(ANNA, h.data(lobby, "s:"))
        moves = await play_to_end(h, table, {ANNA.id: ANNA, BORIS.id: BORIS})
        row = await h.service.store.get_table(table)
        assert row is not None and row.status == Status.FINISHED
        assert row.state is not None and row.seed is not None
        state = TOY.from_dict(row.state)
        assert state.total == 5 and moves == 3  # 2 + 2 + 1: the first player says five
        assert replay(TOY, 2, row.seed, row.options, await h.service.store.action_log(table)) \
            == state
        board = h.screen(Role.BOARD)
        assert board is not None and board.image is not None
        text = h.text(board)
        assert state.winner is not None
        first = await seated(h.service, table, state.winner)
        assert f"{first} reaches 5 and wins!" in text and "toy-" not in text
        assert tr.t("en", "table-final-ranking") in text
        history = h.text(message(await h.command(ANNA, "history")))
        assert "Count to Ten" in history


# --- through the web adapter -----------------------------------------------------------------


@asynccontextmanager
async def web_server(path: Path, tr: Translator) -> AsyncIterator[tuple[TestClient,
                                                                        TableService]]:
    async with Store.open(path) as store:
        service = TableService(store, tr, computer_pause=0, seeds=lambda: 5)
        async with TestClient(TestServer(build_app(service, tr, secret=SECRET))) as client:
            yield client, service


def buttons_of(event: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for row in event["screen"]["buttons"] for b in row]


@pytest.mark.usefixtures("registered")
async def test_a_toy_game_is_played_through_the_web_adapter(tmp_path: Path,
                                                            tr: Translator) -> None:
    async with web_server(tmp_path / "db.sqlite3", tr) as (client, service):
        page = await (await client.get("/")).text()
        assert "Count to Ten" in page and "add 1 or 2, say the goal and win" in page
        anna = await sit(client, "Anna")
        boris = await sit(client, "Boris")  # a hot seat: both in this browser
        answer = await client.post("/api/new", json={"player": anna, "game": "toy",
                                                      "options": ["goal=4"]})
        room = (await answer.json())["room"]

        async def press(player: str, data: str) -> dict[str, Any]:
            response = await client.post("/api/press", json={"room": room, "player": player,
                                                              "data": data})
            assert response.status == 200
            return await response.json()

        def shown(key: str) -> dict[str, Any]:
            return client.app[KEY].rooms.room(room).shown[key].event

        await drawn(client)
        join = next(b["data"] for b in buttons_of(shown("lobby:-1"))
                    if b["data"].startswith("j:"))
        assert (await press(boris, join))["note"] == tr.t("en", "table-joined-you")
        await drawn(client)
        start = next(b["data"] for b in buttons_of(shown("lobby:-1"))
                     if b["data"].startswith("s:"))
        assert (await press(anna, start))["note"] == tr.t("en", "bot-lobby-started")
        table = await service.store.active_table("web", room, None)
        assert table is not None and table.clock == "live:300:60"
        for _ in range(50):
            rooms = await drawn(client)
            row = await service.store.get_table(table.id)
            assert row is not None
            if row.status != Status.PLAYING:
                break
            acting = [s for s in rooms.room(room).shown.values()
                      if s.place.role is Role.PANEL and any(
                          b["data"].startswith(("g:", "c:")) for b in buttons_of(s.event))]
            assert len(acting) == 1
            data = [b["data"] for b in buttons_of(acting[0].event)
                    if b["data"].startswith(("g:", "c:"))]
            confirm = [d for d in data if d.startswith("c:")]
            await press(acting[0].place.chat_id, confirm[0] if confirm else data[-1])
        row = await service.store.get_table(table.id)
        assert row is not None and row.status == Status.FINISHED and row.state is not None
        state = TOY.from_dict(row.state)
        assert state.total == 4 and state.winner == 1  # 2 + 2: the second player says four
        await drawn(client)
        board = shown("board:-1")
        caption = "".join(piece["t"] for piece in board["screen"]["text"])
        assert f"{await seated(service, table.id, 1)} reaches 4 and wins!" in caption
        assert (await client.get(board["screen"]["image"])).status == 200
