"""The choice tree a Lanterns player walks with buttons, one level per call.

Paths (each key at most a few characters, so a path fits a callback payload):
``p`` place → tile id → rotation 0–3 → spot number; ``x`` exchange → give colour → take colour;
``d`` dedicate → kind (4, 3, 7) → colours where there is a choice; ``c`` discard → colour;
``e`` end the final turn.
"""

from __future__ import annotations

from ..core import Label, Malformed, Menu, Option
from .actions import Dedicate, Discard, EndTurn, Exchange, Place
from .components import (
    CODE_KINDS,
    COLORS,
    EXCHANGE_COST,
    FOUR,
    GENERIC_HONOR,
    KIND_CODES,
    KINDS,
    NCOLORS,
    PAIRS,
)
from .rules import (
    cards_to_discard,
    color_key,
    may_place,
    must_dedicate,
    placement_gains,
    possible_dedications,
    possible_exchanges,
)
from .state import FINAL, OVER, LanternsState


def menu(state: LanternsState, seat: int, path: tuple[str, ...]) -> Menu:
    if state.phase == OVER or seat != state.current:
        if path:
            raise Malformed("no choices now")
        return Menu(Label("lanterns-menu-wait", {"current_seat": state.current}))
    if not path:
        return _root(state)
    head, rest = path[0], path[1:]
    builders = {"p": _place, "x": _exchange, "d": _dedicate, "c": _discard, "e": _end}
    if head not in builders:
        raise Malformed(f"unknown menu {head!r}")
    return builders[head](state, seat, rest)


def _root(state: LanternsState) -> Menu:
    options = []
    if may_place(state):
        options.append(Option("p", Label("lanterns-opt-place")))
    if possible_exchanges(state):
        options.append(Option("x", Label("lanterns-opt-exchange", {"cost": EXCHANGE_COST})))
    if possible_dedications(state):
        options.append(Option("d", Label("lanterns-opt-dedicate")))
    if cards_to_discard(state):
        options.append(Option("c", Label("lanterns-opt-discard")))
    if state.phase == FINAL:
        options.append(Option("e", Label("lanterns-opt-end")))
    if state.phase == FINAL:
        title = Label("lanterns-menu-final")
    elif must_dedicate(state):
        title = Label("lanterns-menu-must-dedicate")
    elif cards_to_discard(state):
        title = Label("lanterns-menu-must-discard", {"count": cards_to_discard(state)})
    else:
        title = Label("lanterns-menu-turn")
    return Menu(title, tuple(options))


def _color_index(key: str, allowed: set[int]) -> int:
    if not key.isdigit() or int(key) not in allowed:
        raise Malformed(f"colour {key!r} not offered")
    return int(key)


def _color_options(colors: list[int], counts: tuple[int, ...] | None = None) -> tuple[Option, ...]:
    return tuple(
        Option(str(c), Label("lanterns-opt-color", {
            "color": color_key(c), "count": counts[c] if counts else -1}))
        for c in colors
    )


# --- exchange ----------------------------------------------------------------------------


def _exchange(state: LanternsState, seat: int, rest: tuple[str, ...]) -> Menu:
    exchanges = possible_exchanges(state)
    if not exchanges:
        raise Malformed("no exchange possible")
    cards = state.players[seat].cards
    gives = sorted({e.give for e in exchanges})
    if not rest:
        return Menu(Label("lanterns-menu-exchange-give"), _color_options(gives, cards))
    give = _color_index(rest[0], set(gives))
    takes = sorted(e.take for e in exchanges if e.give == give)
    if len(rest) == 1:
        return Menu(Label("lanterns-menu-exchange-take", {"give": color_key(give)}),
                    _color_options(takes, state.supply))
    take = _color_index(rest[1], set(takes))
    if len(rest) > 2:
        raise Malformed("path too long")
    return Menu(
        Label("lanterns-menu-confirm"),
        action=Exchange(give, take).encode(),
        preview=(Label("lanterns-preview-exchange", {
            "give": color_key(give), "take": color_key(take), "cost": EXCHANGE_COST}),),
    )


# --- dedication --------------------------------------------------------------------------


def _dedicate(state: LanternsState, seat: int, rest: tuple[str, ...]) -> Menu:
    possible = possible_dedications(state)
    if not possible:
        raise Malformed("no dedication possible")
    kinds = [k for k in KINDS if any(d.kind == k for d in possible)]
    if not rest:
        return Menu(Label("lanterns-menu-dedicate"), tuple(
            Option(KIND_CODES[k], Label("lanterns-opt-kind", {
                "kind": f"lanterns-kind-{k}", "honor": _next_honor(state, k)}))
            for k in kinds))
    kind = CODE_KINDS.get(rest[0])
    if kind not in kinds:
        raise Malformed("dedication not offered")
    options = [d for d in possible if d.kind == kind]
    chosen = tuple(_color_index(key, set(range(NCOLORS))) for key in rest[1:])
    if len(set(chosen)) != len(chosen):
        raise Malformed("colour chosen twice")
    matching = [d for d in options if set(chosen) <= set(d.colors)]
    if not matching:
        raise Malformed("colours not offered")
    if len(matching) == 1:
        return _dedication_leaf(state, matching[0])
    remaining = sorted({c for d in matching for c in d.colors} - set(chosen))
    title = Label("lanterns-menu-dedicate-color" if kind == FOUR else "lanterns-menu-dedicate-pairs",
                  {"chosen": [color_key(c) for c in chosen], "left": 3 - len(chosen)})
    return Menu(title, _color_options(remaining, state.players[seat].cards))


def _next_honor(state: LanternsState, kind: str) -> int:
    stack = state.stacks[KINDS.index(kind)]
    return stack[0] if stack else GENERIC_HONOR


def _dedication_leaf(state: LanternsState, dedication: Dedicate) -> Menu:
    if dedication.kind == PAIRS:
        spent = [color_key(c) for c in dedication.colors for _ in range(2)]
    elif dedication.kind == FOUR:
        spent = [color_key(dedication.colors[0])] * 4
    else:
        spent = [color_key(c) for c in range(len(COLORS))]
    return Menu(
        Label("lanterns-menu-confirm"),
        action=dedication.encode(),
        preview=(Label("lanterns-preview-dedicate", {
            "kind": f"lanterns-kind-{dedication.kind}",
            "honor": _next_honor(state, dedication.kind),
            "cards": spent}),),
    )


# --- discard -----------------------------------------------------------------------------


def _discard(state: LanternsState, seat: int, rest: tuple[str, ...]) -> Menu:
    due = cards_to_discard(state)
    if not due:
        raise Malformed("nothing to discard")
    cards = state.players[seat].cards
    held = [c for c in range(NCOLORS) if cards[c]]
    if not rest:
        return Menu(Label("lanterns-menu-must-discard", {"count": due}), _color_options(held, cards))
    if len(rest) > 1:
        raise Malformed("path too long")
    color = _color_index(rest[0], set(held))
    return Menu(Label("lanterns-menu-confirm"), action=Discard(color).encode(), instant=True)


# --- end of a final turn -----------------------------------------------------------------


def _end(state: LanternsState, seat: int, rest: tuple[str, ...]) -> Menu:
    if state.phase != FINAL or rest:
        raise Malformed("no final turn to end")
    return Menu(Label("lanterns-menu-confirm"), action=EndTurn().encode(),
                preview=(Label("lanterns-preview-end"),))


# --- placement ---------------------------------------------------------------------------


def _place(state: LanternsState, seat: int, rest: tuple[str, ...]) -> Menu:
    if not may_place(state):
        raise Malformed("no placement now")
    hand = state.players[seat].hand
    if not rest:
        return Menu(Label("lanterns-menu-tile"), tuple(
            Option(str(tile), Label("lanterns-opt-tile", {"n": i + 1}))
            for i, tile in enumerate(hand)))
    if not rest[0].isdigit() or int(rest[0]) not in hand:
        raise Malformed("tile not in hand")
    tile = int(rest[0])
    if len(rest) == 1:
        return Menu(Label("lanterns-menu-rotation"), tuple(
            Option(str(r), Label("lanterns-opt-rotation", {"n": r + 1})) for r in range(4)),
            focus={"tile": tile})
    if rest[1] not in ("0", "1", "2", "3"):
        raise Malformed("no such rotation")
    rot = int(rest[1])
    spots = [list(s) for s in state.spots]
    if len(rest) == 2:
        return Menu(Label("lanterns-menu-spot"), tuple(
            Option(str(i + 1), Label("lanterns-opt-spot", {"n": i + 1}))
            for i in range(len(spots))),
            focus={"tile": tile, "rot": rot, "spots": spots})
    if len(rest) > 3 or not rest[2].isdigit() or not 1 <= int(rest[2]) <= len(spots):
        raise Malformed("no such spot")
    x, y = spots[int(rest[2]) - 1]
    place = Place(tile, rot, x, y)
    return Menu(Label("lanterns-menu-confirm"), action=place.encode(),
                preview=placement_preview(state, seat, place),
                focus={"tile": tile, "rot": rot, "spot": [x, y]})


def placement_preview(state: LanternsState, seat: int, place: Place) -> tuple[Label, ...]:
    """What the placement would give, in words: the mover's cards and favors, then each seat's card."""
    gains = placement_gains(state, seat, place)
    lines = []
    if gains.match_cards:
        lines.append(Label("lanterns-preview-match", {
            "colors": [color_key(c) for c in gains.match_cards], "count": len(gains.match_cards)}))
    if gains.match_missed:
        lines.append(Label("lanterns-preview-match-missed", {
            "colors": [color_key(c) for c in gains.match_missed]}))
    if not gains.matched_tiles:
        lines.append(Label("lanterns-preview-no-match"))
    if gains.favors:
        lines.append(Label("lanterns-preview-favors", {"count": gains.favors}))
    for target, color, received in gains.facing:
        key = "lanterns-preview-facing" if received else "lanterns-preview-facing-empty"
        lines.append(Label(key, {"seat": target, "color": color_key(color), "you": int(target == seat)}))
    return tuple(lines)
