"""What each seat may see of a Hanabi game, and the result.

Public (everyone, the group included): the fireworks, the clue and fuse tokens, how many
cards are left in the deck, the discards, the recent moves and the whole public history of
moves (clues are spoken aloud, played and discarded cards are face up: every player at the
table could have written it down; computer players read their conventions from it), and
for every card in every hand what its owner was told.

A player also sees the other players' cards, and for their own cards only what they know:
what they were told and which identities remain possible from everything they can see.
Their own cards and the deck order never appear in their view. Only the owner's own
deductions are given: the deductions another player could make depend on cards the viewer
cannot see (their own), so showing them would leak.

Once the game is over nothing is secret: every hand is shown face up.
"""

from __future__ import annotations

from typing import Any

from ..core import Label, Outcome, Standing
from .components import COLORS, Card, color_id, verdict
from .knowledge import COLOR, identities
from .state import COMPLETE, FINAL, LOSSES, OVER, STUCK, HanabiState, HandCard, Move

RECENT_MOVES = 5
"""How many of the last moves a view carries (a full round with five players)."""


def card_view(card: Card) -> dict[str, Any]:
    return {"color": color_id(card.color), "rank": card.rank}


def told_view(state: HanabiState, held: HandCard) -> dict[str, Any]:
    """What the owner was told about a card: public."""
    told = held.told
    return {
        "color": None if told.color is None else color_id(told.color),
        "rank": told.rank,
        "not_colors": [color_id(c) for c in told.not_colors],
        "not_ranks": list(told.not_ranks),
        "colors": [color_id(c) for c in told.colors(state.variant.colors)],
        "ranks": list(told.ranks()),
        "touched": told.touched,
    }


def visible_to(state: HanabiState, seat: int) -> list[Card]:
    """Every card `seat` can see: the other hands, the fireworks and the discards."""
    cards = [state.deck[o] for o in (*state.played, *state.discards)]
    for other, hand in enumerate(state.hands):
        if other != seat:
            cards += [state.deck[h.order] for h in hand]
    return cards


def own_knowledge(state: HanabiState, seat: int) -> tuple[tuple[Card, ...], ...]:
    """For each card in `seat`'s hand, the identities its owner cannot rule out."""
    return identities(state.variant, [h.told for h in state.hands[seat]], visible_to(state, seat))


def _own_card(state: HanabiState, held: HandCard, possible: tuple[Card, ...]) -> dict[str, Any]:
    colors = sorted({c.color for c in possible})
    ranks = sorted({c.rank for c in possible})
    return {
        "possible": [card_view(c) for c in possible],
        "maybe_colors": [color_id(c) for c in colors],
        "maybe_ranks": ranks,
        "sure_play": bool(possible) and all(state.playable(c) for c in possible),
        "sure_dead": bool(possible) and not any(state.needed(c) for c in possible),
    }


def _hands(state: HanabiState, viewer: int | None) -> list[dict[str, Any]]:
    over = state.phase == OVER
    own = own_knowledge(state, viewer) if viewer is not None and not over else ()
    hands = []
    for seat, hand in enumerate(state.hands):
        cards = []
        for slot, held in enumerate(hand, start=1):
            entry: dict[str, Any] = {"slot": slot, "told": told_view(state, held)}
            if over or (viewer is not None and seat != viewer):
                entry["card"] = card_view(state.deck[held.order])
            elif seat == viewer:
                entry |= _own_card(state, held, own[slot - 1])
            cards.append(entry)
        hands.append({"seat": seat, "cards": cards})
    return hands


def move_view(state: HanabiState, move: Move) -> dict[str, Any]:
    """A past move as data (public: played and discarded cards are face up)."""
    data: dict[str, Any] = {"seat": move.seat, "kind": move.kind}
    if move.order >= 0:
        data |= {"slot": move.slot, "card": card_view(state.deck[move.order]), "ok": move.ok}
    else:
        data |= {"target": move.target, "touched": list(move.touched)}
        data |= {"color": color_id(move.value)} if move.kind == COLOR else {"rank": move.value}
    return data


def view(state: HanabiState, viewer: int | None) -> dict[str, Any]:
    colors = range(state.variant.colors)
    discards: dict[str, list[int]] = {COLORS[c]: [] for c in colors}
    for order in state.discards:
        card = state.deck[order]
        discards[COLORS[card.color]].append(card.rank)
    data: dict[str, Any] = {
        "game": "hanabi",
        "version": state.version,
        "players": state.players_count,
        "viewer": viewer,
        "colors": [COLORS[c] for c in colors],
        "options": state.variant.options(),
        "current": None if state.phase == OVER else state.current,
        "phase": state.phase,
        "final_turns_left": state.final_turns_left if state.phase == FINAL else 0,
        "clues": state.clues,
        "fuses": state.fuses,
        "deck": state.deck_left,
        "fireworks": {COLORS[c]: state.fireworks[c] for c in colors},
        "score": state.score,
        "max_score": state.variant.max_score,
        "discards": {color: sorted(ranks) for color, ranks in discards.items()},
        "hands": _hands(state, viewer),
        "recent": [move_view(state, m) for m in state.moves[-RECENT_MOVES:]],
        "history": [move_view(state, m) for m in state.moves],
        "turn": len(state.moves) + 1,
    }
    if state.phase == OVER:
        result = outcome(state)
        data["outcome"] = {"ending": state.ending, "lost": state.ending in LOSSES,
                           "score": result.standings[0].score if result else 0}
    return data


# --- the result --------------------------------------------------------------------------


def final_score(state: HanabiState) -> int:
    """The team's score: the fireworks' sum, or 0 for a lost game (a third fuse, or in the
    advanced variant a lost card or a player unable to act)."""
    return 0 if state.ending in LOSSES else state.score


def outcome(state: HanabiState) -> Outcome | None:
    """Everyone wins or loses together: every seat shares rank 1 and the team's score;
    the tie-break carries what the fireworks reached (also for a lost game)."""
    if state.phase != OVER:
        return None
    return Outcome(standings(state), _reason(state, final_score(state)))


def standings(state: HanabiState) -> tuple[Standing, ...]:
    """Every seat at rank 1 with the team's score (an unfinished game has not lost: the
    fireworks' sum) and, as the tie-break, what the fireworks reached."""
    score = final_score(state)
    return tuple(Standing(seat, 1, score, (state.score,)) for seat in range(state.players_count))


def _reason(state: HanabiState, score: int) -> Label:
    top = state.variant.max_score
    if state.ending in LOSSES:
        args: dict[str, Any] = {"fireworks": state.score, "max": top}
        if state.moves and state.moves[-1].order >= 0:
            card = state.deck[state.moves[-1].order]
            args |= {"color": color_id(card.color), "rank": card.rank}
        if state.ending == STUCK:
            args["seat"] = state.current
        return Label(f"hanabi-result-{state.ending}", args)
    if state.variant.advanced and state.ending == COMPLETE:
        return Label("hanabi-result-perfect", {"score": score, "max": top})
    return Label("hanabi-result-score", {"score": score, "max": top,
                                         "verdict": f"hanabi-verdict-{verdict(score)}"})
