"""Discord's checks on message bodies and application command definitions.

Each check raises `DiscordError` (``400 Invalid Form Body``, code 50035, with
Discord's nested ``errors``) the way the real API rejects a request, so a bot
that would fail on Discord fails against the fake too: too long content,
more than 5 action rows or 5 buttons in a row, duplicate or over-long
``custom_id``s, select menus with too many options, unknown locales in
command localisations (``"pl-PL"`` instead of ``"pl"``), bad command names.
"""

from __future__ import annotations

import re
from typing import Any

from .records import (
    BUTTON_LINK,
    BUTTON_PREMIUM,
    COMPONENT_ACTION_ROW,
    COMPONENT_BUTTON,
    COMPONENT_STRING_SELECT,
    FLAG_IS_COMPONENTS_V2,
    SELECT_TYPES,
    DiscordError,
    form_error,
    walk_components,
)

VALID_LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip
"""The locales Discord accepts in ``name_localizations`` and sends as ``locale``."""

COMMAND_NAME = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_V2_COMPONENTS = 40


def _check_len(value: Any, limit: int, path: list[str | int], *, minimum: int = 0) -> None:
    if value is None:
        return
    text = str(value)
    if len(text) > limit:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    if len(text) < minimum:
        raise form_error(path, "BASE_TYPE_MIN_LENGTH", f"Must be {minimum} or more in length.")


def validate_message(body: dict[str, Any], *, flags: int = 0) -> None:
    """Check the message fields present in ``body`` (create or edit)."""
    v2 = bool(flags & FLAG_IS_COMPONENTS_V2)
    content = body.get("content")
    if content is not None:
        if not isinstance(content, str):
            raise form_error(["content"], "BASE_TYPE_STRING", "Must be a string.")
        if v2 and content:
            raise form_error(
                ["content"],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        _check_len(content, MAX_CONTENT, ["content"])
    embeds = body.get("embeds")
    if embeds:
        if v2:
            raise form_error(
                ["embeds"],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
        validate_embeds(embeds)
    components = body.get("components")
    if components:
        validate_components(components, v2=v2)


def validate_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > MAX_EMBEDS:
        raise form_error(
            ["embeds"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length."
        )
    total = 0
    for i, embed in enumerate(embeds):
        path: list[str | int] = ["embeds", i]
        for key, limit in (("title", 256), ("description", 4096)):
            _check_len(embed.get(key), limit, [*path, key])
            total += len(str(embed.get(key) or ""))
        footer = embed.get("footer") or {}
        _check_len(footer.get("text"), 2048, [*path, "footer", "text"])
        author = embed.get("author") or {}
        _check_len(author.get("name"), 256, [*path, "author", "name"])
        total += len(str(footer.get("text") or "")) + len(str(author.get("name") or ""))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise form_error(
                [*path, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        for j, item in enumerate(fields):
            _check_len(item.get("name"), 256, [*path, "fields", j, "name"], minimum=1)
            _check_len(item.get("value"), 1024, [*path, "fields", j, "value"], minimum=1)
            total += len(str(item.get("name") or "")) + len(str(item.get("value") or ""))
    if total > MAX_EMBED_TOTAL:
        raise form_error(
            ["embeds"], "MESSAGE_EMBEDS_TOO_LONG", "Embed size exceeds maximum size of 6000"
        )


def validate_components(components: list[dict[str, Any]], *, v2: bool = False) -> None:
    """Action rows, buttons and select menus, legacy or Components V2."""
    if not v2:
        if len(components) > MAX_ROWS:
            raise form_error(
                ["components"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length."
            )
        for i, row in enumerate(components):
            if row.get("type") != COMPONENT_ACTION_ROW:
                raise form_error(
                    ["components", i, "type"],
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (1,).',
                )
    elif sum(1 for _ in walk_components(components)) > MAX_V2_COMPONENTS:
        raise form_error(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 40 or fewer in length.")
    seen: set[str] = set()
    _validate_tree(components, ["components"], seen)


def _validate_tree(components: list[dict[str, Any]], path: list[str | int], seen: set[str]) -> None:
    for i, component in enumerate(components):
        here = [*path, i]
        kind = component.get("type")
        if kind == COMPONENT_ACTION_ROW:
            items = component.get("components") or []
            if not items:
                raise form_error(
                    [*here, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
                )
            if len(items) > MAX_ROW_ITEMS:
                raise form_error(
                    [*here, "components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
                )
            if any(c.get("type") in SELECT_TYPES for c in items) and len(items) > 1:
                raise form_error(
                    [*here, "components"],
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
        elif kind == COMPONENT_BUTTON:
            _validate_button(component, here)
        elif kind in SELECT_TYPES:
            _validate_select(component, here)
        if "custom_id" in component and kind in (COMPONENT_BUTTON, *SELECT_TYPES):
            custom_id = str(component["custom_id"])
            if custom_id in seen:
                raise form_error(
                    [*here, "custom_id"],
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)
        children = component.get("components")
        if isinstance(children, list):
            _validate_tree(children, [*here, "components"], seen)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                _validate_tree([child], [*here, key], seen)


def _validate_button(button: dict[str, Any], path: list[str | int]) -> None:
    style = button.get("style")
    if style not in (1, 2, 3, 4, BUTTON_LINK, BUTTON_PREMIUM):
        raise form_error(
            [*path, "style"],
            "BASE_TYPE_CHOICES",
            f"Value must be one of (1, 2, 3, 4, 5, 6), not {style}.",
        )
    if style == BUTTON_LINK:
        if not button.get("url"):
            raise form_error([*path, "url"], "BASE_TYPE_REQUIRED", "This field is required")
        if "custom_id" in button:
            raise form_error(
                [*path, "custom_id"],
                "BUTTON_CUSTOM_ID_INVALID",
                "A link button cannot have a custom id",
            )
    elif style != BUTTON_PREMIUM:
        if not button.get("custom_id"):
            raise form_error([*path, "custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
        if "url" in button:
            raise form_error(
                [*path, "url"], "BUTTON_URL_INVALID", "A non-link button cannot have a url"
            )
        if not button.get("label") and not button.get("emoji"):
            raise form_error(
                [*path, "label"], "BUTTON_LABEL_REQUIRED", "A label or an emoji is required"
            )
    _check_len(
        button.get("custom_id"),
        100,
        [*path, "custom_id"],
        minimum=1 if "custom_id" in button else 0,
    )
    _check_len(button.get("label"), 80, [*path, "label"])


def _validate_select(select: dict[str, Any], path: list[str | int]) -> None:
    _check_len(select.get("custom_id"), 100, [*path, "custom_id"], minimum=1)
    _check_len(select.get("placeholder"), 150, [*path, "placeholder"])
    low = select.get("min_values", 1)
    high = select.get("max_values", 1)
    if not 0 <= low <= 25:
        raise form_error(
            [*path, "min_values"], "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 0."
        )
    if not 1 <= high <= 25:
        raise form_error(
            [*path, "max_values"], "NUMBER_TYPE_MAX", "int value should be <= 25 and >= 1."
        )
    if low > high:
        raise form_error(
            [*path, "min_values"],
            "SELECT_COMPONENT_MIN_VALUES_TOO_HIGH",
            "min_values exceeds max_values",
        )
    if select.get("type") != COMPONENT_STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        raise form_error(
            [*path, "options"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 25 in length.",
        )
    if high > len(options):
        raise form_error(
            [*path, "max_values"],
            "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
            "max_values exceeds the number of options",
        )
    values: set[str] = set()
    for j, option in enumerate(options):
        _check_len(option.get("label"), 100, [*path, "options", j, "label"], minimum=1)
        _check_len(option.get("value"), 100, [*path, "options", j, "value"], minimum=1)
        _check_len(option.get("description"), 100, [*path, "options", j, "description"])
        value = str(option.get("value"))
        if value in values:
            raise form_error(
                [*path, "options", j, "value"],
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select component option values must be unique",
            )
        values.add(value)


# ------------------------------------------------------------------ commands


def validate_commands(commands: Any) -> None:
    """A bulk overwrite (``PUT .../commands``): a list of command definitions."""
    if not isinstance(commands, list):
        raise form_error([], "BASE_TYPE_ARRAY", "Must be an array.")
    if len(commands) > 110:
        raise form_error([], "BASE_TYPE_MAX_LENGTH", "Must be 110 or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        validate_command(command, [i])
        key = (command.get("type", 1), command["name"])
        if key in seen:
            raise form_error(
                [i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique ({command['name']})",
            )
        seen.add(key)


def validate_command(command: dict[str, Any], path: list[str | int]) -> None:
    kind = command.get("type", 1)
    _check_name(command.get("name"), [*path, "name"], chat_input=kind == 1)
    if kind == 1:
        _check_len(command.get("description"), 100, [*path, "description"], minimum=1)
    _check_localizations(command, path, chat_input=kind == 1)
    _check_options(command.get("options") or [], [*path, "options"])


def _check_name(name: Any, path: list[str | int], *, chat_input: bool) -> None:
    if not isinstance(name, str) or not name:
        raise form_error(path, "BASE_TYPE_REQUIRED", "This field is required")
    if chat_input:
        if not COMMAND_NAME.match(name):
            raise form_error(
                path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}"
            )
        if name != name.lower():
            raise form_error(
                path,
                "APPLICATION_COMMAND_INVALID_NAME",
                f"Command name must be lowercase: {name!r}",
            )
    else:
        _check_len(name, 32, path, minimum=1)


def _check_localizations(
    obj: dict[str, Any], path: list[str | int], *, chat_input: bool = True
) -> None:
    for key, limit in (("name_localizations", 32), ("description_localizations", 100)):
        localizations = obj.get(key)
        if not localizations:
            continue
        for locale, text in localizations.items():
            if locale not in VALID_LOCALES:
                raise form_error(
                    [*path, key, locale],
                    "ENUM_TYPE_COERCE",
                    f'Value "{locale}" is not a valid enum value.',
                )
            if key == "name_localizations":
                _check_name(text, [*path, key, locale], chat_input=chat_input)
            else:
                _check_len(text, limit, [*path, key, locale], minimum=1)


def _check_options(options: list[dict[str, Any]], path: list[str | int]) -> None:
    if len(options) > 25:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    optional_seen = False
    names: set[str] = set()
    for i, option in enumerate(options):
        here = [*path, i]
        _check_name(option.get("name"), [*here, "name"], chat_input=True)
        _check_len(option.get("description"), 100, [*here, "description"], minimum=1)
        _check_localizations(option, here)
        if option["name"] in names:
            raise form_error(
                [*here, "name"],
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(option["name"])
        if option.get("type") in (1, 2):
            _check_options(option.get("options") or [], [*here, "options"])
            continue
        if option.get("required"):
            if optional_seen:
                raise form_error(
                    [*here, "required"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > 25:
            raise form_error(
                [*here, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        for j, choice in enumerate(choices):
            _check_len(choice.get("name"), 100, [*here, "choices", j, "name"], minimum=1)
            for locale, text in (choice.get("name_localizations") or {}).items():
                if locale not in VALID_LOCALES:
                    raise form_error(
                        [*here, "choices", j, "name_localizations", locale],
                        "ENUM_TYPE_COERCE",
                        f'Value "{locale}" is not a valid enum value.',
                    )
                _check_len(
                    text, 100, [*here, "choices", j, "name_localizations", locale], minimum=1
                )


__all__ = [
    "VALID_LOCALES",
    "DiscordError",
    "validate_command",
    "validate_commands",
    "validate_components",
    "validate_message",
]
