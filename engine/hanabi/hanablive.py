"""Finished games as hanab.live JSON replays, and such replays back into our engine.

The format (hanab.live's `misc/example_game_with_comments.jsonc`, version 3): `players`
(names; the first one begins), `deck` (every card top to bottom as ``{"suitIndex",
"rank"}``; the first hand-size cards are dealt to the first player, and so on), `actions`
(``{"type", "target", "value"}``: 0 play and 1 discard with the card's order as target,
2 colour clue and 3 rank clue with the seat told as target and the colour index or rank as
value, 4 the end of the game), and `options` (`variant`, and for our advanced variant
`allOrNothing`, hanab.live's name for the same rules).

Our colours map onto hanab.live suits by index: red, yellow, green, blue, then our white
as their purple (the base game's fifth suit there) and our multicolour as their black
suit of the "Black (6 Suits)" variant (one card of each rank, clued by its own colour).

>>> VARIANTS[Variant(multicolor=True)]
'Black (6 Suits)'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import IllegalAction, Malformed, RuleViolation
from .actions import Clue, Discard, Play
from .components import MAX_PLAYERS, MIN_PLAYERS, Card, Variant
from .knowledge import COLOR, RANK
from .rules import apply, deal
from .state import DISCARD_MOVE, OVER, PLAY_MOVE, HanabiState

PLAY_ACTION, DISCARD_ACTION, COLOR_CLUE, RANK_CLUE, GAME_OVER = range(5)
VARIANTS: Mapping[Variant, str] = {
    Variant(multicolor=False): "No Variant",
    Variant(multicolor=True): "Black (6 Suits)",
}
_BY_NAME = {name: variant.multicolor for variant, name in VARIANTS.items()}


def export_game(state: HanabiState, names: Sequence[str]) -> dict[str, Any]:
    """The hanab.live replay of a finished game; `names[seat]` are the players' names.

    Raises `IllegalAction` for a game still being played (its deck is secret).
    """
    if state.phase != OVER:
        raise IllegalAction("only a finished game can be exported")
    actions = []
    for move in state.moves:
        if move.kind == PLAY_MOVE:
            actions.append({"type": PLAY_ACTION, "target": move.order, "value": 0})
        elif move.kind == DISCARD_MOVE:
            actions.append({"type": DISCARD_ACTION, "target": move.order, "value": 0})
        else:
            kind = COLOR_CLUE if move.kind == COLOR else RANK_CLUE
            actions.append({"type": kind, "target": move.target, "value": move.value})
    options: dict[str, Any] = {"variant": VARIANTS[Variant(multicolor=state.variant.multicolor)]}
    if state.variant.advanced:
        options["allOrNothing"] = True
    return {
        "players": _unique_names(names, state.players_count),
        "deck": [{"suitIndex": card.color, "rank": card.rank} for card in state.deck],
        "actions": actions,
        "options": options,
    }


def _unique_names(names: Sequence[str], players: int) -> list[str]:
    """hanab.live tells players apart by name: blank or repeated names get a number."""
    out: list[str] = []
    for seat in range(players):
        name = str(names[seat]).strip() if seat < len(names) else ""
        name = name or f"Player {seat + 1}"
        base, n = name, 2
        while name in out:
            name, n = f"{base} ({n})", n + 1
        out.append(name)
    return out


def import_game(data: Mapping[str, Any]) -> HanabiState:
    """Replay a hanab.live game in our engine and return the state it reaches.

    Raises `Malformed` for anything that is not such a replay of a game we can play: an
    unknown variant or option, a deck that is not that variant's, or an action our rules
    refuse.
    """
    try:
        players = list(data["players"])
        options = dict(data.get("options") or {})
        deck = [Card(int(c["suitIndex"]), int(c["rank"])) for c in data["deck"]]
        actions = [dict(a) for a in data.get("actions", ())]
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"not a hanab.live replay: {exc}") from exc
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise Malformed(f"{len(players)} players")
    variant = _variant(options)
    if Counter(deck) != variant.composition:
        raise Malformed("the deck is not the variant's deck")
    state = deal(len(players), deck, variant)
    for number, action in enumerate(actions, start=1):
        if _int(action.get("type")) == GAME_OVER:
            break
        if state.phase == OVER:
            raise Malformed(f"action {number} comes after the end of the game")
        try:
            state, _ = apply(state, state.current, _encode(state, action))
        except RuleViolation as exc:
            raise Malformed(f"action {number} is refused: {exc}") from exc
    return state


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise Malformed(f"not a number: {value!r}")
    try:
        return int(value)
    except ValueError as exc:
        raise Malformed(f"not a number: {value!r}") from exc


def _variant(options: Mapping[str, Any]) -> Variant:
    name = options.get("variant", "No Variant")
    if name not in _BY_NAME:
        raise Malformed(f"variant {name!r} is not played here")
    known = {"variant", "allOrNothing", "startingPlayer"}
    unsupported = [k for k, v in options.items() if k not in known and v]
    if unsupported or options.get("startingPlayer"):
        raise Malformed(f"options not played here: {sorted(unsupported) or ['startingPlayer']}")
    return Variant(multicolor=_BY_NAME[name], advanced=bool(options.get("allOrNothing")))


def _encode(state: HanabiState, action: Mapping[str, Any]) -> str:
    """One hanab.live action as our action text, for the player to act."""
    kind = _int(action.get("type"))
    target = _int(action.get("target", 0))
    if kind in (PLAY_ACTION, DISCARD_ACTION):
        orders = [h.order for h in state.hands[state.current]]
        if target not in orders:
            raise Malformed(f"card {target} is not in the hand of the player to act")
        slot = orders.index(target) + 1
        return (Play(slot) if kind == PLAY_ACTION else Discard(slot)).encode()
    if kind in (COLOR_CLUE, RANK_CLUE):
        value = _int(action.get("value"))
        return Clue(target, COLOR if kind == COLOR_CLUE else RANK, value).encode()
    raise Malformed(f"unknown action type {kind}")
