"""Pictures of games: pure functions from an engine view to PNG bytes.

`render.kit` is the shared kit (fonts, safe text, the lantern palette with a symbol
per colour, the night theme, sprites and pieces every game draws, PNG encoding); each
game has its own package of small modules, for example `render.lanterns`, whose
`__init__` re-exports its public names. Renderers never see a game state, only the redacted views the
engine hands out, and they never use words: names, numbers and pictograms only,
because translation happens in the bot.

Every game module offers the same three functions, found through `RENDERERS`:

* `board_png(view, *, names)`: the public board for the group;
* `panel_png(view, *, names, focus=None)`: a player's private picture while they choose,
  `focus` being the hints of the menu level they are at;
* `waiting_png(view, *, names)`: the private picture kept while it is not their turn; it
  shows only what is private to the viewer, so it changes only when that does.

A game may also offer `animation_gif(view, *, names)`: a short clip of the last move (Rafter
Five: what fell), or None when the move needs none.

The games are registered once, in `engine.registry.GAMES`; a game's pictures are the package
of its name here (`render/<name>/`), found by looking, so `RENDERERS` is never kept by hand
(tests/test_layering.py checks that it pairs with `GAMES` one to one). Not by importing
`GAMES`: that loads every game's rules, Rafter Five's physics (MuJoCo) among them, which a
drawing process must never load (tests/test_render_imports.py); nor may the engine name its
pictures, since it imports nothing of `render`.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module
from types import ModuleType

FUNCTIONS = ("board_png", "panel_png", "waiting_png")
"""What every game's pictures offer."""

RENDERERS: dict[str, ModuleType] = {
    package.name: import_module(f"{__name__}.{package.name}")
    for package in pkgutil.iter_modules(__path__) if package.ispkg}
"""Each game's pictures, by the game's name: every subpackage of `render` (the shared parts
are modules: `kit`, `replay`, `leaderboard`). A game registered at run time (a test's toy
game) adds its own here beside its spec in `GAMES`."""
