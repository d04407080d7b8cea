"""The group's Hanabi board: the header, every hand as backs carrying what its owner was
told (face up once the game is over), the discard pile and the last moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import kit

from .cards import STRIP_H, fit_card
from .header import _header
from .history import _DISCARD_H, DISCARD_CARD, _discards, _moves
from .seats import HAND_NAME_H, _hand_box
from .theme import _KEEP, BOARD_WIDTH, CARD_RATIO, GAP, MARGIN
from .view import _colors, _last_clue, _list, _name, hands

_BOARD_CARD = (100, 140)  # at most: five cards a hand are narrower
_BOARD_HEADER_H = 140
_HEADER_CARD = (76, 106)
_MOVE_LINE = 52
_COLUMN_W = (BOARD_WIDTH - 2 * MARGIN - GAP) // 2
MAX_HEIGHT = 1280


def _faces(view: Mapping[str, Any]) -> bool:
    """Hands face up: once the game is over, and in a replay of an ended game, which opens
    every hand (bot/replay_screens.py)."""
    return view.get("phase") == "over" or view.get("open_hands") is True


def _rows(view: Mapping[str, Any]) -> int:
    return (len(hands(view)) + 1) // 2


def _hand_extra(view: Mapping[str, Any]) -> int:
    """A hand box's height besides its cards (with the knowledge strips under face-up cards
    once the game is over)."""
    return HAND_NAME_H + 16 + (STRIP_H + 6 if _faces(view) else 0)


def _others_h(view: Mapping[str, Any]) -> int:
    """Everything's height but the cards of the hands."""
    rows = _rows(view)
    moves = len(_list(view.get("recent")))
    height = (2 * MARGIN + _BOARD_HEADER_H + GAP + rows * _hand_extra(view) + (rows - 1) * GAP
              + GAP + _DISCARD_H)
    return height + (GAP + moves * _MOVE_LINE + 16 if moves else 0)


def _card(view: Mapping[str, Any]) -> tuple[int, int]:
    """The card size of every hand: the largest hand fills its column, unless the board
    would grow taller than `MAX_HEIGHT` (five open hands and the last moves)."""
    cw, ch = fit_card(_COLUMN_W, max((len(h.cards) for h in hands(view)), default=4),
                      _BOARD_CARD)
    room = (MAX_HEIGHT - _others_h(view)) // max(1, _rows(view))
    if ch > room:
        ch = max(56, room)
        cw = round(ch / CARD_RATIO)
    return cw, ch


def board_size(view: Mapping[str, Any]) -> tuple[int, int]:
    return BOARD_WIDTH, _others_h(view) + _rows(view) * _card(view)[1]


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The group's picture of the table, as PNG bytes.

    Hands are drawn as backs with what their owners were told (during the game the view
    holds no card of any hand); once the game is over they are shown face up.
    """
    width, height = board_size(view)
    canvas, draw = kit.new_canvas((width, height))
    inner = width - 2 * MARGIN
    y = MARGIN
    _header(canvas, draw, (MARGIN, y, inner, _BOARD_HEADER_H), view, _HEADER_CARD)
    y += _BOARD_HEADER_H + GAP
    all_colors = _colors(view)
    current = view.get("current")
    clue = _last_clue(view)
    col_w = _COLUMN_W
    card = _card(view)
    seats = hands(view)
    hand_h = _hand_extra(view) + card[1]
    for i, hand in enumerate(seats):
        bx = MARGIN + (i % 2) * (col_w + GAP)
        by = y + (i // 2) * (hand_h + GAP)
        pointed = clue[1] if clue and clue[0] == hand.seat else ()
        _hand_box(canvas, draw, (bx, by, col_w, hand_h), hand, _name(names, hand.seat),
                  current=current == hand.seat, faces=_faces(view),
                  all_colors=all_colors, card=card, pointed=pointed)
    rows = (len(seats) + 1) // 2
    y += rows * hand_h + (rows - 1) * GAP + GAP
    _discards(canvas, draw, (MARGIN, y, inner, _DISCARD_H), view, DISCARD_CARD)
    y += _DISCARD_H
    moves = len(_list(view.get("recent")))
    if moves:
        _moves(canvas, draw, (MARGIN, y + GAP, inner, moves * _MOVE_LINE + 16), view, names)
    return kit.to_png(canvas, keep=_KEEP)
