"""The game's log in the playground's page (headless Chromium): a 4-player Lanterns game, Ann
against three computer players. At each of her turns the log pane's since-line names every
move since her last; after the game the pane holds every move, newest first; on a phone the
log is a tab of its own. Screenshots are saved with the test's files."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot import table_screens as screens
from bot.move_events import events_from_json
from bot.storage import Store
from engine.registry import GAMES
from tests.web_browser import (
    TR,
    add_computer,
    chromium,
    new_page,
    open_table,
    play_on,
    playground,
    press_on_table,
    settle,
    sit_down,
    t,
)

SINCE_SHOWS = """([headline, count]) => {
    const line = document.querySelector('#log .since-line');
    return line !== null && line.innerText.includes(headline)
        && document.querySelectorAll('#log .move').length === count;
}"""


async def since_headlines(store: Store, table: int, seat: int) -> tuple[list[str], int]:
    """What happened since the seat's last move, one headline a move; and how many moves."""
    row = await store.get_table(table)
    assert row is not None
    seats = await store.list_seats(table)
    names = [p.name for p in screens.read_in(TR, "en", screens.players_of(seats, "en"))]
    records = [await store.action_record(table, n) for n in range(1, row.version + 1)]
    last = max((n for n, r in enumerate(records) if r is not None and r.seat == seat), default=-1)
    out = []
    for record in records[last + 1:]:
        assert record is not None
        told = [e for e in events_from_json(record.events or []) if e.visible_to(seat)
                and not e.label.key.startswith("lanterns-bot-")]
        out.append(TR.render_label("en", told[0].label, names).rstrip("."))
    return out, row.version


async def test_the_log_pane_through_a_whole_game(tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        page: Any = await new_page(browser)
        await sit_down(page, server.url, "Ann")
        room = (await open_table(page, "lanterns")).rsplit("/", 1)[1]
        for _ in range(3):
            await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        store = server.service.store
        table = (await store.active_table("web", room, None))
        assert table is not None
        await page.locator("#log h2", has_text=t("web-moves-title")).wait_for()
        # Start draws the seats anew and its press may still be on its way: Ann's seat is
        # read once the game is under way (read in the lobby, it was a computer's now and
        # then, and the loop below watched the wrong seat while the game waited for her)
        await page.locator(".hand button[data-press]").first.wait_for()
        started = await store.get_table(table.id)
        assert started is not None and started.status == "playing", started
        ann = next(s.seat for s in await store.list_seats(table.id) if not s.computer)

        checked = 0
        seen_turn = -1  # the version at which her turn's start was checked
        for _ in range(20_000):
            row = await store.get_table(table.id)
            assert row is not None
            if row.status != "playing":
                break
            if ann not in GAMES["lanterns"].to_act(GAMES["lanterns"].from_dict(row.state or {})):
                await asyncio.sleep(0.02)  # the computers are moving
                continue
            last = await store.action_record(table.id, row.version) if row.version else None
            if last is not None and last.seat != ann and seen_turn != row.version:
                # her turn begins: the pane says what happened since her last
                seen_turn = row.version
                expected, version = await since_headlines(store, table.id, ann)
                await page.wait_for_function(SINCE_SHOWS, arg=[expected[-1], version])
                line = await page.locator("#log .since-line").inner_text()
                at = 0
                for headline in expected:
                    at = line.index(headline, at) + len(headline)
                checked += 1
                if checked == 2:
                    await settle(page)
                    await page.screenshot(path=tmp_path / "log-1280.png", full_page=True)
                    await page.set_viewport_size({"width": 360, "height": 740})
                    await page.locator("nav.tabs button[data-tab=log]").click()
                    await page.locator("[data-pane=log].current #log .since-line").wait_for()
                    await page.screenshot(path=tmp_path / "log-360.png", full_page=True)
                    await page.locator("nav.tabs button[data-tab=table]").click()
                    await page.set_viewport_size({"width": 1280, "height": 900})
            await play_on(page, moves=1)
        assert checked > 5
        final = await store.get_table(table.id)
        assert final is not None and final.status == "finished"
        await page.wait_for_function(
            "count => document.querySelectorAll('#log .move').length === count",
            arg=final.version)
        rounds = await page.locator("#log h3").all_inner_texts()
        assert rounds[0] == TR.t("en", "moves-round", round=len(rounds))
        assert rounds[-1] == TR.t("en", "moves-round", round=1)
        assert await page.locator("#log .reason").count() > 10  # the computers' reasons
        assert page.script_errors == []
