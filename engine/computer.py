"""Computer players at work: one decision as the host takes it, and whole games between
computer players for tests, benchmarks and tuning.

A decision is always taken from the seat's view sent through JSON, exactly as the host sends
it to the worker process that thinks, so a computer player cannot come to depend on anything
a view's JSON does not carry.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import Budget, ComputerPlayer, Decision, Event, GameSpec, Label, Seat


def decision_seed(game_seed: int, version: int, seat: Seat) -> int:
    """The seed of the random generator a computer player gets for one decision: fixed by the
    game's secret seed, the move number and the seat, so a decision taken again after a
    restart is the same decision. Hashed, so the generator tells nothing about the deal."""
    digest = hashlib.blake2b(f"computer:{game_seed}:{version}:{seat}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def json_view(spec: GameSpec, state: Any, seat: Seat) -> dict[str, Any]:
    """The seat's view as the worker receives it: through JSON."""
    return json.loads(json.dumps(spec.view(state, seat)))


def decide(choose: Callable[..., Decision], view: Mapping[str, Any], seat: Seat, seed: int,
           seconds: float) -> Decision:
    """One decision, from plain data (what a worker process is sent)."""
    return choose(view, seat, random.Random(seed), Budget(seconds))


@dataclass
class Played:
    """A whole game between computer players."""

    state: Any
    moves: int = 0
    seats: list[Seat] = field(default_factory=list)  # who took each decision
    seconds: list[float] = field(default_factory=list)  # how long each decision took
    reasons: list[Label | None] = field(default_factory=list)


def play_game(spec: GameSpec, players: Sequence[ComputerPlayer], seed: int,
              options: Mapping[str, Any] | None = None, *,
              budget: Callable[[ComputerPlayer], Budget] | None = None,
              on_move: Callable[[Any, Seat, Decision, Any, tuple[Event, ...]], None] | None = None,
              max_moves: int = 5_000) -> Played:
    """Play one seeded game, seat `i` taken by `players[i]`; every action goes through
    `spec.apply`, so an illegal choice raises. `budget` makes each decision's budget (tests
    pass an unlimited one so that results do not depend on the machine's speed);
    `on_move(before, seat, decision, after, events)` sees each move."""
    state = spec.setup(len(players), seed, {**spec.default_options, **(options or {})})
    played = Played(state)
    while not spec.is_over(state):
        if played.moves >= max_moves:
            raise RuntimeError(f"{spec.name}: no end after {max_moves} moves (seed {seed})")
        seat = min(spec.to_act(state))
        player = players[seat]
        view = json_view(spec, state, seat)
        started = time.perf_counter()
        decision = player.choose(view, seat, random.Random(decision_seed(seed, state.version,
                                                                          seat)),
                                 budget(player) if budget else Budget(player.budget))
        played.seats.append(seat)
        played.seconds.append(time.perf_counter() - started)
        played.reasons.append(decision.reason)
        after, events = spec.apply(state, seat, decision.action)
        if on_move is not None:
            on_move(state, seat, decision, after, events)
        state = after
        played.moves += 1
    played.state = state
    return played
