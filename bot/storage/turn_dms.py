"""What the Discord adapter keeps about direct messages and its slash commands.

A player's choice of turn reminders by DM, their DM channel (opened once, then reused) and
when they last refused DMs live in `user_settings` beside their language, so /forgetme
deletes them with it; the digest of the last synced command tree is in `command_syncs`
(migration 0010)."""

from __future__ import annotations

from dataclasses import dataclass

from .rows import Id, Platform
from .sql import StorePart, Tx

_DISCORD = Platform("discord")


@dataclass(frozen=True)
class DmChoice:
    """A Discord player's direct messages: whether they want turn reminders, their DM
    channel if one was opened, and when they last refused DMs (epoch seconds)."""

    user_id: str
    wanted: bool
    channel_id: str | None
    refused_at: float | None


class TurnDmStore(StorePart):
    async def dm_choices(self, user_ids: list[str]) -> dict[str, DmChoice]:
        """The choices of those of `user_ids` who ever made one or had a DM channel."""
        if not user_ids:
            return {}
        rows = await self._read(lambda tx: tx.all(
            "SELECT user_id, turn_dms, dm_channel_id, dm_refused_at FROM user_settings"
            " WHERE platform = :platform AND user_id IN :users",
            platform=_DISCORD, users=tuple(str(u) for u in user_ids)))
        return {row["user_id"]: DmChoice(row["user_id"], bool(row["turn_dms"]),
                                         row["dm_channel_id"], row["dm_refused_at"])
                for row in rows}

    async def set_turn_dms(self, user_id: Id, wanted: bool) -> None:
        """Record the player's choice (a fresh yes also forgets an old refusal: they have
        just said they want them, perhaps after opening their DMs)."""
        await self._write(lambda tx: tx.run(
            "INSERT INTO user_settings (platform, user_id, turn_dms) VALUES (:platform, :user, :on)"
            " ON CONFLICT (platform, user_id) DO UPDATE SET turn_dms = excluded.turn_dms,"
            " dm_refused_at = CASE WHEN excluded.turn_dms = 1 THEN NULL"
            " ELSE user_settings.dm_refused_at END",
            platform=_DISCORD, user=str(user_id), on=int(wanted)), one_statement=True)

    async def set_dm_channel(self, user_id: Id, channel_id: Id) -> None:
        await self._dm_update(user_id, "dm_channel_id = :value", str(channel_id))

    async def set_dm_refused(self, user_id: Id, at: float | None) -> None:
        await self._dm_update(user_id, "dm_refused_at = :value", at)

    async def _dm_update(self, user_id: Id, assignment: str, value: object) -> None:
        def tx(tx: Tx) -> None:
            tx.run("INSERT INTO user_settings (platform, user_id) VALUES (:platform, :user)"
                   " ON CONFLICT (platform, user_id) DO NOTHING",
                   platform=_DISCORD, user=str(user_id))
            tx.run(f"UPDATE user_settings SET {assignment}"
                   " WHERE platform = :platform AND user_id = :user",
                   platform=_DISCORD, user=str(user_id), value=value)

        await self._write(tx)

    # --- slash command syncs -------------------------------------------------------------

    async def command_digest(self, name: str) -> str | None:
        """The digest of the command tree last synced under `name` (an application)."""
        return await self._read(lambda tx: tx.scalar(
            "SELECT digest FROM command_syncs WHERE name = :name", name=name))

    async def set_command_digest(self, name: str, digest: str) -> None:
        await self._write(lambda tx: tx.run(
            "INSERT INTO command_syncs (name, digest, synced_at) VALUES (:name, :digest, :now)"
            " ON CONFLICT (name) DO UPDATE SET digest = excluded.digest,"
            " synced_at = excluded.synced_at",
            name=name, digest=digest, now=self._clock()), one_statement=True)
