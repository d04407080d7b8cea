"""What each seat may see of a Lighthouse match, and the final ranking.

Public: both zones with every token (its colour and number), the marker, the last move and
the lines it completed with their points, the finished rounds, and how many tokens each
player holds and has left in their pile. Secret: the numbers in each hand (only its owner
sees them) and the order of both piles (nobody, not even their owners).

The view's shape (all JSON):

* ``zones``: two lists (red, blue) of ``size * size`` cells, row by row: ``[seat, value]``
  or null;
* ``marker``: steps from 0, positive towards seat 0 (red), negative towards seat 1 (blue);
  ``track``: the steps to either end;
* ``last``: ``{"seat", "value", "zone", "cell"}`` or null; ``lines``: the lines it
  completed, ``{"zone", "kind" ("row"/"col"), "index", "seat" (the scorer), "points"}``;
* ``rounds``: each finished round's ``{"winner", "reason"}``; ``round``, ``round_wins``;
* ``seats``: per seat its ``color``, ``hand_size``, ``pile`` (tokens left to draw),
  ``round_wins``, ``starter``;
* ``hand``: the viewer's own token numbers, sorted (absent for spectators).
"""

from __future__ import annotations

from typing import Any

from ..core import Label, Outcome, Standing
from .ending import ALL_DRAWN, EQUAL_WINS, match_result
from .options import COLORS, PLAYERS
from .scoring import scored_lines_through
from .state import OVER, LighthouseState


def view(state: LighthouseState, viewer: int | None) -> dict[str, Any]:
    opts = state.options
    last = state.last
    lines = []
    if last is not None:
        lines = [{"zone": s.line.zone, "kind": s.line.kind, "index": s.line.index,
                  "seat": s.score.owner, "points": s.score.points}
                 for s in scored_lines_through(state.board, opts.zone_size, last.zone, last.cell)]
    data: dict[str, Any] = {
        "game": "lighthouse",
        "version": state.version,
        "viewer": viewer,
        "options": opts.to_dict(),
        "size": opts.zone_size,
        "colors": list(COLORS),
        "zones": [[None if t is None else [t.seat, t.value] for t in zone] for zone in state.board],
        "marker": state.marker,
        "track": opts.track,
        "last": None if last is None else {"seat": last.seat, "value": last.value,
                                           "zone": last.zone, "cell": last.cell},
        "lines": lines,
        "round": state.round,
        "rounds": [{"winner": r.winner, "reason": r.reason} for r in state.results],
        "round_wins": [state.wins(seat) for seat in range(PLAYERS)],
        "seats": [
            {"seat": seat, "color": COLORS[seat], "hand_size": len(p.hand), "pile": len(p.pile),
             "round_wins": state.wins(seat), "starter": seat == state.starter}
            for seat, p in enumerate(state.players)
        ],
        "current": None if state.phase == OVER else state.current,
        "phase": state.phase,
    }
    if viewer is not None:
        data["hand"] = list(state.players[viewer].hand)
    if state.phase == OVER:
        data["outcome"] = [{"seat": s.seat, "rank": s.rank, "round_wins": s.score}
                           for s in outcome(state).standings]  # type: ignore[union-attr]
    return data


def outcome(state: LighthouseState) -> Outcome | None:
    """Two round wins take the match; after three rounds more round wins do; equal round
    wins are a draw, and three drawn rounds make both players winners (both rank first)."""
    if state.phase != OVER:
        return None
    winners, why = match_result(state.results)
    args = {} if why in (ALL_DRAWN, EQUAL_WINS) else {"seat": winners[0]}
    return Outcome(standings(state), Label(f"lighthouse-result-{why.replace('_', '-')}", args))


def standings(state: LighthouseState) -> tuple[Standing, ...]:
    """The ranking by round wins, best first; equal wins share the rank (a finished match's
    winners are exactly the seats with the most round wins)."""
    wins = [state.wins(seat) for seat in range(PLAYERS)]
    return tuple(sorted(
        (Standing(seat=seat, rank=1 + sum(1 for w in wins if w > wins[seat]), score=wins[seat])
         for seat in range(PLAYERS)),
        key=lambda s: (s.rank, s.seat)))
