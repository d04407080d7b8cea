"""A panel's taps (issue 34): the parts of its picture a touch presses are the same presses as
its buttons. Seeded games of every game are walked level by level through the taps alone,
where a level has them: every tap's data is a press of this table and version whose path
the menu accepts and that begins with one of the level's buttons; a leaf's taps confirm it
(its Confirm button's data); every polygon lies inside the picture."""

from __future__ import annotations

import random

import pytest

from bot import table_screens
from bot.i18n import Translator
from bot.payloads import decode
from bot.screens import png_size
from engine.core import Malformed
from engine.registry import GAMES

TR = Translator.load()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_taps_are_the_buttons_presses_placed_on_the_picture(name: str) -> None:
    spec = GAMES[name]
    players = spec.min_players
    state = spec.setup(players, 5, dict(spec.default_options))
    people = [table_screens.Player(s, str(100 + s), f"Player {s}", "en") for s in range(players)]
    rng = random.Random(5)
    tapped = leaves = levels = 0
    for move in range(12):
        if spec.is_over(state):
            break
        seat = min(spec.to_act(state))
        path: tuple[str, ...] = ()
        while True:
            menu = spec.menu(state, seat, path)
            screen = table_screens.panel_screen(
                TR, spec=spec, table_id=77, version=move, state=state, player=people[seat],
                players=people, path=path, menu=menu)
            assert screen.image is not None
            size = png_size(screen.image)
            assert size is not None
            buttons = {b.data for row in screen.buttons for b in row if b.data}
            levels += 1
            for tap in screen.taps:
                press = decode(tap.data)
                assert (press.table, press.version) == (77, move)
                assert all(0 <= x <= size[0] and 0 <= y <= size[1] for x, y in tap.polygon)
                if menu.action is not None:
                    assert tap.confirms and press.kind == "confirm" and tap.data in buttons
                    continue
                assert press.kind == "go" and not tap.confirms and len(tap.polygon) >= 3
                # the tap's path begins with one of the level's buttons, and the menu takes it
                assert any(tap.data.startswith(data) for data in buttons
                           if data.startswith("g:")), tap.data
                try:
                    spec.menu(state, seat, press.path)
                except Malformed:  # pragma: no cover - the failure this test looks for
                    pytest.fail(f"{name}: {press.path} is not a path of the menu")
            if menu.action is not None:
                leaves += 1
                break
            goes = [decode(t.data).path for t in screen.taps]
            if goes:  # on by a tap, as a person touching the board goes
                path = goes[rng.randrange(len(goes))]
                tapped += 1
            else:
                path = rng.choice(menu.options).path_from(path)
        state, _ = spec.apply(state, seat, menu.action)
    assert tapped >= 4 and levels > tapped and leaves >= 1


@pytest.mark.parametrize(("name", "players", "seed"), [
    ("hanabi", 2, 1), ("hanabi", 3, 2), ("lanterns", 3, 4),
])
def test_a_whole_game_goes_by_taps_alone(name: str, players: int, seed: int) -> None:
    """Every seat plays a whole seeded game by touching its panel only: every level met has
    taps, each a press the menu takes, and a leaf is confirmed by a tap. The game ends, and
    the turn's actions were all chosen on the picture (Hanabi: play on the fireworks,
    discard on the pile, clue on a hand; Lanterns: a tile, a dedication on the market, the
    final turn's end on its tray)."""
    spec = GAMES[name]
    state = spec.setup(players, seed, dict(spec.default_options))
    people = [table_screens.Player(s, str(100 + s), f"Player {s}", "en") for s in range(players)]
    rng = random.Random(seed)
    begun: set[str] = set()  # the first key of each move, as tapped at the top of a turn
    for move in range(400):
        if spec.is_over(state):
            break
        seat = min(spec.to_act(state))
        path: tuple[str, ...] = ()
        while True:
            menu = spec.menu(state, seat, path)
            screen = table_screens.panel_screen(
                TR, spec=spec, table_id=7, version=move, state=state, player=people[seat],
                players=people, path=path, menu=menu)
            assert screen.taps, f"{name}: nothing to tap at {path} ({menu.title.key})"
            if menu.action is not None:
                assert all(tap.confirms for tap in screen.taps)
                break
            press = decode(screen.taps[rng.randrange(len(screen.taps))].data)
            assert press.kind == "go" and press.path[:len(path)] == path
            path = press.path
            begun.add(path[0])
        state, _ = spec.apply(state, seat, menu.action)
    assert spec.is_over(state)
    assert begun >= ({"p", "d", "c"} if name == "hanabi" else {"p", "d", "e"}), begun
