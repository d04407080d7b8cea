"""A lobby counts its changes in its table's version, and its message names the version it
shows. Two workers that each handle a join of one lobby draw it each from what they read,
and their edits may reach the platform in either order: the claims (bot/storage/messages.py)
let the newer win only if each lobby post names a newer version than the one before. CI saw
the older win without it: a lobby of four players showed three, for good."""

from __future__ import annotations

import pytest

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Post, Role, UserRef
from bot.storage.messages import Claim
from fakes.service_harness import GROUP, Harness, open_harness

TR = Translator.load()
ANNA, BORIS, CYRIL = (UserRef(str(101 + i), name, "en")
                      for i, name in enumerate(("Anna", "Boris", "Cyril")))


def lobby_versions(h: Harness, since: int = 0) -> list[int | None]:
    return [p.version for p in h.posts[since:] if p.place.role is Role.LOBBY]


@pytest.fixture
async def harness(tmp_path):
    async with open_harness(tmp_path, TR) as h:
        for user in (ANNA, BORIS, CYRIL):
            await h.start_private(user)
        await h.command(ANNA, "newgame", "lanterns")
        yield h


async def table_of(h: Harness) -> int:
    return (await h.service.store.active_table("telegram", GROUP.id, None)).id


async def test_every_change_to_a_lobby_shows_a_newer_version(harness):
    h = harness
    table = await table_of(h)
    steps = [(BORIS, h.data(h.screen(Role.LOBBY), "j:")),
             (CYRIL, h.data(h.screen(Role.LOBBY), "j:")),
             (CYRIL, encode(Press("leave", table))),
             (ANNA, encode(Press("clock", table, arg="1"))),
             (ANNA, encode(Press("cancel", table)))]
    shown = lobby_versions(h)
    for user, data in steps:
        before = len(h.posts)
        await h.press(user, data)
        [version] = lobby_versions(h, before)
        assert version is not None and version > shown[-1], (data, shown, version)
        shown.append(version)
    closed = h.screen(Role.LOBBY)
    assert not closed.buttons  # the last one shown is the closed lobby


async def test_a_lobby_drawn_before_a_join_cannot_land_over_it(harness):
    """What a second worker does with a lobby it drew before the first worker's join: its
    claim is refused once the newer lobby is recorded as shown."""
    h = harness
    table = await table_of(h)
    store = h.service.store
    [older] = [p for p in h.posts if p.place.role is Role.LOBBY]
    await h.press(BORIS, h.data(h.screen(Role.LOBBY), "j:"))
    newer = [p for p in h.posts if p.place.role is Role.LOBBY][-1]
    assert isinstance(newer, Post) and newer.version > older.version
    assert await store.claim_message(table, Role.LOBBY, None, newer.version) is Claim.CLAIMED
    await store.keep_message(table, Role.LOBBY, None, GROUP.id, 7, "hash", newer.version)
    assert await store.claim_message(table, Role.LOBBY, None, older.version) is Claim.NEWER
