"""The playground's hygiene: the Host and Origin checks, the security headers, JSON embedded
in the page, bounded bodies and numbers, cookies with a lifetime and forgetting a browser's
players, and the database and cookie secret files kept private."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import Translator
from bot.storage import Store
from bot.tables import TableService
from bot.web import build_app
from bot.web.hygiene import SECURITY_HEADERS, depth, embedded_json
from bot.web.identity import COOKIE, UnsafeSecret, secret_from

TR = Translator.load()
STATE = re.compile(r'<script id="state" type="application/json">(.*?)</script>', re.DOTALL)


@asynccontextmanager
async def served(tmp_path: Path, hosts: tuple[str, ...] = ()
                 ) -> AsyncIterator[tuple[TestClient, TableService]]:
    async with Store.open(tmp_path / "db.sqlite3") as store:
        service = TableService(store, TR, computer_pause=0, seeds=lambda: 5)
        app = build_app(service, TR, secret="a test's secret", hosts=hosts)
        async with TestClient(TestServer(app, host="127.0.0.1")) as client:
            yield client, service


async def sit(client: TestClient, name: str) -> str:
    response = await client.post("/api/player", json={"name": name})
    assert response.status == 200, await response.text()
    return (await response.json())["players"][-1]["id"]


async def test_a_request_for_another_host_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 sends its
    own name as the Host; the playground answers only its own names."""
    async with served(tmp_path, hosts=("play.example.org",)) as (client, _):
        port = client.server.port
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example",
                     "localhost.evil.example", ""):
            response = await client.get("/", headers={"Host": host})
            assert response.status in (400, 421), host
            assert "Set-Cookie" not in response.headers
        response = await client.post("/api/player", json={"name": "Ann"},
                                     headers={"Host": "evil.example"})
        assert response.status == 421
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST", "[::1]:8080",
                     "play.example.org", "play.example.org:443"):
            assert (await client.get("/", headers={"Host": host})).status == 200, host


async def test_a_change_from_another_site_is_refused(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        here = f"http://127.0.0.1:{client.server.port}"
        for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                        {"Origin": f"http://127.0.0.1:{client.server.port + 1}"},
                        {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}):
            response = await client.post("/api/player", json={"name": "Ann"}, headers=headers)
            assert response.status == 403, headers
            assert COOKIE not in response.cookies  # nothing changed
        response = await client.post("/api/player", json={"name": "Ann"},
                                     headers={"Origin": here, "Sec-Fetch-Site": "same-origin"})
        assert response.status == 200
        # reading is not changing: another site may link to the page
        assert (await client.get("/", headers={"Sec-Fetch-Site": "cross-site"})).status == 200


async def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        for path in ("/", "/static/app.js", "/nothing-here", "/image/" + "0" * 40):
            response = await client.get(path)
            for name, value in SECURITY_HEADERS.items():
                assert response.headers.get(name) == value, (path, name)
        policy = SECURITY_HEADERS["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
        assert SECURITY_HEADERS["X-Content-Type-Options"] == "nosniff"
        page = await (await client.get("/")).text()
        # the only script elements: the page's own file, and the state (JSON, not run)
        scripts = re.findall(r"<script[^>]*>", page)
        assert scripts == ['<script id="state" type="application/json">',
                           '<script type="module" src="/static/app.js">']
        assert " style=" not in page and "<style" not in page


async def test_a_name_that_looks_like_html_stays_a_name_in_the_page(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        names = ["<!--<script>", "</script><b>", "&amp; <x>"]
        for name in names:
            await sit(client, name)
        page = await (await client.get("/")).text()
        states = STATE.findall(page)
        assert len(states) == 1  # the element ends where the page means it to end
        assert not set("<>&") & set(states[0])
        assert [p["name"] for p in json.loads(states[0])["players"]] == names
        assert page.rstrip().endswith("</html>") and page.count("</script>") == 2


def test_embedded_json_reads_back_the_same() -> None:
    data = {"a": "<!--<script></script>&\u2028", "b": [1, ">"]}
    text = embedded_json(data)
    assert json.loads(text) == data and not set("<>&\u2028") & set(text)


async def test_bodies_are_bounded_in_size_and_depth(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        ann = await sit(client, "Ann")
        deep = "[" * 1000 + "]" * 1000
        for route in ("/api/player", "/api/press", "/api/new", "/api/command",
                      "/api/language", "/api/forget"):
            for body in (deep, '{"a":' * 1000 + "1" + "}" * 1000,
                         json.dumps({"player": ann, "x": "y" * 20_000}), "NaN",
                         '{"player": NaN}', "[]", "{", b"\xff\xfe{}"):
                response = await client.post(route, data=body,
                                             headers={"Content-Type": "application/json"})
                assert response.status in (400, 413), (route, body[:20], response.status)
                assert len(await response.read()) < 200  # short, and no traceback
            response = await client.post(route, data="{}")  # not said to be JSON
            assert response.status == 415
        # a string with brackets in it is not nesting
        assert depth(json.dumps({"s": "[[[[[[[[[[[[[[[[[[[[{{{{"}).encode()) == 1


async def test_numbers_in_routes_and_bodies_are_ascii_digits(tmp_path: Path) -> None:
    async with served(tmp_path) as (client, _):
        ann = await sit(client, "Ann")
        for path in ("/r/١٢٣٤٥٦٧", "/r/²²²²²²²", "/api/events/١٢٣٤٥٦٧",
                     "/r/1" + "0" * 40, "/api/events/1" + "0" * 40, "/image/" + "٣" * 40):
            assert (await client.get(path)).status == 404, path
        for room in ("١٢٣٤٥٦٧", "1" + "0" * 5000, "12 3456", 1234567, None):
            response = await client.post("/api/press", json={"room": room, "player": ann,
                                                             "data": "x"})
            assert response.status == 400, room


async def test_the_cookie_has_a_lifetime_and_a_browser_can_be_forgotten(tmp_path: Path
                                                                        ) -> None:
    async with served(tmp_path) as (client, service):
        response = await client.post("/api/player", json={"name": "Ann"})
        cookie = response.cookies[COOKIE]
        assert int(cookie["max-age"]) > 0 and cookie["httponly"] and cookie["samesite"] == "Lax"
        ann = (await response.json())["players"][0]["id"]
        await client.post("/api/language", json={"language": "pl"})
        assert (await service.store.get_user_settings("web", ann)).language == "pl"
        # seated at an open table: refused, and nothing is forgotten
        opened = await client.post("/api/new", json={"player": ann, "game": "lighthouse"})
        room = (await opened.json())["room"]
        response = await client.post("/api/forget", json={})
        assert response.status == 409 and (await response.json())["note"]
        assert (await service.store.get_user_settings("web", ann)) is not None
        await client.post("/api/command", json={"room": room, "player": ann, "name": "cancel"})
        response = await client.post("/api/forget", json={})
        assert response.status == 200
        assert (await response.json())["note"] == TR.t("pl", "web-forgotten")
        assert response.cookies[COOKIE].value == "" and response.cookies[COOKIE]["max-age"] == "0"
        assert await service.store.get_user_settings("web", ann) is None
        page = await (await client.get("/")).text()
        assert json.loads(STATE.findall(page)[0])["players"] == []


async def test_a_new_database_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "new" / "db.sqlite3"
    async with Store.open(path) as store:
        await store.get_table(1)
    for kept in path.parent.iterdir():  # the database, and its -wal and -shm beside it
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600, kept


def test_the_secret_file_is_created_private_and_refused_when_others_may_use_it(
        tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    kept = tmp_path / ".playground-secret"
    old = os.umask(0)  # even so, the file is created 0600
    try:
        first = secret_from(None, database)
    finally:
        os.umask(old)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and secret_from(None, database) == first
    kept.chmod(0o640)
    with pytest.raises(UnsafeSecret, match="read by others.*chmod 600"):
        secret_from(None, database)
    kept.chmod(0o600)
    if os.getuid() == 0:  # only root can give a file away; a CI runner as a user cannot
        os.chown(kept, 65534, 65534)
        with pytest.raises(UnsafeSecret, match="another user"):
            secret_from(None, database)
        os.chown(kept, 0, 0)
    kept.unlink()
    kept.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UnsafeSecret, match="symbolic link") as refused:
        secret_from(None, database)
    assert "\n" not in str(refused.value)  # one line in the log


async def test_in_chromium_the_page_keeps_to_its_policy_and_a_strange_name(tmp_path: Path
                                                                           ) -> None:
    """Real Chromium: a player named `<!--<script>` sits down and sees their page whole (the
    state parsed, their name in the bar), nothing breaks the Content-Security-Policy on the
    way (a blocked script, style or picture is reported on the console), and the button to
    forget this browser's players works."""
    from tests.web_browser import chromium, new_page, open_table, playground, sit_down

    async with playground(tmp_path) as server, chromium() as browser:
        page = await new_page(browser)
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        await sit_down(page, server.url, "<!--<script>")
        await page.locator(".chip", has_text="<!--<script>").wait_for()
        await page.reload()  # the name now comes in the page's embedded state
        await page.locator(".chip", has_text="<!--<script>").wait_for()
        await open_table(page, "lighthouse")
        await page.locator("#commands").select_option("cancel")
        await page.click("#ask-yes")  # closing a table is asked first, in view
        await page.locator("#new-table").wait_for()
        await page.click("#sheet-close")  # what /cancel said
        await page.click("#forget")
        await page.click("#ask-yes")  # asked first, in the page's own dialog
        await page.locator("#welcome").wait_for()
        assert page.script_errors == []
        assert not [m for m in console if "Content Security Policy" in m], console
