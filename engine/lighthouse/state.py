"""The Lighthouse game state: frozen values, the JSON round trip, and consistency checks.

Secret parts, which only `view.view` may reveal: each player's hand (to that player) and
both piles (to nobody: a pile lies face down, only its size is public).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Malformed
from .board import Board, Token, all_lines, is_complete, line_tokens
from .ending import (
    BY_DRAW,
    MAX_ROUNDS,
    REASONS,
    RoundResult,
    match_over,
    round_result,
    round_wins,
)
from .options import PLAYERS, Options
from .scoring import clamp, score_line

SCHEMA = 1
PLAY, ROUND_OVER, OVER = "play", "round_over", "over"
PHASES = (PLAY, ROUND_OVER, OVER)


@dataclass(frozen=True)
class Player:
    pile: tuple[int, ...]  # face down, top first: secret to everyone
    hand: tuple[int, ...]  # sorted: secret to everyone but the player


@dataclass(frozen=True)
class Move:
    """The last token put on the board (public)."""

    seat: int
    value: int
    zone: int
    cell: int


@dataclass(frozen=True)
class LighthouseState:
    seed: int
    options: Options
    round: int  # 1, 2 or 3
    starter: int  # who made the first move of this round
    board: Board
    players: tuple[Player, ...]
    current: int
    marker: int = 0  # positive: towards seat 0 (red); negative: towards seat 1 (blue)
    phase: str = PLAY
    last: Move | None = None
    results: tuple[RoundResult, ...] = ()  # finished rounds
    version: int = 0

    def wins(self, seat: int) -> int:
        return round_wins(self.results, seat)

    @property
    def stuck(self) -> bool:
        """The player to act has no token left to play (only with options that give fewer
        tokens than the board has cells)."""
        return not self.players[self.current].hand

    def placed(self, seat: int) -> int:
        """Tokens a player has played this round (their centre token not counted)."""
        return sum(1 for zone in self.board for t in zone if t is not None and t.seat == seat) - 1


def to_dict(state: LighthouseState) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "seed": state.seed,
        "options": state.options.to_dict(),
        "round": state.round,
        "starter": state.starter,
        "board": [[None if t is None else [t.seat, t.value] for t in zone] for zone in state.board],
        "players": [{"pile": list(p.pile), "hand": list(p.hand)} for p in state.players],
        "current": state.current,
        "marker": state.marker,
        "phase": state.phase,
        "last": None if state.last is None else [state.last.seat, state.last.value,
                                                  state.last.zone, state.last.cell],
        "results": [[r.winner, r.reason] for r in state.results],
        "version": state.version,
    }


def _token(raw: Any) -> Token | None:
    if raw is None:
        return None
    seat, value = raw
    return Token(int(seat), int(value))


def from_dict(data: Mapping[str, Any]) -> LighthouseState:
    """Rebuild a state from `to_dict` output, refusing anything inconsistent."""
    if not isinstance(data, Mapping) or data.get("schema") != SCHEMA:
        raise Malformed("unknown Lighthouse state schema")
    try:
        last = data["last"]
        state = LighthouseState(
            seed=int(data["seed"]),
            options=Options.parse(data["options"]),
            round=int(data["round"]),
            starter=int(data["starter"]),
            board=tuple(tuple(_token(t) for t in zone) for zone in data["board"]),
            players=tuple(Player(tuple(int(v) for v in p["pile"]), tuple(int(v) for v in p["hand"]))
                          for p in data["players"]),
            current=int(data["current"]),
            marker=int(data["marker"]),
            phase=str(data["phase"]),
            last=None if last is None else Move(*(int(v) for v in last)),
            results=tuple(RoundResult(None if w is None else int(w), str(reason))
                          for w, reason in data["results"]),
            version=int(data["version"]),
        )
    except Malformed:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"bad state data: {exc}") from exc
    problems = consistency_problems(state)
    if problems:
        raise Malformed("inconsistent state: " + "; ".join(problems))
    return state


def board_marker(state: LighthouseState) -> int:
    """Where the marker must stand: the sum of every completed line's points, held at the
    track's ends (each line on the board was scored once, when it was completed)."""
    size = state.options.zone_size
    total = sum(score_line(line_tokens(state.board, size, line)).steps  # type: ignore[arg-type]
                for line in all_lines(size) if is_complete(state.board, size, line))
    return clamp(total, state.options.track)


def consistency_problems(state: LighthouseState) -> list[str]:
    """Everything that should hold, checked; an empty list means the state is sound."""
    opts = state.options
    if len(state.players) != PLAYERS or len(state.board) != PLAYERS:
        return ["a Lighthouse game has two players and two zones"]
    if any(len(zone) != opts.cells for zone in state.board):
        return ["a zone has the wrong number of cells"]
    if any(t is not None and (t.seat not in (0, 1) or not 1 <= t.value <= opts.values)
           for zone in state.board for t in zone):
        return ["unknown token on the board"]
    problems: list[str] = []
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if state.current not in (0, 1) or state.starter not in (0, 1):
        problems.append("seat out of range")
    if not 1 <= state.round <= MAX_ROUNDS:
        problems.append("round out of range")
    for seat, player in enumerate(state.players):
        on_board = [t.value for zone in state.board for t in zone
                    if t is not None and t.seat == seat]
        if tuple(sorted(on_board + list(player.hand) + list(player.pile))) != opts.full_set():
            problems.append(f"tokens of seat {seat} not conserved")
        if list(player.hand) != sorted(player.hand) or len(player.hand) > opts.hand_size:
            problems.append(f"bad hand of seat {seat}")
        if player.pile and len(player.hand) != opts.hand_size:
            problems.append(f"hand of seat {seat} not refilled")
        centre = state.board[seat][opts.centre]
        if centre is None or centre.seat != seat:
            problems.append(f"centre of zone {seat} lacks its owner's token")
    if problems:
        return problems
    problems += _turn_problems(state)
    problems += _round_problems(state)
    return problems


def _turn_problems(state: LighthouseState) -> list[str]:
    starter, other = state.starter, 1 - state.starter
    lead = state.placed(starter) - state.placed(other)
    if lead not in (0, 1):
        return ["players did not alternate"]
    if state.phase != OVER and state.current != (starter if lead == 0 else other):
        return ["wrong player to act"]
    last = state.last
    if last is not None and (not 0 <= last.zone < PLAYERS
                             or not 0 <= last.cell < state.options.cells
                             or state.board[last.zone][last.cell] != Token(last.seat, last.value)):
        return ["last move not on the board"]
    if last is None and state.placed(starter) > 0:
        return ["last move missing"]
    return []


def _round_problems(state: LighthouseState) -> list[str]:
    problems = []
    if state.marker != board_marker(state):
        problems.append("marker is not the sum of the completed lines")
    if any(r.reason not in REASONS or (r.winner is None) != (r.reason == BY_DRAW)
           for r in state.results):
        problems.append("bad round result")
    finished = len(state.results)
    now = round_result(state.board, state.marker, state.options.track, stuck=state.stuck)
    if state.phase == PLAY:
        if finished != state.round - 1 or match_over(state.results):
            problems.append("rounds out of step")
        if now is not None:
            problems.append("a finished round is still being played")
    elif finished != state.round:
        problems.append("rounds out of step")
    elif now != state.results[-1]:
        problems.append("the round's result does not match its board")
    elif (state.phase == OVER) != match_over(state.results):
        problems.append("the match ends after two round wins or three rounds")
    return problems
