"""A seat's view read back into a game state the rules can play on.

The view holds everything public plus the seat's own hand. The tiles the seat cannot see
(the other hands and the draw stack) are *sampled* from the tiles it has not seen, so each
state built here is one possible world consistent with the view, never the true one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..components import COLORS, KINDS, LAKE_TILES
from ..state import FINAL, LanternsState, Placed, Player, Token, Turn

UNKNOWN_KIND = "seen"
"""The view tells a token's honor, not its kind; only the honor matters for play."""


def unseen_tiles(view: Mapping[str, Any]) -> list[int]:
    """Lake tiles neither on the lake nor in the seat's hand, in id order."""
    seen = {t["tile"] for t in view["board"]} | {t["tile"] for t in view.get("hand", ())}
    return [t for t in LAKE_TILES if t not in seen]


def _counts(by_name: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(int(by_name[name]) for name in COLORS)


def sample_world(view: Mapping[str, Any], seat: int, rng: random.Random) -> LanternsState:
    """One state consistent with `view`: the hidden tiles dealt at random with `rng`."""
    pool = unseen_tiles(view)
    rng.shuffle(pool)
    players = []
    for info in view["seats"]:
        if info["seat"] == seat:
            hand = tuple(t["tile"] for t in view["hand"])
        else:
            hand, pool = tuple(pool[: info["hand_size"]]), pool[info["hand_size"]:]
        players.append(Player(
            cards=_counts(info["cards"]),
            favors=int(info["favors"]),
            hand=hand,
            tokens=tuple(Token(UNKNOWN_KIND, int(h)) for h in info["tokens"]),
        ))
    stack = tuple(pool[: view["stack"]])
    turn = view["turn"]
    current = view["current"] if view["current"] is not None else 0
    n = view["players"]
    return LanternsState(
        players_count=n,
        seed=0,
        supply=_counts(view["supply"]),
        favor_supply=int(view["favor_supply"]),
        stack=stack,
        stacks=tuple(tuple(view["dedications"][kind]) for kind in KINDS),
        board=tuple(Placed(b["tile"], b["rot"], b["x"], b["y"]) for b in view["board"]),
        players=tuple(players),
        current=current,
        turn=Turn(exchanged=bool(turn["exchanged"]), dedicated=bool(turn["dedicated"]),
                  discarded=bool(turn["discarded"]), over_limit=bool(turn["over_limit"])),
        phase=view["phase"],
        # the last tile is always placed by the last seat, so the final round runs from seat 0
        final_turns_left=n - current if view["phase"] == FINAL else 0,
        version=int(view["version"]),
    )
