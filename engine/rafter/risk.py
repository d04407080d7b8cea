""""How risky is this?": a handful of perturbed simulations, told as safe / shaky / dangerous.

The estimate runs the same move under several tremor draws that are *not* the move's own
draw (their seeds are derived from a separate salt), and only the level leaves this module,
never which trial fell or how: a player learns how bold a move is, not what will happen.
The trials run in a small thread pool (MuJoCo releases the GIL while stepping); each trial
is a pure function of its seed, so the level does not depend on which finishes first.

To answer within about a second, a trial simulates only `risk.max_settle_s` (a tipping card
takes a few tenths of a second to fall) and counts as a fall when something fell *or* is
still going down: a piece that ended `risk.sinking_mm` lower than it started. That is
centimetres, not millimetres: a card let go above a tilted footing drops a few mm as it
lands, harmlessly. The words are calibrated by `bench.rafter_risk` (builds of seeded games,
each really played under fresh tremor draws): *safe* builds fell in about 1% of draws,
*shaky* in about a quarter, *dangerous* in nearly nine in ten.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from enum import Enum

from .config import CONFIG, RafterConfig
from .physics import Placement, Settled, lift, place
from .scene import Scene
from .tremor import derive_seed


class Risk(str, Enum):
    SAFE = "safe"
    SHAKY = "shaky"
    DANGEROUS = "dangerous"


def classify(falls: int, config: RafterConfig = CONFIG) -> Risk:
    """The level for a number of trials in which something fell."""
    if falls >= config.risk.dangerous_from:
        return Risk.DANGEROUS
    if falls >= config.risk.shaky_from:
        return Risk.SHAKY
    return Risk.SAFE


def _trial_config(config: RafterConfig) -> RafterConfig:
    return replace(config, simulation=replace(config.simulation, overtime_s=0.0,
                                              max_settle_s=config.risk.max_settle_s))


@dataclass(frozen=True)
class Trial:
    """What one trial saw: whether something fell, and how far the piece that went down
    the most ended below where it started (mm; a piece still sinking is going down)."""

    fell: bool
    sank_mm: float

    def went_down(self, config: RafterConfig = CONFIG) -> bool:
        return self.fell or self.sank_mm > config.risk.sinking_mm


def _trial(scene: Scene, result: Settled) -> Trial:
    start = {p.id: p.pose.pos[2] for p in (*scene.pieces, *result.placed)}
    sank = max((start[p.id] - p.pose.pos[2] for p in result.scene.pieces if p.id in start),
               default=0.0)
    return Trial(bool(result.fallen), max(0.0, sank))


def judge(trials: Sequence[Trial], config: RafterConfig = CONFIG) -> Risk:
    """The level for a set of trials."""
    return classify(sum(1 for t in trials if t.went_down(config)), config)


def _run(trial: Callable[[int], Settled], scene: Scene, seed: int, count: int,
         config: RafterConfig) -> list[Trial]:
    """Run `trial` for each derived seed, in order of the seeds."""
    seeds = [derive_seed(seed, "risk", i) for i in range(count)]
    with ThreadPoolExecutor(max_workers=max(1, config.risk.workers)) as pool:
        return [_trial(scene, r) for r in pool.map(trial, seeds)]


def placement_trials(scene: Scene, placements: Sequence[Placement], *, seed: int,
                     then: Sequence[Placement] = (), config: RafterConfig = CONFIG,
                     count: int | None = None) -> list[Trial]:
    """The estimate's trials of putting these pieces down (`count`: the configured number
    unless told; the first n of more are the same n); `then` are put down once the first
    have settled, as a build puts its chest on the card after the card and rafter."""
    short = _trial_config(config)

    def trial(s: int) -> Settled:
        first = place(scene, placements, seed=s, config=short)
        if first.fallen or not then:
            return first
        second = place(first.scene, then, seed=derive_seed(s, "then"), config=short)
        # judged against the raft before the move: what the first stage dropped, it dropped
        return replace(second, placed=first.placed + second.placed)

    return _run(trial, scene, seed, count or config.risk.trials, config)


def placement_risk(scene: Scene, placements: Sequence[Placement], *, seed: int,
                   then: Sequence[Placement] = (), config: RafterConfig = CONFIG) -> Risk:
    """How likely putting these pieces down (then `then`) makes something fall."""
    return judge(placement_trials(scene, placements, seed=seed, then=then, config=config),
                 config)


def lift_risk(scene: Scene, piece_id: str, *, seed: int, config: RafterConfig = CONFIG) -> Risk:
    """How likely lifting this piece off the raft makes something fall."""
    short = _trial_config(config)
    trials = _run(lambda s: lift(scene, piece_id, seed=s, config=short), scene, seed,
                  config.risk.trials, config)
    return judge(trials, config)
