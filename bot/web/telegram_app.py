"""The Telegram Mini App's page and routes (under /tg/): a Telegram table opened inside
Telegram, played by touch, beside its chat buttons.

Who asks is proven by Telegram alone: every request carries the Mini App's `initData`, which
the Telegram side checks (`bot.miniapp.TelegramSide.verify`: its signature with the bot's
token, its age), in the JSON body of a POST and in the `X-Telegram-Init-Data` header of a
GET (a stream or a picture: the page fetches them itself rather than leave the proof in an
address, which proxies log). What they may see:
the seated players their own panel and the board; a member of the table's group who is not
seated the public messages only; anyone else nothing.

A press goes the way a chat button's does (the service's press: version check, commit, then
the posts) and its posts are shown in Telegram by its outbox (the group's board, the private
panels), which tells this page's `Rooms` every post it shows, a chat button's too: so every
open Mini App follows the table live. What the presser alone is told (a note, a menu) comes
back in the response, as on the playground.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from html import escape as html_escape
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.delivery import Where, deliver
from bot.i18n import LANGUAGES, Translator, normalize_language
from bot.miniapp import PLATFORM, TelegramSide, Visitor
from bot.port import TablePort
from bot.screens import ChatRef, Drop, Post, Reply, Role, Screen

from .following import Following
from .hygiene import embedded_json, read_json
from .images import Images
from .limits import STREAMS, Buckets, Counter, Rate
from .render import screen_json
from .rooms import Rooms
from .streams import stream_room

log = logging.getLogger(__name__)

PREFIX = "/tg"
INIT_HEADER = "X-Telegram-Init-Data"
"""Where a GET (a stream, a picture) carries initData: never in its address, which proxies
and browsers keep in their logs and history (it proves who one is for a day)."""
STATIC = Path(__file__).resolve().parent / "static"
TEXTS_PREFIX = "miniapp-"
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
"""Telegram's script that gives the page `window.Telegram.WebApp` (loaded by the page only
inside Telegram; the page works, plainer, where it fails to load)."""
PAGE_POLICY = (
    "default-src 'none'; script-src 'self' https://telegram.org; style-src 'self'; "
    "img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors https://web.telegram.org https://*.telegram.org")
"""The Mini App page's policy: the playground's, but Telegram's script may run, and Telegram
Web may show the page in its frame (the playground's pages may be framed by nobody)."""
SHEET_ORDER = (Where.EDIT, Where.PRIVATE, Where.ASIDE, Where.MESSAGE)
FOLLOWED = 1000
"""Groups whose tables the Mini App keeps following after one was opened (the least
recently opened are let go; their rooms are pruned by `Rooms` anyway)."""


PRESS_RATE = Rate(burst=20, every=0.25)


@dataclass(frozen=True)
class MiniAppLimits:
    """What one Telegram user may take of the Mini App (they are proven, so counted by
    their id, not their address: behind Telegram's proxies many share one)."""

    streams_per_person: int = 4
    """Live streams open at once (a phone and a desktop, with a reload in between)."""
    streams: int = STREAMS
    presses: Rate = PRESS_RATE
    """Presses: a quick run through a move's menus, then four a second."""


class Refusal(Exception):
    """A request refused with a translated reason (`key`) and an HTTP status."""

    def __init__(self, key: str, status: int) -> None:
        super().__init__(key)
        self.key = key
        self.status = status


@dataclass
class MiniApp:
    """What the routes share."""

    service: TablePort
    translator: Translator
    telegram: TelegramSide
    rooms: Rooms
    default_language: str = "en"
    limits: MiniAppLimits = field(default_factory=MiniAppLimits)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    follow_others: bool = False
    """Other processes show this bot's tables too (`--workers N`): follow them through the
    store (bot/web/following.py)."""

    def __post_init__(self) -> None:
        self.streams = Counter(per_address=self.limits.streams_per_person,
                               total=self.limits.streams)
        self.pressing = Buckets(self.limits.presses)
        # the groups some Mini App opened (newest last), and their tables: only their posts
        # are kept here, not every picture of every Telegram table
        self.followed: OrderedDict[str, None] = OrderedDict()
        self.table_chats: OrderedDict[int, str] = OrderedDict()
        self.following = Following(self.service, self.rooms, lambda: self.followed)

    def heard(self, items: Sequence[Post | Drop]) -> None:
        """Telegram showed posts: those of a followed group go to the open Mini Apps."""
        kept = []
        for item in items:
            place = item.place
            if place.role is not Role.PANEL and place.chat_id in self.followed:
                self._follow_table(place.table_id, place.chat_id)
            if self.table_chats.get(place.table_id) in self.followed:
                kept.append(item)
        if kept:
            self.rooms.post(kept)

    def follow(self, chat_id: str, table_id: int) -> None:
        self.followed[chat_id] = None
        self.followed.move_to_end(chat_id)
        while len(self.followed) > FOLLOWED:
            self.followed.popitem(last=False)
        self._follow_table(table_id, chat_id)

    def _follow_table(self, table_id: int, chat_id: str) -> None:
        self.table_chats[table_id] = chat_id
        self.table_chats.move_to_end(table_id)
        while len(self.table_chats) > 4 * FOLLOWED:
            self.table_chats.popitem(last=False)

    def language(self, visitor: Visitor | None) -> str:
        """The person's language (the one their Telegram uses, as in the chats)."""
        code = visitor.user.language if visitor is not None else None
        return normalize_language(code, self.default_language)

    def texts(self, lang: str) -> dict[str, str]:
        keys = [k for k in self.translator.keys("en") if k.startswith(TEXTS_PREFIX)]
        return {k: self.translator.t(lang, k) for k in keys}

    def verify(self, init_data: object) -> Visitor:
        verdict = self.telegram.verify(init_data if isinstance(init_data, str) else "")
        if isinstance(verdict, str):
            raise Refusal(verdict, 401)
        return verdict

    async def table_of(self, visitor: Visitor, value: object) -> tuple[int, str, bool]:
        """The table asked for (or the one the Mini App was opened on), its group, and
        whether the visitor sits at it; a `Refusal` unless they sit at it or belong to
        its group."""
        table_id = _table_id(value if value not in (None, "") else visitor.start)
        if table_id is None:
            raise Refusal("miniapp-no-table", 404)
        chat_id = await self.service.table_chat(PLATFORM, table_id)
        if chat_id is None:
            raise Refusal("miniapp-no-table", 404)
        seated = any(t.table_id == table_id for t in
                     await self.service.tables_of_person(PLATFORM, visitor.user.id))
        if not seated and not await self.telegram.is_member(chat_id, visitor.user.id):
            raise Refusal("miniapp-not-member", 403)
        return table_id, chat_id, seated

    async def room(self, chat_id: str, table_id: int) -> None:
        """Follow the group (from now on its posts are kept here) and fill its room from
        the store if this page has not seen it yet."""
        self.follow(chat_id, table_id)
        if not self.rooms.known(chat_id):
            posts = await self.service.chat_posts(PLATFORM, chat_id)
            if posts:
                self.rooms.post(posts)
                await self.rooms.settled()

    def thread_of(self, chat_id: str) -> str | None:
        """The forum topic the group's table is in (its board's), if any."""
        room = self.rooms.room(chat_id)
        return next((s.place.thread_id for s in room.shown.values()
                     if s.place.role is not Role.PANEL), None)


KEY = web.AppKey("miniapp", MiniApp)
routes = web.RouteTableDef()


def install(app: web.Application, service: TablePort, translator: Translator,
            telegram: TelegramSide, *, default_language: str = "en",
            limits: MiniAppLimits | None = None, follow_others: bool = False) -> None:
    """Serve the Mini App from the web adapter's application (a Telegram token and
    TELEGRAM_WEBAPP_URL are set); `follow_others`: other processes show its tables too."""
    rooms = Rooms(Images(), lambda table_id: service.table_chat(PLATFORM, table_id))
    miniapp = app[KEY] = MiniApp(service, translator, telegram, rooms, default_language,
                                 limits or MiniAppLimits(), follow_others=follow_others)
    telegram.listen(miniapp.heard)
    app.add_routes(routes)
    app.on_response_prepare.append(_page_headers)
    app.on_shutdown.append(_close)
    if follow_others:
        app.cleanup_ctx.append(_following)


async def _following(app: web.Application) -> AsyncIterator[None]:
    task = asyncio.create_task(app[KEY].following.run(), name="mini app following")
    yield
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def _close(app: web.Application) -> None:
    miniapp = app[KEY]
    miniapp.rooms.close()
    if miniapp.tasks:
        await asyncio.wait(list(miniapp.tasks), timeout=10)


async def _page_headers(request: web.Request, response: web.StreamResponse) -> None:
    """The page may be framed by Telegram Web and run Telegram's script (after the
    playground's headers are set: this replaces two of them, for the page alone)."""
    if request.path in (PREFIX, PREFIX + "/"):
        response.headers["Content-Security-Policy"] = PAGE_POLICY
        response.headers.pop("X-Frame-Options", None)


def _table_id(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value > 0 else None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 18:
        return int(value) or None
    return None


def _refused(miniapp: MiniApp, refusal: Refusal, visitor: Visitor | None = None
             ) -> web.Response:
    lang = miniapp.language(visitor)
    return web.json_response({"note": miniapp.translator.t(lang, refusal.key), "alert": True,
                              "refused": refusal.key}, status=refusal.status)


@routes.get(PREFIX)
@routes.get(PREFIX + "/")
async def page(request: web.Request) -> web.Response:
    """The page: who opens it is known only to its script (Telegram hands it `initData`),
    so it holds nothing but the words for a refusal before anyone is known."""
    miniapp = request.app[KEY]
    lang = normalize_language(request.headers.get("Accept-Language", "").split(",")[0],
                              miniapp.default_language)
    state = {"language": lang, "languages": list(LANGUAGES), "texts": miniapp.texts(lang)}
    html = (STATIC / "miniapp.html").read_text(encoding="utf-8")
    html = html.replace("{{lang}}", lang).replace(
        "{{title}}", html_escape(miniapp.translator.t(lang, "miniapp-title"))).replace(
        "{{telegram}}", TELEGRAM_SCRIPT).replace("{{state}}", embedded_json(state))
    return web.Response(text=html, content_type="text/html",
                        headers={"Cache-Control": "no-store"})


@routes.post(PREFIX + "/api/open")
async def open_table(request: web.Request) -> web.Response:
    """Who the visitor is, in their language: with a table (asked for, or the one the link
    opened), what it is and whether they sit at it; without one, the tables they sit at."""
    miniapp = request.app[KEY]
    body = await read_json(request)
    visitor = None
    try:
        visitor = miniapp.verify(body.get("init"))
        lang = miniapp.language(visitor)
        out: dict[str, Any] = {"language": lang, "texts": miniapp.texts(lang),
                               "me": visitor.user.id}
        if body.get("table") in (None, "") and visitor.start is None:
            tr = miniapp.translator
            tables = await miniapp.service.person_tables(PLATFORM, visitor.user.id, lang)
            out["tables"] = [{"table": t.table_id, "title": t.title,
                              "game": tr.t(lang, f"game-{t.game}") if t.game else "",
                              "yours": t.yours} for t in tables]
            return web.json_response(out)
        table_id, chat_id, seated = await miniapp.table_of(visitor, body.get("table"))
    except Refusal as refusal:
        return _refused(miniapp, refusal, visitor)
    await miniapp.room(chat_id, table_id)
    return web.json_response({**out, "table": table_id, "seated": seated})


@routes.post(PREFIX + "/api/press")
async def press(request: web.Request) -> web.Response:
    """A button of the board or of the visitor's panel, pressed in the Mini App: the service
    takes it as the same button pressed in the group or in their private chat."""
    miniapp = request.app[KEY]
    body = await read_json(request)
    visitor = None
    try:
        visitor = miniapp.verify(body.get("init"))
        _, chat_id, _ = await miniapp.table_of(visitor, body.get("table"))
    except Refusal as refusal:
        return _refused(miniapp, refusal, visitor)
    data = body.get("data")
    if not isinstance(data, str) or not 0 < len(data) <= 64:
        raise web.HTTPBadRequest(text="bad press")
    user = visitor.user
    if not miniapp.pressing.allows(user.id):
        return _refused(miniapp, Refusal("miniapp-too-fast", 429), visitor)
    # no title: the service keeps the group's own (a rematch's table takes the old one's)
    chat = ChatRef(PLATFORM, user.id, private=True) if body.get("panel") is True else \
        ChatRef(PLATFORM, chat_id, miniapp.thread_of(chat_id))
    result = await miniapp.service.press(chat, user, data)
    surface = MiniAppSurface(miniapp, user.id)
    task = asyncio.create_task(_deliver(deliver(result, surface), surface),
                               name="Mini App press")
    miniapp.tasks.add(task)
    task.add_done_callback(miniapp.tasks.discard)
    return web.json_response(await surface.answered)


async def _deliver(delivering: Any, surface: MiniAppSurface) -> None:
    try:
        await delivering
    except Exception as error:
        if not surface.answered.done():
            surface.answered.set_exception(error)
        else:
            log.exception("drawing a Mini App press's posts failed")


class MiniAppSurface:
    """`deliver`'s surface for a Mini App press: the posts to Telegram (its outbox, which
    tells the open Mini Apps), the presser's answer in the response."""

    def __init__(self, miniapp: MiniApp, presser: str) -> None:
        self.miniapp = miniapp
        self.presser = presser
        self.screens: dict[Where, Screen] = {}
        self.answered: asyncio.Future[dict[str, Any]] = (
            asyncio.get_running_loop().create_future())

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        if posts:
            self.miniapp.telegram.post(posts)

    def show(self, where: Where, screen: Screen) -> None:
        self.screens[where] = screen

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        out: dict[str, Any] = {"note": reply.text, "alert": reply.alert}
        if reply.url:  # a link the presser must follow (a join: the bot's private chat)
            out["url"] = reply.url
        sheet = next((self.screens[w] for w in SHEET_ORDER if w in self.screens), None)
        if sheet is not None:
            out["sheet"] = screen_json(sheet, self.miniapp.rooms.images, self.presser)
        self.answered.set_result(out)

    async def done(self) -> None:
        pass


@routes.get(PREFIX + r"/api/events/{table:[1-9][0-9]{0,17}}")
async def events(request: web.Request) -> web.StreamResponse:
    """The table's live stream (server-sent events), as the playground's: the public
    messages, and the visitor's own panel if they sit at the table."""
    miniapp = request.app[KEY]
    visitor = None
    try:
        visitor = miniapp.verify(request.headers.get(INIT_HEADER))
        table_id, chat_id, _ = await miniapp.table_of(visitor, request.match_info["table"])
    except Refusal as refusal:
        return _refused(miniapp, refusal, visitor)
    await miniapp.room(chat_id, table_id)
    if not miniapp.streams.take(visitor.user.id):
        return _refused(miniapp, Refusal("miniapp-too-many-streams", 429), visitor)
    try:
        return await stream_room(request, miniapp.rooms, chat_id,
                                 frozenset({visitor.user.id}))
    finally:
        miniapp.streams.give_back(visitor.user.id)


@routes.get(PREFIX + r"/image/{name:[0-9a-f]{40}}")
async def image(request: web.Request) -> web.Response:
    """A picture the page was shown: a panel's only to its player."""
    miniapp = request.app[KEY]
    try:
        visitor = miniapp.verify(request.headers.get(INIT_HEADER))
    except Refusal as refusal:
        return _refused(miniapp, refusal)
    kept = miniapp.rooms.images.get(request.match_info["name"], frozenset({visitor.user.id}))
    if kept is None or kept.filename:
        raise web.HTTPNotFound()
    return web.Response(body=kept.data, content_type=kept.content_type,
                        headers={"Cache-Control": "private, max-age=86400, immutable"})
