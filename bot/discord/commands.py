"""The slash commands and their localisations.

The commands are the service's (`TableService.COMMANDS`): /newgame and /rules (the game as
a choice, and its options as text), /games, /stats (a game, as a choice), /help, /cancel,
/leave, /language, /settings (in a guild only, like /newgame, /cancel and /leave). Every
user-visible string is a `locale_str` whose `key` names a Fluent message (`cmd-*` in
table.ftl and settings.ftl, `dc-name-*` and `dc-param-*` in discord.ftl, `game-*` for the
games), and `FluentCommandTranslator` gives Discord the Russian and Polish texts when the
commands are synced: the commands' names too, where they fit Discord's rule for names (a
name that does not stays English). Whatever a person types, the interaction carries the
English name. Texts name commands in English too (Telegram's are English everywhere); the
Discord adapter renames them in what it answers (`as_client_shows`) as the reader's client
shows them: `/новая-игра` for a Russian client, `/nowa-gra` for a Polish one. /dms is the
adapter's own (turn reminders by direct message, bot/discord/dms.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, TranslationContextLocation, locale_str

from bot.i18n import Translator

log = logging.getLogger(__name__)

LOCALES: dict[discord.Locale, str] = {discord.Locale.russian: "ru", discord.Locale.polish: "pl"}
"""Discord's locales we translate to; English is the commands' own language."""
NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and parameter names, `^[-_\\p{L}\\p{N}]{1,32}$` (letters of any
script, digits, - and _), lowercase where the script has cases (checked apart)."""
DESCRIPTION_LIMIT = 100

Run = Callable[[discord.Interaction, str, str], Awaitable[None]]
"""Runs a command: (interaction, the service's command name, its arguments)."""

_NAMES = (TranslationContextLocation.command_name, TranslationContextLocation.parameter_name,
          TranslationContextLocation.group_name)


class FluentCommandTranslator(app_commands.Translator):
    """Discord's command localisations from our Fluent files."""

    def __init__(self, translator: Translator) -> None:
        self.tr = translator

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        return self.localise(string, locale, context.location)

    def localise(self, string: locale_str, locale: discord.Locale,
                 location: TranslationContextLocation) -> str | None:
        lang = LOCALES.get(locale)
        key = string.extras.get("key")
        if lang is None or key is None or not self.tr.has(lang, key):
            return None
        text = self.tr.t(lang, key).strip()
        if location in _NAMES:
            text = text.lower()
            if not NAME.fullmatch(text):
                log.warning("%s (%s) is not a valid command name; not localised", key, lang)
                return None
            return text
        return text[:DESCRIPTION_LIMIT] or None


def text(tr: Translator, key: str) -> locale_str:
    """A string Discord shows, in English, with the key of its translations."""
    return locale_str(tr.t("en", key)[:DESCRIPTION_LIMIT], key=key)


GUILD_ONLY = frozenset({"newgame", "cancel", "leave", "settings", "history"})
"""Commands about a channel's table: not offered in direct messages."""


def build_commands(run: Run, tr: Translator, names: Iterable[str], games: Iterable[str]
                   ) -> list[app_commands.Command[Any, ..., None]]:
    """One app command per service command (`names`, in order), each handing its
    interaction to `run`; /newgame and /rules take a game among `games`."""
    choices: list[Choice[str]] = [Choice(name=text(tr, f"game-{g}"), value=g) for g in games]
    game_name = locale_str("game", key="dc-param-game")
    options_name = locale_str("options", key="dc-param-options")

    def named(command: str) -> locale_str:
        return locale_str(command, key=f"dc-name-{command}")

    @app_commands.command(name=named("newgame"), description=text(tr, "cmd-newgame"))
    @app_commands.rename(game=game_name, options=options_name)
    @app_commands.describe(game=text(tr, "dc-param-game-description"),
                           options=text(tr, "dc-param-options-description"))
    @app_commands.choices(game=choices)
    async def newgame(interaction: discord.Interaction, game: str | None = None,
                      options: str | None = None) -> None:
        await run(interaction, "newgame", " ".join(a for a in (game, options) if a))

    @app_commands.command(name=named("rules"), description=text(tr, "cmd-rules"))
    @app_commands.rename(game=game_name, options=options_name)
    @app_commands.describe(game=text(tr, "dc-param-rules-game-description"),
                           options=text(tr, "dc-param-rules-options-description"))
    @app_commands.choices(game=choices)
    async def rules(interaction: discord.Interaction, game: str | None = None,
                    options: str | None = None) -> None:
        await run(interaction, "rules", " ".join(a for a in (game, options) if a))

    @app_commands.command(name=named("stats"), description=text(tr, "cmd-stats"))
    @app_commands.rename(game=game_name)
    @app_commands.describe(game=text(tr, "dc-param-stats-game-description"))
    @app_commands.choices(game=choices)
    async def stats(interaction: discord.Interaction, game: str | None = None) -> None:
        await run(interaction, "stats", game or "")

    def simple(name: str) -> app_commands.Command[Any, ..., None]:
        async def callback(interaction: discord.Interaction) -> None:
            await run(interaction, name, "")

        return app_commands.Command(name=named(name),
                                    description=text(tr, f"cmd-{name}"), callback=callback)

    @app_commands.command(name=named("dms"), description=text(tr, "cmd-dms"))
    @app_commands.rename(choice=locale_str("choice", key="dc-param-dms-choice"))
    @app_commands.describe(choice=text(tr, "dc-param-dms-choice-description"))
    @app_commands.choices(choice=[Choice(name=text(tr, "dc-dms-choice-on"), value="on"),
                                  Choice(name=text(tr, "dc-dms-choice-off"), value="off")])
    async def dms(interaction: discord.Interaction, choice: str | None = None) -> None:
        await run(interaction, "dms", choice or "")

    special = {"newgame": newgame, "rules": rules, "stats": stats}
    commands = [special.get(name) or simple(name) for name in names]
    commands.append(dms)  # the adapter's own: turn reminders by DM (bot/discord/dms.py)
    for command in commands:
        command.guild_only = command.name in GUILD_ONLY
    return commands


# --- commands named as the reader's client shows them ---------------------------------------

_IN_TEXT = re.compile(r"(?<![\w/.:@<])/([a-z]+)(?![-\w])")
"""A command in a text ("/newgame", "/rules hanabi"), not a link's path."""


def client_names(tr: Translator, commands: Iterable[str]) -> dict[str, dict[str, str]]:
    """By language (ru, pl), each command's name as a Discord client in it shows it: the
    localised name synced with the commands (the English one where it has none)."""
    localiser = FluentCommandTranslator(tr)
    names: dict[str, dict[str, str]] = {}
    for locale, lang in LOCALES.items():
        names[lang] = {}
        for command in commands:
            shown = localiser.localise(locale_str(command, key=f"dc-name-{command}"), locale,
                                       TranslationContextLocation.command_name)
            if shown:
                names[lang][command] = shown
    return names


def as_client_shows(text: str, names: dict[str, str]) -> str:
    """`text` with each command named as in `names` (see `client_names`)."""
    if not names:
        return text
    return _IN_TEXT.sub(lambda m: "/" + names.get(m.group(1), m.group(1)), text)
