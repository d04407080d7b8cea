"""The playground's HTTP routes: the page, the player's name and language, opening a table,
presses and commands, the live stream of a room, and pictures.

Every route reads the browser from its signed cookie. A press or command names the player it
is made as, which must be one the browser holds; the service then checks it as it checks a
Telegram or Discord press (who, where, which version, whether it is legal). What it answers
the presser (a note, a menu, a text) comes back in the response; what the room shows goes
through the outbox (bot/web/rooms.py) to the live streams.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.i18n import LANGUAGES, Translator, normalize_language
from bot.names import person_name, typed_name
from bot.screens import ChatRef, Post, Result, Role, Screen, UserRef
from bot.tables import TableService

from .identity import COOKIE, Browser, CookieSigner, Player
from .render import screen_json
from .rooms import Rooms

log = logging.getLogger(__name__)

PLATFORM = "web"
STATIC = Path(__file__).resolve().parent / "static"
ROOM = re.compile(r"[1-9][0-9]{5,17}")
COMMANDS = ("rules", "leave", "cancel", "history", "stats", "help")
"""The chat commands the page offers (a table is opened with /api/new)."""
KEEPALIVE = 15.0
"""Seconds between comments on an idle stream, so proxies and browsers keep it open."""
SERVER_TEXTS = {"web-started"}
"""Words of the playground that the server says, not the page."""
COOKIE_AGE = 400 * 24 * 3600  # the most browsers keep a cookie


@dataclass
class Playground:
    """What the routes share."""

    service: TableService
    translator: Translator
    rooms: Rooms
    cookies: CookieSigner
    default_language: str = "en"
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)

    def browser(self, request: web.Request) -> Browser:
        return self.cookies.load(request.cookies.get(COOKIE))

    def language(self, request: web.Request, browser: Browser) -> str:
        if browser.language:
            return browser.language
        accepted = request.headers.get("Accept-Language", "")
        return normalize_language(accepted.split(",")[0], self.default_language)

    def chat(self, room: str, lang: str) -> ChatRef:
        # the "chat" a panel points to ("the board is in …") is the page's Table pane
        return ChatRef(PLATFORM, room, title=self.translator.t(lang, "web-table"))

    def user(self, player: Player, lang: str) -> UserRef:
        return UserRef(player.id, person_name(player.name), lang)

    def remember(self, response: web.StreamResponse, browser: Browser) -> None:
        response.set_cookie(COOKIE, self.cookies.dump(browser), max_age=COOKIE_AGE,
                            httponly=True, samesite="Lax")

    def keep_drawing(self, result: Result) -> None:
        """Show the result's posts now, and its drawn ones as they come."""
        self.rooms.post(result.posts)
        if result.later is not None:
            task = asyncio.create_task(self._drain(result), name="playground drawing")
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _drain(self, result: Result) -> None:
        assert result.later is not None
        try:
            async for post in result.later:
                self.rooms.post(post)
        except Exception:
            log.exception("drawing a press's posts failed")

    def answer(self, result: Result, presser: Player) -> dict[str, Any]:
        """What the presser alone is told: a note, and a sheet (a menu or a text). The
        sheet's picture is the presser's: no other browser may fetch it."""
        reply = result.reply
        sheet: Screen | None = result.edit or result.private or result.aside or result.message
        out: dict[str, Any] = {"note": reply.text, "alert": reply.alert}
        if sheet is not None:
            out["sheet"] = screen_json(sheet, self.rooms.images, presser.id)
            out["replace"] = result.edit is not None
        return out


KEY = web.AppKey("playground", Playground)
routes = web.RouteTableDef()


def _texts(tr: Translator, lang: str) -> dict[str, str]:
    """The page's own words (data/i18n/*/web.ftl), and the language names."""
    keys = [k for k in tr.keys("en") if k.startswith("web-") and k not in SERVER_TEXTS]
    # the page fills `{$name}` itself (a player's name it knows)
    texts = {k: tr.t(lang, k, name="{$name}") for k in keys}
    texts.update({f"lang-{code}": tr.t(code, f"bot-language-name-{code}") for code in LANGUAGES})
    return texts


def _games(playground: Playground, lang: str) -> list[dict[str, Any]]:
    tr = playground.translator
    return [{"name": spec.name, "title": tr.t(lang, f"game-{spec.name}"),
             "tagline": tr.t(lang, f"game-{spec.name}-tagline"),  # it says how many play
             "options": [{"name": k, "default": v} for k, v in spec.default_options.items()]}
            for spec in playground.service.games.values()]


@routes.get("/")
@routes.get(r"/r/{room:[1-9][0-9]{5,17}}")
async def page(request: web.Request) -> web.Response:
    playground = request.app[KEY]
    browser = playground.browser(request)
    lang = playground.language(request, browser)
    state = {
        "room": request.match_info.get("room"),
        "language": lang,
        "languages": list(LANGUAGES),
        "players": [{"id": p.id, "name": p.name} for p in browser.players],
        "games": _games(playground, lang),
        "texts": _texts(playground.translator, lang),
    }
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    # `</` is escaped so that no name can close the script element it is embedded in
    data = json.dumps(state, ensure_ascii=False).replace("</", "<\\/")
    html = html.replace("{{lang}}", lang).replace("{{title}}", playground.translator.t(
        lang, "web-title")).replace("{{state}}", data)
    return web.Response(text=html, content_type="text/html",
                        headers={"Cache-Control": "no-store"})


async def _json(request: web.Request) -> dict[str, Any]:
    # JSON only: a form on another site cannot send it without the browser asking first
    if request.content_type != "application/json":
        raise web.HTTPUnsupportedMediaType(text="JSON expected")
    try:
        body = await request.json()
    except ValueError:
        raise web.HTTPBadRequest(text="bad JSON") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="bad JSON")
    return body


def _room(value: object) -> str:
    if not isinstance(value, str) or not ROOM.fullmatch(value):
        raise web.HTTPBadRequest(text="bad room")
    return value


def _player(browser: Browser, value: object) -> Player:
    player = browser.holds(value) if isinstance(value, str) else None
    if player is None:
        raise web.HTTPForbidden(text="not a player of this browser")
    return player


async def _acting(request: web.Request) -> tuple[Playground, dict[str, Any], Player, str]:
    """What every press and command starts from: the playground, the JSON body, the player
    it is made as (one this browser holds) and the browser's language."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    body = await _json(request)
    player = _player(browser, body.get("player"))
    return playground, body, player, playground.language(request, browser)


@routes.post("/api/player")
async def add_player(request: web.Request) -> web.Response:
    """A name typed on this browser: its first player, or one more for a hot seat."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    name = typed_name((await _json(request)).get("name"))
    if name is None:
        raise web.HTTPBadRequest(text="a name is needed")
    browser = browser.with_player(name)
    response = web.json_response({"players": [{"id": p.id, "name": p.name}
                                              for p in browser.players]})
    playground.remember(response, browser)
    return response


@routes.post("/api/language")
async def set_language(request: web.Request) -> web.Response:
    """The page's language, and that of this browser's players (their panels), and of the
    room's table if a room is named (its board, as /language does in a group)."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    body = await _json(request)
    lang = body.get("language")
    if lang not in LANGUAGES:
        raise web.HTTPBadRequest(text="unknown language")
    browser = browser.with_language(lang)
    service = playground.service
    for player in browser.players:
        await service.store.set_user_language(PLATFORM, player.id, lang)
    if body.get("room") and browser.players:
        room = _room(body["room"])
        result = await service.press(playground.chat(room, lang),
                                     playground.user(browser.players[0], lang), f"L:{lang}")
        playground.keep_drawing(result)
        table = await service.store.active_table(PLATFORM, room, None)
        if table is not None:  # the players' panels, in their new language
            playground.rooms.post(await service.current_posts(table.id))
    response = web.json_response({"language": lang})
    playground.remember(response, browser)
    return response


@routes.post("/api/new")
async def new_table(request: web.Request) -> web.Response:
    """Open a table (as /newgame does): in the room named, or in a new room."""
    playground, body, player, lang = await _acting(request)
    room = _room(body["room"]) if body.get("room") else str(
        10**11 + secrets.randbelow(9 * 10**11))
    game, words = body.get("game"), body.get("options", [])
    if not isinstance(game, str) or not isinstance(words, list) or not all(
            isinstance(w, str) and " " not in w for w in words):
        raise web.HTTPBadRequest(text="bad table")
    result = await playground.service.command(playground.chat(room, lang),
                                              playground.user(player, lang), "newgame",
                                              " ".join([game, *words]))
    opened = any(isinstance(p, Post) and p.place.role is Role.LOBBY for p in result.posts)
    playground.keep_drawing(result)
    return web.json_response({"room": room if opened else None,
                              **playground.answer(result, player)})


@routes.post("/api/press")
async def press(request: web.Request) -> web.Response:
    playground, body, player, lang = await _acting(request)
    room = _room(body.get("room"))
    data = body.get("data")
    if not isinstance(data, str):
        raise web.HTTPBadRequest(text="bad press")
    result = await playground.service.press(playground.chat(room, lang),
                                            playground.user(player, lang), data)
    playground.keep_drawing(result)
    return web.json_response(playground.answer(result, player))


@routes.post("/api/command")
async def command(request: web.Request) -> web.Response:
    playground, body, player, lang = await _acting(request)
    room = _room(body.get("room"))
    name, args = body.get("name"), body.get("args", "")
    if name not in COMMANDS or not isinstance(args, str):
        raise web.HTTPBadRequest(text="bad command")
    result = await playground.service.command(playground.chat(room, lang),
                                              playground.user(player, lang), name, args)
    playground.keep_drawing(result)
    return web.json_response(playground.answer(result, player))


@routes.get(r"/api/events/{room:[1-9][0-9]{5,17}}")
async def events(request: web.Request) -> web.StreamResponse:
    """The room's live stream (server-sent events): what it shows this browser now, then
    every change. A panel is in the stream only of the browser that holds its player."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    room = request.match_info["room"]
    rooms = playground.rooms
    if not rooms.known(room):  # after a restart, or a room opened elsewhere: read it
        table = await playground.service.store.active_table(PLATFORM, room, None)
        if table is not None:
            rooms.post(await playground.service.current_posts(table.id))
            await rooms.settled()
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    watcher = rooms.watch(room, browser.ids)
    try:
        while True:
            try:
                event = await asyncio.wait_for(watcher.events.get(), KEEPALIVE)
            except TimeoutError:
                await response.write(b": still here\n\n")
                continue
            if event is None:
                break
            data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
            await response.write(f"data: {data}\n\n".encode())
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        rooms.unwatch(room, watcher)
    return response


@routes.get(r"/image/{name:[0-9a-f]{40}}")
async def image(request: web.Request) -> web.Response:
    playground = request.app[KEY]
    kept = playground.rooms.images.get(request.match_info["name"],
                                       playground.browser(request).ids)
    if kept is None:
        raise web.HTTPNotFound()
    headers = {"Cache-Control": "private, max-age=86400, immutable"}
    if kept.filename:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", kept.filename)
        headers["Content-Disposition"] = f'attachment; filename="{safe}"'
    return web.Response(body=kept.data, content_type=kept.content_type, headers=headers)
