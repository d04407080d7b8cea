"""The playground in a real browser (headless Chromium): whole games as a person plays them,
a hot seat, two browsers that never see each other's hands, and the page's layout on a phone
and a desktop."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

from PIL import Image

from tests.web_browser import (
    TR,
    act_as,
    add_computer,
    add_player,
    chromium,
    layout_problems,
    new_page,
    next_to_act,
    open_table,
    play_on,
    playground,
    press_on_table,
    settle,
    sit_down,
    t,
    table_button,
)

DOCS = Path(__file__).resolve().parents[1] / "docs"


async def test_a_whole_lighthouse_match_against_a_computer_player(tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        page = await new_page(browser)
        await sit_down(page, server.url, "Ann")
        room = await open_table(page, "lighthouse", zone_size=3, track=3)
        assert "/r/" in room
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand").wait_for()
        assert await page.locator(".hand h2").inner_text() == t("web-hand-of", name="Ann")

        # the layout, mid-game, on a desktop and on a phone
        await page.locator(".hand.acting").wait_for()
        await settle(page)
        await page.screenshot(path=tmp_path / "lighthouse-1280.png", full_page=True)
        assert await layout_problems(page) == []
        await page.set_viewport_size({"width": 360, "height": 740})
        await settle(page)
        await page.screenshot(path=tmp_path / "lighthouse-360.png", full_page=True)
        assert await layout_problems(page) == []
        await page.set_viewport_size({"width": 1280, "height": 900})

        presses = await play_on(page)
        assert len(presses) >= 3
        caption = await page.locator("#table").inner_text()
        assert t("table-final-ranking") in caption
        assert await table_button(page, t("table-again-button")).is_visible()
        # the game is kept as finished, with its standings
        [finished] = await server.service.store.ended_tables("web", room.rsplit("/", 1)[1])
        assert finished.status == "finished"
        assert page.script_errors == []


async def test_a_three_seat_lanterns_game_on_one_browser(tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        page = await new_page(browser)
        await sit_down(page, server.url, "Ann")
        await add_player(page, "Bea")
        await add_player(page, "Cem")
        await act_as(page, "Ann")
        await open_table(page, "lanterns")
        for name in ("Bea", "Cem"):
            await act_as(page, name)
            await press_on_table(page, t("bot-button-join"))
            await page.locator("#table .caption", has_text=name).wait_for()
        await act_as(page, "Ann")
        await press_on_table(page, t("bot-button-start"))
        # one private pane per seat this browser holds, each named for its player
        await page.locator(".hand").nth(2).wait_for()
        names = sorted(await page.locator(".hand h2").all_inner_texts())
        assert names == [t("web-hand-of", name=n) for n in ("Ann", "Bea", "Cem")]

        # the layout with three hands, on a desktop and on a phone
        await settle(page)
        await page.screenshot(path=tmp_path / "lanterns-1280.png", full_page=True)
        assert await layout_problems(page) == []
        await page.set_viewport_size({"width": 360, "height": 740})
        await settle(page)
        await page.screenshot(path=tmp_path / "lanterns-360.png", full_page=True)
        assert await layout_problems(page) == []
        await page.set_viewport_size({"width": 1280, "height": 900})

        # every seat takes its turns from its own pane, to the end of the game
        pressed = await play_on(page)
        ids = await page.locator(".hand").evaluate_all("hands => hands.map(h => h.dataset.player)")
        assert set(pressed) == set(ids) and len(ids) == 3
        assert t("table-final-ranking") in await page.locator("#table").inner_text()
        if os.environ.get("PLAYGROUND_DOCS"):  # the README's picture: PLAYGROUND_DOCS=1
            await save_docs_picture(page)
        assert page.script_errors == []


async def test_two_browsers_never_receive_each_others_hand(tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        ann, bob = await new_page(browser), await new_page(browser, width=360, height=740)
        traffic = {"ann": await _record_streams(ann), "bob": await _record_streams(bob)}
        pictures: dict[str, list[str]] = {"ann": [], "bob": []}
        ann.on("response", lambda r: pictures["ann"].append(r.url))
        bob.on("response", lambda r: pictures["bob"].append(r.url))

        await sit_down(ann, server.url, "Ann")
        room = await open_table(ann, "lighthouse", zone_size=3, track=3)
        # Bob opens the invitation link, and reads the page in Russian
        await bob.goto(room)
        await bob.select_option("#language", "ru")
        await bob.locator("h1", has_text=TR.t("ru", "web-name-ask")).wait_for()
        await sit_down(bob, room, "Bob")  # typing his name on the invitation sits him down
        await ann.locator("#table .caption", has_text="Bob").wait_for()
        await bob.locator("#table .caption", has_text="Bob").wait_for()
        await bob.screenshot(path=tmp_path / "lobby-360.png", full_page=True)
        assert await layout_problems(bob) == []  # the lobby on a phone
        await press_on_table(ann, t("bot-button-start"))
        await ann.locator(".hand").wait_for()
        await bob.locator(".hand").wait_for()
        ann_id = await ann.locator(".hand").get_attribute("data-player")
        bob_id = await bob.locator(".hand").get_attribute("data-player")
        assert ann_id and bob_id and ann_id != bob_id
        # each hand speaks its player's language; the table, the room's (Ann opened it)
        assert await bob.locator(".hand h2").inner_text() == TR.t("ru", "web-hand-of",
                                                                   name="Bob")
        assert await ann.locator(".hand h2").inner_text() == t("web-hand-of", name="Ann")
        assert await bob.locator("#table h2").inner_text() == TR.t("ru", "web-table")
        # (on a phone, the table folds to its head while its player chooses)
        await table_button(bob, t("bot-button-my-hand")).wait_for(state="attached")

        # each plays from their own browser until the match is over
        while (page := await next_to_act([ann, bob])) is not None:
            await play_on(page, moves=1)
        await bob.locator("#table", has_text=t("table-final-ranking")).wait_for()
        await settle(bob)
        await bob.screenshot(path=tmp_path / "final-360.png", full_page=True)
        assert await layout_problems(bob) == []  # the final board on a phone

        # what each browser's network stack received: the other's panel never, nor a link
        # to its picture (names and mentions are public: they are on the board)
        def panels(who: str) -> list[dict[str, Any]]:
            return [e for e in map(json.loads, traffic[who]) if e.get("role") == "panel"]

        for me, other, other_id in (("ann", "bob", bob_id), ("bob", "ann", ann_id)):
            assert panels(me), f"{me} received no panel of their own"
            assert all(e["player"] != other_id for e in panels(me))
            theirs = {e["screen"]["image"] for e in panels(other)}
            assert theirs and not any(name in data for name in theirs for data in traffic[me])
            loaded = {"/" + url.split("/", 3)[3] for url in pictures[me] if "/image/" in url}
            assert loaded and not theirs & loaded
        ann_pictures = {e["screen"]["image"] for e in panels("ann")}
        # and asking for Ann's hand's picture by its name gets Bob nothing
        for name in ann_pictures:
            response = await bob.request.get(server.url + name)
            assert response.status == 404
        assert ann.script_errors == [] and bob.script_errors == []


async def save_docs_picture(page: Any) -> None:
    """docs/playground.png: the page as a person sees it, in 256 colours to stay small."""
    await page.evaluate("document.getElementById('toasts').replaceChildren(); scrollTo(0, 0)")
    await settle(page)
    shot = Image.open(io.BytesIO(await page.screenshot())).convert("RGB")
    shot.quantize(256, method=Image.Quantize.MEDIANCUT).save(DOCS / "playground.png",
                                                            optimize=True)


async def _record_streams(page: Any) -> list[str]:
    """Every server-sent event the page's network stack receives (Chrome DevTools)."""
    received: list[str] = []
    session = await page.context.new_cdp_session(page)
    await session.send("Network.enable")
    session.on("Network.eventSourceMessageReceived", lambda e: received.append(e["data"]))
    return received


async def _over(page: Any) -> bool:
    return t("table-final-ranking") in await page.locator("#table").inner_text()
