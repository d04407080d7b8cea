"""Easy: a beginner. It completes the line that scores best for it right now when it sees
one, and otherwise puts a token anywhere; now and then (one move in four) it overlooks the
board altogether and plays a random move."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision, Label
from .moves import between_rounds, decision, moves
from .position import code, read_view
from .reasons import reason_for
from .scratch import Scratch

OVERLOOK = 0.25
"""The chance of a move made without looking."""


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    waiting = between_rounds(view)
    if waiting is not None:
        return waiting
    position = read_view(view, seat)
    options = moves(position)
    if rng.random() < OVERLOOK:
        return decision(position, rng.choice(options), Label("lighthouse-bot-hunch"))
    scratch = Scratch(position)
    scored = [(position.toward_me(scratch.steps(m.cell, code(seat, m.value))), m) for m in options]
    best = max(score for score, _ in scored)
    move = rng.choice([m for score, m in scored if score == best])
    return decision(position, move, reason_for(position, move))
