"""Discord's surfaces for `bot.delivery.deliver`: what a press and a command do with each part
of the service's `Result`.

A press (`PressSurface`): the presser's own panel is shown to them alone, in answer to the
interaction (in place of the ephemeral message they pressed on, or as a new ephemeral one
when they pressed on the board), and the interaction becomes the newest way to refresh it
(`PanelTokens`); everything else goes to the outbox. The press is deferred while pictures
are drawn, unless a panel of theirs already answered it; what the person reads is chosen in
`done`, once it is known whether a panel was shown.

A command (`CommandSurface`): the posts go to the outbox (a new table's lobby, already shown
by `Outbox.deliver_now`, is left out); a screen for the person alone or the command's
answer is shown as ephemeral messages in `done`, and the interaction finished.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from bot.delivery import Where
from bot.screens import Drop, Post, Reply, Role, Screen, UserRef

from .answer import Answer
from .outbox import Outbox
from .panels import PanelTokens
from .render import layout, layouts


def is_mine(post: Post | Drop, user: UserRef) -> TypeGuard[Post]:
    """A post of the presser's own panel."""
    return isinstance(post, Post) and post.place.role is Role.PANEL \
        and post.place.chat_id == user.id


class PressSurface:
    """A press's surface: the presser's panels in answer, the rest to the outbox."""

    def __init__(self, answer: Answer, user: UserRef, outbox: Outbox,
                 panels: PanelTokens) -> None:
        self.answer_to = answer
        self.user = user
        self.outbox = outbox
        self.panels = panels
        self._screens: dict[Where, Screen] = {}
        self._reply = Reply()
        self._had_mine = False  # a panel of theirs was among the posts
        self._shown = False  # and it was shown in answer to the press

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        mine = [p for p in posts if is_mine(p, self.user)]
        self.outbox.post(p for p in posts if not is_mine(p, self.user))
        for post in mine:
            self._had_mine = True
            self._shown = await self._show_panel(post) or self._shown

    def show(self, where: Where, screen: Screen) -> None:
        self._screens[where] = screen

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        self._reply = reply
        if drawing and not self._had_mine:
            await self.answer_to.defer()  # pictures are being drawn: acknowledge now

    async def done(self) -> None:
        answer, reply, screens = self.answer_to, self._reply, self._screens
        alert = reply.text if reply.alert and reply.text else None
        if self._shown:
            if alert:
                await answer.say(alert)
        elif (edit := screens.get(Where.EDIT)) is not None:
            # the pressed message becomes this (a replay's step), wherever it is
            await answer.update(layout(edit))
            if alert:
                await answer.say(alert)
        elif (aside := screens.get(Where.ASIDE)) is not None:
            # a new message for the presser, the pressed one left as it is
            await answer.show(layout(aside), replace=False)
        elif (private := screens.get(Where.PRIVATE)) is not None:
            # a menu for them alone (/settings): in place of the one they pressed on; a
            # refusal that comes with it (an outdated press) is said as well
            await answer.show(layout(private), replace=True)
            if alert:
                await answer.say(alert)
        elif (message := screens.get(Where.MESSAGE)) is not None:
            await answer.show(layout(message), replace=True)
        elif reply.text and (reply.alert or not answer.from_ephemeral):
            await answer.say(reply.text)
        elif reply.text:
            # a picker's choice was taken: the picker becomes its confirmation
            await answer.show(layout(Screen((reply.text,))), replace=True)

    async def _show_panel(self, post: Post) -> bool:
        place, user_id = post.place, self.user.id
        async with self.outbox.panel_turn(place.table_id, user_id):
            handle = await self.answer_to.show(layout(post.screen), replace=True)
            if handle is None:
                return False
            self.panels.remember(place.table_id, user_id, handle=handle,
                                 fingerprint=post.screen.fingerprint(),
                                 image=post.screen.image_fingerprint())
        return True


class CommandSurface:
    """A command's surface: the posts to the outbox (but `shown_already`, a new table's
    lobby), the person's screen or answer as ephemeral messages, then `done_text`.
    `footer` is added to a plain answer in the chat (/help's word on Discord)."""

    def __init__(self, answer: Answer, outbox: Outbox, *, done_text: str,
                 shown_already: Post | None = None, footer: str | None = None) -> None:
        self.answer_to = answer
        self.outbox = outbox
        self.done_text = done_text
        self.shown_already = shown_already
        self.footer = footer
        self._screens: dict[Where, Screen] = {}
        self._reply = Reply()

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        self.outbox.post(p for p in posts if p is not self.shown_already)

    def show(self, where: Where, screen: Screen) -> None:
        self._screens[where] = screen

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        self._reply = reply  # said in `done`, after the drawn posts are queued

    async def done(self) -> None:
        answer, screens = self.answer_to, self._screens
        if (private := screens.get(Where.PRIVATE)) is not None:
            # a menu for them alone (/settings): ephemeral
            await answer.show(layout(private), replace=False)
        elif (message := screens.get(Where.MESSAGE)) is not None:
            if self.footer is not None:
                message = Screen((*message.text, "\n\n", self.footer), message.image,
                                 message.buttons)
            for part in layouts(message):  # a game's rules can take several messages
                await answer.show(part, replace=False)
        elif self._reply.text:
            await answer.say(self._reply.text)
        await answer.finish(self.done_text)
