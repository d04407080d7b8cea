"""Choosing among one's own cards: which surely fits, which to throw away, which to risk."""

from __future__ import annotations

from .cards import identities_in, single
from .position import Position

CHOP_RISK = 0.15  # how much likelier to be a last copy the chop must be to keep it instead


def sure_plays(pos: Position) -> list[int]:
    """Own slot indexes (0-based) whose every remaining identity fits now."""
    playable = pos.board.playable
    return [k for k, mask in enumerate(pos.own) if mask and mask & ~playable == 0]


def best_sure_play(pos: Position, held: set[int] | frozenset[int] = frozenset()) -> int | None:
    """The sure play that helps most: a 5 (a clue token back), then one that lets a card
    someone holds follow, then the lowest (1s oldest first); a card only this seat knows
    fits goes first, so nobody spends a clue on it. Slots in `held` wait (a finesse may be
    under way)."""
    plays = [k for k in sure_plays(pos) if k not in held]
    if not plays:
        return None
    focus = {pos.own[k] for k in plays if pos.hand[k].play_giver >= 0}
    # two cards that read as the same card: the clue's focus plays, the other is its copy;
    # neither of two that read as the same last copy (one is a bad touch: wait for a fix)
    plays = [k for k in plays
             if pos.hand[k].play_giver >= 0 or not single(pos.own[k]) or pos.own[k] not in focus]
    plays = [k for k in plays if not clash(pos, k)]
    if not plays:
        return None
    waiting = {i for i in pos.visible_identities()}

    def worth(k: int) -> tuple[float, int]:
        ranks = [i % 5 + 1 for i in identities_in(pos.own[k])]
        value = 0.0
        if min(ranks) == 5 and pos.board.clues < 8:
            value += 3
        if any(i + 1 in waiting for i in identities_in(pos.own[k]) if i % 5 < 4):
            value += 2
        if pos.hand[k].mask & ~pos.board.playable:
            value += 1  # the others do not know it fits
        value += (5 - min(ranks)) * 0.1
        # the Guide's play order for 1s: the oldest (rightmost) first, as a giver who
        # touched a useless 1 beside them expects; other cards the newest first
        return value, k if max(ranks) == 1 else -k

    return max(plays, key=worth)


def clash(pos: Position, k: int) -> bool:
    """Another own card reads as the same single card, with fewer copies left than two."""
    mask = pos.own[k]
    if not single(mask) or pos.unseen[mask.bit_length() - 1] >= 2:
        return False
    return any(j != k and m == mask for j, m in enumerate(pos.own))


def known_useless(pos: Position) -> list[int]:
    trash = pos.board.trash
    return [k for k, mask in enumerate(pos.own) if mask and mask & ~trash == 0]


def discard_choice(pos: Position) -> tuple[int, str]:
    """The slot index to discard and why: "useless", "chop" or "forced"."""
    useless = known_useless(pos)
    if useless:
        return useless[-1], "useless"
    hand, critical = pos.hand, pos.board.critical
    untouched = [k for k in reversed(range(len(hand))) if not hand[k].touched]
    if untouched:
        # the chop, unless this seat sees it is likely a last copy and another is not
        risk = {k: pos.probability(k, critical) for k in untouched}
        safest = min(untouched, key=lambda k: (risk[k], -k))
        chop = untouched[0]
        allowance = 0 if pos.advanced else CHOP_RISK  # there, losing a last copy loses all
        if risk[chop] - risk[safest] <= allowance and risk[chop] < 1:
            return chop, "chop"
        if risk[safest] < 1:
            return safest, "chop"

    copies = [k for k in reversed(range(len(hand)))
              if single(pos.own[k]) and sum(m == pos.own[k] for m in pos.own) > 1
              and pos.unseen[pos.own[k].bit_length() - 1] >= 2]
    if copies:  # one of two cards known to be the same: the other stays
        return copies[0], "useless"

    def loss(k: int) -> tuple[float, float, int]:
        # the least harm: not a last copy, then not soon playable, then the oldest
        later = sum(pos.probability(k, 1 << i) * (i % 5) for i in identities_in(pos.own[k]))
        return pos.probability(k, critical), -later, -k

    return min(range(len(hand)), key=loss), "forced"


def best_guess(pos: Position) -> tuple[int, float]:
    """The own card most likely to fit, and that chance."""
    playable = pos.board.playable
    chances = [(pos.probability(k, playable), -k) for k in range(len(pos.own))]
    chance, k = max(chances)
    return -k, chance
