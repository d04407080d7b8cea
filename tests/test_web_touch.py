"""Playing by touching the board (issue 34): whole games in real Chromium where every move
is made by tapping the picture's regions, never a button, on a phone (360x740, touch) and on
a desktop (1280x800, mouse). Screenshots of each game are saved under the test's tmp dir
(`pytest --basetemp=DIR` keeps them where asked)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from bot.payloads import decode
from tests.web_browser import (
    STEP,
    add_computer,
    chromium,
    layout_problems,
    open_table,
    playground,
    press_on_table,
    sit_down,
    t,
)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}

NEXT_TAP = """([final, last, pick]) => {
    const table = document.querySelector('#table');
    if (table && table.innerText.includes(final)) return 'over';
    for (const hand of document.querySelectorAll('.hand.acting')) {
        const box = hand.querySelector('.message');
        if (!box || box.classList.contains('busy')) continue;
        const shapes = [...hand.querySelectorAll('polygon.tap')];
        if (!shapes.length) {
            // a hand to act with choices but nothing to tap: the test says which
            const buttons = [...hand.querySelectorAll('button[data-press]')].map(b => b.dataset.press);
            if (buttons.length && !buttons.includes(last))
                return ['untappable', hand.dataset.player, buttons[0], buttons.join(' ')];
            continue;
        }
        // a Confirm first (the chosen thing, tapped again), else the choice `pick` says
        // (the first by default); never the one just tapped (its panel is not drawn anew
        // yet, or it changed nothing)
        const fresh = shapes.filter(s => s.dataset.tap !== last);
        const shape = fresh.find(s => s.classList.contains('confirm')) || fresh[pick % fresh.length];
        if (!shape) continue;
        shape.scrollIntoView({block: 'center'});
        const pts = shape.points;
        const inside = [];
        let cx = 0, cy = 0;
        for (let i = 0; i < pts.numberOfItems; i++) { cx += pts.getItem(i).x; cy += pts.getItem(i).y; }
        inside.push([cx / pts.numberOfItems, cy / pts.numberOfItems]);
        for (let i = 0; i < pts.numberOfItems; i++)  // towards each corner, if the middle is not
            inside.push([(cx / pts.numberOfItems + pts.getItem(i).x) / 2, (cy / pts.numberOfItems + pts.getItem(i).y) / 2]);
        // where the picture shows that point (the image as the player sees it, letterboxed
        // in its box): the overlay must be there, in front
        const img = shape.closest('.picture').querySelector('img').getBoundingClientRect();
        const [w, h] = shape.ownerSVGElement.getAttribute('viewBox').split(' ').slice(2).map(Number);
        const scale = Math.min(img.width / w, img.height / h);
        const left = img.left + (img.width - w * scale) / 2, top = img.top + (img.height - h * scale) / 2;
        const at = ([x, y]) => [left + x * scale, top + y * scale];
        for (const point of inside) {
            const [px, py] = at(point);
            if (document.elementFromPoint(px, py) === shape) return [px, py, shape.dataset.tap];
        }
        const [px, py] = at(inside[0]);
        const over = document.elementFromPoint(px, py);
        const what = over ? over.tagName + '.' + (over.getAttribute('class') || '') : 'nothing';
        return ['hidden', `${shape.dataset.tap} under ${what} at ${px},${py}`];
    }
    return false;
}"""


BOARD_CAPTION_IN_VIEW = """() => {
    const board = [...document.querySelectorAll('#table .message')].find(m => m.querySelector('img'));
    const caption = board && board.querySelector('.caption');
    return Boolean(caption) && caption.getBoundingClientRect().top < innerHeight - 20;
}"""
ACTION_IN_VIEW = """() => {
    const hand = document.querySelector('.hand.acting');
    const inView = (node) => {
        const box = node.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    };
    const out = [];
    if (scrollY !== 0) out.push(`scrolled to ${scrollY}`);
    for (const shape of hand.querySelectorAll('polygon.tap'))
        if (!inView(shape)) out.push(`tap ${shape.dataset.tap} out of view`);
    const first = hand.querySelector('button[data-press]');
    if (!first || !inView(first)) out.push('the first choice button is out of view');
    return out;
}"""


async def settle(page: Any) -> None:
    """Wait until every picture shown has loaded (a folded table's wait for their turn)."""
    await page.wait_for_function("() => [...document.images].every("
                                 "i => !i.offsetParent || i.complete && i.naturalWidth > 0)")


async def touch_page(browser: Any, viewport: dict[str, int], *, touch: bool) -> Any:
    context = await browser.new_context(viewport=viewport, locale="en-US", has_touch=touch,
                                        is_mobile=touch)
    context.set_default_timeout(STEP)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    page.touch = touch
    return page


async def tap_through(page: Any, shots: Path, *, every: int = 0, limit: int = 600,
                      untappable: list[str] | None = None, taps_only: int | None = None,
                      choose: random.Random | None = None,
                      tapped: list[str] | None = None) -> int:
    """Tap the acting hand's regions until the game is over; returns the taps made. A
    screenshot every `every` taps goes to `shots`. A level with choices but nothing to tap
    fails the test, unless `untappable` is given: then its first button is pressed and the
    level's choices are added to it (what the pictures do not place yet). With `taps_only`,
    just that many taps. Each level's first region is tapped, or one `choose` picks (so
    a game goes down every kind of move); `tapped` collects each tap's press data."""
    last, taps = "", 0
    while taps + len(untappable or ()) < limit:
        if taps_only is not None and taps == taps_only:
            return taps
        pick = choose.randrange(1 << 20) if choose is not None else 0
        found = await (await page.wait_for_function(
            NEXT_TAP, arg=[t("table-final-ranking"), last, pick], timeout=STEP)).json_value()
        if found == "over":
            break
        if found[0] == "hidden":
            await page.screenshot(path=shots / "covered.png")
        assert found[0] != "hidden", f"{found[1]} is covered"
        if found[0] == "untappable":
            assert untappable is not None, f"nothing to tap for {found[3]}"
            _, player, last, choices = found
            untappable.append(choices)
            button = page.locator(f'.hand[data-player="{player}"] button[data-press="{last}"]')
            await button.click()
            continue
        x, y, last = found
        if tapped is not None:
            tapped.append(last)
        if page.touch:
            await page.touchscreen.tap(x, y)
        else:
            await page.mouse.click(x, y)
        taps += 1
        if every and taps % every == 0:
            await settle(page)
            await page.screenshot(path=shots / f"tap-{taps:03}.png")
    assert taps + len(untappable or ()) < limit, "the game did not end"
    return taps


@pytest.mark.parametrize(("size", "touch"), [(PHONE, True), (DESKTOP, False)],
                         ids=["phone", "desktop"])
async def test_a_lighthouse_match_by_tapping_the_board(tmp_path: Path, size: dict[str, int],
                                                       touch: bool) -> None:
    shots = tmp_path / f"lighthouse-{size['width']}"
    shots.mkdir()
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, size, touch=touch)
        await sit_down(page, server.url, "Ann")
        await open_table(page, "lighthouse", zone_size=3, track=3)
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        await settle(page)
        await page.screenshot(path=shots / "start.png")
        assert await layout_problems(page) == []
        if not touch:  # a desktop: the board's caption and the hand's first choice in view
            assert await page.evaluate(ACTION_IN_VIEW) == []
            assert await page.evaluate(BOARD_CAPTION_IN_VIEW)
        taps = await tap_through(page, shots, every=6)
        assert taps >= 6  # a token and its cell, and a Confirm, a few times
        await settle(page)
        await page.screenshot(path=shots / "over.png", full_page=True)
        assert t("table-final-ranking") in await page.locator("#table").inner_text()
        assert page.script_errors == []


@pytest.mark.parametrize(("size", "touch"), [(PHONE, True), (DESKTOP, False)],
                         ids=["phone", "desktop"])
async def test_a_hanabi_game_by_tapping_the_board(tmp_path: Path, size: dict[str, int],
                                                  touch: bool) -> None:
    """Every move by touch: a play on the fireworks, a discard on the pile, a clue on a
    partner's hand, then the card (its colour or number for a clue), then the same again
    to confirm. No button is pressed (a level without taps fails `tap_through`)."""
    shots = tmp_path / f"hanabi-{size['width']}"
    shots.mkdir()
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, size, touch=touch)
        await sit_down(page, server.url, "Ann")
        await open_table(page, "hanabi")
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        await settle(page)
        await page.screenshot(path=shots / "start.png")
        assert await layout_problems(page) == []
        tapped: list[str] = []
        taps = await tap_through(page, shots, every=10, choose=random.Random(34), tapped=tapped)
        await settle(page)
        await page.screenshot(path=shots / "over.png", full_page=True)
        moves = _moves_begun(tapped)
        print(f"hanabi {size['width']}: {taps} taps, no button; moves begun by a tap: {moves}")
        assert moves["p"] + moves["d"] >= 1  # a card of the hand played or discarded by touch
        assert sum(moves.values()) * 3 == taps  # each move: where, which, confirm
        assert t("table-final-ranking") in await page.locator("#table").inner_text()
        assert page.script_errors == []


@pytest.mark.parametrize(("size", "touch"), [(PHONE, True), (DESKTOP, False)],
                         ids=["phone", "desktop"])
async def test_a_lanterns_game_by_tapping_the_board(tmp_path: Path, size: dict[str, int],
                                                    touch: bool) -> None:
    """Every move by touch: a tile of the hand, its turn, its spot; an exchange on the own
    cards then the supply's; a dedication on the market; the final turn's end on its tray;
    each confirmed by the same again. No button is pressed."""
    shots = tmp_path / f"lanterns-{size['width']}"
    shots.mkdir()
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, size, touch=touch)
        await sit_down(page, server.url, "Ann")
        await open_table(page, "lanterns")
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        await settle(page)
        await page.screenshot(path=shots / "start.png")
        assert await layout_problems(page) == []
        tapped: list[str] = []
        taps = await tap_through(page, shots, every=12, choose=random.Random(34), tapped=tapped)
        await settle(page)
        await page.screenshot(path=shots / "over.png", full_page=True)
        moves = _moves_begun(tapped)
        print(f"lanterns {size['width']}: {taps} taps, no button; moves begun by a tap: {moves}")
        assert moves["p"] >= 5 and moves["e"] >= 1  # tiles placed, the final turn ended
        assert t("table-final-ranking") in await page.locator("#table").inner_text()
        assert page.script_errors == []


def _moves_begun(tapped: list[str]) -> Counter[str]:
    """How many moves each first key began (a tap that confirms ends one)."""
    confirmed = [decode(data).path for data in tapped if decode(data).kind == "confirm"]
    return Counter({"p": 0, "d": 0, "c": 0, "x": 0, "e": 0}) + Counter(
        path[0] for path in confirmed if path)


@pytest.mark.parametrize("game", ["lighthouse", "hanabi", "lanterns", "rafter"])
async def test_on_a_phone_the_choice_is_on_the_first_screen(tmp_path: Path, game: str) -> None:
    """At 360x740, when the turn comes, the hand's picture with its taps and the first
    choice's button are on screen without scrolling; the table folds to its head and opens
    again on request."""
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, PHONE, touch=True)
        await sit_down(page, server.url, "Ann")
        await open_table(page, game)
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        await settle(page)
        await page.evaluate("() => window.scrollTo(0, 0)")
        await page.screenshot(path=tmp_path / f"{game}-phone-choosing.png")
        assert await page.evaluate(ACTION_IN_VIEW) == []
        assert not await page.locator("#table .messages").is_visible()
        await page.click("#board-toggle")
        await page.locator("#table .messages").wait_for()
        await settle(page)
        await page.screenshot(path=tmp_path / f"{game}-phone-table-open.png", full_page=True)
        assert page.script_errors == []


HIDDEN_TAB = """() => {
    // the tab can be told hidden; notifications are granted and recorded, not shown
    window.hiddenTab = false;
    Object.defineProperty(document, 'hidden', {get: () => window.hiddenTab});
    window.notices = [];
    window.Notification = class {
        static permission = 'granted';
        static requestPermission() { return Promise.resolve('granted'); }
        constructor(title, options) { window.notices.push([title, options.body]); }
        close() {}
    };
}"""


async def test_a_turn_in_a_hidden_tab_is_announced_and_the_clock_counts_down(
        tmp_path: Path) -> None:
    """When Ann's turn comes back while her tab is hidden: a system notification naming her
    and a badge on the tab's icon, gone when she looks again; her hand shows her clock."""
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, DESKTOP, touch=False)
        await page.add_init_script(f"({HIDDEN_TAB})()")
        await sit_down(page, server.url, "Ann")
        await open_table(page, "lighthouse", zone_size=3, track=3)
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        clock = page.locator(".hand.acting .clock")
        await clock.wait_for()
        assert re.fullmatch(r"⏳ [0-9]+:[0-5][0-9]", await clock.inner_text())
        await page.evaluate("() => { window.hiddenTab = true; }")
        # Ann's move, by taps; the computer's; then hers again, in the hidden tab
        await tap_through(page, tmp_path, taps_only=3)
        await page.wait_for_function("() => window.notices.length > 0")
        [[title, body]] = await page.evaluate("() => window.notices")
        assert title == t("web-turn-notice-title") and "Ann" in body
        icon = await page.locator("link[rel=icon]").get_attribute("href")
        assert "circle" in unquote(icon or "")
        assert (await page.title()).startswith("🔔")
        await page.evaluate("() => { window.hiddenTab = false;"
                            " document.dispatchEvent(new Event('visibilitychange')); }")
        assert "circle" not in unquote(await page.locator("link[rel=icon]").get_attribute("href") or "")
        assert page.script_errors == []


async def test_a_hand_is_busy_while_its_press_is_worked_out(tmp_path: Path) -> None:
    """While the server works a press out (held back here, as Rafter Five's physics holds
    it), the hand is marked busy: its buttons are disabled and another tap sends nothing;
    once its answer and new choices come, it takes presses again."""
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, DESKTOP, touch=False)
        await sit_down(page, server.url, "Ann")
        await open_table(page, "lighthouse", zone_size=3, track=3)
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        held: list[Any] = []
        presses: list[str] = []

        async def hold(route: Any) -> None:
            presses.append(route.request.post_data_json["data"])
            held.append(route)

        await page.route("**/api/press", hold)
        first = page.locator(".hand.acting polygon.tap").first
        await first.dispatch_event("click")
        await page.locator(".hand .message.busy[aria-busy=true]").wait_for()
        assert await page.locator(".hand .message button[data-press]:not([disabled])").count() == 0
        await page.locator(".hand.acting polygon.tap").nth(1).dispatch_event("click")
        await page.locator(".hand .message button[data-press]").first.click(force=True)
        await page.wait_for_function("() => true")  # let the page handle both clicks
        assert len(presses) == 1
        await held[0].continue_()
        await page.unroute("**/api/press")
        await page.locator(".hand .message.busy").wait_for(state="detached")
        # the new choices take a press again
        await page.locator(".hand.acting .message:not(.busy) button[data-press]").first.wait_for()
        assert page.script_errors == []
