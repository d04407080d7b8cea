"""Where a Hanabi panel's choices are (`render.regions`), from the panel's own layout.

By the menu path drawn (`engine.hanabi.menu`): at the top of a turn the fireworks (with the
rocket after them) play a card (``p``), the discard pile (with its bin) discards one
(``d``), as a card is dragged to the stacks or the pile on hanab.live, and each partner's
hand gives them a clue (``c`` then their seat); playing or discarding, the player's own
cards, by slot (regions of the own hand carry slot numbers only: nothing of what the card
is); choosing whom to clue, the partners' hands; choosing the clue, each card of that hand:
its upper half clues its colour, its lower half its number.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from render.regions import Drawn, Region, offered, rect

from .cards import STRIP_H
from .header import fireworks_box
from .panel import _HEADER_CARD, _own_card_boxes, panel_plan, panel_png
from .seats import _hand_card_places
from .view import _colors


def panel_regions(view: Mapping[str, Any], *, focus: Mapping[str, Any] | None = None,
                  path: Sequence[str] = (), options: Collection[str] | None = None,
                  ) -> tuple[Region, ...]:
    """The regions of `panel_png(view, focus=focus)` drawn for the menu level at `path`
    whose options have the keys `options` (None: not known, every region it could be)."""
    plan = panel_plan(view)
    path = tuple(path)
    found: list[Region] = []
    if path in (("p",), ("d",)) and plan.mine is not None:
        found += [rect((str(info.slot),), box) for info, box in
                  zip(plan.mine.cards, _own_card_boxes(plan.own, len(plan.mine.cards)))]
    elif path in ((), ("c",)):
        if not path:  # where a card is played, where one is discarded
            found.append(rect(("p",), fireworks_box(plan.header, view, _HEADER_CARD,
                                                    mark=True)))
            dx, dy, dw, dh = plan.discards
            found.append(rect(("d",), (dx, dy, dx + dw, dy + dh)))
        lead = ("c",) if not path else ()
        found += [rect((*lead, str(hand.seat)), (x, y, x + w, y + h))
                  for hand, (x, y, w, h) in plan.others if hand.cards]
    elif len(path) == 2 and path[0] == "c":
        colors = _colors(view)
        cw, ch = plan.card
        for hand, box in plan.others:
            if str(hand.seat) != path[1]:
                continue
            places = _hand_card_places(box, len(hand.cards), plan.card)
            for info, (cx, cy) in zip(hand.cards, places):
                if info.face is None:
                    continue
                color, rank = info.face
                bottom = cy + ch + 6 + STRIP_H
                if color in colors:
                    found.append(rect((f"c{colors.index(color)}",), (cx, cy, cx + cw, cy + ch // 2)))
                found.append(rect((f"r{rank}",), (cx, cy + ch // 2, cx + cw, bottom)))
    return offered(found, options)


def panel_drawn(view: Mapping[str, Any], *, names: Sequence[str],
                focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
                options: Collection[str] | None = None) -> Drawn:
    """`panel_png` and its regions."""
    return Drawn(panel_png(view, names=names, focus=focus),
                 panel_regions(view, focus=focus, path=path, options=options))
