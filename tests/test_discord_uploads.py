"""Pictures checked against Discord's upload limit before they are sent: a board over the
limit is shrunk, never refused (the fake answers 413, code 40005, past its limit)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.discord import uploads
from bot.screens import Post, Role
from fakes.discord import FakeDiscordServer
from fakes.discord_e2e import World, board

pytest_plugins = ["fakes.discord.fixtures", "tests.e2e_worlds"]

pytestmark = pytest.mark.timeout(180)


def noise_png(width: int, height: int) -> bytes:
    """A picture that compresses badly (so it is big)."""
    picture = Image.frombytes("RGB", (width, height), bytes(
        (x * 7919 + y * 104729) % 251 for y in range(height) for x in range(width * 3)))
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def test_a_picture_over_the_limit_is_shrunk_and_an_animation_stays_one() -> None:
    big = noise_png(300, 200)
    limit = len(big) // 3
    shrunk = uploads.fitted(big, "board", limit)
    assert shrunk is not None and len(shrunk) <= limit
    with Image.open(io.BytesIO(shrunk)) as picture:
        assert picture.format == "PNG" and picture.width < 300
    assert uploads.fitted(big, "board", len(big)) is big  # within the limit: as it is

    frames = [Image.open(io.BytesIO(noise_png(120, 80))).rotate(n * 30) for n in range(4)]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=200)
    gif = out.getvalue()
    shrunk = uploads.fitted(gif, "replay.gif", len(gif) // 2)
    assert shrunk is not None and len(shrunk) <= len(gif) // 2
    with Image.open(io.BytesIO(shrunk)) as picture:
        assert picture.format == "GIF" and picture.n_frames == 4
    assert uploads.fitted(b"not a picture" * 100, "notes.txt", 100) is None


async def test_a_board_over_the_upload_limit_is_shown_shrunk(
        dc_world: World, fake_discord: FakeDiscordServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    world, server = dc_world, fake_discord
    limit = 20_000  # smaller than a board: the same rule as Discord's 10 MiB
    server.limits.upload_limit = limit
    monkeypatch.setattr(uploads, "UPLOAD_LIMIT", limit)
    anna, bob = server.user("Anna"), server.user("Bob")
    guild = server.guild("Game night", owner=anna, members=[anna, bob])
    channel = server.text_channel(guild, "games")
    table = await world.open_table(channel, anna, [bob])
    await world.start_game(channel, anna)
    drawn = [p.screen.image for p in await world.bot.service.current_posts(table)
             if isinstance(p, Post) and p.place.role is Role.BOARD]
    assert drawn and drawn[0] is not None and len(drawn[0]) > limit  # it had to shrink
    [attachment] = board(channel).attachments
    assert 0 < len(attachment.data) <= limit
    assert server.calls_of(lambda c: c.status == 413) == []
