"""The Discord adapter: turns interactions into `TableService` calls and `Screen`s into
messages. It knows no game: a component's data goes to the service as it came.

* `render`: a `Screen` as message content and component rows (pure);
* `items`: the dynamic button and select (custom-id templates) and views of a layout;
* `answer`: answering one interaction exactly once and in time;
* `panels`: the newest interaction token per player and table, to refresh their panel;
* `outbox`: channel messages edited in place, panels refreshed, "your turn" DMs;
* `handlers`: commands and presses: service call, answer, outbox;
* `commands`: the slash commands and their Russian and Polish localisations;
* `app`: `DiscordBot` (the client subclass), `ShardedDiscordBot` (on the shards of
  `DISCORD_SHARDS`) and `run_discord`.
"""

from .app import INTENTS, DiscordBot, ShardedDiscordBot, run_discord
from .handlers import INVITE_PERMISSIONS
from .outbox import PLATFORM, Outbox

__all__ = ["INTENTS", "INVITE_PERMISSIONS", "PLATFORM", "DiscordBot", "Outbox",
           "ShardedDiscordBot", "run_discord"]
