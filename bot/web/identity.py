"""Who a browser is: the players it holds and its language, kept in a signed cookie.

Nothing about a web player is stored on the server but what the table service keeps for any
player (their seat, name and language). A browser holds one player per name typed on it
(several for a hot seat); each gets a random numeric id when the name is typed, which is the
player's `UserRef.id` from then on. The cookie is signed (itsdangerous), so a browser can
neither forge an id nor take another browser's seat; it is not encrypted, and holds nothing
secret (names and ids are shown at the table anyway).

>>> cookies = CookieSigner("s3cret")
>>> browser = Browser().with_player("Ann", id_="42")
>>> cookies.load(cookies.dump(browser)) == browser
True
>>> cookies.load(cookies.dump(browser)[:-1] + "x") == Browser()  # tampered: nobody
True
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from dataclasses import dataclass, replace
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer

from bot.i18n import LANGUAGES

COOKIE = "playground"
MAX_PLAYERS = 6
"""Players one browser may hold (the most any game seats)."""


@dataclass(frozen=True)
class Player:
    id: str
    name: str


@dataclass(frozen=True)
class Browser:
    """What a browser's cookie says: its players (first typed first) and its language."""

    players: tuple[Player, ...] = ()
    language: str | None = None

    def holds(self, player_id: str) -> Player | None:
        return next((p for p in self.players if p.id == player_id), None)

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(p.id for p in self.players)

    def with_player(self, name: str, *, id_: str | None = None) -> Browser:
        """One more player on this browser, with a fresh id (53 bits: exact in JavaScript)."""
        player = Player(id_ or str(secrets.randbits(53) | 1 << 40), name)
        return replace(self, players=(*self.players, player)[-MAX_PLAYERS:])

    def with_language(self, language: str) -> Browser:
        return replace(self, language=language if language in LANGUAGES else None)


class CookieSigner:
    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="playground-browser")

    def dump(self, browser: Browser) -> str:
        return self._serializer.dumps({"p": [[p.id, p.name] for p in browser.players],
                                       "l": browser.language})

    def load(self, cookie: str | None) -> Browser:
        """The browser a cookie names; an empty one for a missing, forged or garbled cookie."""
        if not cookie:
            return Browser()
        try:
            data = self._serializer.loads(cookie)
            players = tuple(Player(str(i), str(n)) for i, n in data["p"])[:MAX_PLAYERS]
            language = data.get("l")
        except (BadSignature, KeyError, TypeError, ValueError):
            return Browser()
        return Browser(players, language if language in LANGUAGES else None)


class UnsafeSecret(Exception):
    """The kept secret file may not be trusted (its message is one line for the log)."""


def secret_from(setting: str | None, database_path: Path) -> str:
    """The cookie secret: the setting's, or one generated once and kept beside the database
    (so cookies survive a restart), in a file readable by its owner only (0600).

    A kept file that belongs to another user, that others may read (group or world bits),
    or that is a symbolic link is refused (`UnsafeSecret`) rather than used or fixed: whoever
    could write or read it could sign cookies, so it is for its owner to look at."""
    if setting:
        return setting
    path = database_path.expanduser().resolve().parent / ".playground-secret"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        kept = ""
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise UnsafeSecret(f"{path} is a symbolic link: remove it, or set "
                               "PLAYGROUND_SECRET") from None
        raise
    else:
        with os.fdopen(fd, encoding="ascii", errors="replace") as file:
            mode = os.fstat(fd)
            if mode.st_uid != os.getuid():
                raise UnsafeSecret(f"{path} belongs to another user (uid {mode.st_uid}): "
                                   "remove it, or set PLAYGROUND_SECRET")
            if mode.st_mode & 0o077:
                raise UnsafeSecret(f"{path} may be read by others (mode "
                                   f"{stat.S_IMODE(mode.st_mode):o}): chmod 600 it, or "
                                   "remove it")
            kept = file.read(1024).strip()
    if len(kept) >= 32:
        return kept
    kept = secrets.token_urlsafe(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    # created 0600 under a name of its own, then put in place at once: never readable by
    # others, not even for a moment, and never half written
    temporary = path.with_name(f"{path.name}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(kept + "\n")
    os.replace(temporary, path)
    return kept
