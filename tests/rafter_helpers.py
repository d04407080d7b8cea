"""What the Rafter Five service and end-to-end tests share: how a person presses through the
menus, and the private menu words the group must never see."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.i18n import Translator
from bot.payloads import Press
from engine.rafter.areas import areas
from engine.rafter.rules import takeable
from engine.rafter.scene import RAFTER
from engine.rafter.state import RafterState

T = TypeVar("T")


def like_a_person(choices: Sequence[T], press_of: Callable[[T], Press],
                  rng: random.Random) -> T:
    """Confirm when asked, sometimes nudge the ghost card, otherwise take a step; never ask
    for the risk (it runs several simulations; the tests that want it ask once)."""
    confirm = [c for c in choices if press_of(c).kind == "confirm"]
    if confirm:
        return confirm[0]
    paths = [(c, press_of(c).path) for c in choices]
    nudges = [c for c, path in paths if path and path[-1].startswith("L")]
    steps = [c for c, path in paths if path and not path[-1].startswith("L")
             and path[-1] != "risk"]
    if nudges and (not steps or rng.random() < 0.3):
        return rng.choice(nudges)
    return rng.choice(steps)


def free_rafter(state: RafterState) -> str:
    """The take key of a rafter that holds nothing up, most likely: one from the sea, else the
    lowest standing on the raft (on the raft card itself)."""
    allowed = takeable(state)
    on_raft = {p.variant: p.pose.pos[2] for p in state.scene.of_kind(RAFTER)}
    return f"t{min(allowed, key=lambda r: (on_raft.get(r, -1.0), r))}"


def along_x_start(state: RafterState) -> tuple[str, str]:
    """The area and angle keys that put the card along the x axis (angle 0) as far east as
    the areas go near the raft's middle line: where a test starts nudging it out to sea."""
    assert state.card is not None
    found = areas(state.scene, state.card, state.options.advanced)
    along = [(n, a) for n, a in enumerate(found, 1) if 0 in a.angles]
    assert along, "no area lets the card lie along x"
    n, _ = max(along, key=lambda na: (-abs(na[1].pose_at(0)[1]) // 15, na[1].pose_at(0)[0]))
    return f"A{n}", f"A{n}r0"


def lines_of(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def menu_fragments(tr: Translator) -> set[str]:
    """The fixed words of every private menu text (titles, the card's pose and why it may
    or may not go there, the risk estimates), in every language."""
    out: set[str] = set()
    for lang in tr.languages:
        for key in tr.keys(lang):
            if re.match(r"rafter-(menu|pose|why|risk)-?", key):
                text = tr.t(lang, key, rafter="\0", current_seat="\0", x="\0", y="\0",
                            angle="\0")
                out.update(piece.strip() for piece in text.split("\0")
                           if len(piece.strip()) >= 8)
    return out
