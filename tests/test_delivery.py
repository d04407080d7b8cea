"""`bot.delivery.deliver` walks a Result in one order, whatever the platform: the posts ready
now, the screens (each with where it goes), the presser's answer, then the drawn posts, each
once, and last `done`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from bot.delivery import Where, deliver, screens_of
from bot.screens import Drop, Place, Post, Reply, Result, Role, Screen


def post(role: Role, text: str) -> Post:
    return Post(Place(1, role, None, "-100"), Screen((text,)))


class Recording:
    def __init__(self) -> None:
        self.seen: list[tuple[str, object]] = []

    async def post(self, posts: Sequence[Post | Drop]) -> None:
        self.seen.append(("post", tuple(posts)))

    def show(self, where: Where, screen: Screen) -> None:
        self.seen.append(("show", (where, screen.text)))

    async def answer(self, reply: Reply, *, drawing: bool) -> None:
        self.seen.append(("answer", (reply.text, drawing)))

    async def done(self) -> None:
        self.seen.append(("done", None))


async def test_one_order_answer_before_drawing_and_each_drawn_post_once():
    board, panel, lobby = post(Role.BOARD, "b"), post(Role.PANEL, "p"), post(Role.LOBBY, "l")
    drawn: list[Post] = []

    async def later() -> AsyncIterator[Post | Drop]:
        for p in (board, panel):
            drawn.append(p)
            yield p

    result = Result(Reply("ok"), posts=(lobby,), message=Screen(("m",)),
                    private=Screen(("p",)), edit=Screen(("e",)), aside=Screen(("a",)),
                    later=later())
    surface = Recording()
    await deliver(result, surface)
    assert surface.seen == [
        ("post", (lobby,)),
        ("show", (Where.MESSAGE, ("m",))), ("show", (Where.PRIVATE, ("p",))),
        ("show", (Where.EDIT, ("e",))), ("show", (Where.ASIDE, ("a",))),
        ("answer", ("ok", True)),
        ("post", (board,)), ("post", (panel,)),
        ("done", None),
    ]
    assert drawn == [board, panel]  # drawn once, by deliver alone


async def test_a_result_without_screens_or_drawing_is_posted_and_answered():
    surface = Recording()
    await deliver(Result(Reply("no", alert=True)), surface)
    assert surface.seen == [("post", ()), ("answer", ("no", False)), ("done", None)]


@pytest.mark.parametrize("field, where", [("message", Where.MESSAGE), ("private", Where.PRIVATE),
                                          ("edit", Where.EDIT), ("aside", Where.ASIDE)])
def test_each_screen_field_has_its_where(field, where):
    screen = Screen(("x",))
    assert screens_of(Result(**{field: screen})) == [(where, screen)]
