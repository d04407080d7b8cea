"""The screens of /history and of a finished game's replay: the chat's past games, one step
of a replay (the board after move n, what move n did, and at the end the ranking), the
whole game as an animation, and a game's export as a file.

Pure functions of their inputs, like bot/table_screens.py: no storage, no platform. A replay
is of a game that ended, so nothing is secret any more: its pictures show every hand a
game's board can draw (`open_view`), and its captions the hands that are plain numbers.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.i18n import Translator
from bot.payloads import Press, encode
from bot.pictures import picture
from bot.screens import Attachment, Button, Screen
from bot.table_screens import Player, lines
from engine.core import Event, GameSpec, Standing

HISTORY_PER_ROW = 5
"""Replay buttons in a row of the /history list (a Discord row holds five)."""


@dataclass(frozen=True)
class PastGame:
    """One line of /history: a game that ended, how, and each seat's standing."""

    table_id: int
    game: str
    ended_at: float
    abandoned: bool
    names: tuple[str, ...]  # by seat
    standings: tuple[Standing, ...]  # best first


def history_screen(tr: Translator, lang: str, games: Sequence[PastGame]) -> Screen:
    """The chat's last games, newest first, each with its Replay button (by number)."""
    if not games:
        return Screen((tr.t(lang, "history-empty"),))
    rows = [tr.t(lang, "history-header")]
    buttons: list[Button] = []
    for number, past in enumerate(games, start=1):
        rows.append(tr.t(lang, "history-line", number=number, game=tr.t(lang, f"game-{past.game}"),
                         when=when(past.ended_at), result=past_result(tr, lang, past)))
        buttons.append(Button(tr.t(lang, "history-replay-button", number=number),
                              encode(Press("replay", past.table_id, arg="o"))))
    grouped = tuple(tuple(buttons[i:i + HISTORY_PER_ROW])
                    for i in range(0, len(buttons), HISTORY_PER_ROW))
    return Screen(lines(*rows), buttons=grouped)


def past_result(tr: Translator, lang: str, past: PastGame) -> str:
    """How a past game ended, in words: its winners and every seat's score, or abandoned."""
    scores = ", ".join(
        tr.t(lang, "history-score", name=past.names[s.seat] if s.seat < len(past.names)
             else "?", score=s.score) for s in past.standings)
    winners = ", ".join(past.names[s.seat] for s in past.standings
                        if s.rank == 1 and s.seat < len(past.names))
    return (tr.t(lang, "history-abandoned", scores=scores) if past.abandoned
            else tr.t(lang, "history-won", winners=winners, scores=scores))


def when(seconds: float) -> str:
    """A moment as people everywhere read it (UTC: the bot does not know their time zone)."""
    return time.strftime("%d.%m.%Y %H:%M UTC", time.gmtime(seconds))


# --- a replay ----------------------------------------------------------------------------


def open_view(spec: GameSpec, state: Any) -> dict[str, Any]:
    """The spectators' view of a past state with every hand face up where the board can draw
    them: a game whose view lists every seat's hand (`hands`, Hanabi) gets each hand as
    another player saw it. Only for games that ended."""
    view = dict(spec.view(state, None))
    hands = view.get("hands")
    players = len(hands) if isinstance(hands, list) else 0
    if players > 1:
        view["hands"] = [spec.view(state, (seat + 1) % players)["hands"][seat]
                         for seat in range(players)]
        view["open_hands"] = True  # the board draws them face up
    return view


def open_hands(spec: GameSpec, state: Any, players: int) -> list[list[Any]] | None:
    """Each seat's hand when hands are plain values (card numbers) a caption can list;
    None for games whose hands are pictures or that keep none."""
    hands = []
    for seat in range(players):
        hand = spec.view(state, seat).get("hand")
        if not isinstance(hand, list) or not all(isinstance(c, int | str) for c in hand):
            return None
        hands.append(hand)
    return hands


def replay_picture(spec: GameSpec, state: Any, players: Sequence[Player]) -> bytes:
    """The board of a replay step, every hand shown (see `open_view`)."""
    return picture(spec.name, "board", open_view(spec, state), [p.name for p in players])


def replay_screen(tr: Translator, lang: str, *, spec: GameSpec, table_id: int, state: Any,
                  players: Sequence[Player], move: int, moves: int, events: Sequence[Event],
                  abandoned: bool, exportable: bool) -> Screen:
    """Step `move` of `moves`: the board after it, what it did (its public events; "the
    start" for move 0), the hands, and after the last move the ranking or that the game was
    abandoned. ⏮ ◀ ▶ ⏭ step through; 🎞 sends the whole game; a game with an export has a
    button for its file."""
    names = [p.name for p in players]
    header = tr.t(lang, "replay-header", game=tr.t(lang, f"game-{spec.name}"), move=move,
                  moves=moves)
    if move == 0:
        did = [tr.t(lang, "replay-start")]
    else:
        did = [tr.render_label(lang, e.label, names) for e in events if e.visible_to(None)]
    hands = open_hands(spec, state, len(players))
    shown_hands = [tr.t(lang, "replay-hands", hands="; ".join(
        tr.t(lang, "replay-hand", name=name, cards=" ".join(map(str, hand)) or "—")
        for name, hand in zip(names, hands)))] if hands and any(hands) else []
    end: list[str] = []
    if move == moves:
        outcome = spec.outcome(state)
        standings = (outcome.standings if outcome is not None
                     else spec.standings(state) if spec.standings else ())
        ranking = [tr.render_label(lang, spec.standing_label(s), names) if spec.standing_label
                   else tr.t(lang, "bot-standing", rank=s.rank, name=names[s.seat],
                             score=s.score) for s in standings]
        if abandoned or outcome is None:
            end = ["", tr.t(lang, "replay-abandoned"), *ranking]
        else:
            end = ["", tr.t(lang, "table-final-ranking"), *ranking,
                   tr.render_label(lang, outcome.reason, names)]

    def step(to: int) -> str:
        return encode(Press("replay", table_id, arg=str(max(0, min(moves, to)))))

    buttons: tuple[tuple[Button, ...], ...] = (
        (Button("⏮", step(0)), Button("◀", step(move - 1)), Button("▶", step(move + 1)),
         Button("⏭", step(moves))),
        (Button(tr.t(lang, "replay-animation-button"), encode(Press("replay", table_id, arg="a"))),
         *([Button(tr.t(lang, "replay-file-button"), encode(Press("replay", table_id, arg="f")))]
           if exportable else [])),
    )
    return Screen(lines(header, *did, *shown_hands, *end),
                  image=replay_picture(spec, state, players), buttons=buttons)


def animation_screen(tr: Translator, lang: str, *, game: str, clip: bytes) -> Screen:
    """The whole game as an animation (sent as a new message, no buttons)."""
    return Screen((tr.t(lang, "replay-animation", game=tr.t(lang, f"game-{game}")),),
                  image=clip)


def export_screen(tr: Translator, lang: str, *, game: str, table_id: int,
                  export: Mapping[str, Any]) -> Screen:
    """A game's export as a JSON document (hanab.live's replay format for Hanabi)."""
    data = json.dumps(export, ensure_ascii=False, indent=1).encode()
    return Screen((tr.t(lang, "replay-file", game=tr.t(lang, f"game-{game}")),),
                  file=Attachment(f"{game}-{table_id}.json", data))
