"""The `normal` level: a convention player a person can follow (the H-group's Beginner's Guide).

It keeps the table's public knowledge model (`model`, `conventions`) replayed from the
history, and on its turn: warns the next player whose chop is a last copy, plays a card it
knows fits, gives the clue worth most that plays or saves a card (Minimum Clue Value; no
bad touch when a clean clue does the job, `good_touch`; never a misleading one), and
otherwise discards its chop. Only in the H-group's stalling situations (early game, 8 clues,
a locked hand, the end-game) does it stall, and only with the clues the table reads as a
stall (`stalling`). In the last round it plays, gives clues that still lead to a play, and
guesses only when a wrong guess cannot lose the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core import Budget, Decision
from . import finesse, fix_clues, good_touch, reasons, self_prompt, stalling
from .clues import ClueOption, all_options, possible_clues
from .conventions import RANK, chop_in_danger, will_play
from .hand import best_guess, best_sure_play, discard_choice, sure_plays
from .position import Position, read

CLUE_WORTH = 0.5  # a clue worth less than this is not worth a token (unless forced)
CLUE_WORTH_LAST_TOKEN = 0.8  # with a single token left
ADVANCED_RESERVE, ADVANCED_RESERVE_WORTH = 3, 1.5
STALL_MARGIN = 1  # deck cards beyond the queued plays that still call for a stall
STALL_PACE = 1  # discards the team can still afford before the deck's end costs points


def choose(view: Mapping[str, Any], seat: int, rng: random.Random, budget: Budget) -> Decision:
    return decide(read(view, seat))


def decide(pos: Position) -> Decision:
    good_touch.visible_duplicates(pos)
    connecting = promised_play(pos)  # a finesse or prompt is answered at once
    if connecting is not None:
        return connecting
    warning = chop_warning(pos)
    if warning is not None:
        return give(warning)
    fix = fix_clues.urgent_fix(pos)  # a misplay costs a fuse: before any play of ours
    if fix is not None:
        return Decision(fix.action(), reasons.clue(fix.target, fix.kind, fix.value, "fix"))
    if pos.board.deck_left == 0 and not pos.advanced:
        return last_round(pos)
    play = best_sure_play(pos, finesse.waiting(pos) | self_prompt.waiting(pos, sure_plays(pos)))
    if play is not None:
        return Decision(f"play:{play + 1}", reasons.play(play + 1))
    options = all_options(pos)
    # Minimum Clue Value: outside a stalling situation a clue gets a card played or saves one
    valuable = [o for o in options if o.purpose != "stall"]
    needed = CLUE_WORTH_LAST_TOKEN if pos.board.clues == 1 else CLUE_WORTH
    if pos.advanced and pos.board.clues <= ADVANCED_RESERVE:
        needed = ADVANCED_RESERVE_WORTH  # keep tokens to warn and stall: a lost card loses all
    worth = good_touch.prefer_clean(valuable, needed)
    if worth:
        return give(max(worth, key=lambda o: o.score))
    end_game = stall_instead(pos)
    risky = False
    if pos.can_discard():
        slot, why = discard_choice(pos)
        # a forced discard (in the advanced variant any discard) may lose a last copy
        risky = (why == "forced" or pos.advanced) and pos.probability(slot, pos.board.critical) > 0
    where = stalling.situation(pos, end_game or risky)
    if where is not None:
        stall = stalling.stall_clue(pos, options, where)
        if stall is not None:
            return give_stall(*stall)
    if pos.can_discard():
        return discard(pos)
    if options:  # 8 clues and no stall clue the table reads as one: the least harm
        return give(max(options, key=lambda o: (-o.bad_touch, o.score)), stall=True)
    return forced(pos)


def promised_play(pos: Position) -> Decision | None:
    """Fulfil a partner's play clue that connects through an own card: the prompted card,
    or the card on finesse position (a blind play, not on the last fuse)."""
    playable = pos.board.playable
    for k, (identity, how) in sorted(finesse.promised(pos).items()):
        if not playable >> identity & 1:
            continue
        if how == "finesse" and pos.board.fuses >= 2:
            continue
        return Decision(f"play:{k + 1}", reasons.connecting(k + 1, how))
    return None


def stall_instead(pos: Position) -> bool:
    """Near the end a discard brings the last round closer; a clue keeps the deck for the
    players who still have cards to play."""
    board = pos.board
    if board.deck_left == 0:
        return False
    pace = board.deck_left + pos.players - (board.max_score() - board.score)
    if pace <= STALL_PACE:
        return True
    # the last round gives each player one turn: plays queued beyond that need the deck
    hands = pos.model.hands
    queued = [sum(will_play(pos.model, card) for card in hands[seat]) for seat in pos.others()]
    extra = sum(max(0, count - 1) for count in queued) + max(0, len(sure_plays(pos)) - 1)
    return board.deck_left <= extra + STALL_MARGIN


def chop_warning(pos: Position) -> ClueOption | None:
    """The clue that saves the next player's chop when it is a last copy."""
    chop = chop_in_danger(pos.model, pos.seat)
    if chop is None:
        return None
    after = (pos.seat + 1) % pos.players
    k = pos.model.hands[after].index(chop)
    identity = pos.cards[after][k]
    assert identity is not None
    if not pos.board.critical >> identity & 1:
        return None
    touching = [o for o in all_options(pos, [after]) if k + 1 in o.slots]
    if touching:
        return max(touching, key=lambda o: o.score)
    rank = identity % 5 + 1
    slots = tuple(s + 1 for s, i in enumerate(pos.cards[after]) if i is not None
                  and i % 5 + 1 == rank)
    return ClueOption(after, RANK, rank, 0.0, 0, "save", slots)


def last_round(pos: Position) -> Decision:
    """The deck is empty: every player has one turn left."""
    play = best_sure_play(pos)
    if play is not None:
        return Decision(f"play:{play + 1}", reasons.play(play + 1))
    still = [(pos.seat + step) % pos.players for step in range(1, pos.final_turns_left)]
    options = [o for o in all_options(pos, still) if o.plays and immediate(pos, o)]
    if options:
        return give(max(options, key=lambda o: o.score))
    slot, chance = best_guess(pos)
    if chance > 0 and pos.board.fuses < 2:
        return Decision(f"play:{slot + 1}", reasons.play(slot + 1, guess=True))
    if pos.can_discard():
        return discard(pos)
    options = all_options(pos)
    if options:
        return give(max(options, key=lambda o: o.score), stall=True)
    return forced(pos)


def immediate(pos: Position, option: ClueOption) -> bool:
    """The clue touches a card that fits right now."""
    playable = pos.board.playable
    return any(playable >> pos.cards[option.target][s - 1] & 1 for s in option.slots)


def give(option: ClueOption, *, stall: bool = False) -> Decision:
    purpose = "stall" if stall and option.purpose == "stall" else option.purpose
    return Decision(option.action(),
                    reasons.clue(option.target, option.kind, option.value, purpose))


def give_stall(option: ClueOption, kind: str) -> Decision:
    return Decision(option.action(), reasons.stall(option.target, option.kind, option.value, kind))


def discard(pos: Position) -> Decision:
    slot, why = discard_choice(pos)
    key = {"useless": reasons.DISCARD_USELESS, "chop": reasons.DISCARD_CHOP,
           "forced": reasons.DISCARD_FORCED}[why]
    return Decision(f"discard:{slot + 1}", reasons.discard(slot + 1, key))


def forced(pos: Position) -> Decision:
    """Every clue would mislead (or none is left) and no card may be discarded: give any
    clue rather than risk a card, or else play the likeliest card."""
    if pos.board.clues:
        for target in pos.others():
            for kind, value, slots in possible_clues(pos, target):
                return give(ClueOption(target, kind, value, 0.0, 0, "stall", slots))
    slot, _ = best_guess(pos)
    return Decision(f"play:{slot + 1}", reasons.play(slot + 1, guess=True))
