"""Translations: every text a person reads goes through here (English, Russian, Polish).

Messages are Fluent files, `data/i18n/<lang>/*.ftl`, loaded once into a `Translator`
that the app creates at start-up and hands to whoever needs it:

>>> tr = Translator.load()
>>> tr.t("ru", "bot-cards", count=21)
'21 карта'
>>> tr.t("pl", "bot-cards", count=5)
'5 kart'

A key missing in a language falls back to English, then to the key itself; a missing
argument shows up in the text and is logged, never raised. Engine texts arrive as
`engine.core.Label`s and go through `Translator.render_label`, which puts player names
in place of seat numbers.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from gamehost_data import ROOT as DATA_ROOT

if TYPE_CHECKING:
    from engine.core import Label

log = logging.getLogger(__name__)

DATA_DIR = DATA_ROOT  # the package data (gamehost_data), installed or in a checkout
I18N_DIR = DATA_DIR / "i18n"
LANGUAGES = ("en", "ru", "pl")
DEFAULT_LANGUAGE = "en"
FALLBACK_LANGUAGE = "en"
"""Where a key missing in another language is looked up; it must have every key."""


class TranslationError(Exception):
    """The translation files cannot be loaded (syntax error, duplicate key, missing folder)."""


def normalize_language(code: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """One of our languages for a platform language code; anything else gives `default`.

    >>> [normalize_language(c) for c in ("ru-RU", "pl", "en-US", "PL_pl", "uk", "", None)]
    ['ru', 'pl', 'en', 'pl', 'en', 'en', 'en']
    """
    if default not in LANGUAGES:
        default = DEFAULT_LANGUAGE
    if not isinstance(code, str):
        return default
    base = code.strip().replace("_", "-").split("-", 1)[0].lower()
    return base if base in LANGUAGES else default


class Translator:
    """All languages' messages, loaded once; cheap to call from anywhere."""

    languages: tuple[str, ...] = LANGUAGES

    def __init__(self, bundles: Mapping[str, FluentBundle], keys: Mapping[str, frozenset[str]]):
        self._bundles = dict(bundles)
        self._keys = dict(keys)
        self._reported: set[tuple[str, str]] = set()

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path | None = None) -> Translator:
        """Load every `<lang>/*.ftl` under `path` (default `data/i18n`).

        Raises `TranslationError` for a syntax error or a key defined twice in a language.
        """
        root = Path(path) if path is not None else I18N_DIR
        parser = FluentParser()
        bundles: dict[str, FluentBundle] = {}
        keys: dict[str, frozenset[str]] = {}
        for lang in LANGUAGES:
            files = sorted((root / lang).glob("*.ftl"))
            if not files:
                if lang == FALLBACK_LANGUAGE:
                    raise TranslationError(f"no {lang} translations in {root / lang}")
                log.warning("no %s translations in %s; English is used", lang, root / lang)
            # Unicode isolation marks around arguments would show up in Telegram captions.
            bundle = FluentBundle([lang], use_isolating=False)
            defined: dict[str, Path] = {}
            for file in files:
                resource = parser.parse(file.read_text(encoding="utf-8"))
                for entry in resource.body:
                    if isinstance(entry, ftl.Junk):
                        raise TranslationError(_junk_message(file, entry))
                    if isinstance(entry, ftl.Message | ftl.Term):
                        name = ("-" if isinstance(entry, ftl.Term) else "") + entry.id.name
                        if name in defined:
                            raise TranslationError(
                                f"{file}: {name!r} is already defined in {defined[name]}"
                            )
                        defined[name] = file
                bundle.add_resource(resource)
            bundles[lang] = bundle
            keys[lang] = frozenset(k for k in defined if not k.startswith("-"))
        return cls(bundles, keys)

    # -- lookup --------------------------------------------------------------------------

    def keys(self, lang: str) -> frozenset[str]:
        """The message keys defined in one language (terms excluded)."""
        return self._keys.get(lang, frozenset())

    def has(self, lang: str, key: str) -> bool:
        return key.partition(".")[0] in self.keys(lang)

    def format(self, lang: str, key: str, args: Mapping[str, Any] | None = None
               ) -> tuple[str, list[Exception]] | None:
        """Format one message of one language exactly, with no fallback.

        Returns None when the language lacks the key, else the text and Fluent's errors
        (for example a missing argument). `key` may name an attribute: `"msg.attr"`.
        """
        message_id, _, attribute = key.partition(".")
        bundle = self._bundles.get(lang)
        if bundle is None or not bundle.has_message(message_id):
            return None
        message = bundle.get_message(message_id)
        pattern = message.attributes.get(attribute) if attribute else message.value
        if pattern is None:
            return None
        text, errors = bundle.format_pattern(pattern, _fluent_args(args or {}))
        return str(text), errors

    def t(self, lang: str, key: str, /, **args: Any) -> str:
        """The text of `key` in `lang` (a code we know, else the default language).

        Falls back to English, then to the key itself. Never raises: problems are logged.
        Lists and tuples in `args` are joined with ", "; numbers stay numbers, so plurals
        work (`count=5`, not `count="5"`).
        """
        lang = normalize_language(lang)
        for code in dict.fromkeys((lang, FALLBACK_LANGUAGE)):
            try:
                result = self.format(code, key, args)
            except Exception:  # a bug in a message must not take a game down
                log.exception("cannot format %r in %s", key, code)
                return key
            if result is None:
                continue
            text, errors = result
            if errors:
                self._report(code, key, f"{key!r} in {code}: {errors}")
            if code != lang:
                self._report(lang, key, f"{key!r} is missing in {lang}; English is used")
            return text
        self._report(lang, key, f"no translation for {key!r}")
        return key

    def said_on(self, platform: str, lang: str, key: str, /, **args: Any) -> str:
        """`t`, in a platform's own words where it has them: the message `<platform>--<key>`
        if there is one (the playground speaks of its page where a chat speaks of /newgame),
        else `key`'s."""
        own = f"{platform}--{key}"
        return self.t(lang, own if platform and own in self.keys(FALLBACK_LANGUAGE) else key,
                      **args)

    def render_label(self, lang: str, label: Label,
                     names: Sequence[str] | Mapping[int, str] = ()) -> str:
        """Translate an engine `Label`, naming players instead of numbering seats.

        * an argument `seat` or `*_seat` becomes `names[seat]` (and `seats` / `*_seats`,
          a list of seats, the names joined with ", ");
        * a string argument that is a message key (`"color-red"`) is translated, also inside
          a list; lists are joined with ", ";
        * numbers stay numbers so that Fluent plurals work.
        """
        lang = normalize_language(lang)
        args: dict[str, Any] = {}
        for name, value in label.args.items():
            if name == "seat" or name.endswith("_seat"):
                args[name] = self._seat_name(lang, value, names)
            elif (name == "seats" or name.endswith("_seats")) and isinstance(value, list | tuple):
                args[name] = ", ".join(self._seat_name(lang, seat, names) for seat in value)
            elif isinstance(value, list | tuple):
                args[name] = ", ".join(str(self._label_value(lang, item)) for item in value)
            else:
                args[name] = self._label_value(lang, value)
        return self.t(lang, label.key, **args)

    # -- helpers -------------------------------------------------------------------------

    def _label_value(self, lang: str, value: Any) -> Any:
        # Engine labels name colours, kinds and the like by message key; those are translated.
        if isinstance(value, str) and value in self.keys(FALLBACK_LANGUAGE):
            return self.t(lang, value)
        return value

    def _seat_name(self, lang: str, seat: Any, names: Sequence[str] | Mapping[int, str]) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
            try:
                return str(names[seat])
            except (IndexError, KeyError, TypeError):
                return self.t(lang, "bot-player-n", number=seat + 1)
        return str(seat)

    def _report(self, lang: str, key: str, message: str) -> None:
        # Once per key and language: a missing string should not flood the log.
        if (lang, key) not in self._reported:
            self._reported.add((lang, key))
            log.warning(message)


def _fluent_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments as Fluent takes them: text or numbers."""
    converted: dict[str, Any] = {}
    for name, value in args.items():
        if value is None:
            value = ""
        elif isinstance(value, list | tuple):
            value = ", ".join(str(item) for item in value)
        converted[name] = value
    return converted


def _junk_message(file: Path, junk: ftl.Junk) -> str:
    source = file.read_text(encoding="utf-8")
    start = junk.span.start if junk.span else 0
    line = source.count("\n", 0, start) + 1
    detail = "; ".join(a.message for a in junk.annotations) or "syntax error"
    return f"{file}:{line}: {detail}"
