"""The choice tree a Lighthouse player walks with buttons, one level per call.

Paths: token number (``"1"``–``"9"``) → zone (``"r"`` red, ``"b"`` blue) → cell number
(``"1"``–``"25"``, row by row, as the pictures number them; only empty cells are offered)
→ Confirm. Cell buttons that complete a line say what the move would bring, and the leaf
previews every line it completes and where the marker would stand. Between rounds the one
option is ``"n"``, the next round, applied at once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import Label, Malformed, Menu, Option
from .actions import NextRound, Place
from .board import Token, empty_cells, place
from .ending import round_result
from .options import COLORS, PLAYERS
from .rules import Prospect, prospect
from .state import OVER, ROUND_OVER, LighthouseState
from .texts import line_label, marker_label, zone_key

ZONE_KEYS: tuple[str, str] = ("r", "b")
NEXT = "n"


def menu(state: LighthouseState, seat: int, path: tuple[str, ...]) -> Menu:
    if state.phase == OVER or seat != state.current:
        if path:
            raise Malformed("no choices now")
        if state.phase == OVER:
            return Menu(Label("lighthouse-menu-over"))
        return Menu(Label("lighthouse-menu-wait", {"current_seat": state.current}))
    if state.phase == ROUND_OVER:
        return _between_rounds(state, path)
    if not path:
        counts = Counter(state.players[seat].hand)
        return Menu(Label("lighthouse-menu-token"), tuple(
            Option(str(value), Label("lighthouse-opt-token", {"value": value, "count": n}))
            for value, n in sorted(counts.items())))
    value = _value(state, seat, path[0])
    if len(path) == 1:
        return _zones(state, value)
    zone = _zone(state, path[1])
    if len(path) == 2:
        return _cells(state, seat, value, zone)
    if len(path) > 3:
        raise Malformed("path too long")
    return _leaf(state, seat, Place(value, zone, _cell(state, zone, path[2])))


def _between_rounds(state: LighthouseState, path: tuple[str, ...]) -> Menu:
    following = state.round + 1
    if not path:
        return Menu(Label("lighthouse-menu-round-over", {"round": state.round}),
                    (Option(NEXT, Label("lighthouse-opt-next", {"round": following})),))
    if path != (NEXT,):
        raise Malformed("only the next round is offered")
    return Menu(Label("lighthouse-menu-next", {"round": following}), action=NextRound().encode(),
                instant=True)


def _value(state: LighthouseState, seat: int, key: str) -> int:
    if not key.isdigit() or int(key) not in state.players[seat].hand:
        raise Malformed(f"token {key!r} not in hand")
    return int(key)


def _zone(state: LighthouseState, key: str) -> int:
    if key not in ZONE_KEYS or not empty_cells(state.board, ZONE_KEYS.index(key)):
        raise Malformed(f"zone {key!r} not offered")
    return ZONE_KEYS.index(key)


def _cell(state: LighthouseState, zone: int, key: str) -> int:
    if not key.isdigit() or int(key) - 1 not in empty_cells(state.board, zone):
        raise Malformed(f"cell {key!r} not offered")
    return int(key) - 1


def _zones(state: LighthouseState, value: int) -> Menu:
    options = []
    for zone in range(PLAYERS):
        empty = len(empty_cells(state.board, zone))
        if empty:
            options.append(Option(ZONE_KEYS[zone], Label(f"lighthouse-opt-zone-{COLORS[zone]}", {
                "empty": empty, "own": int(zone == state.current)})))
    return Menu(Label("lighthouse-menu-zone", {"value": value}), tuple(options),
                focus={"value": value})


def _gain(outlook: Prospect, seat: int) -> int:
    """The marker's move towards `seat`."""
    steps = sum(line.score.steps for line in outlook.lines)
    return steps if seat == 0 else -steps


def _cells(state: LighthouseState, seat: int, value: int, zone: int) -> Menu:
    cells = empty_cells(state.board, zone)
    options = []
    for cell in cells:
        outlook = prospect(state, seat, Place(value, zone, cell))
        gain = _gain(outlook, seat)
        options.append(Option(str(cell + 1), Label("lighthouse-opt-cell", {
            "n": cell + 1, "lines": len(outlook.lines), "points": abs(gain),
            "loss": int(gain < 0)})))
    return Menu(Label("lighthouse-menu-cell", {"value": value, "zone": zone_key(zone)}),
                tuple(options), focus={"value": value, "zone": zone, "cells": list(cells)})


def _leaf(state: LighthouseState, seat: int, action: Place) -> Menu:
    outlook = prospect(state, seat, action)
    return Menu(
        Label("lighthouse-menu-confirm", {"value": action.value, "zone": zone_key(action.zone),
                                          "cell": action.cell + 1}),
        action=action.encode(),
        preview=preview(state, seat, action, outlook),
        focus={"value": action.value, "zone": action.zone, "cell": action.cell,
               "lines": lines_focus(outlook), "marker": outlook.marker},
    )


def lines_focus(outlook: Prospect) -> list[dict[str, Any]]:
    """The lines a move completes, as picture hints (the same shape as the view's)."""
    return [{"zone": s.line.zone, "kind": s.line.kind, "index": s.line.index,
             "seat": s.score.owner, "points": s.score.points} for s in outlook.lines]


def preview(state: LighthouseState, seat: int, action: Place,
            outlook: Prospect) -> tuple[Label, ...]:
    """What the move would bring, in words: each line it completes, the marker, the round."""
    if not outlook.lines:
        labels = [Label("lighthouse-preview-no-line")]
    else:
        labels = [line_label(line, preview=True) for line in outlook.lines]
        labels.append(marker_label(outlook.marker, "lighthouse-preview-marker"))
    board = place(state.board, action.zone, action.cell, Token(seat, action.value))
    # Whether the opponent could still play depends on their hand's size only, which is public.
    stuck = len(state.players[1 - seat].hand) == 0
    result = round_result(board, outlook.marker, state.options.track, stuck=stuck)
    if result is not None:
        if result.winner is None:
            labels.append(Label("lighthouse-preview-round-draw"))
        else:
            labels.append(Label(f"lighthouse-preview-round-{result.reason}",
                                {"seat": result.winner}))
    return tuple(labels)
