"""Lighthouse figures: random seeded complete matches per second (rules only, no rendering),
and the median render time and PNG size of a mid-round board, panel and waiting picture.

    python -m bench.lighthouse [--matches N] [--renders N]
"""

from __future__ import annotations

import argparse
import random
import time

from bench.figures import render_line
from engine.lighthouse import SPEC
from engine.lighthouse.state import LighthouseState


def random_match(seed: int) -> tuple[LighthouseState, int]:
    """A complete match with uniformly random legal moves; returns the state and move count."""
    rng = random.Random(seed)
    state = SPEC.setup(2, seed, SPEC.default_options)
    moves = 0
    while not SPEC.is_over(state):
        seat = state.current
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
        moves += 1
    return state, moves


def mid_round_state(seed: int = 2026, moves: int = 36) -> LighthouseState:
    """A first round well under way: most cells taken, lines scored, the marker off 0."""
    while True:
        rng = random.Random(seed)
        state = SPEC.setup(2, seed, SPEC.default_options)
        for _ in range(moves):
            state, _ = SPEC.apply(state, state.current,
                                  rng.choice(SPEC.legal_actions(state, state.current)))
            if state.phase != "play":
                break
        if state.phase == "play" and None in state.board[0]:
            return state
        seed += 1


def bench_rules(matches: int) -> None:
    start = time.perf_counter()
    moves = rounds = 0
    for seed in range(matches):
        state, count = random_match(seed)
        moves += count
        rounds += len(state.results)
    elapsed = time.perf_counter() - start
    print(f"rules: {matches / elapsed:8.1f} matches/s ({1000 * elapsed / matches:.2f} ms a match, "
          f"{moves / matches:.0f} moves and {rounds / matches:.2f} rounds a match, "
          f"{1e6 * elapsed / moves:.0f} µs a move)")


def bench_render(renders: int) -> None:
    from render.lighthouse import board_png, panel_png, waiting_png

    state = mid_round_state()
    names = ["Анна", "Łukasz Żółć 🎲"]
    seat = state.current
    public, own, other = SPEC.view(state, None), SPEC.view(state, seat), SPEC.view(state, 1 - seat)
    value = str(state.players[seat].hand[0])
    cells = dict(SPEC.menu(state, seat, (value, "r")).focus)
    first = SPEC.menu(state, seat, (value, "r")).options[0].key
    leaf = dict(SPEC.menu(state, seat, (value, "r", first)).focus)
    for label, draw in (
        ("board", lambda: board_png(public, names=names)),
        ("panel (cells numbered)", lambda: panel_png(own, names=names, focus=cells)),
        ("panel (move previewed)", lambda: panel_png(own, names=names, focus=leaf)),
        ("waiting", lambda: waiting_png(other, names=names)),
    ):
        print(render_line(label, draw, renders))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--renders", type=int, default=40)
    args = parser.parse_args(argv)
    bench_rules(args.matches)
    bench_render(args.renders)


if __name__ == "__main__":
    main()
