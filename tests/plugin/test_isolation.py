"""isolation: process — a row stuck in C code is killed within its budget and the other rows finish."""

from __future__ import annotations

import resource

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_ISOLATION, BENCH_REPORT

SCORER = """
import os
from pytest_answerbench import Verdict

CALLS = []

def warm_up():
    CALLS.append("warm")

def score(row, ctx):
    if row["prediction"] == "HANG":
        sum(range(10 ** 11))   # minutes of C code that no signal interrupts
    return Verdict.graded(row["prediction"] == row["answer"], extracted=row["prediction"], method="exact",
                          extra={"pid": os.getpid(), "warm": list(CALLS)})
"""


@pytest.fixture
def bench(bench_env):
    (bench_env.path / "c_scorer.py").write_text(SCORER)
    (bench_env.path / "c.yaml").write_text(
        "name: c_bench\nscorer: c_scorer:score\nrequired: [prediction, answer]\ntimeout: 2\n"
        "isolation: process\ncache_verdicts: true\n")
    rows = [{"id": i, "prediction": "4", "answer": "4"} for i in range(6)]
    rows[2]["prediction"] = "HANG"
    rows[4]["prediction"] = "5"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    return bench_env


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_a_row_stuck_in_c_is_killed_and_the_rest_finish(bench):
    started = _children_cpu()
    result = bench.runpytest_subprocess(BENCH, "c.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    # CPU, not wall time (a busy machine makes the run wait for a core): the stuck row alone would spend minutes
    assert _children_cpu() - started < 60, "the runaway row must not hold the run"
    result.assert_outcomes(passed=4, failed=2)
    report = load_report(bench)
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses == {"0": "correct", "1": "correct", "2": "timeout", "3": "correct", "4": "wrong", "5": "correct"}
    timeout_row = [r for r in report["rows"] if r["id"] == "2"][0]
    # the parent's own budget ends the row (1.8 s), or on a busy machine pytest-timeout's limit (2 s) lands first:
    # either way the child is killed and replaced (the pids below)
    assert ("process was replaced" in timeout_row["detail"]
            or "exceeded its time limit (2s)" in timeout_row["detail"]), timeout_row["detail"]
    pids = {r["id"]: r["extra"].get("pid") for r in report["rows"] if r["status"] != "timeout"}
    assert pids["0"] != pids["4"], "a new child process scores the rows after the killed one"
    assert all(r["extra"]["warm"] == ["warm"] for r in report["rows"] if r["status"] != "timeout"), \
        "children start warm: warm_up ran in the parent before the fork"


def test_identical_rows_share_one_verdict(bench):
    bench.runpytest_subprocess(BENCH, "c.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    rows = {r["id"]: r for r in load_report(bench)["rows"]}
    # rows 0, 1, 3 and 5 differ only by id: scored once (same child pid recorded in the shared verdict)
    assert rows["0"]["extra"] == rows["1"]["extra"]
    assert rows["5"]["extra"] == rows["0"]["extra"]


def test_isolation_can_be_switched_off_from_the_command_line(bench):
    (bench.path / "preds.jsonl").write_text('{"id": 1, "prediction": "4", "answer": "4"}\n')
    bench.runpytest_subprocess(BENCH, "c.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                               BENCH_ISOLATION, "none")
    import os

    row = load_report(bench)["rows"][0]
    assert row["status"] == "correct" and row["extra"]["pid"] != os.getpid()
    assert row["extra"]["warm"] == [], "in-process scoring does not call warm_up"


def test_the_row_after_a_stopped_one_scores_normally(bench):
    """A row stopped by its limit leaves the child busy with it; the next row, which takes milliseconds, was
    sent to the dying child (``the scoring process died (ConnectionResetError)``). The replacement is started
    when the stopped row ends, so every cheap row after a stopped one is scored."""
    rows = [{"id": i, "prediction": "HANG" if i % 2 else str(i), "answer": str(i)} for i in range(8)]
    write_jsonl(bench.path / "preds.jsonl", rows)
    bench.runpytest_subprocess(BENCH, "c.yaml", "preds.jsonl", BENCH_REPORT, "report.json", "--timeout", "1")
    statuses = [r["status"] for r in load_report(bench)["rows"]]
    assert statuses == ["correct", "timeout"] * 4


def _c_scorer_process(bench, monkeypatch):
    from pytest_answerbench.pool import ScoringProcess
    from pytest_answerbench.spec import resolve_benchmark

    monkeypatch.syspath_prepend(str(bench.path))
    return ScoringProcess(resolve_benchmark(str(bench.path / "c.yaml")), "default")


class _Outer(BaseException):
    """What pytest-timeout's failure is to the scoring process: a BaseException from a SIGALRM handler."""


def _raise_outer(signum, frame):  # noqa: ARG001 - signal handler signature
    raise _Outer()


def test_an_outer_limit_landing_while_the_parent_waits_leaves_a_fresh_process_for_the_next_row(bench,
                                                                                               monkeypatch):
    import signal

    pool = _c_scorer_process(bench, monkeypatch)
    previous = signal.signal(signal.SIGALRM, _raise_outer)
    try:
        first = pool.score({"id": 0, "prediction": "4", "answer": "4"}, "0", None)
        stuck_pid = first.extra["pid"]
        signal.setitimer(signal.ITIMER_REAL, 0.5)  # the outer timer fires while the child is stuck in C
        with pytest.raises(_Outer):
            pool.score({"id": 1, "prediction": "HANG", "answer": "4"}, "1", None)
        assert pool._proc is not None and pool._proc.is_alive(), "the replacement is started before the next row"
        after = pool.score({"id": 2, "prediction": "4", "answer": "4"}, "2", 30)
        assert (after.status, after.method) == ("correct", "exact")
        assert after.extra["pid"] != stuck_pid and pool.restarts == 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        pool.close()


def test_a_row_whose_reply_was_never_read_gets_a_fresh_process(bench, monkeypatch):
    """Whatever interrupted the parent between sending a row and reading its reply, the next row must not read
    that reply as its own."""
    pool = _c_scorer_process(bench, monkeypatch)
    try:
        pool.score({"id": 0, "prediction": "4", "answer": "4"}, "0", None)
        pool._pending = True
        pool._conn.send(({"id": 9, "prediction": "9", "answer": "0"}, "9"))  # a reply nobody read
        verdict = pool.score({"id": 1, "prediction": "4", "answer": "4"}, "1", 30)
        assert (verdict.status, verdict.extracted) == ("correct", "4")
    finally:
        pool.close()
