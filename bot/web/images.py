"""The pictures (and files) the playground has shown, by an unguessable name.

A screen's picture is sent to browsers as a link (`/image/<name>`) rather than inside the
live stream, so an unchanged picture is fetched once. A name is a digest of the picture and
its owner: a panel's picture is handed only to the browser holding that panel's player,
which the route checks, and a board's to anyone. The newest pictures are kept (a bounded
cache: a browser that asks for one long gone gets it with the room's next state).

>>> images = Images(limit=2)
>>> name = images.keep(b"GIF89a...", owner="7")
>>> images.get(name, frozenset({"7"})).content_type, images.get(name, frozenset({"8"}))
('image/gif', None)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

from bot.screens import is_animation


@dataclass(frozen=True)
class Kept:
    data: bytes
    content_type: str
    owner: str | None  # the player whose panel showed it; None for public pictures
    filename: str | None = None  # a file to save (a game's export) rather than a picture


class Images:
    def __init__(self, *, limit: int = 2000) -> None:
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._limit = limit

    def keep(self, data: bytes, *, owner: str | None, filename: str | None = None) -> str:
        digest = hashlib.blake2b(data, digest_size=20, person=b"playground")
        digest.update(b"\0" + (owner or "").encode() + b"\0" + (filename or "").encode())
        name = digest.hexdigest()
        kind = ("application/octet-stream" if filename else
                "image/gif" if is_animation(data) else "image/png")
        self._kept[name] = Kept(data, kind, owner, filename)
        self._kept.move_to_end(name)
        while len(self._kept) > self._limit:
            self._kept.popitem(last=False)
        return name

    def get(self, name: str, ids: frozenset[str]) -> Kept | None:
        """The picture, if it is kept and the browser holding `ids` may see it."""
        kept = self._kept.get(name)
        if kept is None or kept.owner is not None and kept.owner not in ids:
            return None
        return kept
