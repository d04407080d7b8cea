"""Never lose your turn (issue 34 item 4), in real Chromium: when a player's turn comes while
their tab is hidden, a chime, a system notification and a badge on the tab's icon, and
nothing when the turn is someone else's; the offer of notifications is shown once, with
why, and asks the browser only when pressed; the clock on the hand counts down (the page's
time driven by Playwright's clock, never waited for), and a page opened later gets the time
left then (the outbox's clock injected).

The tab is told hidden by an init script (a headless page is always "visible"), and
`Notification` is a spy that records what the page shows and asks, keeping the permission
the test's browser context granted. Headless Chromium answers "denied" where a person's
browser would still ask, so for the offer the spy says "default" (never asked) until the
page asks, and then "denied" (the person said no)."""

from __future__ import annotations

import re
from typing import Any

from bot.screens import Place, Post, Role, Screen
from bot.web.images import Images
from bot.web.rooms import Rooms
from tests.web_browser import (
    STEP,
    add_computer,
    chromium,
    next_to_act,
    open_table,
    play_on,
    playground,
    press_on_table,
    sit_down,
    t,
)

SPY = """(neverAsked => {
    window.hiddenTab = false;
    Object.defineProperty(document, 'hidden', {get: () => window.hiddenTab});
    Object.defineProperty(document, 'visibilityState',
                          {get: () => (window.hiddenTab ? 'hidden' : 'visible')});
    window.behind = false;  // its window behind another one's (the tab itself shown)
    document.hasFocus = () => !window.hiddenTab && !window.behind;
    window.notices = [];
    window.permissionAsks = 0;
    window.tones = 0;  // the chime's notes started
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
    const Real = window.Notification;
    window.Notification = class {
        static get permission() {
            return neverAsked && !window.permissionAsks ? 'default' : Real.permission;
        }
        static requestPermission() { window.permissionAsks += 1; return Promise.resolve(Real.permission); }
        constructor(title, options) {
            window.notices.push({title, body: (options || {}).body});
            // Chrome on Android: notices only through a service worker
            if (window.androidLike) throw new TypeError('Illegal constructor');
        }
        close() {}
    };
})"""

WORKER_NOTICES = """async () => {
    const registration = await navigator.serviceWorker.getRegistration('/static/');
    const shown = registration ? await registration.getNotifications() : [];
    return shown.length ? shown.map(n => [n.title, n.body]) : false;
}"""


async def worker_notices(page: Any) -> Any:
    """The notices the page's service worker shows, once there are any. Asked in turn, not
    with wait_for_function: that takes the async check's promise as true at once."""
    for _ in range(STEP // 100):
        shown = await page.evaluate(WORKER_NOTICES)
        if shown:
            return shown
        await page.wait_for_timeout(100)
    raise AssertionError("the service worker showed no notice")


ICON = "() => decodeURIComponent(document.querySelector('link[rel=icon]').href)"


async def alert_page(browser: Any, *, granted: bool) -> Any:
    context = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US",
                                        permissions=["notifications"] if granted else [])
    context.set_default_timeout(STEP)
    await context.add_init_script(f"({SPY})({'false' if granted else 'true'})")
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    return page


async def hide(page: Any, hidden: bool) -> None:
    await page.evaluate("hidden => { window.hiddenTab = hidden;"
                        " document.dispatchEvent(new Event('visibilitychange')); }", hidden)


async def behind(page: Any, behind: bool) -> None:
    await page.evaluate("behind => { window.behind = behind;"
                        " window.dispatchEvent(new Event(behind ? 'blur' : 'focus')); }", behind)


async def test_a_turn_in_a_hidden_tab_notifies_its_player_only(tmp_path: Any) -> None:
    """Ann and Bob in two browsers, both tabs hidden: when the first mover is done, the
    other's tab chimes, gets a notification naming them and a badge on its icon; the
    mover's tab, whose table also hears of the new turn, gets none of them. Looking again
    takes the badge off. Then a tab shown in a window behind another one is told too, and a
    browser that cannot make a notice from the page (Chrome on Android) has it made by the
    service worker and still draws the turn."""
    async with playground(tmp_path) as server, chromium() as browser:
        ann, bob = await alert_page(browser, granted=True), await alert_page(browser, granted=True)
        await sit_down(ann, server.url, "Ann")
        room = await open_table(ann, "lighthouse", zone_size=3, track=3)
        await sit_down(bob, room, "Bob")  # the invitation's name sits him down
        await ann.locator("#table .caption", has_text="Bob").wait_for()
        await press_on_table(ann, t("bot-button-start"))
        mover = await next_to_act([ann, bob])
        other, other_name = (bob, "Bob") if mover is ann else (ann, "Ann")
        mover_name = "Ann" if mover is ann else "Bob"
        # granted already: nothing to offer, nothing asked
        assert await mover.locator("#notify-offer").count() == 0
        icons = {page: await page.evaluate(ICON) for page in (ann, bob)}
        await hide(ann, True)
        await hide(bob, True)

        while await next_to_act([ann, bob]) is mover:  # the mover's presses, to the end
            await play_on(mover, moves=1)
        await other.wait_for_function("() => window.notices.length > 0")
        [notice] = await other.evaluate("() => window.notices")
        assert notice["title"] == t("web-turn-notice-title")
        assert other_name in notice["body"]
        assert await other.evaluate("() => window.tones") > 0  # the chime
        assert await other.evaluate(ICON) != icons[other]
        # the mover's page has heard whose turn it is: no notice, no badge there
        ping = t("table-turn-ping", player=other_name)
        await mover.locator("#table .caption", has_text=ping).wait_for()
        assert await mover.evaluate("() => [window.notices, window.tones]") == [[], 0]
        assert await mover.evaluate(ICON) == icons[mover]

        await hide(other, False)
        assert await other.evaluate(ICON) == icons[other]

        # the mover's tab shown again, but its window behind another: their turn is told
        # (by a browser whose Notification throws, as Chrome's on Android: the page goes on)
        await hide(mover, False)
        await behind(mover, True)
        await mover.evaluate("() => { window.androidLike = true; }")
        while await next_to_act([ann, bob]) is other:
            await play_on(other, moves=1)
        await mover.wait_for_function("() => window.notices.length > 0")
        assert await mover.evaluate(ICON) != icons[mover]
        # the page's notice refused, the service worker shows it (a real one, read back)
        [[title, body]] = await worker_notices(mover)
        assert title == t("web-turn-notice-title") and mover_name in body
        await other.locator("#table .caption",
                            has_text=t("table-turn-ping", player=mover_name)).wait_for()
        assert len(await other.evaluate("() => window.notices")) == 1  # its own, earlier
        await mover.locator(".hand.acting button[data-press]").first.wait_for()
        await behind(mover, False)
        assert await mover.evaluate(ICON) == icons[mover]
        assert ann.script_errors == [] and bob.script_errors == []


def seconds(clock: str) -> int:
    match = re.fullmatch(r"⏳ ([0-9]+):([0-5][0-9])", clock)
    assert match, clock
    return int(match[1]) * 60 + int(match[2])


async def test_the_offer_is_made_once_and_the_clock_counts_down(tmp_path: Any) -> None:
    """Notifications not yet allowed: the page explains why in view (not on loading, and
    without asking the browser) once Ann has a hand; pressing asks the browser once and the
    offer is gone, also after a reload. Her clock loses the seconds the page's time moves."""
    async with playground(tmp_path) as server, chromium() as browser:
        page = await alert_page(browser, granted=False)
        await page.clock.install()  # the page's time flows, and jumps when the test says
        await sit_down(page, server.url, "Ann")
        await open_table(page, "lighthouse", zone_size=3, track=3)
        assert await page.locator("#notify-offer").count() == 0  # no hand yet: no offer
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        offer = page.locator("#notify-offer")
        await offer.wait_for()
        assert t("web-notify-why") in await offer.inner_text()
        assert await page.evaluate("() => window.permissionAsks") == 0

        clock = page.locator(".hand.acting .clock")
        await clock.wait_for()
        before = seconds(await clock.inner_text())
        assert before > 60  # Lighthouse's usual clock: minutes for a turn
        await page.clock.fast_forward(7000)
        await page.wait_for_function(
            "limit => { const c = document.querySelector('.hand.acting .clock');"
            " const [m, s] = c.textContent.slice(2).split(':').map(Number);"
            " return m * 60 + s <= limit; }", arg=before - 7)

        await page.click("#notify-yes")
        await offer.wait_for(state="detached")
        assert await page.evaluate("() => window.permissionAsks") == 1
        await page.reload()
        await page.locator(".hand.acting").wait_for()
        assert await page.locator("#notify-offer").count() == 0
        assert await page.evaluate("() => window.permissionAsks") == 0
        assert page.script_errors == []


async def test_a_page_opened_later_gets_the_time_left_now() -> None:
    """A panel's clock is its seconds left when drawn; a browser that starts watching a
    minute later (a reload) gets a minute less, not the clock as it was drawn."""
    async def room_of(table_id: int) -> str | None:
        return "100000000001"

    now = [1000.0]
    rooms = Rooms(Images(), room_of, clock=lambda: now[0])
    first = rooms.watch("100000000001", frozenset({"1"}))
    rooms.post(Post(Place(7, Role.PANEL, 0, "1"), Screen(("Ann's turn",), clock=180.0)))
    await rooms.settled()
    now[0] += 60.4
    later = rooms.watch("100000000001", frozenset({"1"}))

    def clocks(watcher: Any) -> list[int]:
        events = [watcher.events.get_nowait() for _ in range(watcher.events.qsize())]
        return [e["screen"]["clock"] for e in events if e["type"] == "show"]

    assert clocks(first) == [180]
    assert clocks(later) == [120]
    now[0] += 600  # long past: nothing left, never less
    assert clocks(rooms.watch("100000000001", frozenset({"1"}))) == [0]
