"""Where a Lanterns panel's choices are (`render.regions`), from the panel's own layout.

By the menu path drawn (`engine.lanterns.menu`): at the top of a turn each tile of the hand
places that tile (``p`` then its id), each dedication the player's cards allow makes it
(``d`` then its kind), each own card discards it when cards must go (``c``) or else gives it
in an exchange (``x``), the supply's cards begin an exchange (``x``), and in the final round
the tray where the tiles were ends the turn (``e``); choosing a tile, the tiles; turning it,
its four rotations in the tray; placing it, the numbered spots of the lake; giving a card in
an exchange, discarding or choosing a dedication's colours, the player's own cards; taking
one, the supply's cards; choosing a dedication, the market's three dedications.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engine.lanterns.components import KIND_CODES
from engine.lanterns.rules import dedications_for
from render import kit
from render.regions import Drawn, Region, offered, rect

from .hand import _hand_boxes, _hand_items
from .market import _MARKET_COMPACT, DEDICATIONS, SUPPLY, _market_boxes
from .panel import _panel_plan, _PanelPlan, panel_png
from .seats import _strip_card_boxes
from .view import _focus, _hand, _seat_infos

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
    if not path:
        found += _turn_regions(view, plan, options)
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


def _turn_regions(view: Mapping[str, Any], plan: _PanelPlan,
                  options: Collection[str] | None) -> list[Region]:
    """The top of a turn besides the tiles: the dedications the viewer's cards allow (one tap
    for one that needs no more choice), their own cards (a discard when cards must go, else
    an exchange's card to give), the supply's cards (an exchange) and, in the final round,
    the tray that ends the turn."""
    found: list[Region] = []
    cards = _own_cards(view)
    kinds = {KIND_CODES[d.kind] for d in dedications_for(cards)}
    found += [rect(("d", KIND_KEYS[i]), box) for group, i, box in
              _market_boxes(plan.market, view, _MARKET_COMPACT)
              if group == DEDICATIONS and KIND_KEYS[i] in kinds]
    turn = _mapping(view.get("turn"))
    discarding = "c" in options if options is not None else bool(turn.get("must_discard"))
    supply = _mapping(view.get("supply"))
    offer = [kit.as_int(supply.get(c)) > 0 for c in kit.COLORS]
    if plan.own is not None:
        for i, (_color, box) in enumerate(_strip_card_boxes(plan.own, True)):
            if not cards[i]:
                continue
            if discarding:
                found.append(rect(("c", COLOR_KEYS[i]), box))
            elif any(offer[:i] + offer[i + 1:]):  # something else to take for it
                found.append(rect(("x", COLOR_KEYS[i]), box))
    # the supply's cards begin an exchange too (which card to give is asked next), so one
    # is made by touch even while the own cards discard
    found += [rect(("x",), box) for group, i, box in
              _market_boxes(plan.market, view, _MARKET_COMPACT)
              if group == SUPPLY and offer[i]]
    if plan.end is not None:
        x, y, w, h = plan.end
        found.append(rect(("e",), (x, y, x + w, y + h)))
    return found


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _own_cards(view: Mapping[str, Any]) -> tuple[int, ...]:
    """The viewer's cards by colour (the menu's colour indices); none for a spectator."""
    mine = next((s for s in _seat_infos(view) if s.seat == view.get("viewer")), None)
    return tuple(mine.cards.get(c, 0) if mine else 0 for c in kit.COLORS)


def panel_drawn(view: Mapping[str, Any], *, names: Sequence[str],
                focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
                options: Collection[str] | None = None) -> Drawn:
    """`panel_png` and its regions."""
    return Drawn(panel_png(view, names=names, focus=focus),
                 panel_regions(view, focus=focus, path=path, options=options))
