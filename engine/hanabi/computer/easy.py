"""The `easy` level: a careful beginner who follows the same conventions as `normal`.

It still warns the next player about a last copy on their chop and reads every clue the
table's way, but it only plays cards it is sure of (the first it finds), only gives clues
that point at a card that fits right now, and otherwise discards its chop. No delayed or
tempo clues, no weighing of which play helps most, no last-round guesses.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from . import reasons
from .clues import all_options
from .hand import sure_plays
from .normal import chop_warning, discard, forced, give, immediate
from .position import Position, read


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    return decide(read(view, seat))


def decide(pos: Position) -> Decision:
    warning = chop_warning(pos)
    if warning is not None:
        return give(warning)
    plays = sure_plays(pos)
    if plays:
        return Decision(f"play:{plays[-1] + 1}", reasons.play(plays[-1] + 1))
    options = all_options(pos)
    obvious = [o for o in options if o.purpose == "play" and immediate(pos, o) and o.score > 0]
    if obvious:
        return give(max(obvious, key=lambda o: o.score))
    if pos.can_discard():
        return discard(pos)
    if options:
        return give(max(options, key=lambda o: o.score), stall=True)
    return forced(pos)
