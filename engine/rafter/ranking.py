"""When Rafter Five ends and who won, from each seat's tally of chests.

The rulebook's end section contradicts itself: it says the game ends *immediately* on any
condition, yet condition 1 lets the game go on without a player who has 5 penalties. Our
reading, which makes a playable game:

* a player with `penalty_limit` (5) or more penalty chests is *out*: takes no more turns;
* the game ends when a player has placed all their chests (condition 2), or when at most
  one player is still in (condition 1 taken to its end);
* ranking: fewer penalties is better; tie: the player with *more* of their own chests on
  other players' penalty boards is better (the rulebook names the one with fewer the loser);
  tie: the player with *fewer* chests left in supply is better; still tied: shared (hug).
  The loser is the last group; everyone else wins (rank 1). With `full=True` the optional
  "final ranking" is given instead (ranks 1, 2, 3... with shared places).

The house variant ("Мой вариант"): the game ends as soon as someone reaches the penalty
limit or places all their chests; the winner is the player with the fewest penalties, then
the one who placed more of their own chests (the author's unsure second rule read the same
way). Solo: the game ends at the first fall; the score is the chests placed before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Label, Standing
from .config import CONFIG, RafterConfig

END_ALL_PLACED = "rafter-end-all-placed"
END_PENALTIES = "rafter-end-penalties"
END_SOLO_FALL = "rafter-end-solo-fall"


@dataclass(frozen=True)
class Tally:
    """One seat's chests: penalty chests on its boards, its own chests on other seats'
    boards (`lost`), its chests still in supply, and how many it started with."""

    seat: int
    penalties: int
    lost: int
    supply: int
    start: int

    @property
    def placed(self) -> int:
        """Own chests that have left the supply (on the raft or on someone's board)."""
        return self.start - self.supply


def is_out(tally: Tally, config: RafterConfig = CONFIG) -> bool:
    return tally.penalties >= config.penalty_limit


def end_reason(tallies: Sequence[Tally], *, house: bool = False, solo_fell: bool = False,
               config: RafterConfig = CONFIG) -> Label | None:
    """Why the game is over now, or None if it goes on."""
    if len(tallies) == 1:
        if solo_fell:
            return Label(END_SOLO_FALL, {"chests": tallies[0].placed})
        return Label(END_ALL_PLACED, {"seat": 0}) if tallies[0].supply == 0 else None
    for tally in tallies:
        if tally.supply == 0:
            return Label(END_ALL_PLACED, {"seat": tally.seat})
    out = [t for t in tallies if is_out(t, config)]
    if out and (house or len(tallies) - len(out) <= 1):
        return Label(END_PENALTIES, {"seat": out[0].seat})
    return None


def _places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Competition ranks (1, 1, 3...) for keys where smaller is better."""
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def ranking(tallies: Sequence[Tally], *, house: bool = False, full: bool = False) -> tuple[Standing, ...]:
    """The final standings, best first. `score` is the penalty count (solo: chests placed)."""
    if len(tallies) == 1:
        t = tallies[0]
        return (Standing(t.seat, 1, t.placed),)
    if house:
        keys = [(t.penalties, -t.placed) for t in tallies]
        ranks = _places(keys)
        rows = [Standing(t.seat, r, t.penalties, (t.placed,)) for t, r in zip(tallies, ranks)]
    else:
        keys = [(t.penalties, -t.lost, t.supply) for t in tallies]
        ranks = _places(keys)
        if not full:
            worst = max(ranks)
            everyone_tied = worst == 1
            ranks = [1 if everyone_tied or r < worst else 2 for r in ranks]
        rows = [Standing(t.seat, r, t.penalties, (t.lost, t.supply)) for t, r in zip(tallies, ranks)]
    return tuple(sorted(rows, key=lambda s: (s.rank, s.seat)))
