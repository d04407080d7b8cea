"""The web playground: the table service in a browser, with no bot token.

A third adapter beside bot/telegram and bot/discord, knowing no game either:

* `identity`: the players a browser holds and its language, in a signed cookie;
* `limits`: what one client may take (connections, streams, tables, rates);
* `hygiene`: the Host and Origin checks, security headers, bounded JSON bodies;
* `rooms`: the outbox: what each room shows, sent live to the browsers watching it;
* `images`: pictures by unguessable name, a panel's only to its player's browser;
* `render`: a `Screen` as the page draws it;
* `routes`: the page, presses and commands, the live stream (server-sent events);
* `app`: the aiohttp application and `run_web`;
* `static/`: the page itself (HTML, CSS, JavaScript).
"""

from .app import build_app, run_web
from .identity import UnsafeSecret
from .routes import PLATFORM

__all__ = ["PLATFORM", "UnsafeSecret", "build_app", "run_web"]
