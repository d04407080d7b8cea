"""Rafter Five by touching the board (issue 34): in real Chromium, a whole game against an
easy computer where every move is a drag or a tap on the picture, never a button, on a
phone (360x740, touch) and on a desktop (1280x800, mouse). The card is dragged from the
hand onto the raft (the server snaps it to the nearest legal pose and draws its ghost
there), now and then turned with the ↻ control; the builder and the chest are tapped on
their places; the ghost is tapped to build. The gestures each build takes are counted and
printed; screenshots of each game go under the test's tmp dir (`pytest --basetemp=DIR`).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import Translator
from bot.payloads import Press, decode, encode
from bot.screens import ChatRef, Role, Screen, UserRef
from fakes.service_harness import Harness, open_harness, seat_players
from render.rafter.panel import HAND_W
from render.rafter.seats import STRIP_H
from render.rafter.theme import MARGIN, PANEL_WIDTH
from render.regions import Region
from tests.test_web_touch import DESKTOP, PHONE, settle, touch_page
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

TR = Translator.load()
HAND_CARD = (PANEL_WIDTH - MARGIN - HAND_W * 0.6, MARGIN + STRIP_H / 2)
"""Where a drag begins: the card drawn in the hand, top right of the panel."""

NEXT = """([final]) => {
    const table = document.querySelector('#table');
    if (table && table.innerText.includes(final)) return {over: true};
    const hand = document.querySelector('.hand.acting');
    const box = hand && hand.querySelector('.message');
    if (!box || box.classList.contains('busy')) return false;
    if (box.dataset.seen) {  // the screen last acted on: a refusal, or not drawn anew yet
        const alert = document.querySelector('.toast.alert');
        return alert ? {refused: alert.innerText} : false;
    }
    const svg = box.querySelector('svg.taps');
    if (!svg) {
        const buttons = [...box.querySelectorAll('button[data-press]')].map(b => b.dataset.press);
        return buttons.length ? {untappable: buttons.join(' ')} : false;
    }
    svg.closest('.picture').scrollIntoView({block: 'center'});
    const img = box.querySelector('.picture img').getBoundingClientRect();
    const [w, h] = svg.getAttribute('viewBox').split(' ').slice(2).map(Number);
    const scale = Math.min(img.width / w, img.height / h);
    const left = img.left + (img.width - w * scale) / 2, top = img.top + (img.height - h * scale) / 2;
    const taps = [];
    for (const shape of svg.querySelectorAll('polygon.tap')) {
        const pts = [...Array(shape.points.numberOfItems).keys()].map(i => shape.points.getItem(i));
        const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
        const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
        const inside = [[cx, cy], ...pts.map(p => [(cx + p.x) / 2, (cy + p.y) / 2])];
        const seen = inside.map(([x, y]) => [left + x * scale, top + y * scale])
            .find(([x, y]) => document.elementFromPoint(x, y) === shape);
        taps.push({data: shape.dataset.tap, mark: shape.dataset.mark || '',
                   confirms: shape.classList.contains('confirm'), at: seen || null,
                   centre: [cx, cy]});
    }
    return {drag: svg.dataset.drag || null, taps, left, top, scale};
}"""

SEEN = "() => { document.querySelector('.hand.acting .message').dataset.seen = '1'; }"


def _path(data: str) -> list[str]:
    """The menu path a press's data names ("g:table:version:a.b" or a point prefix)."""
    keys = data.split(":")[3]
    return keys.split(".") if keys else []


def _on_screen(found: dict[str, Any], at: tuple[float, float]) -> tuple[float, float]:
    """A point of the picture on the screen."""
    return found["left"] + at[0] * found["scale"], found["top"] + at[1] * found["scale"]


def _tap_of(taps: list[dict[str, Any]], test: Any) -> dict[str, Any] | None:
    """The first tap on screen that passes `test`."""
    return next((tap for tap in taps if tap["at"] and test(tap)), None)


class Player:
    """Gestures on the page, a touch screen's or a mouse's, counted."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.gestures = 0

    async def tap(self, x: float, y: float) -> None:
        self.gestures += 1
        await self.page.evaluate(SEEN)
        if self.page.touch:
            await self.page.touchscreen.tap(x, y)
        else:
            await self.page.mouse.click(x, y)

    async def twist(self, centre: tuple[float, float], degrees: float = 60,
                    steps: int = 6) -> None:
        """Two fingers on a touch screen turned `degrees` about `centre`."""
        self.gestures += 1
        await self.page.evaluate(SEEN)
        cdp = await self.page.context.new_cdp_session(self.page)

        def fingers(turned: float) -> list[dict[str, float]]:
            a = math.radians(turned)
            return [{"x": centre[0] + side * 40 * math.cos(a), "y": centre[1] + side * 40 * math.sin(a),
                     "id": n} for n, side in enumerate((-1, 1))]

        await cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(0)})
        for i in range(1, steps + 1):
            await cdp.send("Input.dispatchTouchEvent",
                           {"type": "touchMove", "touchPoints": fingers(degrees * i / steps)})
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        await cdp.detach()

    async def drag(self, start: tuple[float, float], end: tuple[float, float],
                   steps: int = 8, shot: Path | None = None) -> None:
        """A drag from `start` to `end`; `shot`: a screenshot before letting go."""
        self.gestures += 1
        await self.page.evaluate(SEEN)
        (sx, sy), (ex, ey) = start, end
        way = [(sx + (ex - sx) * i / steps, sy + (ey - sy) * i / steps) for i in range(1, steps + 1)]
        if not self.page.touch:
            await self.page.mouse.move(sx, sy)
            await self.page.mouse.down()
            for x, y in way:
                await self.page.mouse.move(x, y)
            if shot is not None:
                await self.page.screenshot(path=shot)
            await self.page.mouse.up()
            return
        cdp = await self.page.context.new_cdp_session(self.page)
        await cdp.send("Input.dispatchTouchEvent",
                       {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]})
        for x, y in way:
            await cdp.send("Input.dispatchTouchEvent",
                           {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        if shot is not None:
            await self.page.screenshot(path=shot)
        await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        await cdp.detach()


async def play_rafter_by_touch(page: Any, shots: Path, *, seed: int = 5,
                               limit: int = 200) -> list[tuple[int, int]]:
    """Play Ann's turns by drags and taps until the game is over; returns each build's
    (gestures placing the card, gestures in all)."""
    rng = random.Random(seed)
    me = Player(page)
    builds: list[tuple[int, int]] = []
    building: list[int] | None = None  # the gestures so far: the card's, in all
    turned_to: list[str] | None = None
    for _ in range(limit):
        found = await (await page.wait_for_function(NEXT, arg=[t("table-final-ranking")],
                                                    timeout=STEP)).json_value()
        if found.get("over"):
            break
        assert "refused" not in found, found["refused"]
        assert "untappable" not in found, f"nothing to tap for {found['untappable']}"
        taps, drag = found["taps"], found["drag"]
        if turned_to is not None:  # the card was turned: the same level, the next angle
            assert drag is not None and _path(drag) == turned_to
            turned_to = None
        if drag is None:  # taking: the rafter, the card, Lift (no build under way)
            if building is not None:
                builds.append((building[0], building[1]))
                building = None
            tap = _tap_of(taps, lambda tap: tap["confirms"]) or _tap_of(taps, lambda tap: not tap["mark"])
            assert tap is not None, taps
            await me.tap(*tap["at"])
            continue
        path = _path(drag)
        if building is None:
            building = [0, 0]
        before = me.gestures
        if not path:  # the areas: drag the card from the hand to near one of them
            areas = [tap for tap in taps if _path(tap["data"])[-1].startswith("A")]
            x, y = rng.choice(areas)["centre"]
            target = (x + rng.uniform(-30, 30), y + rng.uniform(-30, 30))
            first = not builds
            await me.drag(_on_screen(found, HAND_CARD), _on_screen(found, target),
                          shot=shots / "dragging.png" if first else None)
            building[0] += 1
            if first:  # the ghost where the card landed
                await page.wait_for_function(NEXT, arg=[t("table-final-ranking")], timeout=STEP)
                await settle(page)
                await page.screenshot(path=shots / "landed.png")
        else:
            turn = _tap_of(taps, lambda tap: tap["mark"] == "↻")
            places = [tap for tap in taps if tap["at"] and not tap["mark"]
                      and _path(tap["data"])[-1][0] in "pcg"]
            if turn is not None and len(path) == 1 and building[0] == 1 and rng.random() < 0.3:
                # now and then the card is turned once: two fingers on a phone
                if page.touch:
                    await me.twist(_on_screen(found, (PANEL_WIDTH / 2, HAND_CARD[1] + 500)))
                else:
                    await me.tap(*turn["at"])
                turned_to = _path(turn["data"])
                building[0] += 1
            else:
                assert places, taps
                await me.tap(*rng.choice(places)["at"])
        building[1] += me.gestures - before
    else:
        pytest.fail("the game did not end")
    if building is not None and building[1]:
        builds.append((building[0], building[1]))
    return builds


# --- the point press, through the table service --------------------------------------------


USERS = [UserRef("3001", "Ann", "en"), UserRef("3002", "Bob", "en")]


@pytest.fixture
async def harness(tmp_path: Path) -> Any:
    async with open_harness(tmp_path, TR) as h:
        yield h


def _acting(h: Harness) -> tuple[UserRef, Screen]:
    [(place, screen)] = [(place, shown.screen) for place, shown in h.kept.items()
                         if place.role is Role.PANEL and shown.screen.buttons]
    return next(u for u in USERS if u.id == place.chat_id), screen


async def _to_a_build(h: Harness) -> tuple[int, UserRef, Screen, Screen]:
    """A table at its first build; (table, who builds, their taking screen, areas screen)."""
    table = await seat_players(h, USERS, "rafter")
    await h.service.store.set_options(table, {"chests": 2})
    await h.press(USERS[0], encode(Press("start", table)))
    taking = _acting(h)[1]
    for _ in range(10):
        user, screen = _acting(h)
        if screen.drag is not None:
            return table, user, taking, screen
        await h.press(user, screen.taps[0].data, chat=ChatRef("telegram", user.id, private=True))
    pytest.fail("no build reached")


def _reply(h: Harness) -> str | None:
    return h.replies[-1].text if h.replies[-1] is not None else None


async def test_a_point_press_lands_the_card_on_the_area_dropped_on_and_builds(
        harness: Harness) -> None:
    h = harness
    table, user, _, areas = await _to_a_build(h)
    private = ChatRef("telegram", user.id, private=True)
    assert areas.drag is not None and decode(areas.drag + ":1,1").path == ()
    target = next(tap for tap in areas.taps if decode(tap.data).path == ("A2",))
    x, y = (round(v) for v in Region(("A2",), target.polygon).center())
    await h.press(user, f"{areas.drag}:{x},{y},{HAND_CARD[0]:.0f},{HAND_CARD[1]:.0f}",
                  chat=private)
    _, landed = _acting(h)
    assert landed.drag is not None
    [card] = decode(landed.drag + ":1,1").path
    assert card.startswith("A2r")  # area 2, at an angle it offers: the ghost is drawn there
    # the builder and the chest by points too, then the ghost builds
    version = (await h.service.store.get_table(table)).version
    for prefix in ("p", "c"):
        _, screen = _acting(h)
        place = next(tap for tap in screen.taps if decode(tap.data).path[-1][0] == prefix)
        px, py = (round(v) for v in Region(("",), place.polygon).center())
        assert screen.drag is not None
        await h.press(user, f"{screen.drag}:{px + 3},{py}", chat=private)
        assert decode(_acting(h)[1].drag + ":1,1").path[-1] == decode(place.data).path[-1]  # type: ignore[operator]
    _, ready = _acting(h)
    [build] = [tap for tap in ready.taps if not tap.mark]
    [risk] = [tap for tap in ready.taps if tap.mark]
    assert decode(build.data).path[-1] == "go" and decode(risk.data).path[-1] == "risk"
    await h.press(user, build.data, chat=private)
    assert (await h.service.store.get_table(table)).version == version + 1


@pytest.mark.parametrize("point", ["nan,3", "3,inf", "-1,3", "3,1e3", "12345,3", "3", "3,4,5",
                                   "3.5,4", " 3,4", "３,4"])
async def test_a_point_that_is_not_whole_bounded_pixels_is_refused(harness: Harness,
                                                                   point: str) -> None:
    h = harness
    table, user, _, areas = await _to_a_build(h)
    version = (await h.service.store.get_table(table)).version
    await h.press(user, f"{areas.drag}:{point}", chat=ChatRef("telegram", user.id, private=True))
    assert h.replies[-1].alert and _reply(h) == TR.t("en", "bot-error-malformed")
    assert _acting(h)[1].drag == areas.drag
    assert (await h.service.store.get_table(table)).version == version


async def test_a_point_off_the_raft_stale_or_out_of_turn_is_refused(harness: Harness) -> None:
    h = harness
    table, user, taking, areas = await _to_a_build(h)
    private = ChatRef("telegram", user.id, private=True)
    assert areas.drag is not None
    nowhere = TR.t("en", "table-point-nowhere")
    await h.press(user, f"{areas.drag}:9000,9000", chat=private)  # beyond the picture
    assert h.replies[-1].alert and _reply(h) == nowhere
    await h.press(user, f"{areas.drag}:30,30", chat=private)  # the strip, not the raft
    assert _reply(h) == nowhere
    # an old version: the board moved on since (the taking screen's version)
    old = decode(taking.taps[0].data)
    await h.press(user, encode(Press("point", table, old.version, (), point=(640, 700, 640, 700))),
                  chat=private)
    assert _reply(h) == TR.t("en", "bot-error-outdated")
    # a path the menu does not take now, and the other player
    press = decode(areas.drag + ":640,700")
    await h.press(user, encode(replace(press, path=("A99",))), chat=private)
    assert _reply(h) == TR.t("en", "bot-error-malformed")
    other = next(u for u in USERS if u != user)
    await h.press(other, areas.drag + ":640,700", chat=ChatRef("telegram", other.id, private=True))
    assert _reply(h) == TR.t("en", "bot-error-not-your-turn")
    assert _acting(h)[1].drag == areas.drag  # nothing changed
    assert (await h.service.store.get_table(table)).version == old.version + 1


# --- whole games in Chromium ------------------------------------------------------------------


@pytest.mark.parametrize(("size", "touch"), [(PHONE, True), (DESKTOP, False)],
                         ids=["phone", "desktop"])
async def test_a_rafter_game_by_dragging_and_tapping(tmp_path: Path, size: dict[str, int],
                                                     touch: bool) -> None:
    shots = tmp_path / f"rafter-{size['width']}"
    shots.mkdir()
    async with playground(tmp_path) as server, chromium() as browser:
        page = await touch_page(browser, size, touch=touch)
        refused: list[str] = []  # what the page's policy refused (a style attribute)
        page.on("console", lambda message: refused.append(message.text)
                if "Content Security Policy" in message.text else None)
        await sit_down(page, server.url, "Ann")
        await open_table(page, "rafter", chests=2)
        await add_computer(page, "easy")
        await press_on_table(page, t("bot-button-start"))
        await page.locator(".hand.acting polygon.tap").first.wait_for()
        await settle(page)
        await page.screenshot(path=shots / "start.png")
        assert await layout_problems(page) == []
        builds = await play_rafter_by_touch(page, shots)
        await settle(page)
        await page.screenshot(path=shots / "over.png", full_page=True)
        cards, totals = [c for c, _ in builds], [n for _, n in builds]
        print(f"rafter {size['width']}: {len(builds)} builds; gestures placing the card "
              f"{cards} (median {statistics.median(cards)}, max {max(cards)}); in all "
              f"(card, builder, chest, build) {totals} (mean {statistics.mean(totals):.2f}, "
              f"max {max(totals)})")
        assert builds and statistics.median(cards) <= 3
        assert t("table-final-ranking") in await page.locator("#table").inner_text()
        assert page.script_errors == [] and refused == []
