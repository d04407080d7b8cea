"""Settings: environment and .env parsing, validation messages, what a run needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings, missing_for_run

VARIABLES = (
    "TELEGRAM_BOT_TOKEN",
    "TELEGRAM_API_SERVER",
    "DISCORD_BOT_TOKEN",
    "DATABASE_PATH",
    "DATABASE_URL",
    "DEFAULT_LANGUAGE",
    "LOG_LEVEL",
    "PLAYGROUND",
    "PLAYGROUND_HOST",
    "PLAYGROUND_PORT",
    "PLAYGROUND_SECRET",
)
TELEGRAM_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting of the machine running the tests, and no stray .env, leaks in."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    monkeypatch.chdir(tmp_path)


def write_env(tmp_path: Path, text: str) -> Path:
    path = tmp_path / ".env"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_environment_or_file() -> None:
    settings = load_settings()
    assert settings.telegram_bot_token is None
    assert settings.discord_bot_token is None
    assert settings.telegram_api_server is None
    assert settings.database_path == Path("gamehost.sqlite3")
    assert settings.default_language == "en"
    assert settings.log_level == "INFO"


def test_reads_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TELEGRAM_TOKEN)
    monkeypatch.setenv("TELEGRAM_API_SERVER", "http://127.0.0.1:8081/")
    monkeypatch.setenv("DISCORD_BOT_TOKEN", "discord-secret")
    monkeypatch.setenv("DATABASE_PATH", "games/db.sqlite3")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "PL")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = load_settings()
    assert settings.telegram_bot_token is not None
    assert settings.telegram_bot_token.get_secret_value() == TELEGRAM_TOKEN
    assert settings.telegram_api_server == "http://127.0.0.1:8081"  # no trailing slash
    assert settings.discord_bot_token is not None
    assert settings.discord_bot_token.get_secret_value() == "discord-secret"
    assert settings.database_path == Path("games/db.sqlite3")
    assert settings.default_language == "pl"
    assert settings.log_level == "DEBUG"


def test_tokens_are_not_shown_in_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TELEGRAM_TOKEN)
    monkeypatch.setenv("DISCORD_BOT_TOKEN", "discord-secret")
    shown = repr(load_settings()) + str(load_settings())
    assert TELEGRAM_TOKEN not in shown
    assert "discord-secret" not in shown


def test_reads_env_file(tmp_path: Path) -> None:
    path = write_env(
        tmp_path,
        "# comment\n"
        f"TELEGRAM_BOT_TOKEN={TELEGRAM_TOKEN}\n"
        "DEFAULT_LANGUAGE=ru\n"
        "DATABASE_PATH=other.sqlite3\n"
        "SOMETHING_ELSE=ignored\n",
    )
    settings = load_settings(env_file=path)
    assert settings.telegram_bot_token is not None
    assert settings.telegram_bot_token.get_secret_value() == TELEGRAM_TOKEN
    assert settings.default_language == "ru"
    assert settings.database_path == Path("other.sqlite3")


def test_env_file_in_working_directory_is_the_default(tmp_path: Path) -> None:
    write_env(tmp_path, "DEFAULT_LANGUAGE=pl\n")
    assert load_settings().default_language == "pl"


def test_environment_wins_over_env_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = write_env(tmp_path, "DEFAULT_LANGUAGE=ru\nLOG_LEVEL=ERROR\n")
    monkeypatch.setenv("DEFAULT_LANGUAGE", "pl")
    settings = load_settings(env_file=path)
    assert settings.default_language == "pl"
    assert settings.log_level == "ERROR"


def test_empty_values_count_as_unset(tmp_path: Path) -> None:
    # Exactly what a fresh copy of .env.example looks like for the optional settings.
    path = write_env(
        tmp_path,
        "TELEGRAM_BOT_TOKEN=\nTELEGRAM_API_SERVER=\nDISCORD_BOT_TOKEN=\nDATABASE_PATH=\n",
    )
    settings = load_settings(env_file=path)
    assert settings.telegram_bot_token is None
    assert settings.telegram_api_server is None
    assert settings.discord_bot_token is None
    assert settings.database_path == Path("gamehost.sqlite3")


def test_env_example_is_valid_and_documents_every_setting() -> None:
    example = Path(__file__).resolve().parents[1] / ".env.example"
    text = example.read_text(encoding="utf-8")
    for name in Settings.model_fields:
        assert f"\n{name.upper()}=" in text, name
    assert load_settings(env_file=example).default_language == "en"


def test_invalid_language_is_rejected_with_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEFAULT_LANGUAGE", "de")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert "DEFAULT_LANGUAGE" in message
    assert "'de'" in message
    assert "en, ru, pl" in message
    assert "pydantic" not in message.lower()  # no library jargon or links
    assert len(caught.value.problems) == 1


@pytest.mark.parametrize("url", ["localhost:8081", "ftp://example.org", "http://", "8081"])
def test_invalid_api_server_is_rejected(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("TELEGRAM_API_SERVER", url)
    with pytest.raises(ConfigError, match="TELEGRAM_API_SERVER.*http:// or https://"):
        load_settings()


def test_https_api_server_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_API_SERVER", "https://bots.example.org:8443")
    assert load_settings().telegram_api_server == "https://bots.example.org:8443"


@pytest.mark.parametrize("token", ["not-a-token", "abc:def", "123456:", "123 456:abc"])
def test_malformed_telegram_token_is_rejected_without_echoing_it(
    monkeypatch: pytest.MonkeyPatch, token: str
) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", token)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    message = str(caught.value)
    assert "TELEGRAM_BOT_TOKEN" in message
    assert token not in message


def test_a_database_url_chooses_postgresql_and_its_password_is_never_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().database == Path("gamehost.sqlite3")  # SQLite by default
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:hunter2@db.example:6432/games")
    settings = load_settings()
    assert settings.database == "postgresql://bot:hunter2@db.example:6432/games"
    assert settings.database_label == "PostgreSQL db.example:6432/games"
    assert "hunter2" not in repr(settings)
    monkeypatch.setenv("DATABASE_URL", "mysql://bot:hunter2@db.example/games")
    with pytest.raises(ConfigError, match="DATABASE_URL.*postgresql://") as caught:
        load_settings()
    assert "hunter2" not in str(caught.value)


def test_invalid_log_level_lists_the_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ConfigError, match="LOG_LEVEL.*DEBUG, INFO, WARNING, ERROR, CRITICAL"):
        load_settings()


def test_every_problem_is_reported_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEFAULT_LANGUAGE", "de")
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert len(caught.value.problems) == 2


def test_without_any_token_the_playground_runs() -> None:
    settings = load_settings()
    assert settings.runs_playground
    assert settings.playground_url == "http://127.0.0.1:8080"
    assert missing_for_run(settings) == []


def test_missing_for_run_without_any_token_nor_playground(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYGROUND", "0")
    problems = missing_for_run(load_settings())
    assert len(problems) == 1
    assert "TELEGRAM_BOT_TOKEN" in problems[0]
    assert "DISCORD_BOT_TOKEN" in problems[0]


def test_with_a_token_the_playground_runs_only_when_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_BOT_TOKEN", "discord-secret")
    assert not load_settings().runs_playground
    monkeypatch.setenv("PLAYGROUND", "1")
    monkeypatch.setenv("PLAYGROUND_HOST", "0.0.0.0")
    monkeypatch.setenv("PLAYGROUND_PORT", "9000")
    settings = load_settings()
    assert settings.runs_playground
    assert settings.playground_url == "http://127.0.0.1:9000"


def test_the_playground_secret_is_never_echoed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYGROUND_SECRET", "two words")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert "two words" not in str(caught.value)
    assert "PLAYGROUND_SECRET" in str(caught.value)


def test_one_platform_is_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TELEGRAM_TOKEN)
    assert missing_for_run(load_settings()) == []
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN")
    monkeypatch.setenv("DISCORD_BOT_TOKEN", "discord-secret")
    assert missing_for_run(load_settings()) == []
