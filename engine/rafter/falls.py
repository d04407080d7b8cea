"""Sorting what fell, as the rulebook says ("КРУШЕНИЕ").

Other players' chests go onto the active player's penalty board; the active player's own
chests go back to their supply; rafters go into the sea (to be taken first); lumber goes
back into the sea. Pieces the active player was still placing when something fell go into
the sea too (the caller passes them as fallen).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from .config import CONFIG, RafterConfig
from .scene import CHEST, LUMBER, RAFTER, Piece
from .seating import owner_of


@dataclass(frozen=True)
class Sorted:
    """Where fallen pieces go. Chests are (colour, index) pairs; rafters and lumber ids."""

    penalties: tuple[tuple[int, int], ...] = ()  # onto the active player's penalty board
    returned: tuple[tuple[int, int], ...] = ()  # back to the active player's supply
    rafters: tuple[int, ...] = ()  # into the sea
    lumber: tuple[int, ...] = ()  # back into the sea

    @property
    def anything(self) -> bool:
        return bool(self.penalties or self.returned or self.rafters or self.lumber)


def sort_fallen(fallen: Iterable[Piece], *, active: int, players: int,
                config: RafterConfig = CONFIG) -> Sorted:
    """Sort fallen pieces for the active seat; the order within each pile is by piece id."""
    penalties: list[tuple[int, int]] = []
    returned: list[tuple[int, int]] = []
    rafters: list[int] = []
    lumber: list[int] = []
    for piece in sorted(fallen, key=lambda p: p.id):
        if piece.kind == CHEST:
            chest = (piece.variant, piece.index)
            (returned if owner_of(piece.variant, players, config) == active else penalties).append(
                chest)
        elif piece.kind == RAFTER:
            rafters.append(piece.variant)
        elif piece.kind == LUMBER:
            lumber.append(piece.variant)
    return Sorted(tuple(penalties), tuple(returned), tuple(rafters), tuple(lumber))


def fallen_ids(pieces: Iterable[str], low: Iterable[str], *, lumber: Iterable[str],
               touching: Mapping[str, AbstractSet[str]], base: Iterable[str], sea: str) -> set[str]:
    """Which pieces fell into the sea at the end of a step.

    Of `pieces` (ids), `low` are those that ended below the raft card's top (centre of
    mass) or went overboard; `lumber` names the cards; `touching` says who touches whom,
    the base's parts (`base`: the raft card and the box) and the table (`sea`) by name.
    The rulebook ("А если...?") keeps lumber leaning against the raft after a collapse as
    part of the raft: a low card stays while it touches no sea and leans on the base, on a
    piece up on the raft, or on a low card that stays. Everything else low fell."""
    low = set(low)
    held_up = set(base) | (set(pieces) - low)
    hanging = {p for p in set(lumber) & low if sea not in touching.get(p, ())}
    while True:
        more = {p for p in hanging - held_up if not held_up.isdisjoint(touching.get(p, ()))}
        if not more:
            return low - held_up
        held_up |= more
