"""How each side read the other's clues, from a finished game's moves (pure).

A clue's *fate* follows the cards it newly touched (all the cards it touched if it touched
none new) until they leave the receiver's hand: ``bomb`` if one was misplayed, else
``play`` if one was played, else ``discard`` if one was discarded, else ``held`` (still in
hand at the end). The receiver's *answer* is its very next move: a play of a touched card
(``play`` or ``bomb``), a play of an untouched card (``blind`` or ``blind-bomb``), a
``discard`` or a ``clue``. Blind plays by anyone but the receiver before the giver's next
turn are the answers to a finesse (``finesse`` or ``finesse-bomb``).

Counts are kept per pair of sides, giver first: ``ours>bot`` is our clues to their seats.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

FATES = ("play", "bomb", "discard", "held")
ANSWERS = ("play", "bomb", "blind", "blind-bomb", "discard", "clue", "none")
FINESSE = ("finesse", "finesse-bomb")


@dataclass(frozen=True)
class Step:
    """One move as the analysis needs it."""

    seat: int
    kind: str  # "play", "discard" or "clue"
    order: int = -1  # the card played or discarded
    ok: bool = True  # a play that joined its firework
    target: int = -1  # the seat told
    touched: tuple[int, ...] = ()  # orders the clue touched
    new: tuple[int, ...] = ()  # of them, the ones no clue had touched before
    was_touched: bool = False  # a played or discarded card had been clued


@dataclass
class Reading:
    """The tallies, per pair of sides ("ours>bot")."""

    fates: Counter[str] = field(default_factory=Counter)  # "ours>bot play"
    answers: Counter[str] = field(default_factory=Counter)
    finesses: Counter[str] = field(default_factory=Counter)
    bombs: Counter[str] = field(default_factory=Counter)  # "ours touched-by-bot" etc.

    def add(self, other: Reading) -> None:
        self.fates += other.fates
        self.answers += other.answers
        self.finesses += other.finesses
        self.bombs += other.bombs


def clue_fate(steps: Sequence[Step], index: int) -> str:
    clue = steps[index]
    followed = set(clue.new or clue.touched)
    fate = "held"
    for step in steps[index + 1 :]:
        if step.seat != clue.target or step.order not in followed or step.kind == "clue":
            continue
        if step.kind == "play" and not step.ok:
            return "bomb"
        if step.kind == "play":
            fate = "play"
        elif fate == "held":
            fate = "discard"
        followed.discard(step.order)
        if not followed:
            break
    return fate


def answer(steps: Sequence[Step], index: int) -> str:
    clue = steps[index]
    touched = set(clue.touched)
    for step in steps[index + 1 :]:
        if step.seat != clue.target:
            continue
        if step.kind == "clue":
            return "clue"
        if step.kind == "discard":
            return "discard"
        if step.order in touched or step.was_touched:
            return "play" if step.ok else "bomb"
        return "blind" if step.ok else "blind-bomb"
    return "none"


def finesse_answers(steps: Sequence[Step], index: int, players: int) -> list[str]:
    """Blind plays by seats other than the receiver before the giver's next turn."""
    clue = steps[index]
    out = []
    for step in steps[index + 1 : index + players]:
        if step.seat != clue.target and step.kind == "play" and not step.was_touched:
            out.append("finesse" if step.ok else "finesse-bomb")
    return out


def read_game(steps: Sequence[Step], sides: Sequence[str], players: int) -> Reading:
    """The tallies of one game; `sides[seat]` is "ours" or "bot"."""
    reading = Reading()
    clued_by: dict[int, str] = {}  # card order -> the side of the last clue on it
    for index, step in enumerate(steps):
        if step.kind == "clue":
            pair = f"{sides[step.seat]}>{sides[step.target]}"
            reading.fates[f"{pair} {clue_fate(steps, index)}"] += 1
            reading.answers[f"{pair} {answer(steps, index)}"] += 1
            for what in finesse_answers(steps, index, players):
                reading.finesses[f"{sides[step.seat]}>{sides[steps[index].target]} {what}"] += 1
            for order in step.touched:
                clued_by[order] = sides[step.seat]
        elif step.kind == "play" and not step.ok:
            source = clued_by.get(step.order)
            where = f"clued-by-{source}" if source else "unclued"
            reading.bombs[f"{sides[step.seat]} {where}"] += 1
    return reading


def bomb_reports(steps: Sequence[Step], sides: Sequence[str]) -> list[dict[str, Any]]:
    """Every misplay with the clues that had touched the card: who gave them and when."""
    touched_by: dict[int, list[int]] = {}
    reports = []
    for index, step in enumerate(steps):
        if step.kind == "clue":
            for order in step.touched:
                touched_by.setdefault(order, []).append(index)
        elif step.kind == "play" and not step.ok:
            clues = touched_by.get(step.order, [])
            reports.append(
                {
                    "move": index,
                    "seat": step.seat,
                    "side": sides[step.seat],
                    "order": step.order,
                    "clues": [
                        {"move": i, "giver": steps[i].seat, "side": sides[steps[i].seat]}
                        for i in clues
                    ],
                }
            )
    return reports


def interval(values: Sequence[float]) -> float:
    """Half the width of the 95 % interval of the mean (normal approximation)."""
    if len(values) < 2:
        return math.nan
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))
