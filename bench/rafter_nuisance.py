"""Rafter Five: does `hard` leave the next player a harder raft than `normal` does?

Positions are build decisions of seeded games (every `--every`th build once the raft holds
`--min-pieces` pieces), played by random legal moves or, with `--from LEVEL`, by that level
(rafts built by careful players are tidier and leave more room to take away). At each,
`normal` and `hard` choose a build from the same view with the same generator seed and
their own budgets, and the build is played. Then the next player's turn (take and build)
is played `--draws` times on each of the two rafts, each draw under its own tremor seed, by
`--next` (a level, or `random`: random legal moves), and its falls are counted: a harder
raft is one where the next turn falls more often. The difference is paired by position,
with its 95% interval. Also printed, paired likewise: `outlook.safe_places` of each raft
(the next card's safe coarse poses) and `outlook.room` (what `hard` steers by); and how often
each level's own build fell (a nuisance must not cost the builder). With `--draws 0` only the
rafts are judged (no next turns): quick.

    nice -n 10 python -m bench.rafter_nuisance [--positions 40] [--players 3] [--seed 1]
        [--draws 4] [--next normal] [--every 3] [--min-pieces 8] [--from random]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import replace

from bench.bots import interval
from bench.rafter_endings import FELL
from engine.computer import decision_seed, json_view
from engine.core import Budget, ComputerPlayer, Event
from engine.rafter import SPEC
from engine.rafter.computer import LEVELS
from engine.rafter.computer.outlook import pose_margins, room, safe_places
from engine.rafter.state import PLACE, RafterState
from engine.rafter.tremor import derive_seed


def positions(players: int, seed: int, every: int, min_pieces: int,
              player: ComputerPlayer | None = None) -> Iterator[RafterState]:
    """Build decisions of seeded games played by `player` (None: random legal moves),
    endlessly (one game after another)."""
    for game in range(seed, seed + 10_000):
        rng = random.Random(game)
        state = SPEC.setup(players, game, {})
        builds = 0
        while not SPEC.is_over(state):
            if state.phase == PLACE and len(state.scene.pieces) >= min_pieces:
                builds += 1
                if builds % every == 0:
                    yield state
            state, _ = SPEC.apply(state, state.current, action_by(player, state, rng))


def action_by(player: ComputerPlayer | None, state: RafterState, rng: random.Random) -> str:
    """What `player` (None: random legal moves) does in `state`, for the seat to act."""
    seat = state.current
    if player is None:
        return rng.choice(SPEC.legal_actions(state, seat))
    return player.choose(json_view(SPEC, state, seat), seat, rng, Budget(player.budget)).action


def built_by(player: ComputerPlayer, state: RafterState) -> tuple[RafterState, bool]:
    """The raft `player`'s build leaves, and whether anything fell in it."""
    seat = state.current
    decision = player.choose(json_view(SPEC, state, seat), seat,
                             random.Random(decision_seed(state.seed, state.version, seat)),
                             Budget(player.budget))
    after, events = SPEC.apply(state, seat, decision.action)
    return after, any_fell(events)


def next_turn_falls(state: RafterState, player: ComputerPlayer | None, draws: int,
                    seed: int) -> float:
    """The share of `draws` turns of the next player (`player`, or random legal moves when
    None) in which something fell."""
    return statistics.fmean(next_turns_fell(state, player, range(draws), seed))


def next_turns_fell(state: RafterState, player: ComputerPlayer | None, draws: Iterable[int],
                    seed: int) -> list[bool]:
    """Whether something fell in each of the next player's turns numbered `draws`, each
    under its own tremor and choices drawn from `seed` and its number."""
    fell = []
    for draw in draws:
        rng = random.Random(derive_seed(seed, draw, "turn"))
        turn = replace(state, seed=derive_seed(seed, draw, "tremor"))  # the tremor's draw
        seat = turn.current
        events: tuple[Event, ...] = ()
        while not SPEC.is_over(turn) and turn.current == seat and not any_fell(events):
            turn, events = SPEC.apply(turn, seat, action_by(player, turn, rng))
        fell.append(any_fell(events))
    return fell


def any_fell(events: Iterable[Event]) -> bool:
    return any(e.label.key == FELL for e in events)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rafter_nuisance",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draws", type=int, default=4,
                        help="next turns played on each raft (0: only judge the rafts)")
    parser.add_argument("--next", default="normal", choices=[*LEVELS, "random"])
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--min-pieces", type=int, default=8)
    parser.add_argument("--from", dest="source", default="random", choices=[*LEVELS, "random"],
                        help="who plays the games the positions come from")
    args = parser.parse_args(argv)
    levels = ("normal", "hard")
    falls: dict[str, list[float]] = {level: [] for level in levels}
    places: dict[str, list[float]] = {level: [] for level in levels}
    rooms: dict[str, list[float]] = {level: [] for level in levels}
    own_falls: dict[str, list[bool]] = {level: [] for level in levels}
    source = positions(args.players, args.seed, args.every, args.min_pieces,
                       LEVELS.get(args.source))
    while len(own_falls["hard"]) < args.positions:
        state = next(source)
        built = {level: built_by(LEVELS[level], state) for level in levels}
        if any(SPEC.is_over(raft) for raft, _ in built.values()):
            continue
        for level, (raft, fell) in built.items():
            own_falls[level].append(fell)
            mine, advanced = raft.last_rafter or 0, raft.options.advanced
            places[level].append(safe_places(raft.scene, mine, advanced))
            rooms[level].append(room(pose_margins(raft.scene, mine, advanced)))
            if args.draws:
                falls[level].append(next_turn_falls(raft, LEVELS.get(args.next), args.draws,
                                                    raft.version))
        told = (f"next turn falls {falls['normal'][-1]:.2f} after normal, "
                f"{falls['hard'][-1]:.2f} after hard; " if args.draws else "")
        print(f"  move {state.version:3d} on {len(state.scene.pieces):2d} pieces: {told}safe "
              f"places {places['normal'][-1]} / {places['hard'][-1]}, room "
              f"{rooms['normal'][-1]:.1f} / {rooms['hard'][-1]:.1f} mm", flush=True)
    print(f"{args.positions} positions ({args.players} players, seeds from {args.seed}, "
          f"games played by {args.source}), "
          f"{args.draws} next turns each by {args.next}:")
    for level in levels:
        told = (f"the next turn falls in {100 * statistics.fmean(falls[level]):.1f}%; "
                if args.draws else "")
        print(f"  after {level:6s}: {told}safe places left, mean "
              f"{statistics.fmean(places[level]):.2f}; room {statistics.fmean(rooms[level]):.2f}"
              f" mm; its own build fell in {100 * statistics.fmean(own_falls[level]):.1f}%")
    differ = sum(r != n for r, n in zip(rooms["hard"], rooms["normal"]))
    print(f"  hard minus normal (95% intervals; the rafts differ in {differ} positions):")
    for name, values, scale, unit in (("next turn falls", falls, 100, " points"),
                                      ("safe places", places, 1, ""),
                                      ("room", rooms, 1, " mm")):
        if values["hard"]:
            gaps = [scale * (h - n) for h, n in zip(values["hard"], values["normal"])]
            print(f"    {name}: {statistics.fmean(gaps):+.2f} ± {interval(gaps):.2f}{unit}")


if __name__ == "__main__":
    main()
