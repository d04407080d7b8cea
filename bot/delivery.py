"""What every adapter does with a `Result`, in one order, over a small surface per platform.

`deliver(result, surface)`:

1. `await surface.post(result.posts)`: the kept messages ready now (an outbox queues them;
   a platform that shows the presser's own panel to them alone shows it here);
2. `surface.show(where, screen)` for each screen the result has, in the order of `WHERES`:
   a plain answer in the chat (`MESSAGE`), a screen for the person alone (`PRIVATE`), one in
   place of the pressed message (`EDIT`), a new one beside it (`ASIDE`) — a surface that
   shows only one of them picks by its own priority;
3. `await surface.answer(result.reply, drawing=...)`: the presser's short answer (a command
   has none to give: its surface ignores it), before any picture is waited for; `drawing`
   says whether posts are still being drawn (a surface may acknowledge the press now and
   answer in `done`);
4. the posts still being drawn, each `await surface.post((post,))` as soon as it is ready:
   the one place they are drained;
5. `await surface.done()`: everything is out (a surface that answers only once it knows
   what was drawn, an ephemeral panel say, answers here).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Protocol

from bot.screens import Drop, Post, Reply, Result, Screen


class Where(Enum):
    MESSAGE = "message"
    """A plain answer in the chat the command or press came from."""
    PRIVATE = "private"
    """For the person alone (a menu only they may use)."""
    EDIT = "edit"
    """In place of the message that was pressed."""
    ASIDE = "aside"
    """A new message beside the one pressed, which stays as it is."""


WHERES = (Where.MESSAGE, Where.PRIVATE, Where.EDIT, Where.ASIDE)


class Surface(Protocol):
    """What one platform does with each part of a `Result`, for one command or press."""

    async def post(self, posts: Sequence[Post | Drop]) -> None: ...

    def show(self, where: Where, screen: Screen) -> None: ...

    async def answer(self, reply: Reply, *, drawing: bool) -> None: ...

    async def done(self) -> None: ...


def screens_of(result: Result) -> list[tuple[Where, Screen]]:
    """The result's screens with where each goes, in the order they are shown."""
    by_where = {Where.MESSAGE: result.message, Where.PRIVATE: result.private,
                Where.EDIT: result.edit, Where.ASIDE: result.aside}
    return [(where, screen) for where in WHERES if (screen := by_where[where]) is not None]


async def deliver(result: Result, surface: Surface) -> None:
    """Hand every part of `result` to `surface`, in the one order above."""
    await surface.post(result.posts)
    for where, screen in screens_of(result):
        surface.show(where, screen)
    await surface.answer(result.reply, drawing=result.later is not None)
    if result.later is not None:
        async for post in result.later:
            await surface.post((post,))
    await surface.done()
