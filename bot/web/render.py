"""A `Screen` as the page draws it: text pieces (mentions marked), a picture link with its
size, and the parts of it that may be touched (`taps`), and rows of buttons carrying the
service's button data unchanged.

>>> from bot.screens import Button, Mention, Screen
>>> screen = Screen(("Your turn, ", Mention("7", "Ann")), buttons=((Button("Go", "g:1:2:"),),))
>>> screen_json(screen, Images(), None)["text"]
[{'t': 'Your turn, '}, {'t': 'Ann', 'mention': '7'}]
"""

from __future__ import annotations

from typing import Any

from bot.screens import Screen, png_size

from .images import Images


def screen_json(screen: Screen, images: Images, owner: str | None) -> dict[str, Any]:
    """`owner`: the player whose panel this is (its picture is theirs alone), or None."""
    text = [{"t": piece} if isinstance(piece, str) else {"t": piece.name, "mention": piece.user_id}
            for piece in screen.text]
    out: dict[str, Any] = {
        "text": text,
        "buttons": [[{"text": b.text, "data": b.data, "url": b.url} for b in row]
                    for row in screen.buttons],
    }
    if screen.image is not None:
        out["image"] = "/image/" + images.keep(screen.image, owner=owner)
        size = png_size(screen.image)
        if size is not None:
            out["size"] = list(size)
        if screen.taps:
            # the same presses as the buttons', placed on the picture (render/regions.py)
            out["taps"] = [{"data": tap.data, "polygon": [list(p) for p in tap.polygon],
                            "confirms": tap.confirms, **({"mark": tap.mark} if tap.mark else {})}
                           for tap in screen.taps]
        if screen.drag:
            out["drag"] = screen.drag  # a point press's data, the client adding the point
    if screen.clock is not None:
        out["clock"] = round(screen.clock)
    if screen.file is not None:
        out["file"] = {"name": screen.file.name, "href": "/image/" + images.keep(
            screen.file.data, owner=owner, filename=screen.file.name)}
    return out

