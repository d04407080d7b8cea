"""The public line a computer player's move is explained with: only what every reader of the
group may know (cards, tokens and the lake are public; tiles in hands are not)."""

from __future__ import annotations

from ...core import Label
from ..actions import Action, Dedicate, Discard, Exchange, Place
from ..components import KINDS
from ..rules import color_key
from ..state import LanternsState
from .turns import handout


def _kind(kind: str) -> str:
    return f"lanterns-kind-{kind}"


def reason_for(state: LanternsState, steps: tuple[Action, ...]) -> Label:
    """Why the first step of this turn's plan is taken (`state`: before that step)."""
    first = steps[0]
    if isinstance(first, Dedicate):
        stack = state.stacks[KINDS.index(first.kind)]
        if not stack:  # a grey 4 pays the same later: nothing to hurry for
            return Label("lanterns-bot-dedicate-grey", {"kind": _kind(first.kind)})
        return Label("lanterns-bot-dedicate", {"kind": _kind(first.kind), "honor": stack[0]})
    if isinstance(first, Exchange):
        later = [s for s in steps[1:] if isinstance(s, Dedicate)]
        if later:
            return Label("lanterns-bot-exchange", {"kind": _kind(later[0].kind)})
        return Label("lanterns-bot-exchange-ahead", {"take": color_key(first.take)})
    if isinstance(first, Discard):
        return Label("lanterns-bot-discard", {"color": color_key(first.color)})
    if isinstance(first, Place):
        out = handout(state, first)
        return Label("lanterns-bot-place", {"cards": out.own_cards, "matches": out.matched})
    return Label("lanterns-bot-end")
