"""What /stats reads and what /forgetme deletes.

`played_games` gives the games that ended (finished or abandoned), oldest first, each with
who sat where and how they stood at the end: the input of every figure and rating in
bot/stats.py, which computes them on demand.

`forget_user` deletes what is kept about one person on one platform, in one transaction:
their settings and pending joins go, the messages kept in their private chat go, and in
every table they sat at (or opened) their platform id becomes one anonymous id and their
name goes. The results stay, seat by seat, so the other players' games, wins and ratings
stay exactly what they were (the anonymous id plays the same part the person did).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from .errors import StoreError
from .sql import StorePart, Tx

FORGOTTEN = "gone-"
"""The prefix of the anonymous id that replaces a forgotten person's platform id."""


def is_forgotten(user_id: str) -> bool:
    """Whether a seat's id is a forgotten person's anonymous one (its name is gone too)."""
    return user_id.startswith(FORGOTTEN)


@dataclass(frozen=True, slots=True)
class PlayedSeat:
    seat: int
    user_id: str
    name: str  # '' for a forgotten person
    computer: str | None  # a computer player's level (from the lobby, or one that took over)
    absence: str | None  # 'away' / 'left': a computer played this person's seat at the end
    rank: int
    score: int

    @property
    def person(self) -> bool:
        """Seated by a person (who may have handed the seat to a computer player)."""
        return self.computer is None or self.absence in ("away", "left")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    table_id: int
    chat_id: str
    title: str
    game: str
    options: dict[str, Any]
    finished: bool  # False: abandoned (ended early; the standings at that point)
    ended_at: float
    seats: tuple[PlayedSeat, ...]


class StillSeated(StoreError):
    """The person sits at a lobby or a game under way; nothing was forgotten."""

    def __init__(self, tables: list[tuple[int, str]]) -> None:
        super().__init__(f"still seated at tables {[t for t, _ in tables]}")
        self.tables = tables  # (table id, the chat's title)


@dataclass(frozen=True, slots=True)
class Forgotten:
    anonymous_id: str | None  # None: they had sat at no table
    seats: int  # seats anonymised
    settings: int  # settings rows deleted
    pending: int  # pending joins deleted
    messages: int  # kept messages of their private chat forgotten


class StatsStore(StorePart):
    async def played_games(self, platform: str, *, chat_id: str | None = None,
                           game: str | None = None) -> list[PlayedGame]:
        """The platform's ended games with their results, oldest first (by end time), of
        one chat and one game if given."""
        sql = ("SELECT t.id, t.chat_id, t.title, t.game, t.options, t.status, t.ended_at,"
               " s.seat, s.user_id, s.display_name, s.computer, s.absence, r.rank, r.score"
               " FROM tables t JOIN results r ON r.table_id = t.id"
               " JOIN seats s ON s.table_id = t.id AND s.seat = r.seat"
               " WHERE t.platform = :platform AND t.ended_at IS NOT NULL")
        params: dict[str, Any] = {"platform": platform}
        if chat_id is not None:
            sql += " AND t.chat_id = :chat"
            params["chat"] = str(chat_id)
        if game is not None:
            sql += " AND t.game = :game"
            params["game"] = game
        sql += " ORDER BY t.ended_at, t.id, r.seat"

        games: list[PlayedGame] = []
        current: list[Any] = []
        for row in [*await self._read(lambda tx: tx.all(sql, **params)), None]:
            if current and (row is None or row["id"] != current[0]["id"]):
                first = current[0]
                games.append(PlayedGame(
                    table_id=first["id"], chat_id=first["chat_id"], title=first["title"],
                    game=first["game"], options=json.loads(first["options"]),
                    finished=first["status"] == "finished", ended_at=first["ended_at"],
                    seats=tuple(PlayedSeat(r["seat"], r["user_id"], r["display_name"],
                                           r["computer"], r["absence"], r["rank"], r["score"])
                                for r in current)))
                current = []
            if row is not None:
                current.append(row)
        return games

    async def forget_user(self, platform: str, user_id: str) -> Forgotten:
        """Delete what is kept about a person on a platform, keeping anonymised results.
        Raises `StillSeated` (and changes nothing) while they sit at an active table."""
        who = {"platform": platform, "user": str(user_id)}

        def refuse_if_seated(tx: Tx, *users: str) -> None:
            active = [(row["id"], row["title"]) for row in tx.all(
                "SELECT DISTINCT t.id, t.title FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.platform = :platform AND s.user_id IN :users"
                " AND t.status IN ('lobby', 'playing') ORDER BY t.id",
                platform=platform, users=users)]
            if active:
                raise StillSeated(active)

        def tx(tx: Tx) -> Forgotten:
            refuse_if_seated(tx, who["user"])
            # their private chat: where their panels were kept (its id is theirs on both)
            private = {row["chat"] for row in tx.all(
                "SELECT dm_chat_id AS chat FROM user_settings"
                " WHERE platform = :platform AND user_id = :user"
                " UNION SELECT s.dm_chat_id FROM seats s JOIN tables t ON t.id = s.table_id"
                " WHERE t.platform = :platform AND s.user_id = :user", **who)
                if row["chat"]} | {who["user"]}
            anonymous = FORGOTTEN + secrets.token_hex(8)
            mine = "SELECT id FROM tables WHERE platform = :platform"
            seats = tx.run(
                "UPDATE seats SET user_id = :anonymous, display_name = '', language = NULL,"
                " dm_chat_id = NULL, dm_status = 'unknown'"
                f" WHERE user_id = :user AND table_id IN ({mine})", **who, anonymous=anonymous)
            tx.run("UPDATE tables SET creator_id = :anonymous, creator_name = ''"
                   " WHERE platform = :platform AND creator_id = :user", **who,
                   anonymous=anonymous)
            settings = tx.run(
                "DELETE FROM user_settings WHERE platform = :platform AND user_id = :user", **who)
            pending = tx.run(
                f"DELETE FROM pending_joins WHERE user_id = :user AND table_id IN ({mine})", **who)
            messages = tx.run(
                f"DELETE FROM messages WHERE chat_id IN :private AND table_id IN ({mine})",
                **who, private=tuple(sorted(private)))
            # On PostgreSQL another worker may have seated them since the first look (a join
            # committed while this ran): refuse then too, and roll all of it back.
            refuse_if_seated(tx, who["user"], anonymous)
            return Forgotten(anonymous if seats else None, seats, settings, pending, messages)

        return await self._write(tx)
