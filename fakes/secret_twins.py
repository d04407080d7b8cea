"""Games that differ only in what one reader cannot see: what proves that a view, a picture or
a message carries nothing hidden (the same for the twin as for the real game)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.lanterns.state import LanternsState


def scramble_secrets(state: LanternsState, viewer: int, seed: int) -> LanternsState:
    """The same game as far as `viewer` can tell: other hands and the stack reshuffled."""
    rng = random.Random(seed)
    others = [s for s in range(state.players_count) if s != viewer]
    pool = list(state.stack) + [t for s in others for t in state.players[s].hand]
    rng.shuffle(pool)
    players = list(state.players)
    for s in others:
        size = len(players[s].hand)
        players[s] = replace(players[s], hand=tuple(pool[:size]))
        pool = pool[size:]
    return replace(state, players=tuple(players), stack=tuple(pool))
