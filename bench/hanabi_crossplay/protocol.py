"""The translation between our Hanabi engine and the H-group bot's messages (pure).

The bot (WillFlame14/hanabi-bot) reads hanab.live's game actions: ``draw``, ``play``,
``discard`` (``failed`` for a misplay), ``clue`` (``giver``, ``target``, ``list`` of the
touched card orders, ``clue`` {type 0 colour / 1 rank, value}) and ``turn``; it answers with
hanab.live's perform action {type 0 play / 1 discard with the card's order as target,
2 colour / 3 rank clue with the seat as target and the colour index or rank as value}.

Card orders, colour indices (our white is hanab.live's purple) and the deal (the first
hand-size cards to seat 0, each drawn card newest) are the same on both sides, so the
translation is one-to-one. A seat's own draws reach it as suit and rank -1: that is all it
may see of its own cards, as on hanab.live.
"""

from __future__ import annotations

from typing import Any

from engine.hanabi.actions import Clue, Discard, Play
from engine.hanabi.knowledge import COLOR, RANK
from engine.hanabi.state import DISCARD_MOVE, OVER, PLAY_MOVE, HanabiState

PLAY_ACTION, DISCARD_ACTION, COLOR_CLUE, RANK_CLUE = range(4)
CLUE_COLOR, CLUE_RANK = 0, 1
HIDDEN = -1


class ProtocolError(ValueError):
    """The bot answered something that is not an action of the seat to act."""


def draw_event(state: HanabiState, seat: int, order: int, receiver: int) -> dict[str, Any]:
    """`seat` draws card `order`; told to `receiver`, who does not see its own cards."""
    card = state.deck[order]
    hidden = seat == receiver
    return {
        "type": "draw",
        "playerIndex": seat,
        "order": order,
        "suitIndex": HIDDEN if hidden else card.color,
        "rank": HIDDEN if hidden else card.rank,
    }


def deal_events(state: HanabiState, receiver: int) -> list[dict[str, Any]]:
    """The opening deal as `receiver` hears it: every hand's draws, oldest first."""
    events = []
    for seat, hand in enumerate(state.hands):
        for held in reversed(hand):  # slot 1 is the newest: the last drawn
            events.append(draw_event(state, seat, held.order, receiver))
    return events


def move_events(before: HanabiState, after: HanabiState, receiver: int) -> list[dict[str, Any]]:
    """What `receiver` hears of the move that led from `before` to `after`: the action, the
    replacement draw, and the next turn (none once the game is over)."""
    move = after.moves[-1]
    events: list[dict[str, Any]] = []
    if move.kind in (PLAY_MOVE, DISCARD_MOVE):
        card = after.deck[move.order]  # face up once played or discarded
        event = {
            "playerIndex": move.seat,
            "order": move.order,
            "suitIndex": card.color,
            "rank": card.rank,
        }
        if move.kind == PLAY_MOVE and move.ok:
            events.append({"type": "play", **event})
        else:
            events.append({"type": "discard", **event, "failed": move.kind == PLAY_MOVE})
    else:
        hand = before.hands[move.target]
        events.append(
            {
                "type": "clue",
                "giver": move.seat,
                "target": move.target,
                "clue": {
                    "type": CLUE_COLOR if move.kind == COLOR else CLUE_RANK,
                    "value": move.value,
                },
                "list": sorted(hand[slot - 1].order for slot in move.touched),
            }
        )
    if after.drawn > before.drawn and after.phase != OVER:
        events.append(draw_event(after, move.seat, before.drawn, receiver))
    if after.phase != OVER:
        events.append(
            {"type": "turn", "num": len(after.moves), "currentPlayerIndex": after.current}
        )
    return events


def our_action(state: HanabiState, seat: int, action: Any) -> str:
    """The bot's perform action as our encoded action; `ProtocolError` if it is none."""
    try:
        kind, target = int(action["type"]), int(action["target"])
        value = int(action.get("value") or 0)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"not an action: {action!r}") from exc
    if kind in (PLAY_ACTION, DISCARD_ACTION):
        orders = [held.order for held in state.hands[seat]]
        if target not in orders:
            raise ProtocolError(f"card {target} is not in seat {seat}'s hand")
        slot = orders.index(target) + 1
        return (Play(slot) if kind == PLAY_ACTION else Discard(slot)).encode()
    if kind in (COLOR_CLUE, RANK_CLUE):
        return Clue(target, COLOR if kind == COLOR_CLUE else RANK, value).encode()
    raise ProtocolError(f"unknown action type {kind}")


def bot_action(before: HanabiState, after: HanabiState) -> dict[str, int]:
    """The move from `before` to `after` as the bot's perform action (for the logs)."""
    move = after.moves[-1]
    if move.kind == PLAY_MOVE:
        return {"type": PLAY_ACTION, "target": move.order, "value": 0}
    if move.kind == DISCARD_MOVE:
        return {"type": DISCARD_ACTION, "target": move.order, "value": 0}
    return {
        "type": COLOR_CLUE if move.kind == COLOR else RANK_CLUE,
        "target": move.target,
        "value": move.value,
    }


def table_of(state: HanabiState) -> dict[str, Any]:
    """The public table as the bot's `act` answer reports it: clue tokens, fuses, fireworks
    and every hand's card orders (newest first), to check that both sides agree."""
    return {
        "clues": state.clues,
        "strikes": state.fuses,
        "stacks": list(state.fireworks[:5]),
        "hands": [[held.order for held in hand] for hand in state.hands],
    }
