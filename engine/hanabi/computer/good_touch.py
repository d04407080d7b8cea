"""Good Touch Principle (H-group): the cards a clue touches besides its focus will all be
useful one day.

The Guide's rule: do not touch a card that is already useless (trash) or a copy of a card
already touched in some hand, nor two copies of the same card in one clue. It is a
principle, not an absolute: when no clean clue does the job (the only way to get a card
played or saved also touches trash) the bad touch is allowed, so a giver only picks a clue
with a bad touch when no clue without one reaches the same worth. Never with a number 1
clue: every 1 it touches is played (the Guide's play order for 1s), so a duplicate misplays.
"""

from __future__ import annotations

from collections.abc import Sequence

from .clues import ClueOption
from .conventions import RANK


def prefer_clean(options: Sequence[ClueOption], needed: float) -> list[ClueOption]:
    """The options worth giving (at least `needed`), those that touch no trash or duplicate
    first: a bad-touch clue is kept only when no clean clue is worth giving."""
    worth = [o for o in options if o.score >= needed and not (o.bad_touch and ones(o))]
    clean = [o for o in worth if not o.bad_touch]
    return clean or worth


def ones(option: ClueOption) -> bool:
    """A number 1 clue: everybody plays every 1 it touches, so a duplicate misplays."""
    return option.kind == RANK and option.value == 1
