"""Helpers for Lanterns tests: build a situation on the lake by hand."""

from __future__ import annotations

from dataclasses import replace

from engine.lanterns import rules
from engine.lanterns.components import COLORS, NCOLORS
from engine.lanterns.state import LanternsState, Placed


def colors(**counts: int) -> tuple[int, ...]:
    """Card counts per colour from keyword arguments: colors(red=2, blue=1)."""
    unknown = set(counts) - set(COLORS)
    assert not unknown, unknown
    return tuple(counts.get(name, 0) for name in COLORS)


def arrange(
    players: int,
    *,
    board: list[tuple[int, int, int, int]] = (),  # (tile, rot, x, y) besides the start tile
    current: int = 0,
    hands: dict[int, tuple[int, ...]] | None = None,
    cards: dict[int, tuple[int, ...]] | None = None,
    favors: dict[int, int] | None = None,
    supply: dict[str, int] | None = None,
    seed: int = 1,
) -> LanternsState:
    """A dealt game rearranged: extra tiles on the lake, chosen hands, cards, favors, supply.

    Tiles named on the board or in hands are taken out of the draw stack so nothing is dealt
    twice; card and favor totals are not kept (tests of single rules do not need them).
    """
    state = rules.setup(players, seed, {})
    used = {t for t, *_ in board} | {t for hand in (hands or {}).values() for t in hand}
    players_ = list(state.players)
    for seat, hand in (hands or {}).items():
        players_[seat] = replace(players_[seat], hand=hand)
    for seat, counts in (cards or {}).items():
        players_[seat] = replace(players_[seat], cards=counts)
    for seat, count in (favors or {}).items():
        players_[seat] = replace(players_[seat], favors=count)
    new_supply = list(state.supply)
    for name, count in (supply or {}).items():
        new_supply[COLORS.index(name)] = count
    assert len(new_supply) == NCOLORS
    return replace(
        state,
        board=state.board + tuple(Placed(*b) for b in board),
        players=tuple(players_),
        stack=tuple(t for t in state.stack if t not in used),
        supply=tuple(new_supply),
        current=current,
    )
