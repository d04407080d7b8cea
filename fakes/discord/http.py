"""The fake Discord's REST front: every request under ``/api/v{9,10}`` is matched to its
route (`rest`), checked as Discord checks it (the Cloudflare ban, the token, the API version,
the body, the upload size, injected faults, the global limit and the route's bucket),
answered by the route's handler with Discord's status, headers and JSON, counted when Discord
would count it as invalid, and recorded as an `ApiCall`; uploaded attachments are served back
under ``/attachments``."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import rest
from .records import ApiCall, DiscordError, UploadedFile, not_authorized, not_found

if TYPE_CHECKING:
    from .server import FakeDiscordServer



async def handle_api(server: FakeDiscordServer, request: web.Request) -> web.StreamResponse:
    path = "/" + request.match_info["path"]
    started = time.monotonic()
    found = rest.match_route(request.method, path)
    if found is None:
        spec = None
        call = ApiCall(request.method, path, path, "unknown", query=dict(request.query))
    else:
        spec, params = found
        call = ApiCall(
            request.method,
            path,
            spec.template,
            spec.name,
            params=params,
            query=dict(request.query),
        )
    call.time = server.clock.time()
    call.user_agent = request.headers.get("User-Agent", "")
    server._inflight += 1
    server._touch()
    status, body, headers = 200, None, {"Via": "1.1 google"}
    try:
        if server.latency > 0:
            await asyncio.sleep(server.latency)
        if server.limits.banned():
            # Cloudflare's block: no JSON, no Discord headers, and no end to it by
            # asking again
            raise DiscordError(403, 0, "Access denied", headers={"Via": ""},
                               payload="<html><body>error code: 1015 banned</body></html>")
        if spec is None:
            raise not_found()
        if spec.auth and request.headers.get("Authorization") != f"Bot {server.token}":
            raise not_authorized()
        if request.match_info["version"] not in ("9", "10"):
            raise DiscordError(400, 50041, "Invalid API version provided")
        call.json, call.files = await _read_body(request)
        server.limits.check_uploads(call)
        server._apply_faults(call)
        if spec.auth:
            server.limits.check_global()
        headers.update(server.limits.route_bucket(spec, call))
        result = spec.handler(server, call)
        if result is rest.NO_CONTENT:
            status = 204
        else:
            body = result
    except DiscordError as error:
        status, body = error.status, error.body()
        headers.update(error.headers)
        if (status in (401, 403) or (
            status == 429 and error.headers.get("X-RateLimit-Scope") != "shared"
        )) and not server.limits.banned():
            server.limits.count_invalid()
        if not headers.get("Via"):
            headers.pop("Via", None)
    except Exception as error:  # noqa: BLE001 - a bug in the fake; answer 500 and record it
        server.internal_errors.append(error)
        status, body = 500, {"message": f"fake Discord internal error: {error!r}", "code": 0}
    finally:
        server._inflight -= 1
    call.status, call.response, call.headers = status, body, headers
    call.duration = time.monotonic() - started
    server.calls.append(call)
    server._touch()
    if status == 204:
        return web.Response(status=204, headers=headers)
    if isinstance(body, str):
        return web.Response(status=status, text=body, content_type="text/html", headers=headers)
    # Exactly "application/json", no charset: discord.py compares the header verbatim.
    headers["Content-Type"] = "application/json"
    return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

async def handle_attachment(server: FakeDiscordServer, request: web.Request) -> web.StreamResponse:
    stored = server.attachments.get(int(request.match_info["attachment_id"]))
    if stored is None or stored.filename != request.match_info["filename"]:
        return web.Response(status=404, text="Not Found")
    return web.Response(
        body=stored.data, content_type=stored.content_type or "application/octet-stream"
    )


async def _read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    if not request.body_exists:
        return None, []
    if request.content_type == "application/json":
        try:
            return await request.json(), []
        except ValueError as error:
            raise DiscordError(400, 50109, "The request body contains invalid JSON.") from error
    if request.content_type == "multipart/form-data":
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            name = part.name or ""  # type: ignore[union-attr]
            data = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                try:
                    payload = json.loads(bytes(data).decode())
                except ValueError as error:
                    raise DiscordError(
                        400, 50109, "The request body contains invalid JSON."
                    ) from error
                continue
            found = re.fullmatch(r"files\[(\d+)\]", name) or re.fullmatch(r"file(\d*)", name)
            if found is None:
                continue
            index = int(found.group(1) or 0)
            filename = part.filename  # type: ignore[union-attr]
            content_type = part.headers.get("Content-Type")  # type: ignore[union-attr]
            files.append(UploadedFile(name, index, filename, content_type, bytes(data)))
        return payload, files
    text = await request.text()
    return (json.loads(text) if text.strip() else None), []
