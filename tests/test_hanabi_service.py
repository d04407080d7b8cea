"""Hanabi through the generic host, with no platform: whole games played by pressing the
buttons the screens really show, in three languages, proving the game needs nothing of the
host but its `GameSpec` and renderer."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role, UserRef
from engine.core import replay
from engine.hanabi import SPEC
from fakes.service_harness import Harness, open_harness
from fakes.service_harness import seat_players as seat_table

USERS = [UserRef(str(2000 + i), name, lang) for i, (name, lang) in enumerate(
    [("Анна", "ru"), ("Łukasz", "pl"), ("Bob", "en"), ("Eve 🎲", "en"), ("Борис", "ru")])]
TR = Translator.load()
BACK = {TR.t(lang, "bot-button-back") for lang in TR.languages}


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        yield h


async def seat_players(h: Harness, players: list[UserRef]) -> int:
    return await seat_table(h, players, "hanabi")


def pick(h: Harness, screen, rng: random.Random) -> str:
    """Press like a person: Confirm on a leaf, otherwise any option but Back."""
    buttons = [b for b in h.buttons(screen) if b.data and b.text not in BACK]
    confirm = [b.data for b in buttons if b.data.startswith("c:")]
    return confirm[0] if confirm else rng.choice(buttons).data


@pytest.mark.parametrize("players", [2, 5])
async def test_whole_games_through_the_buttons(harness, players):
    h = harness
    users = USERS[:players]
    table = await seat_players(h, users)
    await h.press(users[0], encode(Press("start", table)))
    rng = random.Random(players)
    by_id = {u.id: u for u in users}
    captions = []
    for _ in range(2000):
        row = await h.service.store.get_table(table)
        if row.status != "playing":
            break
        acting = [(place, shown.screen) for place, shown in h.kept.items()
                  if place.role is Role.PANEL and shown.screen.buttons]
        assert len(acting) == 1
        place, screen = acting[0]
        assert screen.image  # the player's picture comes with their choices
        for text in [h.text(screen)] + [b.text for b in h.buttons(screen)]:
            assert "hanabi-" not in text and "{" not in text, text
        user = by_id[place.chat_id]
        await h.press(user, pick(h, screen, rng), chat=ChatRef("telegram", user.id, private=True))
        captions.append(h.text(h.screen(Role.BOARD)))
    row = await h.service.store.get_table(table)
    assert row.status == "finished"
    board = h.text(h.screen(Role.BOARD))
    assert TR.t("ru", "table-final-ranking") in board  # the host, Anna, speaks Russian
    assert all(u.name in board for u in users)
    assert any("→" in c for c in captions)  # a clue was told in words, with names
    log = await h.service.store.action_log(table)
    assert replay(SPEC, players, row.seed, SPEC.default_options, log) == SPEC.from_dict(row.state)
