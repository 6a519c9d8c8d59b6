"""The package's layers, read from its source: what imports what.

Every module under engram/ is parsed (not imported), and every import counts, wherever it is written:
at module level, inside a function (a lazy import is still a dependency), or under TYPE_CHECKING.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "layers" / "engram" / "python" / "engram"


def _module_name(path: Path) -> tuple[str, list[str]]:
    """(dotted name of the module at `path`, the parts of the package it is in)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
        return ".".join(parts), parts
    return ".".join(parts), parts[:-1]


def _imported(node: ast.Import | ast.ImportFrom, package: list[str]) -> list[str]:
    """The absolute names an import statement reads: for `from a import b`, both `a` and `a.b` (b may
    be a module)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: from the module's own package, one level up per extra dot
        anchor = package[: len(package) - node.level + 1]
        base = ".".join([*anchor, *([node.module] if node.module else [])])
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def imports() -> dict[str, set[str]]:
    """Each engram module's imported engram names (dotted), the lazy ones included."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name, package = _module_name(path)
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names.update(n for n in _imported(node, package) if n.split(".")[0] == "engram")
        found[name] = names
    return found


def _layer(dotted: str) -> str | None:
    """The top-level part of engram a name belongs to (`engram.api.app` → `api`), or None for a name
    of the package's own `__init__` (`engram.__version__`)."""
    parts = dotted.split(".")
    if len(parts) < 2:
        return None
    top = PACKAGE / parts[1]
    return parts[1] if top.is_dir() or top.with_suffix(".py").is_file() else None


def layer_graph() -> dict[str, set[str]]:
    """Which top-level parts of engram (subpackages and modules: domain, ports, usecases, adapters,
    providers, api, runtime, client, mcp, cli, settings, observability, …) import which others."""
    graph: dict[str, set[str]] = defaultdict(set)
    for module, names in imports().items():
        source = _layer(module)
        for name in names:
            target = _layer(name)
            if source and target and target != source:
                graph[source].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as the path around it (first node repeated at the end), or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt, [*path, node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


def test_the_api_never_imports_the_runtime():
    """The routes depend on engram.api.services, never on the composition root that satisfies it."""
    api = {m: names for m, names in imports().items() if m == "engram.api" or m.startswith("engram.api.")}
    assert {"engram.api.app", "engram.api.openapi", "engram.api.routes.admin"} <= set(api)  # not vacuous
    offending = {
        module: sorted(n for n in names if n == "engram.runtime" or n.startswith("engram.runtime."))
        for module, names in api.items()
    }
    assert {module: names for module, names in offending.items() if names} == {}


def test_no_import_cycle_between_the_top_level_parts_of_engram():
    graph = layer_graph()
    assert "api" in graph["runtime"] and "usecases" in graph["api"]  # the parse saw the layers
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


def test_the_cycle_check_finds_a_cycle():
    assert find_cycle({"api": {"runtime"}, "runtime": {"api"}}) == ["api", "runtime", "api"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"runtime": {"api", "usecases"}, "api": {"usecases"}, "usecases": set()}) is None


def test_a_lazy_import_inside_a_function_counts():
    source = "def f():\n    from engram.runtime.container import Container\n    return Container\n"
    names = {
        n
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for n in _imported(node, ["engram", "api"])
    }
    assert "engram.runtime.container" in names
    relative = ast.parse("from ..runtime import container\n").body[0]
    assert isinstance(relative, ast.ImportFrom)
    assert _imported(relative, ["engram", "api"]) == ["engram.runtime", "engram.runtime.container"]
