"""Application commands and interactions on the fake Discord: commands as registered (with
their defaults, ids and versions), a simulated person's slash command, autocomplete, button
or select press turned into an interaction (its data checked against the command's options as
a Discord client would, unless forced), dispatched on the gateway with its token.
`FakeDiscordServer.invocations`; `FakeUser`'s actions and the REST routes call it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .models import FakeChannel, FakeRole, FakeUser
from .records import InteractionRecord, MessageRecord

if TYPE_CHECKING:
    from .server import FakeDiscordServer


class Invocations:
    """Commands registered and interactions made on one fake Discord (its state is the
    server's)."""

    def __init__(self, server: FakeDiscordServer) -> None:
        self.server = server


    def store_command(
        self, body: dict[str, Any], guild_id: str | None, old: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = json.loads(json.dumps(body))
        command.setdefault("type", 1)
        command.setdefault("description", "")
        command.setdefault("options", [])
        command.setdefault("nsfw", False)
        command.setdefault("default_member_permissions", None)
        command.setdefault("name_localizations", None)
        command.setdefault("description_localizations", None)
        if guild_id is None:
            command.setdefault("dm_permission", True)
            command.setdefault("integration_types", [0])
            command.setdefault("contexts", None)
        else:
            command["guild_id"] = str(guild_id)
        command["id"] = old["id"] if old else str(self.server._new_id())
        command["application_id"] = str(self.server.application_id)
        command["version"] = str(self.server._new_id())
        return command

    def command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any],
        *,
        force: bool,
    ) -> dict[str, Any]:
        parts = command.strip().lstrip("/").split()
        guild = channel.guild
        candidates = (guild.commands if guild else []) + self.server.commands
        found = None
        for candidate in candidates:
            if candidate.get("type", 1) != 1:
                continue
            names = {
                candidate["name"],
                (candidate.get("name_localizations") or {}).get(user.locale),
            }
            if parts[0] in names:
                found = candidate
                break
        if found is None:
            if not force:
                raise ValueError(
                    f"no slash command {parts[0]!r} registered for {channel!r}; "
                    f"global: {[c['name'] for c in self.server.commands]}"
                    + (f", guild: {[c['name'] for c in guild.commands]}" if guild else "")
                )
            found = {"id": str(self.server._new_id()), "name": parts[0], "options": [], "type": 1}
        if channel.is_dm and not force:
            contexts = found.get("contexts")
            if (
                found.get("guild_id")
                or found.get("dm_permission") is False
                or (contexts is not None and 1 not in contexts)
            ):
                raise ValueError(f"/{found['name']} isn't available in DMs")
        data: dict[str, Any] = {"id": found["id"], "name": found["name"], "type": 1}
        if found.get("guild_id"):
            data["guild_id"] = found["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        definitions = found.get("options") or []
        container = data
        for sub in parts[1:]:
            definition = next(
                (
                    o
                    for o in definitions
                    if o.get("type") in (1, 2)
                    and sub in (o["name"], (o.get("name_localizations") or {}).get(user.locale))
                ),
                None,
            )
            if definition is None:
                if not force:
                    raise ValueError(f"/{found['name']} has no subcommand {sub!r}")
                definition = {"name": sub, "type": 1, "options": []}
            nested: dict[str, Any] = {
                "name": definition["name"],
                "type": definition["type"],
                "options": [],
            }
            container.setdefault("options", []).append(nested)
            container = nested
            definitions = definition.get("options") or []
        values = self._option_values(
            found["name"], definitions, options, channel, resolved, force=force
        )
        if values or "options" not in container:
            container["options"] = values
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_values(
        self,
        command: str,
        definitions: list[dict[str, Any]],
        options: dict[str, Any],
        channel: FakeChannel,
        resolved: dict[str, dict[str, Any]],
        *,
        force: bool,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in definitions}
        result = []
        if not force:
            unknown = set(options) - set(by_name)
            if unknown:
                raise ValueError(
                    f"/{command} has no options {sorted(unknown)}; it has {sorted(by_name)}"
                )
            missing = [
                o["name"] for o in definitions if o.get("required") and o["name"] not in options
            ]
            if missing:
                raise ValueError(f"/{command} needs options {missing}")
        for name, value in options.items():
            definition = by_name.get(name, {"type": 3})
            kind = definition.get("type", 3)
            if kind in (6, 7, 8, 9):
                guild = channel.guild
                outsider = (
                    kind == 6
                    and isinstance(value, FakeUser)
                    and guild is not None
                    and value.id not in guild.members
                )
                if outsider and not force:
                    raise ValueError(
                        f"{value!r} isn't a member of {guild!r}; Discord offers members only"
                    )
                self._resolve_into(resolved, channel, value)
                value = str(getattr(value, "id", value))
            elif kind == 4 and not force:
                value = int(value)
            elif kind == 10 and not force:
                value = float(value)
            elif kind == 5 and not force:
                value = bool(value)
            choices = definition.get("choices")
            if choices and not force and value not in [c["value"] for c in choices]:
                raise ValueError(
                    f"/{command} {name}={value!r} isn't one of {[c['value'] for c in choices]}"
                )
            result.append({"name": name, "type": kind, "value": value})
        return result

    def resolved(self, channel: FakeChannel, values: Iterable[Any]) -> dict[str, dict[str, Any]]:
        resolved: dict[str, dict[str, Any]] = {}
        for value in values:
            self._resolve_into(resolved, channel, value)
        return resolved

    def _resolve_into(
        self, resolved: dict[str, dict[str, Any]], channel: FakeChannel, value: Any
    ) -> None:
        target: Any = value
        if isinstance(value, (int, str)) and str(value).isdigit():
            key = int(value)
            target = self.server.users.get(key) or self.server.channels.get(key)
            if target is None and channel.guild is not None:
                target = channel.guild.roles.get(key)
        if isinstance(target, FakeUser):
            resolved.setdefault("users", {})[str(target.id)] = target.to_api()
            if channel.guild is not None and target.id in channel.guild.members:
                member = channel.guild.member_payload(target, with_user=False)
                member["permissions"] = str(channel.permissions_for(target.id))
                resolved.setdefault("members", {})[str(target.id)] = member
        elif isinstance(target, FakeChannel):
            payload = target.to_api()
            entry = {
                k: payload.get(k)
                for k in ("id", "name", "type", "parent_id", "thread_metadata")
                if k in payload
            }
            entry["permissions"] = str(target.bot_permissions)
            resolved.setdefault("channels", {})[str(target.id)] = entry
        elif isinstance(target, FakeRole):
            resolved.setdefault("roles", {})[str(target.id)] = target.to_api()

    # ---------------------------------------------------------------- interactions

    def interact(
        self,
        user: FakeUser,
        channel: FakeChannel,
        kind: int,
        data: dict[str, Any],
        *,
        message: MessageRecord | None = None,
    ) -> InteractionRecord:
        interaction_id = self.server._new_id()
        token = f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(96)}"
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.server.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "channel_id": str(channel.id),
            "channel": self._interaction_channel(channel),
            "app_permissions": str(channel.bot_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild is not None:
            member = guild.member_payload(user)
            member["permissions"] = str(channel.permissions_for(user.id))
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member,
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.to_api(),
                authorizing_integration_owners={"0": str(self.server.application_id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.to_api()
        record = InteractionRecord(
            server=self.server,
            id=interaction_id,
            token=token,
            type=kind,
            user=user,
            channel=channel,
            data=data,
            payload=payload,
            created_at=self.server.clock.time(),
            message=message,
        )
        self.server.interactions[interaction_id] = record
        self.server._interactions_by_token[token] = record
        user.interactions.append(record)
        record.event = self.server.dispatch("INTERACTION_CREATE", payload)
        self.server._mark = len(self.server.calls)
        self.server._touch()
        return record

    def _interaction_channel(self, channel: FakeChannel) -> dict[str, Any]:
        payload = channel.to_api()
        payload["permissions"] = str(channel.bot_permissions)
        return payload
