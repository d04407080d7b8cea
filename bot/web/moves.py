"""The game's log for the playground's panel beside the board: GET /api/moves/<room>, as the
browser's player named by `?player=` (one it holds), or as anyone without one.

The service builds the log for that reader (bot/move_log.py): their seat's events and their
"since your last turn" line; anyone else reads what the board tells. A browser asking too
often is refused with the page's words, like every limit here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.port import LogView

from .limits import Buckets, Rate, address_of
from .routes import KEY, PLATFORM

READS = Rate(burst=20, every=0.5)
"""Reads an address may make: a page redraws it after each move, a few browsers share one
address (a hot seat, a household)."""


@dataclass
class MoveReads:
    buckets: Buckets


READ_LIMITS = web.AppKey("move-log reads", MoveReads)
routes = web.RouteTableDef()


def add_move_log(app: web.Application) -> None:
    """The route and its limit, on the playground's application."""
    app[READ_LIMITS] = MoveReads(Buckets(READS, clock=app[KEY].limits.clock))
    app.add_routes(routes)


def log_json(view: LogView | None, headings: dict[int, str]) -> dict[str, Any]:
    if view is None:
        return {"rounds": [], "since_line": None}
    return {"since_line": view.since_line, "rounds": [
        {"round": r.round, "heading": headings[r.round],
         "moves": [{"who": m.who, "text": m.text, "reason": m.reason, "since": m.since}
                   for m in r.moves]} for r in view.rounds]}


@routes.get(r"/api/moves/{room:[1-9][0-9]{5,17}}")
async def moves(request: web.Request) -> web.Response:
    playground = request.app[KEY]
    browser = playground.browser(request)
    lang = playground.language(request, browser)
    if not request.app[READ_LIMITS].buckets.allows(address_of(request.remote)):
        return playground.refuse(lang, "web-too-fast")
    wanted = request.query.get("player")
    user_id = ""  # nobody's seat: what the board tells
    if wanted is not None:
        player = browser.holds(wanted)
        if player is None:
            raise web.HTTPForbidden(text="not a player of this browser")
        user_id = player.id
    view = await playground.service.move_log(PLATFORM, request.match_info["room"], user_id, lang)
    tr = playground.translator
    headings = {} if view is None else {
        r.round: tr.t(lang, "moves-round", round=r.round) for r in view.rounds}
    return web.json_response(log_json(view, headings), headers={"Cache-Control": "no-store"})
