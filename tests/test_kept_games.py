"""Every game that ends is kept so that it replays exactly: its seed, options, seats and
action log rebuild the final state move by move (for every game, Rafter Five's physics
included), and its kept results are that state's standings."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import ChatRef, Role
from engine.core import replay
from fakes.service_harness import GROUP, open_harness
from tests.test_computer_seats import ANNA, BACK

pytest_plugins = ["fakes.hand_clock"]  # the `clock` fixture

TR = Translator.load()

# (game, options, computer players beside Anna): small games, so the test stays quick
GAMES = [("lanterns", "", ("easy",)), ("hanabi", "", ("easy",)), ("lighthouse", "", ("easy",)),
         ("rafter", "chests=1", ())]


@pytest.mark.parametrize(("game", "options", "computers"), GAMES)
async def test_a_kept_game_replays_exactly_from_its_seed_and_log(tmp_path, clock, game, options,
                                                                 computers):
    async with open_harness(tmp_path, TR, clock=clock) as h:
        store = h.service.store
        await store.set_chat_options("telegram", GROUP.id, clock="off")
        await h.start_private(ANNA)
        await h.command(ANNA, "newgame", f"{game} {options}".strip())
        table = (await store.active_table("telegram", GROUP.id, None)).id
        for level in computers:
            await h.press(ANNA, f"b:{table}:{level}")
        await h.press(ANNA, encode(Press("start", table)))
        rng = random.Random(7)
        for _ in range(5000):
            row = await store.get_table(table)
            if row.status != "playing":
                break
            if await h.run_due():
                continue
            buttons = [b for b in h.buttons(h.panel_of(ANNA)[1]) if b.text not in BACK
                       and b.data and b.data[0] in "gc"]
            confirm = [b.data for b in buttons if b.data.startswith("c:")]
            await h.press(ANNA, confirm[0] if confirm and rng.random() < 0.95
                          else rng.choice(buttons).data,
                          chat=ChatRef("telegram", ANNA.id, private=True))
        assert row.status == "finished"
        spec = h.service.games[game]
        seats = [s for s in await store.list_seats(table) if s.seat is not None]
        log = await store.action_log(table)
        final = replay(spec, len(seats), row.seed, {**spec.default_options, **row.options}, log)
        assert final == spec.from_dict(row.state)
        outcome = spec.outcome(final)
        assert [(r.seat, r.rank, r.score) for r in await store.results(table)] == sorted(
            (s.seat, s.rank, s.score) for s in outcome.standings)
        assert h.screen(Role.BOARD) is not None
