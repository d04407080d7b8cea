"""Rafter Five table options.

* `house`: the rulebook author's own variant ("Мой вариант"): the game ends as soon as someone
  has 5 penalties or has placed every chest, and the fewest penalties win;
* `advanced`: the advanced rules: nothing may rest on a nail or a dark joint printed on a
  lumber card;
* `chests`: chests per player for a shorter game (0: the rulebook's count for the player
  count, which is also the most allowed).

>>> Options.parse({"advanced": True}).advanced
True
>>> Options.parse({"chests": 3}).chests
3
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..core import Malformed

MIN_PLAYERS, MAX_PLAYERS = 1, 6

DEFAULTS: Mapping[str, Any] = {"house": False, "advanced": False, "chests": 0}
MAX_CHESTS = 42


@dataclass(frozen=True)
class Options:
    house: bool = False
    advanced: bool = False
    chests: int = 0

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Options:
        """Options from a table's settings: missing ones take their defaults; unknown names
        and odd values raise `Malformed`."""
        raw = {**DEFAULTS, **dict(raw or {})}
        unknown = set(raw) - set(DEFAULTS)
        if unknown:
            raise Malformed(f"unknown options {sorted(unknown)}")
        house, advanced, chests = raw["house"], raw["advanced"], raw["chests"]
        if not isinstance(house, bool) or not isinstance(advanced, bool):
            raise Malformed("house and advanced are yes/no options")
        if isinstance(chests, bool) or not isinstance(chests, int) or not 0 <= chests <= MAX_CHESTS:
            raise Malformed(f"chests must be 0..{MAX_CHESTS}")
        return cls(house, advanced, chests)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
