"""The choice tree a Rafter Five player walks with buttons, one level per call.

Taking: ``t<r>`` picks a rafter. When lumber lies wood side up in the sea, the card comes
next: ``n`` a new one (face down) or ``w<card>`` that one. A rafter from the sea is then
taken at once; one on the raft offers ``go`` (lift it now) and ``risk`` (how risky is
lifting it?, then Confirm).

Building goes coarse to fine, a press a step, so a placement takes five presses:

1. ``A<n>``: a numbered target area for the card (`areas`: the legal poses in up to nine
   areas, their numbers drawn on the picture);
2. ``A<n>r<angle>``: which way the card lies there, from the angles legal in that area (it
   *replaces* the area's key: one key says where the card goes);
3. ``p<n>``: the rafter's place on the card, numbered on the picture (along or across it,
   the ends hanging over, or across hanging over a side);
4. ``c<n>``: the chest's place likewise;
5. ``go`` (build) or ``risk`` (how risky?, then Confirm).

Fine-tuning the card is optional: at step 3 the card's own pose key ``L<x><y><angle>``
(three base-36 pairs) replaces the area's key and opens the nudges, each of which replaces
it again, so nudging never makes the path longer; ``ok`` accepts the pose and step 3
follows. Paths stay within five keys:

    ("A3r90", "p2", "c7", "go")
    ("L445x7n", "ok", "p2", "c7", "go")

The pictures number the areas and places as the buttons do; `focus` tells them where, and
at every building level what poses the areas offer (``poses``), so that a card dragged on
the web's picture lands on the nearest of them (render/rafter/drag.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core import Label, Malformed, Menu, Option
from .actions import REACH_MM, Build, Take
from .areas import Area, area_of, areas
from .config import CONFIG
from .layout import card_to_raft
from .legality import (
    CHEST_PLACES,
    FINE_GRID,
    RAFTER_PLACES,
    chest_place_ok,
    lumber_problem,
    rafter_place_ok,
)
from .probe import RaftProbe, probe_for
from .risk import lift_risk, placement_risk
from .rules import build_placements, takeable
from .scene import LUMBER, RAFTER, Scene
from .state import OVER, TAKE, RafterState
from .tremor import derive_seed

OK, GO, RISK, NEW = "ok", "go", "risk", "n"
FINE_MM, COARSE_MM = 2, 10
FINE_DEG, COARSE_DEG = 3, 15
NUDGES: tuple[tuple[str, int, int, int], ...] = (
    # (arrow, dx, dy, turn): coarse moves, fine moves, then turns (counter-clockwise first)
    ("◀", -COARSE_MM, 0, 0), ("▶", COARSE_MM, 0, 0), ("▲", 0, COARSE_MM, 0), ("▼", 0, -COARSE_MM, 0),
    ("◀", -FINE_MM, 0, 0), ("▶", FINE_MM, 0, 0), ("▲", 0, FINE_MM, 0), ("▼", 0, -FINE_MM, 0),
    ("↺", 0, 0, COARSE_DEG), ("↻", 0, 0, -COARSE_DEG), ("↺", 0, 0, FINE_DEG), ("↻", 0, 0, -FINE_DEG),
)
ANGLE_MARKS = {0: "—", 45: "⟋", 90: "|", 135: "⟍"}  # how a card at that angle looks from above
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
POSES = "poses"
"""A building level's focus key: the poses the areas offer, for placing by dragging."""

Pose = tuple[int, int, int]


def pose_key(pose: Pose) -> str:
    """The menu key of a card pose (x, y in mm, angle in degrees).

    >>> pose_key((-52, 13, 275))
    'L445x7n'
    """
    x, y, angle = pose
    return "L" + "".join(_B36[n // 36] + _B36[n % 36] for n in (x + REACH_MM, y + REACH_MM, angle))


def pose_from_key(key: str) -> Pose:
    """The card pose of a menu key; `Malformed` for anything else.

    >>> pose_from_key("L445x7n")
    (-52, 13, 275)
    """
    if len(key) != 7 or key[0] != "L" or any(c not in _B36 for c in key[1:]):
        raise Malformed(f"not a card pose: {key!r}")
    x, y, angle = (_B36.index(key[i]) * 36 + _B36.index(key[i + 1]) for i in (1, 3, 5))
    x, y = x - REACH_MM, y - REACH_MM
    if max(abs(x), abs(y)) > REACH_MM or angle >= 360:
        raise Malformed(f"a card pose out of reach: {key!r}")
    return x, y, angle


def menu(state: RafterState, seat: int, path: tuple[str, ...]) -> Menu:
    if state.phase == OVER or seat != state.current:
        if path:
            raise Malformed("no choices now")
        if state.phase == OVER:
            return Menu(Label("rafter-menu-over"))
        return Menu(Label("rafter-menu-wait", {"current_seat": state.current}))
    if state.phase == TAKE:
        return _taking(state, path)
    return _building(state, path)


# --- taking ------------------------------------------------------------------------------


def _rafter_name(rafter: int) -> str:
    return f"rafter-name-{CONFIG.rafters[rafter].name}"


def _taking(state: RafterState, path: tuple[str, ...]) -> Menu:
    allowed = takeable(state)
    if not path:
        return Menu(Label("rafter-menu-take"), tuple(
            Option(f"t{r}", Label("rafter-opt-take-sea" if r in state.sea_rafters
                                  else "rafter-opt-take", {"rafter": _rafter_name(r),
                                                           "number": r + 1}))
            for r in allowed), focus={"take": list(allowed)})
    rafter = _index(path[0], "t", allowed)
    rest = path[1:]
    wood: int | None = None
    if state.sea_wood:  # the card first: a new one, or one lying wood side up
        if not rest:
            return _card_level(state, rafter)
        wood = None if rest[0] == NEW and state.sea_lumber else _index(rest[0], "w",
                                                                       state.sea_wood)
        rest = rest[1:]
    action = Take(rafter, wood).encode()
    focus: dict[str, Any] = {"take": [rafter]}
    if wood is not None:
        focus["wood"] = [wood]
    title = Label("rafter-menu-lift", {"rafter": _rafter_name(rafter)})
    if rafter in state.sea_rafters:
        if rest:
            raise Malformed("path too long")
        return Menu(title, action=action, instant=True, focus=focus)
    if not rest:
        return Menu(title, (Option(GO, Label("rafter-opt-lift")),
                            Option(RISK, Label("rafter-opt-risk"))), focus=focus)
    if len(rest) > 1 or rest[0] not in (GO, RISK):
        raise Malformed("unknown step")
    if rest[0] == GO:
        return Menu(title, action=action, instant=True, focus=focus)
    level = lift_risk(state.scene, f"{RAFTER}{rafter}",
                      seed=derive_seed(state.seed, state.version, "risk"))
    return Menu(title, action=action, preview=(Label(f"rafter-risk-{level.value}"),), focus=focus)


def _card_level(state: RafterState, rafter: int) -> Menu:
    """A new card from the sea, or one lying wood side up (numbered as the picture shows
    them, in the order they fell)."""
    options = [Option(NEW, Label("rafter-opt-card-new"))] if state.sea_lumber else []
    options += [Option(f"w{card}", Label("rafter-opt-card-wood", {"number": n}))
                for n, card in enumerate(state.sea_wood, 1)]
    return Menu(Label("rafter-menu-card"), tuple(options),
                focus={"take": [rafter], "wood": list(state.sea_wood)})


def _index(key: str, prefix: str, allowed: Sequence[int] | range) -> int:
    body = key[len(prefix):]
    if not key.startswith(prefix) or not body.isdigit() or int(body) not in allowed:
        raise Malformed(f"not offered: {key!r}")
    return int(body)


# --- building ----------------------------------------------------------------------------


def _areas(state: RafterState) -> tuple[Area, ...]:
    assert state.card is not None
    return areas(state.scene, state.card, state.options.advanced)


def default_pose(state: RafterState) -> Pose:
    """The pose of area 1 at its first angle: where a player pressing the first buttons
    puts the card."""
    first = _areas(state)[0]
    return first.pose_at(first.angles[0])


def path_to(state: RafterState, pose: Pose) -> tuple[str, ...]:
    """The menu path that aims the card at `pose`, ready for the rafter's place: its area
    and angle when that is the pose the area offers, else the fine-tuned pose."""
    found = _areas(state)
    n = area_of(found, pose)
    if n and found[n - 1].pose_at(pose[2] % 180) == pose:
        return (f"A{n}r{pose[2]}",)
    return (pose_key(pose), OK)


_AREA_ANGLE = re.compile(r"A([1-9])r(0|[1-9][0-9]{0,2})")


def _building(state: RafterState, path: tuple[str, ...]) -> Menu:
    """A building level, its focus also holding the poses every area offers (`POSES`)."""
    built = _building_level(state, path)
    if built.action is not None:
        return built
    return replace(built, focus={**built.focus, POSES: _offered_poses(_areas(state))})


def _offered_poses(found: tuple[Area, ...]) -> list[list[Any]]:
    """[[n, [[angle, x, y], ...]], ...]: the pose area n offers at each of its angles, the
    legal poses a card dragged on the picture snaps to (render/rafter/drag.py)."""
    return [[n, [[a, *area.pose_at(a)[:2]] for a in area.angles]]
            for n, area in enumerate(found, 1)]


def _building_level(state: RafterState, path: tuple[str, ...]) -> Menu:
    found = _areas(state)
    if not path:
        return _area_level(found)
    head, rest = path[0], path[1:]
    tuned = head.startswith("L")
    if tuned:  # fine-tuning: the nudges replace the pose key until `ok`
        pose = pose_from_key(head)
        if not rest:
            return _pose_level(state, pose)
        if rest[0] != OK:
            raise Malformed("a card pose is followed by ok")
        if _pose_problem(state, pose) is not None:
            raise Malformed("the card may not go there")
        rest = rest[1:]
    elif match := _AREA_ANGLE.fullmatch(head):
        area = _area(found, match[1])
        pose = area.pose_at(_index(f"r{match[2]}", "r", area.angles))
    else:
        if rest:
            raise Malformed("an area is followed by its angle")
        return _angle_level(state, _area(found, _index(head, "A", range(1, 10))), head)
    if not rest:
        return _rafter_level(state, pose, tuned)
    rafter = _rafter_place(state, rest[0])
    if len(rest) == 1:
        return _chest_level(state, pose, rafter)
    chest = CHEST_PLACES[_index(rest[1], "c", _chest_numbers(state, rafter)) - 1]
    build = Build(*pose, *rafter, *chest)
    focus = _focus(state, pose, build=build)
    title = Label("rafter-menu-ready")
    if len(rest) == 2:
        return Menu(title, (Option(GO, Label("rafter-opt-build")),
                            Option(RISK, Label("rafter-opt-risk"))), focus=focus)
    if len(rest) > 3 or rest[2] not in (GO, RISK):
        raise Malformed("unknown step")
    if rest[2] == GO:
        return Menu(title, action=build.encode(), instant=True, focus=focus)
    card, rafter_piece, chest_piece = build_placements(state, build)
    level = placement_risk(state.scene, (card, rafter_piece), then=(chest_piece,),
                           seed=derive_seed(state.seed, state.version, "risk"))
    return Menu(title, action=build.encode(), preview=(Label(f"rafter-risk-{level.value}"),),
                focus=focus)


def _area_level(found: tuple[Area, ...]) -> Menu:
    return Menu(Label("rafter-menu-area"), tuple(
        Option(f"A{n}", Label("rafter-opt-area", {"n": n})) for n in range(1, len(found) + 1)),
        focus={"targets": [[n, *area.centre] for n, area in enumerate(found, 1)]})


def _area(found: tuple[Area, ...], number: str | int) -> Area:
    if not 1 <= int(number) <= len(found):
        raise Malformed(f"no area {number}")
    return found[int(number) - 1]


def _angle_level(state: RafterState, area: Area, key: str) -> Menu:
    options = tuple(Option(f"{key}r{a}", Label("rafter-opt-angle", {
        "mark": ANGLE_MARKS.get(a, "·"), "deg": a}), replace=True) for a in area.angles)
    focus = _focus(state, area.pose_at(area.angles[0]))
    return Menu(Label("rafter-menu-angle"), options, focus=focus)


def _pose_problem(state: RafterState, pose: Pose) -> str | None:
    assert state.card is not None
    return lumber_problem(_probe(state.scene), state.card, *pose,
                          advanced=state.options.advanced)


def _probe(scene: Scene) -> RaftProbe:
    return probe_for(scene)


def _nudged(pose: Pose, dx: int, dy: int, turn: int) -> Pose:
    x, y, angle = pose
    return (max(-REACH_MM, min(REACH_MM, x + dx)), max(-REACH_MM, min(REACH_MM, y + dy)),
            (angle + turn) % 360)


def _pose_level(state: RafterState, pose: Pose) -> Menu:
    problem = _pose_problem(state, pose)
    options = []
    seen = {pose}
    for arrow, dx, dy, turn in NUDGES:
        moved = _nudged(pose, dx, dy, turn)
        if moved in seen:
            continue
        seen.add(moved)
        label = (Label("rafter-nudge-turn", {"arrow": arrow, "deg": abs(turn)}) if turn
                 else Label("rafter-nudge-move", {"arrow": arrow, "mm": abs(dx or dy)}))
        options.append(Option(pose_key(moved), label, replace=True))
    if problem is None:
        options.append(Option(OK, Label("rafter-opt-here")))
    x, y, angle = pose
    preview = (Label("rafter-pose", {"x": x, "y": y, "angle": angle}),
               Label(problem or "rafter-why-fine"))
    return Menu(Label("rafter-menu-lumber"), tuple(options), preview=preview,
                focus=_focus(state, pose, legal=problem is None))


def _rafter_numbers(state: RafterState) -> tuple[int, ...]:
    """The rafter places offered (numbers 1..): legal, with a legal chest place beside."""
    assert state.card is not None and state.held is not None
    return tuple(n for n, place in enumerate(RAFTER_PLACES, 1)
                 if rafter_place_ok(state.card, state.held, place,
                                    advanced=state.options.advanced)
                 and _chest_numbers(state, place))


def _chest_numbers(state: RafterState, rafter: tuple[int, int, int]) -> tuple[int, ...]:
    assert state.card is not None and state.held is not None
    return tuple(n for n, place in enumerate(CHEST_PLACES, 1)
                 if chest_place_ok(state.card, state.held, rafter, place,
                                   advanced=state.options.advanced))


def _rafter_place(state: RafterState, key: str) -> tuple[int, int, int]:
    return RAFTER_PLACES[_index(key, "p", _rafter_numbers(state)) - 1]


def _rafter_level(state: RafterState, pose: Pose, tuned: bool) -> Menu:
    assert state.held is not None
    numbers = _rafter_numbers(state)
    options = [Option(f"p{n}", Label("rafter-opt-across" if RAFTER_PLACES[n - 1][2]
                                     else "rafter-opt-along", {"n": n})) for n in numbers]
    if not tuned:  # fine-tuning is offered, never required
        options.append(Option(pose_key(pose), Label("rafter-opt-adjust"), replace=True))
    spots = [[n, *card_to_raft(u, v, *pose)] for n, (u, v, _) in
             ((n, RAFTER_PLACES[n - 1]) for n in numbers)]
    return Menu(Label("rafter-menu-rafter", {"rafter": _rafter_name(state.held)}),
                tuple(options), focus=_focus(state, pose, spots=spots))


def _chest_level(state: RafterState, pose: Pose, rafter: tuple[int, int, int]) -> Menu:
    numbers = _chest_numbers(state, rafter)
    options = tuple(Option(f"c{n}", Label("rafter-opt-spot", {"n": n})) for n in numbers)
    build = Build(*pose, *rafter, *CHEST_PLACES[numbers[0] - 1])  # only its rafter is shown
    spots = [[n, *card_to_raft(*CHEST_PLACES[n - 1], *pose)] for n in numbers]
    return Menu(Label("rafter-menu-chest"), options,
                focus=_focus(state, pose, build=build, spots=spots, with_chest=False))


def _landing(state: RafterState, pose: Pose) -> float:
    """The height (raft frame, mm) of the card's bottom where it would land."""
    assert state.card is not None
    hits = _probe(state.scene).surface_under(LUMBER, state.card, *pose, grid=FINE_GRID)
    return round(max(height for _, height in hits), 1) + 0.0  # never -0.0


def _focus(state: RafterState, pose: Pose, *, legal: bool = True, build: Build | None = None,
           spots: list[list[float]] | None = None, with_chest: bool = True) -> dict[str, Any]:
    x, y, angle = pose
    z = _landing(state, pose)
    focus: dict[str, Any] = {"ghost": {"x": x, "y": y, "yaw": angle, "card": state.card,
                                       "legal": legal, "z": z}}
    if spots is not None:
        focus["spots"] = spots
    if build is not None:
        on_top = round(z + CONFIG.lumber.sim_thickness, 1)
        _card, rafter, chest = build_placements(state, build)
        focus["rafter"] = {"variant": rafter.variant, "x": rafter.x, "y": rafter.y,
                           "yaw": rafter.yaw_deg, "z": on_top}
        if with_chest:
            focus["chest"] = {"color": chest.variant, "x": chest.x, "y": chest.y, "z": on_top}
    return focus
