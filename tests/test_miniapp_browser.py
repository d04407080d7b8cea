"""The Mini App in a real browser (Debian's Chromium, Playwright), inside a stand-in for
Telegram's client: `window.Telegram.WebApp` whose initData the fake Telegram server signed
for the person (Telegram's own script is not loaded: no internet in tests). The bot polls the
fake Telegram server and serves the Mini App on 127.0.0.1, as in tests/test_miniapp_e2e.py.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import pytest_asyncio
from PIL import Image
from playwright.async_api import TimeoutError as PlaywrightTimeout

from fakes.miniapp_e2e import MiniAppWorld, running_world
from fakes.telegram import FakeChat, FakeTelegramServer, FakeUser
from fakes.telegram.web_app import open_web_app
from fakes.telegram_e2e import TR, board, button_data, panel
from tests.test_web_rafter_touch import HAND_CARD
from tests.web_browser import STEP, chromium

pytest_plugins = ["fakes.telegram.fixtures"]

PHONE = {"width": 390, "height": 844}
THEME = {"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499",
         "link_color": "#6ab3f3", "button_color": "#5288c1", "button_text_color": "#ffffff",
         "secondary_bg_color": "#232e3c"}
STAND_IN = """
window.Telegram = { WebApp: {
  initData: %(init)s, initDataUnsafe: {}, colorScheme: "dark", themeParams: %(theme)s,
  safeAreaInset: {top: 24, bottom: 34, left: 0, right: 0},
  contentSafeAreaInset: {top: 10, bottom: 0, left: 0, right: 0},
  calls: [], alerts: [], events: {}, isVerticalSwipesEnabled: true,
  disableVerticalSwipes() { this.isVerticalSwipesEnabled = false; },
  enableVerticalSwipes() { this.isVerticalSwipesEnabled = true; },
  ready() { this.calls.push("ready"); }, expand() { this.calls.push("expand"); },
  onEvent(name, handler) { this.events[name] = handler; },
  showAlert(text) { this.alerts.push(text); },
  BackButton: { visible: false, shown: 0, handlers: [],
    onClick(f) { this.handlers.push(f); },
    offClick(f) { this.handlers = this.handlers.filter((h) => h !== f); },
    show() { this.visible = true; this.shown += 1; }, hide() { this.visible = false; } },
  MainButton: { visible: false, text: "", pressed: 0, handlers: [],
    setText(text) { this.text = text; },
    onClick(f) { this.handlers.push(f); },
    offClick(f) { this.handlers = this.handlers.filter((h) => h !== f); },
    show() { this.visible = true; }, hide() { this.visible = false; },
    press() { this.pressed += 1; this.handlers.forEach((h) => h()); } },
  HapticFeedback: { felt: [],
    selectionChanged() { this.felt.push("choice"); },
    notificationOccurred(kind) { this.felt.push(kind); } },
} };
"""
LOOK_EVERY = 1000
"""Milliseconds between looks at whether the game is over while waiting for a choice."""
AGAIN_AFTER = 5000
"""Milliseconds after which a choice just made may be made again (see next_choice)."""
NEXT = """(last) => {
  const app = Telegram.WebApp;
  if (document.body.classList.contains("busy")) return false;
  if (app.MainButton.visible && app.MainButton.handlers.length) return ["main"];
  const shapes = [...document.querySelectorAll("#hand .panel polygon.tap, #sheet polygon.tap")];
  for (const shape of shapes.filter((s) => s.dataset.tap !== last)) {
    shape.scrollIntoView({ block: "center" });
    const points = [...shape.points];
    const x = points.reduce((a, p) => a + p.x, 0) / points.length;
    const y = points.reduce((a, p) => a + p.y, 0) / points.length;
    // where the picture shows that point: the overlay must be there, in front
    const img = shape.closest(".picture").querySelector("img").getBoundingClientRect();
    const [w, h] = shape.ownerSVGElement.getAttribute("viewBox").split(" ").slice(2).map(Number);
    const px = img.left + (x * img.width) / w, py = img.top + (y * img.height) / h;
    if (document.elementFromPoint(px, py) === shape) return ["tap", px, py, shape.dataset.tap];
  }
  const b = document.querySelector('#hand .panel button[data-press^="g:"], #sheet button[data-press^="g:"]');
  if (b && b.dataset.press !== last) return ["button", b.dataset.press];
  return false;
}"""


@pytest_asyncio.fixture
async def world(fake_telegram: FakeTelegramServer, tmp_path: Path
                ) -> AsyncIterator[MiniAppWorld]:
    async with running_world(fake_telegram, tmp_path / "games.sqlite3") as w:
        yield w


async def against_a_computer(world: MiniAppWorld, server: FakeTelegramServer, game: str,
                             options: dict[str, Any] | None = None
                             ) -> tuple[FakeChat, FakeUser, int]:
    """Ann opens a table of `game` in her group, with an easy computer player and no clock,
    through the chat's buttons, and starts it."""
    ann = server.user("Ann", language_code="en")
    group = server.group("Family", owner=ann)
    await world.open_private(ann)
    [lobby] = await world.send(ann, group, f"/newgame {game}")
    table = (await world.table(group)).id
    if options:
        await world.store.set_options(table, options)
    await world.press(ann, lobby, button_data(lobby, "computer"))
    await world.press(ann, lobby, f"b:{table}:easy")
    await world.press(ann, lobby, button_data(lobby, "clock"))
    await world.press(ann, lobby, f"k:{table}:0")
    await world.start_game(group, ann)
    return group, ann, table


async def telegram_page(browser: Any, world: MiniAppWorld, init: str) -> Any:
    """A phone-sized page opened as Telegram opens a Mini App (its stand-in)."""
    context = await browser.new_context(viewport=PHONE, locale="en-US", device_scale_factor=1,
                                        has_touch=True)
    context.set_default_timeout(STEP)
    await context.add_init_script(STAND_IN % {"init": json.dumps(init),
                                              "theme": json.dumps(THEME)})
    await context.route("https://telegram.org/**", lambda route: route.abort())
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    await page.goto(world.web + "/tg/")
    return page


def start_param(group: FakeChat) -> str:
    """The table the group's board's "Open table" link opens."""
    [link] = [b["url"] for row in board(group).buttons for b in row if "url" in b]
    return parse_qs(urlsplit(link).query)["startapp"][0]


async def next_choice(page: Any, world: MiniAppWorld, table: int, last: str) -> Any:
    """What the page offers next (see NEXT), or None once the game is over: its last move
    may be the computer's, after which the page offers nothing more. A choice just made
    that is still offered after a while is offered again: a touch that landed while its
    picture was being replaced did nothing, and a person would touch it again."""
    for look in range(STEP // LOOK_EVERY):
        row = await world.store.get_table(table)
        assert row is not None
        if row.status != "playing":
            assert row.status == "finished", row.status
            return None
        if look * LOOK_EVERY >= AGAIN_AFTER:
            last = ""
        try:
            found = await page.wait_for_function(NEXT, arg=last, timeout=LOOK_EVERY)
        except PlaywrightTimeout:
            continue
        return await found.json_value()
    raise AssertionError(f"nothing to choose for {STEP // 1000} s in a game under way")


async def play_by_touch(page: Any, world: MiniAppWorld, table: int) -> tuple[int, int]:
    """Ann touches what her panel's picture offers (a button where it offers nothing to
    touch), and Telegram's Main button when it offers the move's Confirm, until the game is
    over; returns how many moves were confirmed and how many touches were made."""
    confirmed = touches = 0
    last = ""
    for _ in range(3000):
        choice = await next_choice(page, world, table, last)
        if choice is None:
            return confirmed, touches
        if choice[0] == "main":
            before = await world.version(table)
            await page.evaluate("Telegram.WebApp.MainButton.press()")
            await page.wait_for_function("() => !document.body.classList.contains('busy')")
            await world.bot.settle()
            confirmed += await world.version(table) > before
            last = ""
        elif choice[0] == "tap":
            _, x, y, last = choice
            await page.touchscreen.tap(x, y)
            touches += 1
        else:
            last = choice[1]
            await page.locator(f'button[data-press="{last}"]').first.click()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "options"), [
    ("lanterns", None), ("lighthouse", {"zone_size": 3, "track": 3})])
async def test_a_whole_game_by_touch_in_the_mini_app(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer, tmp_path: Path, game: str,
        options: dict[str, Any] | None) -> None:
    """Ann opens her table from the group board's link and plays a whole game against a
    computer player by touch: her panel's choices, and Telegram's Main button for each
    move's Confirm; the group's board and her private panel follow every move."""
    group, ann, table = await against_a_computer(world, fake_telegram, game, options)
    init = open_web_app(fake_telegram, ann, start_param=start_param(group))
    async with chromium() as browser:
        page = await telegram_page(browser, world, init)
        await page.locator("#board .board img").wait_for()
        await page.locator("#hand .panel img").wait_for()
        # Telegram's look: its colours, its dark scheme, inside the safe areas
        look = await page.evaluate("""() => ({
            bg: getComputedStyle(document.body).backgroundColor,
            scheme: document.documentElement.dataset.scheme,
            top: getComputedStyle(document.body).paddingTop,
            calls: Telegram.WebApp.calls })""")
        assert look == {"bg": "rgb(23, 33, 43)", "scheme": "dark", "top": "42px",
                        "calls": ["ready", "expand"]}
        board_edits = board(group).edits
        await page.locator('#hand .panel button[data-press^="g:"]').first.click()
        await page.locator("#hand .panel").wait_for()
        shot = Image.open(io.BytesIO(await page.screenshot())).convert("RGB")
        shot.save(tmp_path / f"miniapp-{game}.png")
        if game == "lanterns":  # docs/miniapp.png is this picture (copied by hand)
            await page.evaluate("scrollTo(0, 0)")
            shot = Image.open(io.BytesIO(await page.screenshot())).convert("RGB")
            shot.quantize(256, method=Image.Quantize.MEDIANCUT).save(
                tmp_path / "miniapp-top.png", optimize=True)
        confirmed, touches = await play_by_touch(page, world, table)
        # a match the computer ends quickly may leave Ann a single thing to touch
        assert confirmed >= 3 and touches >= 1
        app = await page.evaluate("""() => ({
            felt: Telegram.WebApp.HapticFeedback.felt, back: Telegram.WebApp.BackButton.shown,
            main: Telegram.WebApp.MainButton.pressed })""")
        assert app["main"] >= confirmed and app["back"] > 0
        assert "choice" in app["felt"] and "success" in app["felt"]
        # the chats followed every move: the group's board and Ann's panel, edited in place
        assert board(group).edits >= board_edits + confirmed
        ann_panel = panel(ann)
        assert ann_panel is not None and ann_panel.edits > 0
        assert page.script_errors == []


async def test_a_member_without_a_seat_sees_no_hand_and_a_forged_opening_nothing(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer) -> None:
    group, ann, table = await against_a_computer(world, fake_telegram, "lanterns")
    carol = fake_telegram.user("Carol", language_code="ru")
    group.members[carol.id] = carol
    async with chromium() as browser:
        page = await telegram_page(browser, world, open_web_app(
            fake_telegram, carol, start_param=start_param(group)))
        await page.locator("#board .board img").wait_for()
        assert await page.locator("#watching").inner_text() == \
            "Ты наблюдаешь: руку каждого игрока видит только он сам."
        assert await page.locator("#hand .panel").count() == 0
        assert await page.locator("#hand img").count() == 0

        openings = {
            "miniapp-refused-forged": open_web_app(
                fake_telegram, ann, start_param=str(table)).replace("Ann", "Bob"),
            "miniapp-refused-forged ": open_web_app(  # another bot's
                fake_telegram, ann, start_param=str(table), token="987:AAotherbot"),
            "miniapp-refused-expired": open_web_app(
                fake_telegram, ann, start_param=str(table), auth_date=1_000_000_000),
            "miniapp-refused-missing": "",
        }
        for key, init in openings.items():
            page = await telegram_page(browser, world, init)
            await page.locator("#refused").wait_for()
            assert await page.locator("#refused").inner_text() == TR.t("en", key.strip())
            assert await page.locator("#board").count() == 0
            assert page.script_errors == []


# --- Rafter Five: the card dragged onto the raft ------------------------------------------

RAFTER_NEXT = """() => {
  if (document.body.classList.contains("busy") || !document.querySelector("main.acting")) return false;
  const box = document.querySelector("#hand .panel");
  const svg = box && box.querySelector("svg.taps");
  const img = box && box.querySelector(".picture img");
  if (!svg || box.dataset.seen || !img.complete || !img.naturalWidth) return false;
  svg.closest(".picture").scrollIntoView({ block: "center" });
  const shown = img.getBoundingClientRect();
  const [w, h] = svg.getAttribute("viewBox").split(" ").slice(2).map(Number);
  const scale = Math.min(shown.width / w, shown.height / h);
  const left = shown.left + (shown.width - w * scale) / 2, top = shown.top + (shown.height - h * scale) / 2;
  const taps = [];
  for (const shape of svg.querySelectorAll("polygon.tap")) {
    const pts = [...shape.points];
    const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
    const inside = [[cx, cy], ...pts.map((p) => [(cx + p.x) / 2, (cy + p.y) / 2])];
    const seen = inside.map(([x, y]) => [left + x * scale, top + y * scale])
      .find(([x, y]) => document.elementFromPoint(x, y) === shape);
    const style = getComputedStyle(shape);
    taps.push({ data: shape.dataset.tap, mark: shape.dataset.mark || "",
                drawn: shape.dataset.mark ? [style.fill, style.stroke, [...svg.querySelectorAll("text")]
                  .map((t) => t.textContent).join("")] : null,
                confirms: shape.classList.contains("confirm"), at: seen || null,
                centre: [cx, cy], points: pts.map((p) => [p.x, p.y]) });
  }
  return { drag: svg.dataset.drag || null, taps, left, top, scale };
}"""
REDRAWN = """() => !document.body.classList.contains("busy")
  && !document.querySelector("#hand .panel[data-seen]")"""
SEEN_PANEL = "() => { document.querySelector('#hand .panel').dataset.seen = '1'; }"


DRAG_RING = """() => {
  const ring = document.querySelector("#hand svg.draggable .drag-mark circle");
  return ring && [Number(ring.getAttribute("cx")), Number(ring.getAttribute("cy"))];
}"""
"""Where the page draws the drag's ring (the picture's pixels), or null: no drag shown."""


async def drag_by_touch(page: Any, start: tuple[float, float], end: tuple[float, float],
                        steps: int = 8, shot: Path | None = None) -> list[float] | None:
    """A finger's drag from `start` to `end` (Playwright's touchscreen only taps);
    `shot`: a screenshot before letting go. Returns where the page drew the drag's ring
    just before the finger was lifted."""
    (sx, sy), (ex, ey) = start, end
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Input.dispatchTouchEvent",
                   {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]})
    for i in range(1, steps + 1):
        point = {"x": sx + (ex - sx) * i / steps, "y": sy + (ey - sy) * i / steps}
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    if shot is not None:
        await page.screenshot(path=shot)
    ring: list[float] | None = await page.evaluate(DRAG_RING)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    await cdp.detach()
    return ring


def _on_screen(found: dict[str, Any], at: tuple[float, float]) -> tuple[float, float]:
    """A point of the picture (RAFTER_NEXT's) on the screen."""
    return found["left"] + at[0] * found["scale"], found["top"] + at[1] * found["scale"]


def _menu_path(data: str) -> list[str]:
    """The menu path a press's data names ("g:table:version:a.b" or a point's prefix)."""
    keys = data.split(":")[3]
    return keys.split(".") if keys else []


async def test_a_rafter_card_dragged_onto_the_raft_lands_there_and_builds(
        world: MiniAppWorld, fake_telegram: FakeTelegramServer, tmp_path: Path) -> None:
    """In the Mini App on a phone, Ann takes a card, drags it from her hand onto an area of
    the raft (the page draws the drag as the playground does), sees its ghost where she let
    go, turns it with the ↻ control drawn over the picture, places the builder and the
    chest by tapping and builds: one build, by touch alone, with no refusal by the page's
    policy."""
    group, ann, table = await against_a_computer(world, fake_telegram, "rafter", {"chests": 2})
    async with chromium() as browser:
        page = await telegram_page(browser, world, open_web_app(
            fake_telegram, ann, start_param=start_param(group)))
        refused: list[str] = []
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        gestures = 0

        async def next_screen() -> dict[str, Any]:
            found = await (await page.wait_for_function(RAFTER_NEXT)).json_value()
            await page.evaluate(SEEN_PANEL)
            return found

        swipes = "() => Telegram.WebApp.isVerticalSwipesEnabled"
        found = await next_screen()
        assert await page.evaluate(swipes)  # nothing to drag: Telegram's swipe down folds it
        while found["drag"] is None:  # taking a card (the rafter, the card)
            tap = next(t for t in found["taps"] if t["at"] and (t["confirms"] or not t["mark"]))
            await page.touchscreen.tap(*tap["at"])
            gestures += 1
            found = await next_screen()
        assert _menu_path(found["drag"]) == []  # the areas: drag the card onto one
        assert not await page.evaluate(swipes)  # a drag down the raft must not fold the app
        areas = [t for t in found["taps"] if _menu_path(t["data"])[-1].startswith("A")]
        area = areas[0]
        target = (area["centre"][0] + 12, area["centre"][1] - 8)
        ring = await drag_by_touch(page, _on_screen(found, HAND_CARD), _on_screen(found, target),
                                   shot=tmp_path / "miniapp-rafter-dragging.png")
        gestures += 1
        # the drag was drawn under the finger (a ring, a line from the hand), as it moved
        assert ring is not None and math.dist(ring, target) < 3, (ring, target)
        landed = await next_screen()
        await page.screenshot(path=tmp_path / "miniapp-rafter-landed.png")
        assert landed["drag"] is not None
        [card] = _menu_path(landed["drag"])
        name = _menu_path(area["data"])[-1]
        assert card.startswith(name + "r"), (card, name)  # the area dropped on, at an angle
        # the ghost drawn where the card landed: the builder's places on it, about that point
        places = [t["centre"] for t in landed["taps"] if _menu_path(t["data"])[-1][0] == "p"]
        xs, ys = [x for x, _ in places], [y for _, y in places]
        assert len(places) >= 3, landed["taps"]
        assert min(xs) - 40 <= target[0] <= max(xs) + 40, (target, places)
        assert min(ys) - 40 <= target[1] <= max(ys) + 40, (target, places)
        # the ↻ control, drawn over the picture as on the playground, turns the card
        [turn] = [t for t in landed["taps"] if t["mark"] == "↻"]
        assert turn["drawn"] == ["rgba(16, 24, 32, 0.8)", "rgb(255, 213, 74)", "↻"], turn
        await page.touchscreen.tap(*turn["at"])
        gestures += 1
        found = await next_screen()
        assert found["drag"] is not None and _menu_path(found["drag"]) == _menu_path(turn["data"])
        # the builder, the chest, then the build: taps on their places
        version = await world.version(table)
        tapped: list[str] = []
        marks: dict[str, Any] = {}
        while not tapped or tapped[-1] != "go":
            assert len(tapped) < 6 and found["drag"] is not None, (tapped, found)
            marks.update((t["mark"], t["drawn"]) for t in found["taps"] if t["mark"])
            [place, *_] = [t for t in found["taps"] if t["at"] and not t["mark"]
                           and _menu_path(t["data"])[-1][0] in "pcg"]
            await page.touchscreen.tap(*place["at"])
            gestures += 1
            tapped.append(_menu_path(place["data"])[-1])
            if tapped[-1] != "go":
                found = await next_screen()
        # built (the raft's physics worked out): Ann's panel is drawn anew
        await page.wait_for_function(REDRAWN, timeout=2 * STEP)
        await world.bot.settle()
        assert await world.version(table) > version, tapped  # hers, then the computer's
        assert await page.evaluate(swipes)
        # ready to build, the ? (How risky?) control was drawn over the picture too
        assert marks["?"] == ["rgba(16, 24, 32, 0.8)", "rgb(255, 213, 74)", "?"], marks
        assert page.script_errors == [] and refused == []
        print(f"miniapp rafter: one build in {gestures} gestures: {tapped}")
