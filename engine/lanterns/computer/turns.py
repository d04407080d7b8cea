"""A whole turn as a plan: the exchange and dedication (or forced discards) that come before
placing, then the placement; and what a placement hands out, without applying it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ..actions import Action, Discard, Exchange, Place
from ..components import DELTAS, SEAT_SIDES, TILES, side_color
from ..rules import (
    apply,
    cards_to_discard,
    dedications_for,
    may_place,
    placement_gains,
    possible_dedications,
    possible_exchanges,
)
from ..state import FINAL, LanternsState


@dataclass(frozen=True)
class Prefix:
    """The optional steps of a turn, and the state they lead to, ready to place (or, in the
    final round, to end the turn)."""

    steps: tuple[Action, ...]
    state: LanternsState


def apply_action(state: LanternsState, action: Action) -> LanternsState:
    return apply(state, state.current, action.encode())[0]


def prefixes(state: LanternsState,
             pick_discard: Callable[[LanternsState], Discard]) -> list[Prefix]:
    """Every way to get ready to place: with or without a dedication, and with an exchange
    where it makes a new dedication possible (an exchange can wait until it does). Forced
    discards are chosen one at a time by `pick_discard` rather than branched on."""
    found: list[Prefix] = []

    def walk(current: LanternsState, steps: tuple[Action, ...]) -> None:
        exchanged = bool(steps) and isinstance(steps[-1], Exchange)
        if (current.phase == FINAL or may_place(current)) and not exchanged:
            found.append(Prefix(steps, current))
        useful: list[Action] = [e for e in possible_exchanges(current)
                                if _enables_dedication(current, e)]
        for action in useful + list(possible_dedications(current)):
            walk(apply_action(current, action), steps + (action,))
        if cards_to_discard(current) and not exchanged:
            discard = pick_discard(current)
            walk(apply_action(current, discard), steps + (discard,))

    walk(state, ())
    return found


def _enables_dedication(state: LanternsState, exchange: Exchange) -> bool:
    cards = list(state.players[state.current].cards)
    before = set(dedications_for(tuple(cards)))
    cards[exchange.give] -= 1
    cards[exchange.take] += 1
    return any(d not in before for d in dedications_for(tuple(cards)))


def looks(tile: int) -> list[tuple[int, tuple[int, int, int, int]]]:
    """The rotations of a tile that look different, with the colours each shows (N, E, S, W)."""
    found: dict[tuple[int, int, int, int], int] = {}
    for rot in range(4):
        found.setdefault(tuple(side_color(tile, rot, d) for d in range(4)), rot)  # type: ignore[arg-type]
    return [(rot, look) for look, rot in found.items()]


def placements(state: LanternsState) -> list[Place]:
    """Every placement of the player to act, one per distinct look of a tile (a tile whose
    colours repeat looks the same in two rotations)."""
    hand = state.players[state.current].hand
    return [Place(tile, rot, x, y) for tile in sorted(set(hand)) for rot, _ in looks(tile)
            for (x, y) in state.spots]


class Handout(NamedTuple):
    """What one placement gives (a tuple: it is made for every placement considered)."""

    cards: tuple[int, ...]  # the placer's cards afterwards
    received: tuple[int, ...]  # per seat, the colour its facing side brought (-1: none left)
    favors: int  # favors the placer earns
    supply: tuple[int, ...]  # the supply afterwards
    matched: int  # sides matched
    own_cards: int  # cards the placer received


def handout(state: LanternsState, place: Place) -> Handout:
    """What `place` gives, by the rules themselves (see `handouts` for all of them at once)."""
    seat = state.current
    gains = placement_gains(state, seat, place)
    cards = list(state.players[seat].cards)
    for color in gains.match_cards:
        cards[color] += 1
    received = [-1] * state.players_count
    for target, color, got in gains.facing:
        if got:
            received[target] = color
    if received[seat] >= 0:
        cards[received[seat]] += 1
    own = len(gains.match_cards) + (received[seat] >= 0)
    return Handout(tuple(cards), tuple(received), gains.favors, gains.supply,
                   gains.matched_tiles, own)


def _neighbours(state: LanternsState) -> dict[tuple[int, int], list[tuple[int, int, bool]]]:
    """For each spot: (direction, colour the neighbour shows towards the spot, platform)."""
    cells = state.cells
    found = {}
    for x, y in state.spots:
        found[(x, y)] = [
            (d, side_color(n.tile, n.rot, (d + 2) % 4), TILES[n.tile].platform)
            for d, (dx, dy) in enumerate(DELTAS)
            if (n := cells.get((x + dx, y + dy))) is not None
        ]
    return found


def handouts(state: LanternsState) -> Iterator[tuple[Place, Handout]]:
    """`handout` of every placement in `placements(state)` order, computed together (the
    neighbours of each spot are looked up once): the rules' `placement_gains`, only faster."""
    seat = state.current
    n = state.players_count
    neighbours = _neighbours(state)
    order = [(seat + k) % n for k in range(n)]
    seat_sides = SEAT_SIDES[n]
    own_cards = state.players[seat].cards
    for tile in sorted(set(state.players[seat].hand)):
        platform = TILES[tile].platform
        for rot, look in looks(tile):
            facing = [(target, look[seat_sides[target]]) for target in order]
            for (x, y), around in neighbours.items():
                supply = list(state.supply)
                cards = list(own_cards)
                own = matched = platforms = 0
                for direction, color, neighbour_platform in around:
                    if look[direction] != color:
                        continue
                    matched += 1
                    platforms += neighbour_platform
                    if supply[color]:
                        supply[color] -= 1
                        cards[color] += 1
                        own += 1
                platforms += platform and matched > 0
                received = [-1] * n
                for target, color in facing:
                    if supply[color]:
                        supply[color] -= 1
                        received[target] = color
                if received[seat] >= 0:
                    cards[received[seat]] += 1
                    own += 1
                yield Place(tile, rot, x, y), Handout(
                    tuple(cards), tuple(received), min(platforms, state.favor_supply),
                    tuple(supply), matched, own)
