"""Lighthouse computer players.

Levels (offered at tables): `easy` (scores what it sees, often carelessly), `normal` (looks
one reply ahead, and shapes its lines) and `hard` (searches two replies ahead over every
hand the opponent could hold). Baselines (benchmarks only, in `baselines`): `random` and
`greedy` (the best line score now).

Shared pieces: `position` (the view read into a flat board), `lines` (scoring), `scratch`
(a board to search on), `odds` (hidden hands), `shape` (the long-run worth of open lines),
`lookahead` (the opponent's best answer), `search` (the hard level's expectimax), `moves`
and `reasons`.
"""

from __future__ import annotations

from ...core import ComputerPlayer
from . import baselines, easy, hard, normal

LEVELS: dict[str, ComputerPlayer] = {
    "easy": ComputerPlayer("easy", easy.choose, budget=0.5),
    "normal": ComputerPlayer("normal", normal.choose, budget=1.0),
    "hard": ComputerPlayer("hard", hard.choose, budget=hard.LEVEL_BUDGET),
}

BASELINES: dict[str, ComputerPlayer] = {
    "random": ComputerPlayer("random", baselines.choose_random, budget=0.5),
    "greedy": ComputerPlayer("greedy", baselines.choose_greedy, budget=0.5),
}

__all__ = ["BASELINES", "LEVELS"]
