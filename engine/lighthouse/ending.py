"""When a round ends and who wins it; when the match ends and how it ranks.

Pure functions of plain data, shared by the rules (which end rounds) and the state checks
(which verify a stored result against the board it came from).

A round ends at once when the marker reaches the end of the track: the player on that side
wins it. Otherwise it ends when the board is full (or, with options that give fewer tokens
than cells, when the player to act has no token left): the player on whose side the marker
stands wins; with the marker on 0, the player with more tokens of their colour in their own
zone; with those equal the round is drawn. On a full board the last comparison always comes
out equal, because each player has put down exactly half of the tokens.

The match: at most three rounds; two round wins take it at once; after three rounds more
round wins take it, equal round wins are a draw, and three drawn rounds make both winners.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, is_full, own_in_own_zone
from .scoring import side_of

MAX_ROUNDS = 3
ROUNDS_TO_WIN = 2

# Why a round ended the way it did.
BY_TRACK = "track"
BY_SIDE = "side"
BY_ZONE = "zone"
BY_DRAW = "draw"
REASONS = (BY_TRACK, BY_SIDE, BY_ZONE, BY_DRAW)

# Why the match ended the way it did.
TWO_WINS = "two_wins"
MORE_WINS = "more_wins"
EQUAL_WINS = "equal_wins"
ALL_DRAWN = "all_drawn"


@dataclass(frozen=True)
class RoundResult:
    winner: int | None  # None for a drawn round
    reason: str


def round_result(board: Board, marker: int, track: int, *,
                 stuck: bool = False) -> RoundResult | None:
    """The result of the round, or None while it goes on. `stuck`: the player to act has no
    token left to play."""
    side = side_of(marker)
    if abs(marker) >= track:
        return RoundResult(side, BY_TRACK)
    if not (stuck or is_full(board)):
        return None
    if side is not None:
        return RoundResult(side, BY_SIDE)
    red, blue = own_in_own_zone(board, 0), own_in_own_zone(board, 1)
    if red != blue:
        return RoundResult(0 if red > blue else 1, BY_ZONE)
    return RoundResult(None, BY_DRAW)


def round_wins(results: Sequence[RoundResult], seat: int) -> int:
    return sum(1 for r in results if r.winner == seat)


def match_over(results: Sequence[RoundResult]) -> bool:
    return len(results) >= MAX_ROUNDS or max(round_wins(results, 0),
                                             round_wins(results, 1)) >= ROUNDS_TO_WIN


def match_result(results: Sequence[RoundResult]) -> tuple[tuple[int, ...], str]:
    """The winners of a finished match (both seats for a draw) and why."""
    wins = (round_wins(results, 0), round_wins(results, 1))
    if max(wins) >= ROUNDS_TO_WIN:
        return (wins.index(max(wins)),), TWO_WINS
    if wins[0] != wins[1]:
        return (0 if wins[0] > wins[1] else 1,), MORE_WINS
    if all(r.winner is None for r in results):
        return (0, 1), ALL_DRAWN
    return (0, 1), EQUAL_WINS
