"""What the store returns: row dataclasses and the enums in them, and the readers that make
them from database rows (the same on every backend)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

Id = str | int
"""A platform id (chat, user, message, thread). Stored and returned as text."""

Json = str | Mapping[str, Any]
"""A JSON object, either already encoded or as a mapping to encode."""

PUBLIC_SEAT = -1
"""How a message that belongs to no seat (lobby, board) is keyed in the database."""


class Platform(StrEnum):
    TELEGRAM = "telegram"
    DISCORD = "discord"
    WEB = "web"  # the playground (bot/web)


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


ACTIVE: tuple[Status, ...] = (Status.LOBBY, Status.PLAYING)
"""Statuses that occupy a chat/topic, and that are resumed after a restart."""


class DmStatus(StrEnum):
    OK = "ok"
    UNREACHABLE = "unreachable"  # the user blocked the bot or never opened it
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    platform: Platform
    chat_id: str
    thread_id: str | None  # forum topic / Discord thread; None = the chat itself
    game: str
    options: dict[str, Any]
    seed: int | None  # chosen at start
    status: Status
    creator_id: str
    creator_name: str
    language: str  # of the table's public messages
    title: str  # the chat's title, to name it in private messages
    version: int  # number of accepted actions
    state: dict[str, Any] | None  # the engine's to_dict(); None in the lobby
    created_at: float  # unix seconds
    updated_at: float
    clock: str = "off"  # the turn clock's code (bot/clocks.py)
    started_at: float | None = None  # when its game started
    ended_at: float | None = None  # when its game ended (finished or abandoned)
    server_id: str | None = None  # the Discord server of its channel, if known

    @property
    def active(self) -> bool:
        return self.status in ACTIVE


@dataclass(frozen=True, slots=True)
class SeatRow:
    table_id: int
    user_id: str
    seat: int | None  # 0-based turn order, None until the game starts
    join_order: int  # lobby order
    display_name: str
    language: str | None
    dm_chat_id: str | None
    dm_status: DmStatus
    joined_at: float
    computer: str | None = None  # a computer player's level; None for a person
    bank: float | None = None  # a live clock's seconds left between turns; None = full
    absence: str | None = None  # None, 'out' (of time), 'away' or 'left'
    timeouts: int = 0  # a turn-based clock ran out this many times in a row

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True, slots=True)
class MessageRef:
    table_id: int
    role: str  # 'lobby', 'board', 'panel', ...
    seat: int | None  # None for public messages
    chat_id: str
    message_id: str
    content_hash: str | None
    updated_at: float
    version: int | None = None  # the table version it shows; None: not known


@dataclass(frozen=True, slots=True)
class PendingJoin:
    token: str
    table_id: int
    user_id: str
    created_at: float


@dataclass(frozen=True, slots=True)
class UserSettings:
    platform: Platform
    user_id: str
    language: str | None
    dm_chat_id: str | None
    dm_ok: bool | None  # None = never tried


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One accepted action and what was kept of it (None where nothing was)."""

    seat: int
    action: str
    events: Json | None
    settled: Json | None


def table_row(row: Any) -> TableRow:
    return TableRow(
        id=row["id"],
        platform=Platform(row["platform"]),
        chat_id=row["chat_id"],
        thread_id=row["thread_id"] or None,
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=Status(row["status"]),
        creator_id=row["creator_id"],
        creator_name=row["creator_name"],
        language=row["language"],
        title=row["title"],
        version=row["version"],
        state=json.loads(row["state"]) if row["state"] is not None else None,
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        clock=row["clock"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        server_id=row["server_id"],
    )


def seat_row(row: Any) -> SeatRow:
    return SeatRow(
        table_id=row["table_id"],
        user_id=row["user_id"],
        seat=row["seat"],
        join_order=row["join_order"],
        display_name=row["display_name"],
        language=row["language"],
        dm_chat_id=row["dm_chat_id"],
        dm_status=DmStatus(row["dm_status"]),
        joined_at=row["joined_at"],
        computer=row["computer"],
        bank=row["bank"],
        absence=row["absence"],
        timeouts=row["timeouts"],
    )


def message_row(row: Any) -> MessageRef:
    return MessageRef(
        table_id=row["table_id"],
        role=row["role"],
        seat=None if row["seat"] == PUBLIC_SEAT else row["seat"],
        chat_id=row["chat_id"],
        message_id=row["message_id"],
        content_hash=row["content_hash"],
        updated_at=row["updated_at"],
        version=row["version"],
    )


def encode_json(value: Json) -> str:
    if isinstance(value, str):
        json.loads(value)  # fail here, with a clear error, rather than on a CHECK
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def opt_id(value: Id | None) -> str | None:
    return None if value is None else str(value)


def thread_key(thread_id: Id | None) -> str:
    return "" if thread_id is None else str(thread_id)


def seat_key(seat: int | None) -> int:
    return PUBLIC_SEAT if seat is None else seat


def statuses(wanted: str | Any) -> tuple[Status, ...]:
    if isinstance(wanted, str):  # a lone 'playing' is not ('p', 'l', ...)
        wanted = (wanted,)
    result = tuple(Status(s) for s in wanted)
    if not result:
        raise ValueError("no statuses given")
    return result
