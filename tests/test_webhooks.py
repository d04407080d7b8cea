"""Telegram webhooks in one process: the fake server's webhook delivery (as strict as
Telegram's), the store's update claims on both databases, and a `TelegramBot` in webhook mode
(secret checked, an update delivered twice handled once, a database that went away answered
5xx so the update comes again). Several real worker processes: test_webhooks_workers.py."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiogram.exceptions import TelegramBadRequest, TelegramConflictError
from aiohttp import web

from bot.i18n import Translator
from bot.storage import Store
from bot.storage.updates import database_unavailable
from bot.tables import TableService
from bot.telegram import TelegramBot
from bot.telegram.webhook import Webhook
from bot.update_claims import UpdateClaim as Claim
from fakes.hand_clock import Clock
from fakes.store_backends import Database
from fakes.telegram import FakeTelegramServer, make_bot
from fakes.telegram.webhooks import SECRET_HEADER
from fakes.webhook_workers import free_port

pytest_plugins = ["fakes.store_backends"]

TR = Translator.load()
SECRET = "s3cret_-token"


class Receiver:
    """A webhook endpoint that records what it got and answers as told."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, dict, str | None]] = []  # (update_id, update, secret)
        self.fail: dict[int, int] = {}  # update_id -> how many times to answer 500
        self.hold: dict[int, asyncio.Event] = {}  # update_id -> answered once set
        self.port = free_port()

    async def handle(self, request: web.Request) -> web.Response:
        update = await request.json()
        update_id = update["update_id"]
        self.seen.append((update_id, update, request.headers.get(SECRET_HEADER)))
        if update_id in self.hold:
            await self.hold[update_id].wait()
        if self.fail.get(update_id, 0) > 0:
            self.fail[update_id] -= 1
            return web.Response(status=500)
        return web.json_response({})

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    found = Receiver()
    app = web.Application()
    app.router.add_post("/hook", found.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", found.port).start()
    yield found
    await runner.cleanup()


# --- the fake server's delivery ----------------------------------------------------------


async def test_webhook_delivers_with_the_secret_and_getupdates_is_refused(
        receiver: Receiver) -> None:
    async with FakeTelegramServer(flood_control=None) as server:
        bot = make_bot(server)
        try:
            with pytest.raises(TelegramBadRequest, match="secret token contains unallowed"):
                await bot.set_webhook(receiver.url, secret_token="no spaces allowed")
            assert server.webhook_url is None
            alice = server.user("Alice")
            alice.start_private()  # queued before the webhook: delivered once it is set
            assert await bot.set_webhook(receiver.url, secret_token=SECRET,
                                         allowed_updates=["message"])
            with pytest.raises(TelegramConflictError, match="webhook is active"):
                await bot.get_updates()
            alice.send(None, "hello")
            await server.wait_until(lambda: len(receiver.seen) == 2)
            await server.wait_idle(quiet=0.05)
            assert [(u["message"]["text"], secret) for _, u, secret in receiver.seen] == [
                ("/start", SECRET), ("hello", SECRET)]
            info = await bot.get_webhook_info()
            assert (info.url, info.pending_update_count, info.allowed_updates,
                    info.last_error_message) == (receiver.url, 0, ["message"], None)
            assert await bot.delete_webhook()
            alice.send(None, "by polling again")
            assert [u.message.text for u in await bot.get_updates()] == ["by polling again"]
            assert len(receiver.seen) == 2
        finally:
            await bot.session.close()


async def test_a_failed_delivery_comes_again_and_holds_back_its_chat_only(
        receiver: Receiver) -> None:
    async with FakeTelegramServer(flood_control=None) as server:
        bot = make_bot(server)
        try:
            await bot.set_webhook(receiver.url, secret_token=SECRET)
            alice, bob = server.user("Alice"), server.user("Bob")
            first = alice.send(None, "a1").update_id
            receiver.fail[first] = 2
            receiver.hold[first] = gate = asyncio.Event()
            alice.send(None, "a2")
            bob.send(None, "b1")
            # Bob's chat is not held up by Alice's; Alice's second waits for her first
            await server.wait_until(lambda: any(u["message"]["text"] == "b1"
                                                for _, u, _ in receiver.seen))
            assert [u["message"]["text"] for _, u, _ in receiver.seen].count("a2") == 0
            gate.set()
            await server.wait_until(lambda: len(receiver.seen) == 5)
            await server.wait_idle(quiet=0.05)
            alices = [(i, u["message"]["text"]) for i, u, _ in receiver.seen
                      if u["message"]["chat"]["id"] == alice.id]
            assert alices == [(first, "a1")] * 3 + [(first + 1, "a2")]
            info = await bot.get_webhook_info()
            assert info.pending_update_count == 0
            assert info.last_error_message == "Wrong response from the webhook: 500 " \
                                              "Internal Server Error"
        finally:
            await bot.session.close()


# --- the store's claims ------------------------------------------------------------------


async def test_an_update_is_claimed_once_done_once_and_forgotten_after_a_day(
        database: Database) -> None:
    clock = Clock(1_000_000.0)
    async with database.open(clock=clock) as a, database.open(clock=clock) as b:
        claims = await asyncio.gather(*(
            store.claim_update(7, 500, worker=w, claim=f"p{w}", lease=60)
            for w, store in enumerate([a, b, a, b, a, b])))
        assert sorted(claims) == sorted([Claim.TAKEN] + [Claim.BUSY] * 5)
        winner = claims.index(Claim.TAKEN)
        assert not await a.finish_update(7, 500, claim="someone else")
        assert await a.finish_update(7, 500, claim=f"p{winner}")
        assert await b.claim_update(7, 500, worker=1, claim="p1", lease=60) is Claim.DONE
        assert await b.claim_update(8, 500, worker=1, claim="p1", lease=60) is Claim.TAKEN
        assert not await a.release_update(7, 500, claim=f"p{winner}")  # done stays done
        clock.now += 24 * 3600 + 1
        assert await a.prune_updates() == 2  # the done one, and the claim left a day
        assert await a.claim_update(7, 500, worker=0, claim="p0", lease=60) is Claim.TAKEN


async def test_a_claim_is_released_by_its_failure_its_slot_or_its_lease(
        database: Database) -> None:
    clock = Clock(1_000_000.0)
    async with database.open(clock=clock) as store:
        take = store.claim_update
        assert await take(1, 1, worker=0, claim="old0", lease=60) is Claim.TAKEN
        assert await store.release_update(1, 1, claim="old0")
        assert await take(1, 1, worker=1, claim="p1", lease=60) is Claim.TAKEN
        # worker 1's process dies holding updates 1 and 2; its slot's next process starts
        assert await take(1, 2, worker=1, claim="p1", lease=60) is Claim.TAKEN
        assert await take(1, 3, worker=0, claim="p0", lease=60) is Claim.TAKEN
        assert await store.release_worker_claims(1, 1) == 2
        assert await take(1, 1, worker=0, claim="p0", lease=60) is Claim.TAKEN
        # nobody releases update 3: held off for the lease, then taken over
        clock.now += 59
        assert await take(1, 3, worker=1, claim="p1b", lease=60) is Claim.BUSY
        clock.now += 2
        assert await take(1, 3, worker=1, claim="p1b", lease=60) is Claim.TAKEN
        assert not await store.finish_update(1, 3, claim="p0")  # no longer worker 0's
        assert await store.finish_update(1, 3, claim="p1b")


def test_only_connection_failures_count_as_the_database_away() -> None:
    import sqlalchemy as sa

    refused = ConnectionRefusedError(111, "Connect call failed")
    assert database_unavailable(refused)
    wrapped = sa.exc.OperationalError("SELECT 1", {}, refused)
    assert database_unavailable(wrapped)
    shutdown = type("AdminShutdownError", (Exception,), {"sqlstate": "57P01"})()
    assert database_unavailable(sa.exc.DBAPIError("SELECT 1", {}, shutdown))
    unique = type("UniqueViolationError", (Exception,), {"sqlstate": "23505"})()
    assert not database_unavailable(sa.exc.IntegrityError("INSERT", {}, unique))
    assert not database_unavailable(ValueError("bad"))


# --- a bot in webhook mode ---------------------------------------------------------------


@pytest.fixture
async def webhook_bot(tmp_path: Path) -> AsyncIterator[tuple[FakeTelegramServer, TelegramBot]]:
    async with FakeTelegramServer(flood_control=None) as server, \
            Store.open(tmp_path / "w.sqlite3", synchronous="OFF") as store:
        service = TableService(store, TR, computer_pause=0.0)
        port = free_port()
        hook = Webhook(f"http://127.0.0.1:{port}/tg", SECRET, port=port)
        async with TelegramBot(service, store, TR, token=server.token,
                               api_server=server.base_url, webhook=hook) as telegram:
            yield server, telegram


async def test_the_bot_sets_its_webhook_and_refuses_requests_without_the_secret(
        webhook_bot: tuple[FakeTelegramServer, TelegramBot]) -> None:
    server, telegram = webhook_bot
    assert telegram.webhook is not None
    [set_call] = server.calls_of("setWebhook")
    assert set_call.params["url"] == telegram.webhook.url
    assert set_call.params["secret_token"] == SECRET
    assert set(set_call.params["allowed_updates"]) == {"message", "callback_query"}
    update = json.dumps({"update_id": 1, "message": {
        "message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"}, "text": "/help"}})
    async with aiohttp.ClientSession() as http:
        for headers in ({}, {SECRET_HEADER: "wrong"}):
            async with http.post(telegram.webhook.url, data=update, headers={
                    "Content-Type": "application/json", **headers}) as response:
                assert response.status == 401
    await asyncio.sleep(0)
    assert not server.calls_of("sendMessage")  # nothing was handled


async def test_an_update_delivered_twice_is_handled_once(
        webhook_bot: tuple[FakeTelegramServer, TelegramBot]) -> None:
    server, _ = webhook_bot
    alice = server.user("Alice")
    server.webhook.lose_answers = 1  # the bot answers, the answer is lost: it comes again
    alice.start_private()
    await server.wait_until(lambda: len(server.webhook.deliveries) == 2)
    await server.wait_idle(quiet=0.1)
    first, second = server.webhook.deliveries
    assert first.update_id == second.update_id and (first.ok, second.ok) == (False, True)
    assert len(server.calls_of("sendMessage", chat_id=alice.id)) == 1


async def test_a_database_away_answers_5xx_and_the_update_comes_again(
        webhook_bot: tuple[FakeTelegramServer, TelegramBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, telegram = webhook_bot
    store = telegram._store
    real_claim = store.claim_update
    failures = [ConnectionRefusedError(111, "refused")] * 2

    async def claim(*args: object, **kwargs: object) -> Claim:
        if failures:
            raise failures.pop()
        return await real_claim(*args, **kwargs)

    monkeypatch.setattr(store, "claim_update", claim)
    alice = server.user("Alice")
    alice.start_private()
    await server.wait_until(lambda: server.calls_of("sendMessage", chat_id=alice.id))
    await server.wait_idle(quiet=0.1)
    assert [d.status for d in server.webhook.deliveries] == [503, 503, 200]
    assert len(server.calls_of("sendMessage", chat_id=alice.id)) == 1


# --- the command line --------------------------------------------------------------------


def test_several_workers_need_webhooks_and_postgresql(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.__main__ as entry

    for name in ("TELEGRAM_WEBHOOK_URL", "TELEGRAM_WEBHOOK_SECRET", "DATABASE_URL",
                 "DISCORD_BOT_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123456789:AAFakeTokenForTheCommandLine0")
    monkeypatch.setattr(entry, "configure_logging", lambda level, worker=None: None)
    monkeypatch.setattr(entry, "run", None)  # nothing may start
    assert entry.main(["--workers", "2"]) == 2
    told = capsys.readouterr().err
    assert "TELEGRAM_WEBHOOK_URL" in told and "DATABASE_URL" in told
    monkeypatch.setenv("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/telegram")
    assert entry.main(["--workers", "2"]) == 2
    assert "TELEGRAM_WEBHOOK_SECRET" in capsys.readouterr().err
    monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", SECRET)
    assert entry.main(["--workers", "2"]) == 2
    told = capsys.readouterr().err
    assert "DATABASE_URL" in told and "TELEGRAM_WEBHOOK_URL" not in told
