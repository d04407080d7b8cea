"""/help, /games and /rules: what the bot and its games are, read from the games' registry
and the translations; they change nothing. Each says it in the platform's own words where
it has them (`Translator.said_on`: the playground speaks of its page, not of commands)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from bot.options import BadOption, known_options, parse_options
from bot.rules_text import rules_text
from bot.screens import ChatRef, Result
from bot.storage.store import Status
from bot.table_core import Command, Dispatch, Part
from engine.core import GameSpec

LOOKED_BACK = 20
"""A chat's newest tables looked at for its topic's last one (bare /rules, no table open)."""


class GameInfo(Part):
    def register(self, dispatch: Dispatch) -> None:
        dispatch.commands["help"] = self.help
        dispatch.commands["games"] = self.game_list
        dispatch.commands["rules"] = self.rules

    async def help(self, c: Command) -> Result:
        return self.core.say(self.tr.said_on(c.chat.platform, c.lang, "bot-help"))

    async def game_list(self, c: Command) -> Result:
        lang, said = c.lang, self._said(c.chat)
        return self.core.say("\n".join([said(lang, "table-games-header"), *(
            said(lang, "table-game-line", name=self.tr.t(lang, f"game-{g}"),
                 tagline=self.tr.t(lang, f"game-{g}-tagline"), code=g)
            for g in self.games)]))

    async def rules(self, c: Command) -> Result:
        """`/rules <game> [options]` describes the game with those options (the defaults
        without); a bare `/rules` the game of this chat's table, with its options: the one
        gathering players or under way, else the last that ended here; in a chat that never
        had one, the list of games."""
        chat, lang, args = c.chat, c.lang, c.args
        name, *words = args.split() or [""]
        spec = self.games.get(name.lower())
        options: dict[str, Any] = {}
        if spec is None and not args:
            spec, options = await self._chat_game(chat)
            if spec is None:
                return await self.game_list(c)
        if spec is None:
            return self.core.say(self.tr.t(lang, "bot-error-unknown-game",
                                           games=", ".join(self.games)))
        try:
            options = parse_options(spec, words) if words else options
        except BadOption as bad:
            return self.core.say(self.tr.t(lang, "table-bad-option", word=bad.word,
                                           options=known_options(spec) or "—"))
        return self.core.say(rules_text(self.tr, lang, spec, options, platform=chat.platform))

    async def _chat_game(self, chat: ChatRef) -> tuple[GameSpec | None, dict[str, Any]]:
        """The game (and options) of the chat's (or topic's) newest table: the one
        gathering players or under way, else the last that ended or closed."""
        table = await self.store.active_table(chat.platform, chat.id, chat.thread_id)
        if table is None:
            ids = await self.store.table_ids_in_chat(chat.platform, chat.id, tuple(Status))
            for table_id in reversed(ids[-LOOKED_BACK:]):  # (every topic's: this one's)
                table = await self.store.get_table(table_id)
                if table is not None and table.thread_id == chat.thread_id:
                    break
                table = None
        spec = self.games.get(table.game) if table else None
        return spec, dict(table.options) if table and spec else {}

    def _said(self, chat: ChatRef) -> Callable[..., str]:
        return functools.partial(self.tr.said_on, chat.platform)
