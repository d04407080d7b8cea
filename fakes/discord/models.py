"""Simulated people and places on the fake Discord server.

A `FakeGuild` has roles, members and channels; a `FakeChannel` is a guild
text channel, a thread (a channel with a ``parent``) or a DM. A `FakeUser`
does what a person does in the Discord client: runs a slash command
(`FakeUser.slash`), clicks a button (`click`), picks from a select menu
(`select`), submits a modal (`submit_modal`), writes a message (`send`).
Each action dispatches the gateway event real Discord would send and returns
what it created (an `InteractionRecord` or a `MessageRecord`).

A person can only use components that are really in the message's current
state, visible to them and enabled; ``force=True`` sends anyway (a stale
client or a forged request).

Create them through the server: ``server.guild(...)``,
``server.text_channel(...)``, ``server.thread(...)``, ``server.user(...)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .records import (
    CHANNEL_DM,
    CHANNEL_GUILD_TEXT,
    CHANNEL_PRIVATE_THREAD,
    COMPONENT_BUTTON,
    COMPONENT_STRING_SELECT,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_MESSAGE_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    SELECT_TYPES,
    THREAD_TYPES,
    InteractionRecord,
    MessageRecord,
    iso,
    walk_components,
)

if TYPE_CHECKING:
    from .server import FakeDiscordServer


def _permission_value(permissions: int | str | Iterable[str] | None, default: int) -> int:
    """An int bitset from an int, a permission name or names (discord.py's spelling)."""
    if permissions is None:
        return default
    if isinstance(permissions, int):
        return permissions
    import discord

    names = [permissions] if isinstance(permissions, str) else list(permissions)
    return discord.Permissions(**dict.fromkeys(names, True)).value


class FakeRole:
    """A guild role. ``guild.everyone`` is the @everyone role (its id is the guild's)."""

    def __init__(
        self,
        guild: FakeGuild,
        role_id: int,
        name: str,
        permissions: int,
        *,
        position: int = 0,
        managed: bool = False,
        bot_id: int | None = None,
    ) -> None:
        self.guild = guild
        self.id = role_id
        self.name = name
        self.permissions = permissions
        self.position = position
        self.managed = managed
        self.bot_id = bot_id

    def to_api(self) -> dict[str, Any]:
        role: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            role["tags"] = {"bot_id": str(self.bot_id)}
        return role

    def __repr__(self) -> str:
        return f"<FakeRole {self.name!r}>"


class FakeGuild:
    """A guild (server) the bot is in. Don't construct directly; use ``server.guild(...)``."""

    def __init__(
        self,
        server: FakeDiscordServer,
        guild_id: int,
        name: str,
        *,
        locale: str = "en-US",
        owner: FakeUser | None = None,
        bot_permissions: int,
        everyone_permissions: int,
    ) -> None:
        self.server = server
        self.id = guild_id
        self.name = name
        self.locale = locale
        self.owner = owner
        self.owner_id = owner.id if owner else server._new_id()
        self.joined_at = server.clock.time()
        self.everyone = FakeRole(self, guild_id, "@everyone", everyone_permissions)
        self.bot_role = FakeRole(
            self,
            server._new_id(),
            server.bot_user["username"],
            bot_permissions,
            position=1,
            managed=True,
            bot_id=server.bot_id,
        )
        self.roles: dict[int, FakeRole] = {
            self.everyone.id: self.everyone,
            self.bot_role.id: self.bot_role,
        }
        self.members: dict[int, FakeUser] = {}
        self.member_roles: dict[int, list[FakeRole]] = {}
        self.member_joined: dict[int, float] = {}
        self.nicks: dict[int, str] = {}
        self.channels: dict[int, FakeChannel] = {}
        """Text channels and threads, by id."""
        self.commands: list[dict[str, Any]] = []
        """Guild application commands as registered (with ids and localisations)."""
        if owner is not None:
            self.add_member(owner)

    # ------------------------------------------------------------- people

    def add_member(
        self, user: FakeUser, *, roles: Iterable[FakeRole] = (), nick: str | None = None
    ) -> None:
        """Make ``user`` a member (dispatches GUILD_MEMBER_ADD to a bot with the members intent)."""
        new = user.id not in self.members
        self.members[user.id] = user
        self.member_roles[user.id] = [*self.member_roles.get(user.id, []), *roles]
        self.member_joined.setdefault(user.id, self.server.clock.time())
        if nick is not None:
            self.nicks[user.id] = nick
        if new and self.server._connected_guild(self):
            self.server.dispatch(
                "GUILD_MEMBER_ADD", {**self.member_payload(user), "guild_id": str(self.id)}
            )

    def role(
        self,
        name: str,
        permissions: int | str | Iterable[str] = 0,
        *,
        members: Iterable[FakeUser] = (),
    ) -> FakeRole:
        """A new role with ``permissions`` (bits or discord.py names like ``"manage_guild"``)."""
        role = FakeRole(
            self,
            self.server._new_id(),
            name,
            _permission_value(permissions, 0),
            position=len(self.roles),
        )
        self.roles[role.id] = role
        for user in members:
            self.add_member(user, roles=[role])
        if self.server._connected_guild(self):
            self.server.dispatch(
                "GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.to_api()}
            )
        return role

    def base_permissions(self, user_id: int) -> int:
        """Guild-level permissions of a member (the bot when ``user_id`` is the bot's)."""
        if user_id == self.owner_id:
            from .records import ALL_PERMISSIONS

            return ALL_PERMISSIONS
        roles = (
            [self.bot_role] if user_id == self.server.bot_id else self.member_roles.get(user_id, [])
        )
        value = self.everyone.permissions
        for role in roles:
            value |= role.permissions
        return value

    def member_payload(self, user: FakeUser | None, *, with_user: bool = True) -> dict[str, Any]:
        """Discord's guild ``Member`` object for a person (or the bot, ``user`` None)."""
        if user is None:
            member: dict[str, Any] = {
                "roles": [str(self.bot_role.id)],
                "joined_at": iso(self.joined_at),
                "nick": None,
            }
            if with_user:
                member["user"] = dict(self.server.bot_user)
        else:
            member = {
                "roles": [str(r.id) for r in self.member_roles.get(user.id, [])],
                "joined_at": iso(self.member_joined.get(user.id, self.joined_at)),
                "nick": self.nicks.get(user.id),
            }
            if with_user:
                member["user"] = user.to_api()
        member.update(
            avatar=None,
            banner=None,
            deaf=False,
            mute=False,
            flags=0,
            pending=False,
            premium_since=None,
            communication_disabled_until=None,
        )
        return member

    # ------------------------------------------------------------- payloads

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if not c.is_thread]

    @property
    def threads(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def channel(self, name: str) -> FakeChannel:
        """The channel or thread called ``name``."""
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(name)

    def to_api(self, *, members_intent: bool = True) -> dict[str, Any]:
        """The full guild object of GUILD_CREATE."""
        members = [self.member_payload(None)]
        if members_intent:
            members += [self.member_payload(user) for user in self.members.values()]
        active_threads = [t for t in self.threads if not t.archived]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "features": [],
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "joined_at": iso(self.joined_at),
            "large": len(self.members) + 1 > 250,
            "unavailable": False,
            "member_count": len(self.members) + 1,
            "roles": [role.to_api() for role in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "members": members,
            "channels": [c.to_api() for c in self.text_channels],
            "threads": [t.to_api() for t in active_threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "application_command_counts": {},
            "incidents_data": None,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.id} {self.name!r}>"


class FakeChannel:
    """A guild text channel, a thread (``parent`` set) or a DM (``recipient`` set).

    Don't construct directly; use ``server.text_channel``, ``server.thread``
    or ``user.dm_channel``. ``messages`` are the public messages still
    visible, oldest first; ephemeral replies are never here (they live in
    ``user.ephemeral_messages``).
    """

    def __init__(
        self,
        server: FakeDiscordServer,
        channel_id: int,
        channel_type: int,
        name: str,
        *,
        guild: FakeGuild | None = None,
        parent: FakeChannel | None = None,
        recipient: FakeUser | None = None,
        owner_id: int | None = None,
        topic: str | None = None,
    ) -> None:
        self.server = server
        self.id = channel_id
        self.type = channel_type
        self.name = name
        self.guild = guild
        self.parent = parent
        self.recipient = recipient
        self.owner_id = owner_id
        self.topic = topic
        self.position = len(guild.channels) if guild else 0
        self.created_at = server.clock.time()
        self.archived = False
        self.locked = False
        self.auto_archive_duration = 1440
        self.archived_at: float | None = None
        self.last_active = self.created_at
        """For threads: when the latest message was posted (or it was unarchived)."""
        self.thread_members: set[int] = set()
        """For threads: ids of members (the bot's id when it joined)."""
        self.overwrites: dict[int, tuple[int, int, int]] = {}
        """Permission overwrites: target id -> (type 0 role / 1 member, allow, deny)."""
        self.store: dict[int, MessageRecord] = {}
        """Every public message ever posted here, deleted ones included."""

    # ------------------------------------------------------------- views

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == CHANNEL_DM

    @property
    def messages(self) -> list[MessageRecord]:
        """Visible public messages, oldest first."""
        return [m for m in self.store.values() if not m.deleted]

    @property
    def bot_messages(self) -> list[MessageRecord]:
        return [m for m in self.messages if m.from_bot]

    @property
    def all_messages(self) -> list[MessageRecord]:
        """Every public message, deleted ones included, oldest first."""
        return list(self.store.values())

    def last_message(self, *, from_bot: bool | None = None) -> MessageRecord | None:
        for message in reversed(self.messages):
            if from_bot is None or message.from_bot == from_bot:
                return message
        return None

    def message(self, message_id: int) -> MessageRecord:
        return self.store[message_id]

    @property
    def threads(self) -> list[FakeChannel]:
        if self.guild is None:
            return []
        return [t for t in self.guild.threads if t.parent is self]

    def visible_to(self, user: FakeUser) -> bool:
        if self.is_dm:
            return self.recipient is user
        if self.type == CHANNEL_PRIVATE_THREAD:
            return user.id in self.thread_members
        return True

    # ------------------------------------------------------------- permissions

    def permissions_for(self, user_id: int) -> int:
        """Effective permissions of a member (or the bot) here, overwrites applied."""
        from .records import ALL_PERMISSIONS, PERM_ADMINISTRATOR

        if self.guild is None:
            return ALL_PERMISSIONS
        base = self.guild.base_permissions(user_id)
        if base & PERM_ADMINISTRATOR:
            return ALL_PERMISSIONS
        source = self.parent if self.parent is not None else self
        overwrites = source.overwrites
        if self.guild.id in overwrites:
            _, allow, deny = overwrites[self.guild.id]
            base = (base & ~deny) | allow
        role_ids = (
            [self.guild.bot_role.id]
            if user_id == self.server.bot_id
            else [r.id for r in self.guild.member_roles.get(user_id, [])]
        )
        allow = deny = 0
        for role_id in role_ids:
            if role_id in overwrites:
                allow |= overwrites[role_id][1]
                deny |= overwrites[role_id][2]
        base = (base & ~deny) | allow
        if user_id in overwrites:
            base = (base & ~overwrites[user_id][2]) | overwrites[user_id][1]
        return base

    @property
    def bot_permissions(self) -> int:
        return self.permissions_for(self.server.bot_id)

    def deny_bot(self, *permissions: str | int) -> None:
        """Take permissions from the bot here (a member overwrite), e.g. ``"send_messages"``.

        Dispatches CHANNEL_UPDATE so discord.py's permission checks agree.
        """
        self._overwrite(self.server.bot_id, 1, deny=_bits(permissions))

    def allow_bot(self, *permissions: str | int) -> None:
        """Give permissions back (or explicitly allow them) to the bot here."""
        self._overwrite(self.server.bot_id, 1, allow=_bits(permissions))

    def _overwrite(self, target: int, kind: int, *, allow: int = 0, deny: int = 0) -> None:
        if self.is_thread or self.guild is None:
            raise ValueError("permission overwrites belong to guild text channels")
        _, old_allow, old_deny = self.overwrites.get(target, (kind, 0, 0))
        new_allow = (old_allow & ~deny) | allow
        new_deny = (old_deny & ~allow) | deny
        self.overwrites[target] = (kind, new_allow, new_deny)
        if self.server._connected_guild(self.guild):
            self.server.dispatch("CHANNEL_UPDATE", self.to_api())

    # ------------------------------------------------------------- threads

    def archive(self, *, locked: bool = False) -> None:
        """Archive (and optionally lock) this thread, as a moderator would."""
        if not self.is_thread:
            raise ValueError(f"{self!r} is not a thread")
        self.archived, self.locked = True, locked
        self.archived_at = self.server.clock.time()
        self.server.dispatch("THREAD_UPDATE", self.to_api())

    def archive_if_idle(self) -> None:
        """Discord archives a thread nobody wrote in for ``auto_archive_duration``
        minutes (60, 1440, 4320 or 10080); the fake does it when the thread is next used."""
        if not self.is_thread or self.archived:
            return
        idle_until = self.last_active + self.auto_archive_duration * 60
        if self.server.clock.time() >= idle_until:
            self.archived, self.archived_at = True, idle_until
            self.server.dispatch("THREAD_UPDATE", self.to_api())

    def unarchive(self) -> None:
        self.archived, self.last_active = False, self.server.clock.time()
        self.server.dispatch("THREAD_UPDATE", self.to_api())

    def add_thread_member(self, user: FakeUser) -> None:
        self.thread_members.add(user.id)

    # ------------------------------------------------------------- payload

    def to_api(self) -> dict[str, Any]:
        """Discord's ``Channel`` object."""
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": CHANNEL_DM,
                "last_message_id": self._last_message_id(),
                "recipients": [self.recipient.to_api()],
                "flags": 0,
            }
        assert self.guild is not None
        channel: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "last_message_id": self._last_message_id(),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            assert self.parent is not None
            channel.update(
                parent_id=str(self.parent.id),
                owner_id=str(self.owner_id),
                message_count=len(self.store),
                total_message_sent=len(self.store),
                member_count=len(self.thread_members),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.archived_at or self.created_at),
                    "locked": self.locked,
                    "create_timestamp": iso(self.created_at),
                    **({"invitable": True} if self.type == CHANNEL_PRIVATE_THREAD else {}),
                },
            )
            if self.server.bot_id in self.thread_members:
                channel["member"] = {
                    "id": str(self.id),
                    "user_id": str(self.server.bot_id),
                    "join_timestamp": iso(self.created_at),
                    "flags": 0,
                }
        else:
            channel.update(
                position=self.position,
                parent_id=None,
                topic=self.topic,
                nsfw=False,
                default_thread_rate_limit_per_user=0,
                permission_overwrites=[
                    {"id": str(target), "type": kind, "allow": str(allow), "deny": str(deny)}
                    for target, (kind, allow, deny) in self.overwrites.items()
                ],
            )
        return channel

    def _last_message_id(self) -> str | None:
        return str(next(reversed(self.store))) if self.store else None

    def __repr__(self) -> str:
        kind = {CHANNEL_GUILD_TEXT: "text", CHANNEL_DM: "dm"}.get(self.type, "thread")
        return f"<FakeChannel {kind} {self.id} #{self.name}>"


def _bits(permissions: Iterable[str | int]) -> int:
    value = 0
    for permission in permissions:
        value |= _permission_value(permission, 0)
    return value


class FakeUser:
    """A simulated person. Don't construct directly; use ``server.user(...)``.

    ``locale`` is the Discord client language sent with each interaction
    (``"en-US"``, ``"ru"``, ``"pl"``); with ``allow_dms=False`` the bot gets
    ``403 50007 Cannot send messages to this user`` on DMs.
    """

    def __init__(
        self,
        server: FakeDiscordServer,
        user_id: int,
        name: str,
        *,
        username: str,
        locale: str = "en-US",
        allow_dms: bool = True,
    ) -> None:
        self.server = server
        self.id = user_id
        self.name = name
        """The display (global) name."""
        self.username = username
        self.locale = locale
        self.allow_dms = allow_dms
        self.dm_channel: FakeChannel | None = None
        """The DM with the bot, once the bot opened it (or the user wrote there)."""
        self.ephemeral_store: dict[int, MessageRecord] = {}
        """Every ephemeral message the bot showed this user, deleted ones included."""
        self.interactions: list[InteractionRecord] = []

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_api(self) -> dict[str, Any]:
        """Discord's ``User`` object."""
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
            "collectibles": None,
            "display_name_styles": None,
        }

    # ------------------------------------------------------------- what they see

    @property
    def ephemeral_messages(self) -> list[MessageRecord]:
        """Ephemeral messages shown to this user and not dismissed/deleted, oldest first."""
        return [m for m in self.ephemeral_store.values() if not m.deleted]

    @property
    def last_ephemeral(self) -> MessageRecord | None:
        messages = self.ephemeral_messages
        return messages[-1] if messages else None

    @property
    def dm_messages(self) -> list[MessageRecord]:
        """Visible messages in the DM with the bot, oldest first."""
        return self.dm_channel.messages if self.dm_channel else []

    def _open_dm(self) -> FakeChannel:
        if self.dm_channel is None:
            self.dm_channel = self.server._new_dm(self)
        return self.dm_channel

    # ------------------------------------------------------------- actions

    def slash(
        self,
        channel: FakeChannel | None,
        command: str,
        *,
        force: bool = False,
        **options: Any,
    ) -> InteractionRecord:
        """Run ``/command`` in ``channel`` (None: the DM with the bot).

        ``command`` is the registered name (``"game start"`` for a subcommand)
        or its localisation in this user's locale; ``options`` by option name.
        The command must be registered (guild commands of the channel's guild
        first, then global ones), options must exist, required ones be given
        and values be among the choices, as a Discord client ensures;
        ``force=True`` skips the checks (a stale client). User options take a
        `FakeUser`, channel options a `FakeChannel`.
        """
        channel = self._target(channel)
        data = self.server.invocations.command_data(self, channel, command, options, force=force)
        return self.server.invocations.interact(self, channel, INTERACTION_APPLICATION_COMMAND, data)

    def autocomplete(
        self, channel: FakeChannel | None, command: str, focused: str, **options: Any
    ) -> InteractionRecord:
        """Type into option ``focused`` of ``/command`` (an autocomplete interaction)."""
        channel = self._target(channel)
        data = self.server.invocations.command_data(self, channel, command, options, force=True)
        for option in _leaf_options(data):
            if option["name"] == focused:
                option["focused"] = True
        return self.server.invocations.interact(self, channel, INTERACTION_AUTOCOMPLETE, data)

    def click(
        self,
        message: MessageRecord,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        force: bool = False,
    ) -> InteractionRecord:
        """Click a button of ``message`` by ``custom_id`` and/or ``label``.

        The button must be in the message's *current* components, enabled, and
        the message visible to this user (an ephemeral message only to its
        owner). ``force=True`` sends ``custom_id`` anyway: a stale client or a
        forged request.
        """
        if not force:
            self._check_visible(message)
            button = message.component(custom_id, label=label, type=COMPONENT_BUTTON)
            if button is None:
                raise ValueError(
                    f"no button custom_id={custom_id!r} label={label!r} in {message!r}; "
                    f"buttons: {[(b.get('label'), b.get('custom_id')) for b in message.buttons]}"
                )
            if button.get("disabled"):
                raise ValueError(f"button {button!r} is disabled")
            if "custom_id" not in button:
                raise ValueError(f"button {button!r} is a link or premium button")
            custom_id = button["custom_id"]
        if custom_id is None:
            raise ValueError("force=True needs a custom_id")
        data = {"custom_id": custom_id, "component_type": COMPONENT_BUTTON}
        return self.server.invocations.interact(
            self, message.channel, INTERACTION_MESSAGE_COMPONENT, data, message=message
        )

    def select(
        self,
        message: MessageRecord,
        custom_id: str,
        values: Iterable[Any],
        *,
        force: bool = False,
    ) -> InteractionRecord:
        """Pick ``values`` in the select menu ``custom_id`` of ``message``.

        Values must be among the menu's options (string selects) and their
        number within ``min_values``..``max_values``; for user/role/channel
        selects pass `FakeUser`/`FakeRole`/`FakeChannel` objects or ids.
        """
        picked = list(values)
        component_type = COMPONENT_STRING_SELECT
        component = message.component(custom_id)
        if component is not None and component.get("type") in SELECT_TYPES:
            component_type = component["type"]
        if not force:
            self._check_visible(message)
            if component is None or component.get("type") not in SELECT_TYPES:
                raise ValueError(
                    f"no select menu {custom_id!r} in {message!r}; selects: "
                    f"{[s.get('custom_id') for s in message.selects]}"
                )
            if component.get("disabled"):
                raise ValueError(f"select menu {custom_id!r} is disabled")
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            if not low <= len(picked) <= high:
                raise ValueError(f"pick {low}..{high} values, not {len(picked)}")
            if component_type == COMPONENT_STRING_SELECT:
                allowed = [o["value"] for o in component.get("options") or []]
                wrong = [v for v in picked if v not in allowed]
                if wrong:
                    raise ValueError(f"{wrong} not among the options {allowed}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type == COMPONENT_STRING_SELECT:
            data["values"] = [str(v) for v in picked]
        else:
            data["values"] = [str(getattr(v, "id", v)) for v in picked]
            data["resolved"] = self.server.invocations.resolved(message.channel, picked)
        return self.server.invocations.interact(
            self, message.channel, INTERACTION_MESSAGE_COMPONENT, data, message=message
        )

    def submit_modal(
        self, interaction: InteractionRecord, values: dict[str, str], *, force: bool = False
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot opened in answer to ``interaction``.

        ``values`` maps text input ``custom_id`` to the typed text.
        """
        modal = interaction.modal
        if modal is None:
            raise ValueError(f"{interaction!r} opened no modal")
        components: list[dict[str, Any]] = []
        inputs = [c for c in walk_components(modal.get("components")) if c.get("type") == 4]
        known = {c["custom_id"] for c in inputs}
        if not force:
            unknown = set(values) - known
            if unknown:
                raise ValueError(f"no text inputs {sorted(unknown)} in the modal ({sorted(known)})")
            missing = [
                c["custom_id"]
                for c in inputs
                if c.get("required", True) and not values.get(c["custom_id"])
            ]
            if missing:
                raise ValueError(f"required inputs left empty: {missing}")
        for top in modal.get("components") or []:
            if top.get("type") == 18 and isinstance(top.get("component"), dict):
                inner = top["component"]
                if inner.get("type") == 4:
                    value = values.get(inner["custom_id"], "")
                    components.append(
                        {
                            "type": 18,
                            "component": {
                                "type": 4,
                                "custom_id": inner["custom_id"],
                                "value": value,
                            },
                        }
                    )
                continue
            row = [
                {"type": 4, "custom_id": c["custom_id"], "value": values.get(c["custom_id"], "")}
                for c in top.get("components") or []
                if c.get("type") == 4
            ]
            if row:
                components.append({"type": 1, "components": row})
        data = {"custom_id": modal.get("custom_id"), "components": components}
        return self.server.invocations.interact(
            self,
            interaction.channel,
            INTERACTION_MODAL_SUBMIT,
            data,
            message=interaction.message,
        )

    def send(self, channel: FakeChannel | None, content: str) -> MessageRecord:
        """Write a plain message in ``channel`` (None: the DM with the bot).

        Dispatches MESSAGE_CREATE (content only with the message-content
        intent, unless it mentions the bot or is a DM, as on Discord).
        """
        channel = self._target(channel)
        return self.server.messaging.from_user(self, channel, content)

    # ------------------------------------------------------------- helpers

    def _target(self, channel: FakeChannel | None) -> FakeChannel:
        if channel is None or channel.is_dm:
            if channel is not None and channel.recipient is not self:
                raise ValueError(f"{self.name} can't act in someone else's DM")
            return self._open_dm()
        if channel.guild is not None and self.id not in channel.guild.members:
            channel.guild.add_member(self)
        if channel.is_thread and channel.archived and channel.locked:
            raise ValueError(f"{channel!r} is archived and locked")
        if channel.is_thread:
            channel.thread_members.add(self.id)
        return channel

    def _check_visible(self, message: MessageRecord) -> None:
        if message.deleted:
            raise ValueError(f"{message!r} was deleted; nobody can use its components")
        if message.ephemeral_to is not None and message.ephemeral_to is not self:
            raise ValueError(f"{message!r} is ephemeral to someone else; {self.name} can't see it")
        if not message.channel.visible_to(self) and message.ephemeral_to is None:
            raise ValueError(f"{self.name} can't see {message.channel!r}")

    def __repr__(self) -> str:
        return f"<FakeUser {self.id} {self.name!r}>"


def _leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        options = options[0].get("options") or []
    return options
