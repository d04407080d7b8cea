"""Where a Rafter Five panel's choices are (`render.regions`), and the camera's way back from
a picture point to the raft, both from the panel's own plan and camera.

By the menu (`engine.rafter.menu`): taking, the rafters that may be taken (``t<r>``) and the
face-up sea cards offered (``w<card>``), each as the outline the camera sees; building, the
numbered discs the picture draws: target areas (``A<n>``), then the builder's places
(``p<n>``), then the chest's (``c<n>``). Placing a card by dragging needs no region: the
client sends a picture point, `panel_to_raft` turns it into a raft point with the same
camera, and the server snaps that to the nearest legal pose (`panel_to_surface`: the
point on top of what lies on the raft there, where the eye's ray through it meets it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from render.regions import Drawn, Region, disc, hull, offered

from .camera import depth
from .geometry import Placed
from .labels import disc_radius, readable_px
from .panel import PanelPlan, panel_plan, panel_png
from .raft import _surface, _top_center, ghosts
from .stage import HALF_X, HALF_Y
from .theme import PANEL_WIDTH

_RAFTER_PLACE = re.compile(r"p[0-9]+")


def panel_regions(view: Mapping[str, Any], *, focus: Mapping[str, Any] | None = None,
                  path: Sequence[str] = (), options: Collection[str] | None = None,
                  ) -> tuple[Region, ...]:
    """The regions of `panel_png(view, focus=focus)` drawn for the menu level at `path`
    whose options have the keys `options` (None: not known, every region it could be)."""
    plan = panel_plan(view, focus)
    rv, f, st = plan.raft, plan.focus, plan.stage
    bx, by, bw, bh = rv.box

    def seen(points: Iterable[Sequence[Any]]) -> list[tuple[float, float]]:
        """Raft points (x, y, z) in the picture; picture points already (x, y, None)."""
        return [_inside(rv.to_px(*p) if p[2] is not None else (p[0], p[1]), rv.box)
                for p in points]

    radius = disc_radius(readable_px(PANEL_WIDTH))

    def piece(key: str, q: Placed) -> Region:
        """A piece as the camera sees it, with the number disc drawn on its top."""
        corners = seen(c for b in q.boxes for c in b.corners)
        number = disc((key,), rv.to_px(*_top_center(q)), radius).polygon
        return hull((key,), corners + seen((x, y, None) for x, y in number))

    rafters, cards = st.rafters(), st.cards_in_sea()
    pieces = [(f"t{rid}", rafters[rid].placed) for rid in f.take if rid in rafters]
    pieces += [(f"w{card}", cards[card].placed) for card in f.wood if card in cards]
    pieces.sort(key=lambda kq: -depth(_top_center(kq[1])))  # the farthest first
    found = [piece(key, q) for key, q in pieces]
    g, _ = ghosts(f, st, [])
    chest = any(_RAFTER_PLACE.fullmatch(key) for key in path)
    prefixes = ["A"] * len(f.targets) + ["c" if chest else "p"] * len(f.spots)
    centres = [(f"{prefix}{n}", rv.to_px(*at)) for prefix, (n, at) in zip(prefixes, g.numbers)]
    centres = [(key, (x, y)) for key, (x, y) in centres
               if bx <= x <= bx + bw and by <= y <= by + bh]
    for key, (x, y) in centres:
        # discs drawn close together overlap a little: each region keeps to its own half
        nearest = min((math.dist((x, y), c) for other, c in centres if other != key),
                      default=2 * radius)
        shape = disc((key,), (x, y), min(radius, nearest / 2 - 1))
        found.append(Region(shape.keys, tuple(
            (round(px), round(py)) for px, py in (_inside(q, rv.box) for q in shape.polygon))))
    lifted = [shape for (key, _), shape in zip(pieces, found) if key.startswith("t")]
    found += _chosen_here(view, focus, lifted, path, options)
    return offered(found, options)


def _chosen_here(view: Mapping[str, Any], focus: Mapping[str, Any] | None,
                 rafters: Sequence[Region], path: Sequence[str],
                 options: Collection[str] | None) -> list[Region]:
    """The thing the level is about, as a region of the option that goes on with it: a new
    card, the face-down pile; fine-tuning, the ghost (Here); at an area's angles, the ghost
    (at the first angle, as drawn); building or lifting, the ghost card or the rafter lifted
    (Build, Lift; How risky? is a control, render/rafter/drag.py)."""
    if not options:
        return []
    if "n" in options:  # a new card: the face-down pile in the sea
        pile = [q for q in panel_plan(view, focus).stage.items if q.kind == "pile"]
        rv = panel_plan(view, focus).raft
        corners = [_inside(rv.to_px(*c), rv.box) for q in pile for b in q.placed.boxes
                   for c in b.corners]
        return [hull(("n",), corners)] if len(corners) >= 3 else []
    if "ok" in options:  # fine-tuning: the ghost, where it may go, accepts the pose
        shown = ghost_region(view, "ok", focus=focus)
        return [shown] if shown is not None else []
    if "go" in options:
        if rafters:
            return [Region(("go",), r.polygon) for r in rafters]
        shown = ghost_region(view, "go", focus=focus)
        return [shown] if shown is not None else []
    ghost = focus.get("ghost") if isinstance(focus, Mapping) else None
    if len(path) == 1 and isinstance(ghost, Mapping) and isinstance(ghost.get("yaw"), int):
        key = f"{path[0]}r{ghost['yaw'] % 180}"
        if key in options:
            shown = ghost_region(view, key, focus=focus)
            return [shown] if shown is not None else []
    return []


def ghost_outline(plan: PanelPlan) -> Region | None:
    """The focus's ghost card as the camera sees it (None: no ghost), keyed by nothing."""
    if plan.focus.ghost is None:
        return None
    g, _ = ghosts(plan.focus, plan.stage, [])
    card = g.pieces[0][0]
    rv = plan.raft
    return hull(("",), [_inside(rv.to_px(*c), rv.box) for b in card.boxes for c in b.corners])


def ghost_region(view: Mapping[str, Any], key: str, *,
                 focus: Mapping[str, Any] | None = None) -> Region | None:
    """The card's ghost as the camera sees it, choosing `key` (None: no ghost drawn)."""
    outline = ghost_outline(panel_plan(view, focus))
    return None if outline is None else Region((key,), outline.polygon)


def _inside(p: tuple[float, float], box: tuple[int, int, int, int]) -> tuple[float, float]:
    """`p` moved into `box` (the raft's area of the picture: nothing is drawn beyond it)."""
    x, y, w, h = box
    return min(max(p[0], x), x + w - 1), min(max(p[1], y), y + h - 1)


def panel_to_raft(view: Mapping[str, Any], point: tuple[float, float], *,
                  focus: Mapping[str, Any] | None = None,
                  height: float = 0.0) -> tuple[float, float] | None:
    """The raft point (x, y in mm) that picture point `point` of `panel_png(view,
    focus=focus)` shows on the plane `height` mm above the raft card's top; None for a point
    outside the raft's area of the picture or above the horizon."""
    rv = panel_plan(view, focus).raft
    x, y, w, h = rv.box
    if not (x <= point[0] <= x + w and y <= point[1] <= y + h):
        return None
    return rv.to_raft(point[0], point[1], height)


def panel_to_surface(view: Mapping[str, Any], point: tuple[float, float], *,
                     focus: Mapping[str, Any] | None = None,
                     ) -> tuple[float, float, float] | None:
    """The raft point (x, y, z in mm) that picture point `point` of `panel_png(view,
    focus=focus)` shows on the top of what lies on the raft (the raft card's top at worst):
    where a card dragged to that point would come to rest under the finger. None outside
    the raft's area of the picture or where the eye's ray misses the raft card."""
    plan = panel_plan(view, focus)
    rv, items = plan.raft, plan.stage.items
    x, y, w, h = rv.box
    if not (x <= point[0] <= x + w and y <= point[1] <= y + h):
        return None
    tops = [q.placed.top for q in items if q.kind == "raft"]

    def below(z: float) -> tuple[float, float] | None:
        """The ray's point at height z if it is at or under the surface there."""
        at = rv.to_raft(point[0], point[1], z)
        return at if at is not None and _surface(items, *at) >= z else None

    # down the eye's ray in half-millimetre steps from above everything, then halving
    high, step = max([0.0, *tops]) + 1.0, 0.5
    z = high
    while z > 0.0 and below(z) is None:
        z -= step
    if z <= 0.0:
        at = rv.to_raft(point[0], point[1], 0.0)
        return None if at is None or not _on_raft(at) else (at[0], at[1], 0.0)
    lo, hi = z, min(high, z + step)
    for _ in range(12):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if below(mid) is not None else (lo, mid)
    at = rv.to_raft(point[0], point[1], lo)
    assert at is not None
    return at[0], at[1], lo


def _on_raft(at: tuple[float, float]) -> bool:
    return abs(at[0]) <= HALF_X and abs(at[1]) <= HALF_Y


def panel_drawn(view: Mapping[str, Any], *, names: Sequence[str],
                focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
                options: Collection[str] | None = None) -> Drawn:
    """`panel_png` and its regions."""
    return Drawn(panel_png(view, names=names, focus=focus),
                 panel_regions(view, focus=focus, path=path, options=options))
