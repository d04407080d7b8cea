"""Starting and stopping the platform adapters.

`run(settings)` is where the Telegram and Discord adapters will be started side by side
and served until the process is stopped. Neither exists yet, so for now it only says so.
"""

from __future__ import annotations

import logging

from bot.config import Settings

log = logging.getLogger(__name__)


async def run(settings: Settings) -> None:
    """Serve every platform that has a token until stopped. Not implemented yet."""
    if settings.has_telegram:
        log.warning("TELEGRAM_BOT_TOKEN is set, but the Telegram adapter is not available yet")
    if settings.has_discord:
        log.warning("DISCORD_BOT_TOKEN is set, but the Discord adapter is not available yet")
    log.info("Nothing to run yet; exiting")
