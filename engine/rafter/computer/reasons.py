"""The one line a computer player's move is explained with in the group's history. Everything
on a Rafter Five table is public but the tremor's seed and the order of the sea's cards, so
the lines speak only of the raft and the rafters, never of what a trial drew."""

from __future__ import annotations

from ...core import Label
from ..config import CONFIG


def rafter_name(rafter: int) -> str:
    """The translation key of a rafter's name (the bot translates it as an argument)."""
    return f"rafter-name-{CONFIG.rafters[rafter].name}"


def took_from_sea(rafter: int) -> Label:
    return Label("rafter-bot-take-sea", {"rafter": rafter_name(rafter)})


def took_free(rafter: int) -> Label:
    """The rafter stood on the raft card itself, holding nothing up."""
    return Label("rafter-bot-take-free", {"rafter": rafter_name(rafter)})


def took_steady(rafter: int) -> Label:
    """Nothing leaned on the rafter or was held down by it."""
    return Label("rafter-bot-take-steady", {"rafter": rafter_name(rafter)})


def took_risky(rafter: int) -> Label:
    return Label("rafter-bot-take-risky", {"rafter": rafter_name(rafter)})


def built_firm() -> Label:
    return Label("rafter-bot-build-firm")


def built_counterweight() -> Label:
    """The bare card would tip: its rafter holds it down."""
    return Label("rafter-bot-build-counterweight")


def built_tight() -> Label:
    """Leaves the next player fewer safe places for a card."""
    return Label("rafter-bot-build-tight")


def built_chest_out() -> Label:
    """The chest stands out beyond what holds the card up: a worry for the others."""
    return Label("rafter-bot-build-chest-out")


def built_risky() -> Label:
    return Label("rafter-bot-build-risky")


KEYS = ("rafter-bot-take-sea", "rafter-bot-take-free", "rafter-bot-take-steady",
        "rafter-bot-take-risky", "rafter-bot-build-firm",
        "rafter-bot-build-counterweight", "rafter-bot-build-tight", "rafter-bot-build-chest-out",
        "rafter-bot-build-risky")
