"""The Rafter Five game state: frozen values, the JSON round trip and consistency checks.

The raft itself is a `Scene` of settled poses, stored as they came out of the simulation,
so a restart never simulates a move again. Secret parts, which only `view.view` may
reveal: the game seed (it drives the hand tremor: knowing it would tell what a placement
will do) and the order of the face-down lumber cards in the sea (only their number is
public). Lumber that fell wood side up lies face up in the sea (`sea_wood`): public.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Label, Malformed
from .config import CONFIG
from .layout import START
from .options import Options
from .scene import (
    CHEST,
    LUMBER,
    RAFTER,
    Piece,
    Pose,
    Scene,
    piece_from_dict,
    scene_from_dict,
    scene_to_dict,
    yaw_quat,
)

SCHEMA = 1
TAKE, PLACE, OVER = "take", "place", "over"
PHASES = (TAKE, PLACE, OVER)

Chest = tuple[int, int]
"""A chest as (colour, index within its colour)."""

FRAME_POS_DECIMALS = 1  # animation frames are pictures, not physics: 0.1 mm will do
FRAME_QUAT_DECIMALS = 3


@dataclass(frozen=True)
class SeatState:
    colors: tuple[int, ...]
    supply: tuple[Chest, ...]  # chests still to place, next first
    penalties: tuple[Chest, ...] = ()  # other players' chests on this seat's penalty board
    built: int = 0  # turns completed without anything falling
    start: int = 0  # chests dealt

    @property
    def out(self) -> bool:
        """Out of the game: this many penalties take no more turns."""
        return len(self.penalties) >= CONFIG.penalty_limit


@dataclass(frozen=True)
class LastMove:
    """What the previous move did, for the pictures: the pieces it put down (ids), the
    pieces that fell (as they lay), and, when something fell, the animation frames: each
    frame lists only the pieces that moved during the move."""

    seat: int
    placed: tuple[str, ...] = ()
    fallen: tuple[Piece, ...] = ()
    frames: tuple[tuple[Piece, ...], ...] = ()


@dataclass(frozen=True)
class RafterState:
    seed: int
    options: Options
    scene: Scene
    seats: tuple[SeatState, ...]
    sea_rafters: tuple[int, ...]  # rafters in the sea, in the order they fell
    sea_lumber: tuple[int, ...]  # face down, the next one drawn first: secret order
    sea_wood: tuple[int, ...] = ()  # fallen wood side up: public, anyone's to take
    current: int = 0
    phase: str = TAKE
    held: int | None = None  # the rafter in hand during PLACE
    card: int | None = None  # the lumber card drawn during PLACE
    last_rafter: int | None = None  # taken in the previous turn: not to be taken now
    last: LastMove | None = None
    solo_fell: bool = False
    ending: Label | None = None
    version: int = 0

    @property
    def players(self) -> int:
        return len(self.seats)

    def raft_rafters(self) -> tuple[int, ...]:
        return tuple(p.variant for p in self.scene.of_kind(RAFTER))


def frame_piece(piece: Piece) -> Piece:
    """A piece as an animation frame keeps it: rounded coarser than the physics."""
    pos = tuple(round(v, FRAME_POS_DECIMALS) + 0.0 for v in piece.pose.pos)
    quat = tuple(round(v, FRAME_QUAT_DECIMALS) + 0.0 for v in piece.pose.quat)
    return piece.moved(Pose(pos, quat))  # type: ignore[arg-type]


def _piece_rows(pieces: tuple[Piece, ...]) -> list[list[Any]]:
    return [[p.id, *p.pose.pos, *p.pose.quat] for p in pieces]


def _last_to_dict(last: LastMove | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {"seat": last.seat, "placed": list(last.placed),
            "fallen": scene_to_dict(Scene(last.fallen)),
            "frames": [_piece_rows(f) for f in last.frames]}


def _piece_from_row(row: list[Any]) -> Piece:
    ident, *numbers = row
    kind, rest = str(ident)[0], str(ident)[1:]
    variant, _, index = rest.partition(".")
    pos, quat = numbers[:3], numbers[3:]
    return piece_from_dict({"kind": kind, "variant": int(variant), "index": int(index or 0),
                            "pos": pos, "quat": quat})


def _last_from_dict(data: Mapping[str, Any] | None) -> LastMove | None:
    if data is None:
        return None
    return LastMove(int(data["seat"]), tuple(str(i) for i in data["placed"]),
                    scene_from_dict(data["fallen"]).pieces,
                    tuple(tuple(_piece_from_row(r) for r in frame) for frame in data["frames"]))


def to_dict(state: RafterState) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "scene": scene_to_dict(state.scene),
        "seats": [{"colors": list(s.colors), "supply": [list(c) for c in s.supply],
                   "penalties": [list(c) for c in s.penalties], "built": s.built,
                   "start": s.start} for s in state.seats],
        "sea_rafters": list(state.sea_rafters),
        "sea_lumber": list(state.sea_lumber),
        "sea_wood": list(state.sea_wood),
        "current": state.current,
        "phase": state.phase,
        "held": state.held,
        "card": state.card,
        "last_rafter": state.last_rafter,
        "last": _last_to_dict(state.last),
        "solo_fell": state.solo_fell,
        "ending": None if state.ending is None else {"key": state.ending.key,
                                                     "args": dict(state.ending.args)},
        "version": state.version,
    }


def _chests(rows: Any) -> tuple[Chest, ...]:
    return tuple((int(c), int(i)) for c, i in rows)


def from_dict(data: Mapping[str, Any]) -> RafterState:
    try:
        if data.get("schema") != SCHEMA:
            raise Malformed("unknown Rafter Five state schema")
        ending = data["ending"]
        state = RafterState(
            seed=int(data["seed"]),
            options=Options.parse(data["options"]),
            scene=scene_from_dict(data["scene"]),
            seats=tuple(SeatState(tuple(int(c) for c in s["colors"]), _chests(s["supply"]),
                                  _chests(s["penalties"]), int(s["built"]), int(s["start"]))
                        for s in data["seats"]),
            sea_rafters=tuple(int(r) for r in data["sea_rafters"]),
            sea_lumber=tuple(int(c) for c in data["sea_lumber"]),
            sea_wood=tuple(int(c) for c in data.get("sea_wood", ())),  # kept before it was
            current=int(data["current"]),
            phase=str(data["phase"]),
            held=None if data["held"] is None else int(data["held"]),
            card=None if data["card"] is None else int(data["card"]),
            last_rafter=None if data["last_rafter"] is None else int(data["last_rafter"]),
            last=_last_from_dict(data["last"]),
            solo_fell=bool(data["solo_fell"]),
            ending=None if ending is None else Label(str(ending["key"]), dict(ending["args"])),
            version=int(data["version"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise Malformed(f"bad Rafter Five state: {exc}") from exc
    problems = state_problems(state)
    if problems:
        raise Malformed("inconsistent Rafter Five state: " + "; ".join(problems))
    return state


def state_problems(state: RafterState) -> list[str]:
    """Checks that every piece is in exactly one place; an empty list means consistent."""
    problems: list[str] = []
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if not 0 <= state.current < state.players:
        problems.append("current seat out of range")
    rafters = list(state.raft_rafters()) + list(state.sea_rafters)
    rafters += [] if state.held is None else [state.held]
    if sorted(rafters) != list(range(len(CONFIG.rafters))):
        problems.append("every rafter is on the raft, in the sea or in hand, once")
    lumber = [p.variant for p in state.scene.of_kind(LUMBER)] + list(state.sea_lumber)
    lumber += list(state.sea_wood)
    lumber += [] if state.card is None else [state.card]
    if sorted(lumber) != list(range(CONFIG.lumber.count)):
        problems.append("every lumber card is on the raft, in the sea or in hand, once")
    chests = [(p.variant, p.index) for p in state.scene.of_kind(CHEST)]
    chests += [c for s in state.seats for c in (*s.supply, *s.penalties)]
    if len(chests) != len(set(chests)):
        problems.append("a chest is in two places")
    if (state.phase == PLACE) != (state.held is not None and state.card is not None):
        problems.append("a rafter and a card are in hand exactly while placing")
    return problems


def starting_scene() -> Scene:
    """The raft at the start: the five rafters standing on the raft card."""
    return Scene(tuple(Piece(RAFTER, r, Pose((x, y, 0.0), yaw_quat(yaw)).rounded())
                       for r, (x, y, yaw) in enumerate(START)))
