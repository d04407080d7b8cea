"""The screens of a table, built from engine views and labels: the lobby, the public board, a
player's panel (their choices or their waiting picture) and the turn ping.

Pure functions of their inputs: no storage, no platform. Everything a person reads is
translated here, in the language of whoever reads it (the group's, or the player's own).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from bot.i18n import Translator
from bot.payloads import Press, encode, point_prefix
from bot.pictures import animation, controls, picture, regions, takes_points
from bot.screens import Button, Mention, Screen, Tap, Text, png_size
from engine.core import LEVELS, Event, GameSpec, Menu, Standing

_SLOT = "\x00"  # where a mention goes inside a translated sentence


@dataclass(frozen=True)
class Player:
    """A seated player as the screens need them."""

    seat: int
    user_id: str
    name: str
    language: str
    computer: bool = False  # a computer player: nobody to mention, no panel
    level: str | None = None  # a computer that sat down as one: its name is its level's


class Seated(Protocol):
    """A seat as the store keeps it (bot/storage's `SeatRow`, read only)."""

    @property
    def seat(self) -> int | None: ...

    @property
    def user_id(self) -> str: ...

    @property
    def display_name(self) -> str: ...

    @property
    def language(self) -> str | None: ...

    @property
    def is_computer(self) -> bool: ...

    @property
    def computer(self) -> str | None: ...


COMPUTER_ID = "cpu"
"""How a computer player's id begins (bot/table_core.py's `computer_user_id`); a person's
seat a computer stands in for keeps the person's id, and their name."""
_NUMBER = re.compile(r" (\d+)$")  # "🤖 Normal 2": the second computer of a level


def players_of(seats: Iterable[Seated], default_language: str) -> list[Player]:
    """The seated players in turn order, as the screens need them."""
    ordered = sorted((s for s in seats if s.seat is not None), key=lambda s: s.seat or 0)
    return [Player(s.seat or 0, s.user_id, s.display_name, s.language or default_language,
                   computer=s.is_computer,
                   level=s.computer if s.user_id.startswith(COMPUTER_ID) else None)
            for s in ordered]


def computer_name(tr: Translator, lang: str, level: str, number: int = 1) -> str:
    """"🤖 Normal", and "🤖 Normal 2" for the second of a level at a table."""
    name = tr.t(lang, "table-computer-name", level=tr.t(lang, f"table-computer-level-{level}"))
    return name if number == 1 else f"{name} {number}"


def name_in(tr: Translator, lang: str, name: str, level: str | None) -> str:
    """A seat's name as a reader of `lang` sees it: a computer player's name is stored in
    the language the table had when it sat down, and is said in the reader's instead."""
    if level is None:
        return name
    number = _NUMBER.search(name)
    return computer_name(tr, lang, level, int(number[1]) if number else 1)


def seat_name(tr: Translator, lang: str, seat: Seated) -> str:
    """`name_in` for a seat row (the lobby's list, before anyone has a place)."""
    return name_in(tr, lang, seat.display_name,
                   seat.computer if seat.user_id.startswith(COMPUTER_ID) else None)


def read_in(tr: Translator, lang: str, players: Sequence[Player]) -> list[Player]:
    """The players as a reader of `lang` sees them (`name_in`)."""
    return [p if p.level is None else replace(p, name=name_in(tr, lang, p.name, p.level))
            for p in players]


def with_mention(translator: Translator, lang: str, key: str, arg: str, who: Mention,
                 **args: Any) -> Text:
    """A translated sentence whose argument `arg` is a mention of `who`."""
    sentence = translator.t(lang, key, **{arg: _SLOT}, **args)
    before, _, after = sentence.partition(_SLOT)
    return tuple(piece for piece in (before, who, after) if piece != "")


def lines(*parts: Iterable[str | Mention] | str) -> Text:
    """Join text pieces into lines: each part is a line (a string or a sequence of pieces);
    an empty string is a blank line."""
    out: list[str | Mention] = []
    for index, part in enumerate(parts):
        if index:
            out.append("\n")
        out.extend([part] if isinstance(part, str) else part)
    return tuple(out)


# --- lobby -------------------------------------------------------------------------------


def lobby_screen(tr: Translator, lang: str, *, spec: GameSpec, table_id: int, host: str,
                 players: Sequence[str], closed: bool = False, options: str = "",
                 computers: bool = False, closed_note: str | None = None,
                 clock: str | None = None) -> Screen:
    """The sign-up message; `computers` offers the host a computer player for a free seat;
    `clock` (the clock in words) is shown with a button to change it."""
    game = tr.t(lang, f"game-{spec.name}")
    count = len(players)
    if spec.min_players == spec.max_players:
        need = tr.t(lang, "bot-lobby-player-exact", game=game, count=spec.min_players)
    else:
        need = tr.t(lang, "bot-lobby-player-range", game=game, min=spec.min_players,
                    max=spec.max_players)
    if closed:
        return Screen(lines(tr.t(lang, "bot-lobby-opened", host=host, game=game),
                            closed_note or tr.t(lang, "bot-lobby-cancelled")))
    status = (tr.t(lang, "bot-lobby-need-more", count=spec.min_players - count)
              if count < spec.min_players else tr.t(lang, "bot-lobby-ready"))
    roster = (tr.t(lang, "bot-lobby-players", count=count, names=", ".join(players)) if players
              else tr.t(lang, "bot-lobby-no-players"))
    buttons = (
        (Button(tr.t(lang, "bot-button-join"), encode(Press("join", table_id))),
         Button(tr.t(lang, "bot-button-leave"), encode(Press("leave", table_id)))),
        (Button(tr.t(lang, "bot-button-start"), encode(Press("start", table_id))),
         Button(tr.t(lang, "bot-button-cancel"), encode(Press("cancel", table_id)))),
    )
    extra: list[Button] = []
    if computers:
        extra.append(Button(tr.t(lang, "table-computer-add"), encode(Press("computer", table_id))))
    if clock is not None:
        extra.append(Button(tr.t(lang, "table-clock-button"), encode(Press("clock", table_id))))
    if extra:
        buttons += (tuple(extra),)
    chosen = [tr.t(lang, "table-options", options=options)] if options else []
    timed = [tr.t(lang, "table-clock-line", clock=clock)] if clock is not None else []
    return Screen(lines(tr.t(lang, "bot-lobby-opened", host=host, game=game), *chosen, *timed,
                        need, roster, status), buttons=buttons)


def clock_picker_screen(tr: Translator, lang: str, *, table_id: int, lobby: Screen,
                        choices: Sequence[tuple[str, bool]]) -> Screen:
    """The lobby while its host picks the clock: one button per choice (the current one
    ticked), and Back."""
    rows = [(Button(("✓ " if chosen else "") + text,
                    encode(Press("clock", table_id, arg=str(number)))),)
            for number, (text, chosen) in enumerate(choices)]
    rows.append((Button(tr.t(lang, "bot-button-back"),
                        encode(Press("clock", table_id, arg="back"))),))
    return Screen(lines(lobby.text, "", tr.t(lang, "table-clock-choose")), buttons=tuple(rows))


def computer_picker_screen(tr: Translator, lang: str, *, spec: GameSpec, table_id: int,
                           lobby: Screen, can_add: bool,
                           removable: Sequence[tuple[int, str]]) -> Screen:
    """The lobby while its host picks a computer player's level (or one to remove):
    the lobby's text with level buttons, a remove button per computer player, and Back."""
    rows: list[tuple[Button, ...]] = []
    if can_add:
        rows.append(tuple(
            Button(tr.t(lang, f"table-computer-level-{level}"),
                   encode(Press("computer", table_id, arg=level)))
            for level in LEVELS if level in spec.computer))
    rows.extend((Button(tr.t(lang, "table-computer-remove", name=name),
                        encode(Press("uncomputer", table_id, arg=str(number)))),)
                for number, name in removable)
    rows.append((Button(tr.t(lang, "bot-button-back"),
                        encode(Press("computer", table_id, arg="back"))),))
    return Screen(lines(lobby.text, "", tr.t(lang, "table-computer-choose")),
                  buttons=tuple(rows))


def game_choice_screen(tr: Translator, lang: str, games: Iterable[GameSpec]) -> Screen:
    return Screen(
        (tr.t(lang, "table-choose-game"),),
        buttons=tuple(
            (Button(tr.t(lang, f"game-{spec.name}"), encode(Press("newgame", arg=spec.name))),)
            for spec in games
        ),
    )


# --- the board ---------------------------------------------------------------------------


MOVES_ROOM = 700
"""Characters a caption gives the moves when several happened since the board was last shown:
Telegram's captions hold 1,024, and whose turn it is (with clocks and votes) must still fit.
The newest moves that fit are told one by one in the caption; the earlier ones, in a message
of their own sent with the board (`earlier_moves`)."""


@dataclass(frozen=True)
class BoardScreen(Screen):
    """The board, keeping apart what its caption says happened (each move's lines, oldest
    first) and the rest (whose turn, votes, the result), so that a board replacing one that
    never reached the chat can tell that board's moves too (`board_following`)."""

    moves: tuple[tuple[str, ...], ...] = ()
    rest: Text = ()
    lang: str = field(default="en", compare=False)


def split_moves(moves: Sequence[Sequence[str]]) -> tuple[list[str], list[str]]:
    """The lines that tell `moves`, split into the earlier ones, which do not fit in a
    caption, and the newest, which do. One move is told as the game tells it; several, one
    line each (the short form)."""
    told = [m for m in moves if m]
    if len(told) <= 1:
        return [], list(told[0]) if told else []
    short = ["• " + " ".join(move) for move in told]
    newest: list[str] = []
    room = MOVES_ROOM
    for line in reversed(short):
        if newest and len(line) + 1 > room:
            break
        newest.insert(0, line)
        room -= len(line) + 1
    return short[:len(short) - len(newest)], newest


def board_caption(tr: Translator, lang: str, moves: Sequence[Sequence[str]], rest: Text) -> Text:
    """What happened, then the rest: as many of the newest moves as fit, after a line that
    counts the earlier ones (told in a message of their own, `earlier_moves`)."""
    earlier, newest = split_moves(moves)
    happened = ([tr.t(lang, "table-moves-earlier", count=len(earlier))] if earlier else [])
    happened += newest
    return lines(*happened, *([""] if happened else []), rest)


def earlier_moves(tr: Translator, screen: Screen, limit: int) -> list[Text]:
    """The messages, of at most `limit` characters each, that tell the moves a board's
    caption had no room for (none for any other screen): every move is told in the chat."""
    if not isinstance(screen, BoardScreen):
        return []
    earlier, _ = split_moves(screen.moves)
    if not earlier:
        return []
    messages: list[list[str]] = [[tr.t(screen.lang, "table-moves-earlier-list")]]
    size = len(messages[0][0])
    for line in earlier:
        line = line[:limit]
        if size + 1 + len(line) > limit:
            messages.append([])
            size = -1
        messages[-1].append(line)
        size += 1 + len(line)
    return [lines(*message) for message in messages]


def board_following(tr: Translator, earlier: Screen, later: Screen) -> Screen:
    """`later`, telling also the moves of `earlier`, a board that never reached the chat;
    `later` itself when either is not a board."""
    if not isinstance(earlier, BoardScreen) or not isinstance(later, BoardScreen):
        return later
    moves = earlier.moves + later.moves
    return BoardScreen(board_caption(tr, later.lang, moves, later.rest), image=later.image,
                       buttons=later.buttons, file=later.file, moves=moves, rest=later.rest,
                       lang=later.lang)


def _board(tr: Translator, lang: str, happened: Sequence[str], rest: Text, *,
           image: bytes | None, buttons: tuple[tuple[Button, ...], ...]) -> BoardScreen:
    moves = (tuple(happened),)
    return BoardScreen(board_caption(tr, lang, moves, rest), image=image, buttons=buttons,
                       moves=moves, rest=rest, lang=lang)


def board_screen(tr: Translator, lang: str, *, spec: GameSpec, table_id: int, state: Any,
                 players: Sequence[Player], events: Sequence[Event], ended: str | None = None,
                 left: Mapping[int, str] | None = None, out: Collection[int] = (),
                 vote_lines: Sequence[str] = (),
                 vote_buttons: Sequence[tuple[Button, ...]] = (), exportable: bool = False
                 ) -> BoardScreen:
    """The group's picture and caption: what just happened, and whose turn it is (with their
    time `left`, in words; `out` of time) or the result. `ended` says why a game ended before
    its end, over the standings at that point. Open votes come last, with their buttons; a
    game over offers Play again, and its file (`exportable`: hanab.live's for Hanabi)."""
    players = read_in(tr, lang, players)
    names = [p.name for p in players]
    view = spec.view(state, None)
    image = picture(spec.name, "board", view, names)
    happened = [tr.render_label(lang, e.label, names) for e in events if e.visible_to(None)]
    outcome = spec.outcome(state)

    def ranking(standings: Sequence[Standing]) -> list[str]:
        return [tr.render_label(lang, spec.standing_label(s), names) if spec.standing_label
                else tr.t(lang, "bot-standing", rank=s.rank, name=names[s.seat], score=s.score)
                for s in standings]

    again = ((Button(tr.t(lang, "table-again-button"), encode(Press("again", table_id))),),)
    if ended is not None:
        standings = spec.standings(state) if spec.standings else ()
        return _board(tr, lang, happened, lines(
            ended, *(["", tr.t(lang, "table-standings-now"), *ranking(standings)]
                     if standings else [])), image=image, buttons=again)
    if outcome is not None:
        if exportable:
            again = (again[0] + (Button(tr.t(lang, "replay-file-button"),
                                        encode(Press("replay", table_id, arg="f"))),),)
        again += ((moves_button(tr, lang, table_id),),)
        return _board(tr, lang, happened, lines(
            tr.t(lang, "table-final-ranking"), *ranking(outcome.standings),
            tr.render_label(lang, outcome.reason, names)), image=image, buttons=again)
    left = left or {}
    turn: list[Text] = []
    for seat in sorted(spec.to_act(state)):
        if players[seat].computer:
            turn.append((tr.t(lang, "table-computer-thinking", player=players[seat].name),))
        elif seat in out:
            turn.append((tr.t(lang, "table-absent-board", player=players[seat].name),))
        else:
            line = with_mention(tr, lang, "bot-turn-of", "player", mention(players[seat]))
            if seat in left:
                line += (tr.t(lang, "table-clock-left", time=left[seat]),)
            turn.append(line)
    buttons = (*vote_buttons,
               (Button(tr.t(lang, "bot-button-my-hand"), encode(Press("hand", table_id))),
                moves_button(tr, lang, table_id)))
    return _board(tr, lang, happened, lines(*turn, *([""] if vote_lines else []), *vote_lines),
                  image=image, buttons=buttons)


def moves_button(tr: Translator, lang: str, table_id: int) -> Button:
    """📜 Moves: the game's log, answered to the presser alone (bot/move_log.py)."""
    return Button(tr.t(lang, "moves-button"), encode(Press("moves", table_id)))


def clip_screen(tr: Translator, lang: str, *, spec: GameSpec, state: Any,
                players: Sequence[Player]) -> Screen | None:
    """The last move as an animation, or None when its game has none for it."""
    clip = animation(spec.name, spec.view(state, None),
                     [p.name for p in read_in(tr, lang, players)])
    return None if clip is None else Screen((tr.t(lang, "table-clip"),), image=clip)


def ping_screen(tr: Translator, lang: str, player: Player) -> Screen:
    return Screen(with_mention(tr, lang, "table-turn-ping", "player", mention(player)))


def reminder_screen(tr: Translator, lang: str, player: Player, time: str) -> Screen:
    """A quarter of a player's time is left: they are mentioned in the chat."""
    return Screen(with_mention(tr, lang, "table-clock-reminder", "player", mention(player),
                               time=time))


def mention(player: Player) -> Mention:
    return Mention(player.user_id, player.name)


# --- a player's panel --------------------------------------------------------------------


def panel_screen(tr: Translator, *, spec: GameSpec, table_id: int, version: int, state: Any,
                 player: Player, players: Sequence[Player], path: tuple[str, ...], menu: Menu,
                 notes: Sequence[Event] = (), note: str | None = None,
                 since: str | None = None, clock: float | None = None) -> Screen:
    """A player's choices at `path`: the picture for this step, the question, the preview,
    and buttons (options, or Confirm on a leaf) with Back wherever a step can be undone.
    `since` says in one line what happened since the player's last turn (bot/move_log.py);
    `clock`, the seconds they have left for it (the web counts them down)."""
    lang = player.language
    names = [p.name for p in read_in(tr, lang, players)]
    view = spec.view(state, player.seat)
    image = picture(spec.name, "panel", view, names, dict(menu.focus) or None)
    said = [tr.render_label(lang, e.label, names) for e in notes if e.visible_to(player.seat)]
    text = lines(*([since] if since else []), *said, *([note] if note else []),
                 tr.render_label(lang, menu.title, names),
                 *(tr.render_label(lang, label, names) for label in menu.preview))

    def press(kind: str, to: tuple[str, ...]) -> str:
        return encode(Press(kind, table_id, version, to))

    rows: list[tuple[Button, ...]] = []
    if menu.action is not None:
        rows.append((Button(tr.t(lang, "bot-button-confirm"), press("confirm", path)),))
    else:
        labels = [tr.render_label(lang, o.label, names) for o in menu.options]
        buttons = [Button(text_, press("go", o.path_from(path)))
                   for text_, o in zip(labels, menu.options)]
        rows.extend(_rows(buttons))
    if path:
        rows.append((Button(tr.t(lang, "bot-button-back"), press("go", path[:-1])),))
    drag = None  # a picture that also takes a point (render/rafter/drag.py)
    if menu.action is None and takes_points(spec.name, dict(menu.focus) or None):
        drag = point_prefix(table_id, version, path)
    taps = _taps(spec.name, view, menu, path, press, png_size(image))
    return Screen(text, image=image, buttons=tuple(rows), taps=taps, clock=clock, drag=drag)


def _taps(game: str, view: Any, menu: Menu, path: tuple[str, ...],
          press: Callable[[str, tuple[str, ...]], str], size: tuple[int, int] | None,
          ) -> tuple[Tap, ...]:
    """Where the panel's picture may be touched (render/regions.py): each region of this
    level presses the path its keys lead to, as its option's button does. At a leaf, the
    thing chosen confirms: where a level above, seen with this picture's focus, still shows
    it; otherwise wherever the player tapped to get here (an empty polygon, the client's).
    A level of one choice that has no place on the picture (the next round) is the whole
    picture's."""
    focus = dict(menu.focus) or None
    if menu.action is not None:
        confirm = press("confirm", path)
        for up in range(1, len(path) + 1):
            above = path[:-up]
            shown = [r for r in regions(game, view, focus, above, None) if above + r.keys == path]
            if shown:
                return tuple(Tap(confirm, r.polygon, confirms=True) for r in shown)
        return (Tap(confirm, (), confirms=True),)
    by_key = {o.key: o for o in menu.options}
    taps = []
    for region in regions(game, view, focus, path, list(by_key)):
        option = by_key.get(region.key)
        if option is None:
            continue
        try:
            data = press("go", option.path_from(path) + region.keys[1:])
        except ValueError:  # a path too long for a button's data: its button remains
            continue
        taps.append(Tap(data, region.polygon))
    # the controls drawn over the picture: an option's (How risky?), or a level beside
    # this one's (the card turned)
    for control in controls(game, view, focus, path, list(by_key)):
        chosen = by_key.get(control.key) if control.key is not None else None
        to = chosen.path_from(path) if chosen is not None else control.path
        if to is not None:
            taps.append(Tap(press("go", to), control.polygon, mark=control.mark))
    if not taps and len(menu.options) == 1 and size is not None:
        (only,), (width, height) = menu.options, size
        taps.append(Tap(press("go", only.path_from(path)),
                        ((0, 0), (width, 0), (width, height), (0, height))))
    return tuple(taps)


def waiting_screen(tr: Translator, *, spec: GameSpec, state: Any, player: Player,
                   players: Sequence[Player], chat_title: str, note: str | None = None,
                   buttons: tuple[tuple[Button, ...], ...] = ()) -> Screen:
    """The panel while it is not this player's turn. It names nobody and no turn, so it only
    changes when the player's private view does (and is then sent again). An absent
    player's says a computer plays for them (`note`), with I'm back (`buttons`)."""
    lang = player.language
    names = [p.name for p in read_in(tr, lang, players)]
    view = spec.view(state, player.seat)
    image = picture(spec.name, "waiting", view, names)
    if spec.outcome(state) is not None:
        return Screen((tr.t(lang, "table-panel-over", chat=chat_title),), image=image)
    if note is not None:
        return Screen((note,), image=image, buttons=buttons)
    return Screen((tr.t(lang, "table-panel-waiting", chat=chat_title),), image=image)


def closed_panel_screen(tr: Translator, lang: str, chat_title: str) -> Screen:
    return Screen((tr.t(lang, "table-panel-closed", chat=chat_title),))


def _rows(buttons: list[Button]) -> list[tuple[Button, ...]]:
    """Short labels (spot numbers) go many to a row, longer ones fewer, so a phone shows them
    without cutting words."""
    longest = max((len(b.text) for b in buttons), default=0)
    per_row = 8 if longest <= 3 else 4 if longest <= 8 else 2 if longest <= 18 else 1
    return [tuple(buttons[i:i + per_row]) for i in range(0, len(buttons), per_row)]


def private_view_key(spec: GameSpec, state: Any, seat: int) -> str:
    """What only this seat sees (its view where it differs from the spectators'): a waiting
    panel shows exactly this, so it needs sending again only when this changes."""
    own, public = spec.view(state, seat), spec.view(state, None)
    return repr(sorted((k, v) for k, v in own.items() if public.get(k) != v and k != "viewer"))
