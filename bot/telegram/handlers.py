"""aiogram routers: commands, `/start` deep links, button presses, group migration.

Every handler does the same three things: describe who and where (`ChatRef`, `UserRef`),
ask the service (bot/port.py), hand its `Result` to `bot.delivery.deliver` over Telegram's
surface (`TelegramSurface`: the outbox, and the press's answer). Handlers get the service,
the outbox and the translator from the dispatcher's workflow data (`dp["service"]` and so
on).

Every press is answered exactly once, by `AnswerEveryPress`: with the service's reply, with
the translated internal error if anything raised, or empty if nothing handled it. A press
whose work takes long (a simulated move, a risk estimate) is answered with a short "⏳" as
soon as the service has accepted it and the work has run for `WORKING_AFTER` seconds; its
screens follow when the work is done. A press the service refuses for who pressed, where or
when is refused before any such work starts, so its answer is the reason; what goes wrong
after a "⏳" (the database away, another process's move first) is told in the person's
private chat instead, once, ahead of whatever waits there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiogram import BaseMiddleware, Bot, F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, InaccessibleMessage, Message, TelegramObject, User

from bot.delivery import Where, deliver
from bot.i18n import Translator, normalize_language
from bot.log_format import withheld_traceback
from bot.names import TITLE_LIMIT, person_name, shown
from bot.port import AdminCheck, ChatAdminCheck, TablePort, service_unavailable
from bot.screens import ChatRef, Drop, Post, Reply, Result, Screen, UserRef

from .outbox import PLATFORM, Outbox

log = logging.getLogger(__name__)

ANSWER_LIMIT = 200
"""Longest text answerCallbackQuery takes."""
ADMIN_STATUSES = frozenset({"creator", "administrator"})


def build_routers(commands: Sequence[str]) -> list[Router]:
    """The adapter's routers, to include once in the dispatcher."""
    return [_start_router(), _commands_router(commands), _press_router(), _migration_router()]


# --- who and where ---------------------------------------------------------------------


def chat_ref(message: Message | InaccessibleMessage) -> ChatRef:
    """The chat (and forum topic) a message is in."""
    chat = message.chat
    thread = None
    if (isinstance(message, Message) and chat.is_forum and message.is_topic_message
            and message.message_thread_id is not None):
        thread = str(message.message_thread_id)
    return ChatRef(PLATFORM, str(chat.id), thread, private=chat.type == ChatType.PRIVATE,
                   title=shown(chat.title or "", limit=TITLE_LIMIT))


def user_ref(user: User) -> UserRef:
    """The person, by a name safe to show (bot/names.py)."""
    return UserRef(str(user.id), person_name(user.full_name), user.language_code)


def admin_check(bot: Bot, chat: ChatRef, user_id: int, sender_chat_id: int | None = None
                ) -> AdminCheck:
    """An async callable telling whether the user administers `chat`; asks Telegram only
    when the service awaits it, and at most once."""
    verdict: list[bool] = []

    async def is_admin() -> bool:
        if verdict:
            return verdict[0]
        if chat.private:
            return False
        if sender_chat_id is not None and str(sender_chat_id) == chat.id:
            verdict.append(True)  # an anonymous admin writes as the group itself
            return True
        try:
            member = await bot.get_chat_member(int(chat.id), user_id)
        except TelegramAPIError as error:
            log.warning("cannot check admin rights in chat %s: %s", chat.id, error.message)
            return False  # not remembered: the next ask may succeed
        verdict.append(member.status in ADMIN_STATUSES)
        return verdict[0]

    return is_admin


def chat_admin_check(bot: Bot, user_id: int) -> ChatAdminCheck:
    """An async callable telling whether the user administers a given group (a press or a
    link in the private chat about that group's settings); asks Telegram each time."""

    async def admin_of(chat_id: str) -> bool:
        try:
            member = await bot.get_chat_member(int(chat_id), user_id)
        except (TelegramAPIError, ValueError) as error:
            log.warning("cannot check admin rights in chat %s: %s", chat_id,
                        getattr(error, "message", type(error).__name__))
            return False
        return member.status in ADMIN_STATUSES

    return admin_of


class TelegramSurface:
    """Telegram's surface for `deliver`: posts and screens queued in the outbox, a press's
    answer given by its `PressAnswer`. A screen for the person alone goes to their private
    chat (whose id is their user id): in place of the message they pressed there
    (`pressed`), or as a new message. An edit takes the pressed message's place wherever it
    is (a command's: a new message); an aside is a new message beside it."""

    def __init__(self, outbox: Outbox, chat: ChatRef, language: str | None = None, *,
                 user_id: str | None = None, pressed: int | None = None,
                 answer: PressAnswer | None = None) -> None:
        self.outbox = outbox
        self.chat = chat
        self.language = language
        self.user_id = user_id
        self.pressed = pressed
        self._answer = answer

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        self.outbox.post(posts)

    def show(self, where: Where, screen: Screen) -> None:
        chat, say, lang = self.chat, self.outbox.say, self.language
        if where is Where.PRIVATE:
            if chat.private:
                say(chat.id, screen, language=lang, replace=self.pressed)
            elif self.user_id is not None:
                say(self.user_id, screen, language=lang)
        else:
            say(chat.id, screen, thread_id=chat.thread_id, language=lang,
                replace=self.pressed if where is Where.EDIT else None)

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        if self._answer is not None:  # a command has no press to answer
            await self._answer(reply)

    async def done(self) -> None:
        pass


def _language(user: User | None, default: str) -> str:
    return normalize_language(user.language_code if user else None, default)


async def _run(message: Message, translator: Translator, default_language: str,
               outbox: Outbox, chat: ChatRef, call: Callable[[], Awaitable[Result]]) -> None:
    """Ask the service; if it fails, say so in the chat rather than stay silent."""
    lang = _language(message.from_user, default_language)
    try:
        result = await call()
        await deliver(result, TelegramSurface(
            outbox, chat, lang, user_id=str(message.from_user.id) if message.from_user else None))
    except Exception as error:  # noqa: BLE001 - answered, and logged with its traceback
        # its traceback, exception texts withheld: they may quote a hidden hand
        log.error("a command failed in chat %s\n%s", chat.id, withheld_traceback(error))
        outbox.say(chat.id, Screen((translator.t(lang, "bot-error-internal"),)),
                   thread_id=chat.thread_id, language=lang)


# --- commands ----------------------------------------------------------------------------


def _start_router() -> Router:
    router = Router(name="telegram-start")

    @router.message(CommandStart(), F.chat.type == ChatType.PRIVATE, F.from_user)
    async def on_private_start(message: Message, command: CommandObject, bot: Bot,
                               service: TablePort, outbox: Outbox,
                               translator: Translator, default_language: str) -> None:
        assert message.from_user is not None
        chat, user = chat_ref(message), user_ref(message.from_user)
        admin_of = chat_admin_check(bot, message.from_user.id)
        await _run(message, translator, default_language, outbox, chat,
                   lambda: service.private_start(PLATFORM, user, chat.id, command.args or None,
                                                 admin_of=admin_of))

    return router


def _commands_router(commands: Sequence[str]) -> Router:
    router = Router(name="telegram-commands")
    # `Command` compares a /cmd@name mention with our username: others' commands don't match.
    names = tuple(commands)

    @router.message(Command(*names, "start", ignore_case=True), F.from_user)
    async def on_command(message: Message, command: CommandObject, bot: Bot,
                         service: TablePort, outbox: Outbox, translator: Translator,
                         default_language: str) -> None:
        assert message.from_user is not None
        chat, user = chat_ref(message), user_ref(message.from_user)
        name = command.command.lower()
        if name == "start":
            name = "help"  # /start in a group: people expect to be told what the bot does
        sender_chat = message.sender_chat.id if message.sender_chat else None
        is_admin = admin_check(bot, chat, message.from_user.id, sender_chat)
        await _run(message, translator, default_language, outbox, chat,
                   lambda: service.command(chat, user, name, command.args or "",
                                           is_admin=is_admin))

    return router


# --- presses -----------------------------------------------------------------------------


ANSWER_DEADLINE = 10.0
"""Seconds after which a press is no longer worth answering: Telegram refuses answers to
callback queries older than about 15 seconds."""
WORKING_AFTER = 0.1
"""Seconds an accepted press may take before it is answered "⏳" rather than with its result:
long enough that a quick press gets its own answer, short enough that a person never waits
on a spinning button."""


class PressAnswer:
    """Answers one callback query, once. Flood control is waited out while the query can
    still be answered. A later call does not answer again: an alert it brings (a refusal,
    an error) is handed to `late` instead, once (the person is told another way); a mere
    toast is not shown."""

    def __init__(self, bot: Bot, query: CallbackQuery, *, retry_scale: float = 1.0,
                 late: Callable[[str], None] | None = None) -> None:
        self._bot = bot
        self._query = query
        self._retry_scale = retry_scale
        self._late = late
        self.answered = False
        self._told_late = False
        self._timer: asyncio.Task[None] | None = None

    def unless_answered_within(self, seconds: float, reply: Reply) -> None:
        """Answer `reply` in `seconds`, unless the press has been answered by then."""
        if self.answered or self._timer is not None:
            return
        self._timer = asyncio.create_task(self._after(seconds, reply), name="press answer")

    async def _after(self, seconds: float, reply: Reply) -> None:
        if seconds > 0:
            await asyncio.sleep(seconds)
        await self(reply)

    async def settled(self) -> None:
        """Wait for an answer given by `unless_answered_within` to finish."""
        if self._timer is not None:
            await asyncio.gather(self._timer, return_exceptions=True)

    async def __call__(self, reply: Reply | None = None) -> None:
        if self.answered:
            if reply is not None and reply.text and asyncio.current_task() is not self._timer:
                # answered "⏳", and the work had more to say (another process moved first,
                # the database went away): a refusal must still reach the person
                if reply.alert and self._late is not None and not self._told_late:
                    self._told_late = True
                    self._late(reply.text)
                else:
                    log.info("a press's answer came after its early one and was not shown")
            return
        self.answered = True
        if self._timer is not None and asyncio.current_task() is not self._timer:
            self._timer.cancel()  # still asleep: it never answered
        reply = reply or Reply()
        text = reply.text[:ANSWER_LIMIT] if reply.text else None
        waited = 0.0
        while True:
            try:
                await self._bot.answer_callback_query(
                    self._query.id, text=text, show_alert=reply.alert or None, url=reply.url
                )
                return
            except TelegramRetryAfter as error:
                wait = error.retry_after * self._retry_scale
                if waited + wait > ANSWER_DEADLINE:
                    log.warning("a press went unanswered: flood control for %ss",
                                error.retry_after)
                    return
                waited += wait
                await asyncio.sleep(wait)
            except TelegramAPIError as error:
                log.warning("could not answer a press: %s", error.message.splitlines()[0])
                return


class AnswerEveryPress(BaseMiddleware):
    """Outer middleware: every callback query gets exactly one answer, whatever happens."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        if not isinstance(event, CallbackQuery):
            return await handler(event, data)
        outbox: Outbox = data["outbox"]
        translator: Translator = data["translator"]
        lang = _language(event.from_user, data.get("default_language", "en"))
        user_id = event.from_user.id

        def told_in_private(text: str) -> None:
            # answered "⏳" already: the person's private chat, not behind the kept messages
            # waiting there (they may be sitting out the very outage that refused the press)
            outbox.say(user_id, Screen((text,)), language=lang, ahead=True)

        answer = PressAnswer(data["bot"], event, retry_scale=outbox.limits.retry_scale,
                             late=told_in_private)
        data["answer"] = answer
        try:
            return await handler(event, data)
        except Exception as error:  # the press is answered, the bot goes on
            if data.get("redelivered_if_failed") and service_unavailable(error):
                # by webhook: Telegram sends the press again, and it is answered then
                answer.answered = True
                raise
            # its traceback, exception texts withheld: they may quote a hidden hand
            log.error("a press failed\n%s", withheld_traceback(error))
            # if it was answered "⏳" already (the work was slow: a database away, say), they
            # are told to try again in their private chat instead
            await answer(Reply(translator.t(lang, "bot-error-internal"), alert=True))
            return None
        finally:
            await answer()  # a press no handler took still stops spinning
            await answer.settled()


def _press_router() -> Router:
    router = Router(name="telegram-presses")
    router.callback_query.outer_middleware(AnswerEveryPress())

    @router.callback_query()
    async def on_press(query: CallbackQuery, bot: Bot, service: TablePort,
                       outbox: Outbox, answer: PressAnswer, translator: Translator,
                       default_language: str, working_after: float = WORKING_AFTER) -> None:
        if query.message is None or query.data is None:
            return  # inline-mode or game buttons: not ours; answered empty
        chat, user = chat_ref(query.message), user_ref(query.from_user)
        lang = _language(query.from_user, default_language)
        is_admin = admin_check(bot, chat, query.from_user.id)
        working = Reply(translator.t(lang, "tg-press-working"))
        result = await service.press(
            chat, user, query.data, is_admin=is_admin,
            admin_of=chat_admin_check(bot, query.from_user.id),
            working=lambda: answer.unless_answered_within(working_after, working))
        # Queued first (deliver's order): the outbox's requests then run alongside the answer.
        await deliver(result, TelegramSurface(outbox, chat, lang, user_id=user.id,
                                              pressed=query.message.message_id, answer=answer))

    return router


# --- service messages ----------------------------------------------------------------------


def _migration_router() -> Router:
    router = Router(name="telegram-migration")

    @router.message(F.migrate_to_chat_id)
    async def on_migrated(message: Message, outbox: Outbox) -> None:
        assert message.migrate_to_chat_id is not None
        log.info("group %s became supergroup %s", message.chat.id, message.migrate_to_chat_id)
        await outbox.chat_migrated(message.chat.id, message.migrate_to_chat_id)

    return router
