"""Is the small print readable on a phone? The smallest text of every picture of Lanterns,
Hanabi and Lighthouse in busy late games, as font px when the picture is shown 360 px wide
(`render.kit.measuring_text` records every text drawn; 11 px is the floor the tests hold).

    python -m bench.readable [--out DIR]   # DIR: also save each picture as PNG

The same pictures are what `tests/test_readable_pictures.py` measures.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from render import kit

Picture = tuple[str, Callable[[], bytes]]

NAMES = ["Анна-Мария Wiśniewska", "Łukasz Żółć 🎲", "Maximilian the Third", "🦊🌙", "Борис"]


def _play(spec: Any, state: Any, rng: random.Random, until: Callable[[Any], bool],
          choose: Callable[[random.Random, Any], str] | None = None) -> Any:
    while not spec.is_over(state) and not until(state):
        seat = state.current
        action = choose(rng, state) if choose else rng.choice(spec.legal_actions(state, seat))
        state, _ = spec.apply(state, seat, action)
    return state


def _late(spec: Any, players: int, options: dict[str, Any], until: Callable[[Any], bool],
          choose: Callable[[random.Random, Any], str] | None = None, *, seed: int = 2026) -> Any:
    """The first seeded game from `seed` on that reaches `until` before it is over."""
    while True:
        state = _play(spec, spec.setup(players, seed, options), random.Random(seed), until,
                      choose)
        if not spec.is_over(state):
            return state
        seed += 1


def _keys(spec: Any, state: Any) -> set[str]:
    return {o.key for o in spec.menu(state, state.current, ()).options}


def lanterns_pictures() -> Iterator[Picture]:
    """4 players a few tiles before the end, 3 players, and a finished game."""
    from engine.lanterns import SPEC
    from render import lanterns

    for players, seed in ((4, 2026), (3, 2026)):
        state = _late(SPEC, players, {}, lambda s: s.tiles_left <= 3 and "p" in _keys(SPEC, s),
                      seed=seed)
        seat = state.current
        tile = state.players[seat].hand[0]
        rotate = dict(SPEC.menu(state, seat, ("p", str(tile))).focus)
        spots = dict(SPEC.menu(state, seat, ("p", str(tile), "0")).focus)
        public, own = SPEC.view(state, None), SPEC.view(state, seat)
        other = SPEC.view(state, (seat + 1) % players)
        yield f"lanterns {players}p board", partial(lanterns.board_png, public, names=NAMES)
        yield f"lanterns {players}p panel", partial(lanterns.panel_png, own, names=NAMES)
        yield (f"lanterns {players}p panel turning",
               partial(lanterns.panel_png, own, names=NAMES, focus=rotate))
        yield (f"lanterns {players}p panel spots",
               partial(lanterns.panel_png, own, names=NAMES, focus=spots))
        yield f"lanterns {players}p waiting", partial(lanterns.waiting_png, other, names=NAMES)
    rng = random.Random(11)
    over = _play(SPEC, SPEC.setup(4, 11, {}), rng, lambda s: False)
    yield "lanterns over board", partial(lanterns.board_png, SPEC.view(over, None), names=NAMES)


def hanabi_pictures() -> Iterator[Picture]:
    """5 players with the sixth colour near the deck's end, 2 players, and a finished game."""
    from engine.hanabi import SPEC
    from engine.hanabi.playouts import oracle_action
    from render import hanabi

    def oracle(rng: random.Random, state: Any) -> str:
        return oracle_action(rng, state).encode()

    for players, options in ((5, {"multicolor": True, "advanced": False}),
                             (2, {"multicolor": False, "advanced": False})):
        state = _late(SPEC, players, options, lambda s: s.deck_left <= 2 and s.clues > 0, oracle)
        seat = state.current
        target = str((seat + 1) % players)
        key = SPEC.menu(state, seat, ("c", target)).options[0].key
        clue = dict(SPEC.menu(state, seat, ("c", target, key)).focus)
        play = dict(SPEC.menu(state, seat, ("p", "1")).focus)
        public, own = SPEC.view(state, None), SPEC.view(state, seat)
        other = SPEC.view(state, (seat + 1) % players)
        yield f"hanabi {players}p board", partial(hanabi.board_png, public, names=NAMES)
        yield (f"hanabi {players}p panel clue",
               partial(hanabi.panel_png, own, names=NAMES, focus=clue))
        yield (f"hanabi {players}p panel play",
               partial(hanabi.panel_png, own, names=NAMES, focus=play))
        yield f"hanabi {players}p waiting", partial(hanabi.waiting_png, other, names=NAMES)
    rng = random.Random(5)
    over = _play(SPEC, SPEC.setup(4, 5, {}), rng, lambda s: False, oracle)
    yield "hanabi over board", partial(hanabi.board_png, SPEC.view(over, None), names=NAMES)


def lighthouse_pictures() -> Iterator[Picture]:
    """The default match and the largest options, late in a round; and a finished match."""
    from engine.lighthouse import SPEC
    from render import lighthouse

    for label, options in (("default", {}),
                           ("largest", {"zone_size": 7, "track": 30, "hand_size": 5,
                                        "values": 9})):
        opts = dict(SPEC.default_options) | options
        cells = SPEC.setup(2, 0, opts).board[0]

        def late(s: Any, cells: int = len(cells)) -> bool:
            empty = [sum(t is None for t in zone) for zone in s.board]
            return (s.phase == "play" and s.round >= 2 and 0 < empty[0]
                    and sum(empty) <= cells)

        state = _late(SPEC, 2, opts, late)
        seat = state.current
        value = str(state.players[seat].hand[0])
        numbered = dict(SPEC.menu(state, seat, (value, "r")).focus)
        first = SPEC.menu(state, seat, (value, "r")).options[0].key
        preview = dict(SPEC.menu(state, seat, (value, "r", first)).focus)
        public, own = SPEC.view(state, None), SPEC.view(state, seat)
        other = SPEC.view(state, 1 - seat)
        yield f"lighthouse {label} board", partial(lighthouse.board_png, public, names=NAMES)
        yield (f"lighthouse {label} panel cells",
               partial(lighthouse.panel_png, own, names=NAMES, focus=numbered))
        yield (f"lighthouse {label} panel preview",
               partial(lighthouse.panel_png, own, names=NAMES, focus=preview))
        yield f"lighthouse {label} waiting", partial(lighthouse.waiting_png, other, names=NAMES)
    rng = random.Random(3)
    over = _play(SPEC, SPEC.setup(2, 3, SPEC.default_options), rng, lambda s: False)
    yield ("lighthouse over board",
           partial(lighthouse.board_png, SPEC.view(over, None), names=NAMES))


def pictures() -> Iterator[Picture]:
    """Every picture measured: (label, draw)."""
    yield from lanterns_pictures()
    yield from hanabi_pictures()
    yield from lighthouse_pictures()


def measure(draw: Callable[[], bytes]) -> tuple[bytes, kit.MeasuredPicture]:
    """Draw a picture and what `measuring_text` saw of it."""
    with kit.measuring_text() as seen:
        png = draw()
    return png, seen[-1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="save each picture here as PNG")
    args = parser.parse_args(argv)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    for label, draw in pictures():
        png, seen = measure(draw)
        print(f"{label:34} {seen.size[0]:5}x{seen.size[1]:<5} smallest text "
              f"{seen.smallest_shown():5.1f} px at {kit.PHONE_WIDTH} wide "
              f"({min(seen.text_px, default=0):.0f} px font, {len(seen.text_px)} texts)")
        if args.out:
            (args.out / (label.replace(" ", "_") + ".png")).write_bytes(png)


if __name__ == "__main__":
    main()
