"""Turn clocks: what a table's clock is, the choices a lobby offers, and time in words.

A clock is *off*, *live* (a bank of minutes per player, with seconds added after each of
their turns, never above the starting bank: Board Game Arena's "real-time" tables) or
*turn-based* (a fixed time per turn, for games played over days). It is stored as a short
code on the table ('off', 'live:180:30', 'turn:86400'). Pure: no storage, no platform. Each
game declares its usual clock (`GameSpec.clock`); a chat may choose one for all its games.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.i18n import Translator
from engine.core import GameSpec
from engine.registry import GAMES

OFF = "off"
LIVE = "live"
TURN = "turn"
MIN_TURN = 30
"""The shortest turn a live clock without an increment gives a player whose bank is empty."""


@dataclass(frozen=True)
class Clock:
    kind: str  # OFF | LIVE | TURN
    seconds: int = 0  # live: the starting bank; turn-based: the time for each turn
    increment: int = 0  # live: added to the bank after each turn, up to `seconds`

    @property
    def code(self) -> str:
        if self.kind == LIVE:
            return f"{LIVE}:{self.seconds}:{self.increment}"
        if self.kind == TURN:
            return f"{TURN}:{self.seconds}"
        return OFF

    @property
    def running(self) -> bool:
        return self.kind != OFF

    @classmethod
    def parse(cls, code: str | None) -> Clock:
        """The clock a stored code stands for; ValueError for anything else."""
        kind, *numbers = (code or "").split(":")
        try:
            values = [int(n) for n in numbers]
        except ValueError:
            raise ValueError(f"bad clock {code!r}") from None
        if kind == OFF and not values:
            return cls(OFF)
        if kind == LIVE and len(values) == 2 and values[0] > 0 and 0 <= values[1] <= values[0]:
            return cls(LIVE, values[0], values[1])
        if kind == TURN and len(values) == 1 and values[0] > 0:
            return cls(TURN, values[0])
        raise ValueError(f"bad clock {code!r}")

    def turn_time(self, bank: float | None) -> float:
        """The time a turn starts with: the seat's bank (full if never used), never less than
        the increment (a player back from running out gets a real turn), or the fixed time."""
        if self.kind == LIVE:
            if bank is None:
                return float(self.seconds)
            floor = self.increment or min(self.seconds, MIN_TURN)
            return max(float(floor), min(bank, self.seconds))
        return float(self.seconds)

    def bank_after(self, left: float) -> float | None:
        """A live bank after a turn that ended with `left` seconds on it."""
        if self.kind != LIVE:
            return None
        return min(float(self.seconds), max(0.0, left) + self.increment)


CHOICES: tuple[Clock, ...] = (
    Clock(OFF),
    Clock(LIVE, 180, 30),
    Clock(LIVE, 300, 60),
    Clock(LIVE, 600, 90),
    Clock(TURN, 12 * 3600),
    Clock(TURN, 24 * 3600),
)
"""What a lobby (and a chat's settings) offers, in this order."""

def game_clock(spec: GameSpec) -> Clock:
    """The clock a game declares (`GameSpec.clock`), as a clock of ours."""
    usual = spec.clock
    return Clock(LIVE, usual.seconds, usual.increment) if usual is not None else Clock(OFF)


GAME_DEFAULTS: dict[str, Clock] = {name: game_clock(spec) for name, spec in GAMES.items()}
"""Each game's clock when the chat has not chosen one for all its games."""


def default_clock(game: str | GameSpec, chat_default: str | None) -> Clock:
    """A new table's clock: the chat's choice for all its games, else the game's own (a game
    known only by name and not in the registry: no clock)."""
    if chat_default:
        try:
            return Clock.parse(chat_default)
        except ValueError:
            pass  # a code from a newer version: fall back to the game's own
    spec = GAMES.get(game) if isinstance(game, str) else game
    return game_clock(spec) if spec is not None else Clock(OFF)


def describe(tr: Translator, lang: str, clock: Clock) -> str:
    """"3 min + 30 s a turn", "12 h a turn", "no clock"."""
    if clock.kind == LIVE:
        return tr.t(lang, "clock-live", minutes=_whole(clock.seconds / 60),
                    increment=clock.increment)
    if clock.kind == TURN:
        return tr.t(lang, "clock-turn", hours=_whole(clock.seconds / 3600))
    return tr.t(lang, "clock-off")


def rough(tr: Translator, lang: str, seconds: float) -> str:
    """About how long is left, as people say it: "45 s", "about 3 min", "about 11 h"."""
    seconds = max(0.0, seconds)
    if seconds < 90:
        return tr.t(lang, "clock-seconds", count=math.ceil(seconds))
    if seconds < 90 * 60:
        return tr.t(lang, "clock-minutes", count=round(seconds / 60))
    return tr.t(lang, "clock-hours", count=round(seconds / 3600))


def _whole(value: float) -> int | float:
    return int(value) if value == int(value) else round(value, 1)
