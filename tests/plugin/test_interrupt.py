"""Interrupted and stopped runs (docs/running.md): Ctrl-C, SIGTERM and a fatal judge
error write the JSON report with ``incomplete``, the reason, and every row of the input (the unscored ones as
``not_run``); the ``complete`` gate fails. Signals go to real subprocesses, serial and ``-n 2``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import load_report, mc_row, sigint_as_a_terminal_gives, write_jsonl
from pytest_answerbench.judge.testing import FakeOpenAIServer, verdict_by_token
from pytest_answerbench.options import (BENCH, BENCH_JUDGE_BASE_URL, BENCH_JUDGE_CACHE, BENCH_JUDGE_CONCURRENCY,
                                        BENCH_JUDGE_MAX_RETRIES, BENCH_JUDGE_MODEL, BENCH_REPORT)

ROWS = 8
# Rows 0-2 are scored at once; from row 3 on each row marks that it started and sleeps (well past the signal).
SLOW_FROM_ROW_3 = """
import os, time, pytest

@pytest.fixture(scope="session")
def bench_scorer():
    def score(row):
        if row["index"] >= 3:
            with open("started", "a") as fh:
                fh.write(str(row["index"]) + "\\n")
            time.sleep(20)
        return row["prediction"] == "(" + row["answer"] + ")"
    return score
"""


def _interrupt(pytester: pytest.Pytester, sig: int, *args: str, group: bool = False) -> tuple[int, str]:
    """Run pytest in a subprocess, send ``sig`` (to its process group with ``group``, as a terminal's Ctrl-C
    does) once a slow row has started; its exit status and output."""
    pytester.makeconftest(SLOW_FROM_ROW_3)
    write_jsonl(pytester.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(ROWS)])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(Path.cwd()),
                                                                      os.environ.get("PYTHONPATH")]))}
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", BENCH, "vmcbench_dev", "preds.jsonl",
           BENCH_REPORT, "report.json", "--junitxml", "junit.xml", "--timeout", "2", *args]
    started = pytester.path / "started"
    with open(pytester.path / "out.txt", "w") as out:
        proc = subprocess.Popen(cmd, cwd=pytester.path, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True, preexec_fn=sigint_as_a_terminal_gives)
        try:
            deadline = time.monotonic() + 60
            while not (started.exists() and started.read_text()) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)
            if group:
                os.killpg(proc.pid, sig)
            else:
                proc.send_signal(sig)
            rc = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    return rc, (pytester.path / "out.txt").read_text()


def _assert_accounted(report: dict, reason: str) -> None:
    assert report["incomplete"] is True
    assert reason in report["incomplete_reason"]
    assert report["total"] == ROWS == len(report["rows"])
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert set(statuses) == {str(i) for i in range(ROWS)}
    assert {statuses[str(i)] for i in range(3)} == {"correct"}
    assert {statuses[str(i)] for i in range(3, ROWS)} == {"not_run"}
    assert report["counts"]["not_run"] == ROWS - 3
    assert [r["line"] for r in report["rows"]] == list(range(1, ROWS + 1))
    gate = [g for g in report["gates"] if g["name"] == "complete"]
    assert gate and not gate[0]["passed"] and reason in gate[0]["message"]


@pytest.mark.parametrize(("sig", "args", "group", "reason"), [
    (signal.SIGINT, (), False, "interrupted (Ctrl-C)"),
    (signal.SIGTERM, (), False, "stopped by SIGTERM"),
    (signal.SIGTERM, ("-n", "2"), False, "stopped by SIGTERM"),
    (signal.SIGINT, ("-n", "2"), True, "interrupted (Ctrl-C)"),
], ids=["sigint-serial", "sigterm-serial", "sigterm-n2", "ctrl-c-group-n2"])
def test_an_interrupted_run_writes_an_incomplete_report_with_every_row(bench_env, sig, args, group, reason):
    rc, out = _interrupt(bench_env, sig, *args, "--bench-min-accuracy", "0.1", group=group)
    assert rc not in (0, -sig), out
    report = load_report(bench_env)
    _assert_accounted(report, reason)
    assert f"INCOMPLETE run: {reason}; 5 of 8 rows not run" in out
    assert not list(bench_env.path.glob("*.tmp"))
    cases = {c.get("name"): c for c in ET.parse(bench_env.path / "junit.xml").iter("testcase")}
    complete = [c for name, c in cases.items() if name and name.startswith("complete[")]
    assert complete and complete[0].find("failure") is not None, list(cases)


def _judge_rows(n: int) -> list[dict]:
    return [{"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "is_ego": True,
             "query": f"What is item {i}?", "ground_truth": f"TRUTH-{i}",
             "agent_response": f"It is TRUTH-{i}."} for i in range(n)]


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "n2"])
def test_a_fatal_judge_error_mid_run_lists_every_row(bench_env, monkeypatch, workers):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test")
    server = FakeOpenAIServer(verdict_by_token(r"TRUTH-\d+"))
    server.script = [("ok", "Result: CORRECT"), ("ok", "Result: CORRECT"),
                     ("status", 401, {}, {"error": {"message": "bad key", "type": "invalid_request"}})]
    try:
        write_jsonl(bench_env.path / "preds.jsonl", _judge_rows(6))
        result = bench_env.runpytest_subprocess(
            BENCH, "crag_mm", "preds.jsonl", BENCH_REPORT, "report.json", BENCH_JUDGE_MODEL, "local-judge",
            BENCH_JUDGE_BASE_URL, server.base_url, BENCH_JUDGE_CACHE, "off", BENCH_JUDGE_MAX_RETRIES, "0",
            BENCH_JUDGE_CONCURRENCY, "1", "--bench-judge-selftest", "off",  # the script is for the rows
            *workers)
    finally:
        server.close()
    assert result.ret != 0
    report = load_report(bench_env)
    assert report["incomplete"] is True and "judge" in report["incomplete_reason"]
    assert report["total"] == 6 == len(report["rows"])
    assert {r["id"] for r in report["rows"]} == {f"i{i}" for i in range(6)} or len(
        {(r["file"], r["line"]) for r in report["rows"]}) == 6
    assert report["counts"].get("not_run", 0) >= 1
    assert not [g for g in report["gates"] if g["name"] == "complete"][0]["passed"]
    result.stdout.fnmatch_lines(["*INCOMPLETE run: *judge*"])


def test_a_complete_run_has_no_incomplete_entry(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(3)])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    assert result.ret == 0
    report = load_report(bench_env)
    assert "incomplete" not in report and "not_run" not in report["counts"]
    assert json.dumps(report["gates"]) == "[]"


@pytest.mark.skipif(pytest.version_tuple < (9,), reason="on pytest 8.x the rows still run after a stop() made in "
                    "pytest_sessionstart (known limitation, docs/running.md)")
@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "n2"])
def test_a_run_stopped_before_scoring_lists_every_row_as_not_run(bench_env, workers, monkeypatch):
    """``BenchRun.stop`` before the first row (as a judge check before scoring would call it): no row is
    scored, every row is ``not_run``, and the reason is the report's."""
    # the conftest below tells the controller from a worker by PYTEST_XDIST_WORKER: when this test itself runs
    # in an xdist worker, the subprocess must not inherit it
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    bench_env.makeconftest(
        "import os\n"
        "from pytest_answerbench.plugin import RUN_NAME\n"
        "def pytest_sessionstart(session):\n"
        "    run = session.config.pluginmanager.get_plugin(RUN_NAME)\n"
        "    if run is not None and not os.environ.get('PYTEST_XDIST_WORKER'):\n"
        "        run.stop(session, 'judge endpoint unreachable')\n"
        "def pytest_runtest_call(item):\n"
        "    raise AssertionError('no row may run')\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(4)])
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                            *workers)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    report = load_report(bench_env)
    assert report["incomplete_reason"] == "judge endpoint unreachable"
    assert [r["status"] for r in report["rows"]] == ["not_run"] * 4 and report["total"] == 4
    assert [r["line"] for r in report["rows"]] == [1, 2, 3, 4]


def test_markdown_html_and_terminal_say_the_run_was_incomplete():
    from pytest_answerbench.report import build_report, make_row
    from pytest_answerbench.report.render import html_report, markdown_summary, summary_lines
    from pytest_answerbench.spec import resolve_benchmark
    from pytest_answerbench.verdict import Verdict

    rows = [make_row(row_id="a", file="p.jsonl", line=1, verdict=Verdict("correct", 1.0)),
            make_row(row_id="b", file="p.jsonl", line=2, verdict=Verdict("not_run", 0.0, detail="not run"))]
    report = build_report(spec=resolve_benchmark("vmcbench_dev"), profile="default", rows=rows,
                          incomplete="stopped by SIGTERM")
    assert report["accuracy"] == 0.5 and report["counts"]["not_run"] == 1
    assert "**Incomplete run** (stopped by SIGTERM): 1 of 2 rows not run" in markdown_summary(report)
    assert "Incomplete run (stopped by SIGTERM): 1 of 2 rows not run" in html_report(report)
    lines = [line for line, _ in summary_lines(report)]
    assert "rows: 1 correct, 1 not_run" in lines
    assert "INCOMPLETE run: stopped by SIGTERM; 1 of 2 rows not run (counted as 0 in the accuracy)" in lines
    assert not any("wrong rows" in line for line in lines)
