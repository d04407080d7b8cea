"""The one-line reasons a computer player's moves carry in the board's history.

Everybody reads them, the clue's receiver too, so they only say what the convention tells
(a play clue, a save clue) and what the move itself shows: never a card identity.
"""

from __future__ import annotations

from ...core import Label
from ..components import color_id
from .conventions import COLOR

PLAY_SURE = "hanabi-bot-play-sure"  # the card surely fits
PLAY_PROMPT = "hanabi-bot-play-prompt"  # a partner's play clue connects through this card
PLAY_FINESSE = "hanabi-bot-play-finesse"  # a blind play from finesse position
PLAY_GUESS = "hanabi-bot-play-guess"  # a last-round guess that cannot cost the game
DISCARD_USELESS = "hanabi-bot-discard-useless"
DISCARD_CHOP = "hanabi-bot-discard-chop"
DISCARD_FORCED = "hanabi-bot-discard-forced"
CLUE_PURPOSES = ("play", "delayed-play", "save", "tempo", "stall", "fix")


def play(slot: int, *, guess: bool = False) -> Label:
    return Label(PLAY_GUESS if guess else PLAY_SURE, {"slot": slot})


def connecting(slot: int, how: str) -> Label:
    """A card played to answer a partner's clue: `how` is "prompt" or "finesse"."""
    return Label(PLAY_FINESSE if how == "finesse" else PLAY_PROMPT, {"slot": slot})


def discard(slot: int, key: str) -> Label:
    return Label(key, {"slot": slot})


def clue(target: int, kind: str, value: int, purpose: str) -> Label:
    """"red to Anna: play clue"; `purpose` is one of `CLUE_PURPOSES` or a stall's kind."""
    if kind == COLOR:
        return Label(f"hanabi-bot-{purpose}-clue-color",
                     {"target_seat": target, "color": color_id(value)})
    return Label(f"hanabi-bot-{purpose}-clue-rank", {"target_seat": target, "rank": value})


def stall(target: int, kind: str, value: int, stall_kind: str) -> Label:
    """"5 to Anna: 5 Stall, nothing urgent"; `stall_kind` is one of `stalling.PRECEDENCE`."""
    return clue(target, kind, value, stall_kind)
