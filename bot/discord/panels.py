"""Where each player's private panel can still be edited: the newest interaction that
showed it, per table and player, kept in memory for as long as its token is valid.

Discord lets a bot edit an ephemeral message only through the token of an interaction, for
15 minutes after it. So after every move the outbox refreshes the panel a player last had
in front of them while that token lasts, and otherwise leaves it (the turn ping and the
"your turn" message tell them, and "My hand" opens a fresh panel). Losing this on a
restart is fine for the same reason.

>>> clock = iter([0.0, 10.0, 2000.0]).__next__
>>> panels = PanelTokens(clock=clock)
>>> panel = panels.remember(7, "42", handle="token")
>>> panels.get(7, "42").handle
'token'
>>> panels.get(7, "42") is None  # 2000 s later: expired
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TOKEN_LIFETIME = 15 * 60.0
"""How long Discord accepts an interaction's token."""
SAFETY_MARGIN = 30.0
"""A token this close to expiring is not used: an edit may take a while to arrive."""


@dataclass
class Panel:
    """A panel on a player's screen: how to edit it and what it shows."""

    handle: Any  # bot.discord.answer.PanelHandle (anything with `edit`), opaque here
    since: float  # when the interaction arrived (monotonic seconds)
    fingerprint: str | None = None  # of the screen it shows
    image: str | None = None  # fingerprint of its picture


class PanelTokens:
    """The newest editable panel per (table, user), forgotten once its token expires."""

    _PRUNE_AT = 10_000

    def __init__(self, *, lifetime: float = TOKEN_LIFETIME - SAFETY_MARGIN,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self._clock = clock
        self._panels: dict[tuple[int, str], Panel] = {}

    def remember(self, table_id: int, user_id: str, *, handle: Any, since: float | None = None,
                 fingerprint: str | None = None, image: str | None = None) -> Panel:
        """The panel this handle shows is now the player's newest one at this table."""
        if len(self._panels) >= self._PRUNE_AT:
            self.prune()
        panel = Panel(handle, self._clock() if since is None else since, fingerprint, image)
        self._panels[(table_id, user_id)] = panel
        return panel

    def get(self, table_id: int, user_id: str) -> Panel | None:
        """The player's newest panel at this table, if its token still works."""
        panel = self._panels.get((table_id, user_id))
        if panel is None:
            return None
        if self._clock() - panel.since >= self.lifetime:
            del self._panels[(table_id, user_id)]
            return None
        return panel

    def forget(self, table_id: int, user_id: str, panel: Panel | None = None) -> None:
        """Forget the player's panel (only `panel`, if given and still the newest)."""
        key = (table_id, user_id)
        if panel is None or self._panels.get(key) is panel:
            self._panels.pop(key, None)

    def prune(self) -> int:
        """Forget every expired panel; returns how many."""
        now = self._clock()
        expired = [k for k, p in self._panels.items() if now - p.since >= self.lifetime]
        for key in expired:
            del self._panels[key]
        return len(expired)

    def __len__(self) -> int:
        return len(self._panels)
