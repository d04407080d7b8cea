"""Placing by pointing at Rafter Five's panel (issue 34): a point of the picture (where a
drag ended, and where it began) chooses the nearest legal step of the building level shown,
and the controls drawn over the picture (↻ turn the card, ? how risky) press as buttons do.

At a building level a point places what that level places:

* the card (the areas' level, an area's angles, fine-tuning, or a drag that begins on the
  card's ghost at any later level): the camera maps the point back onto what lies on the
  raft (`panel_to_surface`), and the card goes to the nearest of the poses the areas offer
  (the menu's focus lists them, ``poses``: the engine's own legal choices), keeping the
  ghost's angle where an area offers it; the path is the area and angle, ``A<n>r<angle>``;
* the builder (``p<n>``) or the chest (``c<n>``): the place whose number disc the picture
  draws nearest the point.

A point is refused (None) where nothing is placed: off the picture, not a finite number,
over the sky, or at a level that takes no points (taking, where the pieces are tapped).
Nothing here trusts the point: the service then asks the menu for the path chosen, as it
does for any press.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from render.regions import Control, disc

from .panel import PanelPlan, panel_plan
from .raft import _top_center, ghosts
from .regions import ghost_outline, panel_to_raft, panel_to_surface

POSES = "poses"  # the focus key of the poses the areas offer (engine/rafter/menu.py)
TURN, RISK_MARK = "↻", "?"
_AREA = re.compile(r"A([1-9][0-9]*)")
_AREA_ANGLE = re.compile(r"A([1-9][0-9]*)r([0-9]{1,3})")
_PLACE = re.compile(r"([pc])([1-9][0-9]*)")
CONTROL_PX = 56
"""A control's radius in the picture's pixels: some 16 CSS px on a 360 px wide phone,
where the picture is shown at about 0.28 of its size (a finger's width across)."""


def takes_points(focus: Mapping[str, Any] | None) -> bool:
    """Whether the level whose focus this is places something by a point (a building
    level, whose focus lists the poses offered)."""
    return bool(_offered(focus))


def panel_controls(view: Mapping[str, Any], *, focus: Mapping[str, Any] | None = None,
                   path: Sequence[str] = (), options: Collection[str] | None = None,
                   ) -> tuple[Control, ...]:
    """The controls drawn over `panel_png(view, focus=focus)` at the level at `path`: turn
    the card to its area's next angle (where the ghost stands in an area of more than one),
    and How risky? where the level offers it."""
    plan = panel_plan(view, focus)
    found: list[Control] = []
    turned = _turned(focus, path)
    if turned is not None:
        found.append(Control(TURN, disc((), _corner(plan, 0), CONTROL_PX).polygon,
                             path=turned))
    if options is not None and "risk" in options and "go" in options:
        found.append(Control(RISK_MARK, disc((), _corner(plan, 1), CONTROL_PX).polygon,
                             key="risk"))
    return tuple(found)


def panel_pick(view: Mapping[str, Any], point: tuple[float, float], *,
               focus: Mapping[str, Any] | None = None, path: Sequence[str] = (),
               options: Collection[str] = (),
               start: tuple[float, float] | None = None) -> tuple[str, ...] | None:
    """The menu path that picture point `point` of `panel_png(view, focus=focus)` chooses at
    the level at `path` (whose options have the keys `options`), for a drag that began at
    `start` (None: a tap); None where it chooses nothing (see the module's notes)."""
    poses = _offered(focus)
    if not poses:
        return None
    plan = panel_plan(view, focus)
    start = point if start is None else start
    if not (_in_picture(point, plan) and _in_picture(start, plan)):
        return None
    places = sorted({m[1] for key in options if (m := _PLACE.fullmatch(key))})
    ghost = ghost_outline(plan)
    moving = ghost is not None and ghost.contains(*start) and start != point
    if places and not moving:
        return _nearest_place(plan, point, path, options, places[0])
    target = point
    if moving:
        assert ghost is not None
        gx, gy = plan.raft.to_px(*_top_center(ghosts(plan.focus, plan.stage, [])[0]
                                              .pieces[0][0]))
        bx, by, bw, bh = plan.raft.box  # the card's centre, kept in the raft's area
        target = (min(max(gx + point[0] - start[0], bx), bx + bw),
                  min(max(gy + point[1] - start[1], by), by + bh))
    elif not _card_level(path, options):
        return None
    return _nearest_pose(view, focus, plan, target, poses)


# --- the parts --------------------------------------------------------------------------


Offered = dict[int, list[tuple[int, float, float]]]


def _offered(focus: Mapping[str, Any] | None) -> Offered:
    """{area: [(angle, x, y), ...]} from the focus; whatever is malformed is left out."""
    raw = focus.get(POSES) if isinstance(focus, Mapping) else None
    found: Offered = {}
    for entry in raw if isinstance(raw, list) else ():
        if not (isinstance(entry, list) and len(entry) == 2 and _whole(entry[0])
                and isinstance(entry[1], list)):
            continue
        found[entry[0]] = [(a, float(x), float(y)) for item in entry[1]
                           if isinstance(item, list) and len(item) == 3
                           for a, x, y in (item,) if _whole(a) and _finite(x) and _finite(y)]
    return {n: poses for n, poses in found.items() if poses}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def _in_picture(p: tuple[float, float], plan: PanelPlan) -> bool:
    width, height = plan.size
    return len(p) == 2 and all(_finite(v) for v in p) \
        and 0 <= p[0] < width and 0 <= p[1] < height


def _corner(plan: PanelPlan, n: int) -> tuple[float, float]:
    """The centre of the `n`th control, down the raft area's right edge from its top."""
    bx, by, bw, _ = plan.raft.box
    return bx + bw - 1.4 * CONTROL_PX, by + 1.4 * CONTROL_PX + n * 2.6 * CONTROL_PX


def _turned(focus: Mapping[str, Any] | None, path: Sequence[str]) -> tuple[str, ...] | None:
    """The path of the card turned to its area's next angle, at its area's angles or the
    builder's places (a later level would lose the places chosen); None where it cannot
    turn (no area chosen, a fine-tuned pose, an area of one angle)."""
    if len(path) != 1 or not isinstance(focus, Mapping) or not isinstance(focus.get("ghost"), Mapping):
        return None
    head = path[0]
    if m := _AREA_ANGLE.fullmatch(head):
        area, angle = int(m[1]), int(m[2])
    elif m := _AREA.fullmatch(head):
        yaw = focus["ghost"].get("yaw")
        area, angle = int(m[1]), round(yaw) % 180 if _finite(yaw) else -1
    else:
        return None
    angles = [a for a, _, _ in _offered(focus).get(area, [])]
    if len(angles) < 2 or angle not in angles:
        return None
    return (f"A{area}r{angles[(angles.index(angle) + 1) % len(angles)]}",)


def _card_level(path: Sequence[str], options: Collection[str]) -> bool:
    """The level places the card: the areas, an area's angles, or fine-tuning."""
    return not path or any(_AREA.fullmatch(k) or _AREA_ANGLE.fullmatch(k) or k == "ok"
                           or k.startswith("L") for k in options) and not any(
        _PLACE.fullmatch(k) for k in options)


def _nearest_place(plan: PanelPlan, point: tuple[float, float], path: Sequence[str],
                   options: Collection[str], prefix: str) -> tuple[str, ...] | None:
    """The builder's or chest's place whose disc is drawn nearest the point."""
    g, _ = ghosts(plan.focus, plan.stage, [])
    spots = g.numbers[len(plan.focus.targets):]
    drawn = [(math.dist(point, plan.raft.to_px(*at)), n) for n, at in spots
             if f"{prefix}{n}" in options]
    if not drawn:
        return None
    return (*path, f"{prefix}{min(drawn)[1]}")


def _nearest_pose(view: Mapping[str, Any], focus: Mapping[str, Any] | None, plan: PanelPlan,
                  target: tuple[float, float], poses: Offered) -> tuple[str, ...] | None:
    """The area and angle of the offered pose nearest where the picture point shows."""
    at = panel_to_surface(view, target, focus=focus)
    flat = at[:2] if at is not None else panel_to_raft(view, target, focus=focus)
    if flat is None:
        return None
    ghost = plan.focus.ghost
    angle = None if ghost is None else round(ghost.yaw) % 180
    keeping = [(n, a, x, y) for n, offered in poses.items() for a, x, y in offered
               if a == angle]
    # the ghost's angle where an area offers it; else each area's first angle
    candidates = keeping or [(n, *offered[0]) for n, offered in poses.items()]
    _, n, a = min((math.dist(flat, (x, y)), n, a) for n, a, x, y in candidates)
    return (f"A{n}r{a}",)

