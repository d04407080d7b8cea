"""Rafter Five turns: set-up, taking a rafter, building, what falls, and the end.

A turn is two actions. *Take* a rafter: one in the sea if there is any, never the one the
previous turn used; lifting one off the raft is simulated and may topple something. With it
the player takes a lumber card: a new one, face down from the sea, or any card lying wood
side up in the sea (the rulebook's "А если...?"). A card taken is kept, never swapped: the
rulebook says so among its advanced rules, where a card's printed nails and joints matter;
in the basic game every card plays alike, so keeping the rule there too changes nothing but
spares a step (said so in the rules summary). Then *build*: the card goes down together
with the rafter on it (the rulebook lets both go down at once, so a rafter may hold down an
overhanging card), everything settles, then a chest goes on the card and everything settles
again. Rafters and chests may hang partly over the card's edges. If anything falls into the
sea, the turn ends at once: what fell is sorted (`falls`), and whatever the player still
held goes into the sea; a rafter that topples over but stays on the raft ends nothing.
Fallen lumber that lies wood side up stays in the sea face up, for anyone to take; the rest
is shuffled back face down among the sea's cards. Each step's hand tremor (and that
shuffle) comes from a seed derived from the game's secret seed and the state's version, so
a move is a gamble for the player and exactly repeatable for the host.

The game ends by the rulebook's conditions (`ranking`), or, as a last resort, when the
player to take cannot get a card (none face down, none face up in the sea) or the card has
no legal place left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core import Event, GameOver, IllegalAction, Label, Malformed, NotYourTurn
from .actions import Build, Take, decode
from .config import CONFIG
from .falls import Sorted, sort_fallen
from .layout import card_to_raft
from .legality import (
    candidates,
    chest_place_ok,
    has_place,
    lumber_problem,
    place_pairs,
    rafter_place_ok,
)
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .physics import Placement, Settled, lift, place
from .probe import probe_for
from .ranking import Tally, end_reason
from .scene import CHEST, LUMBER, RAFTER, Piece, quat_up_z
from .seating import chests_per_seat, seat_colors
from .state import (
    OVER,
    PLACE,
    TAKE,
    LastMove,
    RafterState,
    SeatState,
    frame_piece,
    starting_scene,
)
from .tremor import derive_seed

END_NO_LUMBER = "rafter-end-no-lumber"
END_NO_ROOM = "rafter-end-no-room"
FRAMES_PER_SECOND = 25
MOVED_MM = 0.5  # a piece that moved less than this over a move is scenery in its animation


def setup(players: int, seed: int, raw_options: Mapping[str, Any] | None = None) -> RafterState:
    options = Options.parse(raw_options)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Malformed(f"Rafter Five is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    full = chests_per_seat(players)
    count = options.chests or full
    if count > full:
        raise Malformed(f"at most {full} chests each with {players} players")
    seats = []
    for colors in seat_colors(players):
        # colours alternate, so a short game still shows all of a player's colours
        supply = [(c, i) for i in range(CONFIG.chest.per_color) for c in colors][:count]
        seats.append(SeatState(colors, tuple(supply), start=count))
    sea = list(range(CONFIG.lumber.count))
    random.Random(derive_seed(seed, "sea")).shuffle(sea)
    return RafterState(seed=seed, options=options, scene=starting_scene(), seats=tuple(seats),
                       sea_rafters=(), sea_lumber=tuple(sea))


def to_act(state: RafterState) -> frozenset[int]:
    return frozenset() if state.phase == OVER else frozenset({state.current})


def takeable(state: RafterState) -> tuple[int, ...]:
    """Rafters the player may take: never the previous turn's; from the sea if any is there."""
    sea = tuple(r for r in state.sea_rafters if r != state.last_rafter)
    if sea:
        return tuple(sorted(sea))
    return tuple(sorted(r for r in state.raft_rafters() if r != state.last_rafter))


def cards_offered(state: RafterState) -> tuple[int | None, ...]:
    """The lumber cards a taker may have: None (a new one, face down) while any is left,
    then every card lying wood side up in the sea."""
    return ((None,) if state.sea_lumber else ()) + state.sea_wood


def legal_actions(state: RafterState, seat: int) -> list[str]:
    """Taking: every rafter allowed, with each card offered. Building: one legal build per
    card pose on the coarse grid, its rafter and chest on offered places drawn at random
    (the full choice is continuous; these are what tests and bots pick from)."""
    if state.phase == OVER or seat != state.current:
        return []
    if state.phase == TAKE:
        return [Take(r, card).encode() for r in takeable(state) for card in cards_offered(state)]
    assert state.card is not None and state.held is not None
    pairs = list(place_pairs(state.card, state.held, advanced=state.options.advanced))
    rng = random.Random(derive_seed(state.seed, state.version, "offers"))
    actions = []
    for x, y, angle in candidates(state.scene, state.card, state.options.advanced):
        rafter, chest = rng.choice(pairs)
        actions.append(Build(x, y, angle, *rafter, *chest).encode())
    return actions


def apply(state: RafterState, seat: int, text: str) -> tuple[RafterState, tuple[Event, ...]]:
    if state.phase == OVER:
        raise GameOver()
    action = decode(text)
    if seat != state.current:
        raise NotYourTurn()
    if isinstance(action, Take):
        if state.phase != TAKE:
            raise IllegalAction("a rafter is already in hand")
        return _take(state, action)
    if state.phase != PLACE:
        raise IllegalAction("take a rafter first")
    return _build(state, action)


# --- taking ------------------------------------------------------------------------------


def _take(state: RafterState, take: Take) -> tuple[RafterState, tuple[Event, ...]]:
    rafter = take.rafter
    if rafter not in takeable(state):
        raise IllegalAction(f"rafter {rafter} may not be taken now")
    if take.wood not in cards_offered(state):
        raise IllegalAction("that lumber card is not in the sea wood side up"
                            if take.wood is not None else "no lumber card is left face down")
    seat = state.current
    taking = replace(state, last_rafter=rafter, version=state.version + 1)
    if rafter in state.sea_rafters:
        taking = replace(taking, sea_rafters=tuple(r for r in state.sea_rafters if r != rafter),
                         last=LastMove(seat))
        return _start_building(taking, rafter, take.wood,
                               (_event("rafter-took-sea", seat, rafter),))
    settled = lift(state.scene, f"{RAFTER}{rafter}", seed=derive_seed(state.seed, state.version, "lift"),
                   record_every=_record_every())
    taking = replace(taking, scene=settled.scene)
    took = _event("rafter-took-raft", seat, rafter)
    if settled.fallen:  # the turn ends; the rafter in hand goes into the sea with the rest
        return _end_turn(taking, [settled], extra_fallen_rafters=(rafter,), told=(took,))
    taking = replace(taking, last=LastMove(seat))
    return _start_building(taking, rafter, take.wood, (took,))


def _start_building(state: RafterState, rafter: int, wood: int | None,
                    told: tuple[Event, ...]) -> tuple[RafterState, tuple[Event, ...]]:
    if wood is None:
        card, *rest = state.sea_lumber
        building = replace(state, phase=PLACE, held=rafter, card=card, sea_lumber=tuple(rest))
    else:
        card = wood
        building = replace(state, phase=PLACE, held=rafter, card=card,
                           sea_wood=tuple(c for c in state.sea_wood if c != wood))
        told += (_event("rafter-took-wood", state.current),)
    if not has_place(building.scene, card, state.options.advanced):
        # nowhere left to put a card: the raft is finished, and so is the game (the card
        # goes back where it lay)
        ended = replace(state, phase=OVER, sea_rafters=state.sea_rafters + (rafter,),
                        ending=Label(END_NO_ROOM))
        return ended, told + (Event(Label(END_NO_ROOM)),)
    return building, told


# --- building ----------------------------------------------------------------------------


def build_placements(state: RafterState, build: Build) -> tuple[Placement, Placement, Placement]:
    """The card, the rafter and the chest a build puts down, aimed (before the tremor); the
    chest is aimed at its place on the card as aimed."""
    assert state.card is not None and state.held is not None
    card = Placement(LUMBER, state.card, build.x, build.y, build.angle)
    rafter = _on_card(RAFTER, state.held, build, build.ru, build.rv, build.rturn)
    colour, index = state.seats[state.current].supply[0]
    chest = _on_card(CHEST, colour, build, build.cu, build.cv, 0, index)
    return card, rafter, chest


def _on_card(kind: str, variant: int, build: Build, u: int, v: int, turn: int,
             index: int = 0) -> Placement:
    x, y = card_to_raft(float(u), float(v), build.x, build.y, build.angle)
    return Placement(kind, variant, x, y, float(build.angle + turn), index)


def build_problem(state: RafterState, build: Build) -> str | None:
    """Why a build is refused (a translation key), or None when it is legal."""
    assert state.card is not None and state.held is not None
    advanced = state.options.advanced
    rafter = (build.ru, build.rv, build.rturn)
    if not rafter_place_ok(state.card, state.held, rafter, advanced=advanced):
        return "rafter-why-rafter-spot"
    if not chest_place_ok(state.card, state.held, rafter, (build.cu, build.cv),
                          advanced=advanced):
        return "rafter-why-chest-spot"
    return lumber_problem(probe_for(state.scene), state.card, build.x, build.y,
                          build.angle, advanced=advanced)


def _build(state: RafterState, build: Build) -> tuple[RafterState, tuple[Event, ...]]:
    problem = build_problem(state, build)
    if problem is not None:
        raise IllegalAction(problem)
    card, rafter, chest = build_placements(state, build)
    seat = state.current
    frames = _record_every()
    first = place(state.scene, (card, rafter), seed=derive_seed(state.seed, state.version, "build"),
                  record_every=frames)
    building = replace(state, held=None, card=None, version=state.version + 1)
    if first.fallen:  # the chest never went down: it stays in the supply
        return _end_turn(replace(building, scene=first.scene), [first],
                         told=(_event("rafter-built", seat, rafter.variant),))
    second = place(first.scene, (chest,), seed=derive_seed(state.seed, state.version, "chest"),
                   record_every=frames)
    seats = list(state.seats)
    me = seats[seat]
    seats[seat] = replace(me, supply=me.supply[1:], built=me.built + (0 if second.fallen else 1))
    built = replace(building, scene=second.scene, seats=tuple(seats))
    return _end_turn(built, [first, second], told=(_event("rafter-built", seat, rafter.variant),))


# --- the end of a turn -------------------------------------------------------------------


def _end_turn(state: RafterState, steps: Sequence[Settled], *,
              extra_fallen_rafters: tuple[int, ...] = (),
              told: tuple[Event, ...] = ()) -> tuple[RafterState, tuple[Event, ...]]:
    """Sort what fell during the turn's steps and pass the turn (or end the game)."""
    seat = state.current
    fallen = tuple(p for s in steps for p in s.fallen)
    placed = tuple(p.id for s in steps for p in s.placed if p.id in state.scene.ids())
    sorted_ = sort_fallen(fallen, active=seat, players=state.players)
    state = _sorted_away(state, sorted_, extra_fallen_rafters)
    state = _lumber_to_sea(state, [p for p in fallen if p.kind == LUMBER])
    frames = _animation(steps) if fallen or extra_fallen_rafters else ()
    state = replace(state, phase=TAKE, held=None, card=None,
                    last=LastMove(seat, placed, fallen, frames),
                    solo_fell=state.solo_fell or bool(fallen))
    events = told + _fall_events(seat, sorted_, extra_fallen_rafters)
    if state.seats[seat].out:
        events += (_event("rafter-out", seat),)
    return _next_turn(state, events)


def _sorted_away(state: RafterState, sorted_: Sorted,
                 extra_rafters: tuple[int, ...]) -> RafterState:
    seat = state.current
    seats = list(state.seats)
    me = seats[seat]
    seats[seat] = replace(me, penalties=me.penalties + sorted_.penalties,
                          supply=me.supply + sorted_.returned)
    return replace(state, seats=tuple(seats),
                   sea_rafters=state.sea_rafters + sorted_.rafters + extra_rafters)


def _lumber_to_sea(state: RafterState, fallen: Sequence[Piece]) -> RafterState:
    """Fallen cards lying wood side up stay so, in the order they fell; the rest go face
    down among the sea's cards at seeded places (where is as secret as the sea's order)."""
    face_up = tuple(p.variant for p in fallen if quat_up_z(p.pose.quat) > 0)
    sea = list(state.sea_lumber)
    rng = random.Random(derive_seed(state.seed, state.version, "sea"))
    for piece in sorted(fallen, key=lambda p: p.id):
        if piece.variant not in face_up:
            sea.insert(rng.randint(0, len(sea)), piece.variant)
    return replace(state, sea_lumber=tuple(sea), sea_wood=state.sea_wood + face_up)


def _next_turn(state: RafterState, events: tuple[Event, ...]) -> tuple[RafterState, tuple[Event, ...]]:
    reason = end_reason(tallies(state), house=state.options.house, solo_fell=state.solo_fell)
    if reason is None and not cards_offered(state):  # the last resort: no card to take
        reason = Label(END_NO_LUMBER)
    if reason is not None:
        return replace(state, phase=OVER, ending=reason), events + (Event(reason),)
    n = state.players
    for step in range(1, n + 1):
        seat = (state.current + step) % n
        if not state.seats[seat].out and state.seats[seat].supply:
            return replace(state, current=seat), events
    reason = Label(END_NO_LUMBER)  # unreachable while end_reason holds; ends rather than loops
    return replace(state, phase=OVER, ending=reason), events + (Event(reason),)


def tallies(state: RafterState) -> tuple[Tally, ...]:
    """Each seat's chests, as the ending and the ranking count them. Solo play scores the
    turns built before the first fall, so its tally counts those as placed."""
    owner = {c: s for s, seat in enumerate(state.seats) for c in seat.colors}
    rows = []
    for s, seat in enumerate(state.seats):
        lost = sum(1 for other in state.seats for colour, _ in other.penalties
                   if owner.get(colour) == s)
        supply = seat.start - seat.built if state.players == 1 else len(seat.supply)
        rows.append(Tally(s, len(seat.penalties), lost, supply, seat.start))
    return tuple(rows)


# --- helpers -----------------------------------------------------------------------------


def _record_every() -> int:
    return max(1, round(1 / (FRAMES_PER_SECOND * CONFIG.simulation.timestep_s)))


def _animation(steps: Sequence[Settled]) -> tuple[tuple[Piece, ...], ...]:
    """The frames of a move, keeping in each only the pieces that moved during it."""
    frames = [f for s in steps for f in s.frames]
    if not frames:
        return ()
    first: dict[str, Piece] = {}
    last: dict[str, Piece] = {}
    for frame in frames:
        for piece in frame.pieces:
            first.setdefault(piece.id, piece)
            last[piece.id] = piece
    for s in steps:
        for piece in s.fallen:
            last[piece.id] = piece
    moving = {i for i in first
              if max(abs(a - b) for a, b in zip(first[i].pose.pos, last[i].pose.pos)) > MOVED_MM}
    return tuple(tuple(frame_piece(p) for p in f.pieces if p.id in moving) for f in frames)


def _fall_events(seat: int, sorted_: Sorted, extra_rafters: tuple[int, ...]) -> tuple[Event, ...]:
    if not sorted_.anything and not extra_rafters:
        return ()
    return (Event(Label("rafter-fell", {
        "seat": seat, "penalties": len(sorted_.penalties), "returned": len(sorted_.returned),
        "rafters": len(sorted_.rafters) + len(extra_rafters), "lumber": len(sorted_.lumber)})),)


def _event(key: str, seat: int, rafter: int | None = None) -> Event:
    args: dict[str, Any] = {"seat": seat}
    if rafter is not None:
        args["rafter"] = f"rafter-name-{CONFIG.rafters[rafter].name}"
    return Event(Label(key, args))

