"""Hanabi's computer players: `easy` and `normal` play by conventions a person at the table
can follow; `BASELINES` are benchmark opponents only."""

from __future__ import annotations

from ...core import ComputerPlayer
from . import baselines, easy, normal

LEVELS: dict[str, ComputerPlayer] = {
    "easy": ComputerPlayer("easy", easy.choose, budget=1.0),
    "normal": ComputerPlayer("normal", normal.choose, budget=1.0),
}

BASELINES: dict[str, ComputerPlayer] = {
    "random": ComputerPlayer("random", baselines.choose_random, budget=1.0),
    "cautious": ComputerPlayer("cautious", baselines.choose_cautious, budget=1.0),
}

__all__ = ["BASELINES", "LEVELS"]
