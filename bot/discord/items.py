"""The bot's components as discord.py dynamic items, and a `Layout` as a `discord.ui.View`.

Every button's custom id is `gh:` and the service's data (`render.BUTTON_TEMPLATE`); a
select menu's is `gs:<n>` and its options' values are the data. Both classes are
registered in `setup_hook` (`Client.add_dynamic_items`), so a press on any message the bot
ever drew, before or after a restart, reaches `handle_press(interaction, data)` on the
client, which hands it to the table service unchanged: the service alone decides what the
data means and whether it is still good.

Views built here are stopped before they are sent: discord.py then keeps no per-message
state for them, and the dynamic items alone route the presses.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Protocol

import discord
from discord import ui

from bot.screens import picture_name

from .render import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    Layout,
    SelectSpec,
)
from .uploads import fitted

log = logging.getLogger(__name__)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class PressHandler(Protocol):
    """The client: what a press is handed to."""

    async def handle_press(self, interaction: discord.Interaction, data: str) -> None: ...


class GameButton(ui.DynamicItem[ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A button that carries the service's data in its custom id."""

    def __init__(self, data: str, *, custom_id: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(ui.Button(label=label, custom_id=custom_id, style=style), row=row)
        self.data = data

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> GameButton:
        return cls(match["data"], custom_id=match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).handle_press(interaction, self.data)


class GameSelect(ui.DynamicItem[ui.Select[Any]], template=SELECT_TEMPLATE):
    """A select menu whose chosen option's value is the service's data."""

    def __init__(self, *, custom_id: str, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None) -> None:
        select: ui.Select[Any] = ui.Select(custom_id=custom_id, placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")],
                                           min_values=1, max_values=1)
        super().__init__(select, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str]) -> GameSelect:
        return cls(custom_id=match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).handle_press(interaction, chosen(interaction.data))


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (GameButton, GameSelect)


def chosen(data: object) -> str:
    """The option a select interaction chose, as the service's data; "" when the data holds
    no text where Discord puts it (a forged interaction), which the service refuses."""
    values = data.get("values") if isinstance(data, dict) else None
    if isinstance(values, list) and values and isinstance(values[0], str):
        return values[0]
    return ""


def _handler(interaction: discord.Interaction) -> PressHandler:
    return interaction.client  # type: ignore[return-value]


def view_of(shown: Layout) -> ui.View | None:
    """The components of `shown` as a stopped view (None when it has none)."""
    if not shown.rows:
        return None
    view = ui.View(timeout=None)
    for index, row in enumerate(shown.rows):
        if isinstance(row, SelectSpec):
            view.add_item(GameSelect(
                custom_id=row.custom_id, placeholder=row.placeholder, row=index,
                options=[discord.SelectOption(label=o.label, value=o.value)
                         for o in row.options]))
            continue
        for button in row:
            view.add_item(_button(button, index))
    view.stop()  # routed by the dynamic items, not by this view
    return view


def _button(spec: ButtonSpec, row: int) -> ui.Item[Any]:
    if spec.url is not None:
        return ui.Button(label=spec.label, url=spec.url, row=row)
    assert spec.custom_id is not None
    match = re.fullmatch(BUTTON_TEMPLATE, spec.custom_id)
    assert match is not None, "render made a custom id its own template refuses"
    return GameButton(match["data"], custom_id=spec.custom_id, label=spec.label,
                      style=_STYLES.get(spec.style, discord.ButtonStyle.secondary), row=row)


# --- keyword arguments for discord.py's send and edit calls ------------------------------


NO_MENTIONS = discord.AllowedMentions.none()


def mentions_of(shown: Layout, *, notify: bool) -> discord.AllowedMentions:
    """Only a message meant to notify (the turn ping) may ping, and only whom it names."""
    if not notify or not shown.mentions:
        return NO_MENTIONS
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=int(u)) for u in shown.mentions])


def picture(shown: Layout) -> discord.File | None:
    """The picture, within Discord's upload limit (shrunk if need be: `uploads`)."""
    if shown.image is None:
        return None
    data = fitted(shown.image, "a picture")
    if data is None:
        return None
    return discord.File(io.BytesIO(data), filename=picture_name(data))


def document(shown: Layout) -> discord.File | None:
    """The document (a replay's GIF), within the upload limit, or left out."""
    if shown.file is None:
        return None
    data = fitted(shown.file.data, shown.file.name)
    if data is None:
        return None
    name = shown.file.name if data is shown.file.data else picture_name(data)
    return discord.File(io.BytesIO(data), filename=name)


def send_kwargs(shown: Layout, *, notify: bool = False) -> dict[str, Any]:
    """For `Messageable.send`, `InteractionResponse.send_message` and `Webhook.send`."""
    kwargs: dict[str, Any] = {"content": shown.content,
                              "allowed_mentions": mentions_of(shown, notify=notify)}
    files = [f for f in (picture(shown), document(shown)) if f is not None]
    if len(files) == 1:
        kwargs["file"] = files[0]
    elif files:
        kwargs["files"] = files
    view = view_of(shown)
    if view is not None:
        kwargs["view"] = view
    return kwargs


def edit_kwargs(shown: Layout, *, image_changed: bool = True, notify: bool = False
                ) -> dict[str, Any]:
    """For `PartialMessage.edit`, `InteractionResponse.edit_message` and the webhook edits:
    everything replaced; the picture re-uploaded only when it changed (or removed)."""
    kwargs: dict[str, Any] = {"content": shown.content, "view": view_of(shown),
                              "allowed_mentions": mentions_of(shown, notify=notify)}
    file = picture(shown)
    if file is None:
        kwargs["attachments"] = []
    elif image_changed:
        kwargs["attachments"] = [file]
    return kwargs
