"""Where a Lighthouse panel's choices are (`render.regions`), from the panel's own layout.

By the menu path drawn (`engine.lighthouse.menu`): at the top of a turn the tokens of the
tray; with a token chosen, each empty cell of either zone (its zone, then its number, in one
tap); with a zone chosen, its offered cells, by number.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from render.regions import Drawn, Region, offered, rect

from .panel import _panel_plan, panel_png
from .tray import _tray_slots
from .view import _focus, _hand, _zones

ZONE_KEYS = ("r", "b")  # the menu's keys of the two zones, in the pictures' order


def panel_regions(view: Mapping[str, Any], *, focus: Mapping[str, Any] | None = None,
                  path: Sequence[str] = (), options: Collection[str] | None = None,
                  ) -> tuple[Region, ...]:
    """The regions of `panel_png(view, focus=focus)` drawn for the menu level at `path`
    whose options have the keys `options` (None: not known, every region it could be)."""
    plan = _panel_plan(view)
    geo = plan.geometry
    path = tuple(path)
    found: list[Region] = []
    if not path:
        hand = _hand(view)
        size, places = _tray_slots(plan.tray, len(hand))
        found += [rect((str(value),), (left, top, left + size, top + size))
                  for value, (left, top) in zip(hand, places)]
    elif len(path) == 1:
        zones = _zones(view)
        for z, key in enumerate(ZONE_KEYS):
            cells = [i for i, token in enumerate(zones[z]) if token is None] if z < len(zones) \
                else []
            found += [rect((key, str(i + 1)), geo.cell_box(z, i)) for i in cells]
    elif len(path) == 2:
        f = _focus(focus)
        if f.zone is not None:
            found += [rect((str(i + 1),), geo.cell_box(f.zone, i)) for i in f.cells]
    return offered(found, options)


def panel_drawn(view: Mapping[str, Any], *, names: Sequence[str],
                focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
                options: Collection[str] | None = None) -> Drawn:
    """`panel_png` and its regions."""
    return Drawn(panel_png(view, names=names, focus=focus),
                 panel_regions(view, focus=focus, path=path, options=options))
