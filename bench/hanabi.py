"""Hanabi figures: random seeded complete games per second for 2–5 players (rules only, no
rendering), and the median render time and PNG size of the group's and a player's
pictures in a 5-player mid-game.

Two policies: uniformly random legal moves (games end fast, on the third fuse) and the
oracle of `engine.hanabi.playouts`, which plays long games to the deck's end.

    python -m bench.hanabi [--games N] [--renders N]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.figures import render_line
from engine.hanabi import SPEC
from engine.hanabi.playouts import Policy, oracle_action, play_game, random_action


def bench_rules(games: int) -> None:
    policies: tuple[tuple[str, Policy], ...] = (("random", random_action),
                                                ("oracle", oracle_action))
    for name, policy in policies:
        for players in (2, 3, 4, 5):
            moves = 0
            start = time.perf_counter()
            for seed in range(games):
                final = play_game(players, seed, {}, policy)
                moves += len(final.moves)
            elapsed = time.perf_counter() - start
            print(f"rules  {name} {players} players: {games / elapsed:8.1f} games/s "
                  f"({1000 * elapsed / games:.2f} ms a game, {moves / games:.0f} moves a game)")


def midgame(players: int = 5, seed: int = 2026, moves: int = 24):
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    for _ in range(moves):
        state, _ = SPEC.apply(state, state.current, oracle_action(rng, state).encode())
    return state


def bench_render(renders: int) -> None:
    from render.hanabi import board_png, panel_png

    state = midgame()
    names = ["Анна", "Łukasz", "Maximilian the Third", "Eve 🎲", "Борис"]
    seat = state.current
    public = SPEC.view(state, None)
    own = SPEC.view(state, seat)
    target = str((seat + 1) % state.players_count)
    key = SPEC.menu(state, seat, ("c", target)).options[0].key
    focus = dict(SPEC.menu(state, seat, ("c", target, key)).focus)
    for label, draw in (
        ("board", lambda: board_png(public, names=names)),
        ("panel", lambda: panel_png(own, names=names, focus=focus)),
        ("view+panel", lambda: panel_png(SPEC.view(state, seat), names=names)),
    ):
        print(render_line(f"{label} (5 players)", draw, renders))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--renders", type=int, default=40)
    args = parser.parse_args(argv)
    bench_rules(args.games)
    bench_render(args.renders)


if __name__ == "__main__":
    main()
