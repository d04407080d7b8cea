"""What every request and response of the playground goes through, whatever its route.

* The Host check: a page of another site whose name the attacker points at 127.0.0.1 (DNS
  rebinding) would otherwise talk to the playground as if it were its own, cookies aside.
  Only the names the playground is served under are answered: localhost names, the bound
  address, the configured host and any extra public names (`Allowed`); others get 421.
* The Origin check: a request that changes something (any POST) from a browser must come
  from the playground's own page (its `Origin`, or `Sec-Fetch-Site`, names this host).
  The JSON-only bodies already keep out forms of other sites; this keeps out the rest.
* Headers on every response, errors and static files included: a Content-Security-Policy
  allowing the page's own script, style and pictures and nothing else (no inline script:
  the page's state is JSON in a non-executed script element), no framing
  (`frame-ancestors`), `nosniff`, and no Referer to other sites.
* `read_json`: a POST's body, bounded in size, time to arrive and nesting depth, so that
  a body 1,000 arrays deep gets a short 400 rather than a RecursionError.
* `embedded_json`: JSON safe inside an HTML script element (`<`, `>`, `&` escaped), so a
  player named `<!--<script>` cannot change how the page's HTML is parsed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
MAX_BODY = 16 * 1024
"""Bytes a POST's body may have (a press is about a hundred)."""
MAX_DEPTH = 8
"""Nesting a POST's JSON may have (the page sends two levels)."""
BODY_SECONDS = 10.0
"""Time a body may take to arrive once its headers have."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
}


def _host_name(host: str) -> str:
    """A Host header's (or origin's) name, lowercased, without its port or brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else ""
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


@dataclass(frozen=True)
class Allowed:
    """The host names the playground answers to, besides localhost names and the address
    a connection came in on."""

    names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, names: Iterable[str]) -> Allowed:
        kept = {_host_name(n) for n in names if n}
        # an unspecified address is no name: it means "every interface"
        return cls(frozenset(n for n in kept if n not in ("", "0.0.0.0", "::")))

    def admits(self, request: web.BaseRequest) -> bool:
        host = request.headers.get("Host")
        if not host:
            return False
        name = _host_name(host)
        if name in LOCAL_NAMES or name in self.names:
            return True
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        bound = sockname[0] if isinstance(sockname, tuple) and sockname else None
        try:  # the address the client connected to (a LAN address when bound to 0.0.0.0)
            return bound is not None and ipaddress.ip_address(name) == ipaddress.ip_address(
                bound.split("%", 1)[0])
        except ValueError:
            return False


def _same_origin(request: web.BaseRequest) -> bool:
    origin = request.headers.get("Origin")
    if origin is not None:
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == \
            request.headers.get("Host", "").strip().lower()
    # no Origin: an old browser or not a browser; a browser that says where a request
    # comes from must say it comes from here
    return request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")


def guard(allowed: Allowed) -> Callable[..., Awaitable[web.StreamResponse]]:
    @web.middleware
    async def middleware(request: web.Request, handler: Callable[[web.Request], Awaitable[
            web.StreamResponse]]) -> web.StreamResponse:
        if not allowed.admits(request):
            raise web.HTTPMisdirectedRequest(text="unknown host")
        if request.method not in ("GET", "HEAD", "OPTIONS") and not _same_origin(request):
            raise web.HTTPForbidden(text="cross-site request")
        return await handler(request)

    return middleware


async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
    """`on_response_prepare`: the security headers, on every response."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


def depth(text: bytes) -> int:
    """How deeply JSON text nests (brackets outside strings), read in one pass."""
    deepest = level = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            level += 1
            deepest = max(deepest, level)
        elif byte in (0x5D, 0x7D):
            level -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


async def read_json(request: web.Request) -> dict[str, Any]:
    """A POST's JSON object, or a short 4xx: 415 if it is not JSON, 413 if too big, 408 if
    too slow to arrive, 400 if malformed, nested too deep or not an object."""
    # JSON only: a form on another site cannot send it without the browser asking first
    if request.content_type != "application/json":
        raise web.HTTPUnsupportedMediaType(text="JSON expected")
    try:  # (more than the application's client_max_size, MAX_BODY, is a 413)
        async with asyncio.timeout(BODY_SECONDS):
            body = await request.read()
    except TimeoutError:
        raise web.HTTPRequestTimeout(text="body too slow") from None
    if depth(body) > MAX_DEPTH:
        raise web.HTTPBadRequest(text="JSON nested too deep")
    try:
        data = json.loads(body, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise web.HTTPBadRequest(text="bad JSON") from None
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(text="bad JSON")
    return data


def embedded_json(data: Any) -> str:
    """JSON to put inside an HTML `<script>` element: no `<`, `>` or `&` in it (each is
    written as its \\u escape, which JSON reads back as the same character), so no text in
    it can close the element or open a comment that hides its end."""
    return (json.dumps(data, ensure_ascii=False).replace("&", "\\u0026")
            .replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
