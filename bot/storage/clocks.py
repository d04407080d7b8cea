"""Clocks, absent players and votes: the parts of `Store` that keep a table from stalling.

A running turn's deadline is a due_work row (due.py); what lives here is what outlasts a
turn: a table's clock, each seat's live bank, absence and timeouts in a row, the table's open
votes, and the heartbeat that tells a restarted bot how long it was down.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .due import _kinds
from .sql import StorePart, Tx
from .tables import LOBBY_CHANGED

_UNCHANGED: Any = object()


@dataclass(frozen=True, slots=True)
class Vote:
    id: int
    table_id: int
    kind: str  # 'absent': what to do about a seat out of time; 'end': end the game early
    seat: int  # absent: whose seat; end: who asked
    ballots: dict[int, str]  # seat -> choice
    opened_at: float


class ClockStore(StorePart):
    async def set_table_clock(self, table_id: int, clock: str) -> bool:
        """Choose a lobby's clock; False once the game has started."""
        return await self._write(lambda tx: tx.run(
            f"UPDATE tables SET clock = :clock, {LOBBY_CHANGED} WHERE id = :id"
            " AND status = 'lobby'",
            clock=clock, id=table_id) > 0, one_statement=True)

    async def update_seat(self, table_id: int, seat: int, *, bank: Any = _UNCHANGED,
                          absence: Any = _UNCHANGED, timeouts: Any = _UNCHANGED,
                          computer: Any = _UNCHANGED) -> None:
        """Change a seated player's clock or presence; only the fields given."""
        fields = {name: value for name, value in (
            ("bank", bank), ("absence", absence), ("timeouts", timeouts),
            ("computer", computer)) if value is not _UNCHANGED}
        if not fields:
            return
        sets = ", ".join(f"{name} = :{name}" for name in fields)  # names are ours
        await self._write(lambda tx: tx.run(
            f"UPDATE seats SET {sets} WHERE table_id = :table AND seat = :seat",
            **fields, table=table_id, seat=seat), one_statement=True)

    # --- votes ----------------------------------------------------------------------

    async def open_vote(self, table_id: int, kind: str, seat: int, *, now: float,
                        ballots: dict[int, str] | None = None) -> Vote | None:
        """Open a vote of this kind; None if one is already open."""
        row = await self._write(lambda tx: tx.one(
            "INSERT INTO votes (table_id, kind, seat, ballots, opened_at)"
            " VALUES (:table, :kind, :seat, :ballots, :now)"
            " ON CONFLICT (table_id, kind) DO NOTHING RETURNING *",
            table=table_id, kind=kind, seat=seat, ballots=_ballots_json(ballots or {}), now=now))
        return None if row is None else _vote(row)

    async def votes(self, table_id: int) -> list[Vote]:
        rows = await self._read(lambda tx: tx.all(
            "SELECT * FROM votes WHERE table_id = :table ORDER BY id", table=table_id))
        return [_vote(row) for row in rows]

    async def cast_ballot(self, vote_id: int, seat: int, choice: str) -> Vote | None:
        """Record (or change) a seat's choice; None if the vote is closed."""

        def tx(tx: Tx) -> Vote | None:
            # locked: two ballots cast at once in two processes both count
            row = tx.one("SELECT * FROM votes WHERE id = :id" + tx.for_update, id=vote_id)
            if row is None:
                return None
            ballots = {**_vote(row).ballots, seat: choice}
            return _vote(tx.one("UPDATE votes SET ballots = :ballots WHERE id = :id RETURNING *",
                                ballots=_ballots_json(ballots), id=vote_id))

        return await self._write(tx)

    async def close_votes(self, table_id: int, kinds: Iterable[str] | None = None) -> None:
        if kinds is None:
            await self._write(lambda tx: tx.run(
                "DELETE FROM votes WHERE table_id = :table", table=table_id))
            return
        wanted = tuple(kinds)
        if wanted:
            await self._write(lambda tx: tx.run(
                "DELETE FROM votes WHERE table_id = :table AND kind IN :kinds",
                table=table_id, kinds=wanted))

    # --- downtime ----------------------------------------------------------------------

    async def beat(self, now: float) -> None:
        """The bot is alive at `now` (written every few seconds while it runs)."""
        await self._write(lambda tx: tx.run(
            "INSERT INTO heartbeat (id, at) VALUES (1, :now)"
            " ON CONFLICT (id) DO UPDATE SET at = excluded.at", now=now), one_statement=True)

    async def last_beat(self) -> float | None:
        return await self._read(lambda tx: tx.scalar("SELECT at FROM heartbeat WHERE id = 1"))

    async def give_back(self, prefixes: Iterable[str], *, since: float, now: float) -> float:
        """After an outage this process saw from `since` to `now`: move the deadlines whose
        kind starts with one of `prefixes` later by the time nobody was serving (from
        `since`, or from the last heartbeat if a process beat after that), and beat, all in
        one transaction; return the seconds given back. Of several processes that lived
        through the same outage the first gives its time back and the others, finding its
        heartbeat, give back only the moments between."""
        kinds, params = _kinds(tuple(prefixes))

        def tx(tx: Tx) -> float:
            beat = tx.scalar("SELECT at FROM heartbeat WHERE id = 1" + tx.for_update)
            down = max(0.0, now - max(since, beat if beat is not None else since))
            if down > 0:
                tx.run(f"UPDATE due_work SET due_at = due_at + :seconds WHERE {kinds}",
                       seconds=down, **params)
            tx.run("INSERT INTO heartbeat (id, at) VALUES (1, :now)"
                   " ON CONFLICT (id) DO UPDATE SET at = excluded.at", now=now)
            return down

        return await self._write(tx)


def _ballots_json(ballots: dict[int, str]) -> str:
    return json.dumps({str(seat): choice for seat, choice in ballots.items()})


def _vote(row: Any) -> Vote:
    return Vote(id=row["id"], table_id=row["table_id"], kind=row["kind"], seat=row["seat"],
                ballots={int(seat): choice for seat, choice in json.loads(row["ballots"]).items()},
                opened_at=row["opened_at"])
