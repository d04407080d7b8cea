"""Rafter Five computer players: they weigh moves by what the raft's own physics says.

A player sees only its view; `determinize` rebuilds a state from it (the secret tremor seed
and the sea's order drawn from the player's own generator) so the engine's rules say what is
legal. `footing` sizes up a card pose without simulating, `building` and `taking` list the
moves and put them to seeded `trials` (the engine's simulation, the player's own seeds),
`work` sizes the trials from the budget, `outlook` judges the raft left to the next player,
and `reasons` words the move. Levels: `easy`, `normal`, `hard`; baseline: `random_play`.
"""

from __future__ import annotations

from ...core import ComputerPlayer
from .easy import EASY
from .hard import HARD
from .normal import NORMAL
from .random_play import RANDOM

LEVELS: dict[str, ComputerPlayer] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
BASELINES: dict[str, ComputerPlayer] = {"random": RANDOM}

__all__ = ["BASELINES", "LEVELS"]
