"""The contract every game implements, and the small value types it speaks in.

A game is a `GameSpec`: a handful of pure functions over frozen, JSON-serialisable
states. Nothing here knows about chats, platforms, languages or pictures:

* text a person reads leaves the engine as a `Label` (a translation key plus
  arguments) and is translated by the bot;
* choices leave it as a `Menu`, one level of a tree the adapters turn into
  buttons, addressed by a path of compact keys;
* hidden information leaves it only through `GameSpec.view`, written per game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

Seat = int
"""A player's place at the table, 0-based in turn order."""

SPECTATOR: None = None
"""The viewer that is nobody in particular: the group, or a spectator."""


class RuleViolation(Exception):
    """Raised for any action the engine refuses. The state is never changed."""

    class Reason(str, Enum):
        MALFORMED = "malformed"  # cannot be decoded, or names things that do not exist
        NOT_YOUR_TURN = "not_your_turn"
        ILLEGAL = "illegal"  # well-formed, but not allowed now
        GAME_OVER = "game_over"

    def __init__(self, reason: RuleViolation.Reason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail


class Malformed(RuleViolation):
    def __init__(self, detail: str = "") -> None:
        super().__init__(RuleViolation.Reason.MALFORMED, detail)


class NotYourTurn(RuleViolation):
    def __init__(self, detail: str = "") -> None:
        super().__init__(RuleViolation.Reason.NOT_YOUR_TURN, detail)


class IllegalAction(RuleViolation):
    def __init__(self, detail: str = "") -> None:
        super().__init__(RuleViolation.Reason.ILLEGAL, detail)


class GameOver(RuleViolation):
    def __init__(self, detail: str = "") -> None:
        super().__init__(RuleViolation.Reason.GAME_OVER, detail)


@dataclass(frozen=True)
class Label:
    """A text for a person, as a translation key and its arguments.

    Arguments are plain JSON values. An argument named `seat` or ending in `_seat`
    is a seat number the bot replaces with that player's name.
    """

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        # args may hold lists, so hash their text; equal labels still hash equal
        return hash((self.key, repr(sorted(self.args.items()))))


@dataclass(frozen=True)
class Event:
    """Something that happened, told in words. `audience` None means everyone may know it;
    otherwise only the listed seats may (for example the tile a player drew)."""

    label: Label
    audience: frozenset[Seat] | None = None

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)


@dataclass(frozen=True)
class Option:
    """One button of a menu: `key` extends the menu's path, or, with `replace`, takes the
    place of its last key (a nudge that moves what is being chosen, so that pressing it
    again and again never makes the path longer; on an empty path it extends it)."""

    key: str
    label: Label
    replace: bool = False

    def path_from(self, path: tuple[str, ...]) -> tuple[str, ...]:
        """The path a press of this option leads to."""
        return (path[:-1] if self.replace and path else path) + (self.key,)


@dataclass(frozen=True)
class Menu:
    """One level of a player's choice tree.

    * `options`: the next steps; pressing one appends its key to the path.
    * `action`: set on a leaf; the adapter offers Confirm (and Back) and applies it.
    * `preview`: what the leaf's action would bring, for the player to read before confirming.
    * `instant`: the leaf is applied as soon as it is reached, without a Confirm step
      (for small, repeated steps such as discarding one card).
    * `focus`: JSON hints for the player's picture at this step (for example the tile
      and rotation considered and the numbered spots); only what this seat may know.
    """

    title: Label
    options: tuple[Option, ...] = ()
    action: str | None = None
    preview: tuple[Label, ...] = ()
    focus: Mapping[str, Any] = field(default_factory=dict)
    instant: bool = False


@dataclass(frozen=True)
class Standing:
    """One line of a final ranking. `rank` is 1 for the winners; equal ranks are shared."""

    seat: Seat
    rank: int
    score: int
    tiebreaks: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: the ranking, best first, and why."""

    standings: tuple[Standing, ...]
    reason: Label

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(s.seat for s in self.standings if s.rank == 1)


MAX_KEY_LENGTH = 8
"""Longest menu key; with `MAX_PATH_LENGTH` keys a path fits a Telegram callback (64 bytes)
together with a table id and a version, and a Discord custom id (100 characters)."""
MAX_PATH_LENGTH = 5
MAX_ENCODED_ACTION = 32


@dataclass(frozen=True)
class Decision:
    """A computer player's choice: one legal encoded action, and why, in one line that
    players read in the board's history ("red to Anna: red 1 is playable"). The reason may
    speak only of what the chooser's seat could see."""

    action: str
    reason: Label | None = None


class Budget:
    """How long a computer player may think about one move.

    A search level sizes its work (iterations, samples, trials) from
    `min(budget.seconds, its own ComputerPlayer.budget)` and never from the clock, so the same
    inputs give the same choice; `expired()` is only a guard that cuts the work short on an
    overloaded machine. `Budget.unlimited()` means "the level's full work, never cut";
    tests pass a small budget for quick games (or inject `clock`).
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._started = clock()

    @classmethod
    def unlimited(cls) -> Budget:
        return cls(math.inf)

    def elapsed(self) -> float:
        return self._clock() - self._started

    def left(self) -> float:
        return self.seconds - self.elapsed()

    def expired(self) -> bool:
        return self.left() <= 0


Choose = Callable[[Mapping[str, Any], "Seat", random.Random, Budget], Decision]
"""choose(view, seat, rng, budget) -> Decision. `view` is exactly `GameSpec.view(state,
seat)`: a computer player never sees the state, so it knows what a person in that seat
would know and nothing more. It must be a module-level function (it runs in a worker
process) with no randomness but `rng`."""


@dataclass(frozen=True)
class ComputerPlayer:
    """One level of a game's computer player."""

    level: str  # "easy", "normal" or "hard"
    choose: Choose
    budget: float = 1.0
    """Seconds one decision may take on this machine (the p95 stays within it)."""


LEVELS = ("easy", "normal", "hard")
"""Computer levels in the order they are offered."""


@dataclass(frozen=True)
class LiveClock:
    """A game's usual clock, as plain numbers the host turns into its own clock: a bank of
    `seconds` per player, with `increment` seconds added after each of their turns (never
    above the starting bank)."""

    seconds: int
    increment: int


Export = Callable[[Any, Sequence[str]], dict[str, Any]]
"""export(final state, players' names in seat order) -> a finished game as JSON data that
another tool reads (Hanabi: hanab.live's replay format)."""


class GameState(Protocol):
    """What every game's state offers the host."""

    @property
    def version(self) -> int:
        """The number of actions applied so far; a button is current only for its version."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """Everything the host needs to run one game, as plain functions.

    All functions are pure: they never mutate their arguments and never do I/O.
    `apply` raises `RuleViolation` (and changes nothing) for anything it refuses.
    """

    name: str
    min_players: int
    max_players: int
    default_options: Mapping[str, Any]
    setup: Callable[[int, int, Mapping[str, Any]], Any]
    """setup(players, seed, options) -> state"""
    to_act: Callable[[Any], frozenset[Seat]]
    """Seats that may act now; empty when the game is over."""
    legal_actions: Callable[[Any, Seat], Sequence[str]]
    """Every legal action of a seat, encoded (a sample when `continuous`). Used by tests,
    benchmarks and bots."""
    apply: Callable[[Any, Seat, str], tuple[Any, tuple[Event, ...]]]
    """apply(state, seat, encoded_action) -> (new state, events)"""
    menu: Callable[[Any, Seat, tuple[str, ...]], Menu]
    """menu(state, seat, path) -> the choices at that path (raises Malformed for a bad path)."""
    view: Callable[[Any, Seat | None], dict[str, Any]]
    """What a seat (or a spectator, None) may see, as JSON data."""
    outcome: Callable[[Any], Outcome | None]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[Mapping[str, Any]], Any]
    rules_key: str = ""
    """Translation key of the rules summary players read."""
    standing_label: Callable[[Standing], Label] | None = None
    """One line of the final ranking in words (rank, seat and the game's own numbers)."""
    standings: Callable[[Any], tuple[Standing, ...]] | None = None
    """The ranking at this point, best first, for a game under way (one abandoned before its
    end shows it); the same as the outcome's standings once the game is over."""
    continuous: bool = False
    """The choice is continuous (a position and an angle): menus nudge through endless
    leaves, and `legal_actions` offers a finite sample of them on a coarse grid."""
    computer: Mapping[str, ComputerPlayer] = field(default_factory=dict)
    """The computer players a table may seat, by level (see `LEVELS`)."""
    perfect_score: Callable[[Mapping[str, Any]], int] | None = None
    """A cooperative game (the players win or lose together, every standing being the
    team's): its perfect score with these options. None for a game played against each
    other."""
    clock: LiveClock | None = None
    """The clock its tables get when their chat has chosen none for all its games (sized to
    how long a turn takes to play); None: no clock."""
    rules: Callable[[Mapping[str, Any]], Label] | None = None
    """rules(options) -> the rules summary players read for a table with these options (every
    option given, defaults filled in), a label whose arguments may be labels or lists of
    them: the paragraphs an option changes are messages of their own, so each language
    writes whole sentences. None: the summary is `Label(rules_key)` whatever the options."""
    export: Export | None = None
    """How a finished game is written as a file for other tools; None: it is not."""

    def is_over(self, state: Any) -> bool:
        return self.outcome(state) is not None


def replay(spec: GameSpec, players: int, seed: int, options: Mapping[str, Any],
           log: Sequence[tuple[Seat, str]]) -> Any:
    """Rebuild a state from its seed, options and action log."""
    state = spec.setup(players, seed, options)
    for seat, action in log:
        state, _ = spec.apply(state, seat, action)
    return state
