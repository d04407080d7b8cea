"""Weighing a clue: the giver reads it exactly as the table will (the same convention code on
the same public model), then compares that reading with the cards it sees.

A clue is *misleading*, and never given, when the reading rules out a touched or untouched
card's real identity. A save on chop that may also be a card that plays now counts less (an
H-group player, the H-group bot at least, plays such a card: the play clue it could be), so
a save without that doubt is given instead when there is one. Otherwise its worth counts
the cards it makes the receiver play, the valuable cards it saves, the useless or duplicate
cards it touches (bad touch) and, a little, what it narrows down.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import single
from .conventions import (
    COLOR,
    RANK,
    chop_index,
    delayed_playable,
    no_warning_given,
    playing,
    read_clue,
    stall_save_allowed,
)
from .model import Known, Model
from .position import Position

PLAY_NOW, PLAY_LATER = 1.0, 0.7  # a card that fits now, or after known plays
SAVE_CHOP, SAVE_ELSEWHERE = 0.9, 0.3  # a single-copy card touched on the chop or elsewhere
SAVE_TWO = 0.6  # a 2 touched on the chop, no copy of it in another hand (a 2 Save)
KEEP = 0.05  # any other useful card touched
BAD_TOUCH = -0.6  # a useless card, or a copy of one already touched, touched
KNOWN_USELESS = 0.2  # a card the receiver will now know is useless
NARROWING = 0.01  # per identity ruled out
AMBIGUOUS_SAVE = -0.15  # a save on chop that may be read as a card that plays now


@dataclass(frozen=True)
class ClueOption:
    target: int
    kind: str
    value: int
    score: float
    plays: int  # cards the receiver will now play (now or after known plays)
    purpose: str  # one of reasons.CLUE_PURPOSES
    slots: tuple[int, ...]
    new: tuple[int, ...] = ()  # the slots it touches for the first time
    chop: bool = False  # it touches the receiver's chop for the first time (chop focus)
    bad_touch: int = 0  # useless cards or duplicates it touches (good touch is broken)
    twins: bool = False  # it touches two copies of one card for the first time

    def action(self) -> str:
        return f"clue:{self.target}:{'c' if self.kind == COLOR else 'r'}{self.value}"


def possible_clues(pos: Position, target: int) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every clue that may be given to `target`, with the slots it touches."""
    cards = [i for i in pos.cards[target] if i is not None]
    clues = []
    for color in sorted({i // 5 for i in cards}):
        clues.append((COLOR, color, tuple(k + 1 for k, i in enumerate(pos.cards[target])
                                          if i is not None and i // 5 == color)))
    for rank in sorted({i % 5 + 1 for i in cards}):
        clues.append((RANK, rank, tuple(k + 1 for k, i in enumerate(pos.cards[target])
                                        if i is not None and i % 5 + 1 == rank)))
    return clues


def touched_identities(pos: Position, skip_seat: int) -> list[int]:
    """Identities of touched cards outside one hand, as this seat knows them (an own
    touched card by what it may be besides trash: good touch)."""
    found = []
    for seat, hand in enumerate(pos.model.hands):
        if seat == skip_seat:
            continue
        for k, card in enumerate(hand):
            if not card.touched:
                continue
            identity = pos.cards[seat][k]
            if identity is None:
                mine = pos.own[k] & ~pos.board.trash or pos.own[k]  # good touch: not trash
                if single(mine):
                    identity = mine.bit_length() - 1
            if identity is not None:
                found.append(identity)
    return found


def trial_model(model: Model) -> Model:
    """A copy deep enough to read a clue on without touching the real model."""
    hands = [[card.copy() for card in hand] for hand in model.hands]
    return Model(model.deck, model.board, hands, model.drawn, model.discards, model.moves,
                 model.misplayed)


def evaluate(pos: Position, target: int, kind: str, value: int,
             slots: tuple[int, ...]) -> ClueOption | None:
    """The clue's worth, or None when it is misleading."""
    model, board = pos.model, pos.board
    before: list[Known] = model.hands[target]
    truth = pos.cards[target]
    playing_before = playing(model, before)
    chop = chop_index(before)
    trial = trial_model(model)
    stall = stall_save_allowed(model, pos.seat)
    focus = read_clue(trial, target, kind, value, slots, stall)
    no_warning_given(trial, pos.seat)
    after = trial.hands[target]
    slot = next((k for k, card in enumerate(after) if card is focus), None)  # the focus's
    fresh = slot if slot is not None and not before[slot].touched else None  # newly touched
    told_fives = kind == RANK and value == 5
    if focus is not None and fresh is not None and not focus.save and not told_fives \
            and focus.mask & ~board.trash \
            and not delayed_playable(trial, focus) >> truth[fresh] & 1:
        return None  # its focus does not play: partners would look for a finesse
    elsewhere = set(touched_identities(pos, target))
    if fresh is not None and truth[fresh] in elsewhere:
        return None  # good touch, read: its receiver sees that card touched, takes it for another
    playable = board.playable
    # a save on chop that may also be a card that plays now: an H-group player (the H-group
    # bot at least) plays it, so another clue that saves it without that doubt comes first
    ambiguous = (focus is not None and slot is not None and slot == chop and focus.save
                 and not stall and not told_fives
                 and focus.mask & playable != 0 and not playable >> truth[slot] & 1)
    in_other_hands = {i for seat in pos.others() if seat != target
                      for i in pos.cards[seat] if i is not None}
    score, plays, seen_now, bad, twins = AMBIGUOUS_SAVE * ambiguous, 0, set(), 0, False
    playing_after = playing(trial, after)
    for k, card in enumerate(after):
        identity = truth[k]
        assert identity is not None
        if not card.mask >> identity & 1:
            return None
        if not playing_before[k] and playing_after[k]:
            plays += 1
            score += PLAY_NOW if board.playable >> identity & 1 else PLAY_LATER
        if card.touched and not before[k].touched:
            bit = 1 << identity
            twins = twins or identity in seen_now
            if card.mask & ~board.trash == 0:
                pass  # trash its receiver will know is trash: no harm done (KNOWN_USELESS)
            elif board.trash & bit or identity in elsewhere or identity in seen_now:
                score += BAD_TOUCH
                bad += 1
            elif board.critical & bit:
                score += SAVE_CHOP if k == chop else SAVE_ELSEWHERE
            elif k == chop and identity % 5 == 1:
                score += SAVE_TWO if identity not in in_other_hands else KEEP
            else:
                score += KEEP
            seen_now.add(identity)
        if card.mask & ~board.trash == 0 and before[k].mask & ~board.trash:
            score += KNOWN_USELESS
        score += NARROWING * (before[k].mask.bit_count() - card.mask.bit_count())
    on_chop = chop is not None and after[chop] is focus
    if focus is not None and focus.save and not on_chop:
        purpose = "play" if plays else "stall"  # a 5 Stall: saves are on chop only
    elif focus is not None and focus.save:
        purpose = "save"  # its reason, "5 save to Anna", names the 5 Save, 2 Save or Critical Save
    elif plays and focus is not None and not any(
            after[k] is focus and not before[k].touched for k in range(len(after))):
        purpose = "tempo"
    else:
        purpose = "play" if plays else "stall"
        if plays and focus is not None and focus.mask & ~board.playable:
            purpose = "delayed-play"  # the focus plays once cards already clued have played
    new = tuple(s for s in slots if not before[s - 1].touched)
    return ClueOption(target, kind, value, score, plays, purpose, slots, new,
                      chop is not None and chop + 1 in new, bad, twins)


def all_options(pos: Position, targets: list[int] | None = None) -> list[ClueOption]:
    """Every clue that is not misleading, for the given targets (default: everybody)."""
    if pos.board.clues == 0:
        return []
    options = []
    for target in targets if targets is not None else pos.others():
        for kind, value, slots in possible_clues(pos, target):
            option = evaluate(pos, target, kind, value, slots)
            if option is not None:
                options.append(option)
    return options
