"""The report a RowStream writes (report/rowstream.py) against the one a ``--bench`` run writes (run.py's
``build_json_report``): the run's rows, fed to a stream in another order and built with the run's arguments,
give the same bytes, for every shipped sample (its unreadable and wrong rows included) and under ``-n 2``."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from pytest_answerbench.options import BENCH, BENCH_REPORT
from pytest_answerbench.report.rowstream import RowStream, write_report
from pytest_answerbench.spec import resolve_benchmark

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("benchmarks/*/sample.jsonl"))


def _rebuilt(pytester: pytest.Pytester, name: str, report: dict) -> bytes:
    spec = resolve_benchmark(name)
    rows = list(report["rows"])
    random.Random(len(rows)).shuffle(rows)
    with RowStream(spec.groups) as stream:
        stream.extend(rows)
        files = stream.prediction_files([(str(pytester.path / "sample.jsonl"), "sample.jsonl")])
        streamed = stream.build(spec=spec, profile="default", files=files, seconds=report["seconds"],
                                with_fingerprint=True, cluster=spec.cluster)
        write_report(pytester.path / "streamed.json", streamed)
    return (pytester.path / "streamed.json").read_bytes()


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.parent.name)
def test_same_bytes_as_the_runs_report(bench_env, sample):
    shutil.copy(sample, bench_env.path / "sample.jsonl")
    with open(bench_env.path / "sample.jsonl", "a", encoding="utf-8") as fh:
        fh.write('{"broken\n')  # an unreadable row: an error row of no fields
    name = sample.parent.name
    result = bench_env.runpytest(BENCH, name, "sample.jsonl", BENCH_REPORT, "report.json", "-p", "no:randomly",
                                 "--bench-no-judge")  # rows a judge would decide: errors, as rows like any other
    assert result.ret in (0, 1)
    written = (bench_env.path / "report.json").read_bytes()
    report = json.loads(written)
    assert report["counts"]["error"] >= 1
    assert _rebuilt(bench_env, name, report) == written


def test_same_bytes_as_a_two_worker_run(bench_env):
    shutil.copy(ROOT / "benchmarks" / "vmcbench_dev" / "sample.jsonl", bench_env.path / "sample.jsonl")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "sample.jsonl", BENCH_REPORT, "report.json", "-n", "2",
                                 "-p", "no:randomly")
    assert result.ret in (0, 1)
    written = (bench_env.path / "report.json").read_bytes()
    report = json.loads(written)
    assert report["parallel"]["workers"] == 2
    parallel = report.pop("parallel")  # the workers' figures: the run's own, not the rows'
    rebuilt = json.loads(_rebuilt(bench_env, "vmcbench_dev", report))
    assert rebuilt == report and "parallel" not in rebuilt and parallel
