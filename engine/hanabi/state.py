"""The Hanabi game state: frozen values, JSON round trip, and consistency checks.

Cards are named by their *order*: their position in the shuffled deck, 0 being the first
card dealt (as hanab.live numbers them). The deck itself (every identity, top first) is
part of the state and secret; a hand is a tuple of `HandCard`s, slot 1 first, where the
newest card always goes (the others move one slot right).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core import Malformed
from .components import HAND_SIZE, MAX_CLUES, MAX_FUSES, MAX_RANK, Card, Variant
from .knowledge import COLOR, RANK, Told

SCHEMA = 1
PLAY, FINAL, OVER = "play", "final", "over"
"""Phases: normal play; the last round after the deck ran out; the game is over."""
PHASES = (PLAY, FINAL, OVER)

# Why a game ended.
FUSES = "fuses"  # the third fuse burned: lost
COMPLETE = "complete"  # every firework complete: the maximum
LAST_ROUND = "last_round"  # everyone took their turn after the last card was drawn
CRITICAL = "critical"  # advanced variant: a card that could not be replaced was lost
STUCK = "stuck"  # advanced variant: the player to act has no card and there is no clue token
ENDINGS = (FUSES, COMPLETE, LAST_ROUND, CRITICAL, STUCK)
LOSSES = (FUSES, CRITICAL, STUCK)

PLAY_MOVE, DISCARD_MOVE = "play", "discard"
MOVE_KINDS = (PLAY_MOVE, DISCARD_MOVE, COLOR, RANK)


@dataclass(frozen=True)
class HandCard:
    """A card in a hand: which one it is (its order) and what its owner was told."""

    order: int
    told: Told = field(default_factory=Told)


@dataclass(frozen=True)
class Move:
    """One turn, as everybody saw it.

    `kind` is "play", "discard", "color" or "rank". Plays and discards name the `slot`
    (1-based) and the card's `order`; `ok` says whether a play joined its firework. Clues
    name the `target` seat, the `value` (colour index or rank) and the slots `touched`.
    """

    seat: int
    kind: str
    slot: int = 0
    order: int = -1
    ok: bool = True
    target: int = -1
    value: int = -1
    touched: tuple[int, ...] = ()


@dataclass(frozen=True)
class HanabiState:
    players_count: int
    seed: int
    variant: Variant
    deck: tuple[Card, ...]  # every card in deal order, top first: secret
    drawn: int  # cards dealt so far; deck[drawn:] is the draw pile
    hands: tuple[tuple[HandCard, ...], ...]  # per seat, slot 1 first
    fireworks: tuple[int, ...]  # the height of each colour's firework
    played: tuple[int, ...]  # orders of the cards in the fireworks, in the order played
    discards: tuple[int, ...]  # orders of the discarded (and misplayed) cards, in order
    clues: int = MAX_CLUES  # clue tokens available
    fuses: int = 0  # fuses burnt
    current: int = 0
    phase: str = PLAY
    final_turns_left: int = 0  # in the last round, turns still to come (this one too)
    ending: str = ""  # once over: FUSES, COMPLETE, LAST_ROUND, CRITICAL or STUCK
    moves: tuple[Move, ...] = ()
    version: int = 0

    @property
    def deck_left(self) -> int:
        return len(self.deck) - self.drawn

    @property
    def score(self) -> int:
        """The sum of the fireworks (what the fireworks show; a lost game scores 0)."""
        return sum(self.fireworks)

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.players_count]

    def card(self, order: int) -> Card:
        return self.deck[order]

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.deck[h.order] for h in self.hands[seat])

    def needed(self, card: Card) -> bool:
        """The card could still join its firework (its firework has not reached it)."""
        return card.rank > self.fireworks[card.color]

    def playable(self, card: Card) -> bool:
        return card.rank == self.fireworks[card.color] + 1

    def critical(self, card: Card) -> bool:
        """Needed, and the last copy not yet discarded or played."""
        copies = self.variant.copies(card)
        discarded = sum(1 for o in self.discards if self.deck[o] == card)
        return self.needed(card) and copies - discarded == 1

    @property
    def complete(self) -> bool:
        return all(h == MAX_RANK for h in self.fireworks)


# --- serialisation -----------------------------------------------------------------------


def to_dict(state: HanabiState) -> dict[str, Any]:
    data = asdict(state)
    data["schema"] = SCHEMA
    data["variant"] = state.variant.options()
    data["deck"] = [list(card) for card in state.deck]
    return data


def _told(data: Mapping[str, Any]) -> Told:
    color, rank = data.get("color"), data.get("rank")
    return Told(
        color=None if color is None else int(color),
        rank=None if rank is None else int(rank),
        not_colors=tuple(int(c) for c in data.get("not_colors", ())),
        not_ranks=tuple(int(r) for r in data.get("not_ranks", ())),
    )


def _move(data: Mapping[str, Any]) -> Move:
    return Move(
        seat=int(data["seat"]),
        kind=str(data["kind"]),
        slot=int(data.get("slot", 0)),
        order=int(data.get("order", -1)),
        ok=bool(data.get("ok", True)),
        target=int(data.get("target", -1)),
        value=int(data.get("value", -1)),
        touched=tuple(int(s) for s in data.get("touched", ())),
    )


def from_dict(data: Mapping[str, Any]) -> HanabiState:
    """Rebuild a state from `to_dict` output, refusing anything inconsistent."""
    try:
        if data.get("schema") != SCHEMA:
            raise Malformed(f"unknown state schema {data.get('schema')!r}")
        options = data["variant"]
        state = HanabiState(
            players_count=int(data["players_count"]),
            seed=int(data["seed"]),
            variant=Variant(multicolor=bool(options["multicolor"]),
                            advanced=bool(options["advanced"])),
            deck=tuple(Card(int(c), int(r)) for c, r in data["deck"]),
            drawn=int(data["drawn"]),
            hands=tuple(
                tuple(HandCard(int(h["order"]), _told(h["told"])) for h in hand)
                for hand in data["hands"]
            ),
            fireworks=tuple(int(h) for h in data["fireworks"]),
            played=tuple(int(o) for o in data["played"]),
            discards=tuple(int(o) for o in data["discards"]),
            clues=int(data["clues"]),
            fuses=int(data["fuses"]),
            current=int(data["current"]),
            phase=str(data["phase"]),
            final_turns_left=int(data["final_turns_left"]),
            ending=str(data["ending"]),
            moves=tuple(_move(m) for m in data["moves"]),
            version=int(data["version"]),
        )
    except Malformed:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise Malformed(f"bad state data: {exc}") from exc
    problems = consistency_problems(state)
    if problems:
        raise Malformed("inconsistent state: " + "; ".join(problems))
    return state


# --- consistency -------------------------------------------------------------------------


def consistency_problems(state: HanabiState) -> list[str]:
    """Everything that must hold, checked; an empty list means the state is sound."""
    n = state.players_count
    if n not in HAND_SIZE or len(state.hands) != n:
        return [f"bad player count {n}"]
    variant = state.variant
    problems: list[str] = []
    if tuple(sorted(state.deck)) != variant.sorted_deck:
        return ["the deck is not this variant's deck"]
    problems += _card_problems(state)
    if len(state.fireworks) != variant.colors or any(
            not 0 <= h <= MAX_RANK for h in state.fireworks):
        problems.append("bad fireworks")
    else:
        ranks: list[list[int]] = [[] for _ in state.fireworks]
        for order in state.played:
            card = state.deck[order]
            ranks[card.color].append(card.rank)
        for color, height in enumerate(state.fireworks):
            if ranks[color] != list(range(1, height + 1)):
                problems.append(f"firework {color} does not match the cards played")
    if not 0 <= state.clues <= MAX_CLUES:
        problems.append("clue tokens out of range")
    if not 0 <= state.fuses <= MAX_FUSES:
        problems.append("fuses out of range")
    misplays = sum(1 for m in state.moves if m.kind == PLAY_MOVE and not m.ok)
    if misplays != state.fuses:
        problems.append("fuses do not match the misplays")
    if not 0 <= state.current < n:
        problems.append("current seat out of range")
    if state.phase not in PHASES:
        problems.append(f"unknown phase {state.phase!r}")
    if (state.phase == OVER) != (state.ending in ENDINGS):
        problems.append("the ending does not match the phase")
    if state.phase != OVER and state.fuses >= MAX_FUSES:
        problems.append("three fuses burnt but the game goes on")
    if state.phase == FINAL and not (state.deck_left == 0 and 0 < state.final_turns_left <= n):
        problems.append("bad last round")
    if state.version != len(state.moves) or any(
            m.kind not in MOVE_KINDS or not 0 <= m.seat < n for m in state.moves):
        problems.append("bad move history")
    return problems


def _card_problems(state: HanabiState) -> list[str]:
    """Every dealt card is in exactly one place, and what owners were told is true."""
    problems: list[str] = []
    if not state.hand_size * state.players_count <= state.drawn <= len(state.deck):
        problems.append("bad number of cards drawn")
    places = [h.order for hand in state.hands for h in hand] + list(state.played)
    places += list(state.discards)
    if sorted(places) != list(range(state.drawn)):
        problems.append("cards not conserved")
    if any(len(hand) > state.hand_size for hand in state.hands):
        problems.append("a hand is too big")
    for hand in state.hands:
        for h in hand:
            if 0 <= h.order < len(state.deck) and not h.told.allows(state.deck[h.order]):
                problems.append(f"clues about card {h.order} are false")
    return problems
