"""Names people are shown by (bot/names.py, issue 30): bidirectional overrides and other
hidden characters stripped on every platform while emoji sequences stay whole, no person
passing for a computer player, and no two players at a table sharing a name without a mark.
The rules on their own first, then each platform's join path through its real client: the
aiogram bot and discord.py against the fake servers, the playground's routes."""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import regex
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import Translator
from bot.names import MAX_NAME, NOBODY, person_name, seat_name, shown, typed_name
from bot.payloads import Press, encode
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app
from bot.web.identity import COOKIE
from fakes import discord_e2e as dc
from fakes import telegram_e2e as tg

pytest_plugins = ["fakes.telegram.fixtures", "fakes.discord.fixtures",
                  "tests.e2e_worlds"]  # tg_world, dc_world

TR = Translator.load()
FAMILY = "👨\u200d👩\u200d👧"
RLO = "\u202e"
BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F,
                         0x061C)]
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


def computer_names() -> list[str]:
    return [TR.t(lang, "table-computer-name",
                 level=TR.t(lang, f"table-computer-level-{level}"))
            for lang in ("en", "ru", "pl") for level in ("easy", "normal", "hard")]


def clusters(text: str) -> list[str]:
    return regex.findall(r"\X", text)


# --- the rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("control", BIDI, ids=lambda c: f"U+{ord(c):04X}")
def test_every_bidirectional_control_is_stripped(control: str) -> None:
    assert person_name(f"{control}Anna{control}Smith") == "AnnaSmith"
    assert person_name(f"Ann{RLO}a{control} {FAMILY}") == f"Anna {FAMILY}"


def test_emoji_sequences_stay_whole() -> None:
    for name in (FAMILY, "👩🏽\u200d🚀 Ada", f"{SCOTLAND} Rab", "❤\ufe0f Lu", "#\ufe0f\u20e3"):
        assert person_name(name) == name
    assert person_name(f"{RLO}{FAMILY}") == FAMILY
    # a joiner that joins nothing, and tags after no flag, are hidden text: they go
    assert person_name("An\u200dna\u200d") == "Anna"
    assert person_name("Anna\U000e0041\U000e0042") == "Anna"


def test_hidden_characters_and_line_breaks_go_and_spaces_collapse() -> None:
    assert person_name("An\u200bna\u2060 \ufeff\u00adLee") == "Anna Lee"
    assert person_name("  Anna\n\tLee\u2028X  ") == "Anna Lee X"
    assert person_name("\u3164") == NOBODY  # a Hangul filler shows nothing
    assert person_name(RLO * 3) == NOBODY and typed_name(RLO) is None
    assert person_name("Zoë\u200c") == "Zoë\u200c"  # a non-joiner is spelling (Persian)
    towering = person_name("Q" + "\u0301" * 60)  # no Q with an acute of its own
    assert towering == "Q" + "\u0301" * 4


def test_a_long_name_is_cut_between_characters_a_reader_sees() -> None:
    name = person_name(FAMILY * 50)
    assert name.endswith("…")
    assert clusters(name) == [FAMILY] * (MAX_NAME - 1) + ["…"]
    assert len(clusters(person_name("é" * 40))) == MAX_NAME


@pytest.mark.parametrize("computer", computer_names())
def test_no_person_passes_for_a_computer_player(computer: str) -> None:
    assert computer.startswith("🤖")
    mine = person_name(computer)
    assert mine != computer and "🤖" not in mine
    assert mine == computer.replace("🤖", "👤")
    assert person_name(f"{RLO}{computer}") == mine
    # a computer player keeps its robot; next to a person named like it, both are told apart
    assert seat_name(computer, [mine], computer=True) == computer
    assert seat_name(computer, [computer]) == mine


def test_the_same_name_at_one_table_is_numbered() -> None:
    assert seat_name("Anna", []) == "Anna"
    assert seat_name("Anna", ["Anna"]) == "Anna (2)"
    assert seat_name("anna", ["Anna", "Anna (2)"]) == "anna (3)"
    # what only looks the same counts as the same: case, width, hidden characters
    for twin in ("ANNA", "Ａｎｎａ", "An\u200bna", f"{RLO}Anna", "Anna\ufe0f"):
        assert seat_name(twin, ["Anna"]).endswith(" (2)"), twin
    assert seat_name("Anna Lee", ["Anna", "Lee"]) == "Anna Lee"
    assert seat_name(FAMILY, [FAMILY]) == f"{FAMILY} (2)"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_name_is_safe_and_stable(text: str) -> None:
    name = person_name(text)
    assert name and name == person_name(name)  # what was kept passes again unchanged
    assert not set(name) & set(BIDI) and "🤖" not in name
    assert len(clusters(name)) <= MAX_NAME
    assert all(unicodedata.category(ch) not in ("Cc", "Cs", "Zl", "Zp") for ch in name)
    assert name == name.strip() and "  " not in name
    assert seat_name(name, [name]) != name


@settings(max_examples=200, deadline=None)
@given(st.text(), st.integers(min_value=1, max_value=40))
def test_shown_text_is_bounded(text: str, limit: int) -> None:
    assert len(clusters(shown(text, limit=limit))) <= limit


# --- every platform's join path --------------------------------------------------------------


async def test_telegram_joins_take_safe_distinct_names(tg_world: tg.World) -> None:
    server = tg_world.server
    anna = server.user("Anna")
    twin = server.user(f"{RLO}anna")
    robot = server.user("🤖", last_name="Hard")
    family = server.user(FAMILY, last_name=f"Lee{RLO}")
    group = server.supergroup("Club", owner=anna)
    for user in (anna, twin, robot, family):
        await tg_world.open_private(user)
    [lobby] = await tg_world.send(anna, group, "/newgame lanterns")
    for user in (twin, robot, family):
        answer = await tg_world.press(user, lobby, tg.button_data(lobby, "join"))
        assert not answer.alert, answer
    table = await tg_world.table(group)
    names = [s.display_name for s in await tg_world.store.list_seats(table.id)]
    assert names == ["Anna", "anna (2)", "👤 Hard", f"{FAMILY} Lee"]
    text = tg.content(tg.lobby(group))
    assert all(name in text for name in names) and RLO not in text and "🤖 Hard" not in text


async def test_discord_joins_take_safe_distinct_names(dc_world: dc.World) -> None:
    server = dc_world.server
    anna = server.user("Anna")
    twin = server.user(f"ANNA{RLO}")
    robot = server.user(f"{RLO}🤖 Hard")
    family = server.user(f"{FAMILY}\u2066x\u2069")
    guild = server.guild("Game night", owner=anna, members=[anna, twin, robot, family])
    channel = server.text_channel(guild, "games")
    await dc_world.slash(anna, channel, "newgame", game="lanterns")
    lobby = dc.lobby(channel)
    for user in (twin, robot, family):
        record = await dc_world.click(user, dc.button(lobby, "join"))
        assert dc.notes(record) == [TR.t("en", "table-joined-you")], record
    table = await dc_world.table(channel)
    names = [s.display_name for s in await dc_world.store.list_seats(table.id)]
    assert names == ["Anna", "ANNA (2)", "👤 Hard", f"{FAMILY}x"]
    text = dc.lobby(channel).content or ""
    assert all(name in text for name in names) and RLO not in text and "🤖 Hard" not in text


@asynccontextmanager
async def playground(path: Path) -> AsyncIterator[tuple[TestClient, TableService]]:
    async with Store.open(path, synchronous="OFF") as store:
        service = TableService(store, TR, computer_pause=3600, seeds=lambda: 5)
        async with TestClient(TestServer(build_app(service, TR, secret="s" * 40))) as client:
            yield client, service


async def test_web_joins_take_safe_distinct_names(tmp_path: Path) -> None:
    async with playground(tmp_path / "db.sqlite3") as (client, service):

        async def sit(name: str) -> str:
            """A player of a browser of their own (the cookie jar is the browser)."""
            client.session.cookie_jar.clear()
            response = await client.post("/api/player", json={"name": name})
            assert response.status == 200
            player = (await response.json())["players"][-1]
            cookies[player["id"]] = client.session.cookie_jar.filter_cookies(
                client.make_url("/"))[COOKIE].value
            return player["id"]

        async def press(player: str, data: str) -> dict[str, str]:
            client.session.cookie_jar.clear()
            client.session.cookie_jar.update_cookies({COOKIE: cookies[player]})
            response = await client.post("/api/press", json={"room": room, "player": player,
                                                              "data": data})
            assert response.status == 200
            return await response.json()

        cookies: dict[str, str] = {}
        refused = await client.post("/api/player", json={"name": f"{RLO}\u200b "})
        assert refused.status == 400  # nothing visible: the page asks again
        typed = await client.post("/api/player", json={"name": f"{FAMILY}{RLO} Lee"})
        assert (await typed.json())["players"][-1]["name"] == f"{FAMILY} Lee"
        host = await sit(f"Anna{RLO}")
        response = await client.post("/api/new", json={"player": host, "game": "lanterns"})
        room = (await response.json())["room"]
        table = await service.store.active_table("web", room, None)
        assert table is not None
        for name in ("anna", "🤖 Hard"):
            answer = await press(await sit(name), encode(Press("join", table.id)))
            assert answer["note"] == TR.t("en", "table-joined-you")
        added = await press(host, encode(Press("computer", table.id, arg="hard")))
        computer = TR.t("en", "table-computer-name", level=TR.t("en",
                                                               "table-computer-level-hard"))
        assert added["note"] == TR.t("en", "table-computer-added", name=computer)
        names = [s.display_name for s in await service.store.list_seats(table.id)]
        assert names == ["Anna", "anna (2)", "👤 Hard", "🤖 Hard"]
