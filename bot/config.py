"""Settings of the bot, read from the environment and a `.env` file.

Real environment variables win over `.env`; empty values count as unset. Every setting is
documented in `.env.example`. Problems are reported as a `ConfigError` whose message names
the variable and what is wrong with it (never the value of a token), so `python -m bot`
can print it instead of a traceback.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

LANGUAGES = ("en", "ru", "pl")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """The settings cannot be used; `problems` holds one readable line per bad variable."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"Invalid configuration (environment or .env file):\n{lines}")


@dataclass(frozen=True)
class ShardPlan:
    """Which of the bot's Discord shards one process runs (`DISCORD_SHARDS`)."""

    ids: tuple[int, ...]
    count: int

    @property
    def syncs_commands(self) -> bool:
        """One process syncs the slash commands (they are the application's, not a
        shard's): the one running shard 0."""
        return 0 in self.ids

    def serves(self, server_id: str | None) -> bool:
        """Whether the server's (guild's) tables are this process's to show again after a
        start: its shard is one of `ids` (Discord's rule: the guild id shifted right by 22
        bits, modulo the shard count). A table whose server is not known (opened before
        schema 12) is shown by the process running shard 0."""
        if server_id is None or not server_id.isdigit():
            return 0 in self.ids
        return (int(server_id) >> 22) % self.count in self.ids


def parse_shards(text: str) -> ShardPlan:
    """"0,1/4" or "2-3/4": shard ids (and ranges), a slash, the shard count."""
    ids_part, slash, count_part = text.partition("/")
    if not slash or not count_part.isdigit() or int(count_part) < 1:
        raise ValueError('must be shard ids, a slash and the shard count, such as "0/2" '
                         'or "0,1/4" or "2-3/4"')
    count = int(count_part)
    ids: set[int] = set()
    for item in ids_part.split(","):
        first, dash, last = item.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f'"{item}" is not a shard id or a range of them (like "2-3")')
        span = range(int(first), int(last if dash else first) + 1)
        if not span:
            raise ValueError(f'the range "{item}" runs downwards')
        if span[-1] >= count:
            raise ValueError(f"shard ids run from 0 to {count - 1} (the count less one)")
        ids.update(span)
    return ShardPlan(tuple(sorted(ids)), count)


class Settings(BaseSettings):
    """Everything the bot reads from its environment."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",  # a .env may hold other tools' variables too
    )

    telegram_bot_token: SecretStr | None = None
    telegram_api_server: str | None = None
    """Base URL of a self-hosted Bot API server, without a trailing slash; None = official."""
    telegram_webhook_url: str | None = None
    """The public https:// URL Telegram POSTs updates to (through a reverse proxy); unset =
    long polling. Needs TELEGRAM_WEBHOOK_SECRET; required for `--workers` above 1."""
    telegram_webhook_secret: SecretStr | None = None
    """Checked on every webhook request (Telegram sends it back in a header)."""
    telegram_webapp_url: str | None = None
    """The Mini App's public https:// address (the reverse proxy forwards it to the web
    adapter, docs/miniapp.md); unset = no Mini App buttons. Set, the web server runs too."""
    telegram_webapp_name: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_]{3,30}$")
    """The Mini App's short name at BotFather (/newapp), for the group boards' links;
    unset = the bot's main Mini App (t.me/<bot>?startapp=...)."""
    telegram_webhook_host: str = "127.0.0.1"
    telegram_webhook_port: int = Field(default=8081, ge=1, le=65535)
    """Where the webhook workers listen (the proxy forwards TELEGRAM_WEBHOOK_URL here)."""
    discord_bot_token: SecretStr | None = None
    database_path: Path = Path("gamehost.sqlite3")
    database_url: SecretStr | None = None
    """A postgresql:// URL: keep everything in PostgreSQL instead of the SQLite file."""
    discord_shards: str | None = None
    """This process's Discord shards, "0,1/4" (ids, then the count; ranges like "2-3/4");
    unset = one process, unsharded; "auto" = one process running as many shards as Discord
    recommends (GET /gateway/bot). See `discord_shard_plan`. (After `database_url`: some
    of the shards need it.)"""
    default_language: Literal["en", "ru", "pl"] = "en"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    computer_pause: float = Field(default=1.5, ge=0, le=30)
    """Seconds a computer player waits before its move, so that people can follow."""
    lobby_timeout: int = Field(default=30, ge=1, le=24 * 60)
    """Minutes a lobby may wait for Start before it closes itself."""
    drawing_processes: int = Field(default=1, ge=0, le=64)
    """Processes that draw pictures, per bot process (0: drawn in its own threads)."""
    computer_processes: int = Field(default=1, ge=0, le=64)
    """Processes computer players think in, per bot process, started at the first decision
    (0: in its own threads, which stalls other tables while one thinks)."""
    physics_processes: int = Field(default=1, ge=0, le=64)
    """Processes a simulated game's physics runs in (Rafter Five's menus and moves), per bot
    process, started at the first such press (0: on one thread of its own, at a lower
    priority: some 70 MB less, but other tables' presses wait while it runs)."""
    playground: bool | None = None
    """Serve the web playground (bot/web); unset = only when no platform token is set."""
    playground_host: str = "127.0.0.1"
    playground_port: int = Field(default=8080, ge=1, le=65535)
    playground_secret: SecretStr | None = None
    """Signs the playground's cookies; unset = one generated and kept beside the database."""
    playground_hosts: str = ""
    """More names the playground is served under, comma-separated (a reverse proxy's public
    name): besides these, localhost and the address connected to, a request naming another
    host is refused (DNS rebinding)."""
    ops_port: int | None = Field(default=None, ge=0, le=65535)
    """The operator port: /healthz, /readyz and /metrics (bot/ops/health.py); unset = off.
    With `--workers N`, worker i listens on OPS_PORT + i (each has its own metrics)."""
    ops_host: str = "127.0.0.1"
    owner_ids: str = ""
    """The bot's owners, per platform: "telegram:123,discord:456" (bot/ops/owner.py)."""
    startup_retry: float = Field(default=30.0, ge=0, le=3600)
    """Seconds a start keeps trying a database or platform that does not answer yet, with a
    back-off, before it gives up with one line saying what is wrong (0: no retry)."""

    @field_validator("telegram_bot_token", "discord_bot_token", "playground_secret",
                     "telegram_webhook_secret", mode="before")
    @classmethod
    def _blank_token_is_unset(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None
            if any(ch.isspace() for ch in value):
                raise ValueError("a token contains no spaces; copy it again")
        return value

    @field_validator("telegram_bot_token")
    @classmethod
    def _looks_like_telegram_token(cls, value: SecretStr | None) -> SecretStr | None:
        # The same shape aiogram insists on: "<bot id>:<secret>".
        if value is not None:
            bot_id, sep, secret = value.get_secret_value().partition(":")
            if not (sep and bot_id.isdigit() and secret):
                raise ValueError(
                    "does not look like a Telegram bot token (@BotFather gives one like "
                    "123456789:AAH...)"
                )
        return value

    @field_validator("telegram_api_server", mode="before")
    @classmethod
    def _http_url(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        value = value.strip()
        if not value:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(
                "must be an http:// or https:// URL, such as http://127.0.0.1:8081 "
                "(or empty for the official server)"
            )
        return value.rstrip("/")

    @field_validator("discord_shards", mode="before")
    @classmethod
    def _shard_plan(cls, value: Any, info: ValidationInfo) -> Any:
        if isinstance(value, str):
            value = "".join(value.split())
            if not value:
                return None
            if value.lower() == "auto":
                return "auto"
            plan = parse_shards(value)
            if len(plan.ids) < plan.count and info.data.get("database_url") is None:
                raise ValueError("other processes run the other shards, and they must share "
                                 "one PostgreSQL database: set DATABASE_URL")
            value = f"{','.join(map(str, plan.ids))}/{plan.count}"
        return value

    @field_validator("telegram_webhook_url", mode="before")
    @classmethod
    def _webhook_url(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        value = value.strip()
        if not value:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be the public https:// URL Telegram sends updates to, "
                             "such as https://bot.example.org/telegram")
        return value

    @field_validator("telegram_webapp_url", mode="before")
    @classmethod
    def _webapp_url(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        value = value.strip()
        if not value:
            return None
        parts = urlsplit(value)
        if parts.scheme != "https" or not parts.hostname or parts.fragment:
            raise ValueError("must be the Mini App's public https:// address (Telegram opens "
                             "no other), such as https://bot.example.org/tg/")
        if parts.path.rstrip("/") != "/tg" or parts.query:
            # the page asks for /tg/api/... and /static/... on its own host: the proxy
            # forwards paths as they are
            raise ValueError("its path must be /tg/, which the reverse proxy forwards to the "
                             "web server unchanged, such as https://bot.example.org/tg/")
        return value

    @field_validator("telegram_webhook_secret")
    @classmethod
    def _webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        # Telegram's rule for secret_token
        if value is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}",
                                                  value.get_secret_value()):
            raise ValueError("1 to 256 characters of A-Z, a-z, 0-9, _ and - only")
        return value

    @model_validator(mode="after")
    def _webhook_has_secret(self) -> Settings:
        if self.telegram_webhook_url is not None and self.telegram_webhook_secret is None:
            raise ValueError("TELEGRAM_WEBHOOK_URL needs TELEGRAM_WEBHOOK_SECRET too (any 1 to "
                             "256 of A-Z, a-z, 0-9, _ and -), which every request must carry")
        return self

    @field_validator("owner_ids", mode="before")
    @classmethod
    def _owner_ids(cls, value: Any) -> Any:
        if isinstance(value, str):
            from bot.ops.owner import parse_owner_ids

            parse_owner_ids(value)  # raises ValueError saying what is wrong
        return value

    @field_validator("database_path", mode="before")
    @classmethod
    def _expand_home(cls, value: Any) -> Any:
        if isinstance(value, str):
            return Path(value.strip()).expanduser()
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgresql_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None
            if not value.startswith(("postgresql://", "postgres://", "postgresql+asyncpg://")):
                raise ValueError("must be a postgresql:// URL, such as "
                                 "postgresql://gamehost@127.0.0.1:5432/gamehost "
                                 "(or empty for the SQLite file of DATABASE_PATH)")
        return value

    @field_validator("default_language", mode="before")
    @classmethod
    def _known_language(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().lower()
            if value not in LANGUAGES:
                raise ValueError(f"must be one of {', '.join(LANGUAGES)}")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_level(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().upper()
            value = {"WARN": "WARNING", "FATAL": "CRITICAL"}.get(value, value)
            if value not in LOG_LEVELS:
                raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return value

    @property
    def database(self) -> str | Path:
        """Where the store lives: the PostgreSQL URL if set, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path

    @property
    def database_label(self) -> str:
        """The database, to name in logs (never a password)."""
        if self.database_url is None:
            return str(self.database_path)
        parts = urlsplit(self.database_url.get_secret_value())
        host = parts.hostname or "localhost"
        return f"PostgreSQL {host}:{parts.port or 5432}{parts.path}"

    @property
    def discord_shard_plan(self) -> ShardPlan | None:
        """The Discord shards this process runs, or None: unsharded, or every shard
        Discord recommends ("auto")."""
        if not self.discord_shards or self.discord_shards == "auto":
            return None
        return parse_shards(self.discord_shards)

    @property
    def has_telegram(self) -> bool:
        return self.telegram_bot_token is not None

    @property
    def has_webhook(self) -> bool:
        return self.has_telegram and self.telegram_webhook_url is not None

    @property
    def has_discord(self) -> bool:
        return self.discord_bot_token is not None

    @property
    def has_miniapp(self) -> bool:
        return self.has_telegram and self.telegram_webapp_url is not None

    @property
    def runs_web(self) -> bool:
        """Whether the web server runs: for the playground, or for the Mini App."""
        return self.runs_playground or self.has_miniapp

    @property
    def runs_playground(self) -> bool:
        if self.playground is not None:
            return self.playground
        return not (self.has_telegram or self.has_discord)

    @property
    def playground_url(self) -> str:
        host = self.playground_host
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.playground_port}"


def load_settings(env_file: str | os.PathLike[str] | None = ".env") -> Settings:
    """Read the settings; `env_file` is optional (a missing file is fine, None skips it).

    Raises `ConfigError` with one line per invalid variable.
    """
    try:
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        raise ConfigError([_describe(error) for error in exc.errors()]) from None


def missing_for_run(settings: Settings) -> list[str]:
    """What stops the bot from running with these settings; empty when it can run."""
    problems = []
    if not (settings.has_telegram or settings.has_discord or settings.runs_playground):
        problems.append(
            "No platform token: set TELEGRAM_BOT_TOKEN and/or DISCORD_BOT_TOKEN "
            "(in .env or the environment), or PLAYGROUND=1 for the web playground."
        )
    return problems


def _describe(error: Any) -> str:
    name = "_".join(str(part) for part in error["loc"]).upper() or "SETTINGS"
    message = str(error["msg"]).removeprefix("Value error, ")
    value = error.get("input")
    if any(word in name for word in ("TOKEN", "SECRET", "URL")) or \
            not isinstance(value, str | int | float):
        return f"{name}: {message}"  # never echo a secret
    return f"{name}={value!r}: {message}"
