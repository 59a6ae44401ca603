"""A run that dies leaves its journal (``<report>.journal``): rows written as they are scored. ``answerbench``
reads it as an incomplete report (every row present: scored, or ``not_run``), and ``--bench-resume JOURNAL`` scores
only the missing rows, giving the report an uninterrupted run gives. Runs are killed for real (``kill -9`` at
random points, a scorer's ``os._exit``), in subprocesses."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT, BENCH_RESUME
from pytest_answerbench.report.io import read_report
from pytest_answerbench.report.journal import JournalWriter

ROWS = 150
SCORER = """
import os, time
from pytest_answerbench import Verdict

def score(row, ctx):
    time.sleep(0.01)
    if os.environ.get("DIE_AT") == str(row["id"]):
        os._exit(3)  # a custom scorer that ends the process (isolation: none)
    if row["prediction"] == "boom":
        raise ValueError("the scorer failed on this row")
    return Verdict.graded(row["prediction"] == row["answer"], method="exact", extracted=row["prediction"])
"""


def _setup(env: pytest.Pytester) -> None:
    (env.path / "slow.py").write_text(SCORER)
    (env.path / "slow.yaml").write_text("name: slow\nscorer: slow:score\nrequired: [prediction, answer]\n")
    rows = [{"id": i, "prediction": "boom" if i % 17 == 5 else str(i % 3), "answer": "0", "text": f"r\u00e9ponse {i}"}
            for i in range(ROWS)]
    write_jsonl(env.path / "preds.jsonl", rows)


def _cmd(report: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", BENCH, "slow.yaml", "preds.jsonl",
            BENCH_REPORT, report, *extra]


def _env(**extra: str) -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(Path.cwd()), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **extra}


def _kill_after(env: pytest.Pytester, report: str, rows: int) -> int:
    """Run the benchmark in a subprocess and SIGKILL it once its journal holds ``rows`` rows; the rows it held."""
    journal = env.path / f"{report}.journal"
    proc = subprocess.Popen(_cmd(report), cwd=env.path, env=_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if journal.exists() and journal.read_text(encoding="utf-8").count("\n") > rows:  # header + rows
                break
            time.sleep(0.01)
        assert proc.poll() is None, "the run ended before it could be killed"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return journal.read_text(encoding="utf-8").count("\n") - 1


def _whole_run(env: pytest.Pytester) -> None:
    _setup(env)
    whole = subprocess.run(_cmd("whole.json"), cwd=env.path, env=_env(), capture_output=True, text=True)
    assert whole.returncode == 1, whole.stdout[-2000:]  # wrong rows and errors fail
    assert not (env.path / "whole.json.journal").exists()  # a finished run's journal is removed


@pytest.fixture
def whole(bench_env: pytest.Pytester, built_once) -> pytest.Pytester:
    """``bench_env`` with the benchmark's files and ``whole.json``, the uninterrupted run's report that the killed
    and resumed runs must give: that run made once per process, each test given its own copies."""
    return built_once.into("journal_whole", bench_env, _whole_run)


def _rows(report: dict) -> list:
    return report["rows"]


def _same_but_timings(a: dict, b: dict) -> None:
    assert _rows(a) == _rows(b)  # row for row
    a, b = dict(a), dict(b)
    for key in ("seconds", "parallel", "rows"):
        a.pop(key, None)
        b.pop(key, None)
    assert a == b


def test_a_run_killed_at_random_points_is_read_from_its_journal_and_resumed_to_the_same_report(bench_env, whole):
    expected = load_report(bench_env, "whole.json")
    by_id = {r["id"]: r for r in expected["rows"]}
    for point, target in enumerate(sorted(random.Random(7).sample(range(1, ROWS - 20), 3))):
        name = f"killed{point}.json"
        held = _kill_after(bench_env, name, target)
        assert target <= held < ROWS
        assert not (bench_env.path / name).exists()  # the dead run wrote no report: only its journal
        journal = bench_env.path / f"{name}.journal"
        partial = read_report(journal)
        assert partial["incomplete"] is True and partial["total"] == ROWS == len(partial["rows"])
        scored = [r for r in partial["rows"] if r["status"] != "not_run"]
        assert len(scored) == held and partial["counts"]["not_run"] == ROWS - held
        assert all(r == by_id[r["id"]] for r in scored)  # what the journal holds is what the run scored
        summary = subprocess.run([sys.executable, "-m", "pytest_answerbench.cli", "summary", str(journal)],
                                 cwd=bench_env.path, env=_env(), capture_output=True, text=True)
        assert f"{ROWS - held} of {ROWS} rows not run" in summary.stdout + summary.stderr
        resumed = subprocess.run(_cmd(name, BENCH_RESUME, str(journal)), cwd=bench_env.path, env=_env(),
                                 capture_output=True, text=True)
        assert resumed.returncode == 1, resumed.stdout[-2000:]  # as the whole run's
        assert f"{held} deselected" in resumed.stdout  # only the missing rows were scored
        _same_but_timings(load_report(bench_env, name), expected)
        assert not journal.exists()


def test_a_scorer_that_ends_the_process_leaves_the_journal_and_the_resumed_run_finishes_it(bench_env, whole):
    dead = subprocess.run(_cmd("r.json"), cwd=bench_env.path, env=_env(DIE_AT="90"), capture_output=True, text=True)
    assert dead.returncode == 3 and not (bench_env.path / "r.json").exists()
    partial = read_report(bench_env.path / "r.json.journal")
    statuses = {r["id"]: r["status"] for r in partial["rows"]}
    assert len(statuses) == ROWS and statuses["90"] == "not_run"
    # rows reach the journal in batches: at most one batch scored before the death is lost (and scored again)
    assert ROWS - 90 <= partial["counts"]["not_run"] <= ROWS - 90 + JournalWriter.EVERY
    resumed = subprocess.run(_cmd("r.json", BENCH_RESUME, "r.json.journal"), cwd=bench_env.path, env=_env(),
                             capture_output=True, text=True)
    assert resumed.returncode == 1
    _same_but_timings(load_report(bench_env, "r.json"), load_report(bench_env, "whole.json"))


def test_an_interrupted_run_keeps_its_journal_and_a_run_of_other_options_cannot_resume_it(bench_env):
    _setup(bench_env)
    header = {"answerbench_journal": 1, "benchmark": "slow", "spec": str(bench_env.path / "slow.yaml"),
              "profile": "default", "options": {"x": 1}, "files": [[str(bench_env.path / "preds.jsonl"), "preds.jsonl"]],
              "plan": [[f"preds.jsonl::{i}", str(i), "preds.jsonl", i + 1, None, None] for i in range(ROWS)]}
    (bench_env.path / "j.journal").write_text(json.dumps(header) + "\n", encoding="utf-8")
    result = bench_env.runpytest(BENCH, "slow.yaml", "preds.jsonl", BENCH_RESUME, "j.journal")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-resume j.journal: the journal's run scored another benchmark options*"])
    (bench_env.path / "bad.journal").write_text('{"answerbench_journal": 1}\nnot json\n{"nodeid": "x"', "utf-8")
    result = bench_env.runpytest(BENCH, "slow.yaml", "preds.jsonl", BENCH_RESUME, "bad.journal")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*bad.journal:2: not a journal line (not JSON)*"])
    # the -x stop leaves an incomplete report, and its journal for --bench-resume to finish the run
    result = bench_env.runpytest(BENCH, "slow.yaml", "preds.jsonl", BENCH_REPORT, "x.json", "-x")
    assert load_report(bench_env, "x.json")["incomplete"] is True
    # said before scoring: the user's scorer runs in the run's own process
    result.stdout.fnmatch_lines(["answerbench: the scorer slow:score runs in this process (isolation: none)*"
                                 "x.json.journal: --bench-resume*"])
    assert (bench_env.path / "x.json.journal").exists()


def test_a_journal_is_kept_and_resumed_under_xdist_as_serially(bench_env, whole):
    """Under -n 2 the controller keeps the journal and the workers leave the journal's rows out: a run stopped
    by -x (serial) is finished with -n 2, and an -n 2 run stopped by --maxfail is finished serially, both to
    the uninterrupted run's report."""
    expected = load_report(bench_env, "whole.json")
    for name, first, then in (("a.json", ("-x",), ("-n", "2")), ("b.json", ("-n", "2", "--maxfail", "5"), ())):
        stopped = subprocess.run(_cmd(name, *first), cwd=bench_env.path, env=_env(), capture_output=True, text=True)
        assert load_report(bench_env, name)["incomplete"] is True, stopped.stdout[-2000:]
        journal = bench_env.path / f"{name}.journal"
        held = len(read_report(journal)["rows"]) - read_report(journal)["counts"].get("not_run", 0)
        assert 0 < held < ROWS
        resumed = subprocess.run(_cmd(name, BENCH_RESUME, str(journal), *then), cwd=bench_env.path, env=_env(),
                                 capture_output=True, text=True)
        assert resumed.returncode == 1, resumed.stdout[-2000:]
        _same_but_timings(load_report(bench_env, name), expected)
        assert not journal.exists()
