"""A player's private Hanabi picture: the other hands face up with what their owners know,
the player's own hand as knowledge, and what the menu step points at; the waiting
picture is the same without focus."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import Box, draw_text, font, paste

from .cards import STRIP_H, _back_card, _chip, _face_card, fit_card
from .header import _header
from .history import _DISCARD_H, DISCARD_CARD, _discards
from .seats import HAND_NAME_H, _hand_box
from .sprites import icon_sprite, symbol_sprite
from .theme import (
    _KEEP,
    DANGER,
    GAP,
    GOLD,
    INK_DARK,
    MARGIN,
    PANEL_EDGE,
    PANEL_WIDTH,
    SMALL_TEXT,
    TEXT,
)
from .view import Focus, HandInfo, _colors, _last_clue, _name, hands, parse_focus

_PANEL_CARD = (84, 118)  # at most: five cards a hand are narrower
_OWN_CARD = (124, 172)
_PANEL_HEADER_H = 128
_HEADER_CARD = (64, 90)
_SLOT_CHIP = 48  # the slot numbers under the own hand
_MARK_CHIP = 46  # the number a clue would give, beside the name it is for
_OWN_H = 56 + 172 + 16 + _SLOT_CHIP + 12
_COLUMN_W = (PANEL_WIDTH - 2 * MARGIN - GAP) // 2


def _card(view: Mapping[str, Any]) -> tuple[int, int]:
    """The card size of the other hands: the largest hand fills its column."""
    return fit_card(_COLUMN_W, max((len(h.cards) for h in hands(view)), default=4),
                    _PANEL_CARD)


def _other_h(view: Mapping[str, Any]) -> int:
    return HAND_NAME_H + _card(view)[1] + 6 + STRIP_H + 12


def panel_size(view: Mapping[str, Any]) -> tuple[int, int]:
    others = max(0, len(hands(view)) - 1)
    rows = (others + 1) // 2
    height = (2 * MARGIN + _PANEL_HEADER_H + GAP + rows * (_other_h(view) + GAP) + _OWN_H
              + GAP)
    return PANEL_WIDTH, height + _DISCARD_H


def _clue_mark(clue: tuple[str, Any] | None) -> Image.Image | None:
    if clue is None:
        return None
    if clue[0] == "color":
        return symbol_sprite(str(clue[1]), 36)
    img = Image.new("RGBA", (_MARK_CHIP, _MARK_CHIP), (0, 0, 0, 0))
    _chip(ImageDraw.Draw(img), (_MARK_CHIP / 2, _MARK_CHIP / 2), str(clue[1]), _MARK_CHIP,
          fill=TEXT, ink=INK_DARK)
    return img


def _own_card_places(box: Box, n: int) -> list[tuple[int, int]]:
    """The top-left corner of each of the viewer's `n` cards in their hand's box."""
    x, y, w, _ = box
    cw, gap = _OWN_CARD[0], 28
    left = x + (w - n * cw - max(0, n - 1) * gap) // 2
    return [(left + i * (cw + gap), y + 56) for i in range(n)]


def _own_card_boxes(box: Box, n: int) -> list[tuple[int, int, int, int]]:
    """Each own card with its slot number under it, as (left, top, right, bottom)."""
    bottom = box[1] + 56 + _OWN_CARD[1] + 16 + _SLOT_CHIP
    return [(cx, cy, cx + _OWN_CARD[0], bottom) for cx, cy in _own_card_places(box, n)]


def _own_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box, hand: HandInfo,
              name: str, f: Focus, *, current: bool, faces: bool, all_colors: Sequence[str],
              pointed: Sequence[int]) -> None:
    """The viewer's hand, large: backs with what they know, numbered like the slot buttons."""
    kit.frame(draw, box, hot=current)
    x, y, w, _ = box
    nx = x + 16
    if current:
        paste(canvas, icon_sprite("turn", 26), (nx, y + 28), anchor="lm")
        nx += 34
    draw_text(draw, (nx, y + 28), name, font(SMALL_TEXT + 1, "bold"), GOLD if current else TEXT,
              "lm", max_width=x + w - 16 - nx)
    cw, ch = _OWN_CARD
    for info, (cx, cy) in zip(hand.cards, _own_card_places(box, len(hand.cards))):
        chosen = f.slot == info.slot and f.mode is not None
        if chosen:
            edge = GOLD if f.mode == "play" else DANGER
            draw.rounded_rectangle([cx - 7, cy - 7, cx + cw + 6, cy + ch + 6], radius=24,
                                   outline=edge, width=5)
        if info.slot in pointed:
            paste(canvas, icon_sprite("pointer", 20), (cx + cw / 2, cy - 4), anchor="mb")
        if faces and info.face is not None:
            _face_card(canvas, draw, info, (cx, cy), _OWN_CARD)
        else:
            _back_card(canvas, draw, info, (cx, cy), _OWN_CARD, all_colors)
        # the slot numbers light up while the player picks a card, then only the one picked
        lit = f.mode is not None and (f.slot is None or chosen)
        _chip(draw, (cx + cw / 2, cy + ch + 16 + _SLOT_CHIP / 2), str(info.slot), _SLOT_CHIP,
              fill=GOLD if lit else PANEL_EDGE, ink=INK_DARK if lit else TEXT)


def panel_png(view: Mapping[str, Any], *, names: Sequence[str],
              focus: Mapping[str, Any] | None = None) -> bytes:
    """A player's private picture, as PNG bytes.

    `focus` (from the engine's menu) says what the player is choosing:
    ``{"mode": "play"|"discard"}`` and then ``"slot": n`` frames that card of their own
    hand; ``{"target": seat}`` frames that player's hand, and with ``"slots": [...]`` and
    ``"clue": {"color": name} | {"rank": n}`` points at the cards the clue would touch.
    None (or ``{}``) draws the plain picture, which is `waiting_png`.
    """
    f = parse_focus(focus)
    plan = panel_plan(view)
    canvas, draw = kit.new_canvas(plan.size)
    _header(canvas, draw, plan.header, view, _HEADER_CARD, play_mark=True)
    all_colors = _colors(view)
    current = view.get("current")
    over = view.get("phase") == "over"
    clue = _last_clue(view)
    for hand, box in plan.others:
        targeted = f.target == hand.seat
        pointed = f.slots if targeted else (clue[1] if clue and clue[0] == hand.seat and
                                            f.target is None else ())
        _hand_box(canvas, draw, box, hand,
                  _name(names, hand.seat), current=current == hand.seat, faces=True,
                  all_colors=all_colors, card=plan.card, pointed=pointed, hot=targeted,
                  mark=_clue_mark(f.clue) if targeted else None)
    if plan.mine is not None:
        mine = plan.mine
        pointed = clue[1] if clue and clue[0] == mine.seat else ()
        _own_hand(canvas, draw, plan.own, mine, _name(names, mine.seat), f,
                  current=current == mine.seat, faces=over, all_colors=all_colors,
                  pointed=pointed)
    _discards(canvas, draw, plan.discards, view, DISCARD_CARD, mark=True)
    return kit.to_png(canvas, keep=_KEEP)


@dataclass(frozen=True)
class PanelPlan:
    """Where the panel draws what: the header, each other hand's box, the viewer's hand,
    the discards."""

    size: tuple[int, int]
    header: Box
    card: tuple[int, int]  # the other hands' card size
    others: tuple[tuple[HandInfo, Box], ...]
    mine: HandInfo | None
    own: Box
    discards: Box


def panel_plan(view: Mapping[str, Any]) -> PanelPlan:
    width, height = panel_size(view)
    inner = width - 2 * MARGIN
    y = MARGIN + _PANEL_HEADER_H + GAP
    viewer = view.get("viewer")
    seats = hands(view)
    n = len(seats)
    others = [seats[(viewer + k) % n] for k in range(1, n)] if isinstance(viewer, int) and \
        0 <= viewer < n else seats
    col_w = _COLUMN_W
    card, other_h = _card(view), _other_h(view)
    boxes = []
    for i, hand in enumerate(others):
        wide = len(others) == 1
        bx = MARGIN + (0 if wide else (i % 2) * (col_w + GAP))
        by = y + (i // 2) * (other_h + GAP)
        boxes.append((hand, (bx, by, inner if wide else col_w, other_h)))
    y += ((len(others) + 1) // 2) * (other_h + GAP)
    mine = next((hd for hd in seats if hd.seat == viewer), None)
    own = (MARGIN, y, inner, _OWN_H)
    y += _OWN_H + GAP
    return PanelPlan((width, height), (MARGIN, MARGIN, inner, _PANEL_HEADER_H), card,
                     tuple(boxes), mine, own,
                     (MARGIN, y, inner, _DISCARD_H))


def waiting_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """A player's private picture between their turns: the other hands with what their
    owners know, their own hand as knowledge, the fireworks and tokens (the panel without
    focus; in Hanabi what a player sees privately changes with every move)."""
    return panel_png(view, names=names, focus=None)
