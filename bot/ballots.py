"""The votes a table holds, as the board shows them: who votes, how many ballots decide,
and each open vote's line and buttons. Shared by the votes themselves (bot/votes.py) and
the board that shows them (bot/table_posts.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.screens import Button
from bot.storage import SeatRow, TableRow, Vote

ABSENT = "absent"  # the vote about a seat out of time: 'c' computer, 'e' end the game
END = "end"  # the vote to end the game: 'y' end it, 'n' play on
VOTE = "vote"
"""Due work `vote:end`: the end vote expires (its row's version is the vote's id)."""
CHOICES = {ABSENT: ("c", "e"), END: ("y", "n")}
_BUTTONS = {ABSENT: {"c": "table-vote-computer", "e": "table-vote-end"},
            END: {"y": "table-vote-yes", "n": "table-vote-no"}}


def voters(kind: str, subject: int, seats: Sequence[SeatRow]) -> list[SeatRow]:
    """Who votes: the people playing their own seats (not the one the vote is about)."""
    return [s for s in seats if s.seat is not None and not s.is_computer
            and s.absence is None and not (kind == ABSENT and s.seat == subject)]


def needed(kind: str, players: int, voters: int) -> int:
    """Ballots that decide: one at a two-player table (the other player), otherwise a majority
    of those who vote."""
    if kind == ABSENT and players == 2:
        return 1
    return voters // 2 + 1


def vote_board(tr: Translator, table: TableRow, seats: Sequence[SeatRow],
               votes: Sequence[Vote]) -> tuple[list[str], list[tuple[Button, ...]]]:
    """What the board shows of the open votes: a line each, and their buttons with the
    count so far."""
    lang = table.language
    lines: list[str] = []
    rows: list[tuple[Button, ...]] = []
    for vote in votes:
        voting = {s.seat for s in voters(vote.kind, vote.seat, seats)}
        need = needed(vote.kind, len(seats), len(voting))
        name = next((s.display_name for s in seats if s.seat == vote.seat), "?")
        buttons = {
            choice: Button(tr.t(lang, key, player=name, need=need, count=sum(
                1 for seat, b in vote.ballots.items() if b == choice and seat in voting)),
                encode(Press(VOTE, table.id, arg=f"{choice}{vote.id}")))
            for choice, key in _BUTTONS[vote.kind].items()}
        if vote.kind == ABSENT:
            lines.append(tr.t(lang, "table-vote-absent", player=name))
            rows.extend(((buttons["c"],), (buttons["e"],)))
        else:
            lines.append(tr.t(lang, "table-vote-end-question", player=name))
            rows.append((buttons["y"], buttons["n"]))
    return lines, rows
