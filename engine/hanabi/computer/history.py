"""Replaying the view's public history of moves into the public knowledge model.

The model is a function of the public history alone (the same for every seat), so the
models of recent histories are remembered: a decision replays only the moves made since a
remembered prefix of its history. What is remembered is only a shortcut: with nothing
remembered (a new process) the whole history is replayed, to the very same model.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping
from typing import Any

from . import finesse
from .cards import index
from .conventions import no_warning_given, read_clue, stall_save_allowed, touched_card_played
from .model import Model, card_identity, colour_index, start


def apply_move(model: Model, move: Mapping[str, Any]) -> None:
    """One public move: the table reads it, then it happens."""
    seat, kind = int(move["seat"]), str(move["kind"])
    board = model.board
    stall_save = kind in ("color", "rank") and stall_save_allowed(model, seat)
    model.moves += 1
    if kind in ("color", "rank"):
        value = colour_index(move["color"]) if kind == "color" else int(move["rank"])
        target = int(move["target"])
        before = [card.touched for card in model.hands[target]]
        touched = [int(s) for s in move["touched"]]
        focus = read_clue(model, target, kind, value, touched, stall_save)
        finesse.mark_focus(model, focus, seat, kind, value, before, stall_save)
        no_warning_given(model, seat)  # read after the clue: a save may move a chop
        board.clues -= 1
        return
    no_warning_given(model, seat)
    identity = card_identity(move["card"])
    hand = model.hands[seat]
    played = hand.pop(int(move["slot"]) - 1)
    if kind == "play":
        if board.play(identity):
            finesse.after_play(model, seat, played, identity)
            if played.touched:
                touched_card_played(model, played, identity)
        else:
            model.misplayed = model.moves
    else:
        board.discard(identity)
        model.discards += 1
    if board.deck_left:
        hand.insert(0, model.new_card())
        board.deck_left -= 1
    model.settle()


def replay(view: Mapping[str, Any]) -> Model:
    """The public model after every move of the view's history."""
    model = start(view)
    for move in view["history"]:
        apply_move(model, move)
    return model


REMEMBERED = 256  # models kept: a few per table a process is deciding for
_remembered: OrderedDict[tuple[Hashable, ...], Model] = OrderedDict()


def move_key(move: Mapping[str, Any]) -> tuple[Hashable, ...]:
    """Everything of a public move that `apply_move` reads."""
    card = move.get("card")
    return (move["seat"], move["kind"], move.get("target"), move.get("color"),
            move.get("rank"), tuple(move.get("touched", ())), move.get("slot"),
            None if card is None else (card["color"], card["rank"]))


def replay_remembered(view: Mapping[str, Any]) -> Model:
    """`replay`, starting from the model of the longest remembered prefix of the history.
    The caller gets a model of its own (to read clues on, to change)."""
    table = (int(view["players"]), tuple(view["colors"]))
    keys = [move_key(move) for move in view["history"]]
    done, model = 0, None
    for length in range(len(keys), -1, -1):
        model = _remembered.get((table, *keys[:length]))
        if model is not None:
            done = length
            _remembered.move_to_end((table, *keys[:length]))
            break
    model = start(view) if model is None else model.copy()
    for move in view["history"][done:]:
        apply_move(model, move)
    if done < len(keys):
        _remembered[(table, *keys)] = model.copy()
        while len(_remembered) > REMEMBERED:
            _remembered.popitem(last=False)
    return model


def forget() -> None:
    """Drop every remembered model (as a new process starts)."""
    _remembered.clear()


def model_of(view: Mapping[str, Any]) -> Model:
    """The replayed model, or, for a position that did not come from a whole game (a
    history that does not lead to the view's table), one read from the table as it is:
    the clues each card received, without conventions."""
    model = replay_remembered(view)
    if agrees(model, view):
        return model
    return from_table(view)


def agrees(model: Model, view: Mapping[str, Any]) -> bool:
    board = model.board
    colors = view["colors"]
    return (board.fireworks == [view["fireworks"][c] for c in colors]
            and board.clues == view["clues"] and board.fuses == view["fuses"]
            and board.deck_left == view["deck"]
            and [len(h) for h in model.hands] == [len(h["cards"]) for h in view["hands"]])


def from_table(view: Mapping[str, Any]) -> Model:
    model = start(view)
    board = model.board
    colors = list(view["colors"])
    board.fireworks = [int(view["fireworks"][c]) for c in colors]
    for color, ranks in view["discards"].items():
        for rank in ranks:
            board.discarded[index(colour_index(color), int(rank))] += 1
    board.clues, board.fuses, board.deck_left = view["clues"], view["fuses"], view["deck"]
    board.changed()
    model.discards = sum(board.discarded)  # misplays too: the early game may be over
    for seat, hand in enumerate(view["hands"]):
        model.hands[seat] = []
        for entry in hand["cards"]:
            told = entry["told"]
            mask = 0
            for color in told["colors"]:
                for rank in told["ranks"]:
                    mask |= 1 << index(colour_index(color), int(rank))
            card = model.new_card()
            card.mask = card.clued = mask
            card.touched = bool(told["touched"])
            model.hands[seat].append(card)
    model.settle()
    return model
