"""Lighthouse table options: the component counts the lost component list left open.

The defaults are our reconstruction (`shared/rules/README.md`): two 5×5 zones, tokens
numbered 1–8 in four copies per player, a hand of 3 and a track running 10 steps to
either side of 0. They are options so a table can try other sizes; every value is checked
here, so the rest of the engine may rely on them.

>>> Options.parse({}).zone_size
5
>>> Options.parse({"track": 7}).track
7
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..core import Malformed

PLAYERS = 2
"""Lighthouse is a duel: seat 0 plays red, seat 1 plays blue."""
COLORS: tuple[str, str] = ("red", "blue")
"""The players' colours by seat; zone `z` is the zone of colour `COLORS[z]`."""

DEFAULTS: Mapping[str, int] = {
    "zone_size": 5,
    "values": 8,
    "copies": 4,
    "hand_size": 3,
    "track": 10,
}

_RANGES: Mapping[str, tuple[int, int]] = {
    "zone_size": (3, 7),  # odd only: a centre cell, and a majority in every line
    "values": (2, 9),  # one digit on a token
    "copies": (1, 8),
    "hand_size": (1, 5),
    "track": (3, 30),
}


@dataclass(frozen=True)
class Options:
    """The checked options of one game."""

    zone_size: int = DEFAULTS["zone_size"]
    values: int = DEFAULTS["values"]
    copies: int = DEFAULTS["copies"]
    hand_size: int = DEFAULTS["hand_size"]
    track: int = DEFAULTS["track"]

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None) -> Options:
        """Options from a table's settings: missing ones take their defaults; unknown names,
        non-integers and values out of range raise `Malformed`."""
        raw = dict(raw or {})
        unknown = set(raw) - set(DEFAULTS)
        if unknown:
            raise Malformed(f"unknown options {sorted(unknown)}")
        merged = {**DEFAULTS, **raw}
        for name, value in merged.items():
            low, high = _RANGES[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise Malformed(f"option {name} must be a whole number from {low} to {high}")
        if merged["zone_size"] % 2 == 0:
            raise Malformed("option zone_size must be odd (a zone needs a centre cell)")
        if merged["values"] * merged["copies"] < merged["hand_size"] + 1:
            raise Malformed("too few tokens for the centre cell and a hand")
        return cls(**merged)

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    @property
    def cells(self) -> int:
        """Cells in one zone."""
        return self.zone_size * self.zone_size

    @property
    def centre(self) -> int:
        """The index of a zone's centre cell (cells are numbered row by row from 0)."""
        return self.cells // 2

    @property
    def tokens(self) -> int:
        """Tokens per player."""
        return self.values * self.copies

    def full_set(self) -> tuple[int, ...]:
        """One player's tokens as values, sorted."""
        return tuple(v for v in range(1, self.values + 1) for _ in range(self.copies))
