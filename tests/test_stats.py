"""/stats: a chat's leaderboards and a person's own figures, after a series of seeded games
kept through the store. Ratings are checked against openskill's Plackett–Luce called
directly; games with computer players and games ended early count but are not rated;
Hanabi gets team figures; the picture is readable on a phone."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from openskill.models import PlackettLuce
from PIL import ImageDraw

from bot import stats
from bot.i18n import Translator
from bot.screens import ChatRef, UserRef, plain
from bot.storage import Store
from engine.core import Standing
from engine.registry import GAMES
from fakes.service_harness import GROUP, Harness, open_harness
from render.kit import medal_sprite
from render.leaderboard import WIDTH, Row, Section, leaderboard_png

# `clock`, and `database`: each test on SQLite and on PostgreSQL
pytest_plugins = ["fakes.hand_clock", "fakes.store_backends"]

TR = Translator.load()
OTHER = ChatRef("telegram", "-200", title="Other group")
PEOPLE = {str(n): name for n, name in zip(range(301, 306), ("Ann", "Bob", "Cleo", "Dan",
                                                              "Eve"), strict=True)}


@pytest.fixture
async def harness(tmp_path, clock, database):
    async with open_harness(tmp_path, TR, clock=clock, database=database) as h:
        yield h


async def keep_game(store: Store, clock, chat: ChatRef, game: str,
                    seats: Sequence[tuple[str, str, str | None]],
                    standings: Sequence[Standing], *, options: dict | None = None,
                    abandoned: bool = False) -> int:
    """A game that ended, kept as the service keeps one: seats (id, name, computer level),
    started, then its last move with the final standings (or abandoned with the standings
    at that point)."""
    spec = GAMES[game]
    table = await store.create_table(chat.platform, chat.id, None, game, creator_id=seats[0][0],
                                     language="en", options=options or {}, title=chat.title)
    for user_id, name, computer in seats:
        await store.add_seat(table.id, user_id, name, computer=computer)
    state = spec.to_dict(spec.setup(len(seats), 1, {**spec.default_options, **(options or {})}))
    await store.start_table(table.id, seed=1, state=state, seat_order=[s[0] for s in seats])
    clock.now += 600
    if abandoned:
        await store.set_status(table.id, "cancelled", allowed_from=("playing",),
                               results=standings)
    else:
        await store.commit_action(table.id, 0, 0, "x", state, new_status="finished",
                                  results=standings)
    return table.id


def lanterns_standings(players: int, seed: int) -> tuple[Standing, ...]:
    """The final standings of a seeded random game of Lanterns, played out by the engine."""
    spec = GAMES["lanterns"]
    rng = random.Random(seed)
    state = spec.setup(players, seed, dict(spec.default_options))
    while not spec.is_over(state):
        seat = rng.choice(sorted(spec.to_act(state)))
        state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))
    return spec.outcome(state).standings


async def a_series(store: Store, clock) -> list[tuple[ChatRef, list[str], tuple[Standing, ...],
                                                      str]]:
    """Fourteen seeded Lanterns games among five people in two chats, one with a computer
    player, one abandoned, one ending in a tie; returns (chat, ids by seat, standings, kind)."""
    rng = random.Random(13)
    ids = sorted(PEOPLE)
    played = []
    for n in range(14):
        chat = OTHER if n % 5 == 4 else GROUP
        count = rng.choice((2, 3, 4))
        if n == 6:
            count = min(count, 3)  # and a computer player
        users = rng.sample(ids, count)
        standings = lanterns_standings(count, 100 + n)
        kind = "rated"
        if n == 6:
            kind = "computer"
        elif n == 9:
            kind = "abandoned"
        elif n == 11:  # a shared first place
            standings = tuple(Standing(s.seat, 1, 20) for s in standings)
        seats = [(u, PEOPLE[u], None) for u in users]
        if kind == "computer":
            seats.append(("cpu1", "🤖 Normal", "normal"))
            standings = (*standings, Standing(count, len(standings) + 1, 0))
        await keep_game(store, clock, chat, "lanterns", seats, standings,
                        abandoned=kind == "abandoned")
        played.append((chat, [s[0] for s in seats], standings, kind))
    return played


def expected_figures(played, chat: ChatRef | None) -> dict[str, dict]:
    """Games, wins and ratings worked out here, with openskill called directly."""
    model = PlackettLuce()
    out: dict[str, dict] = {}
    for where, users, standings, kind in played:
        if chat is not None and where != chat:
            continue
        rank = {s.seat: s.rank for s in standings}
        for seat, user in enumerate(users):
            if user.startswith("cpu"):
                continue
            mine = out.setdefault(user, {"games": 0, "wins": 0, "rating": None})
            mine["games"] += 1
            mine["wins"] += kind != "abandoned" and rank[seat] == 1
        if kind == "rated":
            teams = [[out[u]["rating"] or model.rating()] for u in users]
            new = model.rate(teams, ranks=[rank[seat] for seat in range(len(users))])
            for user, (rating,) in zip(users, new, strict=True):
                out[user]["rating"] = rating
    return out


async def test_ratings_wins_and_rates_match_openskill_called_directly(harness: Harness, clock):
    played = await a_series(harness.service.store, clock)
    for chat in (GROUP, OTHER, None):
        games = await harness.service.store.played_games(
            "telegram", chat_id=None if chat is None else chat.id)
        board = stats.leaderboard(games, GAMES["lanterns"])
        want = expected_figures(played, chat)
        assert {f.user_id for f in board} == set(want)
        for f in board:
            assert (f.games, f.wins) == (want[f.user_id]["games"], want[f.user_id]["wins"])
            assert f.win_rate == pytest.approx(f.wins / f.games)
            rating = want[f.user_id]["rating"]
            if rating is None:  # only unrated games here
                assert f.rating is None and f.ordinal is None
                continue
            assert f.rating.mu == pytest.approx(rating.mu, abs=1e-9)
            assert f.rating.sigma == pytest.approx(rating.sigma, abs=1e-9)
            assert f.ordinal == pytest.approx(rating.mu - 3 * rating.sigma, abs=1e-9)
        ordinals = [f.ordinal for f in board if f.ordinal is not None]
        assert ordinals == sorted(ordinals, reverse=True)  # best first
        assert [f.ordinal for f in board[len(ordinals):]] == [None] * (len(board) - len(ordinals))


async def test_computer_and_abandoned_games_count_but_are_not_rated(harness: Harness, clock):
    store = harness.service.store
    ann, bob = ("301", "Ann", None), ("302", "Bob", None)
    cpu = ("cpu1", "🤖 Easy", "easy")
    await keep_game(store, clock, GROUP, "lanterns", [ann, bob, cpu],
                    (Standing(0, 1, 30), Standing(1, 2, 20), Standing(2, 3, 10)))
    await keep_game(store, clock, GROUP, "lanterns", [ann, bob],
                    (Standing(0, 1, 30), Standing(1, 2, 20)), abandoned=True)
    board = stats.leaderboard(await store.played_games("telegram"), GAMES["lanterns"])
    assert [(f.user_id, f.games, f.wins, f.rated, f.ordinal) for f in board] == [
        ("301", 2, 1, 0, None), ("302", 2, 0, 0, None)]  # the computer is on no leaderboard
    # a person whose seat a computer took (they left) still played it; the game is not rated
    gone = await keep_game(store, clock, GROUP, "lanterns", [ann, bob],
                           (Standing(1, 1, 30), Standing(0, 2, 20)))
    await store._write(lambda tx: tx.run(
        "UPDATE seats SET computer = 'normal', absence = 'left' WHERE table_id = :table AND"
        " user_id = '301'", table=gone))
    board = stats.leaderboard(await store.played_games("telegram"), GAMES["lanterns"])
    assert [(f.user_id, f.games, f.wins, f.rated) for f in board] == [
        ("301", 3, 1, 0), ("302", 3, 1, 0)]  # unrated: by wins, games, then name


async def test_the_group_leaderboard_is_a_picture_with_its_figures_in_the_caption(
        harness: Harness, clock):
    played = await a_series(harness.service.store, clock)
    result = await harness.command(UserRef("301", "Ann", "en"), "stats", "lanterns")
    screen = result.message
    assert screen is not None and screen.image is not None and screen.image[:4] == b"\x89PNG"
    text = plain(screen.text)
    want = expected_figures(played, GROUP)
    for user, figures in want.items():
        rating = figures["rating"]
        shown = "—" if rating is None else f"{rating.mu - 3 * rating.sigma:.1f}"
        rate = round(100 * figures["wins"] / figures["games"])
        assert f"{PEOPLE[user]}: {figures['games']} · {figures['wins']} · {rate}% · {shown}" in text
    assert "computer players count in games and wins" in text
    # the overview names every game played here; a game never played is left out
    overview = plain((await harness.command(UserRef("301", "Ann", "en"), "stats")).message.text)
    assert "\nLanterns\n" in overview and "\nHanabi\n" not in overview
    # in Russian, with the decimal comma
    await harness.service.store.set_chat_language("telegram", GROUP.id, "ru")
    russian = plain((await harness.command(UserRef("301", "Ann", "ru"), "stats")).message.text)
    assert "Таблица лидеров" in russian and "7,7" in russian.split("\n")[4]


async def test_nothing_played_and_unknown_games_get_a_clear_answer(harness: Harness):
    ann = UserRef("301", "Ann", "en")
    result = await harness.command(ann, "stats")
    assert plain(result.message.text) == TR.t("en", "stats-none")
    assert result.message.image is None
    result = await harness.command(ann, "stats", "hanabi")
    assert plain(result.message.text) == "No game of Hanabi has ended in this chat yet."
    result = await harness.command(ann, "stats", "chess")
    assert plain(result.message.text).startswith("I don't know that game")
    private = await harness.command(ann, "stats", chat=ChatRef("telegram", ann.id, private=True))
    assert plain(private.message.text) == TR.t("en", "stats-yours-none")


async def test_in_private_your_own_figures_over_every_chat(harness: Harness, clock):
    played = await a_series(harness.service.store, clock)
    want = expected_figures(played, None)
    ann = UserRef("301", "Ann", "en")
    result = await harness.command(ann, "stats", chat=ChatRef("telegram", ann.id, private=True))
    text = plain(result.message.text)
    mine = want["301"]
    ordinal = mine["rating"].mu - 3 * mine["rating"].sigma
    rate = round(100 * mine["wins"] / mine["games"])
    assert f"Lanterns: {mine['games']} · {mine['wins']} · {rate}% · {ordinal:.1f}" in text
    chats = len({chat.id for chat, users, _, _ in played if "301" in users})
    assert f"in {chats} chats" in text
    assert result.message.image is not None
    # nobody else's figures are in it
    assert not any(PEOPLE[u] + ":" in text for u in PEOPLE if u != "301")


async def test_hanabi_gets_team_figures_by_player_count_and_variant(harness: Harness, clock):
    store = harness.service.store
    people = [(u, PEOPLE[u], None) for u in sorted(PEOPLE)]

    async def hanabi(players, score: int, options=None, *, abandoned=False, computer=False):
        seats = [*players, ("cpu1", "🤖 Normal", "normal")] if computer else list(players)
        await keep_game(store, clock, GROUP, "hanabi", seats,
                        tuple(Standing(s, 1, score) for s in range(len(seats))),
                        options=options, abandoned=abandoned)

    for score in (25, 18, 20):
        await hanabi(people[:3], score)
    await hanabi(people[:2], 25)
    await hanabi(people[:2], 30, {"multicolor": True})
    await hanabi(people[:2], 12, {"multicolor": True})
    await hanabi(people[:3], 24, abandoned=True)  # no final score
    await hanabi(people[:2], 21, computer=True)
    figures = stats.team_figures(await store.played_games("telegram"), GAMES["hanabi"])
    got = {(f.players, f.variant, f.computers): (f.games, f.best, f.average, f.perfect,
                                                 f.perfect_score) for f in figures}
    assert got == {
        (3, "", False): (3, 25, pytest.approx(21.0), 1, 25),
        (2, "", False): (1, 25, 25.0, 1, 25),
        (2, "multicolor", False): (2, 30, 21.0, 1, 30),
        (3, "", True): (1, 21, 21.0, 0, 25),
    }
    # no ratings for a game played together: nobody wins it against the others
    assert all(f.ordinal is None and f.wins == 0 for f in stats.leaderboard(
        await store.played_games("telegram"), GAMES["hanabi"]))
    text = plain((await harness.command(UserRef("301", "Ann", "en"), "stats",
                                        "hanabi")).message.text)
    assert "3 players · base game: 3 · 25/25 · 21.0 · 1" in text
    assert "2 players · multicolor: 2 · 30/30 · 21.0 · 1" in text
    assert "3 players · base game · with computers: 1 · 21/25 · 21.0 · 0" in text
    # Eve played none of them: her own figures say so; Ann's have her tables only
    private = plain((await harness.command(UserRef("305", "Eve", "en"), "stats", chat=ChatRef(
        "telegram", "305", private=True))).message.text)
    assert private == TR.t("en", "stats-yours-none")
    ann = plain((await harness.command(UserRef("301", "Ann", "en"), "stats", chat=ChatRef(
        "telegram", "301", private=True))).message.text)
    assert "3 players · base game: 3 · 25/25" in ann


def test_every_text_of_the_picture_is_readable_on_a_phone(monkeypatch):
    """Shown 360 px wide, every text drawn is at least 11 px tall (its font's size)."""
    sizes: list[int] = []
    draw_text = ImageDraw.ImageDraw.text

    def record(self, xy, text, fill=None, font=None, *args, **kwargs):
        sizes.append(font.size)
        return draw_text(self, xy, text, fill, font, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)
    medal_sprite.cache_clear()  # its digits are drawn once, then the sprite is reused
    stats_rows = tuple(Row(n, name, ("12", "8", "67%", "-3.4")) for n, name in
                       enumerate(["Ann", "Bob", "Cleo", "Dan", "Eve with a very long name"], 1))
    png = leaderboard_png([Section("Lanterns", ("games", "wins", "won", "rating"), stats_rows),
                           Section("Hanabi", ("games", "best", "average", "perfect"),
                                   (Row(None, "3 players · multicolor", ("4", "23/30", "18.5",
                                                                         "0")),))],
                          title="Leaderboard: Game night")
    from io import BytesIO

    from PIL import Image

    width = Image.open(BytesIO(png)).width
    assert width == WIDTH
    assert sizes and min(sizes) * 360 / width >= 11, sorted(set(sizes))
