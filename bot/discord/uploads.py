"""Files checked against Discord's upload limit before they are sent.

Discord refuses a request carrying a file over the limit (413, code 40005), and the whole
message with it: a board would not be shown at all. A picture over the limit is shrunk
(scaled down: a PNG, or a GIF for an animation) until it fits; a file that cannot be shrunk is left out (the message
still goes, its text tells the game). The limit is the one every server has (boosts raise
it; the bot does not count on them).
"""

from __future__ import annotations

import io
import logging
import math

from PIL import Image, ImageSequence, UnidentifiedImageError

log = logging.getLogger(__name__)

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Bytes a file may have: Discord's limit in a server without boosts (10 MiB)."""
_TRIES = 6


def fitted(data: bytes, name: str, limit: int | None = None) -> bytes | None:
    """`data` if it is within `limit` (`UPLOAD_LIMIT`); else a smaller version of the same
    picture, or None when it is no picture or will not shrink enough."""
    limit = UPLOAD_LIMIT if limit is None else limit
    if len(data) <= limit:
        return data
    try:
        with Image.open(io.BytesIO(data)) as opened:
            frames = [frame.convert("RGBA") for frame in ImageSequence.Iterator(opened)]
            duration = opened.info.get("duration", 100)
            loop = opened.info.get("loop", 0)
    except (UnidentifiedImageError, OSError):
        log.warning("%s: %d bytes, over the upload limit, and not a picture: left out",
                    name, len(data))
        return None
    size = len(data)
    for _ in range(_TRIES):
        scale = math.sqrt(limit / size) * 0.9
        width = max(1, int(frames[0].width * scale))
        height = max(1, int(frames[0].height * scale))
        frames = [f.resize((width, height), Image.Resampling.LANCZOS) for f in frames]
        out = io.BytesIO()
        if len(frames) > 1:  # an animation stays one (a replay's GIF)
            frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:],
                           duration=duration, loop=loop)
        else:
            frames[0].save(out, format="PNG", optimize=True)
        shrunk = out.getvalue()
        if len(shrunk) <= limit:
            log.info("%s: %d bytes shrunk to %d (%dx%d) for the upload limit", name,
                     len(data), len(shrunk), width, height)
            return shrunk
        size = len(shrunk)
    log.warning("%s: would not shrink under the upload limit: left out", name)
    return None
