"""Seeded playout policies for tests and benchmarks (never shown to players).

Uniformly random moves burn three fuses within a few turns, so they never reach the deck's
end, the last round or a complete firework. `oracle_action` peeks at the acting player's
own cards (which a real player cannot) to play long, mostly sensible games: it plays a
playable card, discards a useless one, gives clues, and now and then does something random
so that misplays and lost cards still happen.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import rules
from .actions import Action, Clue, Discard, Play
from .state import OVER, HanabiState

Policy = Callable[[random.Random, HanabiState], Action]


def random_action(rng: random.Random, state: HanabiState) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(rules.legal_actions(state, state.current))


def oracle_action(rng: random.Random, state: HanabiState, *, blunders: float = 0.05) -> Action:
    """A decent move for the player to act, chosen knowing their own cards."""
    seat = state.current
    legal = rules.legal_actions(state, seat)
    if rng.random() < blunders:
        return rng.choice(legal)
    cards = state.hand_cards(seat)
    playable = [slot for slot, c in enumerate(cards, 1) if state.playable(c)]
    if playable:
        return Play(rng.choice(playable))
    discards = [a for a in legal if isinstance(a, Discard)]
    clues = [a for a in legal if isinstance(a, Clue)]
    useless = [a for a in discards if not state.needed(cards[a.slot - 1])]
    if useless:
        return rng.choice(useless)
    if clues and (state.clues > 2 or not discards):
        return rng.choice(clues)
    safe = [a for a in discards if not state.critical(cards[a.slot - 1])]
    return rng.choice(safe or discards or legal)


def play_game(players: int, seed: int, options: dict[str, bool] | None = None,
              policy: Policy = random_action,
              on_move: Callable[[HanabiState, Action, HanabiState], None] | None = None,
              ) -> HanabiState:
    """A whole seeded game under a policy; `on_move(before, action, after)` sees each move."""
    rng = random.Random(seed)
    state = rules.setup(players, seed, options or {})
    while state.phase != OVER:
        action = policy(rng, state)
        after, _ = rules.apply(state, state.current, action.encode())
        if on_move is not None:
            on_move(state, action, after)
        state = after
    return state
