"""What Telegram's client hands a Mini App it opens: `initData`, signed with the bot's token.

Telegram signs it as https://core.telegram.org/bots/webapps#validating-data-received-via-the-web-app
says; the bot checks it with aiogram's `safe_parse_webapp_init_data`. This is Telegram's
half, which no library offers (only Telegram signs): the fake plays Telegram here.

    data = open_web_app(server, alice, start_param="12")   # as Alice's Telegram would
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import TYPE_CHECKING
from urllib.parse import urlencode

if TYPE_CHECKING:
    from .server import FakeTelegramServer
    from .users import FakeUser


def sign_init_data(token: str, fields: dict[str, str]) -> str:
    """`fields` as a query string with Telegram's `hash` of them under `token`."""
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def open_web_app(server: FakeTelegramServer, user: FakeUser, *,
                 start_param: str | None = None, auth_date: float | None = None,
                 token: str | None = None) -> str:
    """The `initData` Telegram gives the Mini App `user` opens (from a direct link with
    `start_param`, or a button without); `auth_date` defaults to now, `token` to the
    server's bot's (another bot's token: what another bot's Mini App would get)."""
    fields = {
        "query_id": f"AAH{user.id:x}",
        "user": json.dumps(user.to_api(), ensure_ascii=False, separators=(",", ":")),
        "auth_date": str(int(time.time() if auth_date is None else auth_date)),
    }
    if start_param is not None:
        fields["start_param"] = start_param
        fields["chat_type"] = "group"
    return sign_init_data(token or server.token, fields)
