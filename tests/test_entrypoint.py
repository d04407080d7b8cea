"""`python -m bot` as a user meets it: clear messages and exit codes, never a traceback."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Settings
from bot.i18n import Translator

REPO = Path(__file__).resolve().parents[1]


def run_bot(cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # An empty environment but for what is given: no token can leak in from the machine.
    # PYTHONPATH only makes the test independent of how the project was installed.
    environment = {"PYTHONPATH": str(REPO), **env}
    if "SYSTEMROOT" in os.environ:  # Windows cannot start Python without it
        environment["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return subprocess.run(
        [sys.executable, "-m", "bot"], check=False, cwd=cwd, env=environment,
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_without_a_token_nor_playground_explains_how_to_get_one(tmp_path: Path) -> None:
    result = run_bot(tmp_path, PLAYGROUND="0")
    assert result.returncode == 2, result.stderr
    assert "@BotFather" in result.stderr
    assert "discord.com/developers" in result.stderr
    assert "TELEGRAM_BOT_TOKEN" in result.stderr and "DISCORD_BOT_TOKEN" in result.stderr
    assert ".env.example" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_message_follows_default_language(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DEFAULT_LANGUAGE="ru", PLAYGROUND="0")
    assert result.returncode == 2, result.stderr
    assert "Токен бота не задан" in result.stderr
    assert "@BotFather" in result.stderr


def test_invalid_setting_in_env_file_is_reported_plainly(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DEFAULT_LANGUAGE=de\n", encoding="utf-8")
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert "DEFAULT_LANGUAGE='de': must be one of en, ru, pl" in result.stderr
    assert "Traceback" not in result.stderr


def test_with_a_token_hands_over_to_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In-process with `run` replaced: this checks the wiring, whatever the adapters do.
    for name in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DEFAULT_LANGUAGE", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_BOT_TOKEN=discord-secret\n", encoding="utf-8")
    settings = _main_hands_over(monkeypatch)
    assert settings.discord_bot_token is not None
    assert settings.discord_bot_token.get_secret_value() == "discord-secret"


def test_without_a_token_serves_the_playground_and_says_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DEFAULT_LANGUAGE", "LOG_LEVEL",
                 "PLAYGROUND", "PLAYGROUND_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    settings = _main_hands_over(monkeypatch)
    assert settings.runs_playground
    told = capsys.readouterr().err
    assert "@BotFather" in told and "discord.com/developers" in told
    assert "http://127.0.0.1:8080" in told


def test_the_translations_checked_at_start_are_the_ones_the_bot_runs_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parsed once per process (a second of Fluent parsing), not again by `bot.app.run`."""
    for name in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DEFAULT_LANGUAGE", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    options: dict[str, object] = {}
    _main_hands_over(monkeypatch, options)
    translator = options["translator"]
    assert isinstance(translator, Translator)
    assert "@BotFather" in translator.t("en", "bot-missing-token")


def test_the_collector_is_off_while_the_bot_starts_and_on_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`main` starts the bot with the cyclic garbage collector off (a fifth of the start-up's
    CPU went to scanning what the imports built) and leaves it on whichever way it ends."""
    for name in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "DEFAULT_LANGUAGE", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    import bot.__main__ as entry

    seen: list[bool] = []

    async def fake_run(settings: Settings, **given: object) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(entry, "run", fake_run)
    monkeypatch.setattr(entry, "configure_logging", lambda level, worker=None: None)
    assert entry.main() == 0
    assert seen == [False]
    assert gc.isenabled()


async def test_the_bot_turns_the_collector_on_once_its_platforms_are_set_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`bot.app.run`, started with the collector off (as `main` starts it), turns it on
    before its platforms run: a bot that ran for days without it would keep every cycle."""
    import bot.web
    from bot import app

    seen: list[bool] = []
    serving = asyncio.Event()

    async def playground(settings: Settings, service: object, *, stop_event: asyncio.Event,
                         **given: object) -> None:
        seen.append(gc.isenabled())
        serving.set()
        await stop_event.wait()

    monkeypatch.setattr(bot.web, "run_web", playground)
    settings = Settings(_env_file=None, playground=True,  # type: ignore[call-arg]
                        database_path=tmp_path / "run.sqlite3")
    stop = asyncio.Event()
    gc.disable()
    try:
        running = asyncio.create_task(app.run(settings, stop_event=stop))
        await asyncio.wait_for(serving.wait(), 120)
        stop.set()
        assert await asyncio.wait_for(running, 120) == 0
    finally:
        gc.enable()
        gc.unfreeze()  # what `run` froze is this test process's, not a bot's
    assert seen == [True]


def _main_hands_over(monkeypatch: pytest.MonkeyPatch,
                     options: dict[str, object] | None = None) -> Settings:
    """Run `bot.__main__.main` with `run` replaced; the settings it handed to `run` (and its
    other arguments into `options`)."""
    import bot.__main__ as entry

    started = []

    async def fake_run(settings: Settings, **given: object) -> None:
        started.append(settings)
        if options is not None:
            options.update(given)

    monkeypatch.setattr(entry, "run", fake_run)
    monkeypatch.setattr(entry, "configure_logging", lambda level, worker=None: None)
    assert entry.main() == 0
    [settings] = started
    return settings
