"""Judged runs without frictions: the documented stub-judge commands run as written with the example rules the
judged benchmarks ship, and ``--bench-no-judge`` scores what the rules settle, counting before the first row
the rows that need a judge."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import load_report, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_NO_JUDGE, BENCH_REPORT

ROOT = Path(__file__).resolve().parents[2]


def _documented_commands() -> tuple[list[str], list[str]]:
    """The stub's and the run's command lines of docs/judges.md, "Trying it without a real judge"."""
    section = (ROOT / "docs/judges.md").read_text(encoding="utf-8").split("## Trying it without a real judge")[1]
    section = section.split("\n## ")[0]
    lines = [line.strip() for line in section.splitlines() if line.startswith("    ")]
    stub = next(line for line in lines if line.startswith("python -m pytest_answerbench.judge.testing"))
    run = next(line for line in lines if line.startswith("pytest --bench"))
    return shlex.split(stub), shlex.split(run)


def _serve(stub: list[str], rules_for: str) -> tuple[subprocess.Popen, str]:
    argv = [arg.replace("crag_mm", rules_for) for arg in stub]
    argv[argv.index("--port") + 1] = "0"  # any free port, as the documented 8000 may be taken
    proc = subprocess.Popen([sys.executable, *argv[1:]], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("judge stub serving http://127.0.0.1:"), line
    return proc, line.split()[3]


@pytest.mark.parametrize("bench, counts", [("crag_mm", {"correct": 8, "wrong": 6, "miss": 4}),
                                           ("atomic", {"correct": 14, "wrong": 2})])
def test_the_documented_stub_commands_run_as_written(bench_env, bench, counts):
    stub, run = _documented_commands()
    sample = Path("benchmarks", bench, "sample.jsonl")
    (bench_env.path / sample).parent.mkdir(parents=True)
    shutil.copy(ROOT / sample, bench_env.path / sample)
    proc, base_url = _serve(stub, bench)
    try:
        args = [arg.replace("crag_mm", bench).replace("http://127.0.0.1:8000/v1", base_url) for arg in run[1:]]
        result = bench_env.runpytest_subprocess(*args, BENCH_REPORT, "report.json")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    report = load_report(bench_env)
    assert {k: v for k, v in report["counts"].items() if v} == counts, result.stdout.str()
    assert report["judge_selftest"]["accepted"] == 0 and report["judge_selftest"]["errors"] == 0
    if bench == "crag_mm":  # the stub graded the turns that need a judge
        judged = {r["id"]: r["status"] for r in report["rows"] if r["method"] == "judge"}
        assert len(judged) == 8 and list(judged.values()).count("correct") == 2


def test_the_stub_names_a_benchmark_without_example_rules(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pytest_answerbench.judge.testing", "--port", "0", "--rules-for",
                           "vmcbench_dev"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "vmcbench_dev ships no example judge rules" in done.stderr
    done = subprocess.run([sys.executable, "-m", "pytest_answerbench.judge.testing", "--port", "0", "--rules-for",
                           "no-such-bench"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--rules-for no-such-bench" in done.stderr


ATOMIC = [
    {"index": "settled-right", "prediction": "\\boxed{\\frac{1}{2}}", "answer": "0.5"},
    {"index": "needs-judge", "prediction": "\\boxed{\\text{singlet}}", "answer": "\\text{triplet}"},
    {"index": "settled-wrong", "prediction": "\\boxed{16}", "answer": "32"},
]


def test_no_judge_scores_what_the_rules_settle_and_counts_the_rest_first(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ATOMIC)
    stopped = bench_env.runpytest_subprocess(BENCH, "atomic", "preds.jsonl")
    assert stopped.ret == pytest.ExitCode.USAGE_ERROR  # the default still stops before scoring
    result = bench_env.runpytest_subprocess(BENCH, "atomic", "preds.jsonl", BENCH_NO_JUDGE, BENCH_REPORT, "r.json")
    out = result.stdout.str()
    line = f"{BENCH_NO_JUDGE}: 1 of 3 rows need the LLM judge (the rules cannot settle them); they will be " \
           f"errors: needs a judge"
    assert line in out and out.index(line) < out.index("preds.jsonl")  # said before the first row
    report = load_report(bench_env, "r.json")
    status = {r["id"]: (r["status"], r["detail"]) for r in report["rows"]}
    assert status["settled-right"][0] == "correct" and status["settled-wrong"][0] == "wrong"
    assert status["needs-judge"][0] == "error" and "needs the LLM judge" in status["needs-judge"][1]


def test_no_judge_runs_and_counts_none_when_the_rules_settle_every_row(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [ATOMIC[0], ATOMIC[2]])
    result = bench_env.runpytest_subprocess(BENCH, "atomic", "preds.jsonl", BENCH_NO_JUDGE)
    assert re.search(rf"{BENCH_NO_JUDGE}: 0 of 2 rows need the LLM judge", result.stdout.str())
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # one wrong row, no error
