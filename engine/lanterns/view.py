"""What each seat may see of a Lanterns game, and the final ranking.

Public: the lake, everyone's lantern cards, favors and dedication tokens, the supplies,
the dedication stacks and how many tiles remain. Secret: the tiles in each hand (only the
owner sees their own) and the order of the draw stack (nobody).
"""

from __future__ import annotations

from typing import Any

from ..core import Label, Outcome, Standing
from .components import COLORS, KINDS, TILES, side_color
from .rules import cards_to_discard, may_place, must_dedicate
from .state import OVER, LanternsState


def _counts(counts: tuple[int, ...]) -> dict[str, int]:
    return {COLORS[c]: n for c, n in enumerate(counts)}


def tile_view(tile: int, rot: int = 0) -> dict[str, Any]:
    facts = TILES[tile]
    return {
        "tile": tile,
        "sides": [COLORS[side_color(tile, rot, d)] for d in range(4)],
        "platform": facts.platform,
    }


def view(state: LanternsState, viewer: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "lanterns",
        "version": state.version,
        "players": state.players_count,
        "viewer": viewer,
        "colors": list(COLORS),
        "board": [
            {**tile_view(p.tile, p.rot), "x": p.x, "y": p.y, "rot": p.rot,
             "start": TILES[p.tile].start}
            for p in state.board
        ],
        "last_placed": [state.board[-1].x, state.board[-1].y] if len(state.board) > 1 else None,
        "spots": [list(s) for s in state.spots],
        "supply": _counts(state.supply),
        "favor_supply": state.favor_supply,
        "stack": len(state.stack),
        # an empty stack holds a grey 4, never used up: the renderer shows it
        "dedications": {kind: list(state.stacks[i]) for i, kind in enumerate(KINDS)},
        "seats": [
            {
                "seat": seat,
                "side": state.seat_sides[seat],
                "cards": _counts(p.cards),
                "favors": p.favors,
                "honor": p.honor,
                "tokens": [t.honor for t in p.tokens],
                "hand_size": len(p.hand),
            }
            for seat, p in enumerate(state.players)
        ],
        "current": None if state.phase == OVER else state.current,
        "phase": state.phase,
        "turn": {
            "exchanged": state.turn.exchanged,
            "dedicated": state.turn.dedicated,
            # public: everyone saw the discards and the card count the turn began with
            "discarded": state.turn.discarded,
            "over_limit": state.turn.over_limit,
            "must_dedicate": must_dedicate(state),
            "must_discard": cards_to_discard(state),
            "may_place": may_place(state),
        },
    }
    if viewer is not None:
        data["hand"] = [tile_view(t) for t in state.players[viewer].hand]
    if state.phase == OVER:
        # After the game nothing is secret any more: the hands are empty and the stack spent.
        data["outcome"] = [
            {"seat": s.seat, "rank": s.rank, "honor": s.score,
             "favors": s.tiebreaks[0], "cards": s.tiebreaks[1]}
            for s in outcome(state).standings  # type: ignore[union-attr]
        ]
    return data


def outcome(state: LanternsState) -> Outcome | None:
    """Most honor wins; ties go to more favors left, then more lantern cards; then shared."""
    if state.phase != OVER:
        return None
    ranking = standings(state)
    return Outcome(ranking, _reason(ranking))


def standings(state: LanternsState) -> tuple[Standing, ...]:
    """The ranking by honor, then favors, then lantern cards, best first; ties share a rank."""
    keys = {
        seat: (p.honor, p.favors, p.card_count) for seat, p in enumerate(state.players)
    }
    order = sorted(keys, key=lambda s: (tuple(-k for k in keys[s]), s))
    return tuple(
        Standing(
            seat=seat,
            rank=1 + sum(1 for other in keys if keys[other] > keys[seat]),
            score=keys[seat][0],
            tiebreaks=keys[seat][1:],
        )
        for seat in order
    )


def _reason(standings: tuple[Standing, ...]) -> Label:
    """Say what decided first place: honor alone, favors, cards, or a shared win."""
    winners = [s for s in standings if s.rank == 1]
    if len(winners) > 1:
        return Label("lanterns-result-shared")
    best = winners[0]
    tied = [s for s in standings if s.score == best.score and s is not best]
    if not tied:
        return Label("lanterns-result-honor")
    if all(s.tiebreaks[0] < best.tiebreaks[0] for s in tied):
        return Label("lanterns-result-favors")
    return Label("lanterns-result-cards")
