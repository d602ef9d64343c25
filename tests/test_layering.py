"""Imports point one way: config (settings, starters, the audit log, the staff
access rule) at the bottom, then guards, then knowledge, then support at the top.
No module imports one of a higher layer, no modules import each other in a
circle, and support's three jobs do not import one another. Read from the source
with ``ast``, so an import inside a function counts as much as one at the top;
migrations and the tests themselves are left out."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Lowest first: a module may import its own layer and the ones before it.
LAYERS = ("config", "guards", "knowledge", "support")
CHECKED_FOR_CYCLES = (*LAYERS, "benchmarks")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_modules() -> dict[str, Path]:
    modules = {}
    for top in CHECKED_FOR_CYCLES:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" in path.relative_to(ROOT).parts:
                continue
            modules[module_name(path)] = path
    return modules


def imports_of(name: str, path: Path, known: set[str]) -> list[tuple[str, int]]:
    """(imported module, line) for every import in the file, at any depth. For
    ``from a import b`` the target is ``a.b`` when that is a module of the tree."""
    is_package = path.name == "__init__.py"
    # A benchmark runs as a script: ``import harness`` there is benchmarks/harness.py.
    script_dir = "benchmarks." if name.startswith("benchmarks.") else None

    def resolve(target: str) -> str:
        if target not in known and script_dir and f"{script_dir}{target}" in known:
            return f"{script_dir}{target}"
        return target

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(resolve(alias.name), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([base] if base else [])])
            base = resolve(base) if not node.level else base
            for alias in node.names:
                target = resolve(f"{base}.{alias.name}")
                found.append((target if target in known else base, node.lineno))
    return found


def import_graph() -> dict[str, list[tuple[str, int]]]:
    modules = source_modules()
    known = set(modules)
    return {
        name: [(t, line) for t, line in imports_of(name, path, known) if t in known]
        for name, path in modules.items()
    }


def layer_of(module: str) -> int | None:
    top = module.split(".")[0]
    return LAYERS.index(top) if top in LAYERS else None


def test_no_module_imports_a_higher_layer():
    modules = source_modules()
    upward = []
    for name, targets in import_graph().items():
        own = layer_of(name)
        if own is None:
            continue
        for target, line in targets:
            theirs = layer_of(target)
            if theirs is not None and theirs > own:
                path = modules[name].relative_to(ROOT)
                upward.append(f"{path}:{line} imports {target}")
    assert upward == [], "imports that point up the layers:\n" + "\n".join(upward)


# support's three jobs stand apart: the customer path, the back office and the demo
# share the app's models and settings but never import one another (so, e.g., nothing
# the assistant's turn loads can reach the refund decision service).
SUPPORT_JOBS = ("support.customer", "support.backoffice", "support.demo")


def job_of(module: str) -> str | None:
    return next((job for job in SUPPORT_JOBS if f"{module}.".startswith(f"{job}.")), None)


def test_supports_three_jobs_do_not_import_one_another():
    modules = source_modules()
    crossing = []
    for name, targets in import_graph().items():
        own = job_of(name)
        for target, line in targets:
            theirs = job_of(target)
            if own and theirs and theirs != own:
                crossing.append(f"{modules[name].relative_to(ROOT)}:{line} imports {target}")
    assert crossing == [], "support's jobs importing one another:\n" + "\n".join(crossing)


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (no recursion limit on a deep chain)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def import_cycles() -> list[list[str]]:
    graph = {name: {t for t, _ in targets} for name, targets in import_graph().items()}
    return [
        c
        for c in strongly_connected(graph)
        if len(c) > 1 or c[0] in graph[c[0]]  # a module importing itself too
    ]


def test_no_import_cycles():
    cycles = import_cycles()
    assert cycles == [], "modules that import each other in a circle:\n" + "\n".join(
        " ↔ ".join(c) for c in cycles
    )


def test_the_checker_sees_function_level_imports_and_cycles(tmp_path):
    """The checker itself: an import inside a function is an edge, and two modules
    importing each other are one cycle."""
    source = "def later():\n    from support.models import Turn\n"
    tree_imports = imports_of("guards.x", _write(tmp_path, source), {"support.models"})
    assert tree_imports == [("support.models", 2)]
    assert strongly_connected({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"], ["c"]]


def _write(tmp_path: Path, source: str) -> Path:
    path = tmp_path / "x.py"
    path.write_text(source, encoding="utf-8")
    return path
