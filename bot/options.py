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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import GameSpec, RuleViolation

_YES = {"on", "yes", "true", "1"}
_NO = {"off", "no", "false", "0"}


class BadOption(ValueError):
    """A word that is not an option of this game, or a value it refuses."""

    def __init__(self, word: str) -> None:
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
        elif isinstance(default, int) and has_value and text.strip().lstrip("-").isdigit():
            value = int(text)
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
