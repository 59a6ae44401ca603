"""isolation: process — a row stuck in C code is killed within its budget and the other rows finish."""

from __future__ import annotations

import time

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


def test_a_row_stuck_in_c_is_killed_and_the_rest_finish(bench):
    started = time.monotonic()
    result = bench.runpytest_subprocess(BENCH, "c.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    elapsed = time.monotonic() - started
    assert elapsed < 60, "the runaway row must not hold the run"
    result.assert_outcomes(passed=4, failed=2)
    report = load_report(bench)
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses == {"0": "correct", "1": "correct", "2": "timeout", "3": "correct", "4": "wrong", "5": "correct"}
    timeout_row = [r for r in report["rows"] if r["id"] == "2"][0]
    assert "process was replaced" in timeout_row["detail"]
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
