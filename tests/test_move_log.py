"""The game's log through the service (bot/move_log.py): a whole 4-player Lanterns game, a
person against three computer players; at each of her turns her panel names, in one line,
every move since her last turn; after the game the log holds every move, grouped by round,
newest first, each reader seeing only the events told to them; the 📜 Moves button answers
the presser alone, page by page; forged presses change nothing. And the log's pure parts:
rounds, the since-line's room, pages that never split a move."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest

from bot import move_log
from bot.i18n import Translator
from bot.move_events import events_from_json
from bot.move_log import LogView, Move, log_pages, log_screen, rounds_of, since_line
from bot.payloads import Press, decode, encode
from bot.screens import ChatRef, Role, UserRef, plain
from bot.table_screens import Player
from bot.tables import TableService
from engine.core import Event, Label
from fakes.hand_clock import Clock
from fakes.service_harness import GROUP, Harness, open_harness

pytest_plugins = ["fakes.hand_clock"]

TR = Translator.load()
ANNA = UserRef("101", "Anna", "en")
BORIS = UserRef("102", "Boris", "ru")
STRANGER = UserRef("999", "Stranger", "en")
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}
NAMES = ["Anna", "🤖 Easy", "🤖 Easy 2", "🤖 Normal"]


@pytest.fixture
async def harness(tmp_path, clock):
    async with open_harness(tmp_path, TR, clock=clock, computer_pause=1.5) as h:
        yield h


async def four_player_lanterns(h: Harness) -> int:
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    await h.start_private(ANNA)
    await h.command(ANNA, "newgame", "lanterns")
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    for level in ("easy", "easy", "normal"):
        await h.press(ANNA, encode(Press("computer", table)))
        await h.press(ANNA, h.data(h.screen(Role.LOBBY), f"b:{table}:{level}"))
    await h.press(ANNA, encode(Press("start", table)))
    return table


async def since_anna(h: Harness, table: int) -> list[str]:
    """The headline of every move since Anna's last one, as she reads it (from the store)."""
    row = await h.service.store.get_table(table)
    seats = {s.seat: s for s in await h.service.store.list_seats(table)}
    records = [await h.service.store.action_record(table, n) for n in range(1, row.version + 1)]
    anna = next(s.seat for s in seats.values() if s.user_id == ANNA.id)
    last = max((n for n, r in enumerate(records) if r.seat == anna), default=-1)
    names = [seats[n].display_name for n in range(len(seats))]
    headlines = []
    for record in records[last + 1:]:
        told = [e for e in events_from_json(record.events) if e.visible_to(anna)
                and not e.label.key.startswith("lanterns-bot-")]
        headlines.append(TR.render_label("en", told[0].label, names).rstrip("."))
    return headlines


async def play(h: Harness, clock: Clock, table: int, rng: random.Random) -> int:
    """Anna presses her panel at her turns (checking its since-line at each turn's start);
    the computers' turns fire as their pause passes. Returns how many turns she began."""
    turns = 0
    dm = ChatRef("telegram", ANNA.id, private=True)
    fresh = True  # her panel shows a turn's start: the game's, or after the others' moves
    since = TR.t("en", "moves-since", moves="").strip()
    for _ in range(3000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            return turns
        if await h.service.store.pending_work(table):
            clock.now += 1.5
            await h.run_due()
            fresh = True
            continue
        screen = h.panel_of(ANNA)[1]
        text = h.text(screen)
        if fresh:  # the first line of her turn's panel names every move since her last
            expected = await since_anna(h, table)
            first = text.split("\n")[0]
            if expected:
                assert first.startswith(since), text
                at = 0
                for headline in expected:
                    at = first.index(headline, at) + len(headline)
                turns += 1
            else:
                assert since not in text
            fresh = False
        else:
            assert since not in text  # her own moves since: nothing to tell
        buttons = [b for b in h.buttons(screen) if b.text not in BACK]
        confirm = [b.data for b in buttons if b.data.startswith("c:")]
        await h.press(ANNA, confirm[0] if confirm else rng.choice(buttons).data, chat=dm)
    raise AssertionError("the game did not end")


async def test_a_whole_four_player_game_is_logged_for_each_reader(harness, clock):
    h = harness
    table = await four_player_lanterns(h)
    turns = await play(h, clock, table, random.Random(5))
    assert turns > 5
    row = await h.service.store.get_table(table)
    assert row.status == "finished"

    view = await h.service.move_log("telegram", GROUP.id, ANNA.id, "en")
    assert isinstance(view, LogView) and view.table_id == table
    moves = [m for r in view.rounds for m in r.moves]
    # every move, newest first, each round's moves together, rounds counting down
    assert [m.n for m in moves] == list(range(row.version, 0, -1))
    assert [r.round for r in view.rounds] == list(range(len(view.rounds), 0, -1))
    assert all(m.round == r.round for r in view.rounds for m in r.moves)
    assert len(view.rounds) > 5
    seats = {s.seat: s for s in await h.service.store.list_seats(table)}
    anna = next(s for s in seats.values() if s.user_id == ANNA.id).seat
    # the computers' reasons are told, as the board tells them; a person's move has none
    assert all(m.reason for m in moves if seats[m.seat].is_computer)
    assert not any(m.reason for m in moves if m.seat == anna)
    # a drawn tile is told to its drawer alone
    drawn = TR.t("en", "lanterns-ev-draw", tile=0).split("0")[0]
    assert any(drawn in m.text for m in moves if m.seat == anna)
    assert not any(drawn in m.text for m in moves if m.seat != anna)
    spectator = await h.service.move_log("telegram", GROUP.id, STRANGER.id, "en")
    assert spectator is not None and spectator.since_line is None
    assert not any(drawn in m.text for r in spectator.rounds for m in r.moves)
    assert [m.n for r in spectator.rounds for m in r.moves] == [m.n for m in moves]
    assert await h.service.move_log("telegram", "-555", ANNA.id, "en") is None

    # 📜 Moves on the board: the newest page to Anna alone, then older pages in place
    board = h.screen(Role.BOARD)
    data = h.data(board, f"m:{table}")
    assert decode(data) == Press("moves", table)
    result = await h.press(ANNA, data)
    assert result.private is not None and result.message is None and not result.posts
    assert result.reply.text == TR.t("en", "moves-sent")
    first = plain(result.private.text)
    assert TR.t("en", "moves-round", round=len(view.rounds)) in first
    assert moves[0].text in first
    told: list[str] = []
    page = result.private
    dm = ChatRef("telegram", ANNA.id, private=True)
    for _ in range(50):
        told.append(plain(page.text))
        older = [b.data for row_ in page.buttons for b in row_
                 if b.text == TR.t("en", "moves-older")]
        if not older:
            break
        page = (await h.press(ANNA, older[0], chat=dm)).private
    everything = "\n".join(told)
    assert all(m.text[:40] in everything for m in moves)
    assert TR.t("en", "moves-round", round=1) in told[-1]


async def test_forged_and_strangers_presses_change_nothing(harness, clock):
    h = harness
    table = await four_player_lanterns(h)
    before = await h.service.store.get_table(table)
    elsewhere = ChatRef("telegram", "-777", title="Elsewhere")
    stranger_dm = ChatRef("telegram", STRANGER.id, private=True)
    for user, data, chat in (
            (ANNA, f"m:{table}:x", GROUP), (ANNA, f"m:{table}:99999", GROUP),
            (ANNA, encode(Press("moves", table + 7)), GROUP),
            (ANNA, encode(Press("moves", table)), elsewhere),  # another chat
            (STRANGER, encode(Press("moves", table)), stranger_dm)):  # not a player
        result = await h.press(user, data, chat=chat)
        assert result.reply.alert and result.private is None, data
    # a stranger in the group is sent to the private chat first: nothing goes to it yet
    result = await h.press(STRANGER, encode(Press("moves", table)))
    assert result.private is None and result.reply.url
    after = await h.service.store.get_table(table)
    assert (after.version, after.state) == (before.version, before.state)


def move(n: int, seat: int, *keys: str, audience=None) -> Move:
    return Move(n, seat, tuple(Event(Label(k, {"seat": seat}), audience) for k in keys))


def test_a_round_begins_when_the_first_mover_starts_a_turn_again() -> None:
    moves = [move(1, 2, "a"), move(2, 2, "a"), move(3, 3, "a"), move(4, 0, "a"),
             move(5, 2, "a"), move(6, 3, "a"), move(7, 3, "a"), move(8, 2, "a")]
    assert rounds_of(moves) == [1, 1, 1, 1, 2, 2, 2, 3]
    assert rounds_of([]) == []


def read(headlines: list[str]) -> list[move_log.ReadMove]:
    return [move_log.ReadMove(n, 1, 0, "A", h, h, None, True) for n, h in enumerate(headlines)]


def test_the_since_line_names_the_newest_moves_that_fit_and_counts_the_rest() -> None:
    assert since_line(TR, "en", read([])) is None
    line = since_line(TR, "en", read(["Anna took 2 blue.", "Bob dedicated: 8 honor"]))
    assert line == TR.t("en", "moves-since", moves="Anna took 2 blue; Bob dedicated: 8 honor")
    many = [f"move number {n:03}" for n in range(100)]
    line = since_line(TR, "en", read(many), room=200)
    assert line is not None and "move number 099" in line and "move number 000" not in line
    shown = sum(f"move number {n:03}" in line for n in range(100))
    assert TR.t("en", "moves-since-more", count=100 - shown) in line
    assert len(line) < 200 + 100


def test_pages_never_split_a_move_and_hold_every_one() -> None:
    players = [Player(s, str(s), n, "en") for s, n in enumerate(NAMES)]
    moves = [Move(n, (n - 1) % 4, (Event(Label("lanterns-ev-discard",
                                                {"seat": (n - 1) % 4, "color": "red"})),
                                   Event(Label("lanterns-bot-end")) if n % 4 else
                                   Event(Label("lanterns-ev-draw", {"tile": 3}), frozenset({0}))))
             for n in range(1, 120)]
    view = move_log.log_view(TR, "en", 5, "lanterns", moves, players, viewer=1)
    pages = log_pages(TR, "en", view, room=600)
    assert len(pages) > 3
    for page in pages:
        assert sum(len(line) + 1 for line in page) <= 600
        assert page[0].lstrip("\n").startswith("— ")  # every page says its round
    text = "\n".join("\n".join(page) for page in pages)
    assert text.count("• ") == len(moves)
    assert text.count("💭") == sum(1 for m in moves if m.n % 4)
    assert TR.t("en", "lanterns-ev-draw", tile=3) not in text  # seat 0's draw, read by seat 1
    assert text.count(TR.t("en", "moves-since-mark")) == 1
    screen = log_screen(TR, "en", view, page=1)
    pressed = [decode(b.data) for row in screen.buttons for b in row]
    assert pressed == [Press("moves", 5, arg="2"), Press("moves", 5, arg="0")]
    assert log_screen(TR, "en", view, page=999).buttons  # the oldest page, not an error


async def test_after_a_restart_the_since_line_is_read_from_the_store(harness, clock, tmp_path):
    """A new process knows no move: it reads them (and works out again, from the seed, the
    words of actions kept without their events) before drawing a panel."""
    h = harness
    table = await four_player_lanterns(h)
    rng = random.Random(2)
    dm = ChatRef("telegram", ANNA.id, private=True)
    anna = next(s.seat for s in await h.service.store.list_seats(table) if not s.computer)
    for _ in range(400):  # until Anna has moved, and the computers after her
        if await h.service.store.pending_work(table):
            clock.now += 1.5
            await h.run_due()
            continue
        row = await h.service.store.get_table(table)
        seats = [(await h.service.store.action_record(table, n)).seat
                 for n in range(1, row.version + 1)]
        if anna in seats and seats[-1] != anna:
            break
        buttons = [b for b in h.buttons(h.panel_of(ANNA)[1]) if b.text not in BACK]
        confirm = [b.data for b in buttons if b.data.startswith("c:")]
        await h.press(ANNA, confirm[0] if confirm else rng.choice(buttons).data, chat=dm)
    expected = await since_anna(h, table)
    assert expected
    before = await h.service.move_log("telegram", GROUP.id, ANNA.id, "en")

    def panel_line(posts) -> str:
        [panel] = [p for p in posts if p.place.role is Role.PANEL]
        return plain(panel.screen.text).split("\n")[0]

    async def restarted() -> TableService:
        return TableService(h.service.store, TR, seeds=iter(()).__next__, clock=clock)

    fresh = await restarted()
    assert panel_line(await fresh.current_posts(table)) == since_line(
        TR, "en", [m for r in before.rounds for m in r.moves][::-1])
    # actions kept without their events (before they were kept): worked out from the seed
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        db.execute("UPDATE actions SET events = NULL WHERE table_id = ?", (table,))
    fresh = await restarted()
    line = panel_line(await fresh.current_posts(table))
    at = 0
    for headline in expected:
        at = line.index(headline, at) + len(headline)
    again = await fresh.move_log("telegram", GROUP.id, ANNA.id, "en")
    assert [m.text for r in again.rounds for m in r.moves] == [
        m.text for r in before.rounds for m in r.moves]
    assert not any(m.reason for r in again.rounds for m in r.moves)  # never kept: not told


def test_every_computer_reason_is_a_reason_key() -> None:
    """The log tells a computer's reason apart by its key, `<game>-bot-…`: every label a
    computer player's code makes is one (a new game's too)."""
    root = Path(__file__).resolve().parents[1] / "engine"
    checked = 0
    for folder in sorted(root.glob("*/computer")):
        game = folder.parent.name
        for source in folder.rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            keys = re.findall(r'Label\(f?"([^"]+)"', text)
            keys += re.findall(r'^[A-Z_]+ = "([a-z]+-[a-z0-9-]+)"', text, re.MULTILINE)
            for key in keys:
                assert key.startswith(f"{game}-bot-"), (source, key)
                checked += 1
    assert checked > 20


async def test_a_person_who_left_reads_the_log_as_anyone_does(harness, clock):
    """Once a computer plays the seat they left, its private events are not theirs."""
    h = harness
    await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
    for user in (ANNA, BORIS):
        await h.start_private(user)
    await h.command(ANNA, "newgame", "lanterns")
    table = (await h.service.store.active_table("telegram", GROUP.id, None)).id
    await h.press(BORIS, h.data(h.screen(Role.LOBBY), "j:"))
    await h.press(ANNA, encode(Press("computer", table)))
    await h.press(ANNA, h.data(h.screen(Role.LOBBY), f"b:{table}:easy"))
    await h.press(ANNA, encode(Press("start", table)))
    boris = next(s.seat for s in await h.service.store.list_seats(table) if s.user_id == BORIS.id)
    await h.command(BORIS, "leave")
    await h.press(BORIS, encode(Press("quit", table, arg=f"y{boris}")))
    assert next(s.absence for s in await h.service.store.list_seats(table)
                if s.user_id == BORIS.id) == "left"
    rng = random.Random(1)
    for _ in range(300):  # until the computer in his seat has drawn a tile
        if await h.service.store.pending_work(table):
            clock.now += 1.5
            await h.run_due()
        else:
            buttons = [b for b in h.buttons(h.panel_of(ANNA)[1]) if b.text not in BACK]
            confirm = [b.data for b in buttons if b.data.startswith("c:")]
            await h.press(ANNA, confirm[0] if confirm else rng.choice(buttons).data,
                          chat=ChatRef("telegram", ANNA.id, private=True))
        row = await h.service.store.get_table(table)
        drew = [e for n in range(1, row.version + 1)
                for e in events_from_json((await h.service.store.action_record(table, n)).events)
                if e.label.key == "lanterns-ev-draw" and e.visible_to(boris)]
        if drew:
            break
    assert drew
    drawn = TR.t("en", "lanterns-ev-draw", tile=0).split("0")[0]
    left = await h.service.move_log("telegram", GROUP.id, BORIS.id, "en")
    assert left.since_line is None
    assert not any(drawn in m.text for r in left.rounds for m in r.moves)
    assert not any(m.since for r in left.rounds for m in r.moves)
