"""Start-up pays only for what a run uses: regular expressions are compiled on first use
(``text/patterns.py``), and the judge's client (openai and its HTTP stack) loads only when a judge is configured.

These tests check what is imported and compiled, never how long it takes (tools/perf.py prints the times).
"""

from __future__ import annotations

import copy
import json
import pickle
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import mc_row, write_jsonl
from pytest_answerbench.judge.testing import FakeOpenAIServer, verdict_by_token
from pytest_answerbench.options import BENCH, BENCH_JUDGE_BASE_URL, BENCH_JUDGE_CACHE, BENCH_JUDGE_MODEL
from pytest_answerbench.text.patterns import LazyPattern, lazy_compile

ROOT = Path(__file__).resolve().parents[2]

# Modules still compiling their patterns at import: other work was editing them when the rest of the package
# was converted. Remove each name once its module uses lazy_compile (the test below then holds it to that).
PENDING: set[str] = set()

# Lazy patterns a module uses while it is imported (to build a table), so compiled by the end of the import.
USED_AT_IMPORT = {
    r"(?<!\\)(?:\\\\)*[A-Z]",  # choice/scan.py checks each rule's pattern is written in lower case
    r"[^\w]+",  # choice/normalize.py stems its word tables
}

# The judge's client and the HTTP stack under it (openai's own dependencies).
JUDGE_STACK = ("openai", "httpx", "httpx2", "httpcore", "pydantic")


def _run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


# --- the lazy pattern behaves as the compiled one -------------------------------------------------------------

def test_a_lazy_pattern_answers_as_the_compiled_pattern_and_compiles_on_first_use():
    source, flags = r"(?P<word>[a-z]+)\s*=\s*(\d+)", re.IGNORECASE
    lazy, real = lazy_compile(source, flags), re.compile(source, flags)
    assert not lazy.is_compiled
    assert lazy.pattern == real.pattern and lazy.flags == real.flags  # read without compiling
    assert not lazy.is_compiled
    text = "X = 1, yy=22 and Z =333"
    assert lazy.search(text).group("word") == real.search(text).group("word") == "X"
    assert lazy.is_compiled
    assert lazy.findall(text) == real.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub(r"\2", text) == real.sub(r"\2", text)
    assert lazy.split(text) == real.split(text)
    assert lazy.fullmatch("a=1") is not None and lazy.match(" a=1") is None
    assert lazy.groupindex == real.groupindex and lazy.groups == real.groups
    assert lazy.compiled() is lazy.compiled() and lazy == real and lazy == lazy_compile(source, flags)
    assert re.sub(lazy.compiled(), "-", "a=1") == "-"


@pytest.mark.parametrize(("source", "flags"), [("a", 0), ("a", re.I), ("(?i)a", 0), ("a", re.A | re.I),
                                               ("(?x) a b", re.M), ("a(?i:b)", 0), (b"ab", re.I), (b"(?s)a.", 0)])
def test_a_lazy_patterns_flags_are_the_compiled_patterns(source, flags):
    assert lazy_compile(source, flags).flags == re.compile(source, flags).flags


def test_a_lazy_pattern_survives_copy_and_pickle_uncompiled_and_reports_a_bad_pattern_on_first_use():
    lazy = lazy_compile(r"\d+", re.ASCII)
    for other in (copy.copy(lazy), copy.deepcopy(lazy), pickle.loads(pickle.dumps(lazy))):
        assert isinstance(other, LazyPattern) and not other.is_compiled and other == lazy
        assert other.findall("a1b22") == ["1", "22"]
    assert not lazy.is_compiled
    bad = lazy_compile("(unclosed")
    with pytest.raises(re.error):
        bad.search("x")


# --- the package compiles nothing at import -------------------------------------------------------------------

def test_importing_the_plugin_and_every_module_compiles_no_pattern_outside_the_pending_modules():
    """Every module of the package imported (the plugin first, as pytest does): the only regular expressions
    compiled on the way are those of the modules not converted yet and the few a module uses while it loads."""
    out = _run_python("""
        import gc, importlib, json, pkgutil, re, sys
        callers = set()
        original = re._compile
        def watch(pattern, flags):
            frame = sys._getframe(1)
            while frame is not None and frame.f_globals.get("__name__", "").partition(".")[0] == "re":
                frame = frame.f_back
            callers.add(frame.f_globals.get("__name__", "") if frame is not None else "")
            return original(pattern, flags)
        re._compile = watch
        import pytest_answerbench.plugin
        import pytest_answerbench
        for info in pkgutil.walk_packages(pytest_answerbench.__path__, "pytest_answerbench."):
            importlib.import_module(info.name)
        re._compile = original
        from pytest_answerbench.text.patterns import LazyPattern
        lazies = [o for o in gc.get_objects() if isinstance(o, LazyPattern)]
        print(json.dumps({"callers": sorted(c for c in callers if c.startswith("pytest_answerbench")),
                          "lazy": len(lazies), "compiled": sorted({o.pattern for o in lazies if o.is_compiled})}))
    """)
    found = json.loads(out)
    assert found["lazy"] > 300  # the converted modules' patterns, found
    # text.patterns compiles its own inline-flag check, and the lazy patterns below when they are first used
    assert set(found["callers"]) - PENDING <= {"pytest_answerbench.text.patterns"}
    assert set(found["compiled"]) <= USED_AT_IMPORT


def test_every_lazy_pattern_of_the_package_compiles():
    """A lazy pattern with a syntax error would fail on its first use, in some user's row: none has one."""
    out = _run_python("""
        import gc, importlib, json, pkgutil, re
        import pytest_answerbench
        for info in pkgutil.walk_packages(pytest_answerbench.__path__, "pytest_answerbench."):
            importlib.import_module(info.name)
        from pytest_answerbench.text.patterns import LazyPattern
        bad = []
        lazies = [o for o in gc.get_objects() if isinstance(o, LazyPattern)]
        for lazy in lazies:
            try:
                lazy.compiled()
            except re.error as exc:
                bad.append(f"{lazy.pattern!r}: {exc}")
        print(json.dumps({"checked": len(lazies), "bad": bad}))
    """)
    found = json.loads(out)
    assert found["checked"] > 300 and found["bad"] == []


# --- the judge's client loads only for a judged run -----------------------------------------------------------

RECORD_MODULES = f"""
import json, sys

def pytest_sessionfinish(session):
    with open("modules.json", "w") as fh:
        json.dump(sorted(m for m in {JUDGE_STACK!r} if m in sys.modules), fh)
"""


def _crag_rows(n: int) -> list[dict]:
    return [{"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "is_ego": True,
             "query": f"What is item {i}?", "ground_truth": f"TRUTH-{i}", "agent_response": f"TRUTH-{i}"}
            for i in range(n)]


def test_a_run_without_a_judge_imports_no_judge_client_and_a_judged_run_does(bench_env, monkeypatch):
    """Multiple choice, and CRAG-MM (a benchmark that can be judged) run without a judge, load neither openai
    nor its HTTP stack; the same CRAG-MM rows judged by a local server do (so the check can see them)."""
    bench_env.makeconftest(RECORD_MODULES)
    write_jsonl(bench_env.path / "mc.jsonl", [mc_row(i, "(B)") for i in range(3)])
    write_jsonl(bench_env.path / "crag.jsonl", _crag_rows(3))

    def loaded(*args: str) -> list[str]:
        result = bench_env.runpytest_subprocess(*args)
        assert result.ret == pytest.ExitCode.OK, result.stdout.str()
        return json.loads((bench_env.path / "modules.json").read_text())

    assert loaded(BENCH, "vmcbench_dev", "mc.jsonl") == []
    assert loaded(BENCH, "crag_mm", "crag.jsonl", "--bench-profile", "upstream") == []
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test")
    server = FakeOpenAIServer(verdict_by_token(r"TRUTH-\d+"))
    try:
        judged = loaded(BENCH, "crag_mm", "crag.jsonl", BENCH_JUDGE_MODEL, "local-judge", BENCH_JUDGE_BASE_URL,
                        server.base_url, BENCH_JUDGE_CACHE, "off")
    finally:
        server.close()
    assert "openai" in judged


# --- a benchmark asked for by name reads its own definition only ----------------------------------------------

def test_a_benchmark_named_by_its_name_reads_only_its_own_definition_and_an_alias_still_resolves():
    out = _run_python("""
        import json
        from pytest_answerbench import spec
        by_name = spec.resolve_benchmark("olympiad")
        index_after_name = spec._builtin_index.cache_info().currsize
        by_alias = spec.resolve_benchmark("OlympiadBench")
        print(json.dumps([by_name.name, index_after_name, by_alias.name, by_alias is by_name,
                          spec._builtin_index.cache_info().currsize]))
    """)
    assert json.loads(out) == ["olympiad", 0, "olympiad", True, 1]


# --- a pytest run without --bench loads the option registration only ----------------------------------------

RUN_ONLY = ("pytest_answerbench.api", "pytest_answerbench.report.build", "pytest_answerbench.inputs",
            "pytest_answerbench.choice", "pytest_answerbench.maths", "pytest_answerbench.run", "yaml", "sympy",
            "openai")


def test_a_plain_pytest_run_loads_none_of_what_a_bench_run_uses(bench_env):
    """The plugin is installed (its options are registered, ``--bench`` is offered) but a run of ordinary tests
    loads neither the library API, the report builder, the readers, nor SymPy, YAML or openai; the library's
    names still resolve from the package on first use."""
    bench_env.makeconftest(f"""
        import json, sys

        def pytest_sessionfinish(session):
            loaded = sorted(m for m in {RUN_ONLY!r} if m in sys.modules)
            import pytest_answerbench, pytest_answerbench.report as report
            names = [pytest_answerbench.score_row.__module__, report.build_report.__module__]
            with open("modules.json", "w") as fh:
                json.dump([loaded, names], fh)
    """)
    bench_env.makepyfile(test_plain="def test_one():\n    assert 1 + 1 == 2\n")
    result = bench_env.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    loaded, names = json.loads((bench_env.path / "modules.json").read_text())
    assert loaded == []
    assert names == ["pytest_answerbench.api", "pytest_answerbench.report.build"]
