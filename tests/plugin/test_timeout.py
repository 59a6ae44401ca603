"""Time limits through pytest-timeout: an overrunning row is recorded as `timeout` and the run goes on."""

from __future__ import annotations

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT

SLOW_SCORER = """
import time, pytest

@pytest.fixture(scope="session")
def bench_scorer():
    def score(row):
        if row["prediction"] == "SPIN":      # pure Python: interruptible
            n = 0
            while True:
                n += 1
        if row["prediction"] == "SLEEP":     # blocked in C: not interruptible by an exception
            time.sleep(60)
        return row["prediction"] == "(" + row["answer"] + ")"
    return score
"""


def _write(pytester, special: str):
    pytester.makeconftest(SLOW_SCORER)
    rows = [mc_row(i, "(B)") for i in range(4)]
    rows[1]["prediction"] = special
    write_jsonl(pytester.path / "preds.jsonl", rows)


def _assert_timeout_row(report, row_id="1"):
    assert report["total"] == 4
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses == {"0": "correct", row_id: "timeout", "2": "correct", "3": "correct"}
    assert report["counts"]["timeout"] == 1
    assert report["accuracy"] == 0.75


@pytest.mark.parametrize("method", ["signal", "thread"])
def test_overrunning_row_is_a_timeout_and_the_run_goes_on(bench_env, method):
    _write(bench_env, "SPIN")
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--timeout", "1", "--timeout-method", method)
    result.assert_outcomes(passed=3, failed=1)
    _assert_timeout_row(load_report(bench_env))
    result.stdout.fnmatch_lines(["*preds.jsonl:2 1: timeout: row exceeded its time limit (1s)*"])


def test_the_benchmark_yaml_timeout_applies_without_timeout_option(bench_env):
    _write(bench_env, "SPIN")
    (bench_env.path / "mine.yaml").write_text(
        "name: mine\nscorer: vmcbench\nrequired: [prediction, answer]\ntimeout: 1\n")
    result = bench_env.runpytest_subprocess(BENCH, "mine.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    result.stdout.fnmatch_lines(["answerbench: mine *timeout 1s per row (benchmark default)*"])
    _assert_timeout_row(load_report(bench_env))


def test_timeout_in_uninterruptible_code_under_xdist_thread_method(bench_env):
    """The thread method must end the worker; xdist replaces it and the row is still a timeout."""
    _write(bench_env, "SLEEP")
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--timeout", "1", "--timeout-method", "thread", "-n", "2")
    _assert_timeout_row(load_report(bench_env))
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_timeout_in_uninterruptible_code_serial_thread_method_keeps_the_report(bench_env):
    _write(bench_env, "SLEEP")
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--timeout", "1", "--timeout-method", "thread")
    assert result.ret != 0
    report = load_report(bench_env)
    assert report["incomplete"] is True and "stuck" in report["incomplete_reason"]
    statuses = {r["id"]: r["status"] for r in report["rows"]}
    assert statuses == {"0": "correct", "1": "timeout", "2": "not_run", "3": "not_run"}
    assert report["total"] == 4


def test_signal_method_times_out_consecutive_rows_and_restores_the_alarm_handler(bench_env):
    """The run keeps one SIGALRM handler for all rows (not one per row): every overrunning row still times out,
    the rows after it are unaffected, and the process's handler is put back at the end."""
    import signal

    before = signal.getsignal(signal.SIGALRM)
    bench_env.makeconftest(SLOW_SCORER)
    rows = [mc_row(i, "(B)") for i in range(5)]
    rows[1]["prediction"] = rows[2]["prediction"] = "SPIN"
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json", "--timeout", "0.5",
                        "--timeout-method", "signal")
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert statuses == ["correct", "timeout", "timeout", "correct", "correct"]
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.parametrize("limit", ["0.1", "0.2"])
def test_a_short_row_limit_never_ends_the_run_in_an_internal_error(bench_env, limit):
    """OlympiadBench scores in a forked process warmed by SymPy's import and a first parse. At a limit shorter
    than a busy machine needs for a row, rows may time out, but none may end the run: a limit that fired after
    the row's call (in pytest's terminal reporter) made an INTERNALERROR and every row ``not_run``. A fresh
    process: SymPy not yet imported, so the limit may also land in an import (timeguard.importing)."""
    rows = [{"id": f"r{i}", "prediction": "The answer is $\\boxed{\\frac{\\sqrt{2}}{2}}$",
             "final_answer": ["$\\frac{1}{\\sqrt{2}}$"]} for i in range(3)]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_subprocess(BENCH, "olympiad", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--timeout", limit, "-p", "no:cacheprovider")
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
    got = [(r["status"], r["method"]) for r in load_report(bench_env)["rows"]]
    assert len(got) == 3 and set(got) <= {("correct", "symbolic@boxed"), ("timeout", "timeout")}, got
    assert result.ret == (pytest.ExitCode.OK if set(got) == {("correct", "symbolic@boxed")} else
                          pytest.ExitCode.TESTS_FAILED)


SLOW_START = """
import time
from pytest_answerbench import Verdict

def warm_up():
    time.sleep(3)   # a scorer whose start takes far longer than a row may

def score(row, ctx):
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def test_a_short_row_limit_does_not_charge_the_first_row_with_the_scorer_s_start(bench_env):
    """The scoring process's start (here 3 s of warm-up) ran in the first row's set-up, under its time limit:
    with ``--timeout 1`` the first row was a setup error (or a timeout) although it takes microseconds. It now
    runs before the first row."""
    (bench_env.path / "slow_start.py").write_text(SLOW_START)
    (bench_env.path / "slow.yaml").write_text(
        "name: slow\nscorer: slow_start:score\nrequired: [prediction, answer]\nisolation: process\n")
    write_jsonl(bench_env.path / "preds.jsonl", [{"id": i, "prediction": "4", "answer": "4"} for i in range(3)])
    result = bench_env.runpytest_subprocess(BENCH, "slow.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--timeout", "1", "-p", "no:cacheprovider")
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct"] * 3, result.stdout.str()[-2000:]
    assert result.ret == pytest.ExitCode.OK


LATE_ALARM = """
import os, signal

def pytest_runtest_logreport(report):
    # a row's SIGALRM delivered late: while pytest's reporter logs the row's set-up and call reports
    if report.when in ("setup", "call") and "preds.jsonl" in report.nodeid:
        os.kill(os.getpid(), signal.SIGALRM)
"""


SLOW_SETUP_REPORT = """
import time

def pytest_runtest_logreport(report):
    if report.when == "setup" and report.nodeid.split("::")[-1] == "1":
        time.sleep(1.5)   # the row's limit (1 s) is reached while its set-up report is logged
"""


@pytest.mark.parametrize(("conftest", "limit"), [(LATE_ALARM, "30"), (SLOW_SETUP_REPORT, "1")],
                         ids=["late-alarm", "limit-between-phases"])
def test_a_limit_that_lands_outside_the_row_s_work_never_fails_pytest_s_reporter(bench_env, conftest, limit):
    """A row's limit that lands outside the row: a SIGALRM delivered late, while the row's reports are logged,
    does nothing; a limit reached while the row's set-up report is logged (pytest's time, not the row's) leaves
    the row the rest of its limit once its call runs, and the row passes. Both failed pytest's terminal
    reporter: an INTERNALERROR, and every row ``not_run``."""
    bench_env.makeconftest(conftest)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(4)])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                 "--timeout", limit, "--timeout-method", "signal")
    assert "INTERNALERROR" not in result.stdout.str()
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct"] * 4
    assert result.ret == pytest.ExitCode.OK


HALF_LIMIT_SCORER = """
import time
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["prediction"] == "LONG":  # three times the row's 1 s limit, in pure Python (interruptible)
        end = time.monotonic() + 3
        while time.monotonic() < end:
            pass
    time.sleep(0.5)  # half the row's limit
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def _run_own_scorer(pytester, conftest: str, scorer: str, special_row: int, special: str, method: str):
    """Four rows "4" against "4", row ``special_row`` predicting ``special``, scored by ``scorer`` (a module's
    ``score``) under a 1 s row limit by ``method``, with ``conftest``, in a subprocess."""
    pytester.makeconftest(conftest)
    (pytester.path / "own_scorer.py").write_text(scorer)
    (pytester.path / "own.yaml").write_text("name: own\nscorer: own_scorer:score\nrequired: [prediction, answer]\n")
    rows = [{"id": i, "prediction": "4", "answer": "4"} for i in range(4)]
    rows[special_row]["prediction"] = special
    write_jsonl(pytester.path / "preds.jsonl", rows)
    return pytester.runpytest_subprocess(BENCH, "own.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                         "--timeout", "1", "--timeout-method", method, "-p", "no:cacheprovider")


@pytest.mark.parametrize("method", ["signal", "thread"])
def test_a_row_s_limit_counts_its_own_phases_not_pytest_s_time_between_them(bench_env, method):
    """pytest's time between a row's phases (here 1.5 s logging its set-up report) is not the row's: a row
    whose own work takes half its limit passes, one whose work takes three times its limit is a timeout.
    Counting wall time from the timer's start timed out the first (a garbage collection between the phases of a
    long in-process run did so on CI)."""
    result = _run_own_scorer(bench_env, SLOW_SETUP_REPORT.replace('== "1"', 'in ("1", "2")'), HALF_LIMIT_SCORER,
                             2, "LONG", method)
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert statuses == ["correct", "correct", "timeout", "correct"], result.stdout.str()[-3000:]
    assert result.ret == pytest.ExitCode.TESTS_FAILED


SLOW_ROW_SCORER = """
import time
from pytest_answerbench import Verdict

def score(row, ctx):
    time.sleep(0.25)
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def test_the_session_limit_stops_the_run_between_rows(bench_env):
    """pytest-timeout's --session-timeout is checked after each row: the run stops once the limit is reached, the rows not scored listed as not run."""
    (bench_env.path / "slow_rows.py").write_text(SLOW_ROW_SCORER)
    (bench_env.path / "slow.yaml").write_text("name: slow\nscorer: slow_rows:score\nrequired: [prediction, answer]\n")
    write_jsonl(bench_env.path / "preds.jsonl", [{"id": i, "prediction": "4", "answer": "4"} for i in range(40)])
    result = bench_env.runpytest_subprocess(BENCH, "slow.yaml", "preds.jsonl", BENCH_REPORT, "report.json",
                                            "--session-timeout", "2", "-p", "no:cacheprovider")
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert len(statuses) == 40 and "not_run" in statuses, result.stdout.str()[-2000:]
    scored = statuses.index("not_run")
    assert 1 <= scored < 40 and set(statuses[:scored]) == {"correct"} and set(statuses[scored:]) == {"not_run"}
    result.stdout.fnmatch_lines(["*session-timeout: 2*"])


LATE_SEND = """
import threading, time
import pytest_answerbench._compat as compat

logged = threading.Event()
_raise = compat.raise_in_main_thread

def raise_late(exc_type):
    # the timer thread decided on the limit while the row still worked; its exception goes out only once the
    # row's call report is logged (or after 3 s): what a timer thread slowed by a loaded machine does
    logged.wait(3)
    _raise(exc_type)

compat.raise_in_main_thread = raise_late

def pytest_runtest_logreport(report):
    if report.when == "call" and report.nodeid.split("::")[-1] == "1":
        logged.set()
"""

OVER_LIMIT_SCORER = """
import time
from pytest_answerbench import Verdict

def score(row, ctx):
    if row["prediction"] == "OVER":  # twice the row's 1 s limit, in pure Python, then returns
        end = time.monotonic() + 2
        while time.monotonic() < end:
            pass
    return Verdict.graded(row["prediction"] == row["answer"], method="exact")
"""


def test_a_thread_limit_reached_as_the_row_s_work_ends_lands_in_the_row(bench_env):
    """The thread method's exception arrives at the main thread's next bytecode, not when the timer decides:
    a limit decided as the row's work ends arrived in pytest's code after the row (an INTERNALERROR, every
    later row not run; seen on CI, the timer thread slowed by a loaded machine). The row closes its work with
    the timer (timeguard.RowWork): the late exception is taken back and the row is the timeout, inside its
    phase; the rows after it are scored."""
    result = _run_own_scorer(bench_env, LATE_SEND, OVER_LIMIT_SCORER, 1, "OVER", "thread")
    out = result.stdout.str()
    assert "INTERNALERROR" not in out, out[-3000:]
    statuses = [r["status"] for r in load_report(bench_env)["rows"]]
    assert statuses == ["correct", "timeout", "correct", "correct"], out[-3000:]
    assert result.ret == pytest.ExitCode.TESTS_FAILED
