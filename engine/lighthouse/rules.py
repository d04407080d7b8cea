"""Lighthouse rules: setup, what is legal, and applying an action.

Every function is pure: states are frozen and each accepted action returns a new one. The
rules of a round (dealing, scoring, ending) live in their own modules; this one puts them
together turn by turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..core import Event, GameOver, IllegalAction, Label, Malformed, NotYourTurn
from .actions import NextRound, Place, decode
from .board import Token, empty_cells, place
from .dealing import Deal, deal_round
from .ending import RoundResult, match_over, round_result
from .options import PLAYERS, Options
from .scoring import ScoredLine, move_marker, score_move
from .state import OVER, PLAY, ROUND_OVER, LighthouseState, Move, Player
from .texts import line_label, marker_label, round_label, zone_key

# --- setup -------------------------------------------------------------------------------


def setup(players: int, seed: int, options: Mapping[str, Any] | None = None) -> LighthouseState:
    """Deal the first round of a new match; seat 0 plays red, seat 1 blue."""
    if players != PLAYERS:
        raise Malformed(f"Lighthouse is for 2 players, not {players}")
    opts = Options.parse(options)
    deal = deal_round(seed, opts, 1, None)
    return LighthouseState(seed=seed, options=opts, round=1, starter=deal.starter,
                           board=deal.board, players=deal.players, current=deal.starter)


def next_starter(state: LighthouseState) -> int | None:
    """Who starts the next round: the other player in round 2; the reveal decides round 3."""
    return 1 - state.starter if state.round + 1 == 2 else None


# --- what is legal -----------------------------------------------------------------------


def legal_actions(state: LighthouseState, seat: int) -> list[str]:
    """Every legal action of a seat, encoded (the text of `Place.encode`, built directly from
    cached pieces: random playouts and benchmarks call this on every move)."""
    if state.phase == OVER or seat != state.current:
        return []
    if state.phase == ROUND_OVER:
        return [NextRound().encode()]
    targets = [_target(zone, cell) for zone in range(PLAYERS)
               for cell in empty_cells(state.board, zone)]
    return [f"p:{value}{target}" for value in sorted(set(state.players[seat].hand))
            for target in targets]


@cache
def _target(zone: int, cell: int) -> str:
    return f":{zone}:{cell}"


@dataclass(frozen=True)
class Prospect:
    """What a placement would do, computed once for both the preview and the move itself."""

    lines: tuple[ScoredLine, ...]  # the lines it completes, scored (rows first)
    marker: int  # the marker afterwards


def prospect(state: LighthouseState, seat: int, action: Place) -> Prospect:
    """The lines `seat` would complete by `action` (on an empty cell), and the marker after."""
    token = Token(seat, action.value)
    lines = score_move(state.board, state.options.zone_size, action.zone, action.cell, token)
    return Prospect(lines, move_marker(state.marker, lines, state.options.track))


# --- applying ----------------------------------------------------------------------------


def apply(state: LighthouseState, seat: int,
          text: str) -> tuple[LighthouseState, tuple[Event, ...]]:
    """Apply one encoded action of `seat`; raises a `RuleViolation` and changes nothing if
    refused."""
    if state.phase == OVER:
        raise GameOver()
    if seat != state.current:
        raise NotYourTurn()
    action = decode(text)
    if isinstance(action, NextRound):
        return _next_round(state)
    return _place(state, seat, action)


def _check_place(state: LighthouseState, seat: int, action: Place) -> None:
    opts = state.options
    if action.value > opts.values or action.cell >= opts.cells:
        raise Malformed("no such token or cell")
    if state.phase != PLAY:
        raise IllegalAction("the round is over: start the next one")
    if action.value not in state.players[seat].hand:
        raise IllegalAction("token not in hand")
    if state.board[action.zone][action.cell] is not None:
        raise IllegalAction("cell taken")


def _place(state: LighthouseState, seat: int,
           action: Place) -> tuple[LighthouseState, tuple[Event, ...]]:
    """Put the token down, score the lines it completes, draw, pass the turn; end the round
    (and perhaps the match) when the marker, the board or the tokens say so."""
    _check_place(state, seat, action)
    outlook = prospect(state, seat, action)
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(action.value)
    events = [Event(Label("lighthouse-ev-place", {
        "seat": seat, "value": action.value, "zone": zone_key(action.zone),
        "cell": action.cell + 1}))]
    events += [Event(line_label(line)) for line in outlook.lines]
    if outlook.lines:
        events.append(Event(marker_label(outlook.marker)))
    pile = player.pile
    if pile:
        hand.append(pile[0])
        events.append(Event(Label("lighthouse-ev-draw", {"value": pile[0]}), frozenset({seat})))
        pile = pile[1:]
    players = list(state.players)
    players[seat] = Player(pile=pile, hand=tuple(sorted(hand)))
    following = 1 - seat
    new = replace(
        state,
        board=place(state.board, action.zone, action.cell, Token(seat, action.value)),
        players=tuple(players),
        marker=outlook.marker,
        current=following,
        last=Move(seat, action.value, action.zone, action.cell),
        version=state.version + 1,
    )
    result = round_result(new.board, new.marker, state.options.track,
                          stuck=not players[following].hand)
    if result is None:
        return new, tuple(events)
    return _end_round(new, result, events)


def _end_round(state: LighthouseState, result: RoundResult,
               events: list[Event]) -> tuple[LighthouseState, tuple[Event, ...]]:
    results = state.results + (result,)
    events.append(Event(round_label(result, state.round, state.marker)))
    phase = OVER if match_over(results) else ROUND_OVER
    return replace(state, results=results, phase=phase), tuple(events)


def _next_round(state: LighthouseState) -> tuple[LighthouseState, tuple[Event, ...]]:
    if state.phase != ROUND_OVER:
        raise IllegalAction("the round is still being played")
    round_no = state.round + 1
    deal = deal_round(state.seed, state.options, round_no, next_starter(state))
    new = replace(state, round=round_no, starter=deal.starter, board=deal.board,
                  players=deal.players, current=deal.starter, marker=0, phase=PLAY, last=None,
                  version=state.version + 1)
    return new, _round_start_events(round_no, deal)


def _round_start_events(round_no: int, deal: Deal) -> tuple[Event, ...]:
    events = [Event(Label("lighthouse-ev-reveal-tie", {"value": red}))
              for red, _blue in deal.reveals[:-1]]
    red, blue = deal.reveals[-1]
    how = "coin" if deal.coin else "other" if round_no == 2 else "lower"
    events.append(Event(Label(f"lighthouse-ev-round-start-{how}", {
        "round": round_no, "seat": deal.starter, "red": red, "blue": blue})))
    return tuple(events)
