"""Module paths: the public imports work without a warning, the paths of before the package was cut up are gone
(nothing was released under them), and the modules import each other without cycles."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "pytest_answerbench"

# Paths of modules that were split before any release; nothing may bring them back.
OLD_PATHS = ["pytest_answerbench.session", "pytest_answerbench.results", "pytest_answerbench.compare",
             "pytest_answerbench.gate", "pytest_answerbench.stats", "pytest_answerbench.render",
             "pytest_answerbench.judge_api", "pytest_answerbench._deprecated", "pytest_answerbench.readers",
             "pytest_answerbench.gold"]


def test_the_old_module_paths_are_gone_and_nothing_imports_them():
    modules = _modules()
    assert [old for old in OLD_PATHS if old in modules] == []
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}" for name, (path, is_package) in modules.items()
             for module, _, line in _imports(name, path, is_package, set(modules)) if module in OLD_PATHS]
    assert found == []


@pytest.mark.parametrize(("package", "name"), [("pytest_answerbench.report", "summary_lines"),
                                               ("pytest_answerbench.judge", "cache_key"),
                                               ("pytest_answerbench.judge", "no_such_name")])
def test_a_package_answers_no_name_of_the_module_it_replaced(package, name):
    with pytest.raises(AttributeError, match=f"no attribute '{name}'"):
        getattr(importlib.import_module(package), name)


def test_the_openai_judge_is_still_offered_by_the_judge_package_but_loaded_on_use():
    code = textwrap.dedent("""
        import sys, warnings
        warnings.simplefilter("error", DeprecationWarning)
        import pytest_answerbench.judge
        assert "pytest_answerbench.judge.openai" not in sys.modules
        from pytest_answerbench.judge import OpenAIJudge
        from pytest_answerbench.judge.openai import OpenAIJudge as same
        assert OpenAIJudge is same
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert done.stdout.strip() == "ok", done.stderr


def test_the_public_imports_work_without_a_warning():
    code = textwrap.dedent("""
        import warnings
        warnings.simplefilter("error", DeprecationWarning)
        from pytest_answerbench import (BenchmarkSpec, ScoreContext, SpecError, Verdict, __version__,
                                        list_benchmarks, load_spec, resolve_benchmark, score_row, score_rows)
        from pytest_answerbench.judge import (Judge, JudgeError, JudgeFatalError, JudgeReply, JudgeRequest,
                                              JudgeTally, ScriptedJudge, ask_judge)
        from pytest_answerbench import strategies
        from pytest_answerbench._version import __version__ as version
        assert __version__ == version
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert done.stdout.strip() == "ok", done.stderr


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def _imports(name: str, path: Path, is_package: bool, known: set[str]) -> list[tuple[str, str | None, int]]:
    """(module, name imported from it or None, line) for every import in the file, inside functions too."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[: None if is_package else -1]
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                out.append((sub, None, node.lineno) if sub in known else (module, alias.name, node.lineno))
    return out


def test_no_import_cycle():
    """Imports inside functions count: a cycle they hide still ties the modules' initialisation together."""
    modules = _modules()
    edges = {name: {module for module, _, _ in _imports(name, path, is_package, set(modules)) if module in modules}
             for name, (path, is_package) in modules.items()}
    assert _strongly_connected(edges) == []


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iteratively: the cycles (components of two or more modules, or a self-import)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
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
                    if len(component) > 1 or node in edges[node]:
                        out.append(sorted(component))
    return out


def test_number_words_and_lengths_are_tabled_once():
    """The English number words and the metres per length unit are written in ``text/`` only (PolyhedronEvaluator
    keeps the reference's own number words); readers take their tables from there."""
    import pytest_answerbench
    from pytest_answerbench.choice import values
    from pytest_answerbench.maths import normalize
    from pytest_answerbench.scorers import omni3d
    from pytest_answerbench.text import numbers, units

    package = Path(pytest_answerbench.__file__).parent
    allowed = {package / "text" / "numbers.py", package / "text" / "units.py",
               package / "scorers" / "polyhedron" / "text.py"}
    copies = [str(path.relative_to(package)) for path in package.rglob("*.py") if path not in allowed
              and any(marker in path.read_text(encoding="utf-8") for marker in ("eighteen nineteen", "0.3048"))]
    assert copies == []
    assert normalize._TENS is numbers.TENS and values._TENS is numbers.TENS and omni3d._TENS is numbers.TENS
    assert omni3d._METRES["ft"] == float(units.METRES["ft"])


def _parameters(path: Path) -> set[str]:
    """Every parameter name of every function in the file."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            out |= {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    return out


def test_each_scorer_package_follows_one_profile_convention():
    """``scorers/__init__.py``: a package splits its profiles into ``upstream.py`` and ``default.py`` (both, never
    importing each other; what both use is in a private module) or threads a ``fixed`` flag, not both."""
    scorers = PACKAGE / "scorers"
    modules = _modules()
    split, flagged = [], []
    for folder in sorted(p.parent for p in scorers.glob("*/__init__.py")):
        name = f"pytest_answerbench.scorers.{folder.name}"
        profiles = {f for f in ("upstream", "default") if (folder / f"{f}.py").exists()}
        assert profiles in (set(), {"upstream", "default"}), f"{folder.name}: {sorted(profiles)} without its pair"
        uses_flag = any("fixed" in _parameters(path) for path in folder.glob("*.py"))
        if profiles:
            assert not uses_flag, f"{folder.name} has upstream/default modules and a fixed flag"
            for own, other in (("upstream", "default"), ("default", "upstream")):
                path = folder / f"{own}.py"
                imported = {m for m, _, _ in _imports(f"{name}.{own}", path, False, set(modules))}
                assert f"{name}.{other}" not in imported, f"{folder.name}/{own}.py imports {other}.py"
            split.append(folder.name)
        elif uses_flag:
            flagged.append(folder.name)
    # The lists in scorers/__init__.py and docs/architecture.md.
    assert split == ["atomic", "crag_mm", "imo", "olympiad"]
    assert flagged == ["megabench", "polyhedron"]
