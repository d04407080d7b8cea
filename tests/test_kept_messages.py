"""The kept messages' core (bot/kept_messages.py) under a platform of the test's own: a
notebook that keeps messages in a dict and can be told to refuse, lose or fail them. What
the core decides is checked here once for every platform: coalescing, version order,
fingerprints, edit-or-send-then-delete, the store's outage and the platform's sat out. The
Telegram and Discord outboxes, on it, are tested against their fake servers elsewhere."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import Translator
from bot.kept_messages import Edit, GaveUp, KeptMessages, MessageRef, Refusals
from bot.screens import Drop, Place, Post, Role, Screen, Text
from bot.storage import Store

TR = Translator.load()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


class Notebook(KeptMessages):
    """A platform whose messages are lines in a dict; every request is logged."""

    def __init__(self, store: Store, clock: Clock, *, shared: bool = False) -> None:
        super().__init__(store, TR, platform="notebook", clock=clock, sleep=clock.sleep,
                         health_clock=clock, shared=shared)
        self.clock = clock
        self.messages: dict[str, str] = {}  # id -> what it shows
        self.log: list[tuple[str, str]] = []  # (request, message id)
        self.next_id = 100
        self.edit_answer: Edit | None = None  # what the next edit answers, instead of editing
        self.failing = 0  # the next so many sends and edits give up
        self.held_for = 0.0  # an edit first waits this long (flood control), and for:
        self.waiting, self.go_on = asyncio.Event(), asyncio.Event()  # the test's word

    def _lane_name(self, item: object) -> str:
        return "one"

    def _request(self) -> None:
        if self.failing:
            self.failing -= 1
            raise GaveUp

    async def _send(self, place: Place, screen: Screen, *, strict: bool = False) -> str | None:
        self._request()
        self.next_id += 1
        message = str(self.next_id)
        self.messages[message] = str(screen.text[0])
        self.log.append(("send", message))
        return message

    async def _edit(self, place: Place, ref: MessageRef, screen: Screen) -> Edit:
        if self.held_for:
            await self.clock.sleep(self.held_for)
            self.waiting.set()
            await self.go_on.wait()
        await self.hold_on()  # as a platform does before each request
        self._request()
        if self.edit_answer is not None:
            return self.edit_answer
        self.messages[ref.message_id] = str(screen.text[0])
        self.log.append(("edit", ref.message_id))
        return Edit.DONE

    async def _delete(self, place: Place, ref: MessageRef) -> bool:
        self.log.append(("delete", ref.message_id))
        return self.messages.pop(ref.message_id, None) is not None

    async def _send_moves(self, place: Place, text: Text) -> bool:
        return True


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(tmp_path / "db.sqlite3")
    yield store
    await store.close()


@pytest.fixture
async def book(store: Store) -> AsyncIterator[Notebook]:
    book = Notebook(store, Clock())
    yield book
    await book.close()


async def board_of(store: Store) -> Place:
    table = await store.create_table("telegram", "-1", None, "lanterns", creator_id="u1",
                                     language="en")
    return Place(table.id, Role.BOARD, None, "-1")


def shows(text: str) -> Screen:
    return Screen((text,))


async def test_a_message_is_edited_in_place_and_an_identical_screen_costs_nothing(
        book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.post(Post(place, shows("v1"), version=1))
    assert await book.flush(5)
    book.post(Post(place, shows("v2"), version=2))
    assert await book.flush(5)
    book.post(Post(place, shows("v2"), version=2))
    assert await book.flush(5)
    assert book.log == [("send", "101"), ("edit", "101")]
    assert book.messages == {"101": "v2"} and book.counters.skipped["board"] == 1
    ref = await store.get_message(place.table_id, "board")
    assert ref is not None and (ref.message_id, ref.version) == ("101", 2)


async def test_pending_edits_coalesce_and_an_older_version_never_replaces_a_newer(
        book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.post([Post(place, shows("v3"), version=3), Post(place, shows("v2"), version=2),
               Post(place, shows("v4"), version=4)])
    assert await book.flush(5)
    assert book.messages == {"101": "v4"} and book.counters.coalesced["board"] == 1
    book.post(Post(place, shows("v3"), version=3))  # a slow worker's old board
    assert await book.flush(5)
    assert book.messages == {"101": "v4"} and book.log == [("send", "101")]


async def test_a_fresh_post_is_sent_anew_and_the_old_message_deleted_after(
        book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.post(Post(place, shows("v1"), version=1))
    assert await book.flush(5)
    book.post(Post(place, shows("v1 again"), version=1))
    book.post(Post(place, shows("v2"), fresh=False, version=2))  # still fresh: coalesced
    book.post(Post(place, shows("v3"), fresh=True, version=3))
    book.post(Post(place, shows("v4"), version=4))  # a replaced fresh post's ring is kept
    assert await book.flush(5)
    assert book.log == [("send", "101"), ("send", "102"), ("delete", "101")]
    assert book.messages == {"102": "v4"}


async def test_what_cannot_be_edited_is_replaced_and_what_is_gone_is_sent_again(
        book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.post(Post(place, shows("v1"), version=1))
    assert await book.flush(5)
    book.edit_answer = Edit.REPLACE
    book.post(Post(place, shows("v2"), version=2))
    assert await book.flush(5)
    assert book.log[1:] == [("send", "102"), ("delete", "101")]
    book.edit_answer = Edit.GONE
    del book.messages["102"]  # deleted by someone: nothing to delete after
    book.post(Post(place, shows("v3"), version=3))
    assert await book.flush(5)
    assert book.log[3:] == [("send", "103")] and book.messages == {"103": "v3"}


async def test_a_drop_deletes_the_message_and_forgets_it(book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.post(Post(place, shows("v1"), version=1))
    book.post(Drop(place))  # the newest instruction for the message wins
    assert await book.flush(5)
    assert book.log == [] and await store.get_message(place.table_id, "board") is None
    book.post(Post(place, shows("v2"), version=2))
    assert await book.flush(5)
    book.post(Drop(place))
    assert await book.flush(5)
    assert book.messages == {} and await store.get_message(place.table_id, "board") is None


async def test_the_platform_failing_is_sat_out_for_a_while_then_given_up(
        book: Notebook, store: Store) -> None:
    place = await board_of(store)
    book.failing = 3
    book.post(Post(place, shows("v1"), version=1))
    assert await book.flush(5)
    assert book.messages == {"101": "v1"} and book.health.up
    book.redeliver_for = 0.0  # no patience left: the next failure is the last
    book.failing = 1
    book.post(Post(place, shows("v2"), version=2))
    assert await book.flush(5)
    assert book.messages == {"101": "v1"} and book.counters.failures["board"] == 1


def test_a_refused_picture_is_left_out_for_a_while() -> None:
    clock = Clock()
    refusals = Refusals(600.0, clock)
    assert refusals.allowed("-1")
    refusals.refused("-1")
    assert not refusals.allowed("-1") and refusals.allowed("-2")
    clock.now += 600.0
    assert refusals.allowed("-1")


async def test_a_show_held_past_its_claims_lease_gives_way_to_a_newer_one(
        tmp_path: Path) -> None:
    """Two workers (two stores: two owners of claims) on one database: the first's edit
    waits longer than its claim's lease, the second shows a newer version meanwhile, and the
    first, its wait over, gives its version up rather than show it over the newer one."""
    clock = Clock()
    path = tmp_path / "shared.sqlite3"
    async with Store.open(path, clock=clock) as first_store, \
            Store.open(path, clock=clock) as second_store:
        first = Notebook(first_store, clock, shared=True)
        second = Notebook(second_store, clock, shared=True)
        second.messages = first.messages  # one platform: the same messages
        second.next_id = 200
        try:
            place = await board_of(first_store)
            first.post(Post(place, shows("v0"), version=0))
            assert await first.flush(5)
            first.held_for = 200.0  # the lease is 120 s
            first.post(Post(place, shows("v1"), version=1))
            await asyncio.wait_for(first.waiting.wait(), 30)
            second.post(Post(place, shows("v2"), version=2))
            assert await second.flush(5)
            first.go_on.set()
            assert await first.flush(5)
            assert first.messages == {"101": "v2"} and first.counters.skipped["board"] == 1
            ref = await first_store.get_message(place.table_id, "board")
            assert ref is not None and ref.version == 2
        finally:
            await first.close()
            await second.close()
