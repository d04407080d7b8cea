"""A toy game, defined in the tests only, to prove what CONTRIBUTING.md says: a game is its
rules (`engine.py`, as engine/<game>/ would hold), its pictures (`render.py`, as render/<game>/)
and its texts (`i18n/<lang>/toy.ftl`, as data/i18n/<lang>/<game>.ftl), registered in one line;
the host needs nothing else. tests/test_toy_game.py registers it for one test at a time.

The game, "Count to ten": players take turns adding 1 or 2 to a running total; whoever
reaches the goal (option `goal`, 10 by default) wins.
"""

from __future__ import annotations

from pathlib import Path

from . import render
from .engine import SPEC

I18N = Path(__file__).resolve().parent / "i18n"

__all__ = ["I18N", "SPEC", "render"]
