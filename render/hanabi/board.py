"""The group's Hanabi board: the header, every hand as backs carrying what its owner was
told (face up once the game is over), the discard pile and the last moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit

from .header import _header
from .history import _DISCARD_H, _discards, _moves
from .seats import _hand_box
from .theme import _KEEP, BOARD_WIDTH, GAP, MARGIN
from .view import _colors, _last_clue, _list, _name, hands

_BOARD_CARD = (84, 118)
_BOARD_HEADER_H = 168
_BOARD_HAND_H = 52 + 118 + 16
_STRIP_H = 36  # the knowledge strips under face-up cards once the game is over
_MOVE_LINE = 42


def _board_hand_h(view: Mapping[str, Any]) -> int:
    return _BOARD_HAND_H + (_STRIP_H if _faces(view) else 0)


def _faces(view: Mapping[str, Any]) -> bool:
    """Hands face up: once the game is over, and in a replay of an ended game, which opens
    every hand (bot/replay_screens.py)."""
    return view.get("phase") == "over" or view.get("open_hands") is True


def board_size(view: Mapping[str, Any]) -> tuple[int, int]:
    rows = (len(hands(view)) + 1) // 2
    moves = len(_list(view.get("recent")))
    height = (2 * MARGIN + _BOARD_HEADER_H + GAP + rows * _board_hand_h(view)
              + (rows - 1) * GAP + GAP + _DISCARD_H)
    if moves:
        height += GAP + moves * _MOVE_LINE + 16
    return BOARD_WIDTH, height


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    Hands are drawn as backs with what their owners were told (during the game the view
    holds no card of any hand); once the game is over they are shown face up.
    """
    width, height = board_size(view)
    canvas, draw = kit.new_canvas((width, height))
    inner = width - 2 * MARGIN
    y = MARGIN
    _header(canvas, draw, (MARGIN, y, inner, _BOARD_HEADER_H), view, (92, 128))
    y += _BOARD_HEADER_H + GAP
    all_colors = _colors(view)
    current = view.get("current")
    clue = _last_clue(view)
    col_w = (inner - GAP) // 2
    seats = hands(view)
    hand_h = _board_hand_h(view)
    for i, hand in enumerate(seats):
        bx = MARGIN + (i % 2) * (col_w + GAP)
        by = y + (i // 2) * (hand_h + GAP)
        pointed = clue[1] if clue and clue[0] == hand.seat else ()
        _hand_box(canvas, draw, (bx, by, col_w, hand_h), hand, _name(names, hand.seat),
                  current=current == hand.seat, faces=_faces(view),
                  all_colors=all_colors, card=_BOARD_CARD, pointed=pointed)
    rows = (len(seats) + 1) // 2
    y += rows * hand_h + (rows - 1) * GAP + GAP
    _discards(canvas, draw, (MARGIN, y, inner, _DISCARD_H), view, (38, 54))
    y += _DISCARD_H
    moves = len(_list(view.get("recent")))
    if moves:
        _moves(canvas, draw, (MARGIN, y + GAP, inner, moves * _MOVE_LINE + 16), view, names)
    return kit.to_png(canvas, keep=_KEEP)
