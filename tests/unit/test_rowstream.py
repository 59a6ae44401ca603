"""The report's rows kept on disk (report/rowstream.py): the report built and written from a RowStream is byte for
byte the one the builder and ``write_json`` make from the same rows in a list, whatever order the rows come in and
however many runs the external sort makes; the running figures are the report's; memory does not hold the rows.
The same identity against a report the plugin wrote: tests/plugin/test_rowstream_report.py."""

from __future__ import annotations

import json
import os
import random
import tracemalloc
from pathlib import Path

import pytest

from pytest_answerbench import score_rows
from pytest_answerbench.report.build import build_report
from pytest_answerbench.report.gates import GateSettings
from pytest_answerbench.report.io import read_report, write_json
from pytest_answerbench.report.rows import make_row, rows_digest
from pytest_answerbench.report.rowstream import RowStream, SortedRows, write_report
from pytest_answerbench.spec import resolve_benchmark
from pytest_answerbench.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("benchmarks/*/sample.jsonl"))
CORPORA = Path(os.environ.get("ANSWERBENCH_CORPORA") or ROOT.parent / "shared" / "corpora")


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of 3 rows and at most 4 runs: every test below spills runs and merges them again."""
    monkeypatch.setattr(RowStream, "BATCH_ROWS", 3)
    monkeypatch.setattr("pytest_answerbench.report.rowstream._Runs.MAX_RUNS", 4)


def _same_files(tmp_path: Path, spec, rows: list, **args) -> dict:
    """Build and write the report from ``rows`` in a list and from a RowStream fed the same rows; assert the two
    files are the same bytes; return the streamed report's parsed file."""
    listed = build_report(spec=spec, rows=list(rows), **args)
    write_json(tmp_path / "listed.json", listed)
    with RowStream(spec.groups, folder=tmp_path) as stream:
        stream.extend(rows)
        streamed = stream.build(spec=spec, **args)
        assert isinstance(streamed["rows"], SortedRows)
        write_report(tmp_path / "streamed.json", streamed)
    assert (tmp_path / "streamed.json").read_bytes() == (tmp_path / "listed.json").read_bytes()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("answerbench-rows-")] == []  # closed: removed
    return json.loads((tmp_path / "streamed.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.parent.name)
def test_shipped_samples_in_any_order(tmp_path, small_batches, sample):
    spec = resolve_benchmark(sample.parent.name)
    rows = score_rows(spec, [json.loads(line) for line in sample.read_text(encoding="utf-8").splitlines()
                             if line.strip()])["rows"]
    random.Random(7).shuffle(rows)
    report = _same_files(tmp_path, spec, rows, profile="default", seconds=1.25, with_fingerprint=True)
    assert report["total"] == len(rows) and report["fingerprint"]["rows_sha256"]
    read_report(tmp_path / "streamed.json")  # and it reads back as a report: figures, rows and fingerprint agree


def test_a_real_corpus_file(tmp_path, small_batches):
    """The 494 real multiple-choice replies of the hand-labelled corpus, scored as VMCBench rows."""
    path = CORPORA / "real_choice.jsonl"
    if not path.exists():
        pytest.skip("the real-response corpora are not here ($ANSWERBENCH_CORPORA)")
    spec = resolve_benchmark("vmcbench_dev")
    source = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = score_rows(spec, [{"index": r["id"], "question": r["question"], **r["options"], "answer": r["gold"],
                              "category": r["harness"], "prediction": r["response"]} for r in source])["rows"]
    random.Random(3).shuffle(rows)
    report = _same_files(tmp_path, spec, rows, profile="default", seconds=0.5, with_fingerprint=True)
    assert report["total"] == 494


def _hostile_rows() -> list[dict]:
    """Rows a run may give: partial credit (sums depend on order), NaN in a field, lone surrogates, the same
    file, line and id twice, rows of no file, another harness's verdict, judge counters."""
    rng = random.Random(11)
    statuses = ["correct", "wrong", "error", "timeout", "miss"]
    rows = []
    for i in range(60):
        status = statuses[i % 5]
        score = 1.0 if status == "correct" else rng.choice([0.0, 0.1, 1 / 3, 0.7]) if status == "wrong" else 0.0
        verdict = Verdict(status, score, extracted=rng.choice([None, "A", "\ud800x", "1/3"]), gold="B",
                          method="m", detail=f"d \x00 {i}", extra={"judge": {"calls": 1, "tokens": i}} if i % 7 == 0
                          else {"nan": float("nan")} if i % 11 == 0 else {})
        fields = {"category": rng.choice(["MMStar", "MMMU", float("nan"), None, "SEEDBench"])}
        if i % 13 == 0:
            fields["harness_verdict"] = rng.choice(["correct", "wrong"])
            fields["harness_metric"] = "acc"
        rows.append(make_row(row_id=f"r{i % 40}\udc80" if i % 9 == 0 else f"r{i % 40}",
                             file=rng.choice(["a.jsonl", "b.jsonl", None]), line=rng.choice([None, i % 25, 3]),
                             verdict=verdict, fields=fields, response=f"resp {i} \U0001F600", question=None))
    return rows


def test_hostile_rows_with_gates_baseline_cluster_and_not_run_rows(tmp_path, small_batches):
    spec = resolve_benchmark("vmcbench_dev")
    rows = _hostile_rows()
    baseline = build_report(spec=spec, profile="default", rows=rows[::2], with_fingerprint=True)
    not_run = [make_row(row_id=f"n{i}", file="b.jsonl", line=100 + i, verdict=Verdict("not_run", 0.0))
               for i in range(5)]
    args = dict(profile="default", seconds=3.0, with_fingerprint=True, baseline=baseline, cluster="category",
                gates=GateSettings(min_accuracy=0.2, max_drop=0.05), warnings=["w"], workers=2, row_seconds=1.0,
                complete=False, incomplete="stopped")
    listed = build_report(spec=spec, rows=rows + not_run, **args)
    write_json(tmp_path / "listed.json", listed)
    with RowStream(spec.groups, folder=tmp_path) as stream:
        stream.extend(rows)
        streamed = stream.build(extra=not_run, **{"spec": spec, **args})
        write_report(tmp_path / "streamed.json", streamed)
        assert len(stream.rows()) == len(rows)  # the not-run rows were for that report only
    assert (tmp_path / "streamed.json").read_bytes() == (tmp_path / "listed.json").read_bytes()
    report = json.loads((tmp_path / "streamed.json").read_text(encoding="utf-8"))
    assert report["comparison"] and report["harness_agreement"] and report["judge"] and report["incomplete"]
    assert "\ufffd" in json.dumps(report["rows"], ensure_ascii=False)  # lone surrogates written as U+FFFD


def test_samples_rows(tmp_path, small_batches):
    spec = resolve_benchmark("olympiad")
    rows = score_rows(spec, [{"id": f"q{i // 3}", "prediction": [str(i % 2), "1", str(i)][i % 3], "final_answer": "1",
                              "source": "OE_TO_maths_en_COMP"} for i in range(12)], samples_by="id")["rows"]
    assert any(r.get("question_id") for r in rows)
    random.Random(5).shuffle(rows)
    report = _same_files(tmp_path, spec, rows, profile="default", seconds=0.0, with_fingerprint=True,
                         gates=GateSettings(min_pass=(1, None)))
    assert report["questions"] and report["ci95_method"].startswith("cluster bootstrap")


def test_running_figures_and_readings(tmp_path):
    spec = resolve_benchmark("vmcbench_dev")
    rows = _hostile_rows()
    with RowStream(spec.groups, folder=tmp_path) as stream:
        stream.extend(rows[:30])
        first = stream.rows()
        assert stream.rows() is first  # merged once while no row comes
        stream.extend(rows[30:])
        second = stream.rows()
        assert second is not first and len(second) == stream.total == 60
        report = build_report(spec=spec, profile="default", rows=rows)
        assert stream.counts == {k: v for k, v in report["counts"].items() if v}
        assert stream.accuracy == pytest.approx(report["accuracy"], abs=1e-6)
        for value, entry in report["groups"]["category"].items():
            total, correct, score = stream.groups["category"][value]
            assert (total, correct) == (entry["total"], entry["correct"])
            assert score / total == pytest.approx(entry["accuracy"], abs=1e-6)
        assert stream.samples == 0 and stream.harness_verdicts == sum("harness_verdict" in r["fields"] for r in rows)
        assert rows_digest(second, profile="p", scorer_version=3) == rows_digest(list(second), profile="p",
                                                                                 scorer_version=3)
        files = stream.prediction_files([(str(tmp_path / "a.jsonl"), "a.jsonl")])
        assert files == [{"path": "a.jsonl", "sha256": None, "rows": sum(r["file"] == "a.jsonl" for r in rows)}]
        folder = stream.folder
    assert not folder.exists()


def _vmc_rows(n: int):
    for i in range(n):
        wrong = i % 3 == 0
        yield make_row(row_id=str(i), file="preds.jsonl", line=i + 1,
                       verdict=Verdict("wrong" if wrong else "correct", 0.0 if wrong else 1.0, extracted="A",
                                       gold="A" if not wrong else "B", method="letter"),
                       fields={"category": ["MMStar", "MMMU", "SEEDBench", "ScienceQA"][i % 4]},
                       response=f"The answer is (A). Reasoning about row {i} " + "x" * 150, question="What is shown?")


def test_memory_does_not_hold_the_rows(tmp_path, monkeypatch):
    """30,000 rows (~25 MB as dicts, ~11 MB of report on disk) are added, built into a report and written with a
    traced peak of a few MB: one batch of rows, 8 bytes a row per score list, the scorer's metrics' own lists."""
    monkeypatch.setattr(RowStream, "BATCH_ROWS", 2_000)
    spec = resolve_benchmark("vmcbench_dev")
    tracemalloc.start()
    try:
        with RowStream(spec.groups, folder=tmp_path) as stream:
            for row in _vmc_rows(30_000):
                stream.add(row)
            report = stream.build(spec=spec, profile="default", seconds=1.0, with_fingerprint=True)
            write_report(tmp_path / "report.json", report)
            _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (tmp_path / "report.json").stat().st_size > 10_000_000
    assert peak < 8 << 20
    assert report["total"] == 30_000 and report["counts"]["wrong"] == 10_000
