"""Replay figures: how long the animation of a whole 40-move game takes to make (every
board drawn afresh, then the GIF), and its size, for each game but Rafter Five (whose
replays are made the same way from its settled states).

The boards are drawn as the bot draws them (bot/pictures.py: in worker processes where
there are spare cores, a few at a time), with the picture cache cleared before each run so
nothing drawn before is reused.

    python -m bench.replay [--runs N] [--moves N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.figures import p95
from bot import pictures
from bot.history import Replay, replay_animation
from bot.storage.store import Status, TableRow
from bot.table_screens import Player
from engine.registry import GAMES

NAMES = ["Анна", "Łukasz", "Maximilian the Third", "Eve 🎲"]


def random_replay(game: str, players: int, moves: int, seed: int) -> Replay:
    """A game of `moves` random legal moves (fewer if it ends first), as a replay."""
    spec = GAMES[game]
    rng = random.Random(seed)
    state = spec.setup(players, seed, spec.default_options)
    states: list[Any] = [state]
    while len(states) <= moves and spec.to_act(state):
        seat = min(spec.to_act(state))
        if game == "hanabi":  # random Hanabi burns its fuses in a dozen moves
            from engine.hanabi.playouts import oracle_action

            action = oracle_action(rng, state).encode()
        else:
            action = rng.choice(list(spec.legal_actions(state, seat)))
        state, _ = spec.apply(state, seat, action)
        states.append(state)
    table = TableRow(id=1, platform="telegram", chat_id="1", thread_id=None, game=game,
                     options={}, seed=seed, status=Status.FINISHED, creator_id="1",
                     creator_name="", language="en", title="", version=len(states) - 1,
                     state=None, created_at=0, updated_at=0)
    seated = [Player(seat, str(seat), NAMES[seat], "en") for seat in range(players)]
    return Replay(table, spec, seated, states, [()] * (len(states) - 1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args(argv)
    # every game whose moves are replayed by rules alone (a simulated game's are kept states),
    # at four players or as many as it takes
    for game, players in ((spec.name, min(4, spec.max_players)) for spec in GAMES.values()
                          if not spec.continuous):
        times: list[float] = []
        size = frames = 0
        replay = random_replay(game, players, args.moves, 1)
        replay_animation(replay)  # warm: fonts, sprites, worker processes
        for _ in range(args.runs):
            pictures._remembered.cache_clear()
            start = time.perf_counter()
            gif = replay_animation(replay)
            times.append(time.perf_counter() - start)
            size, frames = len(gif), len(replay.states)
        print(f"animation {game} {players} players, {frames} frames: median "
              f"{statistics.median(times):.2f} s, p95 {p95(times):.2f} s, "
              f"{size / 1024:.0f} KiB GIF", flush=True)


if __name__ == "__main__":
    main()
