"""The rules summary players read, for the options a table is played with: the sizes are
arguments, and the scoring groups and the end of a round follow from them.

>>> label = summary({"zone_size": 7})
>>> label.args["size"], label.args["ending"].key
(7, 'lighthouse-rules-end-short')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Label
from .options import Options
from .scoring import group_points


def summary(options: Mapping[str, Any]) -> Label:
    o = Options.parse(options)
    # A number can appear in a line at most as often as the line is long, and both players
    # together hold it 2 × copies times.
    most = min(o.zone_size, 2 * o.copies)
    groups = [Label("lighthouse-rules-group", {"combo": Label(f"lighthouse-combo-{n}"),
                                               "points": group_points(n)})
              for n in range(2, most + 1)]
    # Each player puts down exactly one zone's worth of tokens on a full board: with fewer,
    # the round ends when tokens run out, and the own-zone tie-break can decide it.
    if o.tokens >= o.cells:
        ending = Label("lighthouse-rules-end-full")
    else:
        ending = Label("lighthouse-rules-end-short", {"tokens": o.tokens, "size": o.zone_size})
    return Label("lighthouse-rules", {
        "size": o.zone_size, "tokens": o.tokens, "values": o.values, "copies": o.copies,
        "hand": o.hand_size, "track": o.track, "groups": groups, "ending": ending})
