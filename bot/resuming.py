"""Every active table shown again after a start, table by table, while presses are taken.

After a restart (a deploy, a crash) a platform shows every lobby and game under way again:
what the old process had queued died with it, and each table's computer turn or lobby
timeout is scheduled again (`TablePort.resume_each`). That is a drawing per message, about
30 ms a table on a 2-core machine (6 s for 200 tables, minutes for thousands), so it runs
beside the platform's updates instead of before them: a press on one table never waits for
another table's redraw. A press that moves a table first wins: the resume's posts for the
older version are dropped (`TablePosts.drawn`) or refused by the message claims.

A process on some of a Discord bot's shards shows only the tables of its shards' servers
(`ShardPlan.serves`): each table is drawn by one process, not by every one, and the
bot's global rate is not spent N times over on the same edits after a deploy.

A table that cannot be drawn is logged and skipped by the service (the others are still
shown); the database going away ends the pass, which the supervised loop starts again after
a back-off.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from bot.loops import supervise
from bot.port import ServerFilter, TablePort
from bot.screens import Drop, Post

log = logging.getLogger(__name__)

Show = Callable[[Sequence[Post | Drop]], None]


async def resume_tables(service: TablePort, platform: str, show: Show,
                        serves: ServerFilter | None = None) -> int:
    """Show every active table of `platform` again (of the servers it `serves`), each as
    soon as it is drawn; returns how many were shown."""
    shown = 0
    async for posts in service.resume_each(platform, serves):
        show(posts)
        shown += 1
    if shown:
        log.info("%s: %d table(s) shown again", platform, shown)
    return shown


class Resuming:
    """One platform's pass over its tables after a start, in the background."""

    def __init__(self, service: TablePort, platform: str, show: Show,
                 serves: ServerFilter | None = None) -> None:
        self.service = service
        self.platform = platform
        self.show = show
        self.serves = serves
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(supervise(
            f"{self.platform} tables shown again",
            lambda: resume_tables(self.service, self.platform, self.show, self.serves)),
            name=f"{self.platform} resume")

    async def wait(self, timeout: float | None = None) -> bool:
        """Whether every table was shown again (within `timeout` seconds)."""
        if self._task is None:
            return True
        done, _ = await asyncio.wait({self._task}, timeout=timeout)
        return bool(done)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
