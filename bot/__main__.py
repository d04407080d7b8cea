"""`python -m bot` (or `python3 tasks.py run`): read the settings and run the bot.

With no token it serves the web playground (bot/web) and says how to get tokens; with
tokens, the playground runs only when PLAYGROUND=1.

Exit status: 0 after a normal stop, 1 if the translation files are broken or a platform
failed (a refused token), 2 if the configuration is invalid or names nothing to run.
"""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.app import run
from bot.config import ConfigError, Settings, load_settings, missing_for_run
from bot.i18n import TranslationError, Translator

log = logging.getLogger("bot")


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        datefmt="%Y-%m-%d %H:%M:%S",
    )


def main() -> int:
    # Configuration problems are the user's to fix, so they are told plainly on stderr,
    # without a traceback and before logging is even set up.
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        print("See .env.example for every setting.", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        translator = Translator.load()
    except TranslationError as exc:
        log.error("Cannot load translations: %s", exc)
        return 1
    lang = settings.default_language
    if missing_for_run(settings):
        print(translator.t(lang, "bot-missing-token"), file=sys.stderr)
        return 2
    if not (settings.has_telegram or settings.has_discord):
        # nothing to connect to: say how to get a token, and play in the browser meanwhile
        print(translator.t(lang, "bot-missing-token"), file=sys.stderr)
        print("\n" + translator.t(lang, "web-started", url=settings.playground_url),
              file=sys.stderr, flush=True)
    return serve(settings)


def serve(settings: Settings) -> int:
    log.info("Starting (database %s, default language %s)",
             settings.database_label, settings.default_language)
    try:
        status = asyncio.run(run(settings))
    except KeyboardInterrupt:
        log.info("Stopped")
        return 0
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
