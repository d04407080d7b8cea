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
import logging
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape as html_escape
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.delivery import Where, deliver
from bot.i18n import LANGUAGES, Translator, normalize_language
from bot.names import person_name, typed_name
from bot.options import (
    BadChoice,
    OptionField,
    allowed_text,
    checked_choice,
    option_fields,
    option_words,
)
from bot.payloads import BadPayload, Press, decode, encode
from bot.port import TablePort
from bot.screens import ChatRef, Drop, Post, Reply, Result, Role, Screen, UserRef
from engine.core import GameSpec

from .hygiene import embedded_json, read_json
from .identity import COOKIE, Browser, CookieSigner, Player
from .limits import Limits, address_of
from .render import screen_json
from .rooms import Rooms
from .streams import stream_room

log = logging.getLogger(__name__)

PLATFORM = "web"
STATIC = Path(__file__).resolve().parent / "static"
ROOM = re.compile(r"[1-9][0-9]{5,17}")
COMMANDS = ("rules", "leave", "cancel", "history", "stats", "help")
"""The chat commands the page offers (a table is opened with /api/new)."""
ANYWHERE = ("rules", "help", "stats")
"""The commands the page may send without a room (from its home page)."""
OWN = ("stats",)
"""The commands answered for the player over every web table rather than for the room
(a table's link is not a chat with a history of its own: the next table has a new one)."""
SERVER_TEXTS = {"web-started", "web-too-fast", "web-too-many-tables", "web-forgotten",
                "web-option-refused", "web-options-clash", "web-option-yes-no"}
"""Words of the playground that the server says, not the page."""
COOKIE_AGE = 400 * 24 * 3600  # the most browsers keep a cookie


@dataclass
class Playground:
    """What the routes share."""

    service: TablePort
    translator: Translator
    rooms: Rooms
    cookies: CookieSigner
    default_language: str = "en"
    limits: Limits = field(default_factory=Limits)
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

    def refuse(self, lang: str, key: str, **args: Any) -> web.Response:
        """A request refused for a limit: 429, with the reason in the page's words."""
        return web.json_response({"note": self.translator.t(lang, key, **args), "alert": True},
                                 status=429, headers={"Retry-After": "10"})

    async def may_open(self, request: web.Request, player: Player, lang: str
                       ) -> web.Response | None:
        """None if `player` may open a table now from where the request comes; else the
        refusal: too many tables of theirs (or from their address) are open, or they open
        them too fast."""
        limits = self.limits
        address = address_of(request.remote)
        service = self.service
        mine = [t for t in await service.tables_of_person(PLATFORM, player.id)
                if t.opened_by_them]
        opened = limits.opened.of(address)
        gone = {t for t in opened if not await service.table_active(t)}
        limits.opened.forget(address, gone)
        if len(mine) >= limits.tables_per_player or \
                len(opened - gone) >= limits.tables_per_address:
            return self.refuse(lang, "web-too-many-tables")
        if not limits.opening.allows(player.id) or not limits.opening_here.allows(address):
            return self.refuse(lang, "web-too-fast")
        return None

    def opened(self, request: web.Request, result: Result) -> None:
        """Count the table a press or command opened against the address it came from."""
        for post in result.posts:
            if isinstance(post, Post) and post.place.role is Role.LOBBY:
                self.limits.opened.keep(address_of(request.remote), post.place.table_id)

    async def respond(self, result: Result, presser: Player | None) -> dict[str, Any]:
        """Show the result (bot/delivery.py): its posts now and its drawn ones as they come
        (the drawing goes on after the response), and return what the presser alone is
        told: a note, and a sheet (a menu or a text) whose picture no other browser may
        fetch."""
        surface = WebSurface(self.rooms, presser)
        task = asyncio.create_task(self._deliver(result, surface), name="playground drawing")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return await surface.answered

    async def _deliver(self, result: Result, surface: WebSurface) -> None:
        try:
            await deliver(result, surface)
        except Exception as error:
            if not surface.answered.done():
                surface.answered.set_exception(error)  # the request fails as it would have
            else:
                log.exception("drawing a press's posts failed")


SHEET_ORDER = (Where.EDIT, Where.PRIVATE, Where.ASIDE, Where.MESSAGE)
"""The one screen a response carries, if a result has several (the page shows one sheet)."""


class WebSurface:
    """The playground's surface for `deliver`: posts to the room's live streams, and the
    presser's answer as the response's JSON."""

    def __init__(self, rooms: Rooms, presser: Player | None) -> None:
        self.rooms = rooms
        self.presser = presser
        self.screens: dict[Where, Screen] = {}
        self.answered: asyncio.Future[dict[str, Any]] = (
            asyncio.get_running_loop().create_future())

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        self.rooms.post(posts)

    def show(self, where: Where, screen: Screen) -> None:
        self.screens[where] = screen

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        out: dict[str, Any] = {"note": reply.text, "alert": reply.alert}
        sheet = next((self.screens[w] for w in SHEET_ORDER if w in self.screens), None)
        if sheet is not None and self.presser is not None:
            out["sheet"] = screen_json(sheet, self.rooms.images, self.presser.id)
            out["replace"] = Where.EDIT in self.screens
        self.answered.set_result(out)

    async def done(self) -> None:
        pass


KEY = web.AppKey("playground", Playground)
routes = web.RouteTableDef()


def _texts(tr: Translator, lang: str) -> dict[str, str]:
    """The page's own words (data/i18n/*/web.ftl), and the language names."""
    keys = [k for k in tr.keys("en") if k.startswith("web-") and k not in SERVER_TEXTS
            and not k.startswith(f"{PLATFORM}--")]  # (the server's own words for the web)
    # the page fills these itself: a player's name, the names whose turn it is, what an
    # option takes
    holes = {arg: f"{{${arg}}}" for arg in ("name", "names", "allowed")}
    texts = {k: tr.t(lang, k, **holes) for k in keys}
    texts.update({f"lang-{code}": tr.t(code, f"bot-language-name-{code}") for code in LANGUAGES})
    return texts


def _games(playground: Playground, lang: str) -> list[dict[str, Any]]:
    tr = playground.translator
    return [{"name": spec.name, "title": tr.t(lang, f"game-{spec.name}"),
             "tagline": tr.t(lang, f"game-{spec.name}-tagline"),  # it says how many play
             "options": [_option(tr, lang, spec.name, f) for f in option_fields(spec)]}
            for spec in playground.service.games.values()]


def _option(tr: Translator, lang: str, game: str, field: OptionField) -> dict[str, Any]:
    """One option as the new-table form shows it: its name and sentence in the page's
    language (the option's own name if its game has no words for it) and what it takes."""
    key = f"{game}-option-{field.name}"
    named = tr.has("en", key)
    return {"name": field.name, "default": field.default, "switch": field.switch,
            "title": tr.t(lang, key) if named else field.name,
            "about": tr.t(lang, f"{key}-about") if named else "",
            "allowed": list(field.allowed), "allowed_text": allowed_text(field)}


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
    title = playground.translator.t(lang, "web-title")
    # the state is put in last, so that no name in it is taken for a placeholder
    html = html.replace("{{lang}}", lang).replace("{{title}}", html_escape(title)).replace(
        "{{state}}", embedded_json(state))
    return web.Response(text=html, content_type="text/html",
                        headers={"Cache-Control": "no-store"})


_json = read_json


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
    """A name typed on this browser: its first player, or one more for a hot seat. Typed on
    an invitation (a `room` named) to a table still gathering players, it also sits them at
    it, as its Join button would: the page told them typing their name is all it takes."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    body = await _json(request)
    name = typed_name(body.get("name"))
    if name is None:
        raise web.HTTPBadRequest(text="a name is needed")
    room = _room(body["room"]) if body.get("room") is not None else None
    lang = playground.language(request, browser)
    if not playground.limits.adding_here.allows(address_of(request.remote)):
        return playground.refuse(lang, "web-too-fast")
    browser = browser.with_player(name)
    answer: dict[str, Any] = {}
    if room is not None:
        answer = await _join_lobby(playground, room, browser.players[-1], lang)
    response = web.json_response({"players": [{"id": p.id, "name": p.name}
                                              for p in browser.players], **answer})
    playground.remember(response, browser)
    return response


async def _join_lobby(playground: Playground, room: str, player: Player, lang: str
                      ) -> dict[str, Any]:
    """Press the Join of the room's open lobby as `player` (the one the room shows now, so
    the service checks it as any press); nothing when the room has no lobby open."""
    posts = await playground.service.chat_posts(PLATFORM, room) or []
    join = next((button.data for post in posts if isinstance(post, Post)
                 and post.place.role is Role.LOBBY for row in post.screen.buttons
                 for button in row if button.data and button.data.startswith("j:")), None)
    if join is None:
        return {}
    result = await playground.service.press(playground.chat(room, lang),
                                            playground.user(player, lang), join)
    return await playground.respond(result, player)


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
        await service.set_person_language(PLATFORM, player.id, lang)
    if body.get("room") and browser.players:
        room = _room(body["room"])
        result = await service.press(playground.chat(room, lang),
                                     playground.user(browser.players[0], lang),
                                     encode(Press("language", arg=lang)))
        await playground.respond(result, None)
        posts = await service.chat_posts(PLATFORM, room)
        if posts is not None:  # the players' panels, in their new language
            playground.rooms.post(posts)
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
    if isinstance(words, dict):  # the form's choice, by option: said in view if refused
        spec = playground.service.games.get(game) if isinstance(game, str) else None
        if spec is None or not set(words) <= set(spec.default_options):
            raise web.HTTPBadRequest(text="bad table")
        try:
            words = option_words(checked_choice(spec, words))
        except BadChoice as bad:
            return _refused_option(playground.translator, lang, spec, bad.name)
    if not isinstance(game, str) or not isinstance(words, list) or not all(
            isinstance(w, str) and " " not in w for w in words):
        raise web.HTTPBadRequest(text="bad table")
    refused = await playground.may_open(request, player, lang)
    if refused is not None:
        return refused
    result = await playground.service.command(playground.chat(room, lang),
                                              playground.user(player, lang), "newgame",
                                              " ".join([game, *words]))
    opened = any(isinstance(p, Post) and p.place.role is Role.LOBBY for p in result.posts)
    playground.opened(request, result)
    return web.json_response({"room": room if opened else None,
                              **await playground.respond(result, player)})


def _refused_option(tr: Translator, lang: str, spec: GameSpec, name: str | None
                    ) -> web.Response:
    """A form's choice the game refuses (nothing is opened): which option and what it
    takes, or that the values clash; the page says it beside the option."""
    if name is None:
        note = tr.t(lang, "web-options-clash")
    else:
        field = next(f for f in option_fields(spec) if f.name == name)
        key = f"{spec.name}-option-{name}"
        note = tr.t(lang, "web-option-refused",
                    option=tr.t(lang, key) if tr.has("en", key) else name,
                    allowed=allowed_text(field) or tr.t(lang, "web-option-yes-no"))
    return web.json_response({"note": note, "alert": True, "option": name}, status=422)


@routes.post("/api/press")
async def press(request: web.Request) -> web.Response:
    playground, body, player, lang = await _acting(request)
    room = _room(body.get("room"))
    data = body.get("data")
    if not isinstance(data, str):
        raise web.HTTPBadRequest(text="bad press")
    if _opens_a_table(data):
        refused = await playground.may_open(request, player, lang)
        if refused is not None:
            return refused
    result = await playground.service.press(playground.chat(room, lang),
                                            playground.user(player, lang), data)
    playground.opened(request, result)
    return web.json_response(await playground.respond(result, player))


@routes.post("/api/command")
async def command(request: web.Request) -> web.Response:
    """A command of the page's menu, in a room; Rules, Help and Stats also from the home
    page (no room). Stats are the player's own, over every web table."""
    playground, body, player, lang = await _acting(request)
    name, args = body.get("name"), body.get("args", "")
    if name not in COMMANDS or not isinstance(args, str):
        raise web.HTTPBadRequest(text="bad command")
    if name in OWN or body.get("room") is None and name in ANYWHERE:
        # the player's own corner, as a private chat with the bot is on the other platforms
        chat = ChatRef(PLATFORM, player.id, private=True,
                       title=playground.translator.t(lang, "web-home"))
    else:
        chat = playground.chat(_room(body.get("room")), lang)
    result = await playground.service.command(chat, playground.user(player, lang), name, args)
    return web.json_response(await playground.respond(result, player))


@routes.get("/api/home")
async def home(request: web.Request) -> web.Response:
    """What the home page lists for each player this browser holds: the tables they sit
    at (their room, game, and whose turn it is), and their last games that ended (each in
    its room, whose history replays it). Their figures come with Stats."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    lang = playground.language(request, browser)
    tr = playground.translator
    players = []
    for player in browser.players:
        tables = await playground.service.person_tables(PLATFORM, player.id, lang)
        games = await playground.service.person_games(PLATFORM, player.id, lang)
        players.append({"id": player.id, "name": player.name, "tables": [
            {"room": t.chat_id, "game": tr.t(lang, f"game-{t.game}"), "playing": t.playing,
             "turn": list(t.turn), "yours": t.yours}
            for t in tables if ROOM.fullmatch(t.chat_id)], "games": [
            {"room": g.chat_id, "game": tr.t(lang, f"game-{g.game}"), "ended": g.ended,
             "result": g.result} for g in games if ROOM.fullmatch(g.chat_id)]})
    return web.json_response({"players": players}, headers={"Cache-Control": "no-store"})


@routes.get(r"/api/events/{room:[1-9][0-9]{5,17}}")
async def events(request: web.Request) -> web.StreamResponse:
    """The room's live stream (server-sent events): what it shows this browser now, then
    every change. A panel is in the stream only of the browser that holds its player."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    room = request.match_info["room"]
    rooms = playground.rooms
    service = playground.service
    if not rooms.known(room):  # after a restart, or a room opened elsewhere: read it
        posts = await service.chat_posts(PLATFORM, room)
        if posts is not None:
            rooms.post(posts)
            await rooms.settled()
        elif not await service.chat_known(PLATFORM, room):
            raise web.HTTPNotFound(text="no such room")  # a stream is for a room that exists
    address = address_of(request.remote)
    streams = playground.limits.streams
    if not streams.take(address):
        raise web.HTTPTooManyRequests(text="too many streams", headers={"Retry-After": "10"})
    try:
        return await stream_room(request, rooms, room, browser.ids)
    finally:
        streams.give_back(address)


@routes.post("/api/forget")
async def forget(request: web.Request) -> web.Response:
    """Forget this browser's players: what the bot keeps about each (as /forgetme does),
    and the cookie. Refused (changing nothing) while one of them sits at an open table."""
    playground = request.app[KEY]
    browser = playground.browser(request)
    await _json(request)  # a JSON POST like every change: no other site's form can send it
    lang = playground.language(request, browser)
    service = playground.service
    seated = [t for p in browser.players for t in await service.tables_of_person(PLATFORM, p.id)]
    if seated:
        chats = ", ".join(dict.fromkeys(t.title or "?" for t in seated))
        return web.json_response({"note": playground.translator.said_on(
            PLATFORM, lang, "forget-still-seated", chats=chats), "alert": True}, status=409)
    for player in browser.players:
        if not await service.forget_person(PLATFORM, player.id):
            # seated since the look above: keep the rest, and say so
            return web.json_response({"note": playground.translator.said_on(
                PLATFORM, lang, "forget-still-seated", chats="?"), "alert": True}, status=409)
    log.info("a browser's %d web players were forgotten", len(browser.players))
    response = web.json_response({"note": playground.translator.t(lang, "web-forgotten")})
    response.del_cookie(COOKIE)
    return response


def _opens_a_table(data: str) -> bool:
    try:
        return decode(data).kind in ("newgame", "again")
    except BadPayload:
        return False  # the service refuses it


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
