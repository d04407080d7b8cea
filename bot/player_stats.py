"""/stats and /forgetme: what the bot tells about the games played, and how a person has it
forget them.

/stats in a group is the chat's leaderboard of every game played there (or of one game,
`/stats lanterns`), as a picture with the same figures in its caption; in a private chat, the
person's own figures over every chat of the platform. The figures and ratings are computed
by bot/stats.py, where what counts and why is written down.

/forgetme works in a private chat only (in a group, it says so). It asks first, with a button
that only works for a while (a press carries the minute it was asked); Yes deletes what is
kept about the person (bot/storage/stats.py: `forget_user`), unless they still sit at a
lobby or a game under way: then nothing is deleted and they are told where (they can /leave,
or wait for the game's end), because a game under way needs its players' ids to run.

A service of its own beside the table service (bot/tables.py).
"""

from __future__ import annotations

import asyncio
import logging

from bot import stats
from bot.payloads import Press, encode
from bot.screens import Button, ChatRef, Reply, Result, Screen, UserRef
from bot.storage.stats import PlayedGame, StillSeated
from bot.table_core import Command, Dispatch, FreePress, Part
from engine.core import GameSpec
from render.leaderboard import Row, Section, leaderboard_png

log = logging.getLogger(__name__)

FORGET = "forget"
"""The press kind of /forgetme's question (arg: yes / no; in place of a table, the minute
it was asked)."""
FORGET_MINUTES = 15
"""How long /forgetme's question can be answered."""
OVERVIEW_ROWS = 5  # players per game in a chat's overview (3 when more than two games)
GAME_ROWS = 10  # players in one game's table


class PlayerStats(Part):
    """/stats and /forgetme."""

    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["stats"] = lambda c: self.stats_command(c.chat, c.user, c.lang,
                                                                  c.args)
        dispatch.commands["forgetme"] = self.forget_command
        dispatch.free_presses[FORGET] = self.forget_press

    # --- /stats ------------------------------------------------------------------------

    async def stats_command(self, chat: ChatRef, user: UserRef, lang: str,
                             args: str) -> Result:
        only: GameSpec | None = None
        if args:
            only = self.games.get(args.split()[0].lower())
            if only is None:
                return Result(message=Screen((self.tr.t(
                    lang, "bot-error-unknown-game", games=", ".join(self.games)),)))
        played = await self.store.played_games(
            chat.platform, chat_id=None if chat.private else chat.id,
            game=only.name if only else None)
        if chat.private:
            return await self._own_stats(chat, user, lang, played, only)
        specs = [only] if only else [s for s in self.games.values()
                                     if any(g.game == s.name for g in played)]
        if not played:
            return Result(message=Screen((self.tr.t(lang, "stats-none-game", game=self.tr.t(
                lang, f"game-{only.name}")) if only else self.tr.said_on(
                chat.platform, lang, "stats-none"),)))
        # the overview's caption must stay within a photo caption's 1,024 characters
        limit = GAME_ROWS if only else OVERVIEW_ROWS if len(specs) <= 2 else OVERVIEW_ROWS - 2
        # rating a long history takes a while (0.1 ms a game): not on the event loop
        sections = await asyncio.to_thread(
            lambda: [self._stats_section(lang, spec, played, limit) for spec in specs])
        title = (self.tr.t(lang, "stats-title", chat=chat.title) if chat.title
                 else self.tr.t(lang, "stats-title-here"))
        lines = [title]
        for section in sections:
            lines += ["", section.heading, *self._section_lines(lang, section)]
        lines += ["", self.tr.t(lang, "stats-how")]
        if not only and len(specs) > 1:
            lines.append(self.tr.said_on(chat.platform, lang, "stats-one-game"))
        image = await asyncio.to_thread(leaderboard_png, sections, title=title)
        return Result(message=Screen(("\n".join(lines),), image=image))

    def _stats_section(self, lang: str, spec: GameSpec,
                       played: list[PlayedGame], limit: int) -> Section:
        t = self.tr.t
        heading = t(lang, f"game-{spec.name}")
        if spec.perfect_score is not None:
            groups = stats.team_figures(played, spec)[:limit]
            return Section(heading, self._team_headers(lang), tuple(
                Row(None, self._team_name(lang, g), self._team_cells(lang, g)) for g in groups))
        board = stats.leaderboard(played, spec)[:limit]
        return Section(heading, self._player_headers(lang), tuple(
            Row(place, f.name or t(lang, "stats-former-player"), self._player_cells(lang, f))
            for place, f in enumerate(board, 1)))

    def _player_headers(self, lang: str) -> tuple[str, ...]:
        return tuple(self.tr.t(lang, f"stats-col-{c}") for c in ("games", "wins", "rate",
                                                                   "rating"))

    def _team_headers(self, lang: str) -> tuple[str, ...]:
        return tuple(self.tr.t(lang, f"stats-col-{c}") for c in ("games", "best", "average",
                                                                   "perfect"))

    def _player_cells(self, lang: str, f: stats.PlayerFigures
                      ) -> tuple[str, ...]:
        ordinal = f.ordinal
        return (str(f.games), str(f.wins), f"{round(100 * f.win_rate)}%",
                "—" if ordinal is None else _decimal(lang, ordinal))

    def _team_cells(self, lang: str, g: stats.TeamFigures) -> tuple[str, ...]:
        return (str(g.games), f"{g.best}/{g.perfect_score}", _decimal(lang, g.average),
                str(g.perfect))

    def _team_name(self, lang: str, g: stats.TeamFigures) -> str:
        return self.tr.t(lang, "stats-team-kind-computers" if g.computers else "stats-team-kind",
                         players=g.players,
                         variant=g.variant or self.tr.t(lang, "stats-variant-base"))

    def _section_lines(self, lang: str, section: Section) -> list[str]:
        """The figures of a picture's panel in words, for the caption."""
        if not section.rows:
            return []
        headers = " · ".join(section.headers)
        return [f"({headers})", *(
            ("" if row.place is None else f"{row.place}. ") + f"{row.name}: "
            + " · ".join(row.cells) for row in section.rows)]

    async def _own_stats(self, chat: ChatRef, user: UserRef, lang: str,
                         played: list[PlayedGame], only: GameSpec | None) -> Result:
        """A person's own figures in every chat of the platform, per game."""
        mine = stats.games_of(played, user.id)
        if not mine:
            return Result(message=Screen((self.tr.said_on(chat.platform, lang,
                                                          "stats-yours-none"),)))
        specs = [only] if only else list(self.games.values())
        figures = await asyncio.to_thread(stats.personal, played, {s.name: s for s in specs},
                                          user.id)
        t = self.tr.t
        sections: list[Section] = []
        rows = tuple(Row(None, t(lang, f"game-{name}"), self._player_cells(lang, f))
                     for name, f in figures.items())
        if rows:
            sections.append(Section(self.tr.said_on(chat.platform, lang, "stats-yours-games"),
                                    self._player_headers(lang),
                                    rows))
        for spec in specs:
            if spec.perfect_score is None:
                continue
            groups = stats.team_figures(mine, spec, user_id=user.id)
            if groups:
                sections.append(Section(t(lang, f"game-{spec.name}"), self._team_headers(lang),
                                        tuple(Row(None, self._team_name(lang, g),
                                                  self._team_cells(lang, g)) for g in groups)))
        title = t(lang, "stats-yours-title", name=user.name)
        lines = [title, self.tr.said_on(chat.platform, lang, "stats-yours-chats",
                                        games=len(mine), chats=len({g.chat_id for g in mine}))]
        for section in sections:
            lines += ["", section.heading, *self._section_lines(lang, section)]
        lines += ["", t(lang, "stats-how")]
        if not sections:  # only games ended early, which give no figures but their count
            return Result(message=Screen(("\n".join(lines),)))
        image = await asyncio.to_thread(leaderboard_png, sections, title=title)
        return Result(message=Screen(("\n".join(lines),), image=image))

    # --- /forgetme ---------------------------------------------------------------------

    async def forget_command(self, c: Command) -> Result:
        chat, lang = c.chat, c.lang
        if not chat.private:
            return Result(message=Screen((self.tr.t(lang, "forget-private-only"),)))
        minute = int(self.core.clock() // 60)
        return Result(message=Screen((self.tr.t(lang, "forget-ask"),), buttons=((
            Button(self.tr.t(lang, "forget-yes"), encode(Press(FORGET, minute, arg="yes"))),
            Button(self.tr.t(lang, "forget-no"), encode(Press(FORGET, minute, arg="no")))),)))

    async def forget_press(self, p: FreePress) -> Result:
        """Yes or No to /forgetme's question: only in the person's private chat, for
        themselves, and while the question is fresh."""
        chat, user, press, lang = p.chat, p.user, p.press, p.lang
        if not chat.private or press.arg not in ("yes", "no"):
            return self.core.alert(lang, "bot-error-malformed")
        asked = press.table * 60
        if not asked <= self.core.clock() + 60 or self.core.clock() - asked > FORGET_MINUTES * 60:
            return Result(Reply(self.tr.t(lang, "forget-expired"), alert=True),
                          private=Screen((self.tr.t(lang, "forget-expired"),)))
        if press.arg == "no":
            text = self.tr.t(lang, "forget-kept")
            return Result(Reply(text), private=Screen((text,)))
        try:
            gone = await self.store.forget_user(chat.platform, user.id)
        except StillSeated as seated:
            chats = ", ".join(dict.fromkeys(title or "?" for _, title in seated.tables))
            text = self.tr.t(lang, "forget-still-seated", chats=chats)
            return Result(Reply(text, alert=True), private=Screen((text,)))
        log.info("a person on %s was forgotten (%d seats anonymised)", chat.platform,
                 gone.seats)
        text = self.tr.t(lang, "forget-done", seats=gone.seats)
        return Result(Reply(text), private=Screen((text,)))


def _decimal(lang: str, value: float) -> str:
    """One decimal, with the language's decimal mark."""
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")
