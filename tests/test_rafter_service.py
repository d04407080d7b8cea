"""Rafter Five through the table service, the way every platform adapter drives it: whole
games played by pressing the buttons the screens really show (areas, angles, sometimes
nudging the ghost card, picking places, building), the clip of a move that made something fall, and a restart that never
simulates a move again."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.payloads import Press, decode, encode
from bot.screens import ChatRef, Role, UserRef, is_animation
from bot.tables import TableService
from engine.rafter import SPEC, physics
from engine.rafter.actions import Build
from engine.rafter.legality import CHEST_PLACES, RAFTER_PLACES
from engine.rafter.menu import path_to
from fakes.service_harness import GROUP, Harness, open_harness, seat_players
from tests.rafter_helpers import like_a_person

TR = Translator.load()
USERS = [UserRef("3001", "Ольга", "ru"), UserRef("3002", "Zoë 🛶", "en")]
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def open_table(h: Harness, options: dict) -> int:
    table = await seat_players(h, USERS, "rafter")
    await h.service.store.set_options(table, options)
    await h.press(USERS[0], encode(Press("start", table)))
    return table


def acting_panel(h: Harness):
    acting = [(place, shown.screen) for place, shown in h.kept.items()
              if place.role is Role.PANEL and shown.screen.buttons]
    assert len(acting) == 1, "exactly one player has choices"
    return acting[0]


async def play(h: Harness, table: int, rng: random.Random, *, moves: int = 10**6) -> int:
    """Press until the game ends (or `moves` moves were made); returns the moves made."""
    by_id = {u.id: u for u in USERS}
    made = 0
    for _ in range(3000):
        row = await h.service.store.get_table(table)
        if row.status != "playing" or made >= moves:
            return made
        place, screen = acting_panel(h)
        buttons = [b for b in h.buttons(screen) if b.text not in BACK]
        await h.press(by_id[place.chat_id], like_a_person(buttons, lambda b: decode(b.data), rng).data,
                      chat=ChatRef("telegram", place.chat_id, private=True))
        made += (await h.service.store.get_table(table)).version - row.version
        board = h.screen(Role.BOARD)
        assert board.image and "rafter-" not in h.text(board)
    raise AssertionError("the game did not end")


async def test_a_whole_game_through_the_buttons(harness):
    h = harness
    table = await open_table(h, {"chests": 2})
    moves = await play(h, table, random.Random(4))
    row = await h.service.store.get_table(table)
    assert row.status == "finished" and moves == row.version >= 6  # 3 turns at least
    state = SPEC.from_dict(row.state)
    assert SPEC.outcome(state) is not None
    ranking = TR.t("ru", "table-final-ranking")
    assert ranking in h.text(h.screen(Role.BOARD))
    # every move kept the state it settled in: the last one is the table's state
    settled = await h.service.store.settled_states(table)
    assert len(settled) == row.version and settled[-1] == row.state


async def user_at(h: Harness, table: int, seat: int) -> UserRef:
    seats = await h.service.store.list_seats(table)
    user_id = next(s.user_id for s in seats if s.seat == seat)
    return next(u for u in USERS if u.id == user_id)


async def test_a_move_that_makes_something_fall_is_shown_as_a_clip(harness):
    h = harness
    table = await open_table(h, {"chests": 2})
    first = await user_at(h, table, 0)
    private = ChatRef("telegram", first.id, private=True)
    row = await h.service.store.get_table(table)
    state = SPEC.from_dict(row.state)
    take = SPEC.legal_actions(state, 0)[0]
    await h.press(first, encode(Press("go", table, 0, (take, "go"))), chat=private)
    state = SPEC.from_dict((await h.service.store.get_table(table)).state)
    assert state.phase == "place"
    # the card far over the raft's edge, the builder on its outer end: it tips into the sea
    build = Build(95, 0, 0, *RAFTER_PLACES[-1], *CHEST_PLACES[0])
    path = path_to(state, build.pose) + ("p9", "c1", "go")
    assert len(path) == 5  # the card's pose fine-tuned, ok, the places, build
    assert SPEC.menu(state, 0, path).action == build.encode()
    assert h.screen(Role.CLIP) is None
    await h.press(first, encode(Press("go", table, 1, path)), chat=private)
    after = SPEC.from_dict((await h.service.store.get_table(table)).state)
    assert after.version == 2 and after.last.fallen and after.current == 1
    clip = h.screen(Role.CLIP)
    assert clip is not None and is_animation(clip.image)
    assert TR.t("ru", "table-clip") in h.text(clip)  # the table speaks its host's language


async def test_a_restart_tells_the_last_move_without_simulating_it_again(harness, monkeypatch):
    h = harness
    table = await open_table(h, {"chests": 2})
    await play(h, table, random.Random(9), moves=3)
    row = await h.service.store.get_table(table)
    board_before = h.screen(Role.BOARD)

    def no_physics(*_args, **_kwargs):
        raise AssertionError("a restart simulated a move again")

    monkeypatch.setattr(physics, "place", no_physics)
    monkeypatch.setattr(physics, "lift", no_physics)
    service = TableService(h.service.store, TR)
    service.register_platform("telegram", deep_link=lambda p: f"https://t.me/fake_bot?start={p}")
    h.service = service
    posts = await service.resume("telegram")
    boards = [p for p in posts if getattr(p, "place", None) and p.place.role is Role.BOARD]
    assert boards and boards[0].screen.text == board_before.text
    assert (await service.store.get_table(table)).version == row.version
    assert GROUP.id == boards[0].place.chat_id
