"""/forgetme through the service: only in a private chat, asked first; Yes deletes the
person's settings, pending joins and kept private messages and anonymises their seats, while
everyone else's figures stay exactly the same; No, a stale or forged press, and a person
still at a table change nothing."""

from __future__ import annotations

import pytest

from bot import stats
from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.player_stats import FORGET, FORGET_MINUTES
from bot.screens import ChatRef, UserRef, plain
from bot.storage import Store
from bot.storage.stats import is_forgotten
from engine.core import Standing
from engine.registry import GAMES
from fakes.service_harness import GROUP, Harness, open_harness
from tests.test_stats import OTHER, keep_game

# `clock`, and `database`: each test on SQLite and on PostgreSQL
pytest_plugins = ["fakes.hand_clock", "fakes.store_backends"]

TR = Translator.load()
ANN, BOB, CLEO = UserRef("301", "Ann", "en"), UserRef("302", "Bob", "en"), UserRef("303",
                                                                                    "Cleo", "en")


def dm(user: UserRef) -> ChatRef:
    return ChatRef("telegram", user.id, private=True)


@pytest.fixture
async def harness(tmp_path, clock, database):
    async with open_harness(tmp_path, TR, clock=clock, database=database) as h:
        await h.service.store.set_chat_options("telegram", GROUP.id, clock="off")
        yield h


async def rows_about(store: Store, user: UserRef) -> dict[str, int]:
    """How many rows of each table name the person (by id, or by name)."""
    queries = {
        "seats": "SELECT count(*) FROM seats WHERE user_id = :id OR display_name = :name",
        "tables": "SELECT count(*) FROM tables WHERE creator_id = :id OR creator_name = :name",
        "user_settings": "SELECT count(*) FROM user_settings WHERE user_id = :id OR :name = ''",
        "pending_joins": "SELECT count(*) FROM pending_joins WHERE user_id = :id OR :name = ''",
        "messages": "SELECT count(*) FROM messages WHERE chat_id = :id OR :name = ''",
    }
    return await store._read(lambda tx: {
        name: tx.scalar(sql, id=user.id, name=user.name) for name, sql in queries.items()})


async def history(h: Harness, clock) -> None:
    """Ann, Bob and Cleo played four games of Lanterns in two chats, and one of Hanabi; Ann
    opened some of them, has settings, a panel message kept in her private chat, and a
    pending join to Bob's lobby."""
    store = h.service.store
    a, b, c = (ANN.id, "Ann", None), (BOB.id, "Bob", None), (CLEO.id, "Cleo", None)
    first = await keep_game(store, clock, GROUP, "lanterns", [a, b, c],
                            (Standing(0, 1, 30), Standing(1, 2, 20), Standing(2, 3, 10)))
    await keep_game(store, clock, GROUP, "lanterns", [b, a],
                    (Standing(0, 1, 30), Standing(1, 2, 20)))
    await keep_game(store, clock, OTHER, "lanterns", [c, a, b],
                    (Standing(0, 1, 30), Standing(1, 1, 30), Standing(2, 3, 10)))
    await keep_game(store, clock, GROUP, "lanterns", [b, c],
                    (Standing(0, 2, 30), Standing(1, 1, 20)))
    await keep_game(store, clock, GROUP, "hanabi", [a, b],
                    (Standing(0, 1, 18), Standing(1, 1, 18)))
    await store.set_message(first, "panel", 0, ANN.id, "77")
    await store.set_message(first, "board", None, GROUP.id, "78")
    await h.start_private(ANN)
    await store.set_user_language("telegram", ANN.id, "en")
    lobby = await store.create_table("telegram", "-300", None, "lanterns", creator_id=BOB.id,
                                     language="en", title="Third group")
    await store.add_seat(lobby.id, BOB.id, "Bob")
    await store.create_pending_join(lobby.id, ANN.id)


async def everyone_else(store: Store) -> dict:
    """Bob's and Cleo's figures, in every chat and over all of them."""
    out = {}
    for chat in (GROUP.id, OTHER.id, None):
        games = await store.played_games("telegram", chat_id=chat)
        for name in ("lanterns", "hanabi"):
            for f in stats.leaderboard(games, GAMES[name]):
                if f.user_id in (BOB.id, CLEO.id):
                    out[(chat, name, f.user_id)] = (f.games, f.wins, f.rated, f.ordinal)
        out[(chat, "team")] = [(g.players, g.games, g.best) for g in
                               stats.team_figures(games, GAMES["hanabi"])]
    return out


async def ask(h: Harness, user: UserRef = ANN):
    result = await h.command(user, "forgetme", chat=dm(user))
    buttons = [b.data for row in result.message.buttons for b in row]
    assert len(buttons) == 2
    return result, buttons


async def test_in_a_group_it_says_it_is_for_private_chats(harness: Harness):
    result = await harness.command(ANN, "forgetme")
    assert plain(result.message.text) == TR.t("en", "forget-private-only")
    assert not result.message.buttons


async def test_yes_forgets_the_person_and_keeps_everyone_elses_records(harness: Harness,
                                                                        clock):
    store = harness.service.store
    await history(harness, clock)
    before = await rows_about(store, ANN)
    assert all(before.values()), before
    others = await everyone_else(store)
    bob_before = await rows_about(store, BOB)

    result, (yes, no) = await ask(harness)
    assert plain(result.message.text) == TR.t("en", "forget-ask")
    result = await harness.press(ANN, no, chat=dm(ANN))
    assert plain(result.private.text) == TR.t("en", "forget-kept")
    assert await rows_about(store, ANN) == before

    result = await harness.press(ANN, yes, chat=dm(ANN))
    assert plain(result.private.text) == TR.t("en", "forget-done", seats=4)
    assert await rows_about(store, ANN) == dict.fromkeys(before, 0)
    assert await everyone_else(store) == others
    bob_after = await rows_about(store, BOB)
    assert bob_after == bob_before  # Bob's rows are all there
    # her seats are one anonymous player: the same in every game, with no name
    games = await store.played_games("telegram")
    anonymous = {s.user_id for g in games for s in g.seats if is_forgotten(s.user_id)}
    assert len(anonymous) == 1
    assert all(s.name == "" for g in games for s in g.seats if is_forgotten(s.user_id))
    # the leaderboard shows her place, not her name
    text = plain((await harness.command(BOB, "stats", "lanterns")).message.text)
    assert "Ann" not in text and TR.t("en", "stats-former-player") in text
    # pressing Yes again: nothing is left to forget, and that is no error
    result = await harness.press(ANN, yes, chat=dm(ANN))
    assert plain(result.private.text) == TR.t("en", "forget-done", seats=0)


async def test_someone_still_at_a_table_is_told_where_and_nothing_is_deleted(
        harness: Harness, clock):
    store = harness.service.store
    await history(harness, clock)
    await store.add_seat((await store.active_table("telegram", "-300")).id, ANN.id, "Ann")
    before = await rows_about(store, ANN)
    _, (yes, _) = await ask(harness)
    result = await harness.press(ANN, yes, chat=dm(ANN))
    assert result.reply.alert
    assert plain(result.private.text) == TR.t("en", "forget-still-seated", chats="Third group")
    assert await rows_about(store, ANN) == before


async def test_stale_and_forged_presses_change_nothing(harness: Harness, clock):
    store = harness.service.store
    await history(harness, clock)
    before = await rows_about(store, ANN)
    _, (yes, _) = await ask(harness)
    now = int(clock.now // 60)
    forged = [
        (yes, GROUP),  # the question's button, pressed in a group
        (encode(Press(FORGET, now, arg="maybe")), dm(ANN)),  # not an answer
        (encode(Press(FORGET, now + 5, arg="yes")), dm(ANN)),  # asked in the future
        (encode(Press(FORGET, now - FORGET_MINUTES - 1, arg="yes")), dm(ANN)),  # too old
        ("t:yes", dm(ANN)),  # not even a press
        ("t:" + "9" * 13 + ":yes", dm(ANN)),
    ]
    for data, chat in forged:
        result = await harness.press(ANN, data, chat=chat)
        assert result.reply.alert, data
        assert await rows_about(store, ANN) == before, data
    clock.now += FORGET_MINUTES * 60 + 61  # the real question has gone stale meanwhile
    result = await harness.press(ANN, yes, chat=dm(ANN))
    assert plain(result.private.text) == TR.t("en", "forget-expired")
    assert await rows_about(store, ANN) == before
    # Cleo pressing Ann's button in her own private chat answers for herself, never for Ann
    clock.now -= FORGET_MINUTES * 60 + 61
    await harness.press(CLEO, yes, chat=dm(CLEO))
    assert await rows_about(store, ANN) == before
    assert (await rows_about(store, CLEO))["seats"] == 0
