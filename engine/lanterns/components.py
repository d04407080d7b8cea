"""Lanterns component facts, loaded once from `data/lanterns/components.json`."""

from __future__ import annotations

import json
from dataclasses import dataclass

from gamehost_data import ROOT as DATA_ROOT

DATA_FILE = DATA_ROOT / "lanterns" / "components.json"  # package data (gamehost_data)

_raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))

COLORS: tuple[str, ...] = tuple(_raw["colors"])
"""Colour names; everywhere else a colour is its index in this tuple."""
NCOLORS = len(COLORS)

SUPPLY_PER_COLOR: dict[int, int] = {int(k): v for k, v in _raw["supply_per_color_by_players"].items()}
DRAW_STACK: dict[int, int] = {int(k): v for k, v in _raw["draw_stack_by_players"].items()}
HAND_SIZE: int = _raw["tiles_in_hand"]
FAVOR_TOKENS: int = _raw["favor_tokens"]
CARD_LIMIT = 12
"""More cards than this at the start of a turn must be dedicated or discarded before placing."""
EXCHANGE_COST = 2

# Dedication kinds, in the order they are offered; the key is the compact menu/action code.
FOUR, PAIRS, SEVEN = "four_of_a_kind", "three_pairs", "seven_unique"
KINDS: tuple[str, ...] = (FOUR, PAIRS, SEVEN)
KIND_CODES: dict[str, str] = {FOUR: "4", PAIRS: "3", SEVEN: "7"}
CODE_KINDS: dict[str, str] = {v: k for k, v in KIND_CODES.items()}
GENERIC_HONOR = 4


def dedication_stack(kind: str, players: int) -> tuple[int, ...]:
    """The honor values of a kind's stack for this player count, top first.

    Tokens marked with 3 dots leave 2-player games, those with 4 dots leave 2- and 3-player games.
    """
    return tuple(
        token["honor"]
        for token in _raw["dedications"][kind]
        if token.get("dots", 0) <= players
    )


GENERIC_TOKENS: int = len(_raw["dedications"]["generic"])

# Directions on the lake; a tile rotated by r quarter turns clockwise shows side (d - r) % 4 at d.
NORTH, EAST, SOUTH, WEST = range(4)
DELTAS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

SEAT_SIDES: dict[int, tuple[int, ...]] = {
    2: (NORTH, SOUTH),  # opposite each other
    3: (NORTH, EAST, SOUTH),  # the west side faces nobody
    4: (NORTH, EAST, SOUTH, WEST),
}
"""The side of the lake each seat sits along, clockwise from the first player, who faces
the start tile's red (north) side."""


@dataclass(frozen=True)
class TileFacts:
    id: int
    sides: tuple[int, int, int, int]  # colour indices, clockwise from north, unrotated
    platform: bool
    start: bool


TILES: tuple[TileFacts, ...] = tuple(
    TileFacts(
        id=t["id"],
        sides=tuple(COLORS.index(c) for c in t["sides_clockwise_from_north"]),  # type: ignore[arg-type]
        platform=t["platform"],
        start=t["start"],
    )
    for t in sorted(_raw["tiles"], key=lambda t: t["id"])
)
START_TILE = next(t.id for t in TILES if t.start)
LAKE_TILES: tuple[int, ...] = tuple(t.id for t in TILES if not t.start)


def side_color(tile: int, rot: int, direction: int) -> int:
    """The colour a tile lying with rotation `rot` shows towards `direction`."""
    return TILES[tile].sides[(direction - rot) % 4]
