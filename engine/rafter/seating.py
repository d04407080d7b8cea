"""Who plays which colours: penalty boards and chest colours per player count.

With 2 players each takes 3 boards and 3 colours, with 3 players 2 and 2, with 4-6 players
1 and 1 (the configuration's `players` table). Solo play (our reading, configurable) uses all
six colours: the solo player places as many chests as they can before the first fall.
"""

from __future__ import annotations

from ..core import Malformed
from .config import CONFIG, RafterConfig


def seat_colors(players: int, config: RafterConfig = CONFIG) -> tuple[tuple[int, ...], ...]:
    """The chest colours of each seat, seat 0 first: consecutive colours in palette order."""
    seating = config.seating.get(players)
    if seating is None:
        raise Malformed(f"Rafter Five is for {min(config.seating)}-{max(config.seating)} players")
    per = seating.colors
    return tuple(tuple(range(seat * per, seat * per + per)) for seat in range(players))


def owner_of(color: int, players: int, config: RafterConfig = CONFIG) -> int | None:
    """The seat playing a chest colour, or None for a colour nobody plays."""
    for seat, colors in enumerate(seat_colors(players, config)):
        if color in colors:
            return seat
    return None


def chests_per_seat(players: int, config: RafterConfig = CONFIG) -> int:
    """How many chests each player starts with (also printed on the boards' backs)."""
    return len(seat_colors(players, config)[0]) * config.chest.per_color
