"""No text from a prediction, gold or judge reply is ever evaluated as Python.

* The package's source calls no evaluator (``eval``, ``exec``, ``compile``, ``sympify``, ``parse_expr``, ``S``,
  ``lambdify``, ``__import__``) outside a short, reviewed allow-list.
* Payloads (``strategies.python_payloads`` with a canary file) in every built-in benchmark's prediction and
  gold fields, in both profiles, through ``score_row`` and through a ``--bench`` run, never run: the canary is
  never created, the sentinel never set, and no file outside the test's temp folder changes.
* SymPy's ``parse_expr`` is reproduced without ``eval`` (``pyexpr.py``), value for value on ordinary input; the
  LaTeX converter's number tokens are read without ``sympify``; the process guard refuses evaluation while a
  built-in scorer runs.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from collections import namedtuple
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pytest_answerbench
from pytest_answerbench import list_benchmarks, score_row
from pytest_answerbench.evalguard import EvaluationRefused, guarded
from pytest_answerbench.pyexpr import NotReproducible, TooLarge, parse_expr_safely, sympify_text_safely
from pytest_answerbench.spec import builtin_dir, builtin_specs
from pytest_answerbench.strategies import python_payloads
from pytest_answerbench.verdict import STATUSES

PACKAGE = Path(pytest_answerbench.__file__).parent
REPO = PACKAGE.parent

# ---------------------------------------------------------------------------------------------------------
# 1. The source: evaluator calls only where reviewed.

EVALUATOR_NAMES = {"eval", "exec", "compile", "sympify", "parse_expr", "S", "lambdify", "__import__"}
EVALUATOR_ATTRIBUTES = {"eval", "exec", "sympify", "parse_expr", "lambdify", "eval_expr", "S"}
# (file relative to the package, callee): why it is safe. Keep this list short; every entry is reviewed.
ALLOWED: dict[tuple[str, str], str] = {
    ("scorers/megabench/_sandbox_child.py", "exec"): "MEGA-Bench program_judge: the model's program, by design, "
    "only with the benchmark option allow_code_execution, in a limited child process inside bubblewrap "
    "(pytest_answerbench/sandbox.py; tests/plugin/test_sandbox.py, tests/plugin/test_megabench_more.py::test_sandbox_limits_hold)",
}


def _evaluator_calls() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (func.id if isinstance(func, ast.Name) and func.id in EVALUATOR_NAMES else
                    func.attr if isinstance(func, ast.Attribute) and func.attr in EVALUATOR_ATTRIBUTES else None)
            if name is not None:
                found.append((path.relative_to(PACKAGE).as_posix(), node.lineno, name))
    return found


def test_the_package_calls_no_python_evaluator_outside_the_reviewed_list():
    unreviewed = [f"{file}:{line}: {name}(" for file, line, name in _evaluator_calls()
                  if (file, name) not in ALLOWED]
    assert unreviewed == [], "evaluator calls not on the reviewed allow-list:\n" + "\n".join(unreviewed)


def test_the_source_scan_finds_an_evaluator_call(tmp_path, monkeypatch):
    """The scan itself works: a module calling sympify and eval is reported (so an empty result means something)."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.py").write_text("import sympy\ndef f(t):\n    return sympy.sympify(t) or eval(t)\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert _evaluator_calls() == [("m.py", 3, "sympify"), ("m.py", 3, "eval")]


# ---------------------------------------------------------------------------------------------------------
# 2. Payloads through every built-in benchmark.

SENTINEL = "answerbench_no_eval_sentinel"
ATTRIBUTE = "hit"
sys.modules.setdefault(SENTINEL, type(sys)(SENTINEL))
BENCHMARKS = sorted(b["name"] for b in list_benchmarks())


def _templates(name: str) -> list[dict]:
    """The benchmark's shipped sample rows (all of them: each eval_type / answer type / metric is a path)."""
    sample = builtin_dir() / name / "sample.jsonl"
    return [json.loads(line) for line in sample.read_text(encoding="utf-8").splitlines() if line.strip()]


def _injected(name: str, template: dict, payload: str, where: str) -> dict:
    spec = builtin_specs()[name]
    row = dict(template)
    if where in ("prediction", "both"):
        row[spec.prediction_field] = payload
    if where in ("gold", "both"):
        for field in spec.gold_field:
            if field in row:
                row[field] = payload
    return row


def _snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Size and mtime of every file under ``root`` (caches and the test's own temp files left out)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", ".hypothesis", "__pycache__", ".pytest_cache")]
        for f in filenames:
            p = os.path.join(dirpath, f)
            try:
                st_ = os.stat(p)
            except OSError:
                continue
            out[p] = (st_.st_size, st_.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def repo_before():
    return _snapshot(REPO)


def _hit(canary: Path) -> bool:
    module = sys.modules[SENTINEL]
    hit = hasattr(module, ATTRIBUTE) or canary.exists()
    if hasattr(module, ATTRIBUTE):
        delattr(module, ATTRIBUTE)
    return hit


@pytest.mark.parametrize("profile", ["upstream", "default"])
@pytest.mark.parametrize("name", BENCHMARKS)
def test_payloads_never_run_through_score_row(name, profile, tmp_path_factory, repo_before):
    canary = tmp_path_factory.mktemp("canary") / "CANARY"
    templates = _templates(name)

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(payload=python_payloads(SENTINEL, ATTRIBUTE, str(canary)), index=st.integers(0, 10_000),
           where=st.sampled_from(["prediction", "gold", "both"]))
    def check(payload, index, where):
        row = _injected(name, templates[index % len(templates)], payload, where)
        verdict = score_row(name, row, profile=profile, timeout=20)
        assert not _hit(canary), (payload, where)
        assert verdict.status in STATUSES, verdict

    check()
    assert _snapshot(REPO) == repo_before


def test_the_issue_payload_creates_no_file_in_any_polyhedron_path(tmp_path):
    """The attack reported against polyhedron: exec of chr()-encoded source, in prediction and in gold, for
    every eval type; both profiles give an error saying the text is not run."""
    canary = tmp_path / "CANARY"
    source = f"import os; os.system('touch {canary}')"
    payload = "exec(" + "+".join(f"chr({ord(c)})" for c in source) + ")"
    for eval_type in (None, "numeral", "ordered array", "unordered array"):
        for field, row in (("prediction", {"id": "x", "prediction": f"\\boxed{{{payload}}}", "answer": "1"}),
                           ("answer", {"id": "x", "prediction": "\\boxed{1}", "answer": payload})):
            if eval_type:
                row["eval_type"] = eval_type
            for profile in ("upstream", "default"):
                verdict = score_row("polyhedron", row, profile=profile)
                assert not canary.exists(), (field, eval_type, profile)
                assert verdict.status in ("error", "wrong"), verdict
                if field == "prediction" and eval_type in (None, "numeral"):
                    assert verdict.status == "error" and verdict.method == "not-evaluated", verdict
                    assert "never run" in verdict.detail


PYTEST_PAYLOADS = [
    "\\boxed{exec(" + "+".join(f"chr({ord(c)})" for c in "open('{canary}', 'w').close()") + ")}",
    "\\boxed{open('{canary}', 'w').close()}",
    "<ans>__import__('os').system('touch {canary}')</ans>",
    "Answer: exec(\"open('{canary}', 'w').close()\")",
]


@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_payloads_never_run_through_a_bench_run(pytester, profile, repo_before):
    """Every built-in benchmark, payloads in prediction and gold: a real --bench run creates no canary."""
    canary = pytester.path / "CANARY"
    for name in BENCHMARKS:
        rows = []
        for i, text in enumerate(PYTEST_PAYLOADS):
            payload = text.replace("{canary}", str(canary))
            for where in ("prediction", "gold"):
                row = _injected(name, _templates(name)[i % len(_templates(name))], payload, where)
                row[builtin_specs()[name].id_fields[0]] = f"{where}-{i}"
                rows.append(row)
        data = pytester.path / f"{name}.jsonl"
        data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        report = pytester.path / f"{name}-{profile}.json"
        result = pytester.runpytest("--bench", name, str(data), "--bench-profile", profile,
                                    "--bench-report", str(report), "-p", "no:cacheprovider",
                                    "--bench-no-judge")  # judged benchmarks scored without one, on purpose
        assert result.ret in (0, 1), (name, result.stdout.str()[-2000:])
        assert not canary.exists(), name
        written = json.loads(report.read_text(encoding="utf-8"))
        assert written["total"] == len(rows), name
    assert _snapshot(REPO) == repo_before


# ---------------------------------------------------------------------------------------------------------
# 3. parse_expr reproduced without eval; number tokens without sympify; the guard.

ORDINARY = ["x**2+1", "x^2+1", "0.[3]", "5!", "2j", "sin(x)", "f(x)", "1.5e3", "0x1F", "lambda x: x", "max(1,2)",
            "Float('1.2')", "\\frac{1}{2}", "2 3", "1_000", "E**2", "oo", "sqrt(2)/2", "(1,2)", "[1,2]", "x<1",
            "1<x<2", "Matrix([[1,2],[3,4]])", "pi/2", "3.14159", "-5", "1/3", "2*x+3*y", "Eq(x,1)", "abs(-3)",
            "a if b else c", "10%3", "7//2", "Rational(1,3)", "x[0]", "exp(1)", "log(100,10)", "Symbol('x')",
            "None", "2==2", "-x>-1", "x - (y + 1)", "3*pi/4", "2**0.5", "(x+1)*(x-1)", "{1: 2}", "N"]


def _outcome(fn, text):
    try:
        return "ok", fn(text)
    except NotReproducible as exc:
        return "not-reproduced", str(exc)
    except Exception as exc:  # the reference's parser failing is an outcome to reproduce too
        return "raised", type(exc).__name__


@pytest.mark.parametrize("text", ORDINARY)
def test_parse_expr_is_reproduced_value_for_value(text):
    from sympy import sympify
    from sympy.parsing.sympy_parser import parse_expr

    with guarded():
        ours = _outcome(parse_expr_safely, text)
        ours_sympify = _outcome(sympify_text_safely, text)
    theirs, theirs_sympify = _outcome(parse_expr, text), _outcome(sympify, text)
    assert ours[0] == theirs[0]
    assert ours_sympify[0] == theirs_sympify[0]
    if theirs[0] == "ok":
        assert (ours[1] == theirs[1]) and type(ours[1]) is type(theirs[1])
    if theirs_sympify[0] == "ok":
        assert (ours_sympify[1] == theirs_sympify[1]) and type(ours_sympify[1]) is type(theirs_sympify[1])


@pytest.mark.parametrize("text", [
    "exec(chr(105))", "open('/tmp/x', 'w')", "x.__class__", "getattr(x, 'y')", "S(1)", "sympify(x)",
    "(lambda: 1)()", "'abc'", "f(x, y=1)", "print(1)", "lambdify(x, x)", "Symbol('x').subs",
])
def test_python_the_reference_would_run_is_not_reproduced(text):
    with guarded():
        assert _outcome(parse_expr_safely, text)[0] == "not-reproduced"


def test_powers_too_large_to_compute_are_refused():
    with pytest.raises(TooLarge):
        parse_expr_safely("2**10**100")
    with pytest.raises(TooLarge):
        parse_expr_safely("pow(3, 10**9)")
    assert parse_expr_safely("2**100") == 2 ** 100


@pytest.mark.parametrize("token", ["0", "00", "007", "123", "1.5", "1.50", "0.0", "00.5", ".5", "1.",
                                   "3.14159265358979323846264338327950288", "12345678901234567890123", "1" * 5000])
def test_latex_number_tokens_are_read_as_sympy_number_reads_them(token):
    import sympy

    from pytest_answerbench.maths.parse import _number_token

    theirs = _outcome(sympy.Number, token)
    with guarded():
        ours = _outcome(lambda t: _number_token(sympy, t), token)
    assert ours[0] == theirs[0]
    if theirs[0] == "ok":
        assert ours[1] == theirs[1] and type(ours[1]) is type(theirs[1])
        assert getattr(ours[1], "_prec", None) == getattr(theirs[1], "_prec", None)
    else:
        assert ours[1] == theirs[1]


def test_the_guard_refuses_evaluation_while_scoring_and_only_then():
    import sympy

    with guarded():
        with pytest.raises(EvaluationRefused):
            sympy.sympify("1 + 1")
        with pytest.raises(EvaluationRefused):
            eval("1 + 1")  # noqa: S307 - the point of the test
        with pytest.raises(EvaluationRefused):
            sympy.sin("x")  # SymPy functions sympify a str argument
        # code generators that compile their own templates, and imports, still work
        assert namedtuple("Pair", "a b")(1, 2).a == 1
    assert sympy.sympify("1 + 1") == 2


def test_the_guard_lets_a_first_import_run(tmp_path, monkeypatch):
    (tmp_path / "answerbench_fresh_module.py").write_text("VALUE = 6 * 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with guarded():
        import answerbench_fresh_module  # noqa: F401 - imported under the guard on purpose

    assert sys.modules["answerbench_fresh_module"].VALUE == 42


def test_a_scorer_reaching_evaluation_gets_an_error_row(monkeypatch):
    """Whatever path a built-in scorer takes to eval, the row is an error naming it, never a verdict."""
    import pytest_answerbench.scorers.polyhedron as polyhedron

    def sneaky(row, ctx):
        import sympy

        return sympy.sympify(row["prediction"])

    monkeypatch.setattr(polyhedron, "score", sneaky)
    verdict = score_row("polyhedron", {"id": "1", "prediction": "1+1", "answer": "2"})
    assert verdict.status == "error" and verdict.method == "not-evaluated"
    assert "never run" in verdict.detail


def test_a_judge_request_works_under_the_guard():
    """The openai client reads type hints (typing evaluates forward references in library source) on its first
    request, which may come while a row is scored: the guard lets that through and the reply arrives."""
    from pytest_answerbench.judge import OpenAIJudge
    from pytest_answerbench.judge.testing import FakeOpenAIServer

    with FakeOpenAIServer(lambda messages: "CORRECT") as server:
        judge = OpenAIJudge("m", base_url=server.base_url, max_retries=0)
        with guarded():
            assert judge.ask([{"role": "user", "content": "is 2 the answer?"}]) == "CORRECT"


def test_the_guard_lets_sympy_read_back_the_formula_mpmath_wrote():
    """A reference's ``a.equals(b)`` goes through ``is_constant``'s random points to ``nsimplify``, which sympifies
    the formula ``mpmath.identify`` wrote for a float: text from digits and constant names, never from a row.
    Refused before, it made an IMO upstream row an error now and then (when a random point came out near a
    recognisable constant). Model text right after is still refused."""
    import sympy

    with guarded():
        assert sympy.nsimplify(sympy.Float("0.333333333333333333", 18)) == sympy.Rational(1, 3)
        assert sympy.nsimplify(sympy.Float("1.4142135623730950488", 20)) == sympy.sqrt(2)
        with pytest.raises(EvaluationRefused):
            sympy.sympify("1 + 1")
