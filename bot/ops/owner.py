"""The owner's commands: `/botstatus` and `/closetable ID`, in a private chat with the bot.

OWNER_IDS names the owners per platform ("telegram:123,discord:456": a person's id there;
several per platform, comma-separated). To anyone else the commands do not exist: the
adapters match them only for an owner in a private chat on Telegram (bot/telegram/owner.py)
or a DM to the bot on Discord (bot/discord/owner.py), so a stranger's `/botstatus` is met
exactly as any unknown command or DM (no answer), and they are in no command list.

`/botstatus`: uptime, version, the open tables (waiting to start, being played), the
outboxes' queues, the ERROR lines of the last hour. `/closetable ID`: the table of that id
closes wherever it is (a lobby as its host's Cancel would, a game abandoned with the reason
shown on its board), what it shows going to its own platform's chats.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

from bot.ops import metrics
from bot.screens import UserRef

if TYPE_CHECKING:
    from bot.tables import TableService

log = logging.getLogger(__name__)

PLATFORMS = ("telegram", "discord")
HOUR = 3600.0
ID_DIGITS = 20  # a Telegram or Discord id has at most this many digits


def parse_owner_ids(text: str) -> dict[str, frozenset[str]]:
    """"telegram:123,discord:456" → {"telegram": {"123"}, "discord": {"456"}}; raises
    ValueError saying what is wrong."""
    owners: dict[str, set[str]] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        platform, colon, user_id = (part.strip() for part in item.partition(":"))
        platform = platform.lower()
        if not colon or platform not in PLATFORMS:
            raise ValueError(f'"{item}" is not platform:id, such as telegram:123456789 or '
                             f"discord:123456789012345678 (platforms: {', '.join(PLATFORMS)})")
        if not (user_id.isascii() and user_id.isdigit() and len(user_id) <= ID_DIGITS):
            raise ValueError(f'"{item}": the id is the person\'s number on {platform}, '
                             "digits only")
        owners.setdefault(platform, set()).add(str(int(user_id)))
    return {platform: frozenset(ids) for platform, ids in owners.items()}


def package_version() -> str:
    try:
        return version("chatgames")
    except PackageNotFoundError:  # a checkout run without installing it
        return "unknown"


@dataclass(frozen=True)
class Closed:
    """What /closetable did."""

    key: str  # the answer's text
    table_id: int
    game: str = ""
    title: str = ""


class OwnerDesk:
    """The owners of this bot and what their commands do."""

    def __init__(self, owners: dict[str, frozenset[str]], service: TableService, *,
                 clock: Callable[[], float] = time.time,
                 errors: metrics.ErrorCounter = metrics.ERROR_LOG) -> None:
        self.owners = owners
        self.service = service
        self._clock = clock
        self._errors = errors
        self.started = clock()

    def is_owner(self, platform: str, user_id: str | int) -> bool:
        return str(user_id) in self.owners.get(platform, frozenset())

    async def status(self, lang: str) -> str:
        tr = self.service.tr
        counts = await self.service.count_tables()
        lobbies = sum(n for (_, status), n in counts.items() if status == "lobby")
        playing = sum(n for (_, status), n in counts.items() if status == "playing")
        minutes = int(max(0.0, self._clock() - self.started)) // 60
        uptime = tr.t(lang, "owner-uptime", days=minutes // 1440, hours=minutes // 60 % 24,
                      minutes=minutes % 60)
        depth = metrics.queue_depth()
        queue = ", ".join(f"{platform} {n}" for platform, n in sorted(depth.items())) or "0"
        return tr.t(lang, "owner-status", version=package_version(), uptime=uptime,
                    lobbies=lobbies, playing=playing, queue=queue,
                    errors=self._errors.since(HOUR))

    async def close(self, owner: UserRef, args: str) -> Closed | None:
        """Close the table whose id `args` names; None if `args` names none."""
        text = args.strip().lstrip("#")
        if not (text.isascii() and text.isdigit() and len(text) <= 18):
            return None
        table_id = int(text)
        table = await self.service.close_table(table_id, owner)
        if table is None:
            return Closed("owner-close-none", table_id)
        if not table.active:
            return Closed("owner-close-over", table_id)
        tr = self.service.tr
        return Closed("owner-close-done", table_id, tr.t(table.language, f"game-{table.game}"),
                      table.title)

    async def answer(self, lang: str, name: str, owner: UserRef, args: str) -> str:
        """The text answering an owner's command `name` ("botstatus" or "closetable")."""
        tr = self.service.tr
        if name == "botstatus":
            return await self.status(lang)
        closed = await self.close(owner, args)
        if closed is None:
            return tr.t(lang, "owner-close-usage")
        return tr.t(lang, closed.key, id=closed.table_id, game=closed.game,
                    chat=closed.title or "—")


COMMANDS = ("botstatus", "closetable")

_desk: list[OwnerDesk] = []


def configure(desk: OwnerDesk | None) -> None:
    """This process's owner desk (None: no owners; the commands exist for nobody)."""
    _desk[:] = [desk] if desk is not None else []


def desk() -> OwnerDesk | None:
    return _desk[0] if _desk else None


def owner_desk_for(platform: str, user_id: str | int) -> OwnerDesk | None:
    """The desk, if `user_id` on `platform` is one of its owners."""
    current = desk()
    return current if current is not None and current.is_owner(platform, user_id) else None
