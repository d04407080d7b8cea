"""Lanterns computer players: the levels offered at tables and the benchmark baselines."""

from __future__ import annotations

from ...core import ComputerPlayer
from . import baselines, easy, hard, normal

LEVELS: dict[str, ComputerPlayer] = {
    "easy": ComputerPlayer("easy", easy.choose),
    "normal": ComputerPlayer("normal", normal.choose),
    "hard": ComputerPlayer("hard", hard.choose, hard.BUDGET_SECONDS),
}

BASELINES: dict[str, ComputerPlayer] = {
    "random": ComputerPlayer("random", baselines.choose_random),
    "greedy": ComputerPlayer("greedy", baselines.choose_greedy),
}

__all__ = ["BASELINES", "LEVELS"]
