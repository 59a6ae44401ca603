"""Streamed mode holds a row's resource limits for that row only: a run stopped or interrupted in the middle of a
chunk leaves the process's data limit (RLIMIT_DATA, the memory ceiling of memguard.py) as it found it, so the
next run in the same process (an xdist worker's next chunk, a pytester run) is not starved of memory."""

from __future__ import annotations

import pytest

from conftest import mc_row, write_jsonl
from pytest_answerbench import choice
from pytest_answerbench.memguard import MemoryCeiling, supported
from pytest_answerbench.options import BENCH, BENCH_REPORT

resource = pytest.importorskip("resource")

pytestmark = pytest.mark.skipif(not supported(), reason="no RLIMIT_DATA ceiling on this platform")


def _rows(n: int = 30) -> list:
    return [mc_row(i, "(A)" if i % 2 else "(B)", answer="B") for i in range(n)]


@pytest.fixture
def limits_seen(monkeypatch):
    """The data limits in force while each row was read (the multiple-choice reader wrapped)."""
    seen: list = []
    real = choice.infer_choice

    def reading(response, options, **kw):
        seen.append(resource.getrlimit(resource.RLIMIT_DATA))
        return real(response, options, **kw)

    monkeypatch.setattr(choice, "infer_choice", reading)
    return seen


def _unchanged(before: tuple, seen: list) -> None:
    assert resource.getrlimit(resource.RLIMIT_DATA) == before
    assert MemoryCeiling._depth == 0 and MemoryCeiling._saved is None
    # the ceiling was in force while rows were scored (so the checks above could fail)
    assert seen and all(limit[0] != before[0] for limit in seen)


@pytest.mark.parametrize(("stop", "failed"), [("-x", 1), ("--maxfail=2", 2)])
def test_a_stopped_streamed_run_restores_the_data_limit(bench_env, limits_seen, stop, failed):
    before = resource.getrlimit(resource.RLIMIT_DATA)
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on", stop,
                                 BENCH_REPORT, "report.json", "--junitxml=junit.xml")
    assert result.ret == 1
    assert result.parseoutcomes()["failed"] == failed
    _unchanged(before, limits_seen)
    # the next run in the same process scores every row as before
    again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on")
    again.assert_outcomes(failed=15, passed=15)  # warnings (pytest 9.2 counts some here) aside
    assert resource.getrlimit(resource.RLIMIT_DATA) == before


def test_an_interrupt_inside_a_row_restores_the_data_limit(bench_env, limits_seen, monkeypatch):
    """KeyboardInterrupt raised while a row is scored (inside its ceiling) ends the run; the limit is back."""
    before = resource.getrlimit(resource.RLIMIT_DATA)
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    wrapped = choice.infer_choice

    def interrupted(response, options, **kw):
        result = wrapped(response, options, **kw)
        if len(limits_seen) == 7:
            raise KeyboardInterrupt
        return result

    monkeypatch.setattr(choice, "infer_choice", interrupted)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                 BENCH_REPORT, "report.json", no_reraise_ctrlc=True)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    assert len(limits_seen) == 7
    _unchanged(before, limits_seen)


def test_an_error_in_a_report_hook_restores_the_data_limit(bench_env, limits_seen):
    """A plugin's report hook raising on the fifth row (outside the row's ceiling) ends the run as an internal
    error; the limit is back and no row after it was scored."""
    before = resource.getrlimit(resource.RLIMIT_DATA)
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    bench_env.makeconftest("""
        seen = []
        def pytest_runtest_logreport(report):
            seen.append(report.nodeid)
            if len(seen) == 5:
                raise RuntimeError("a report hook failed")
    """)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    assert len(limits_seen) == 5
    _unchanged(before, limits_seen)
