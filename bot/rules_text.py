"""The rules summary `/rules` shows, for the options a table is played with.

A game's summary is one message whose arguments are the option values (zone size, track
length, ...); the paragraphs that change with an option (Hanabi's ending, Lighthouse's end
of a round) are other messages, chosen here and passed as `Label` arguments. So a table
opened with `zone_size=7` or `multicolor` reads the rules it is really played by, and the
texts stay whole sentences a translator can write in their own word order.

>>> from engine.registry import get_game
>>> label = rules_label(get_game("lighthouse"), {"zone_size": 7})
>>> label.args["size"], label.args["ending"].key
(7, 'lighthouse-rules-end-short')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import Translator
from bot.options import describe_options, known_options
from engine.core import GameSpec, Label
from engine.hanabi.components import variant_from_options
from engine.lighthouse.options import Options as LighthouseOptions
from engine.lighthouse.scoring import group_points
from engine.rafter.options import Options as RafterOptions


def rules_label(spec: GameSpec, options: Mapping[str, Any] | None = None) -> Label:
    """The summary of `spec`'s rules with these options (missing ones take their defaults),
    as a label whose arguments may be labels themselves."""
    build = _BUILDERS.get(spec.name)
    if build is None:
        return Label(spec.rules_key)
    return build({**spec.default_options, **(options or {})})


def rules_text(tr: Translator, lang: str, spec: GameSpec,
               options: Mapping[str, Any] | None = None) -> str:
    """The summary in `lang`, closed (for a game with options) by which options it
    describes and which there are."""
    text = render(tr, lang, rules_label(spec, options))
    if not spec.default_options:
        return text
    chosen = describe_options(spec, {**spec.default_options, **(options or {})})
    return "\n\n".join((text, tr.t(lang, "table-rules-options", game=spec.name,
                                   chosen=chosen or tr.t(lang, "table-rules-options-default"),
                                   known=known_options(spec))))


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


# --- the games ---------------------------------------------------------------------------


def _hanabi(options: Mapping[str, Any]) -> Label:
    variant = variant_from_options(options)
    if variant.advanced:
        ending = Label("hanabi-rules-end-advanced", {"perfect": variant.max_score})
    else:
        scale = "hanabi-rules-scale-multicolor" if variant.multicolor else "hanabi-rules-scale"
        ending = Label("hanabi-rules-end", {"perfect": variant.max_score,
                                            "scale": Label(scale)})
    deck = "hanabi-rules-deck-multicolor" if variant.multicolor else "hanabi-rules-deck"
    return Label("hanabi-rules", {"deck": Label(deck), "ending": ending})


def _lighthouse(options: Mapping[str, Any]) -> Label:
    o = LighthouseOptions.parse(options)
    # A number can appear in a line at most as often as the line is long, and both players
    # together hold it 2 × copies times.
    most = min(o.zone_size, 2 * o.copies)
    groups = [Label("lighthouse-rules-group", {"combo": Label(f"lighthouse-combo-{n}"),
                                               "points": group_points(n)})
              for n in range(2, most + 1)]
    # Each player puts down exactly one zone's worth of tokens on a full board: with fewer,
    # the round ends when tokens run out, and the own-zone tie-break can decide it.
    if o.tokens >= o.cells:
        ending = Label("lighthouse-rules-end-full")
    else:
        ending = Label("lighthouse-rules-end-short", {"tokens": o.tokens, "size": o.zone_size})
    return Label("lighthouse-rules", {
        "size": o.zone_size, "tokens": o.tokens, "values": o.values, "copies": o.copies,
        "hand": o.hand_size, "track": o.track, "groups": groups, "ending": ending})


def _rafter(options: Mapping[str, Any]) -> Label:
    o = RafterOptions.parse(options)
    chests = (Label("rafter-rules-chests-n", {"chests": o.chests}) if o.chests
              else Label("rafter-rules-chests"))
    lumber = "rafter-rules-lumber-advanced" if o.advanced else "rafter-rules-lumber"
    end = "rafter-rules-end-house" if o.house else "rafter-rules-end"
    return Label("rafter-rules", {"chests": chests, "lumber": Label(lumber), "end": Label(end)})


_BUILDERS: dict[str, Callable[[Mapping[str, Any]], Label]] = {
    "hanabi": _hanabi,
    "lighthouse": _lighthouse,
    "rafter": _rafter,
}
"""The games whose summary depends on options; any other game's is its `rules_key`."""
