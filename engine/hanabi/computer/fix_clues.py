"""Fix Clues (H-group, Beginner's Guide): a teammate about to misplay a clued card is told.

The Guide's rule: when a teammate's clued card looks playable to them but is not (a copy of
it was touched or played since, or a clue broke good touch, or it was misread), give them
a clue that shows it does not play, before their turn: a *Fix Clue*. It goes before any
other clue, as a misplay costs a fuse. A fix clue re-touches the card with the clue that
tells it apart (its colour, often, which shows it is a copy of a played card).

A card "looks playable" to its holder when every identity they can still give it fits now:
the table's model says so, or, counting what the holder sees (good touch: no copy of a
touched card they see, no identity whose every copy they see), its clues leave only cards
that fit.
"""

from __future__ import annotations

from .clues import ClueOption, all_options
from .model import Known
from .position import Position


def holder_view(pos: Position, holder: int, clued: int) -> int:
    """The identities a card of `holder`'s with these clues may be, as the holder sees it."""
    board = pos.board
    seen = [board.gone(i) for i in range(pos.deck.size)]
    touched = 0
    for seat, row in enumerate(pos.cards):
        if seat == holder:
            continue
        for k, identity in enumerate(row):
            if identity is None:  # this seat's own card: the holder sees it
                continue
            seen[identity] += 1
            if pos.model.hands[seat][k].touched:
                touched |= 1 << identity
    all_seen = sum(1 << i for i, n in enumerate(seen) if n >= pos.deck.copies[i])
    return clued & ~board.trash & ~touched & ~all_seen or clued & ~board.trash


def looks_playable(pos: Position, holder: int, card: Known, clued: int | None = None) -> bool:
    playable = pos.board.playable
    if clued is None and card.mask and card.mask & ~playable == 0:
        return True
    view = holder_view(pos, holder, card.clued if clued is None else clued)
    return bool(view) and view & ~playable == 0


def about_to_misplay(pos: Position, holder: int) -> list[int]:
    """The holder's touched slots (0-based) that look playable to them but do not fit."""
    playable = pos.board.playable
    found = []
    for k, card in enumerate(pos.model.hands[holder]):
        identity = pos.cards[holder][k]
        if identity is None or not card.touched or playable >> identity & 1:
            continue
        if looks_playable(pos, holder, card):
            found.append(k)
    return found


def fixes(pos: Position, option: ClueOption, slots: list[int]) -> bool:
    """The clue touches one of these slots and leaves it no longer looking playable."""
    told = pos.deck.clue_mask(option.kind, option.value)
    hand, playable = pos.model.hands[option.target], pos.board.playable
    for k in slots:
        if k + 1 not in option.slots:
            continue
        card = hand[k]
        mask = card.mask & told or card.clued & told  # as the table's model will read it
        if mask & ~playable and not looks_playable(pos, option.target, card, card.clued & told):
            return True
    return False


def urgent_fix(pos: Position) -> ClueOption | None:
    """The fix clue for the next player, who is about to misplay: the one touching fewest new
    cards (a new card touched reads as a play clue), then the worthiest."""
    if pos.board.clues == 0:
        return None
    after = (pos.seat + 1) % pos.players
    slots = about_to_misplay(pos, after)
    if not slots:
        return None
    options = [o for o in all_options(pos, [after]) if fixes(pos, o, slots)]
    if not options:
        return None
    return min(options, key=lambda o: (len(o.new), o.bad_touch, -o.score))
