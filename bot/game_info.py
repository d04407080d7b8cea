"""/help, /games and /rules: what the bot and its games are, read from the games' registry
and the translations; they change nothing."""

from __future__ import annotations

from typing import Any

from bot.options import BadOption, known_options, parse_options
from bot.rules_text import rules_text
from bot.screens import Result
from bot.table_core import Command, Dispatch, Part


class GameInfo(Part):
    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["help"] = self.help
        dispatch.commands["games"] = self.game_list
        dispatch.commands["rules"] = self.rules

    async def help(self, c: Command) -> Result:
        return self.core.say(self.tr.t(c.lang, "bot-help"))

    async def game_list(self, c: Command) -> Result:
        lang = c.lang
        return self.core.say("\n".join([self.tr.t(lang, "table-games-header"), *(
            self.tr.t(lang, "table-game-line", name=self.tr.t(lang, f"game-{g}"),
                      tagline=self.tr.t(lang, f"game-{g}-tagline"), code=g)
            for g in self.games)]))

    async def rules(self, c: Command) -> Result:
        """`/rules <game> [options]` describes the game with those options (the defaults
        without); a bare `/rules` the game of this chat's table, with its options."""
        chat, lang, args = c.chat, c.lang, c.args
        name, *words = args.split() or [""]
        spec = self.games.get(name.lower())
        options: dict[str, Any] = {}
        if spec is None and not args:
            table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
            spec = self.games.get(table.game) if table else None
            options = dict(table.options) if table else {}
        if spec is None:
            return self.core.say(self.tr.t(lang, "bot-error-unknown-game",
                                           games=", ".join(self.games)))
        try:
            options = parse_options(spec, words) if words else options
        except BadOption as bad:
            return self.core.say(self.tr.t(lang, "table-bad-option", word=bad.word,
                                           options=known_options(spec) or "—"))
        return self.core.say(rules_text(self.tr, lang, spec, options))
