"""A real browser on the playground: the server in the test's own event loop (on 127.0.0.1,
over a fresh database), and Debian's Chromium driven by Playwright.

Chromium is the system's (`/usr/bin/chromium`; `.ci/run` installs it), never a browser
Playwright downloads. Nothing waits for time to pass: every step waits for what the page
shows (Playwright's waiting on the DOM), and computer players move without a pause.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from playwright.async_api import TimeoutError as PlaywrightTimeout

from bot import thinking
from bot.i18n import Translator
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
STEP = 30_000
"""Milliseconds one step may take to show (a picture drawn on a busy machine)."""

TR = Translator.load()


def t(key: str, **args: Any) -> str:
    return TR.t("en", key, **args)


async def think_here(spec: Any, level: str, view: Any, seat: int, seed: int) -> Any:
    # in a thread of this process: no worker process to start for a test
    return await thinking.think(spec, level, view, seat, seed, in_process=False)


@dataclass
class Playground:
    url: str
    service: TableService


@asynccontextmanager
async def playground(tmp_path: Path, *, seed: int = 11) -> AsyncIterator[Playground]:
    """The playground served on a free port of 127.0.0.1, its scheduler running."""
    async with Store.open(tmp_path / "playground.sqlite3") as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: seed,
                               think=think_here)
        app = build_app(service, TR, secret="a test's secret")
        runner = web.AppRunner(app, shutdown_timeout=1)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        service.scheduler.start()
        try:
            yield Playground(f"http://127.0.0.1:{port}", service)
        finally:
            await service.scheduler.stop()
            await runner.cleanup()


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)")
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=str(CHROMIUM),
                                               args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def new_page(browser: Any, *, width: int = 1280, height: int = 900) -> Any:
    """A page in a browser of its own (its own cookies), failing the test on a script error."""
    context = await browser.new_context(viewport={"width": width, "height": height},
                                        locale="en-US")
    context.set_default_timeout(STEP)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    return page


async def sit_down(page: Any, url: str, name: str) -> None:
    await page.goto(url)
    await page.fill("#name", name)
    await page.click("#name-go")


async def add_player(page: Any, name: str) -> None:
    """One more player on this browser (a hot seat)."""
    await page.click("#add-player-open")
    await page.fill("#add-player-name", name)
    await page.click("#add-player-go")
    await page.locator(".chip", has_text=name).wait_for()


async def act_as(page: Any, name: str) -> None:
    await page.locator("button.chip", has_text=name).click()
    await page.locator("button.chip.active", has_text=name).wait_for()


async def open_table(page: Any, game: str, **options: int | bool) -> str:
    """Open a table of `game` from the page's form; returns the room's link."""
    await page.click(f"[data-game={game}]")
    for name, value in options.items():
        field = page.locator(f"#new-table [name={name}]")
        if isinstance(value, bool):
            await field.set_checked(value)
        elif await field.evaluate("node => node.tagName") == "SELECT":  # a few values
            await field.select_option(str(value))
        else:
            await field.fill(str(value))
    await page.click("#open-table")
    await table_button(page, t("bot-button-join")).wait_for()
    return page.url


def table_button(page: Any, text: str) -> Any:
    return page.locator("#table .buttons button", has_text=text).first


async def press_on_table(page: Any, text: str) -> None:
    await table_button(page, text).click()


async def add_computer(page: Any, level: str = "easy") -> None:
    await press_on_table(page, t("table-computer-add"))
    await press_on_table(page, t(f"table-computer-level-{level}"))
    await table_button(page, t("table-computer-add")).wait_for()


MISSED_MS = 5000
"""How long a click waits for the button it found before looking again."""
NEXT_PRESS = """([final, last]) => {
    const table = document.querySelector('#table');
    if (table && table.innerText.includes(final)) return 'over';
    for (const hand of document.querySelectorAll('.hand.acting')) {
        const b = hand.querySelector('button[data-press]');
        if (b && b.dataset.press !== last) return [hand.dataset.player, b.dataset.press];
    }
    return false;
}"""


async def next_press(page: Any) -> str | list[str]:
    """'over', or [player, data] of the first choice of a hand that is to act and shows
    choices other than the ones last pressed (so no press lands on a replaced panel)."""
    found = await page.wait_for_function(
        NEXT_PRESS, arg=[t("table-final-ranking"), getattr(page, "last_press", "")],
        timeout=STEP)
    return await found.json_value()


async def play_on(page: Any, *, moves: int | None = None) -> list[str]:
    """Press the first choice of whichever hand on the page is to act, until the game is
    over (or `moves` presses were made); returns whose hand each press was in."""
    pressed: list[str] = []
    missed = 0
    while moves is None or len(pressed) < moves:
        found = await next_press(page)
        if found == "over":
            break
        player, data = found
        button = page.locator(f'.hand[data-player="{player}"] button[data-press="{data}"]')
        try:
            await button.click(timeout=MISSED_MS)
        except PlaywrightTimeout:
            # the panel was drawn again between finding the button and clicking it (a
            # press's panel can come in two steps): find the choice anew, a few times
            missed += 1
            assert missed <= 3, f"{data} never became clickable"
            continue
        missed = 0
        page.last_press = data
        pressed.append(player)
    return pressed


async def next_to_act(pages: list[Any]) -> Any | None:
    """The page with a hand to act (None once the game is over), waiting on all of them."""
    waits = {asyncio.create_task(next_press(page)): page for page in pages}
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    task = done.pop()
    return None if task.result() == "over" else waits[task]


LAYOUT_PROBLEMS = """() => {
    document.getElementById('toasts').replaceChildren();  // notes float over on purpose
    const width = document.documentElement.clientWidth;
    const problems = [];
    if (document.documentElement.scrollWidth > width)
        problems.push(`page ${document.documentElement.scrollWidth} px wide in ${width}`);
    for (const node of document.querySelectorAll('main *, header *')) {
        const box = node.getBoundingClientRect();
        if (box.width && (box.left < -0.5 || box.right > width + 0.5))
            problems.push(`${node.tagName}.${node.className} spans ${box.left}..${box.right}`);
    }
    for (const button of document.querySelectorAll('main button, header button')) {
        if (!button.getClientRects().length) continue;  // not shown here (a folded table)
        button.scrollIntoView({block: 'center'});
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !(hit === button || button.contains(hit)))
            problems.push(`button "${button.innerText}" is covered`);
        if (box.height < 24) problems.push(`button "${button.innerText}" is ${box.height} px tall`);
    }
    window.scrollTo(0, 0);
    return problems;
}"""


async def layout_problems(page: Any) -> list[str]:
    """What is wider than the screen, and which buttons cannot be pressed."""
    return await page.evaluate(LAYOUT_PROBLEMS)


async def settle(page: Any) -> None:
    """Wait until every picture on the page has loaded (before a screenshot)."""
    await page.wait_for_function(
        "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
