"""The pictures (and files) the playground has shown, by an unguessable name.

A screen's picture is sent to browsers as a link (`/image/<name>`) rather than inside the
live stream, so an unchanged picture is fetched once. A name is a digest of the picture and
its owner: a panel's picture is handed only to the browser holding that panel's player,
which the route checks, and a board's to anyone. A picture some room shows now is held
(`hold`/`release`, counted); of the others only the newest `limit` are kept (a menu's, a
replay's, a picture just replaced that a browser may still be loading).

>>> images = Images(limit=1)
>>> name = images.keep(b"GIF89a...", owner="7")
>>> images.get(name, frozenset({"7"})).content_type, images.get(name, frozenset({"8"}))
('image/gif', None)
>>> images.hold(name); _ = images.keep(b"other", owner=None); _ = images.keep(b"more", owner=None)
>>> images.get(name, frozenset({"7"})) is not None  # held: never dropped
True
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
    def __init__(self, *, limit: int = 200) -> None:
        self._kept: OrderedDict[str, Kept] = OrderedDict()  # oldest first
        self._held: dict[str, int] = {}  # name -> how many shown messages hold it
        self._limit = limit

    def keep(self, data: bytes, *, owner: str | None, filename: str | None = None) -> str:
        digest = hashlib.blake2b(data, digest_size=20, person=b"playground")
        digest.update(b"\0" + (owner or "").encode() + b"\0" + (filename or "").encode())
        name = digest.hexdigest()
        kind = ("application/octet-stream" if filename else
                "image/gif" if is_animation(data) else "image/png")
        self._kept[name] = Kept(data, kind, owner, filename)
        self._kept.move_to_end(name)
        loose = len(self._kept) - len(self._held)
        for old in list(self._kept):
            if loose <= self._limit:
                break
            if old not in self._held:
                del self._kept[old]
                loose -= 1
        return name

    def hold(self, name: str) -> None:
        """A shown message uses the picture: keep it until `release`d."""
        self._held[name] = self._held.get(name, 0) + 1

    def release(self, name: str) -> None:
        count = self._held.get(name, 0) - 1
        if count > 0:
            self._held[name] = count
        else:
            self._held.pop(name, None)

    def get(self, name: str, ids: frozenset[str]) -> Kept | None:
        """The picture, if it is kept and the browser holding `ids` may see it."""
        kept = self._kept.get(name)
        if kept is None or kept.owner is not None and kept.owner not in ids:
            return None
        return kept
