"""No import circle among the bot's modules.

Each module of `bot/` is read with the standard library's `ast` (not imported: a circle
that only shows at import time in some order, or only under `TYPE_CHECKING`, is found
too), its imports of other `bot` modules are collected wherever they stand (top level,
inside a function, under `if TYPE_CHECKING:`), and the graph is searched for a cycle.
`ast` rather than a library such as grimp: the walk is thirty lines, needs nothing
installed, and counts the `TYPE_CHECKING` imports that grimp can be told to skip.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "bot"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / PACKAGE).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The `bot` modules this module imports (a package's `__init__` counts for a name in
    it that is not a module of its own)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]  # `import bot.x.y` names bot.x.y's module
            if target and target != name:
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Every group of modules that import each other round a circle (the strongly connected
    components of more than one module; Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(group)

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def graph_of_bot() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


KNOWN = [{"bot.storage.processes", "bot.storage.updates"}]
"""The one circle left, in bot/storage (a function-level import of `database_unavailable`),
which is not the table service's to change: listed so that it cannot grow, and so that this
test says to remove it once it is gone."""


def test_the_bot_has_no_import_circle():
    graph = graph_of_bot()
    found = circles(graph)
    extra = [group for group in found if group not in KNOWN]
    assert not extra, "import circles: " + "; ".join(
        " -> ".join(cycle({m: graph[m] & group for m in group}) or sorted(group))
        for group in extra)
    assert found == KNOWN, "a known circle is gone: remove it from KNOWN"


def test_the_walk_sees_the_table_service_parts():
    graph = graph_of_bot()
    assert "bot.table_core" in graph["bot.lobby"]  # a top-level `from bot.x import y`
    assert "bot.table_screens" in graph["bot.turns"]  # `from bot import x as y`


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"b"}, "b": {"b2"}, "b2": {"b"}}, ["b", "b2", "b"]),
])
def test_a_circle_is_found(edges, expected):
    assert cycle(edges) == expected


def test_every_circle_is_found():
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"c"}, "e": {"a"}}
    assert sorted(map(sorted, circles(graph))) == [["a", "b"], ["c", "d"]]


def test_an_import_under_type_checking_counts(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from bot.tables import TableService\n", encoding="utf-8")
    assert imports_of("bot.lobby", path, {"bot.tables", "bot.lobby", "bot"}) == {"bot.tables"}
