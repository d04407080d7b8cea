"""The Labels Lighthouse speaks in, built in one place for events, menus and previews.

Arguments follow the host's conventions (`bot.i18n.Translator.render_label`): `seat` and
`*_seat` become player names, strings that are message keys (a zone, a line kind, a
combination) are translated, lists are joined. Cell numbers count from 1, row by row, as the
pictures number them.
"""

from __future__ import annotations

from ..core import Label
from .board import ROW, Line
from .ending import RoundResult
from .options import COLORS
from .scoring import LineScore, ScoredLine


def zone_key(zone: int) -> str:
    return f"lighthouse-zone-{COLORS[zone]}"


def line_args(line: Line) -> dict[str, object]:
    kind = "lighthouse-line-row" if line.kind == ROW else "lighthouse-line-col"
    return {"zone": zone_key(line.zone), "line": kind, "n": line.index + 1}


def combo_keys(score: LineScore) -> list[str]:
    """The combinations of a line by message key: groups of equal numbers, largest first,
    then one colour."""
    keys = [f"lighthouse-combo-{n}" for n in score.groups]
    if score.one_colour:
        keys.append("lighthouse-combo-colour")
    return keys


def line_label(scored: ScoredLine, *, preview: bool = False) -> Label:
    """A scored line in words: who scores how much, and for which combinations."""
    score = scored.score
    prefix = "lighthouse-preview" if preview else "lighthouse-ev"
    if score.points < 0:
        return Label(f"{prefix}-line-none", {"seat": score.owner, "points": -score.points,
                                              **line_args(scored.line)})
    return Label(f"{prefix}-line", {"seat": score.owner, "points": score.points,
                                    "combos": combo_keys(score), **line_args(scored.line)})


def marker_label(marker: int, key: str = "lighthouse-ev-marker") -> Label:
    """Where the marker stands: `steps` on a seat's side, or on 0."""
    if marker == 0:
        return Label(f"{key}-centre")
    return Label(key, {"seat": 0 if marker > 0 else 1, "steps": abs(marker)})


def round_label(result: RoundResult, round_no: int, marker: int) -> Label:
    """How a round ended."""
    if result.winner is None:
        return Label("lighthouse-ev-round-draw", {"round": round_no})
    return Label(f"lighthouse-ev-round-{result.reason}", {
        "seat": result.winner, "round": round_no, "steps": abs(marker)})
