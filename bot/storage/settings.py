"""Languages and what is known of a user: a chat's language, a user's language and whether
the bot can write to them privately (both also copied onto their seats at active tables)."""

from __future__ import annotations

from .rows import DmStatus, Id, Platform, UserSettings, opt_id
from .sql import StorePart, Tx

# Seats of a user at active tables of one platform (parameters: user, platform).
_ACTIVE_SEATS = (
    "user_id = :user AND table_id IN"
    " (SELECT id FROM tables WHERE platform = :platform AND status IN ('lobby', 'playing'))"
)


class SettingsStore(StorePart):
    async def get_chat_language(self, platform: str, chat_id: Id) -> str | None:
        return await self._read(lambda tx: tx.scalar(
            "SELECT language FROM chat_settings WHERE platform = :platform AND chat_id = :chat",
            platform=Platform(platform), chat=str(chat_id)))

    async def last_table_language(self, platform: str, chat_id: Id) -> str | None:
        """The language of the chat's most recently opened table (any topic, any status),
        or None for a chat that has had none."""
        return await self._read(lambda tx: tx.scalar(
            "SELECT language FROM tables WHERE platform = :platform AND chat_id = :chat"
            " ORDER BY id DESC LIMIT 1", platform=Platform(platform), chat=str(chat_id)))

    async def set_chat_language(self, platform: str, chat_id: Id, language: str) -> None:
        await self._write(lambda tx: tx.run(
            "INSERT INTO chat_settings (platform, chat_id, language)"
            " VALUES (:platform, :chat, :language)"
            " ON CONFLICT (platform, chat_id) DO UPDATE SET language = excluded.language",
            platform=Platform(platform), chat=str(chat_id), language=language), one_statement=True)

    async def get_user_settings(self, platform: str, user_id: Id) -> UserSettings | None:
        row = await self._read(lambda tx: tx.one(
            "SELECT * FROM user_settings WHERE platform = :platform AND user_id = :user",
            platform=Platform(platform), user=str(user_id)))
        if row is None:
            return None
        dm_ok = None if row["dm_ok"] is None else bool(row["dm_ok"])
        return UserSettings(Platform(row["platform"]), row["user_id"], row["language"],
                            row["dm_chat_id"], dm_ok)

    async def set_user_language(self, platform: str, user_id: Id, language: str) -> None:
        """Set a user's language, also on their seats at active tables of that platform."""
        who = {"platform": Platform(platform), "user": str(user_id)}

        def tx(tx: Tx) -> None:
            tx.run("INSERT INTO user_settings (platform, user_id, language)"
                   " VALUES (:platform, :user, :language)"
                   " ON CONFLICT (platform, user_id) DO UPDATE SET language = excluded.language",
                   **who, language=language)
            tx.run(f"UPDATE seats SET language = :language WHERE {_ACTIVE_SEATS}",
                   **who, language=language)

        await self._write(tx)

    async def set_user_dm(
        self, platform: str, user_id: Id, *, dm_chat_id: Id | None, ok: bool
    ) -> None:
        """Record whether the bot can DM a user, also on their seats at active tables."""
        who = {"platform": Platform(platform), "user": str(user_id)}
        chat = opt_id(dm_chat_id)

        def tx(tx: Tx) -> None:
            tx.run("INSERT INTO user_settings (platform, user_id, dm_chat_id, dm_ok)"
                   " VALUES (:platform, :user, :chat, :ok)"
                   " ON CONFLICT (platform, user_id) DO UPDATE SET dm_chat_id ="
                   " coalesce(excluded.dm_chat_id, user_settings.dm_chat_id),"
                   " dm_ok = excluded.dm_ok", **who, chat=chat, ok=int(ok))
            tx.run("UPDATE seats SET dm_chat_id = coalesce(:chat, dm_chat_id), dm_status = :dm"
                   f" WHERE {_ACTIVE_SEATS}",
                   **who, chat=chat, dm=DmStatus.OK if ok else DmStatus.UNREACHABLE)

        await self._write(tx)
