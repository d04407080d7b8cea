"""One seeded game with our engine as the referee: our seats decide from their views
(exactly what the host gives a computer player), the bot's seats from the messages
hanab.live would send them."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.computer import decision_seed, json_view
from engine.core import Budget, ComputerPlayer
from engine.hanabi import SPEC
from engine.hanabi.hanablive import export_game
from engine.hanabi.state import DISCARD_MOVE, FUSES, PLAY_MOVE, HanabiState

from .bot import BotFailed
from .protocol import bot_action, deal_events, move_events, our_action, table_of
from .reading import Step

OURS, BOT = "ours", "bot"


class BotSeats(Protocol):
    def start(self, players: int, seats: list[int]) -> None: ...
    def act(self, seat: int, events: list[dict[str, Any]]) -> dict[str, Any]: ...
    def notes(self, seat: int, events: list[dict[str, Any]]) -> dict[str, str]: ...


def seating(ours: int, bots: int, seed: int) -> list[str]:
    """Our seats first, then theirs, turned by the seed so every seat begins in turn."""
    sides = [OURS] * ours + [BOT] * bots
    shift = seed % len(sides)
    return sides[shift:] + sides[:shift]


@dataclass
class Game:
    seed: int
    sides: list[str]
    state: HanabiState
    steps: list[Step] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)  # one entry a move
    seconds: dict[str, list[float]] = field(default_factory=lambda: {OURS: [], BOT: []})
    notes: dict[int, dict[str, str]] = field(default_factory=dict)  # bot seat -> its notes

    @property
    def score(self) -> int:
        return SPEC.outcome(self.state).standings[0].score

    @property
    def struck_out(self) -> bool:
        return self.state.ending == FUSES

    def record(self) -> dict[str, Any]:
        """The game as JSON: hanab.live's replay, then our moves with who and why."""
        names = [f"{side}-{seat}" for seat, side in enumerate(self.sides)]
        return {
            "seed": self.seed,
            "sides": self.sides,
            "score": self.score,
            "fireworks": self.state.score,
            "ending": self.state.ending,
            "replay": export_game(self.state, names),
            "moves": self.log,
            "bot_notes": {str(s): n for s, n in self.notes.items()},
        }


def play(sides: Sequence[str], seed: int, ours: ComputerPlayer, bot: BotSeats | None) -> Game:
    state = SPEC.setup(len(sides), seed, dict(SPEC.default_options))
    game = Game(seed, list(sides), state)
    bot_seats = [seat for seat, side in enumerate(sides) if side == BOT]
    pending = {seat: deal_events(state, seat) for seat in bot_seats}
    if bot_seats:
        assert bot is not None
        bot.start(len(sides), bot_seats)
    touched: set[int] = set()
    while not SPEC.is_over(state):
        seat = state.current
        started = time.perf_counter()
        reason = None
        if sides[seat] == BOT:
            assert bot is not None
            answer = bot.act(seat, pending[seat])
            pending[seat] = []
            if answer.get("table", table_of(state)) != table_of(state):
                raise BotFailed(f"seat {seat} lost track of the table: {answer['table']}")
            action = our_action(state, seat, answer["action"])
        else:
            decision = ours.choose(
                json_view(SPEC, state, seat),
                seat,
                random.Random(decision_seed(seed, state.version, seat)),
                Budget(ours.budget),
            )
            action, reason = decision.action, decision.reason
        game.seconds[sides[seat]].append(time.perf_counter() - started)
        after, _ = SPEC.apply(state, seat, action)
        for other in bot_seats:
            pending[other] += move_events(state, after, other)
        step = step_of(state, after, touched)
        game.steps.append(step)
        game.log.append(
            {
                "seat": seat,
                "side": sides[seat],
                "action": action,
                "hanablive": bot_action(state, after),
                "card": _card(after, step),
                "ok": step.ok,
                "reason": None
                if reason is None
                else {"key": reason.key, "args": dict(reason.args)},
            }
        )
        state = after
    game.state = state
    for seat in bot_seats:
        assert bot is not None
        game.notes[seat] = bot.notes(seat, pending[seat])
    return game


def step_of(before: HanabiState, after: HanabiState, touched: set[int]) -> Step:
    move = after.moves[-1]
    if move.kind in (PLAY_MOVE, DISCARD_MOVE):
        kind = "play" if move.kind == PLAY_MOVE else "discard"
        return Step(
            move.seat, kind, order=move.order, ok=move.ok, was_touched=move.order in touched
        )
    orders = tuple(before.hands[move.target][slot - 1].order for slot in move.touched)
    new = tuple(o for o in orders if o not in touched)
    touched.update(orders)
    return Step(move.seat, "clue", target=move.target, touched=orders, new=new)


def _card(state: HanabiState, step: Step) -> str | None:
    if step.order < 0:
        return None
    card = state.deck[step.order]
    return f"{'rygbwm'[card.color]}{card.rank}"
