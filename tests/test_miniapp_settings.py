"""TELEGRAM_WEBAPP_URL and TELEGRAM_WEBAPP_NAME (bot/config.py): unset, nothing changes; set,
the web server runs beside Telegram to serve the Mini App."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

TOKEN = "TELEGRAM_BOT_TOKEN=123456789:AAFakeTelegramTokenForEndToEndTests0\n"


def settings(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / ".env"
    path.write_text(text, encoding="utf-8")
    return load_settings(env_file=path)


def test_unset_there_is_no_mini_app_and_no_web_server_beside_telegram(tmp_path: Path) -> None:
    s = settings(tmp_path, TOKEN + "TELEGRAM_WEBAPP_URL=\n")
    assert not s.has_miniapp and not s.runs_web and not s.runs_playground


def test_set_the_web_server_runs_beside_telegram(tmp_path: Path) -> None:
    s = settings(tmp_path, TOKEN + "TELEGRAM_WEBAPP_URL=https://games.example.org/tg/\n"
                 "TELEGRAM_WEBAPP_NAME=table\n")
    assert s.has_miniapp and s.runs_web and s.telegram_webapp_name == "table"


def test_without_a_telegram_token_the_address_serves_nothing(tmp_path: Path) -> None:
    s = settings(tmp_path, "TELEGRAM_WEBAPP_URL=https://games.example.org/tg/\n")
    assert not s.has_miniapp


@pytest.mark.parametrize("line", ["TELEGRAM_WEBAPP_URL=http://games.example.org/tg/",
                                  "TELEGRAM_WEBAPP_URL=games.example.org",
                                  "TELEGRAM_WEBAPP_URL=https://games.example.org/",
                                  "TELEGRAM_WEBAPP_URL=https://games.example.org/tg/?a=1",
                                  "TELEGRAM_WEBAPP_NAME=no spaces"])
def test_a_wrong_value_is_said(tmp_path: Path, line: str) -> None:
    with pytest.raises(ConfigError) as error:
        settings(tmp_path, TOKEN + line + "\n")
    assert line.split("=")[0] in str(error.value)
