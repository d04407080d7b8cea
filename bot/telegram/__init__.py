"""The Telegram adapter: turns updates into `TableService` calls and `Screen`s into messages.

It knows no game and no payload format: button data goes to the service as it came, and
whatever the service returns is shown as it is.

* `render`: a `Screen` as Telegram HTML, a photo and an inline keyboard;
* `outbox`: executes `Post`/`Drop` per chat, rate-limited and coalesced, errors as events;
* `handlers`: aiogram routers for commands, `/start` deep links, presses, migration;
* `app`: `TelegramBot` (start/stop against any Bot API server) and `run_telegram`.
"""

from bot.counters import Counters

from .app import TelegramBot, build_dispatcher, run_telegram, set_commands
from .limits import OutboxLimits, Rate
from .outbox import Outbox

__all__ = [
    "Counters",
    "Outbox",
    "OutboxLimits",
    "Rate",
    "TelegramBot",
    "build_dispatcher",
    "run_telegram",
    "set_commands",
]
