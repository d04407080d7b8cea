"""Telegram's flood control, as strict as Telegram is: budgets of messages per chat, per group
and overall, counted when a request arrives, refused with ``429 Too Many Requests`` and a
``retry_after`` once a budget is spent.

Telegram's guidance (core.telegram.org/bots/faq, "My bot is hitting limits"): about one
message a second in a chat (short bursts are tolerated), no more than 20 messages a minute
in a group, about 30 messages a second overall. Sending and editing count alike;
``answerCallbackQuery`` and reading methods do not; deleting counts only overall. The fake
holds every budget as a sliding window over the arrival times of the requests it accepted
(a refused request costs nothing), so a bot passes only if it keeps inside all of them at
every moment.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from .records import ApiError

SENDING = frozenset(name.lower() for name in (
    "sendMessage", "sendPhoto", "sendAnimation", "sendDocument", "sendVideo", "sendAudio",
    "sendVoice", "sendSticker", "sendMediaGroup", "sendPoll", "sendDice", "sendLocation",
    "sendContact", "sendVenue", "copyMessage", "forwardMessage", "editMessageText",
    "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup",
))
"""Methods that put something in a chat: every budget counts them."""
DELETING = frozenset({"deletemessage", "deletemessages"})
"""Counted only against the overall budget."""


@dataclass(frozen=True)
class Budget:
    """At most `count` messages in any `seconds`."""

    count: int
    seconds: float


@dataclass(frozen=True)
class FloodBudgets:
    per_chat: Budget = Budget(3, 3.0)  # one a second, bursts of three
    per_group: Budget = Budget(20, 60.0)
    overall: Budget = Budget(30, 1.0)


@dataclass
class FloodRecord:
    """What flood control refused, for tests and benchmarks to report."""

    method: str
    chat_id: int | str | None
    scope: str  # "chat", "group" or "overall"
    retry_after: int


@dataclass
class FloodControl:
    """Counts the messages the server accepted and refuses those over a budget."""

    budgets: FloodBudgets = field(default_factory=FloodBudgets)
    clock: Callable[[], float] = time.monotonic
    refused: list[FloodRecord] = field(default_factory=list)
    _chats: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _groups: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _overall: deque[float] = field(default_factory=deque)

    def admit(self, method: str, chat_id: int | str | None) -> None:
        """Count a request arriving now, or raise the 429 Telegram would answer."""
        name = method.lower()
        if name not in SENDING and name not in DELETING:
            return
        now = self.clock()
        scopes: list[tuple[str, deque[float], Budget]] = [
            ("overall", self._overall, self.budgets.overall)]
        if name in SENDING and chat_id is not None:
            chat = str(chat_id)
            scopes.append(("chat", self._chats[chat], self.budgets.per_chat))
            if chat.startswith("-"):
                scopes.append(("group", self._groups[chat], self.budgets.per_group))
        for scope, times, budget in scopes:
            while times and times[0] <= now - budget.seconds:
                times.popleft()
            if len(times) >= budget.count:
                # the oldest counted message must leave the window before another fits
                wait = times[-budget.count] + budget.seconds - now
                retry_after = max(math.ceil(wait), 1)
                self.refused.append(FloodRecord(method, chat_id, scope, retry_after))
                raise ApiError(429, f"Too Many Requests: retry after {retry_after}",
                               {"retry_after": retry_after})
        for _, times, _ in scopes:
            times.append(now)
