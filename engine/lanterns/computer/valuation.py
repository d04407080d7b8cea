"""How much a seat's lantern cards and favors are worth, in honor still to come.

Cards only ever score through dedications, so a hand of cards is valued by the dedications
it is close to: the next token of that kind, discounted by how many cards are still missing
(favors can buy some of them), plus part of what the leftover cards could then make. The
discounts depend on how many dedication chances and new cards the seat can still expect,
so partial sets lose their worth as the game runs out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..components import EXCHANGE_COST, GENERIC_HONOR, NCOLORS
from ..state import FINAL, OVER, LanternsState

FOUR_I, PAIRS_I, SEVEN_I = range(3)  # KINDS order: four of a kind, three pairs, seven unique

# What a set missing m cards is worth, as a share of its token (m = 0: ready next turn).
MISSING_SHARE = (0.92, 0.6, 0.36, 0.2, 0.11, 0.06, 0.03, 0.015)
SECOND_SET_SHARE = 0.5  # the dedication after the next one is further away and less sure
FAVOR_HONOR = 0.35  # a favor buys a third of a card through an exchange, and breaks ties
CARD_HONOR = 0.02  # a card beyond its sets only breaks ties
TIE_FAVOR, TIE_CARD = 0.01, 0.0001  # once the game is decided by honor, then favors, then cards
MATCH_CARDS_PER_PLACEMENT = 0.6  # matching cards a seat earns on its own placement, on average


class Outlook(NamedTuple):
    """What the rest of the game offers one seat (a tuple: it keys the potential memo)."""

    tops: tuple[float, float, float]  # honor of the next token of each kind (4 once empty)
    chances: int  # dedications the seat can still make (one per turn, the final turn too)
    inflow: float  # cards the seat may still receive before its last chance
    exhausted: int  # bit c set: no card of colour c is left to be received


def exhausted_colors(supply: tuple[int, ...]) -> int:
    return sum(1 << c for c, n in enumerate(supply) if not n)


def kind_tops(state: LanternsState) -> tuple[float, float, float]:
    # an empty stack still pays its grey 4, however often: tokens never run out
    return tuple(float(s[0]) if s else float(GENERIC_HONOR) for s in state.stacks)  # type: ignore[return-value]


def _outlook(tops: tuple[float, float, float], supply: tuple[int, ...], players: int,
             first: int, remaining: int, seat: int) -> Outlook:
    """`remaining` placements are still to be made, the first of them by seat `first`; then
    every seat has one final turn."""
    offset = (seat - first) % players
    own = max(0, (remaining - offset + players - 1) // players)
    inflow = remaining + MATCH_CARDS_PER_PLACEMENT * own
    return Outlook(tops, own + 1, inflow, exhausted_colors(supply))


def outlook(state: LanternsState, seat: int) -> Outlook:
    """The seat's outlook at the start of the turn of the player to act."""
    tops = kind_tops(state)
    if state.phase == OVER:
        return Outlook(tops, 0, 0.0, 0)
    if state.phase == FINAL:
        # the final round runs from seat 0 to the last seat
        return Outlook(tops, 1 if seat >= state.current else 0, 0.0,
                       exhausted_colors(state.supply))
    return _outlook(tops, state.supply, state.players_count, state.current, state.tiles_left,
                    seat)


def outlook_after_place(state: LanternsState, seat: int, supply: tuple[int, ...]) -> Outlook:
    """The seat's outlook once the player to act in `state` has placed (leaving `supply`)."""
    n = state.players_count
    return _outlook(kind_tops(state), supply, n, (state.current + 1) % n, state.tiles_left - 1,
                    seat)


def _missing_share(missing: float, outlook: Outlook) -> float:
    if missing <= 0:
        return MISSING_SHARE[0]
    if missing > outlook.inflow:
        return 0.0
    index = min(int(missing + 0.5), len(MISSING_SHARE) - 1)
    return MISSING_SHARE[index]


@lru_cache(maxsize=1 << 14)  # pure, like `card_potential`
def _candidates(cards: tuple[int, ...], tops: tuple[float, float, float]
                ) -> tuple[tuple[float, tuple[int, ...], tuple[int, ...]], ...]:
    """The dedications worth aiming for: (token honor, cards left after it, colours still
    wanted). Only the most complete choice of colours for each kind; every kind is always
    open (tokens never run out)."""
    best = cards.index(max(cards))
    have = min(cards[best], 4)
    left = list(cards)
    left[best] -= have
    found = [(tops[FOUR_I], tuple(left), (best,) * (4 - have))]
    # prefer colours that already hold a pair; among them, the fullest
    order = sorted(range(NCOLORS), key=lambda c: (-min(cards[c], 2), -cards[c]))[:3]
    left = list(cards)
    wanted: tuple[int, ...] = ()
    for c in order:
        have = min(cards[c], 2)
        left[c] -= have
        wanted += (c,) * (2 - have)
    found.append((tops[PAIRS_I], tuple(left), wanted))
    wanted = tuple(c for c in range(NCOLORS) if not cards[c])
    found.append((tops[SEVEN_I], tuple(n - 1 if n else 0 for n in cards), wanted))
    return tuple(found)


def _set_value(honor: float, wanted: tuple[int, ...], spare: bool, favors: int,
               outlook: Outlook) -> float:
    """`spare`: a card is left over to give in an exchange."""
    missing = float(len(wanted))
    if outlook.exhausted:
        # a colour with no card left to receive is twice as hard to come by
        missing += sum(0.7 for c in wanted if outlook.exhausted >> c & 1)
    exchanges = min(favors // EXCHANGE_COST, len(wanted), outlook.chances) if spare else 0
    bought = missing - exchanges
    value = honor * _missing_share(bought, outlook)
    if exchanges:
        value -= exchanges * EXCHANGE_COST * FAVOR_HONOR
        value = max(value, honor * _missing_share(missing, outlook))
    return value


@lru_cache(maxsize=1 << 16)  # a pure function of its arguments: the memo changes no choice
def card_potential(cards: tuple[int, ...], favors: int, outlook: Outlook,
                   depth: int = 2) -> float:
    """Honor these cards (and favors spent on exchanges) are expected to become."""
    if outlook.chances <= 0:
        return 0.0
    best = 0.0
    for honor, left, wanted in _candidates(cards, outlook.tops):
        value = _set_value(honor, wanted, any(left), favors, outlook)
        if depth > 1 and outlook.chances > 1 and value > 0:
            after = outlook._replace(chances=outlook.chances - 1,
                                     inflow=outlook.inflow - len(wanted))
            value += SECOND_SET_SHARE * card_potential(left, favors, after, depth - 1)
        best = max(best, value)
    return best


def seat_worth(honor: int, cards: tuple[int, ...], favors: int, outlook: Outlook) -> float:
    """A seat's honor plus what its cards and favors should still bring; with no chance left,
    favors and then cards only break ties."""
    if outlook.chances <= 0:
        return honor + TIE_FAVOR * favors + TIE_CARD * sum(cards)
    return (honor + card_potential(cards, favors, outlook)
            + FAVOR_HONOR * favors + CARD_HONOR * sum(cards))


def margin(worths: list[float], seat: int) -> float:
    """How far `seat` is ahead: its worth against the mean and the best of the others."""
    others = [w for s, w in enumerate(worths) if s != seat]
    return worths[seat] - 0.5 * (max(others) + sum(others) / len(others))
