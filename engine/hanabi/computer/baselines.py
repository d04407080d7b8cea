"""Benchmark opponents, never offered at a table: a random player and a cautious one that
knows no conventions at all (it only trusts the view's own-card deductions)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision


def legal_actions(view: Mapping[str, Any], seat: int) -> list[str]:
    """Every legal action of the seat, from the view alone."""
    own = view["hands"][seat]["cards"]
    actions = [f"play:{e['slot']}" for e in own]
    if view["clues"] < 8:
        actions += [f"discard:{e['slot']}" for e in own]
    if view["clues"] > 0:
        colors = view["colors"]
        for hand in view["hands"]:
            if hand["seat"] == seat:
                continue
            cards = [e["card"] for e in hand["cards"]]
            for color in sorted({colors.index(c["color"]) for c in cards}):
                actions.append(f"clue:{hand['seat']}:c{color}")
            for rank in sorted({c["rank"] for c in cards}):
                actions.append(f"clue:{hand['seat']}:r{rank}")
    return actions


def choose_random(view: Mapping[str, Any], seat: int, rng: random.Random,
                  budget: Budget) -> Decision:
    return Decision(rng.choice(legal_actions(view, seat)))


def choose_cautious(view: Mapping[str, Any], seat: int, rng: random.Random,
                    budget: Budget) -> Decision:
    """Play a card surely fitting, else discard the oldest card, else a random clue."""
    own = view["hands"][seat]["cards"]
    for entry in own:
        if entry["sure_play"]:
            return Decision(f"play:{entry['slot']}")
    if own and view["clues"] < 8:
        return Decision(f"discard:{own[-1]['slot']}")
    clues = [a for a in legal_actions(view, seat) if a.startswith("clue:")]
    return Decision(rng.choice(clues or legal_actions(view, seat)))
