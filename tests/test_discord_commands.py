"""The slash commands as Discord receives them: one per service command, descriptions in
English with Russian and Polish localisations, game choices, valid names everywhere."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.commands import NAME, FluentCommandTranslator, build_commands
from bot.discord.handlers import INVITE_PERMISSIONS
from bot.i18n import Translator
from bot.tables import TableService
from engine.registry import GAMES

TR = Translator.load()
LOCALES = {"ru": "ru", "pl": "pl"}


async def payloads() -> list[dict[str, Any]]:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    async def run(interaction: discord.Interaction, name: str, args: str) -> None:
        raise AssertionError("not called here")

    translator = FluentCommandTranslator(TR)
    commands = build_commands(run, TR, TableService.COMMANDS, GAMES)
    for command in commands:
        tree.add_command(command)
    try:
        return [await c.get_translated_payload(tree, translator) for c in commands]
    finally:
        await client.close()


async def test_one_command_per_service_command_with_localised_descriptions() -> None:
    found = await payloads()
    assert [p["name"] for p in found] == [*TableService.COMMANDS, "dms"]  # /dms: the adapter's
    for payload in found:
        name = payload["name"]
        assert payload["description"] == TR.t("en", f"cmd-{name}")
        for lang in LOCALES:
            localised = payload["description_localizations"][lang]
            assert localised == TR.t(lang, f"cmd-{name}") and localised != payload["description"]
            assert 1 <= len(localised) <= 100
        assert NAME.fullmatch(name)


async def test_parameters_and_game_choices_are_localised() -> None:
    found = {p["name"]: p for p in await payloads()}
    [game, options] = found["newgame"]["options"]
    assert (game["name"], options["name"]) == ("game", "options")
    assert not game["required"] and not options["required"]
    assert [c["value"] for c in game["choices"]] == list(GAMES)
    for lang in LOCALES:
        assert game["name_localizations"][lang] == TR.t(lang, "dc-param-game")
        assert options["name_localizations"][lang] == TR.t(lang, "dc-param-options")
        assert game["description_localizations"][lang] == TR.t(lang, "dc-param-game-description")
        for choice in game["choices"]:
            assert choice["name_localizations"][lang] == TR.t(lang, f"game-{choice['value']}")
    [rules_game, rules_options] = found["rules"]["options"]
    assert [c["value"] for c in rules_game["choices"]] == list(GAMES)
    # the table's options shape the rules summary, so /rules takes them as /newgame does
    assert rules_options["name"] == "options" and not rules_options["required"]
    for lang in LOCALES:
        assert rules_options["description_localizations"][lang] == TR.t(
            lang, "dc-param-rules-options-description")
    for payload in found.values():
        for option in payload.get("options", []):
            for text in [option["name"], *option.get("name_localizations", {}).values()]:
                assert NAME.fullmatch(text) and text == text.lower(), text


async def test_command_names_are_localised_within_discords_naming_rule() -> None:
    discord_name = re.compile(r"^[-_\w]{1,32}$")  # \w: letters and digits of any script
    for payload in await payloads():
        name = payload["name"]
        for lang in LOCALES:
            localised = payload["name_localizations"][lang]
            assert localised == TR.t(lang, f"dc-name-{name}") and localised != name
            assert discord_name.fullmatch(localised) and localised == localised.lower()
    found = {p["name"]: p for p in await payloads()}
    assert found["newgame"]["name_localizations"] == {"ru": "новая-игра", "pl": "nowa-gra"}


async def test_table_commands_are_not_offered_in_direct_messages() -> None:
    found = {p["name"]: p for p in await payloads()}
    assert {n for n, p in found.items() if p.get("dm_permission") is False} == {
        "newgame", "cancel", "leave", "settings", "history"}


@pytest.mark.parametrize("locale", [discord.Locale.american_english, discord.Locale.german])
def test_other_locales_keep_the_english_text(locale: discord.Locale) -> None:
    translator = FluentCommandTranslator(TR)
    string = app_commands.locale_str("Open a table", key="cmd-newgame")
    location = app_commands.TranslationContextLocation.command_description
    assert translator.localise(string, locale, location) is None


def test_an_invalid_localised_name_falls_back_to_english() -> None:
    translator = FluentCommandTranslator(TR)
    string = app_commands.locale_str("game", key="cmd-newgame")  # a sentence, not a name
    location = app_commands.TranslationContextLocation.parameter_name
    assert translator.localise(string, discord.Locale.russian, location) is None


def test_the_invite_permissions_are_the_ones_the_readme_gives() -> None:
    readme = Path(__file__).resolve().parents[1].joinpath("README.md").read_text("utf-8")
    numbers = set(re.findall(r"permissions=(\d+)", readme))
    assert numbers == {str(INVITE_PERMISSIONS.value)}
    granted = {name for name, value in INVITE_PERMISSIONS if value}
    assert granted == {"read_messages", "send_messages", "send_messages_in_threads",
                       "attach_files"}  # read_messages is View Channel
