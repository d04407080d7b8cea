"""Figures and ratings from the games that ended: who played, won and how they rate.

Pure functions of `PlayedGame`s (bot/storage/stats.py), computed on demand (in a worker
thread): rating takes about 0.1 ms a game (measured: 2,000 four-player games in 0.2 s), so a
chat's history of hundreds of games answers at once, and nothing is cached that could go
stale. A chat with tens of thousands of games would want ratings kept with each result.

What counts, and why:

* **games** are every game a person sat at that ended: finished, or abandoned (ended early
  by a vote, or because the people left); **wins** are first places (shared ones too) in
  finished games with more than one seat. An abandoned game is a game played but never a
  win: its standings at that point are not a result anyone played out, and counting them
  would reward ending a game while ahead.
* **ratings** are openskill's Plackett–Luce model (several players, ties), updated game by
  game in the order the games ended, per game: per chat, and over every chat of the
  platform (a Telegram and a Discord account cannot be told to be the same person, so each
  platform rates on its own). Only finished games between people are rated: a computer
  player's seat is not a person whose skill is being measured, and rating against it would
  move people's ratings by how strong the bot is that month; a game ended early has no
  result to rate. Such games still count in games and wins. A rating is shown as its
  conservative estimate, `ordinal()` = μ − 3σ, which is 0 for a newcomer and rises as
  they are seen to win.
* a cooperative game (`GameSpec.perfect_score`, Hanabi) has no rating and no winner among
  the players: it gets team figures instead (games, best score, average, perfect games),
  by player count, options, and whether a computer player was at the table. Only finished
  games give a final score; abandoned ones count in the players' games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.options import describe_options
from bot.storage.stats import PlayedGame
from engine.core import GameSpec

MODEL = PlackettLuce()
"""openskill's defaults: μ 25, σ 25/3, β 25/6."""


@dataclass
class PlayerFigures:
    """One person's figures in one game (in a chat, or over the platform)."""

    user_id: str
    name: str  # the latest name they played under; '' once forgotten
    games: int = 0
    wins: int = 0
    rated: int = 0  # rated games
    rating: PlackettLuceRating | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float | None:
        """μ − 3σ, or None before any rated game."""
        return None if self.rating is None or not self.rated else float(self.rating.ordinal())


@dataclass
class TeamFigures:
    """A cooperative game's figures for one kind of table."""

    players: int
    variant: str  # the options as typed ('' for the defaults)
    computers: bool  # a computer player was at the table
    perfect_score: int
    games: int = 0
    best: int = 0
    total: int = 0
    perfect: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


def rated(game: PlayedGame, spec: GameSpec) -> bool:
    """Whether a game moves ratings: finished, competitive, between people only."""
    return (game.finished and spec.perfect_score is None and len(game.seats) > 1
            and all(seat.computer is None for seat in game.seats))


def counted_win(game: PlayedGame, spec: GameSpec, rank: int) -> bool:
    return (game.finished and spec.perfect_score is None and len(game.seats) > 1
            and rank == 1)


def leaderboard(games: Iterable[PlayedGame], spec: GameSpec) -> list[PlayerFigures]:
    """Every person who played `spec`'s game in `games` (oldest first), best first: the rated
    by their rating, then the others by wins and games."""
    figures: dict[str, PlayerFigures] = {}
    for game in games:
        if game.game != spec.name:
            continue
        for seat in game.seats:
            if not seat.person:
                continue
            mine = figures.setdefault(seat.user_id, PlayerFigures(seat.user_id, seat.name))
            mine.name = seat.name
            mine.games += 1
            mine.wins += counted_win(game, spec, seat.rank)
        if rated(game, spec):
            teams = [[figures[s.user_id].rating or MODEL.rating()] for s in game.seats]
            new = MODEL.rate(teams, ranks=[s.rank for s in game.seats])
            for seat, (rating,) in zip(game.seats, new, strict=True):
                figures[seat.user_id].rating = rating
                figures[seat.user_id].rated += 1
    return sorted(figures.values(), key=_order)


def _order(f: PlayerFigures) -> tuple[Any, ...]:
    ordinal = f.ordinal
    return (ordinal is None, -(ordinal or 0.0), -f.wins, -f.games, f.name.casefold(),
            f.user_id)


def team_figures(games: Iterable[PlayedGame], spec: GameSpec, *, user_id: str | None = None
                 ) -> list[TeamFigures]:
    """A cooperative game's finished games (those `user_id` sat at, if given), grouped by
    player count, options and computer players; the most played first."""
    assert spec.perfect_score is not None
    groups: dict[tuple[int, str, bool], TeamFigures] = {}
    for game in games:
        if game.game != spec.name or not game.finished:
            continue
        if user_id is not None and not any(s.user_id == user_id for s in game.seats):
            continue
        options = {**spec.default_options, **game.options}
        computers = any(not s.person for s in game.seats)
        key = (len(game.seats), describe_options(spec, options), computers)
        group = groups.get(key)
        if group is None:
            group = groups[key] = TeamFigures(*key, perfect_score=spec.perfect_score(options))
        score = max(s.score for s in game.seats)  # every seat has the team's score
        group.games += 1
        group.total += score
        group.best = max(group.best, score)
        group.perfect += score >= group.perfect_score
        group.scores.append(score)
    return sorted(groups.values(), key=lambda g: (-g.games, g.players, g.variant, g.computers))


def personal(games: Sequence[PlayedGame], specs: Mapping[str, GameSpec], user_id: str
             ) -> dict[str, PlayerFigures]:
    """One person's figures per competitive game over every chat of `games`: their games,
    wins and platform-wide rating (rated against everyone they played)."""
    mine: dict[str, PlayerFigures] = {}
    for name, spec in specs.items():
        if spec.perfect_score is not None:
            continue
        board = leaderboard((g for g in games if g.game == name), spec)
        found = next((f for f in board if f.user_id == user_id), None)
        if found is not None:
            mine[name] = found
    return mine


def games_of(games: Iterable[PlayedGame], user_id: str) -> list[PlayedGame]:
    return [g for g in games if any(s.user_id == user_id and s.person for s in g.seats)]
