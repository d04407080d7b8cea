"""Where a Lanterns panel's choices are (`render.regions`), from the panel's own layout.

By the menu path drawn (`engine.lanterns.menu`): at the top of a turn each tile of the hand
places that tile (``p`` then its id); choosing a tile, the tiles; turning it, its four
rotations in the tray; placing it, the numbered spots of the lake; giving a card in an
exchange, discarding or choosing a dedication's colours, the player's own cards; taking one,
the supply's cards; choosing a dedication, the market's three dedications.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from render import kit
from render.regions import Drawn, Region, offered, rect

from .hand import _hand_boxes, _hand_items
from .market import _MARKET_COMPACT, DEDICATIONS, SUPPLY, _market_boxes
from .panel import _panel_plan, panel_png
from .seats import _strip_card_boxes
from .view import _focus, _hand

KIND_KEYS = ("4", "3", "7")  # the menu's keys of the market's dedications, in their order
COLOR_KEYS = tuple(str(i) for i in range(len(kit.COLORS)))  # a colour's key: its index


def panel_regions(view: Mapping[str, Any], *, focus: Mapping[str, Any] | None = None,
                  path: Sequence[str] = (), options: Collection[str] | None = None,
                  ) -> tuple[Region, ...]:
    """The regions of `panel_png(view, focus=focus)` drawn for the menu level at `path`
    whose options have the keys `options` (None: not known, every region it could be)."""
    f = _focus(focus)
    plan = _panel_plan(view, f)
    path = tuple(path)
    head, depth = path[:1], len(path)
    found: list[Region] = []
    if path in ((), ("p",)) and plan.hand is not None:  # a tile of the hand
        lead = ("p",) if not path else ()  # at the top of a turn: place, then that tile
        boxes = _hand_boxes(plan.hand, _hand_items(view, f))
        found += [rect((*lead, str(tile)), box)
                  for (tile, _, _), box in zip(_hand(view), boxes)]
    elif head == ("p",) and depth == 2 and plan.hand is not None:  # a rotation
        boxes = _hand_boxes(plan.hand, _hand_items(view, f))
        if len(boxes) == 4:
            found += [rect((str(r),), box) for r, box in enumerate(boxes)]
    elif head == ("p",) and depth == 3:  # a numbered spot of the lake
        found += [rect((str(n),), plan.geometry.cell_box(spot))
                  for n, spot in enumerate(f.spots, 1)]
    elif path in (("x",), ("c",)) or (head == ("d",) and depth >= 2):  # an own card
        if plan.own is not None:
            found += [rect((COLOR_KEYS[i],), box)
                      for i, (_color, box) in enumerate(_strip_card_boxes(plan.own, True))]
    elif head == ("x",) and depth == 2:  # a card of the supply
        found += [rect((COLOR_KEYS[i],), box) for group, i, box in
                  _market_boxes(plan.market, view, _MARKET_COMPACT) if group == SUPPLY]
    elif path == ("d",):  # a dedication
        found += [rect((KIND_KEYS[i],), box) for group, i, box in
                  _market_boxes(plan.market, view, _MARKET_COMPACT) if group == DEDICATIONS]
    return offered(found, options)


def panel_drawn(view: Mapping[str, Any], *, names: Sequence[str],
                focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
                options: Collection[str] | None = None) -> Drawn:
    """`panel_png` and its regions."""
    return Drawn(panel_png(view, names=names, focus=focus),
                 panel_regions(view, focus=focus, path=path, options=options))
