"""Lanterns figures: random seeded complete games per second (rules only, no rendering), and
the median render time and PNG size of a late-game 4-player board and panel.

    python -m bench.lanterns [--games N] [--renders N]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.figures import render_line
from engine.lanterns import SPEC


def random_game(players: int, seed: int) -> tuple[object, int]:
    """A complete game with uniformly random legal moves; returns the state and move count."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    moves = 0
    while not SPEC.is_over(state):
        seat = state.current
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        moves += 1
    return state, moves


def late_game_state(players: int = 4, seed: int = 2026):
    """A 4-player game a few tiles before its end: a big lake, full card rows."""
    rng = random.Random(seed)
    state = SPEC.setup(players, seed, {})
    while state.tiles_left > 3:
        seat = state.current
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
    return state


def bench_rules(games: int) -> None:
    for players in (2, 3, 4):
        start = time.perf_counter()
        moves = 0
        for seed in range(games):
            moves += random_game(players, seed)[1]
        elapsed = time.perf_counter() - start
        print(f"rules  {players} players: {games / elapsed:8.1f} games/s "
              f"({1000 * elapsed / games:.2f} ms a game, {moves / games:.0f} moves a game)")


def bench_render(renders: int) -> None:
    from render.lanterns import board_png, panel_png

    state = late_game_state()
    names = ["Анна", "Łukasz", "Maximilian the Third", "Eve 🎲"]
    public = SPEC.view(state, None)
    own = SPEC.view(state, state.current)
    tile = state.players[state.current].hand[0]
    focus = dict(SPEC.menu(state, state.current, ("p", str(tile), "0")).focus)
    tiles = len(state.board)
    print(render_line(f"board ({tiles} tiles)", lambda: board_png(public, names=names), renders))
    print(render_line(f"panel ({tiles} tiles)",
                      lambda: panel_png(own, names=names, focus=focus), renders))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--renders", type=int, default=40)
    args = parser.parse_args(argv)
    bench_rules(args.games)
    bench_render(args.renders)


if __name__ == "__main__":
    main()
