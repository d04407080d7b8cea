"""The toy game's rules as a `GameSpec`: everything engine/<game>/ holds for a real game, in
one small module (the host never sees the state, only what these functions give)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine.core import (
    Event,
    GameOver,
    GameSpec,
    IllegalAction,
    Label,
    LiveClock,
    Malformed,
    Menu,
    NotYourTurn,
    Option,
    Outcome,
    Standing,
)

DEFAULTS: Mapping[str, Any] = {"goal": 10}
GOALS = range(3, 31)
STEPS = ("1", "2")


@dataclass(frozen=True)
class ToyState:
    players: int
    goal: int
    total: int = 0
    current: int = 0
    version: int = 0
    winner: int | None = None


def setup(players: int, seed: int, options: Mapping[str, Any]) -> ToyState:
    goal = {**DEFAULTS, **options}.get("goal")
    if set(options) - set(DEFAULTS) or type(goal) is not int or goal not in GOALS:
        raise Malformed(f"bad options {dict(options)!r}")
    if not 2 <= players <= 3:
        raise Malformed("2 or 3 players")
    return ToyState(players, goal)


def to_act(state: ToyState) -> frozenset[int]:
    return frozenset() if state.winner is not None else frozenset({state.current})


def legal_actions(state: ToyState, seat: int) -> list[str]:
    if state.winner is not None or seat != state.current:
        return []
    return [step for step in STEPS if state.total + int(step) <= state.goal]


def apply(state: ToyState, seat: int, action: str) -> tuple[ToyState, tuple[Event, ...]]:
    if state.winner is not None:
        raise GameOver()
    if action not in STEPS:
        raise Malformed(action[:8])
    if seat != state.current:
        raise NotYourTurn()
    if action not in legal_actions(state, seat):
        raise IllegalAction("past the goal")
    total = state.total + int(action)
    done = total == state.goal
    new = replace(state, total=total, version=state.version + 1,
                  current=state.current if done else (state.current + 1) % state.players,
                  winner=seat if done else None)
    return new, (Event(Label("toy-ev-count", {"seat": seat, "count": int(action),
                                              "total": total})),)


def menu(state: ToyState, seat: int, path: tuple[str, ...]) -> Menu:
    steps = legal_actions(state, seat)
    if not steps:
        if path:
            raise Malformed("no choices now")
        return Menu(Label("toy-menu-wait"))
    if not path:
        return Menu(Label("toy-menu-add"), tuple(
            Option(step, Label("toy-opt-add", {"count": int(step)})) for step in steps))
    if len(path) != 1 or path[0] not in steps:
        raise Malformed("no such choice")
    return Menu(Label("toy-menu-confirm", {"count": int(path[0])}), action=path[0],
                preview=(Label("toy-preview", {"total": state.total + int(path[0])}),))


def view(state: ToyState, seat: int | None) -> dict[str, Any]:
    return {"total": state.total, "goal": state.goal, "current": state.current,
            "players": state.players, "me": seat}


def standings(state: ToyState) -> tuple[Standing, ...]:
    return tuple(Standing(seat, 1 if seat == state.winner else 2,
                          1 if seat == state.winner else 0)
                 for seat in sorted(range(state.players), key=lambda s: s != state.winner))


def outcome(state: ToyState) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome(standings(state), Label("toy-result", {"seat": state.winner,
                                                          "goal": state.goal}))


def to_dict(state: ToyState) -> dict[str, Any]:
    return asdict(state)


def from_dict(data: Mapping[str, Any]) -> ToyState:
    return ToyState(**data)


def standing_label(standing: Standing) -> Label:
    return Label("toy-standing", {"rank": standing.rank, "seat": standing.seat})


def summary(options: Mapping[str, Any]) -> Label:
    return Label("toy-rules", {"goal": options["goal"]})


def export(state: ToyState, names: Sequence[str]) -> dict[str, Any]:
    return {"players": list(names), "total": state.total, "winner": names[state.winner or 0]}


SPEC = GameSpec(
    name="toy",
    min_players=2,
    max_players=3,
    default_options=DEFAULTS,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    menu=menu,
    view=view,
    outcome=outcome,
    to_dict=to_dict,
    from_dict=from_dict,
    rules_key="toy-rules",
    standing_label=standing_label,
    standings=standings,
    clock=LiveClock(300, 60),
    rules=summary,
    export=export,
)
