"""The choice tree a Hanabi player walks with buttons, one level per call.

Paths: ``p`` play → slot; ``d`` discard → slot; ``c`` clue → seat → ``c<colour>`` or
``r<rank>``. Only legal choices are offered; every clue is labelled with the slots it would
touch. Leaves ask for confirmation and say, in the player's own knowledge, what they are
about to do ("you know nothing about this card").

Menus are built from what the seat may know: its own cards only through `own_knowledge`.
"""

from __future__ import annotations

from typing import Any

from ..core import Label, Malformed, Menu, Option
from .actions import Clue, Discard, Play, clue_key, parse_clue_key
from .components import COLORS, MAX_CLUES, MAX_FUSES, Card, color_id
from .knowledge import COLOR
from .rules import may_discard, possible_clues, touched_slots
from .state import FINAL, OVER, HanabiState
from .view import own_knowledge


def menu(state: HanabiState, seat: int, path: tuple[str, ...]) -> Menu:
    if state.phase == OVER or seat != state.current:
        if path:
            raise Malformed("no choices now")
        if state.phase == OVER:
            return Menu(Label("hanabi-menu-over"))
        return Menu(Label("hanabi-menu-wait", {"current_seat": state.current}))
    if not path:
        return _root(state, seat)
    head, rest = path[0], path[1:]
    if head in ("p", "d"):
        return _slots(state, seat, head, rest)
    if head == "c":
        return _clue(state, seat, rest)
    raise Malformed(f"unknown menu {head!r}")


def _root(state: HanabiState, seat: int) -> Menu:
    options = []
    if state.hands[seat]:
        options.append(Option("p", Label("hanabi-opt-play")))
    if may_discard(state, seat):
        options.append(Option("d", Label("hanabi-opt-discard")))
    if possible_clues(state, seat):
        options.append(Option("c", Label("hanabi-opt-clue", {"clues": state.clues})))
    args = {"clues": state.clues, "fuses": MAX_FUSES - state.fuses, "deck": state.deck_left}
    if state.phase == FINAL:
        return Menu(Label("hanabi-menu-final", args | {"left": state.final_turns_left - 1}),
                    tuple(options))
    return Menu(Label("hanabi-menu-turn", args), tuple(options))


# --- play and discard --------------------------------------------------------------------


def _slots(state: HanabiState, seat: int, head: str, rest: tuple[str, ...]) -> Menu:
    hand = state.hands[seat]
    playing = head == "p"
    if not hand or (not playing and not may_discard(state, seat)):
        raise Malformed("not possible now")
    knowledge = own_knowledge(state, seat)
    mode = "play" if playing else "discard"
    if not rest:
        options = tuple(
            Option(str(slot), _slot_label(knowledge[slot - 1], slot))
            for slot in range(1, len(hand) + 1))
        title = "hanabi-menu-play" if playing else "hanabi-menu-discard"
        return Menu(Label(title), options, focus={"mode": mode})
    if len(rest) > 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= len(hand):
        raise Malformed("no such slot")
    slot = int(rest[0])
    possible = knowledge[slot - 1]
    told = hand[slot - 1].told
    preview = [_knowledge_line(state, told.empty, possible)]
    if playing:
        preview += _play_warnings(state, possible)
        action = Play(slot).encode()
    else:
        preview += _discard_lines(state, possible)
        action = Discard(slot).encode()
    title = "hanabi-menu-confirm-play" if playing else "hanabi-menu-confirm-discard"
    return Menu(Label(title, {"slot": slot}), action=action, preview=tuple(preview),
                focus={"mode": mode, "slot": slot})


def _slot_label(possible: tuple[Card, ...], slot: int) -> Label:
    """A slot button: its number and what is known for sure ("2 · blue", "3 · 4")."""
    colors = {c.color for c in possible}
    ranks = {c.rank for c in possible}
    return Label("hanabi-opt-slot", {
        "slot": slot,
        "color": color_id(next(iter(colors))) if len(colors) == 1 else "none",
        "rank": next(iter(ranks)) if len(ranks) == 1 else 0,
    })


def _knowledge_line(state: HanabiState, nothing_told: bool, possible: tuple[Card, ...]) -> Label:
    colors = sorted({c.color for c in possible})
    ranks = sorted({c.rank for c in possible})
    if nothing_told and len(colors) == state.variant.colors and len(ranks) == 5:
        return Label("hanabi-preview-unknown")
    if len(possible) == 1:
        card = possible[0]
        return Label("hanabi-preview-exact", {"color": color_id(card.color), "rank": card.rank})
    return Label("hanabi-preview-maybe", {
        "colors": [f"hanabi-color-{COLORS[c]}" for c in colors], "ranks": ranks})


def _play_warnings(state: HanabiState, possible: tuple[Card, ...]) -> list[Label]:
    if possible and all(state.playable(c) for c in possible):
        return [Label("hanabi-preview-sure-play")]
    lines = []
    if possible and not any(state.playable(c) for c in possible):
        lines.append(Label("hanabi-preview-sure-misplay"))
    if state.fuses == MAX_FUSES - 1:
        lines.append(Label("hanabi-preview-last-fuse"))
    return lines


def _discard_lines(state: HanabiState, possible: tuple[Card, ...]) -> list[Label]:
    lines = [Label("hanabi-preview-discard", {"clues": state.clues, "after": state.clues + 1,
                                              "max": MAX_CLUES})]
    if any(state.critical(c) for c in possible):
        lines.append(Label("hanabi-preview-critical-risk",
                           {"advanced": int(state.variant.advanced)}))
    return lines


# --- clues -------------------------------------------------------------------------------


def _clue(state: HanabiState, seat: int, rest: tuple[str, ...]) -> Menu:
    clues = possible_clues(state, seat)
    if not clues:
        raise Malformed("no clue possible")
    targets = list(dict.fromkeys(c.target for c in clues))
    if not rest:
        return Menu(Label("hanabi-menu-clue-target", {"clues": state.clues}), tuple(
            Option(str(t), Label("hanabi-opt-player", {"target_seat": t})) for t in targets))
    if not rest[0].isdigit() or int(rest[0]) not in targets:
        raise Malformed("no clue to that seat")
    target = int(rest[0])
    offered = [c for c in clues if c.target == target]
    if len(rest) == 1:
        return Menu(Label("hanabi-menu-clue-value", {"target_seat": target}), tuple(
            Option(clue_key(c.kind, c.value), _clue_option(state, c)) for c in offered),
            focus={"target": target})
    kind, value = parse_clue_key(rest[1])
    clue = Clue(target, kind, value)
    if len(rest) > 2 or clue not in offered:
        raise Malformed("clue not offered")
    slots = _touched(state, clue)
    return Menu(
        Label("hanabi-menu-confirm-clue"),
        action=clue.encode(),
        preview=(Label(f"hanabi-preview-clue-{kind}", _clue_args(clue, slots) | {
            "clues": state.clues, "after": state.clues - 1}),),
        focus={"target": target, "slots": list(slots), "clue": _clue_focus(clue)},
    )


def _touched(state: HanabiState, clue: Clue) -> tuple[int, ...]:
    return touched_slots(state, clue.target, clue.kind, clue.value)


def _clue_args(clue: Clue, slots: tuple[int, ...]) -> dict[str, Any]:
    args: dict[str, Any] = {"target_seat": clue.target, "count": len(slots), "slots": list(slots)}
    return args | ({"color": color_id(clue.value)} if clue.kind == COLOR else {"rank": clue.value})


def _clue_option(state: HanabiState, clue: Clue) -> Label:
    slots = _touched(state, clue)
    key = "hanabi-opt-clue-color" if clue.kind == COLOR else "hanabi-opt-clue-rank"
    return Label(key, _clue_args(clue, slots))


def _clue_focus(clue: Clue) -> dict[str, Any]:
    return {"color": color_id(clue.value)} if clue.kind == COLOR else {"rank": clue.value}
