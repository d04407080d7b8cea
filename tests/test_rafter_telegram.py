"""Rafter Five end to end through Telegram: the real TableService, Store and aiogram
TelegramBot against the fake Bot API server, two simulated people reading what the bot sent
them and pressing the buttons really there (nudging the ghost card, picking spots, building),
through a whole short game (2 chests each).

Along the way: "🎲 How risky?" pressed once, a stale button refused, and two moves built far
over the raft's edge, each shown to the group as an animation (a real GIF) that replaces the
previous one. The group never sees a menu's private text, and its board names whose turn it is.
"""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
import pytest_asyncio
from PIL import Image

from bot.payloads import Press, decode
from bot.table_posts import events_from_json
from engine.rafter import SPEC
from engine.rafter.menu import pose_from_key
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser, MessageRecord
from fakes.telegram_e2e import (
    GAME_KINDS,
    TR,
    Answer,
    World,
    button_data,
    chat_snapshot,
    content,
    lobby,
    panel,
    presses,
    table_snapshot,
)
from tests.rafter_helpers import along_x_start, free_rafter, like_a_person, lines_of, menu_fragments

pytest_plugins = ["fakes.telegram.fixtures"]

pytestmark = pytest.mark.timeout(180)

BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}
RISKS = ("safe", "shaky", "dangerous")
LANG = {"Anna": "ru", "Łukasz": "pl"}


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path) -> AsyncIterator[World]:
    w = World(fake_telegram, tmp_path / "games.sqlite3")
    await w.start()
    yield w
    await w.stop()


# --- what people see -------------------------------------------------------------------------


def the_board(group: FakeChat) -> MessageRecord:
    """The group's board: the one still photo the bot shows there (clips are animations)."""
    boards = [m for m in group.bot_messages if m.media is not None and m.media.kind == "photo"]
    assert len(boards) == 1, boards
    return boards[0]


def clips(group: FakeChat) -> list[MessageRecord]:
    """Every animation the bot ever posted in the group, deleted ones included."""
    return [m for m in group.all_messages
            if m.from_bot and m.media is not None and m.media.kind == "animation"]


def game_buttons(user: FakeUser) -> list[tuple[str, Press]]:
    """The menu steps and Confirm on the player's panel now (Back left out)."""
    shown = panel(user)
    if shown is None:
        return []
    texts = {b["callback_data"]: b["text"] for row in shown.buttons for b in row
             if "callback_data" in b}
    return [(d, p) for d, p in presses(shown) if p.kind in GAME_KINDS and texts[d] not in BACK]


def step_of(user: FakeUser, key: str | None = None, prefix: str | None = None) -> str:
    """The button on the player's panel whose path ends in `key` (or the last one whose
    step starts with `prefix`)."""
    found = [d for d, p in game_buttons(user) if p.path and (
        p.path[-1] == key if key is not None else p.path[-1].startswith(prefix or ""))]
    assert found, (key, prefix, [p.path for _, p in game_buttons(user)])
    return found[-1]


def assert_gif(data: bytes) -> None:
    """A real animated GIF: it opens as one, with more than one frame."""
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "GIF" and getattr(image, "n_frames", 1) > 1, image


# --- the world -------------------------------------------------------------------------------


async def press(world: World, user: FakeUser, data: str, *, force: bool = False) -> Answer:
    shown = panel(user)
    assert shown is not None
    answer = await world.press(user, shown, data, force=force)
    return answer


async def names_by_seat(world: World, table: int) -> list[str]:
    seats = sorted((s for s in await world.store.list_seats(table) if s.seat is not None),
                   key=lambda s: s.seat or 0)
    return [s.display_name for s in seats]


async def state_of(world: World, table: int):
    row = await world.store.get_table(table)
    assert row is not None
    return row, SPEC.from_dict(row.state or {})


def check_turn_shown(group: FakeChat, name: str) -> None:
    """The board's caption and the one ping in the group name whose turn it is."""
    caption = content(the_board(group))
    assert TR.t("ru", "bot-turn-of", player=name) in caption, caption
    pings = [m for m in group.bot_messages if m.media is None]
    assert len(pings) == 1 and name in content(pings[0]), pings


async def build_over_the_edge(world: World, table: int, user: FakeUser,
                              people: Sequence[FakeUser]) -> None:
    """Take a rafter unless taken (a free one, lifted at once), then pick an area where the
    card lies along x and fine-tune it: nudge the ghost card with the "▶ 10" button to 90 mm
    or more east of the raft's centre and build there, the builder on the card's outer end
    and the chest on the other: it all tips into the sea."""
    _, state = await state_of(world, table)
    if state.phase == "take":
        await press(world, user, step_of(user, free_rafter(state)))
        if any(p.path[-1] == "n" for _, p in game_buttons(user)):  # a new card, not a face-up
            await press(world, user, step_of(user, "n"))
        if any(p.path[-1] == "go" for _, p in game_buttons(user)):
            await press(world, user, step_of(user, "go"))
    _, state = await state_of(world, table)
    assert state.phase == "place" and world.acting(people) is user
    area, angle = along_x_start(state)
    await press(world, user, step_of(user, area))
    await press(world, user, step_of(user, angle))
    await press(world, user, step_of(user, prefix="L"))  # fine-tune the card
    for _ in range(30):
        nudges = {pose_from_key(p.path[-1]): d for d, p in game_buttons(user)
                  if p.path[-1].startswith("L")}
        east = max(nudges)  # "▶ 10": the card's pose now, 10 mm further east
        if east[0] - 10 >= 90:
            break
        await press(world, user, nudges[east])
    else:
        raise AssertionError("the card never got 90 mm east")
    await press(world, user, step_of(user, "ok"))
    spots = [p.path[-1] for _, p in game_buttons(user)]
    await press(world, user, step_of(user, "p9" if "p9" in spots else None, prefix="p"))
    spots = [p.path[-1] for _, p in game_buttons(user)]
    await press(world, user, step_of(user, "c1" if "c1" in spots else None, prefix="c"))
    before = await world.version(table)
    answer = await press(world, user, step_of(user, "go"))
    assert not answer.alert, answer
    assert await world.version(table) == before + 1


# --- the game --------------------------------------------------------------------------------


async def test_a_whole_rafter_game_through_telegram(world: World,
                                                    fake_telegram: FakeTelegramServer):
    server = fake_telegram
    anna = server.user("Anna", language_code="ru")
    lukasz = server.user("Łukasz", language_code="pl")
    people = [anna, lukasz]
    group = server.supergroup("Raft night", owner=anna)
    for user in people:
        await world.open_private(user)
    [lobby_message] = await world.send(anna, group, "/newgame rafter")
    assert TR.t("ru", "game-rafter") in content(lobby_message)
    answer = await world.press(lukasz, lobby_message, button_data(lobby_message, "join"))
    assert not answer.alert, answer
    table = (await world.table(group)).id
    await world.store.set_options(table, {"chests": 2})
    answer = await world.press(anna, lobby(group), button_data(lobby(group), "start"))
    assert not answer.alert, answer
    board_message = the_board(group)
    names = await names_by_seat(world, table)

    # the first mover asks how risky lifting a builder is, once, then lifts it
    mover = world.acting(people)
    lang = LANG[mover.first_name]
    check_turn_shown(group, mover.first_name)
    stale = step_of(mover, prefix="t")  # a button of version 0
    await press(world, mover, step_of(mover, prefix="t"))
    shown = panel(mover)
    assert shown is not None and shown.find_button(
        text=TR.t(lang, "rafter-opt-risk"), callback_data=step_of(mover, "risk"))
    answer = await press(world, mover, step_of(mover, "risk"))
    assert not answer.alert, answer
    estimate = [TR.t(lang, f"rafter-risk-{level}") for level in RISKS]
    said = content(panel(mover))  # type: ignore[arg-type]
    assert sum(e in said for e in estimate) == 1, said
    assert [p.kind for _, p in game_buttons(mover)] == ["confirm"]
    assert await world.version(table) == 0
    await press(world, mover, game_buttons(mover)[0][0])
    _, state = await state_of(world, table)
    assert state.version == 1 and state.phase == "place" and world.acting(people) is mover

    # a button of the old version: refused, and nothing changes in the game or the group
    before = await table_snapshot(world.store, table), chat_snapshot(group)
    answer = await press(world, mover, stale, force=True)
    assert answer.alert and answer.text == TR.t(lang, "bot-error-outdated"), answer
    assert (await table_snapshot(world.store, table), chat_snapshot(group)) == before
    assert game_buttons(mover) and all(p.version == 1 for _, p in game_buttons(mover))

    # the card far over the edge: it falls, and the group gets the move as a GIF
    assert not clips(group)
    await build_over_the_edge(world, table, mover, people)
    row, state = await state_of(world, table)
    assert state.last.fallen and row.status == "playing"
    [first_clip] = clips(group)
    assert first_clip.media is not None and first_clip.media.data is not None
    assert_gif(first_clip.media.data)
    assert first_clip.media.filename == "picture.gif"
    assert content(first_clip) == TR.t("ru", "table-clip")
    assert not first_clip.deleted and the_board(group) is board_message
    assert server.calls_of("sendAnimation")

    # the other player does the same: the new clip replaces the first
    other = world.acting(people)
    assert other is not mover
    check_turn_shown(group, other.first_name)
    await build_over_the_edge(world, table, other, people)
    assert len(clips(group)) == 2
    first, second = clips(group)
    assert first.deleted and not second.deleted
    assert second.media is not None and second.media.data is not None
    assert_gif(second.media.data)
    assert second.media.data != first.media.data

    # then both play on to the end, pressing what their panels show
    rng = random.Random(4)
    for _ in range(3000):
        row, state = await state_of(world, table)
        if row.status != "playing":
            break
        user = world.acting(people)
        assert user.first_name == names[state.current]
        check_turn_shown(group, names[state.current])
        answer = await press(world, user, like_a_person(game_buttons(user), lambda b: b[1], rng)[0])
        assert not answer.alert, answer
    row, state = await state_of(world, table)
    assert row.status == "finished" and SPEC.outcome(state) is not None
    assert the_board(group) is board_message  # one board, edited in place
    final = content(board_message)
    assert TR.t("ru", "table-final-ranking") in final
    assert all(name in final for name in names)
    assert [p.kind for _, p in presses(board_message)] == ["again", "moves"]  # and the log
    assert not any(game_buttons(u) for u in people)
    assert not [m for m in group.bot_messages if m.media is None]  # the ping is gone

    # nothing private reached the group: no line only a panel showed, no menu text,
    # no button carrying a menu path
    public: set[str] = set()
    for n in range(1, row.version + 1):
        record = await world.store.action_record(table, n)
        assert record is not None and record.events is not None
        for event in events_from_json(record.events):
            if event.visible_to(None):
                public.update(TR.render_label(lg, event.label, names) for lg in TR.languages)
    private: set[str] = set()
    for user in people:
        for message in user.private_chat.all_messages:
            for version in message.versions if message.from_bot else ():
                if version.media is not None:
                    private.update(line for line in lines_of(version.caption)
                                   if line not in public)
    fragments = menu_fragments(TR)
    assert any(f in line for f in fragments for line in private), "no menu seen in private"
    versions = 0
    for message in group.all_messages:
        if not message.from_bot:
            continue
        for version in message.versions:
            text = version.caption if version.media is not None else version.text
            assert not [line for line in lines_of(text) if line in private], text
            assert not [f for f in fragments if f in (text or "")], text
            for row_ in (version.reply_markup or {}).get("inline_keyboard", ()):
                for b in row_:
                    if "callback_data" in b:
                        p = decode(b["callback_data"])
                        assert p.kind not in GAME_KINDS and not p.path, b
            versions += 1
    assert versions >= row.version
    server.assert_callbacks_answered()
