"""The Lanterns game state: frozen values, JSON round trip, and consistency checks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any

from ..core import Malformed
from .components import (
    DELTAS,
    DRAW_STACK,
    FAVOR_TOKENS,
    GENERIC_HONOR,
    GENERIC_TOKENS,
    HAND_SIZE,
    KINDS,
    NCOLORS,
    SEAT_SIDES,
    SUPPLY_PER_COLOR,
    TILES,
    dedication_stack,
)

SCHEMA = 2
"""2: no count of grey tokens left (they never run out). Schema 1 states are still read."""
PLAY, FINAL, OVER = "play", "final", "over"


@dataclass(frozen=True)
class Placed:
    tile: int
    rot: int
    x: int
    y: int


@dataclass(frozen=True)
class Token:
    kind: str  # the dedication made
    honor: int
    generic: bool = False  # a grey 4: that kind's stack was empty (never runs out)


@dataclass(frozen=True)
class Player:
    cards: tuple[int, ...]  # lantern cards per colour
    favors: int = 0
    hand: tuple[int, ...] = ()  # secret tiles
    tokens: tuple[Token, ...] = ()

    @property
    def honor(self) -> int:
        return sum(t.honor for t in self.tokens)

    @property
    def card_count(self) -> int:
        return sum(self.cards)


@dataclass(frozen=True)
class Turn:
    """What the player to act has done so far this turn; the order is exchange, dedicate, place."""

    exchanged: bool = False
    dedicated: bool = False
    discarded: bool = False
    over_limit: bool = False  # started the turn with more than 12 cards


@dataclass(frozen=True)
class LanternsState:
    players_count: int
    seed: int
    supply: tuple[int, ...]
    favor_supply: int
    stack: tuple[int, ...]  # the draw stack, top first: secret
    stacks: tuple[tuple[int, ...], ...]  # dedication honor values per kind (KINDS order), top first
    board: tuple[Placed, ...]  # in the order placed; the start tile first
    players: tuple[Player, ...]
    current: int
    turn: Turn = field(default_factory=Turn)
    phase: str = PLAY
    final_turns_left: int = 0  # in the final round, turns still to be taken (the current one too)
    version: int = 0

    @cached_property
    def cells(self) -> dict[tuple[int, int], Placed]:
        return {(p.x, p.y): p for p in self.board}

    @cached_property
    def spots(self) -> tuple[tuple[int, int], ...]:
        """Empty cells next to the lake, north to south then west to east: where a tile may go."""
        cells = self.cells
        empty = {
            (x + dx, y + dy)
            for (x, y) in cells
            for dx, dy in DELTAS
            if (x + dx, y + dy) not in cells
        }
        return tuple(sorted(empty, key=lambda c: (c[1], c[0])))

    @property
    def seat_sides(self) -> tuple[int, ...]:
        return SEAT_SIDES[self.players_count]

    @property
    def tiles_left(self) -> int:
        return len(self.stack) + sum(len(p.hand) for p in self.players)


def to_dict(state: LanternsState) -> dict[str, Any]:
    data = asdict(state)
    data["schema"] = SCHEMA
    return data


def from_dict(data: Mapping[str, Any]) -> LanternsState:
    """Rebuild a state from `to_dict` output, refusing anything inconsistent."""
    try:
        if data.get("schema") not in (1, SCHEMA):
            raise Malformed(f"unknown state schema {data.get('schema')!r}")
        if data["schema"] == 1:
            _check_schema_1_generic(data)
        state = LanternsState(
            players_count=int(data["players_count"]),
            seed=int(data["seed"]),
            supply=tuple(int(n) for n in data["supply"]),
            favor_supply=int(data["favor_supply"]),
            stack=tuple(int(t) for t in data["stack"]),
            stacks=tuple(tuple(int(h) for h in s) for s in data["stacks"]),
            board=tuple(Placed(**{k: int(v) for k, v in p.items()}) for p in data["board"]),
            players=tuple(
                Player(
                    cards=tuple(int(n) for n in p["cards"]),
                    favors=int(p["favors"]),
                    hand=tuple(int(t) for t in p["hand"]),
                    tokens=tuple(Token(str(t["kind"]), int(t["honor"]), bool(t["generic"]))
                                 for t in p["tokens"]),
                )
                for p in data["players"]
            ),
            current=int(data["current"]),
            turn=Turn(**{k: bool(v) for k, v in data["turn"].items()}),
            phase=str(data["phase"]),
            final_turns_left=int(data["final_turns_left"]),
            version=int(data["version"]),
        )
    except Malformed:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"bad state data: {exc}") from exc
    problems = consistency_problems(state)
    if problems:
        raise Malformed("inconsistent state: " + "; ".join(problems))
    return state


def _check_schema_1_generic(data: Mapping[str, Any]) -> None:
    """A schema 1 state (stored before dedications were unlimited) counted the grey tokens
    left, 3 less those taken; the count is no longer kept, but an old state must still add up."""
    taken = sum(1 for p in data["players"] for t in p["tokens"] if t["generic"])
    if int(data["generic"]) + taken != GENERIC_TOKENS:
        raise Malformed("inconsistent state: generic tokens not conserved")


def consistency_problems(state: LanternsState) -> list[str]:
    """Everything that should be conserved, checked; an empty list means the state is sound."""
    problems: list[str] = []
    n = state.players_count
    if n not in SEAT_SIDES or len(state.players) != n:
        return [f"bad player count {n}"]
    if not 0 <= state.current < n:
        problems.append("current seat out of range")
    if state.phase not in (PLAY, FINAL, OVER):
        problems.append(f"unknown phase {state.phase}")
    for color in range(NCOLORS):
        held = sum(p.cards[color] for p in state.players)
        if len(state.supply) != NCOLORS or held + state.supply[color] != SUPPLY_PER_COLOR[n]:
            problems.append(f"cards of colour {color} not conserved")
            break
    if any(c < 0 for p in state.players for c in p.cards) or any(c < 0 for c in state.supply):
        problems.append("negative card count")
    if state.favor_supply < 0 or any(p.favors < 0 for p in state.players):
        problems.append("negative favors")
    if state.favor_supply + sum(p.favors for p in state.players) != FAVOR_TOKENS:
        problems.append("favors not conserved")
    tiles = [p.tile for p in state.board] + list(state.stack)
    tiles += [t for p in state.players for t in p.hand]
    if len(tiles) != len(set(tiles)) or any(not 0 <= t < len(TILES) for t in tiles):
        problems.append("tiles duplicated or unknown")
    if len(tiles) != 1 + DRAW_STACK[n] + HAND_SIZE * n:
        problems.append("tiles not conserved")
    if len({(p.x, p.y) for p in state.board}) != len(state.board):
        problems.append("two tiles on one cell")
    for i, kind in enumerate(KINDS):
        full = dedication_stack(kind, n)
        taken = [t.honor for p in state.players for t in p.tokens if t.kind == kind and not t.generic]
        if len(state.stacks) != len(KINDS) or full[: len(taken)] != tuple(taken_sorted(taken)) or (
            state.stacks[i] != full[len(taken):]
        ):
            problems.append(f"dedication stack {kind} not conserved")
    empty = {kind for i, kind in enumerate(KINDS) if i < len(state.stacks) and not state.stacks[i]}
    if any(t.generic and (t.honor != GENERIC_HONOR or t.kind not in empty)
           for p in state.players for t in p.tokens):
        problems.append("a grey token where its kind's stack is not empty, or not worth 4")
    return problems


def taken_sorted(honors: list[int]) -> list[int]:
    # Tokens leave a stack from the top, highest first.
    return sorted(honors, reverse=True)
