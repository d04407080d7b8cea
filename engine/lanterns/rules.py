"""Lanterns rules: setup, what is legal, and applying an action.

Every function is pure: states are frozen and each accepted action returns a new one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from itertools import combinations

from ..core import Event, GameOver, IllegalAction, Label, Malformed, NotYourTurn
from .actions import Action, Dedicate, Discard, EndTurn, Exchange, Place, decode
from .components import (
    CARD_LIMIT,
    COLORS,
    DELTAS,
    DRAW_STACK,
    EXCHANGE_COST,
    FAVOR_TOKENS,
    FOUR,
    GENERIC_HONOR,
    HAND_SIZE,
    KINDS,
    LAKE_TILES,
    NCOLORS,
    PAIRS,
    SEAT_SIDES,
    SEVEN,
    START_TILE,
    SUPPLY_PER_COLOR,
    TILES,
    dedication_stack,
    side_color,
)
from .state import FINAL, OVER, PLAY, LanternsState, Placed, Player, Token, Turn

OPTIONS: Mapping[str, object] = {}


def color_key(color: int) -> str:
    return f"color-{COLORS[color]}"


# --- setup -------------------------------------------------------------------------------


def setup(players: int, seed: int, options: Mapping[str, object] | None = None) -> LanternsState:
    """Deal a new game for 2–4 players; seat 0 faces the start tile's red side and begins."""
    if players not in SEAT_SIDES:
        raise Malformed(f"Lanterns is for 2 to 4 players, not {players}")
    unknown = set(options or {}) - set(OPTIONS)
    if unknown:
        raise Malformed(f"unknown options {sorted(unknown)}")
    rng = random.Random(seed)
    tiles = list(LAKE_TILES)
    rng.shuffle(tiles)
    in_play = tiles[: HAND_SIZE * players + DRAW_STACK[players]]
    hands = [tuple(in_play[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players)]
    supply = [SUPPLY_PER_COLOR[players]] * NCOLORS
    seats = []
    for seat, side in enumerate(SEAT_SIDES[players]):
        first = side_color(START_TILE, 0, side)
        supply[first] -= 1
        cards = tuple(1 if c == first else 0 for c in range(NCOLORS))
        seats.append(Player(cards=cards, hand=hands[seat]))
    return LanternsState(
        players_count=players,
        seed=seed,
        supply=tuple(supply),
        favor_supply=FAVOR_TOKENS,
        stack=tuple(in_play[HAND_SIZE * players:]),
        stacks=tuple(dedication_stack(kind, players) for kind in KINDS),
        board=(Placed(START_TILE, 0, 0, 0),),
        players=tuple(seats),
        current=0,
    )


# --- what is legal -----------------------------------------------------------------------


def dedications_for(cards: tuple[int, ...]) -> list[Dedicate]:
    """Every dedication these cards allow.

    Tokens never limit a dedication: both rulebooks say they are not limited, and once a
    kind's stack is empty a grey token marks it and each further dedication of that kind is
    worth 4 honor. So cards alone decide what may be dedicated.
    """
    found = [Dedicate(FOUR, (c,)) for c in range(NCOLORS) if cards[c] >= 4]
    pairs = [c for c in range(NCOLORS) if cards[c] >= 2]
    found += [Dedicate(PAIRS, trio) for trio in combinations(pairs, 3)]
    if all(cards):
        found.append(Dedicate(SEVEN))
    return found


def possible_dedications(state: LanternsState) -> list[Dedicate]:
    """The dedications the player to act could make now (once a turn, before any discard)."""
    turn = state.turn
    if state.phase == OVER or turn.dedicated or turn.discarded:
        return []
    return dedications_for(state.players[state.current].cards)


def may_exchange(state: LanternsState) -> bool:
    turn = state.turn
    player = state.players[state.current]
    return (
        state.phase != OVER
        and not (turn.exchanged or turn.dedicated or turn.discarded)
        and player.favors >= EXCHANGE_COST
    )


def possible_exchanges(state: LanternsState) -> list[Exchange]:
    if not may_exchange(state):
        return []
    cards = state.players[state.current].cards
    return [
        Exchange(give, take)
        for give in range(NCOLORS)
        if cards[give]
        for take in range(NCOLORS)
        if take != give and state.supply[take]
    ]


def must_dedicate(state: LanternsState) -> bool:
    """Started the turn over the limit and a dedication is possible: it comes before placing.

    With more than 12 cards some dedication always fits (13 cards in 7 colours hold three
    pairs or four of a kind), so this holds at the start of every such turn."""
    return state.phase == PLAY and state.turn.over_limit and bool(possible_dedications(state))


def cards_to_discard(state: LanternsState) -> int:
    """How many cards must still be discarded before placing (the more-than-12 rule): only
    what one dedication still leaves over 12."""
    if state.phase != PLAY or not state.turn.over_limit or must_dedicate(state):
        return 0
    return max(0, state.players[state.current].card_count - CARD_LIMIT)


def may_place(state: LanternsState) -> bool:
    return state.phase == PLAY and not must_dedicate(state) and not cards_to_discard(state)


def legal_actions(state: LanternsState, seat: int) -> list[Action]:
    if state.phase == OVER or seat != state.current:
        return []
    actions: list[Action] = [*possible_exchanges(state), *possible_dedications(state)]
    if state.phase == FINAL:
        actions.append(EndTurn())
    elif cards_to_discard(state):
        cards = state.players[seat].cards
        actions += [Discard(c) for c in range(NCOLORS) if cards[c]]
    elif may_place(state):
        actions += [
            Place(tile, rot, x, y)
            for tile in sorted(set(state.players[seat].hand))
            for rot in range(4)
            for (x, y) in state.spots
        ]
    return actions


# --- placement rewards -------------------------------------------------------------------


@dataclass(frozen=True)
class PlacementGains:
    """What a placement gives, computed once for both the preview and the move itself."""

    match_cards: tuple[int, ...]  # colours the active player receives for matching sides
    match_missed: tuple[int, ...]  # matching colours whose supply was empty
    matched_tiles: int
    favors: int
    facing: tuple[tuple[int, int, bool], ...]  # (seat, colour, received) clockwise from the active
    supply: tuple[int, ...]  # the supply afterwards


def placement_gains(state: LanternsState, seat: int, place: Place) -> PlacementGains:
    supply = list(state.supply)
    cells = state.cells
    got: list[int] = []
    missed: list[int] = []
    matched: list[Placed] = []
    for direction, (dx, dy) in enumerate(DELTAS):
        neighbour = cells.get((place.x + dx, place.y + dy))
        if neighbour is None:
            continue
        color = side_color(place.tile, place.rot, direction)
        if color != side_color(neighbour.tile, neighbour.rot, (direction + 2) % 4):
            continue
        matched.append(neighbour)
        if supply[color]:
            supply[color] -= 1
            got.append(color)
        else:
            missed.append(color)
    platforms = sum(TILES[t.tile].platform for t in matched)
    if matched and TILES[place.tile].platform:
        platforms += 1
    facing = []
    n = state.players_count
    for k in range(n):
        target = (seat + k) % n
        color = side_color(place.tile, place.rot, SEAT_SIDES[n][target])
        received = supply[color] > 0
        if received:
            supply[color] -= 1
        facing.append((target, color, received))
    return PlacementGains(
        match_cards=tuple(got),
        match_missed=tuple(missed),
        matched_tiles=len(matched),
        favors=min(platforms, state.favor_supply),
        facing=tuple(facing),
        supply=tuple(supply),
    )


# --- applying ----------------------------------------------------------------------------


def apply(state: LanternsState, seat: int, text: str) -> tuple[LanternsState, tuple[Event, ...]]:
    """Apply one encoded action of `seat`; raises a `RuleViolation` and changes nothing if refused."""
    if state.phase == OVER:
        raise GameOver()
    if seat != state.current:
        raise NotYourTurn()
    action = decode(text)
    if isinstance(action, Exchange):
        new, events = _exchange(state, action)
    elif isinstance(action, Dedicate):
        new, events = _dedicate(state, action)
    elif isinstance(action, Discard):
        new, events = _discard(state, action)
    elif isinstance(action, Place):
        new, events = _place(state, action)
    else:
        new, events = _end_final_turn(state)
    return replace(new, version=state.version + 1), events


def _with_player(state: LanternsState, seat: int, player: Player) -> tuple[Player, ...]:
    return state.players[:seat] + (player,) + state.players[seat + 1:]


def _add(counts: tuple[int, ...], color: int, delta: int) -> tuple[int, ...]:
    return counts[:color] + (counts[color] + delta,) + counts[color + 1:]


def _exchange(state: LanternsState, action: Exchange) -> tuple[LanternsState, tuple[Event, ...]]:
    if action not in possible_exchanges(state):
        raise IllegalAction("exchange not possible")
    seat = state.current
    player = state.players[seat]
    cards = _add(_add(player.cards, action.give, -1), action.take, +1)
    player = replace(player, cards=cards, favors=player.favors - EXCHANGE_COST)
    new = replace(
        state,
        players=_with_player(state, seat, player),
        supply=_add(_add(state.supply, action.give, +1), action.take, -1),
        favor_supply=state.favor_supply + EXCHANGE_COST,
        turn=replace(state.turn, exchanged=True),
    )
    event = Event(Label("lanterns-ev-exchange", {
        "seat": seat, "give": color_key(action.give), "take": color_key(action.take)}))
    return new, (event,)


def _dedicate(state: LanternsState, action: Dedicate) -> tuple[LanternsState, tuple[Event, ...]]:
    if action not in possible_dedications(state):
        raise IllegalAction("dedication not possible")
    seat = state.current
    player = state.players[seat]
    spent = {FOUR: {action.colors[0]: 4} if action.colors else {},
             PAIRS: {c: 2 for c in action.colors},
             SEVEN: {c: 1 for c in range(NCOLORS)}}[action.kind]
    cards, supply = player.cards, state.supply
    for color, count in spent.items():
        cards = _add(cards, color, -count)
        supply = _add(supply, color, +count)
    kind_index = KINDS.index(action.kind)
    stack = state.stacks[kind_index]
    stacks = state.stacks
    if stack:
        token = Token(action.kind, stack[0])
        stacks = stacks[:kind_index] + (stack[1:],) + stacks[kind_index + 1:]
    else:  # the grey token on the empty stack: worth 4, as often as the kind is dedicated
        token = Token(action.kind, GENERIC_HONOR, generic=True)
    player = replace(player, cards=cards, tokens=player.tokens + (token,))
    new = replace(
        state,
        players=_with_player(state, seat, player),
        supply=supply,
        stacks=stacks,
        turn=replace(state.turn, dedicated=True),
    )
    event = Event(Label("lanterns-ev-dedicate", {
        "seat": seat, "kind": f"lanterns-kind-{action.kind}", "honor": token.honor}))
    return new, (event,)


def _discard(state: LanternsState, action: Discard) -> tuple[LanternsState, tuple[Event, ...]]:
    seat = state.current
    player = state.players[seat]
    if not cards_to_discard(state) or not player.cards[action.color]:
        raise IllegalAction("no discard due")
    player = replace(player, cards=_add(player.cards, action.color, -1))
    new = replace(
        state,
        players=_with_player(state, seat, player),
        supply=_add(state.supply, action.color, +1),
        turn=replace(state.turn, discarded=True),
    )
    event = Event(Label("lanterns-ev-discard", {"seat": seat, "color": color_key(action.color)}))
    return new, (event,)


def _place(state: LanternsState, action: Place) -> tuple[LanternsState, tuple[Event, ...]]:
    seat = state.current
    if not may_place(state):
        raise IllegalAction("placement not allowed yet")
    player = state.players[seat]
    if action.tile not in player.hand:
        raise IllegalAction("tile not in hand")
    if (action.x, action.y) not in state.spots:
        raise IllegalAction("cell not next to the lake or taken")
    gains = placement_gains(state, seat, action)

    players = list(state.players)
    cards = player.cards
    for color in gains.match_cards:
        cards = _add(cards, color, +1)
    hand = list(player.hand)
    hand.remove(action.tile)
    stack = state.stack
    events = [Event(Label("lanterns-ev-place", {
        "seat": seat,
        "matches": gains.matched_tiles,
        "colors": [color_key(c) for c in gains.match_cards],
        "favors": gains.favors,
    }))]
    if stack:
        hand.append(stack[0])
        events.append(Event(Label("lanterns-ev-draw", {"tile": stack[0]}), frozenset({seat})))
        stack = stack[1:]
    players[seat] = replace(player, cards=cards, hand=tuple(hand), favors=player.favors + gains.favors)
    for target, color, received in gains.facing:
        if received:
            players[target] = replace(players[target], cards=_add(players[target].cards, color, +1))
        events.append(Event(Label(
            "lanterns-ev-facing" if received else "lanterns-ev-facing-empty",
            {"seat": target, "color": color_key(color)})))
    new = replace(
        state,
        board=state.board + (Placed(action.tile, action.rot, action.x, action.y),),
        players=tuple(players),
        supply=gains.supply,
        favor_supply=state.favor_supply - gains.favors,
        stack=stack,
    )
    if new.tiles_left == 0:
        events.append(Event(Label("lanterns-ev-final-round")))
        return _next_turn(new, phase=FINAL, final_turns_left=state.players_count), tuple(events)
    return _next_turn(new), tuple(events)


def _end_final_turn(state: LanternsState) -> tuple[LanternsState, tuple[Event, ...]]:
    if state.phase != FINAL:
        raise IllegalAction("only a final turn is ended without placing")
    left = state.final_turns_left - 1
    if left == 0:
        return replace(state, phase=OVER, final_turns_left=0, turn=Turn()), (
            Event(Label("lanterns-ev-game-over")),)
    return _next_turn(state, final_turns_left=left), (
        Event(Label("lanterns-ev-final-done", {"seat": state.current})),)


def _next_turn(state: LanternsState, **changes: object) -> LanternsState:
    following = (state.current + 1) % state.players_count
    over_limit = state.players[following].card_count > CARD_LIMIT
    phase = changes.get("phase", state.phase)
    return replace(state, current=following, turn=Turn(over_limit=over_limit and phase == PLAY),
                   **changes)  # type: ignore[arg-type]
