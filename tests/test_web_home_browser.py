"""The playground's home page in a real browser (headless Chromium): the tables you sit at
with whose turn it is, your figures, the new-table form's options (names, sentences, the
values they take; a refused value said beside its option, nothing opened), and Back and
Forward between the home page, a table and a sheet. Screenshots at a desktop's and a
phone's size are saved in the test's folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.web_browser import (
    add_computer,
    chromium,
    layout_problems,
    new_page,
    play_on,
    playground,
    press_on_table,
    settle,
    sit_down,
    t,
    table_button,
)

COMMAND = re.compile(r"/[a-z]{3,}\b")
SIZES = ((1280, 800), (360, 740))


async def in_view(page: Any, selector: str) -> bool:
    """Whether the node is inside the viewport now (seen without scrolling)."""
    return await page.locator(selector).evaluate(
        "n => { const b = n.getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight && b.height > 0; }")


async def test_options_are_explained_and_a_refused_value_is_said_beside_it(
        tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        for width, height in SIZES:
            page = await new_page(browser, width=width, height=height)
            await sit_down(page, server.url, f"Ann{width}")
            await page.locator("#my-tables #no-tables").wait_for()
            await page.click("[data-game=lighthouse]")
            track = page.locator("[data-option=track]")
            assert "Track length" in await track.inner_text()
            assert t("lighthouse-option-track-about") in await track.inner_text()
            assert t("web-option-allowed", allowed="3–30") in await track.inner_text()
            zone = page.locator("#new-table [name=zone_size]")
            assert await zone.evaluate("n => [...n.options].map(o => o.value)") == ["3", "5", "7"]
            await page.fill("#new-table [name=track]", "99")
            await page.click("#open-table")
            error = page.locator("[data-option=track] .option-error")
            await error.wait_for()
            assert await error.inner_text() == t("web-option-refused", option="Track length",
                                                 allowed="3–30")
            assert await in_view(page, "[data-option=track] .option-error")
            assert await page.locator("[name=track]").get_attribute("aria-invalid") == "true"
            assert not await page.locator("#sheet").is_visible()  # said in view, not a window
            await settle(page)
            await page.screenshot(path=tmp_path / f"home-refused-{width}.png", full_page=True)
            assert await layout_problems(page) == []
            assert page.url.rstrip("/") == server.url  # nothing opened, nowhere to go
            ann = (await page.evaluate("() => fetch('/api/home').then(r => r.json())")
                   )["players"][0]["id"]
            assert await server.service.tables_of_person("web", ann) == []
            # Rafter Five's chests: 0 is explained (the rulebook's count), 0–42 allowed
            await page.click("[data-game=rafter]")
            chests = await page.locator("[data-option=chests]").inner_text()
            assert t("rafter-option-chests-about") in chests and "0–42" in chests
            assert page.script_errors == []
            await page.context.close()


async def test_home_lists_your_tables_and_back_and_forward_move_between_screens(
        tmp_path: Path) -> None:
    async with playground(tmp_path) as server, chromium() as browser:
        page = await new_page(browser, width=1280, height=800)
        await sit_down(page, server.url, "Ann")
        await page.locator("#my-tables #no-tables").wait_for()
        assert t("web--stats-yours-none") in await page.locator("#my-figures").inner_text()
        await page.click("[data-game=lighthouse]")
        await page.select_option("#new-table [name=zone_size]", "3")
        await page.fill("#new-table [name=track]", "3")
        # the game's rules as these options make them, a sheet of the home page
        await page.click("#game-rules")
        await page.locator("#sheet[open]").wait_for()
        assert "sheet=rules" in page.url
        rules = await page.locator("#sheet-body").inner_text()
        assert "Zone size: 3, Track length: 3" in rules and "/newgame" not in rules
        await page.click("#sheet-close")
        await page.wait_for_url(server.url + "/")
        await page.click("#open-table")
        await table_button(page, t("bot-button-join")).wait_for()
        table_url = page.url
        room = table_url.rsplit("/", 1)[1]
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand").wait_for()

        # a sheet of the menu is a step of its own: Back closes it, Forward opens it again
        await page.select_option("#commands", "rules")
        await page.locator("#sheet[open]").wait_for()
        assert page.url == table_url + "?sheet=rules"
        rules = await page.locator("#sheet-body").inner_text()
        assert "Lighthouse" in rules and "/newgame" not in rules
        await page.go_back()
        await page.locator("#sheet:not([open])").wait_for(state="attached")
        assert page.url == table_url
        await page.go_forward()
        await page.locator("#sheet[open]").wait_for()
        await page.click("#sheet-close")  # closing it is a step back
        await page.wait_for_url(table_url)
        # help speaks of the page
        await page.select_option("#commands", "help")
        await page.locator("#sheet[open]").wait_for()
        assert COMMAND.search(await page.locator("#sheet-body").inner_text()) is None
        await page.click("#sheet-close")
        await page.wait_for_url(table_url)

        # Back: the home page, listing the game with whose turn it is; Forward: the table
        await page.go_back()
        await page.wait_for_url(server.url + "/")
        item = page.locator(f"#my-tables [data-room='{room}']")
        await item.wait_for()
        entry = await page.locator("#my-tables li").inner_text()
        assert "Lighthouse" in entry
        assert t("web-home-your-turn") in entry or "🤖" in entry
        for width, height in SIZES:
            await page.set_viewport_size({"width": width, "height": height})
            await settle(page)
            await page.screenshot(path=tmp_path / f"home-{width}.png", full_page=True)
            assert await layout_problems(page) == []
        await page.set_viewport_size({"width": 1280, "height": 800})
        await page.go_forward()
        await page.wait_for_url(table_url)
        await page.locator(".hand").wait_for()
        # and the home page's link leads there too
        await page.go_back()
        await item.click()
        await page.wait_for_url(table_url)
        await page.locator(".hand").wait_for()

        # once the game is over, home lists it; its link opens its table's history
        await play_on(page)
        await page.goto(server.url)
        past = page.locator(f"#my-games [data-room='{room}']")
        await past.wait_for()
        await past.click()
        await page.wait_for_url(table_url + "?sheet=history")
        await page.locator("#sheet[open]").wait_for()
        replay = page.locator("#sheet-body button", has_text=t("history-replay-button", number=1))
        await replay.wait_for()
        assert page.script_errors == []
