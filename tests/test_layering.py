"""The layers, checked on the source (issue 33 item 6): the engine is pure rules (the standard
library, NumPy and MuJoCo, its own component data); pictures draw views and never speak to the
bot; the bot's platform-neutral core speaks to no platform; an adapter speaks to one platform
and to the service, never to the store or to another platform; and each game is registered
once, its pictures found beside it.

Every import counts: at the top of a module, inside a function (a lazy import), or under
`TYPE_CHECKING`. A layer that is crossed today is listed in `STILL_CROSSED`, with why; that
list only shrinks: a new crossing fails, and so does an entry no longer needed. The same for
import circles among the modules of engine/, render/ and bot/ (`STILL_CIRCULAR`).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import GAMES
from render import FUNCTIONS, RENDERERS

ROOT = Path(__file__).resolve().parents[1]
STDLIB = frozenset(sys.stdlib_module_names)

ENGINE_MAY_USE = frozenset({"engine", "numpy", "mujoco", "gamehost_data"})
RENDER_MAY_USE = frozenset({"render", "engine", "PIL", "fontTools", "numpy", "gamehost_data"})
PLATFORMS = {"telegram": ("aiogram",), "discord": ("discord",), "web": ()}
"""Each adapter's package under bot/ and the platform libraries only it may use."""
CORE_ROOTS = frozenset({"bot/app.py", "bot/cli.py", "bot/__main__.py"})
"""Where the bot is put together: these may import every adapter."""
BEHIND_THE_PORT = ("bot.storage", "bot.tables")
"""What an adapter must not import: the store, and the concrete service behind the port."""

STILL_CROSSED: frozenset[tuple[str, str]] = frozenset({
    # The start-up error classifier names each platform's exceptions.
    ("bot/ops/startup_errors.py", "aiogram"),
    ("bot/ops/startup_errors.py", "discord"),
})


STILL_CIRCULAR: frozenset[frozenset[str]] = frozenset({
    # updates imports processes at the top; processes imports updates inside a function
    frozenset({"bot.storage.processes", "bot.storage.updates"}),
})


def sources(folder: str) -> Iterator[Path]:
    yield from sorted((ROOT / folder).rglob("*.py"))


def imported(path: Path) -> set[str]:
    """Every module a file imports, absolute."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: tuple[str, ...]) -> set[str]:
    """Every module `source` imports, written in `package`: `from a import b` gives both `a`
    and `a.b` (b may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def within(module: str, layers: tuple[str, ...] | frozenset[str]) -> str | None:
    """The layer of `layers` that `module` is (or is inside), if any."""
    return next((layer for layer in layers
                 if module == layer or module.startswith(layer + ".")), None)


def crossings() -> set[tuple[str, str]]:
    """Every (file, layer it must not import) in the project today."""
    crossed: set[tuple[str, str]] = set()

    def only(folder: str, allowed: frozenset[str]) -> None:
        for path in sources(folder):
            for module in imported(path):
                top = module.split(".")[0]
                if top not in STDLIB and top not in allowed:
                    crossed.add((path.relative_to(ROOT).as_posix(), top))

    def never(paths: Iterator[Path], layers: tuple[str, ...]) -> None:
        for path in paths:
            for module in imported(path):
                layer = within(module, layers)
                if layer is not None:
                    crossed.add((path.relative_to(ROOT).as_posix(), layer))

    only("engine", ENGINE_MAY_USE)
    only("render", RENDER_MAY_USE)
    adapters = tuple(f"bot.{name}" for name in PLATFORMS)
    libraries = tuple(lib for libs in PLATFORMS.values() for lib in libs)
    for name, own in PLATFORMS.items():
        others = tuple(a for a in adapters if a != f"bot.{name}")
        foreign = tuple(lib for lib in libraries if lib not in own)
        never(sources(f"bot/{name}"), (*BEHIND_THE_PORT, *others, *foreign))
    core = [path for path in sources("bot")
            if path.relative_to(ROOT).parts[1] not in PLATFORMS
            and path.relative_to(ROOT).as_posix() not in CORE_ROOTS]
    never(iter(core), (*adapters, *libraries, "tests", "bench", "fakes"))
    never(sources("render"), ("bot",))
    # the fakes serve the tests and the benchmarks alike, so they lean on neither
    never(sources("fakes"), ("tests", "bench"))
    never(sources("bench"), ("tests",))
    return crossed


def modules() -> dict[str, Path]:
    """Every module of engine/, render/ and bot/ by its dotted name."""
    found: dict[str, Path] = {}
    for folder in ("engine", "render", "bot"):
        for path in sources(folder):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def depends_on(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules among `known` that a file imports: `from a import b` is the module a.b if
    there is one, else a; `import a.b.c` the longest of a.b.c, a.b, a that is a module."""
    own = path.relative_to(ROOT).with_suffix("").parts[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = own[:len(own) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                     for alias in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def circles() -> set[frozenset[str]]:
    """The import circles among the modules of engine/, render/ and bot/."""
    known = modules()
    return strongly_connected({name: depends_on(path, known) - {name}
                               for name, path in known.items()})


def strongly_connected(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The groups of two or more nodes that reach each other (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(name: str) -> None:
        order[name] = low[name] = len(order)
        stack.append(name)
        for other in graph.get(name, set()):
            if other not in order:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], order[other])
        if low[name] == order[name]:
            group = {stack.pop()}
            while name not in group:
                group.add(stack.pop())
            if len(group) > 1:
                found.add(frozenset(group))

    for name in sorted(graph):
        if name not in order:
            visit(name)
    return found


def test_no_import_circle_anew() -> None:
    new = [sorted(c) for c in circles() if not any(c <= known for known in STILL_CIRCULAR)]
    assert not new, f"modules that import each other in a circle: {new}"


def test_the_list_of_circles_only_shrinks() -> None:
    mended = [sorted(c) for c in STILL_CIRCULAR - circles()]
    assert not mended, f"no longer a circle: delete from STILL_CIRCULAR {mended}"


def test_the_checker_finds_circles_and_only_them() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": set(), "f": {"f"}}
    assert strongly_connected(graph) == {frozenset("abc")}
    assert strongly_connected({**graph, "e": {"d"}}) == {frozenset("abc"), frozenset("de")}


def test_no_layer_is_crossed_anew() -> None:
    new = sorted(crossings() - STILL_CROSSED)
    assert not new, f"imports across a layer (file, what it imports): {new}"


def test_the_list_of_crossings_only_shrinks() -> None:
    mended = sorted(STILL_CROSSED - crossings())
    assert not mended, f"no longer crossed: delete from STILL_CROSSED {mended}"


def test_the_checker_sees_every_kind_of_import() -> None:
    """The checker itself: lazy, relative and TYPE_CHECKING imports all count."""
    source = ("from typing import TYPE_CHECKING\nfrom .core import Label\nfrom .. import bot\n"
              "if TYPE_CHECKING:\n    from bot.tables import TableService\n"
              "def f():\n    import aiogram.types\n")
    found = imports_in(source, ("engine", "hanabi"))
    assert {"engine.hanabi.core", "engine.hanabi.core.Label", "engine.bot", "bot.tables",
            "aiogram.types"} <= found
    assert within("bot.storage.store", BEHIND_THE_PORT) == "bot.storage"
    assert within("bot.storagex", BEHIND_THE_PORT) is None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_pictures(game: str) -> None:
    renderer = RENDERERS[game]
    assert all(callable(getattr(renderer, name, None)) for name in FUNCTIONS), renderer


def test_every_picture_package_is_a_registered_game() -> None:
    """`render/<name>/` and `engine.registry.GAMES` pair one to one: a game added in one
    place only is caught here."""
    assert set(RENDERERS) == set(GAMES)
