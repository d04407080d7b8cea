"""Game options typed after the game's name: `/newgame hanabi multicolor advanced`,
`/newgame lighthouse zone_size=7 track=15`.

A bare name switches a yes/no option on; `name=value` sets any option. Whatever the words say
is checked by dealing a game with it, so the game itself decides what is valid.

>>> from engine.registry import get_game
>>> parse_options(get_game("hanabi"), ["multicolor"])
{'multicolor': True}
>>> describe_options(get_game("lighthouse"), {"track": 15})
'track=15'
>>> known_options(get_game("hanabi"))
'multicolor advanced'

What each option is, for a form (the playground's new-table form): `option_fields` says its
kind, default and the values the game takes, found by asking the game (dealing with each
value), so nothing here knows a game; its name and one sentence about it are the game's
texts `<game>-option-<name>` and `<game>-option-<name>-about`:

>>> [(f.name, f.allowed) for f in option_fields(get_game("lighthouse"))][:2]
[('zone_size', (3, 5, 7)), ('values', (2, 3, 4, 5, 6, 7, 8, 9))]
>>> allowed_text(option_fields(get_game("lighthouse"))[1])
'2–9'

Numbers are ASCII digits, a few of them: `track=٣` and `track=²` are refused, not read as 3
or left to crash, and so is a value of thousands of digits; the answer quotes a refused
word shortened, so it stays short whatever was typed:

>>> try:
...     parse_options(get_game("lighthouse"), ["track=٣"])
... except BadOption as refused:
...     print("refused:", refused.word)
refused: track=٣
>>> len(BadOption("track=" + "9" * 5000).word)
24
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.digits import ascii_int
from bot.names import shown
from engine.core import GameSpec, RuleViolation

MAX_DIGITS = 6
"""Digits an option's number may have: every game's options are small numbers."""
MAX_QUOTED = 24
"""Characters of a refused word quoted back in the answer."""
PROBED = range(100)
"""The numbers an option is tried with to find the values its game takes (every game's
numbers are small; a game taking more still checks what is typed)."""
_YES = {"on", "yes", "true", "1"}
_NO = {"off", "no", "false", "0"}


class BadOption(ValueError):
    """A word that is not an option of this game, or a value it refuses."""

    def __init__(self, word: str) -> None:
        word = shown(word, limit=MAX_QUOTED)
        super().__init__(word)
        self.word = word


def parse_options(spec: GameSpec, words: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for word in words:
        name, has_value, text = word.partition("=")
        name = name.strip().lower()
        default = spec.default_options.get(name)
        if default is None:
            raise BadOption(word)
        if isinstance(default, bool):
            value: Any = True if not has_value else _boolean(text, word)
        elif isinstance(default, int) and has_value and (
                number := ascii_int(text.strip(), max_digits=MAX_DIGITS, signed=True)
        ) is not None:
            value = number
        else:
            raise BadOption(word)
        options[name] = value
    try:
        spec.setup(spec.min_players, 0, {**spec.default_options, **options})
    except (RuleViolation, ValueError) as refused:
        raise BadOption(" ".join(words)) from refused
    return options


def describe_options(spec: GameSpec, options: Mapping[str, Any]) -> str:
    """The options that differ from the defaults, as they would be typed."""
    changed = [(k, v) for k, v in options.items() if spec.default_options.get(k) != v]
    return " ".join(k if v is True else f"{k}={'off' if v is False else v}" for k, v in changed)


def known_options(spec: GameSpec) -> str:
    """Every option of a game as it would be typed, with its default value."""
    return " ".join(k if v is False else f"{k}={v}" for k, v in spec.default_options.items())


def _boolean(text: str, word: str) -> bool:
    text = text.strip().lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise BadOption(word)


@dataclass(frozen=True)
class OptionField:
    """One option of a game as a form shows it: a yes/no switch (`allowed` empty) or a
    number among `allowed` (ascending), each with its default."""

    name: str
    default: bool | int
    allowed: tuple[int, ...] = ()

    @property
    def switch(self) -> bool:
        return isinstance(self.default, bool)


_FIELDS: dict[str, tuple[OptionField, ...]] = {}


def option_fields(spec: GameSpec) -> tuple[OptionField, ...]:
    """The game's options for a form, in the game's order. A number's allowed values are
    those the game deals with when the other options keep their defaults (some values may
    still not go together: `parse_options` checks a whole choice). Asked once per game."""
    kept = _FIELDS.get(spec.name)
    if kept is not None and tuple(f.name for f in kept) == tuple(spec.default_options):
        return kept
    fields: list[OptionField] = []
    for name, default in spec.default_options.items():
        if isinstance(default, bool):
            fields.append(OptionField(name, default))
        elif isinstance(default, int):
            fields.append(OptionField(name, default, tuple(
                value for value in PROBED if _deals(spec, {name: value}))))
    _FIELDS[spec.name] = result = tuple(fields)
    return result


def option_text_keys(spec: GameSpec) -> frozenset[str]:
    """The game's texts for its options: each one's name and its sentence (the form shows
    them; the rules summary names an option by the first)."""
    return frozenset(f"{spec.name}-option-{name}{about}"
                     for name in spec.default_options for about in ("", "-about"))


def allowed_text(field: OptionField) -> str:
    """A number's allowed values in a few characters: a run as `3–30`, else a list."""
    values = field.allowed
    if not values:
        return ""
    if len(values) > 2 and values[-1] - values[0] == len(values) - 1:
        return f"{values[0]}–{values[-1]}"
    return ", ".join(map(str, values))


class BadChoice(ValueError):
    """A form's choice the game refuses: `name` is the option whose value it does not take,
    or None when each value is taken but they do not go together."""

    def __init__(self, name: str | None) -> None:
        super().__init__(name or "")
        self.name = name


def checked_choice(spec: GameSpec, chosen: Mapping[str, object]) -> dict[str, Any]:
    """A form's choice (option name -> value, every name one of the game's) as a table's
    options, only those differing from the defaults; `BadChoice` if the game refuses it:
    a switch that is no yes/no, a number it does not take, or values that clash."""
    fields = {f.name: f for f in option_fields(spec)}
    options: dict[str, Any] = {}
    for name, value in chosen.items():
        field = fields[name]
        if field.switch:
            if not isinstance(value, bool):
                raise BadChoice(name)
        elif isinstance(value, bool) or not isinstance(value, int) or \
                value not in field.allowed:
            raise BadChoice(name)
        if value != field.default:
            options[name] = value
    if not _deals(spec, options):
        raise BadChoice(None)
    return options


def option_words(options: Mapping[str, Any]) -> list[str]:
    """Checked options as the words `parse_options` reads (as /newgame is typed)."""
    return [f"{name}={'on' if value else 'off'}" if isinstance(value, bool)
            else f"{name}={value}" for name, value in options.items()]


def _deals(spec: GameSpec, options: Mapping[str, Any]) -> bool:
    try:
        spec.setup(spec.min_players, 0, {**spec.default_options, **options})
    except (RuleViolation, ValueError):
        return False
    return True
