"""Who opened the Mini App, as Telegram's signed `initData` proves it (bot/telegram/miniapp.py):
real signatures made with a test token, as Telegram makes them (fakes/telegram/web_app.py)."""

from __future__ import annotations

import json

import pytest

from bot.miniapp import Visitor
from bot.telegram.miniapp import MAX_AGE, check_init_data
from fakes.telegram.web_app import sign_init_data

TOKEN = "123456789:AAFakeTelegramTokenForEndToEndTests0"
OTHER_BOT = "987654321:AAAnotherBotsTokenForEndToEndTests00"
NOW = 1_800_000_000.0
ANN = {"id": 4242, "is_bot": False, "first_name": "Ann", "last_name": "Lee",
       "language_code": "pl"}


def init_data(*, token: str = TOKEN, auth_date: float = NOW - 60, user: dict | None = ANN,
              start: str | None = "17") -> str:
    fields = {"auth_date": str(int(auth_date)), "query_id": "AAHx"}
    if user is not None:
        fields["user"] = json.dumps(user)
    if start is not None:
        fields["start_param"] = start
    return sign_init_data(token, fields)


def test_a_fresh_signed_opening_names_the_person_and_the_table() -> None:
    visitor = check_init_data(TOKEN, init_data(), now=NOW)
    assert isinstance(visitor, Visitor)
    assert (visitor.user.id, visitor.user.name, visitor.user.language) == ("4242", "Ann Lee", "pl")
    assert visitor.start == "17"


def test_an_opening_without_a_start_parameter_names_no_table() -> None:
    visitor = check_init_data(TOKEN, init_data(start=None), now=NOW)
    assert isinstance(visitor, Visitor) and visitor.start is None


@pytest.mark.parametrize("data", [None, "", "x" * 5000])
def test_missing_init_data_proves_nobody(data: str | None) -> None:
    assert check_init_data(TOKEN, data, now=NOW) == "miniapp-refused-missing"


def test_another_bots_signature_is_refused() -> None:
    assert check_init_data(TOKEN, init_data(token=OTHER_BOT), now=NOW) == \
        "miniapp-refused-forged"


def test_a_changed_field_breaks_the_signature() -> None:
    forged = init_data().replace("4242", "4243")  # someone else's seat
    assert check_init_data(TOKEN, forged, now=NOW) == "miniapp-refused-forged"


@pytest.mark.parametrize("data", ["hash=abc", "user=%7B%7D", "a&b&c", "%%%"])
def test_garbage_is_refused_without_a_traceback(data: str) -> None:
    assert check_init_data(TOKEN, data, now=NOW) == "miniapp-refused-forged"


def test_an_old_opening_is_refused() -> None:
    old = init_data(auth_date=NOW - MAX_AGE - 1)
    assert check_init_data(TOKEN, old, now=NOW) == "miniapp-refused-expired"
    assert isinstance(check_init_data(TOKEN, init_data(auth_date=NOW - MAX_AGE + 5), now=NOW),
                      Visitor)


def test_an_opening_from_the_future_is_refused() -> None:
    assert check_init_data(TOKEN, init_data(auth_date=NOW + 3600), now=NOW) == \
        "miniapp-refused-expired"


def test_signed_data_without_a_user_proves_nobody() -> None:
    assert check_init_data(TOKEN, init_data(user=None), now=NOW) == "miniapp-refused-missing"
