"""How many times one press goes to the store: a press loads its table once.

A counting wrapper stands between the service and a real store and counts each call by name;
a Confirm (a move, the commonest press) is measured from the press to its last drawn post.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest

from bot.i18n import Translator
from bot.payloads import Press, decode, encode
from bot.screens import ChatRef, Role, UserRef
from bot.storage import Store
from bot.tables import TableService
from fakes.service_harness import Harness, seat_players

TR = Translator.load()
ANNA, BOB = UserRef("1001", "Anna", "en"), UserRef("1002", "Bob", "en")


class CountingStore:
    """The store, with every call of one of its coroutine methods counted by name."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr) or name.startswith("_"):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return attr(*args, **kwargs)

        return counted


@pytest.fixture
async def counted(tmp_path):
    store = await Store.open(tmp_path / "db.sqlite3")
    counting = CountingStore(store)
    service = TableService(counting, TR, seeds=itertools.count(2026).__next__)  # type: ignore[arg-type]
    h = Harness(service)
    service.register_platform("telegram", deep_link=lambda p: f"https://t.me/fake_bot?start={p}",
                              show=h.show)
    try:
        yield h, counting
    finally:
        await store.close()


async def test_a_confirm_loads_its_table_once(counted):
    h, counting = counted
    table = await seat_players(h, [ANNA, BOB], "lanterns")
    await h.press(ANNA, encode(Press("start", table)))
    by_id = {u.id: u for u in (ANNA, BOB)}
    # walk the acting player's menu down to a Confirm, as a person would
    for _ in range(10):
        place, screen = next((p, s.screen) for p, s in h.kept.items()
                             if p.role is Role.PANEL and s.screen.buttons)
        user, dm = by_id[place.chat_id], ChatRef("telegram", place.chat_id, private=True)
        data = [b.data for row in screen.buttons for b in row if b.data]
        confirm = next((d for d in data if decode(d).kind == "confirm"), None)
        if confirm is not None:
            break
        await h.press(user, next(d for d in data if decode(d).kind == "go"), chat=dm)
    assert confirm is not None
    version = (await h.service.store.get_table(table)).version
    counting.calls.clear()
    await h.press(user, confirm, chat=dm)
    calls = dict(counting.calls)
    assert (await h.service.store.get_table(table)).version == version + 1  # the move counted
    print("store calls of one Confirm:", sum(calls.values()), calls)
    assert calls.get("get_table", 0) + calls.get("load_table", 0) == 1, calls
