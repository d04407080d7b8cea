"""Benchmark opponents, not offered at tables: `random` plays any legal move; `greedy` takes
the move with the best line score now (the most marker steps towards itself from the lines
it completes, nothing else considered), choosing at random among equals."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from .moves import between_rounds, decision, moves
from .position import code, read_view
from .scratch import Scratch


def choose_random(view: Mapping[str, Any], seat: int, rng: random.Random,
                  budget: Budget) -> Decision:
    waiting = between_rounds(view)
    if waiting is not None:
        return waiting
    position = read_view(view, seat)
    return decision(position, rng.choice(moves(position)), None)


def choose_greedy(view: Mapping[str, Any], seat: int, rng: random.Random,
                  budget: Budget) -> Decision:
    waiting = between_rounds(view)
    if waiting is not None:
        return waiting
    position = read_view(view, seat)
    scratch = Scratch(position)
    scored = [(position.toward_me(scratch.steps(m.cell, code(seat, m.value))), m)
              for m in moves(position)]
    best = max(score for score, _ in scored)
    return decision(position, rng.choice([m for score, m in scored if score == best]), None)
