"""The rules summary `/rules` shows, for the options a table is played with.

A game's summary is one message whose arguments are the option values (zone size, track
length, ...); the paragraphs that change with an option (Hanabi's ending, Lighthouse's end
of a round) are other messages, passed as `Label` arguments. The game builds that label
(`GameSpec.rules`, for example engine/lighthouse/summary.py); here it is put into words.
So a table opened with `zone_size=7` or `multicolor` reads the rules it is really played
by, and the texts stay whole sentences a translator can write in their own word order.

>>> from engine.registry import get_game
>>> label = rules_label(get_game("lighthouse"), {"zone_size": 7})
>>> label.args["size"], label.args["ending"].key
(7, 'lighthouse-rules-end-short')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Translator
from bot.options import describe_options, known_options
from engine.core import GameSpec, Label


def rules_label(spec: GameSpec, options: Mapping[str, Any] | None = None) -> Label:
    """The summary of `spec`'s rules with these options (missing ones take their defaults),
    as a label whose arguments may be labels themselves."""
    if spec.rules is None:
        return Label(spec.rules_key)
    return spec.rules({**spec.default_options, **(options or {})})


def rules_text(tr: Translator, lang: str, spec: GameSpec,
               options: Mapping[str, Any] | None = None, *, platform: str = "") -> str:
    """The summary in `lang`, closed (for a game with options) by which options it
    describes and which there are (in `platform`'s own words if it has them)."""
    text = render(tr, lang, rules_label(spec, options))
    if not spec.default_options:
        return text
    every = {**spec.default_options, **(options or {})}
    default = tr.t(lang, "table-rules-options-default")
    # `chosen` as typed after /newgame; `named` by the options' names (for a page's form)
    return "\n\n".join((text, tr.said_on(
        platform, lang, "table-rules-options", game=spec.name,
        chosen=describe_options(spec, every) or default,
        named=named_options(tr, lang, spec, every) or default, known=known_options(spec))))


def named_options(tr: Translator, lang: str, spec: GameSpec, options: Mapping[str, Any]
                  ) -> str:
    """The options that differ from the defaults by their names, as the web's form shows
    them ("Zone size: 7, Multicolour"), where the game has names for them."""
    said = []
    for name, value in options.items():
        if spec.default_options.get(name) == value:
            continue
        key = f"{spec.name}-option-{name}"
        title = tr.t(lang, key) if tr.has("en", key) else name
        said.append(title if value is True else f"{title}: {'✗' if value is False else value}")
    return ", ".join(said)


def render(tr: Translator, lang: str, label: Label) -> str:
    """A label in words; label arguments are rendered first, lists joined with ", "."""
    args: dict[str, Any] = {}
    for name, value in label.args.items():
        if isinstance(value, Label):
            args[name] = render(tr, lang, value)
        elif isinstance(value, list | tuple):
            args[name] = ", ".join(render(tr, lang, v) if isinstance(v, Label) else str(v)
                                   for v in value)
        else:
            args[name] = value
    return tr.t(lang, label.key, **args)


def label_keys(label: Label) -> set[str]:
    """Every message key a summary uses (for the tests that find unused messages)."""
    keys = {label.key}
    for value in label.args.values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, Label):
                keys |= label_keys(item)
    return keys
