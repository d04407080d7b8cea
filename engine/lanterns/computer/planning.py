"""Whole turns scored one move ahead: every exchange and dedication worth considering, then
every placement, each judged by what every seat holds afterwards (see `valuation`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Discard, EndTurn
from ..state import FINAL, LanternsState
from .turns import Prefix, handouts, prefixes
from .valuation import (
    TIE_CARD,
    TIE_FAVOR,
    Outlook,
    exhausted_colors,
    margin,
    outlook_after_place,
    seat_worth,
)

PREFIXES_KEPT = 3
PREFIX_SLACK = 1.0
SHORTLIST = 12
"""Only the most promising exchange-and-dedication choices (at most 3, within one honor of the
best) are tried, the best of them with every placement, the others with the 12 best of those."""


@dataclass(frozen=True)
class Plan:
    steps: tuple[Action, ...]
    score: float
    own_cards: int = 0  # cards the placement brings the planner
    matched: int = 0


def _final_score(state: LanternsState, seat: int) -> float:
    """The final round decides by honor, then favors, then cards."""
    player = state.players[seat]
    return player.honor + TIE_FAVOR * player.favors + TIE_CARD * player.card_count


def _prefix_score(prefix: Prefix, seat: int) -> float:
    """The margin as if the placement gave nobody anything: to rank the prefixes."""
    state = prefix.state
    values = [seat_worth(p.honor, p.cards, p.favors, outlook_after_place(state, s, state.supply))
              for s, p in enumerate(state.players)]
    return margin(values, seat)


def best_discard(state: LanternsState) -> Discard:
    """The card whose loss costs the least potential."""
    seat = state.current
    player = state.players[seat]
    outlook = outlook_after_place(state, seat, state.supply)

    def loss(color: int) -> float:
        cards = list(player.cards)
        cards[color] -= 1
        return -seat_worth(player.honor, tuple(cards), player.favors, outlook)

    return Discard(min((c for c in range(len(player.cards)) if player.cards[c]), key=loss))


def scored_plans(state: LanternsState, seat: int, kept: int = PREFIXES_KEPT) -> list[Plan]:
    """Every plan considered for the player to act, scored by their margin afterwards;
    `kept` bounds how many exchange-and-dedication choices are tried with every placement."""
    found = prefixes(state, best_discard)
    if state.phase == FINAL:
        return [Plan(p.steps + (EndTurn(),), _final_score(p.state, seat)) for p in found]
    ranked = sorted(((_prefix_score(p, seat), p) for p in found), key=lambda sp: -sp[0])
    first = ranked[0][0]
    plans = _placement_plans(ranked[0][1], seat)
    # a placement good after one choice of cards is good after another: the other choices are
    # tried only with the best placements of the first
    shortlist = {plan.steps[-1] for plan in sorted(plans, key=lambda p: -p.score)[:SHORTLIST]}
    for score, prefix in ranked[1:kept]:
        if score < first - PREFIX_SLACK:
            break
        plans += _placement_plans(prefix, seat, shortlist)
    return plans


def _placement_plans(prefix: Prefix, seat: int, only: set[Action] | None = None) -> list[Plan]:
    before = prefix.state
    n = before.players_count
    me = before.players[seat]
    mine = outlook_after_place(before, seat, before.supply)
    # Another seat gains at most the one card its side of the tile shows, so its worth is
    # looked up by that colour. (Its outlook ignores which colours this placement exhausts.)
    others = {s: _worth_by_card(before, s) for s in range(n) if s != seat}
    plans = []
    for place, out in handouts(before):
        if only is not None and place not in only:
            continue
        values = [0.0] * n
        for s, table in others.items():
            values[s] = table[out.received[s]]
        values[seat] = seat_worth(me.honor, out.cards, me.favors + out.favors,
                                  Outlook(mine.tops, mine.chances, mine.inflow,
                                          exhausted_colors(out.supply)))
        plans.append(Plan(prefix.steps + (place,), margin(values, seat), out.own_cards,
                          out.matched))
    return plans


def _worth_by_card(state: LanternsState, seat: int) -> dict[int, float]:
    """The seat's worth after the placement, by the colour it receives (-1: none)."""
    player = state.players[seat]
    outlook = outlook_after_place(state, seat, state.supply)
    table = {-1: seat_worth(player.honor, player.cards, player.favors, outlook)}
    for color in range(len(player.cards)):
        cards = list(player.cards)
        cards[color] += 1
        table[color] = seat_worth(player.honor, tuple(cards), player.favors, outlook)
    return table
