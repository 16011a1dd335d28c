"""The code's shape, checked (docs/design.md "Layout" and its layer rules).

- A game's rules never import bots, screens, the app or the browser; a game never
  imports another game.
- The shared folders (core, bots, app, render, web) name no particular game: whatever is
  game-specific is reached through the registry (``parlor.games``), the one module they
  may look games up in. ``core``, the layer the games are built on, does not even do
  that: its callers hand it the registry or the game.
- ``parlor.render`` and the games' ``ui`` never import the app or the page: the app
  composes its screens (app/screens/) from them.
- Only ``parlor.web`` imports the browser (js, pyodide, pyscript).
- No import cycle between modules, counting imports inside functions too (a lazy import
  hides a cycle from Python, not from a reader), and imports of the registry too.
- No module over 400 lines.
- The benchmarks (tools/bench/, a package run as ``python -m tools.bench``) keep the same
  shape: no import cycle, no module over 400 lines, no ``sys.path`` edits (parlor comes
  from ``PYTHONPATH=py``), and parlor reached only through its public modules and names
  (none starting with ``_``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parent.parent / "py"
SHARED = ("core", "bots", "app", "render", "web", "i18n")
BROWSER = ("js", "pyodide", "pyscript")
REGISTRY = "parlor.games"


def _modules() -> dict[str, Path]:
    out = {}
    for path in (PY / "parlor").rglob("*.py"):
        parts = list(path.relative_to(PY).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str) -> set[str]:
    """Every module ``name`` imports (at the top or inside a function): for ``from
    package import submodule`` the submodule, for ``from module import value`` the
    module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            found.update(subs)
            if len(subs) < len(node.names):
                found.add(base)
    return found


GRAPH = {name: _imports(name) for name in MODULES}


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _is_rules(module: str) -> bool:
    """A game's rules: its modules outside ``bots/`` and ``ui/`` (and the package's own
    ``__init__``, which registers the game with its bots and screen)."""
    parts = module.split(".")
    return (_game_of(module) is not None and len(parts) > 3
            and parts[3] not in ("bots", "ui", "windows"))


def test_rules_never_import_bots_screens_app_or_browser() -> None:
    bad = []
    for name, deps in GRAPH.items():
        if not _is_rules(name):
            continue
        for dep in deps:
            parts = dep.split(".")
            if (dep.split(".")[0] in BROWSER
                    or (len(parts) > 1 and parts[0] == "parlor" and parts[1] in SHARED
                        and parts[1] != "core")
                    or (_game_of(dep) is not None and len(parts) > 3
                        and parts[3] in ("bots", "ui", "windows"))):
                bad.append(f"{name} imports {dep}")
    assert not bad, "\n".join(bad)


def test_render_and_the_games_screens_never_import_the_app() -> None:
    """``parlor.render`` is what a game's ``ui`` draws with; the app composes the page's
    screens from it (app/screens/), never the other way round (no app <-> render cycle)."""
    def drawing(name: str) -> bool:
        parts = name.split(".")
        return parts[:2] == ["parlor", "render"] or (
            _game_of(name) is not None and len(parts) > 3 and parts[3] == "ui")

    bad = [f"{name} imports {dep}" for name, deps in GRAPH.items() if drawing(name)
           for dep in deps if dep.split(".")[:2] in (["parlor", "app"], ["parlor", "web"])]
    assert not bad, "\n".join(bad)


def test_a_game_never_imports_another_game() -> None:
    bad = [f"{name} imports {dep}" for name, deps in GRAPH.items() for dep in deps
           if _game_of(name) and _game_of(dep) and _game_of(name) != _game_of(dep)]
    assert not bad, "\n".join(bad)


def test_shared_folders_name_no_game() -> None:
    bad = [f"{name} imports {dep}" for name, deps in GRAPH.items() for dep in deps
           if name.split(".")[1] in SHARED and _game_of(dep) is not None]
    assert not bad, "\n".join(bad)


def test_core_never_looks_games_up() -> None:
    bad = [f"{name} imports {dep}" for name, deps in GRAPH.items() for dep in deps
           if name.split(".")[1] == "core" and (dep == REGISTRY or _game_of(dep))]
    assert not bad, "\n".join(bad)


def test_only_web_touches_the_browser() -> None:
    bad = [f"{name} imports {dep}" for name, deps in GRAPH.items() for dep in deps
           if dep.split(".")[0] in BROWSER and not name.startswith("parlor.web")]
    assert not bad, "\n".join(bad)


def test_no_import_cycles() -> None:
    edges = {n: {d for d in deps if d in MODULES} for n, deps in GRAPH.items()}
    cycles = _cycles(edges)
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of a graph (module -> modules it imports), each sorted."""
    # Tarjan's strongly connected components, iteratively (no deep recursion).
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    return cycles


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_stay_small(name: str) -> None:
    lines = MODULES[name].read_text().count("\n")
    assert lines <= 400, f"{name} has {lines} lines: split it by concern"


# --- tools/bench: the benchmarks' package ---------------------------------------------

BENCH = PY.parent / "tools" / "bench"
BENCH_MODULES = {("tools.bench" if p.stem == "__init__" else f"tools.bench.{p.stem}"): p
                 for p in sorted(BENCH.glob("*.py"))}


def _bench_imports(name: str) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of a module of tools/bench (at the top or in a function): the module
    imported from and the names taken (none for ``import x``); ``from package import
    submodule`` as the submodule."""
    path = BENCH_MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = set(MODULES) | set(BENCH_MODULES)
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.extend((a.name, ()) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            names = tuple(a.name for a in node.names if f"{base}.{a.name}" not in known)
            found.extend((f"{base}.{a.name}", ()) for a in node.names
                         if f"{base}.{a.name}" in known)
            if names:
                found.append((base, names))
    return found


def test_bench_has_no_import_cycles() -> None:
    edges = {n: {m for m, _ in _bench_imports(n) if m in BENCH_MODULES}
             for n in BENCH_MODULES}
    cycles = _cycles(edges)
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_bench_reaches_parlor_only_through_public_modules() -> None:
    bad = []
    for name in BENCH_MODULES:
        for module, names in _bench_imports(name):
            if module.split(".")[0] != "parlor":
                continue
            if module not in MODULES:
                bad.append(f"{name} imports {module}, not a module of parlor")
            private = [part for part in (*module.split("."), *names) if part.startswith("_")]
            if private:
                bad.append(f"{name} imports {module} {names}: private {private}")
    assert not bad, "\n".join(bad)


def test_bench_never_edits_sys_path() -> None:
    """The package is run from the root (``python -m tools.bench``) with PYTHONPATH=py."""
    bad = [f"{name}:{node.lineno}" for name, path in BENCH_MODULES.items()
           for node in ast.walk(ast.parse(path.read_text()))
           if isinstance(node, ast.Attribute) and node.attr == "path"
           and isinstance(node.value, ast.Name) and node.value.id == "sys"]
    assert not bad, "sys.path used at " + ", ".join(bad)


@pytest.mark.parametrize("name", sorted(BENCH_MODULES))
def test_bench_modules_stay_small(name: str) -> None:
    lines = BENCH_MODULES[name].read_text().count("\n")
    assert lines <= 400, f"{name} has {lines} lines: split it by concern"
