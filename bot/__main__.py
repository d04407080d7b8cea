"""`python -m bot` (or `python3 tasks.py run`): read the settings and run the bot.

With no token it serves the web playground (bot/web) and says how to get tokens; with
tokens, the playground runs only when PLAYGROUND=1. `--workers N` runs N worker processes
on Telegram's webhook (bot/workers.py); `--worker i --listen-fd FD` is how the supervisor
starts each of them.

Exit status: 0 after a normal stop, 1 if the translation files are broken or a platform
failed (a refused token), 2 if the configuration is invalid or names nothing to run, or for
a common mistake said in one line (PostgreSQL down, its database or role missing, an
unwritable DATABASE_PATH, a port in use: bot/ops/startup_errors.py).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import socket
import sys

from bot.config import ConfigError, Settings, load_settings, missing_for_run
from bot.i18n import TranslationError, Translator
from bot.ops.startup_errors import StartupError, explain

log = logging.getLogger("bot")


async def run(settings: Settings, **options: object) -> int | None:
    """`bot.app.run`, imported only when this process runs the bot: the `--workers`
    supervisor never does, and stays small (no aiogram, discord.py, Pillow or engines)."""
    from bot.app import run as run_bot

    return await run_bot(settings, **options)  # type: ignore[arg-type]


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the bot.")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="worker processes serving Telegram's webhook on one port "
                             "(needs TELEGRAM_WEBHOOK_URL and PostgreSQL)")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--listen-fd", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--restarted", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def configure_logging(level: str, worker: int | None = None) -> None:
    # tracebacks without what an exception's text might show of a game (bot/log_format.py)
    from bot.log_format import configure

    configure(level, worker)


def main(argv: list[str] | None = None) -> int:
    # The cyclic garbage collector is off while the bot starts: its imports (aiogram's ~600
    # pydantic models, the games, SQLAlchemy) and the translations build about a million
    # objects, almost none of them garbage, and scanning them again and again took a fifth
    # of the start-up's CPU. bot.app turns it on again once every platform is set up
    # (`collector_on`); the supervisor, at once; any other way out of here, on leaving.
    gc.disable()
    try:
        return _main(parse_args(argv or []))
    finally:
        gc.enable()


def _main(args: argparse.Namespace) -> int:
    # Configuration problems are the user's to fix, so they are told plainly on stderr,
    # without a traceback and before logging is even set up.
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        print("See .env.example for every setting.", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, args.worker)
    if args.worker is None and (args.workers != 1 or settings.has_webhook):
        from bot.workers import problems

        found = problems(settings, args.workers)
        if found:
            for problem in found:
                print(problem, file=sys.stderr)
            return 2
    if args.worker is None and args.workers > 1:
        gc.enable()
        # before the translations (a second of parsing): the supervisor says nothing that
        # needs them, and its workers load and check them first thing (a broken file: each
        # fails at start with exit status 1, and the supervisor stops them all with it)
        from bot.workers import supervise

        try:
            return supervise(settings, args.workers)
        except OSError as error:  # the webhook's port
            line = explain(error, settings)
            if line is None:
                raise
            print(line, file=sys.stderr)
            return 2
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
    sock = socket.socket(fileno=args.listen_fd) if args.listen_fd is not None else None
    status = serve(settings, worker=args.worker or 0, restarted=args.restarted, sock=sock,
                   translator=translator)
    if args.worker is not None:
        # Everything is closed and delivered by now: a worker skips the interpreter's
        # teardown of its heap (seconds, for the game engines' and aiogram's objects), so
        # that the supervisor stops or replaces it sooner.
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    return status


def serve(settings: Settings, *, worker: int = 0, restarted: bool = False,
          sock: socket.socket | None = None, translator: Translator | None = None) -> int:
    """Run the bot; `translator`: the translations `main` checked, so that they are not
    parsed again (a second per process)."""
    log.info("Starting (database %s, default language %s)",
             settings.database_label, settings.default_language)
    try:
        status = asyncio.run(run(settings, worker=worker, restarted=restarted, sock=sock,
                                 translator=translator))
    except KeyboardInterrupt:
        log.info("Stopped")
        return 0
    except StartupError as error:  # a common mistake: one line, what to do (no traceback)
        print(error, file=sys.stderr, flush=True)
        return 2
    return status or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
