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
from typing import Any

from bot.digits import ascii_int
from bot.names import shown
from engine.core import GameSpec, RuleViolation

MAX_DIGITS = 6
"""Digits an option's number may have: every game's options are small numbers."""
MAX_QUOTED = 24
"""Characters of a refused word quoted back in the answer."""
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
