"""A move's events as kept with its action in the store, and read back (a restart tells the
last move from them; a replay shows each move's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Event, Label


def events_to_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    """A move's events as kept with its action (a restart tells the last move from them)."""
    return [{"key": e.label.key, "args": dict(e.label.args),
             "audience": None if e.audience is None else sorted(e.audience)} for e in events]


def events_from_json(data: Sequence[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(Event(Label(d["key"], d["args"]),
                       None if d["audience"] is None else frozenset(d["audience"])) for d in data)
