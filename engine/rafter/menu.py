"""The choice tree a Rafter Five player walks with buttons, one level per call.

Taking: ``t<r>`` picks a rafter; one from the sea is taken at once, one on the raft offers
``go`` (lift it now) and ``risk`` (how risky is lifting it?, then Confirm).

Building: a ghost lumber card starts on a legal spot near the last card (the empty path)
and is moved by nudges, each of which *replaces* the pose key ``L<x><y><angle>`` (three
base-36 pairs) at the head of the path, so nudging never makes the path longer; ``ok``
accepts the pose. Then the rafter's spot (``a<n>`` along the card, ``x<n>`` across), the
chest's spot (``c<n>``), and ``go`` or ``risk``:

    (pose?, "ok", "a5", "c2", "go")

The pictures number the spots as the buttons do; `focus` tells them where the ghosts are.
"""

from __future__ import annotations

from typing import Any

from ..core import Label, Malformed, Menu, Option
from .actions import REACH_MM, Build, Take
from .config import CONFIG
from .layout import SPOTS, card_to_raft, spot_u
from .legality import candidates, chest_spot_ok, lumber_problem, rafter_spot_ok
from .physics import RaftProbe
from .risk import lift_risk, placement_risk
from .rules import build_placements, takeable
from .scene import LUMBER, RAFTER
from .state import OVER, TAKE, RafterState
from .tremor import derive_seed

OK, GO, RISK = "ok", "go", "risk"
FINE_MM, COARSE_MM = 2, 10
FINE_DEG, COARSE_DEG = 3, 15
NUDGES: tuple[tuple[str, int, int, int], ...] = (
    # (arrow, dx, dy, turn): coarse moves, fine moves, then turns (counter-clockwise first)
    ("◀", -COARSE_MM, 0, 0), ("▶", COARSE_MM, 0, 0), ("▲", 0, COARSE_MM, 0), ("▼", 0, -COARSE_MM, 0),
    ("◀", -FINE_MM, 0, 0), ("▶", FINE_MM, 0, 0), ("▲", 0, FINE_MM, 0), ("▼", 0, -FINE_MM, 0),
    ("↺", 0, 0, COARSE_DEG), ("↻", 0, 0, -COARSE_DEG), ("↺", 0, 0, FINE_DEG), ("↻", 0, 0, -FINE_DEG),
)
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"

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
    action = Take(rafter).encode()
    focus = {"take": [rafter]}
    title = Label("rafter-menu-lift", {"rafter": _rafter_name(rafter)})
    if rafter in state.sea_rafters:
        if len(path) > 1:
            raise Malformed("path too long")
        return Menu(title, action=action, instant=True, focus=focus)
    if len(path) == 1:
        return Menu(title, (Option(GO, Label("rafter-opt-lift")),
                            Option(RISK, Label("rafter-opt-risk"))), focus=focus)
    if len(path) > 2 or path[1] not in (GO, RISK):
        raise Malformed("unknown step")
    if path[1] == GO:
        return Menu(title, action=action, instant=True, focus=focus)
    level = lift_risk(state.scene, f"{RAFTER}{rafter}",
                      seed=derive_seed(state.seed, state.version, "risk"))
    return Menu(title, action=action, preview=(Label(f"rafter-risk-{level.value}"),), focus=focus)


def _index(key: str, prefix: str, allowed: tuple[int, ...] | range) -> int:
    body = key[len(prefix):]
    if not key.startswith(prefix) or not body.isdigit() or int(body) not in allowed:
        raise Malformed(f"not offered: {key!r}")
    return int(body)


# --- building ----------------------------------------------------------------------------


def default_pose(state: RafterState) -> Pose:
    """Where the ghost card starts: the legal coarse pose nearest the newest card on the
    raft (the raft's centre before the first)."""
    assert state.card is not None
    found = candidates(state.scene, state.card, state.options.advanced)
    cards = state.scene.of_kind(LUMBER)
    if not cards or not found:
        return found[0] if found else (0, 0, 0)
    x, y, _ = cards[-1].pose.pos
    return min(found, key=lambda p: ((p[0] - x) ** 2 + (p[1] - y) ** 2, p))


def _building(state: RafterState, path: tuple[str, ...]) -> Menu:
    if path and path[0] != OK:
        pose = pose_from_key(path[0])
        rest = path[1:]
        if rest and rest[0] != OK:
            raise Malformed("a card pose is followed by ok")
        rest = rest[1:]
        if len(path) == 1:
            return _pose_level(state, pose)
    else:
        pose = default_pose(state)
        if not path:
            return _pose_level(state, pose)
        rest = path[1:]
    if _pose_problem(state, pose) is not None:
        raise Malformed("the card may not go there")
    if not rest:
        return _rafter_level(state, pose)
    rafter_spot, across = _rafter_spot(state, rest[0])
    if len(rest) == 1:
        return _chest_level(state, pose, rafter_spot, across)
    chest_spot = _index(rest[1], "c", range(1, SPOTS + 1))
    assert state.card is not None and state.held is not None
    if not chest_spot_ok(state.card, state.held, rafter_spot, across, chest_spot,
                         advanced=state.options.advanced):
        raise Malformed("chest spot not offered")
    build = Build(*pose, rafter_spot, across, chest_spot)
    focus = _focus(state, pose, build=build)
    title = Label("rafter-menu-ready")
    if len(rest) == 2:
        return Menu(title, (Option(GO, Label("rafter-opt-build")),
                            Option(RISK, Label("rafter-opt-risk"))), focus=focus)
    if len(rest) > 3 or rest[2] not in (GO, RISK):
        raise Malformed("unknown step")
    if rest[2] == GO:
        return Menu(title, action=build.encode(), instant=True, focus=focus)
    level = placement_risk(state.scene, build_placements(state, build),
                           seed=derive_seed(state.seed, state.version, "risk"))
    return Menu(title, action=build.encode(), preview=(Label(f"rafter-risk-{level.value}"),),
                focus=focus)


def _pose_problem(state: RafterState, pose: Pose) -> str | None:
    assert state.card is not None
    return lumber_problem(RaftProbe(state.scene, CONFIG), state.card, *pose,
                          advanced=state.options.advanced)


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


def _rafter_spot(state: RafterState, key: str) -> tuple[int, bool]:
    if len(key) != 2 or key[0] not in "ax" or not key[1].isdigit():
        raise Malformed(f"not a rafter spot: {key!r}")
    spot, across = int(key[1]), key[0] == "x"
    assert state.card is not None and state.held is not None
    if not rafter_spot_ok(state.card, state.held, spot, across, advanced=state.options.advanced):
        raise Malformed("rafter spot not offered")
    return spot, across


def _rafter_level(state: RafterState, pose: Pose) -> Menu:
    assert state.card is not None and state.held is not None
    advanced = state.options.advanced
    options = []
    for across in (False, True):
        for spot in range(1, SPOTS + 1):
            if rafter_spot_ok(state.card, state.held, spot, across, advanced=advanced) and any(
                    chest_spot_ok(state.card, state.held, spot, across, c, advanced=advanced)
                    for c in range(1, SPOTS + 1)):
                key = f"{'x' if across else 'a'}{spot}"
                options.append(Option(key, Label("rafter-opt-across" if across
                                                 else "rafter-opt-along", {"n": spot})))
    return Menu(Label("rafter-menu-rafter", {"rafter": _rafter_name(state.held)}),
                tuple(options), focus=_focus(state, pose, spots=True))


def _chest_level(state: RafterState, pose: Pose, rafter_spot: int, across: bool) -> Menu:
    assert state.card is not None and state.held is not None
    options = tuple(
        Option(f"c{c}", Label("rafter-opt-spot", {"n": c})) for c in range(1, SPOTS + 1)
        if chest_spot_ok(state.card, state.held, rafter_spot, across, c,
                         advanced=state.options.advanced))
    if not options:
        raise Malformed("no chest spot beside that rafter spot")
    build = Build(*pose, rafter_spot, across, 1)  # any chest spot: only the rafter is shown
    return Menu(Label("rafter-menu-chest"), options,
                focus=_focus(state, pose, build=build, spots=True, with_chest=False))


def _focus(state: RafterState, pose: Pose, *, legal: bool = True, build: Build | None = None,
           spots: bool = False, with_chest: bool = True) -> dict[str, Any]:
    x, y, angle = pose
    focus: dict[str, Any] = {"ghost": {"x": x, "y": y, "yaw": angle, "card": state.card,
                                       "legal": legal}}
    if spots:
        focus["spots"] = [[n, *card_to_raft(spot_u(n), 0.0, x, y, angle)]
                          for n in range(1, SPOTS + 1)]
    if build is not None:
        _card, rafter, chest = build_placements(state, build)
        focus["rafter"] = {"variant": rafter.variant, "x": rafter.x, "y": rafter.y,
                           "yaw": rafter.yaw_deg}
        if with_chest:
            focus["chest"] = {"color": chest.variant, "x": chest.x, "y": chest.y}
    return focus
