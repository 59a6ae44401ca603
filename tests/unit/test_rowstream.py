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
from hypothesis import example, given, settings
from hypothesis import strategies as st

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
        write_json(tmp_path / "streamed.json", streamed)  # rows read from disk: written a row at a time
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


def _metrics_reading(how: str):
    """A scorer's metrics reading its rows ``how``: what the tally taken on the scorer's pass must survive."""
    def metrics(rows, ctx):
        if how == "not at all":
            return {"n": len(rows)}
        if how == "first row only":
            return {"first": next(iter(rows))["id"]}
        if how == "twice, side by side":
            return {"same": all(a["id"] == b["id"] for a, b in zip(rows, rows))}
        if how == "raises half way":
            for i, r in enumerate(rows):
                if i == len(rows) // 2:
                    raise ValueError("half way")
        return {}
    return metrics


@pytest.mark.parametrize("how", ["not at all", "first row only", "twice, side by side", "raises half way"])
def test_the_tally_taken_on_the_scorers_pass_is_the_reports(tmp_path, small_batches, monkeypatch, how):
    """A streamed report's figures are tallied on the scorer's first whole pass over the rows read from disk;
    however the scorer's metrics read them (or not), the report is the one built from the rows in a list."""
    from pytest_answerbench.scorers import vmcbench

    monkeypatch.setattr(vmcbench, "metrics", _metrics_reading(how))
    spec = resolve_benchmark("vmcbench_dev")
    report = _same_files(tmp_path, spec, _hostile_rows(), profile="default", seconds=0.0, with_fingerprint=True)
    assert report["total"] == 60 and report["counts"]["correct"] == 12
    assert ("error" in report["metrics"]) == (how == "raises half way")


def test_building_a_streamed_report_reads_the_rows_once(tmp_path, monkeypatch):
    """The builder reads the rows file once (the tally rides on the VMCBench metrics' one pass), the writer once."""
    spec = resolve_benchmark("vmcbench_dev")
    readings = []
    read = SortedRows.__iter__
    monkeypatch.setattr(SortedRows, "__iter__", lambda self: readings.append(self._raw) or read(self))
    with RowStream(spec.groups, folder=tmp_path) as stream:
        stream.extend(_vmc_rows(50))
        report = stream.build(spec=spec, profile="default", seconds=0.0, with_fingerprint=True)
        assert readings == [True]
        write_report(tmp_path / "r.json", report)
        assert readings == [True, False]
    listed = build_report(spec=spec, profile="default", rows=list(_vmc_rows(50)), seconds=0.0, with_fingerprint=True)
    assert {k: v for k, v in report.items() if k != "rows"} == {k: v for k, v in listed.items() if k != "rows"}


def test_the_summary_listing_taken_as_the_report_is_written(tmp_path, small_batches, monkeypatch):
    """A watcher of the rows read back gets a fresh consumer at each reading and keeps the one that saw a whole
    reading; the terminal summary then lists the rows from it (no reading of its own), the same lines as from
    the rows in a list; a reading left half way keeps nothing."""
    from pytest_answerbench.report.render.text import RowListing, summary_lines

    spec = resolve_benchmark("vmcbench_dev")
    rows = _hostile_rows()
    listed = build_report(spec=spec, profile="default", rows=list(rows), seconds=0.0)
    with RowStream(spec.groups, folder=tmp_path) as stream:
        stream.extend(rows)
        report = stream.build(spec=spec, profile="default", seconds=0.0)
        made = []
        report["rows"].watch(lambda: made.append(RowListing(3)) or made[-1])
        next(iter(report["rows"]))  # left after one row
        assert report["rows"].seen == [] and len(made) == 1
        write_report(tmp_path / "r.json", report)
        assert report["rows"].seen == [made[1]] and made[1].counted == {"wrong": 12, "miss": 12, "error": 24}
        readings = []
        read = SortedRows.__iter__
        monkeypatch.setattr(SortedRows, "__iter__", lambda self: readings.append(self) or read(self))
        assert list(summary_lines(report, show=3)) == list(summary_lines(listed, show=3))
        assert readings == []  # listed as the report was written
        assert list(summary_lines(report, show=4)) == list(summary_lines(listed, show=4))
        assert len(readings) == 1  # another number of rows shown: a reading of its own
        write_report(tmp_path / "r2.json", report)
        assert len(made) == 2  # kept: not made again


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


def _vmc_predictions(n: int):
    for i in range(n):
        gold = "ABCD"[i % 4]
        yield {"index": i, "question": f"Question {i}?", "A": "a cat", "B": "a dog", "C": "a horse", "D": "a bird",
               "answer": gold, "category": ["MMStar", "MMMU"][i % 2],
               "prediction": f"Looking at the image carefully. The answer is ({'ABCD'[(i + (i % 3 == 0)) % 4]})."
                             + " " + "detail " * 20}


def test_score_rows_writes_its_report_streamed(tmp_path, monkeypatch):
    """``score_rows(..., report=PATH)``: the file is the report ``score_rows`` returns without it (but for the
    wall time), the dict returned is that report without its rows, and the rows are never all held: the traced
    peak is a fraction of the one that holds them."""
    monkeypatch.setattr(RowStream, "BATCH_ROWS", 500)
    n = 6_000
    peaks = []
    for kwargs in ({}, {"report": tmp_path / "out" / "report.json"}):
        tracemalloc.start()
        try:
            returned = score_rows("vmcbench_dev", _vmc_predictions(n), **kwargs)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        if not kwargs:
            listed = returned
    written = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert "rows" not in returned and returned == {k: v for k, v in written.items() if k != "rows"}
    for report in (listed, written, returned):
        report["seconds"] = None
    write_json(tmp_path / "listed.json", listed)
    write_json(tmp_path / "written.json", written)
    assert (tmp_path / "written.json").read_bytes() == (tmp_path / "listed.json").read_bytes()
    assert written["total"] == n and written["counts"]["wrong"] == n // 3
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["report.json"]  # no temporary file left
    assert peaks[1] < peaks[0] / 3, peaks


@settings(max_examples=120, deadline=None)
@given(keys=st.lists(st.tuples(st.sampled_from(["", "a", "b"]), st.integers(0, 6), st.sampled_from(["x", "y"])),
                     max_size=40),
       extra=st.lists(st.tuples(st.sampled_from(["", "b", "c"]), st.integers(0, 9), st.just("z")), max_size=5),
       presorted=st.booleans(), batch=st.integers(1, 7), max_runs=st.integers(2, 4))
def test_external_sort_is_a_stable_sort(tmp_path_factory, keys, extra, presorted, batch, max_runs):
    """The runs' merge (keys read, or runs read one after the other when they follow each other in order, with
    the pending batch and a reading's extra rows after or merged in) gives what a stable sort of everything
    gives, rows given in order or not."""
    from pytest_answerbench.report import rowstream

    if presorted:
        keys = sorted(keys)
    folder = tmp_path_factory.mktemp("runs")
    runs = rowstream._Runs(folder, "t", True, batch, 1 << 20)
    runs.MAX_RUNS = max_runs
    lines = rowstream._Runs(folder, "l", False, batch, 1 << 20)
    lines.MAX_RUNS = max_runs
    for i, key in enumerate(keys):
        runs.add(key, f"[{i}]")
        lines.add(None, repr(key))
    tagged = [(key, f"[e{i}]") for i, key in enumerate(extra)]
    expected = sorted([(key, f"[{i}]") for i, key in enumerate(keys)] + tagged, key=lambda pair: pair[0])
    assert [text for _, text in runs.merged(tagged)] == [text for _, text in expected]
    assert [text for _, text in lines.merged([(None, repr(k)) for k in extra])] == sorted(
        [repr(k) for k in keys] + [repr(k) for k in extra])


def test_a_group_value_with_a_lone_surrogate_is_compared_with_a_baseline(tmp_path):
    """A group value read from a JSON escape (``"\\udfff"``) seeds its group's bootstrap like any other (the
    seed string is hashed as UTF-8: the surrogate is replaced first, as everywhere a report's text goes out)."""
    spec = resolve_benchmark("vmcbench_dev")
    rows = [make_row(row_id=str(i), file="a.jsonl", line=i, verdict=Verdict("correct" if i % 2 else "wrong", i % 2),
                     fields={"category": "X\udfff"}) for i in range(20)]
    baseline = build_report(spec=spec, profile="default", rows=rows, with_fingerprint=True)
    report = _same_files(tmp_path, spec, rows, profile="default", seconds=0.0, with_fingerprint=True,
                         baseline=baseline, gates=GateSettings(max_drop=0.1, group_gates=True))
    assert report["comparison"]["groups"]["category"]["X\ufffd"]["delta"] == 0.0


def test_rows_read_back_scrubbed_only_where_a_number_is_not_finite(tmp_path):
    """Rows are read back without the NaN scrub when their text has no NaN or Infinity: a row holding NaN or an
    infinity still reads back with None there, a row whose strings say "NaN" or "Infinity" keeps them, as the
    held rows' report lists them."""
    rows = [make_row(row_id=str(i), file="p.jsonl", line=i + 1, verdict=Verdict.graded(i % 2 == 0),
                     fields={"category": value})
            for i, value in enumerate([float("nan"), "NaN", float("inf"), "-Infinity", float("-inf"), "x"])]
    with RowStream(folder=tmp_path) as stream:
        stream.extend(rows)
        listed = [r["fields"]["category"] for r in stream.rows()]
        raw = [r["fields"]["category"] for r in stream.rows().raw()]
        args = {"spec": resolve_benchmark("vmcbench_dev"), "profile": "default", "with_fingerprint": True}
        held, built = build_report(rows=rows, **args), stream.build(**args)
        assert list(built["rows"]) == list(held["rows"]) and built["fingerprint"] == held["fingerprint"]
    assert listed == [None, "NaN", None, "-Infinity", None, "x"]
    assert [str(v) for v in raw] == ["nan", "NaN", "inf", "-Infinity", "-inf", "x"]


_ANY_TEXT = (st.lists(st.sampled_from(["a", "\u00e9", "\ud800", "\udfff", "\U0001f600"]), max_size=4).map("".join)
             | st.text(alphabet=st.characters(codec=None, categories=None), max_size=6))
_LEAF = st.none() | st.booleans() | st.integers() | st.floats() | _ANY_TEXT


_KEY = st.text(alphabet="abcdefgh_", min_size=1, max_size=5)  # a record's keys: the report's and the spec's names


@settings(max_examples=300)
@example({"fields": {"category": ["\ud800"]}}).via("a list among the fields")
@example({"fields": {"category": "caf\u00e9 \udfff"}, "score": 1.0}).via("a field's text")
@example({"response": "\ud800", "line": 3}).via("a record's text")
@given(st.dictionaries(_KEY, _LEAF | st.dictionaries(_KEY, _LEAF | st.lists(_LEAF, max_size=2), max_size=3)
                       | st.lists(_LEAF, max_size=2), max_size=6))
def test_a_record_said_to_hold_no_surrogate_holds_none(rec):
    """Streamed mode scrubs lone surrogates from a row's record only where ``_may_hold_surrogates`` says it may:
    where it says no, the scrub changes nothing (a record's keys are names the report and the spec give)."""
    from pytest_answerbench.report import scrub_surrogates
    from pytest_answerbench.stream import _may_hold_surrogates

    if not _may_hold_surrogates(rec):
        assert scrub_surrogates(rec) == rec
    if any(isinstance(v, str) and not v.isascii() for v in rec.values()):
        assert _may_hold_surrogates(rec)
    plain = {"id": "7", "line": 3, "score": 1.0, "gold": None, "ok": True, "fields": {"category": "MMStar", "n": 2}}
    assert not _may_hold_surrogates(plain)  # the common record: no scrub
