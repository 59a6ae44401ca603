"""``answerbench export --format every-eval-ever``: the report of a real scoring run written as Every Eval Ever's
aggregate and instance-level files, checked by that project's own validator (the ``every-eval-ever`` package,
a test dependency: its pydantic models, bundled JSON schemas and the aggregate/sidecar link checks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import read_jsonl
from pytest_answerbench import score_rows
from pytest_answerbench.cli import main
from pytest_answerbench.report import write_json
from pytest_answerbench.report.export import export_every_eval_ever

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def validate(paths: list[Path], capsys) -> tuple[int, list[dict]]:
    """Every Eval Ever's validator over these files: (exit status, its JSON report per file)."""
    validator = pytest.importorskip("every_eval_ever.validator.validate", reason="the every-eval-ever package "
                                    "(a test dependency) validates the export")
    capsys.readouterr()
    status = validator.main(["--format", "json", *map(str, paths)])
    return status, json.loads(capsys.readouterr().out)


def exported(out: Path) -> tuple[Path, Path]:
    (aggregate,) = out.glob("data/*/*/*/*[0-9a-f].json")
    (samples,) = out.glob("data/*/*/*/*_samples.jsonl")
    return aggregate, samples


@pytest.fixture(params=["olympiad", "vmcbench_dev"])
def scored_report(request, tmp_path) -> tuple[dict, Path]:
    """The report of a real run over a built-in benchmark's sample file, written as JSON."""
    report = score_rows(request.param, read_jsonl(BENCHMARKS / request.param / "sample.jsonl"))
    path = tmp_path / "report.json"
    write_json(path, report)
    return report, path


def test_export_passes_every_eval_evers_validator_with_one_record_per_row(scored_report, tmp_path, capsys):
    report, path = scored_report
    out = tmp_path / "eee"
    assert main(["export", "--format", "every-eval-ever", str(path), "--out", str(out),
                 "--model", "acme/wise-model-7b"]) == 0
    aggregate_path, samples_path = exported(out)
    status, results = validate([aggregate_path, samples_path], capsys)
    assert status == 0 and all(r["valid"] and not r["errors"] and not r["warnings"] for r in results), results
    assert {r["file_type"] for r in results} == {"aggregate", "instance"}

    aggregate = json.loads(aggregate_path.read_text(encoding="utf-8"))
    lines = samples_path.read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    rows = report["rows"]
    assert len(records) == len(rows) == report["total"] == aggregate["detailed_evaluation_results"]["total_rows"]
    assert aggregate_path.parent.relative_to(out).as_posix() == f"data/{report['benchmark']}/acme/wise-model-7b"
    assert aggregate["evaluation_results"][0]["score_details"]["score"] == report["accuracy"]
    for rec, row in zip(records, rows):
        assert rec["sample_id"] == row["id"]
        assert rec["evaluation_id"] == aggregate["evaluation_id"] and rec["model_id"] == "acme/wise-model-7b"
        assert rec["output"]["raw"] == [row["response"]]
        assert rec["answer_attribution"][0]["extracted_value"] == (row["extracted"] or "")
        assert rec["answer_attribution"][0]["extraction_method"] == row["method"]
        assert rec["evaluation"] == {"score": row["score"], "is_correct": row["status"] == "correct"}
        assert rec["input"]["raw"] == (row["question"] or "")


def test_the_validator_catches_a_broken_link_so_the_check_above_means_something(scored_report, tmp_path, capsys):
    report, _ = scored_report
    export = export_every_eval_ever(report, model_id="acme/m", retrieved_timestamp="1700000000")
    out = tmp_path / "eee"
    aggregate = json.loads(export.aggregate)
    aggregate["detailed_evaluation_results"]["total_rows"] += 1  # one row more than the sidecar has
    for rel, text in ((export.aggregate_path, json.dumps(aggregate)), (export.samples_path, export.samples)):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text, encoding="utf-8")
    status, results = validate(list(exported(out)), capsys)
    assert status == 1 and any("total_rows" in json.dumps(r["errors"]) for r in results), results


def test_a_re_export_is_identical_and_another_model_is_another_record(scored_report, tmp_path):
    _, path = scored_report
    outs = []
    for name, model in (("a", "acme/m"), ("b", "acme/m"), ("c", "other/m")):
        assert main(["export", "--format", "every-eval-ever", str(path), "--out", str(tmp_path / name),
                     "--model", model]) == 0
        outs.append(exported(tmp_path / name))
    (a_agg, a_smp), (b_agg, b_smp), (c_agg, _) = outs
    assert a_agg.read_bytes() == b_agg.read_bytes() and a_smp.read_bytes() == b_smp.read_bytes()
    assert a_agg.relative_to(tmp_path / "a") == b_agg.relative_to(tmp_path / "b")
    assert a_agg.name != c_agg.name


def test_repeated_ids_stay_apart_and_non_text_values_become_text():
    rows = [{"id": "7", "status": "correct", "score": 1.0, "extracted": ["1", "2"], "gold": ["1", "2"],
             "method": "set", "response": "1 and 2", "fields": {"level": 3}, "line": 1, "file": "p.jsonl"},
            {"id": "7", "status": "wrong", "score": 0.0, "extracted": None, "gold": 5, "method": None,
             "response": None, "fields": {}, "question": "q-7"}]
    report = {"benchmark": "toy", "rows": rows, "total": 2, "accuracy": 0.5, "questions": [{"id": "q-7", "n": 1}]}
    export = export_every_eval_ever(report,
                                    model_id="acme/m", retrieved_timestamp="1")
    first, second = (json.loads(line) for line in export.samples.splitlines())
    assert (first["sample_id"], second["sample_id"]) == ("7", "7#2")
    assert first["answer_attribution"][0]["extracted_value"] == '["1", "2"]'
    assert first["input"]["reference"] == ["1", "2"] and second["input"]["reference"] == ["5"]
    assert first["metadata"] == {"status": "correct", "where": "p.jsonl:1", "field.level": "3"}
    assert second["output"]["raw"] == [] and second["answer_attribution"][0]["extraction_method"] == "none"
    # with a questions section, ``question`` is a question id: metadata, not the input text
    assert second["metadata"]["question"] == "q-7" and second["input"]["raw"] == ""
    assert second["evaluation"]["is_correct"] is False


@pytest.mark.parametrize("model, message", [("wise-model", "DEVELOPER/MODEL"), ("unknown/m", "DEVELOPER/MODEL"),
                                            ("acme/a:b|c", "cannot name a folder")])
def test_a_model_id_the_datastore_cannot_file_is_a_usage_error(model, message, tmp_path, capsys):
    path = tmp_path / "report.json"
    write_json(path, score_rows("olympiad", read_jsonl(BENCHMARKS / "olympiad" / "sample.jsonl")[:1]))
    assert main(["export", "--format", "every-eval-ever", str(path), "--out", str(tmp_path / "o"),
                 "--model", model]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
