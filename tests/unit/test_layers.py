"""The package's layering, read from its source with ``ast`` (every import, at module level or inside a function):

* only the pytest layer imports pytest, and only ``_compat.py`` imports pytest's internals (``_pytest``) or
  reads pytest's, xdist's and pytest-timeout's private attributes and option dests;
* every import of the package's own modules inside a function of the pytest layer says why: "deferred for
  start-up cost" on its line or above its block (tests/unit/test_module_paths.py checks there is no import cycle);
* only ``inputs/`` reads prediction and gold files: run.py imports nothing from it (it asks the collection's
  plan), and no plugin writes another plugin's attributes (it calls the other's methods).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "pytest_answerbench"

# The modules that run inside pytest: the entry point and the run's plugins (plugin.py says which is which).
PYTEST_LAYER = {"plugin", "hooks", "options", "fixtures", "collect", "run", "run_text", "progress", "timers",
                "cpuclock", "stream", "_compat"}

# Attributes that belong to pytest's, xdist's or pytest-timeout's internals (docs: pytest_answerbench/_compat.py).
PRIVATE_ATTRIBUTES = {"_fixturemanager", "_traceback_filter", "_getframe", "_current_frames", "collectonly",
                      "tbstyle", "reportchars", "xmlpath", "fulltrace", "workerinput", "gateway", "make_reltoroot",
                      "PyThreadState_SetAsyncExc", "timeout_sigalrm", "timeout_timer", "answerbench"}

DEFERRED = "deferred for start-up cost"


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, deferred for start-up cost) for every import statement of a module."""
    path = MODULES[name]
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_function.update(id(inner) for inner in ast.walk(node) if inner is not node)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # ``from . import scorers`` imports a module; ``from .spec import X`` imports spec
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
                       for alias in node.names]
        else:
            continue
        deferred = id(node) in in_function and _marked(lines, node.lineno, node.end_lineno or node.lineno)
        out.extend((target, node.lineno, deferred) for target in targets)
    return out


def _marked(lines: list[str], first: int, last: int) -> bool:
    """Does the import on lines first..last (1-based), or the block of imports it ends, carry the marker on its
    own lines or on the line above the block?"""
    start = first - 1
    while start > 0 and lines[start - 1].strip().startswith(("from ", "import ")):
        start -= 1
    return any(DEFERRED in line for line in lines[max(start - 1, 0): last])


def _short(name: str) -> str:
    return name.removeprefix("pytest_answerbench.")


@pytest.mark.parametrize("name", sorted(MODULES), ids=_short)
def test_only_the_pytest_layer_imports_pytest_and_only_compat_imports_its_internals(name: str):
    imported = {target.split(".")[0] for target, _, _ in _imports(name)}
    if _short(name) != "_compat":
        assert "_pytest" not in imported and "pytest_timeout" not in imported
    if _short(name) not in PYTEST_LAYER:
        assert "pytest" not in imported


@pytest.mark.parametrize("name", sorted(f"pytest_answerbench.{m}" for m in PYTEST_LAYER - {"_compat"}), ids=_short)
def test_private_internals_are_reached_only_through_compat(name: str):
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and not (isinstance(node.value, ast.Name) and node.value.id == "_compat")}
    assert not used & PRIVATE_ATTRIBUTES


@pytest.mark.parametrize("name", sorted(f"pytest_answerbench.{m}" for m in PYTEST_LAYER), ids=_short)
def test_every_import_inside_a_function_of_the_pytest_layer_says_why(name: str):
    """A reader can tell an import deferred for start-up cost from one that hides a cycle (there are none:
    tests/unit/test_module_paths.py checks the whole package, imports inside functions included)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = [node for func in ast.walk(tree) if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
             for node in ast.walk(func) if isinstance(node, ast.ImportFrom) and node.level]
    unexplained = [node.lineno for node in inner
                   if not any(t for t, line, deferred in _imports(name) if line == node.lineno and deferred)]
    assert unexplained == []


def test_the_checks_see_imports_inside_functions():
    """The parser finds the plugin's deferred imports (so the checks above read function bodies too)."""
    plugin = {(target, deferred) for target, _, deferred in _imports("pytest_answerbench.plugin")}
    assert ("pytest_answerbench.run", True) in plugin and ("pytest_answerbench.run", False) not in plugin
    assert ("pytest_answerbench.options", False) in plugin  # the module-level import


# The run's plugins, as the pytest layer names the objects (attribute or variable) -> the module that owns them.
PLUGINS = {"collection": "collect", "scoring": "fixtures", "run": "run", "timers": "timers", "clock": "cpuclock"}
# Methods that change the object they are called on (a list's, a dict's, a set's).
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "add",
            "discard", "sort", "reverse"}


def test_run_reads_no_input_file_itself():
    """run.py asks ``Collection.plan`` (inputs.InputPlan) for rows and figures: it imports neither the readers nor
    the planner (nor any other part of inputs/)."""
    imported = {target for target, _, _ in _imports("pytest_answerbench.run")}
    assert not {t for t in imported if t.startswith("pytest_answerbench.inputs")}
    assert "pytest_answerbench.readers" not in imported and "pytest_answerbench.gold" not in imported


def _chain(node: ast.AST) -> list[str]:
    """``a.b.c`` (through subscripts and calls) as ["a", "b", "c"]."""
    out: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            out.append(node.attr)
            node = node.value
        elif isinstance(node, (ast.Subscript, ast.Call)):
            node = node.value if isinstance(node, ast.Subscript) else node.func
        elif isinstance(node, ast.Name):
            out.append(node.id)
            return out[::-1]
        else:
            return out[::-1]


def _foreign_writes(module: str, tree: ast.AST) -> list[str]:
    """Where a module assigns to, deletes or mutates an attribute reached through another module's plugin."""
    def foreign(chain: list[str]) -> bool:
        return any(PLUGINS.get(part, module) != module for part in chain[:-1])

    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            targets = [node.func.value]
        for target in targets:
            chain = _chain(target) + ([node.func.attr] if isinstance(node, ast.Call) else [])
            if isinstance(target, (ast.Attribute, ast.Subscript)) or isinstance(node, ast.Call):
                if foreign(chain):
                    found.append(f"{module}.py:{node.lineno}: {'.'.join(chain)}")
    return found


@pytest.mark.parametrize("name", sorted(f"pytest_answerbench.{m}" for m in PYTEST_LAYER), ids=_short)
def test_no_plugin_writes_another_plugin_s_attributes(name: str):
    """``collection.duplicates.clear()``, ``collection.progress = ...`` from run.py: state of one plugin changed
    by another behind its back. The owner offers a method instead (``Collection.show_progress``, ...)."""
    short = _short(name)
    assert _foreign_writes(short, ast.parse(MODULES[name].read_text(encoding="utf-8"))) == []


def test_the_foreign_write_check_sees_writes():
    code = ("self.collection.progress = 1\ncollection.duplicates.clear()\nself.collection.scored[k] = 2\n"
            "self.collection.show_progress(1)\nself.records.clear()\ncollection.plan.rows(p)\n")
    assert sorted(w.split(": ")[1] for w in _foreign_writes("run", ast.parse(code))) == [
        "collection.duplicates.clear", "self.collection.progress", "self.collection.scored"]
    assert _foreign_writes("collect", ast.parse(code)) == []
