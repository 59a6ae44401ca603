"""Bad cells end as errors that name them (issue 14, section 3): a prediction that is a JSON object or array is
not text, and is never scored as its Python repr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench import score_row
from pytest_answerbench.options import BENCH, BENCH_REPORT


@pytest.mark.parametrize("profile", ["default", "upstream"])
def test_a_prediction_object_or_array_is_an_error_naming_the_field(bench_env, profile):
    """Before: {"text": "Paris"} was turned into the text "{'text': 'Paris'}" and scored. (CRAG-MM rather than a
    SymPy benchmark: an in-process olympiad run leaves SymPy state that fails tests/unit/test_atomic.py after it.)"""
    turn = {"session_id": "s", "turn_idx": 0, "query": "Capital of France?", "ground_truth": "Paris"}
    write_jsonl(bench_env.path / "preds.jsonl", [
        {**turn, "interaction_id": "obj", "agent_response": {"text": "Paris"}},
        {**turn, "interaction_id": "arr", "agent_response": [{"text": "Paris"}]},
        # a list of texts is k samples of its row (issue 25), not an error
        {**turn, "interaction_id": "resps", "agent_response": ["Paris"]},
        {**turn, "interaction_id": "txt", "agent_response": "Paris"},
    ])
    result = bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", "--bench-profile",
                                 profile, "--bench-no-judge")  # no judge, on purpose: scored without one
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    rows = {r["id"]: r for r in load_report(bench_env)["rows"]}
    assert rows["txt"]["status"] == "correct"  # text is scored as before (an exact match)
    assert rows["obj"]["status"] == rows["arr"]["status"] == "error"
    assert rows["obj"]["detail"] == "field 'agent_response' is a JSON object, not text or a number"
    assert rows["arr"]["detail"] == "field 'agent_response' is a JSON array, not text or a number"
    assert rows["resps[s1]"]["status"] == "correct" and rows["resps[s1]"]["question_id"] == "resps"


def test_the_library_api_says_the_same_for_the_benchmark_s_own_field():
    row = {"session_id": "s", "interaction_id": "i", "turn_idx": 0, "query": "q", "ground_truth": "x",
           "agent_response": {"text": "x"}}
    verdict = score_row("crag_mm", row)
    assert verdict.status == "error" and verdict.method == "bad-prediction"
    assert "'agent_response' is a JSON object" in verdict.detail


# --- every row ends within its limit: a judged atomic run over SymPy-hostile answers ----------------------

SLOW = ["\\boxed{e^{e^{e^{e^{100}}}}}"]  # costs the maths engine its whole 10 s step limit
# Below that step limit, so the slow row is a timeout; far above what a cheap row needs even on a machine busy
# enough (load 38 on 2 cores) that a 2 s limit stopped a cheap row.
LIMIT = 8


def test_judged_sympy_rows_each_end_within_their_limit(bench_env, monkeypatch):
    """Before: the first row listed the judge requests of the next 64 rows (SymPy for each) in its own time,
    was stopped by its limit, and the next row started the same listing again: every row ended as a timeout
    after its full limit (4 rows in 14 minutes under a 120 s limit). Now the listing spends at most a fifth of
    a row's budget and never lists a row twice; SymPy is imported before it."""
    from pytest_answerbench.judge.testing import FakeOpenAIServer
    from pytest_answerbench.options import BENCH_JUDGE_BASE_URL, BENCH_JUDGE_CACHE, BENCH_JUDGE_MODEL

    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-0123456789")
    cheap = [("\\boxed{2}", "2"), ("\\boxed{\\frac{1}{2}}", "0.5"), ("\\boxed{x^{10^9}}", "x^{1000000000}"),
             ("\\boxed{(x+1)^{1000000}}", "(1+x)^{1000000}"), ("\\boxed{3}", "4")]
    rows = [{"id": f"c{i}", "prediction": p, "answer": g} for i, (p, g) in enumerate(cheap)]
    rows += [{"id": f"s{i}", "prediction": p, "answer": "1"} for i, p in enumerate(SLOW)]  # listed by the cheap
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    judge = FakeOpenAIServer(lambda messages: "False")
    try:
        usage = _run_alone(bench_env, BENCH, "atomic", "preds.jsonl", BENCH_REPORT, "report.json",
                           "--timeout", str(LIMIT), BENCH_JUDGE_MODEL, "m", BENCH_JUDGE_BASE_URL, judge.base_url,
                           BENCH_JUDGE_CACHE, "off")
    finally:
        judge.close()
    status = {r["id"]: r["status"] for r in load_report(bench_env)["rows"]}
    assert len(status) == len(rows)
    assert [status[f"s{i}"] for i in range(len(SLOW))] == ["timeout"] * len(SLOW)
    assert all(status[f"c{i}"] in ("correct", "wrong") for i in range(len(cheap))), status
    # the slow row at its limit, the others quick, plus start-up (SymPy's import): a real subprocess that imports
    # SymPy and works out one row's limit. CPU, not wall time: on a busy machine the run waits for a core, and
    # its rows end on their (wall) limits sooner in CPU terms. Before the fix every row spent its whole limit.
    assert usage["cpu"] < len(SLOW) * LIMIT + 15
    assert usage["maxrss"] < 600 * 1024  # KiB: no run-away memory


def _run_alone(pytester, *args: str) -> dict:
    """pytest ARGS in a child of a fresh driver process: that child's own CPU seconds and peak memory (KiB), not
    the worker's. ``RUSAGE_CHILDREN`` in the xdist worker holds the largest peak of every child it waited for, and a
    child forked from the worker starts its peak at the worker's size (Linux carries it across ``exec``): a worker
    grown to 1.7 GB by other tests failed the memory bound here. The driver is small when it forks."""
    driver = textwrap.dedent("""
        import json, resource, subprocess, sys
        with open(sys.argv[1], "wb") as sink:
            done = subprocess.run([sys.executable, "-mpytest", *sys.argv[2:]], stdout=sink, stderr=subprocess.STDOUT)
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(json.dumps({"code": done.returncode, "cpu": usage.ru_utime + usage.ru_stime, "maxrss": usage.ru_maxrss}))
    """)
    out = pytester.path / "run.out"
    done = subprocess.run([sys.executable, "-c", driver, str(out), f"--basetemp={pytester.path / 'basetemp'}", *args],
                          capture_output=True, text=True, cwd=pytester.path, timeout=900,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(pytester.path),
                                                                                        os.environ.get("PYTHONPATH")]))})
    print(out.read_text(encoding="utf-8", errors="replace"))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
