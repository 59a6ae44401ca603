"""Other harnesses' logs that record errors or an unfinished run, golds under keys the reader does not know, and
files that cannot be read at all: each is said (an errored row naming the harness's message, a report field and
a non-zero exit, one usage error before scoring), never scored as if all were well."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_FIELD, BENCH_MIN_ACCURACY, BENCH_REPORT
from pytest_answerbench.report.io import report_schema

DATA = Path(__file__).parents[1] / "data" / "harnesses"
FAST = ("-p", "no:cacheprovider", "--bench-isolation", "none", BENCH_REPORT, "report.json")


def _log(status: str = "success", error: str | None = None, raised: bool = False) -> dict:
    """The inspect_ai .json fixture (ids 1, 2, 3 with two epochs: four responses, three right), with the run's
    status and error, and sample 2 errored (as inspect_ai records a sample whose model call raised)."""
    log = json.loads((DATA / "inspect_gsm8k.json").read_text(encoding="utf-8"))
    log["status"] = status
    if error is not None:
        log["error"] = {"message": error, "traceback": "Traceback (most recent call last): ..."}
    if raised:
        sample = log["samples"][1]
        sample["output"] = {"model": "mockllm/model", "choices": [], "completion": ""}
        sample["scores"] = {}
        sample["error"] = {"message": "RuntimeError('model server returned 500')", "traceback": "Traceback ..."}
    return log


def _write(path: Path, log: dict) -> None:
    path.write_text(json.dumps(log), encoding="utf-8")


def _eval(path: Path, log: dict, header: bool = True) -> None:
    """``log`` as a .eval archive (header.json written at the run's end; only the journal's start before)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        head = {key: value for key, value in log.items() if key != "samples"}
        if header:
            archive.writestr("header.json", json.dumps(head))
        archive.writestr("_journal/start.json", json.dumps({"version": 2, "eval": head["eval"]}))
        for sample in log["samples"]:
            archive.writestr(f"samples/{sample['id']}_epoch_{sample['epoch']}.json", json.dumps(sample))


def test_a_sample_that_raised_is_an_error_row_naming_inspect_s_message(bench_env):
    _write(bench_env.path / "log.json", _log(raised=True))
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "log.json", *FAST)
    report = load_report(bench_env)
    rows = {row["line"]: row for row in report["rows"]}
    assert rows[2]["status"] == "error"  # it was scored `wrong` (an empty response) before
    assert rows[2]["detail"] == ("log.json:2: sample 2 (id 2, epoch 1) errored in inspect_ai: "
                                 "RuntimeError('model server returned 500')")
    assert report["counts"]["error"] == 1 and report["total"] == 4
    assert [row["status"] for row in report["rows"] if row["line"] != 2].count("error") == 0
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert "harness_incomplete" not in report  # the run itself finished


@pytest.mark.parametrize("kind", [".json", ".eval"])
def test_a_run_inspect_did_not_finish_is_said_in_the_report_the_summary_and_the_exit_status(bench_env, kind):
    log = _log(status="error", error="model server returned 500")
    name = f"log{kind}"
    (_write if kind == ".json" else _eval)(bench_env.path / name, log)
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", name, *FAST)
    report = load_report(bench_env)
    message = (f"{name}: inspect did not complete this run (status 'error': model server returned 500); the scores "
               "cover only the samples it logged")
    assert report["harness_incomplete"] == [{"file": name, "harness": "inspect", "status": "error",
                                             "error": "model server returned 500", "message": message}]
    assert f"ERROR: {message}" in result.stdout.str()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    jsonschema.validate(report, report_schema())  # the field is part of the published schema
    wrong = {**report, "harness_incomplete": [{"file": name, "status": "error"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, report_schema())


def test_an_unfinished_run_fails_the_run_even_when_every_row_passes_and_every_gate_holds(bench_env):
    log = _log(status="cancelled")
    log["samples"] = log["samples"][:1]  # one response, right
    _write(bench_env.path / "log.json", log)
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "log.json", BENCH_MIN_ACCURACY, "0.5", *FAST)
    report = load_report(bench_env)
    assert report["total"] == 1 and report["counts"]["correct"] == 1
    assert [entry["status"] for entry in report["harness_incomplete"]] == ["cancelled"]
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    finished = _log()
    finished["samples"] = finished["samples"][:1]
    _write(bench_env.path / "log.json", finished)
    again = bench_env.runpytest_inprocess(BENCH, "olympiad", "log.json", BENCH_MIN_ACCURACY, "0.5", *FAST)
    assert again.ret == pytest.ExitCode.OK and "harness_incomplete" not in load_report(bench_env)


def test_an_eval_archive_without_its_header_is_a_run_still_going(bench_env):
    _eval(bench_env.path / "log.eval", _log(), header=False)
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "log.eval", *FAST)
    report = load_report(bench_env)
    assert [(e["file"], e["status"], e["error"]) for e in report["harness_incomplete"]] == [
        ("log.eval", "started", None)]
    assert report["total"] == 4
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_the_unfinished_run_is_said_under_xdist_too(bench_env):
    pytest.importorskip("xdist")
    _write(bench_env.path / "log.json", _log(status="error", error="out of credits"))
    result = bench_env.runpytest_subprocess(BENCH, "olympiad", "log.json", "-n", "2", *FAST)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert [e["error"] for e in load_report(bench_env)["harness_incomplete"]] == ["out of credits"]
    assert "inspect did not complete this run (status 'error': out of credits)" in result.stdout.str()


# -- a gold the reader does not find -----------------------------------------------------------------------------

def _lawbench(path: Path) -> None:
    """OpenCompass predictions of a LawBench task: the gold under ``refr``."""
    rows = {str(i): {"origin_prompt": f"Question {i}: how many days?", "prediction": f"The answer is {i}",
                     "refr": str(i if i % 4 else 99)} for i in range(6)}
    path.write_text(json.dumps(rows, indent=4), encoding="utf-8")


def test_a_gold_under_a_key_the_reader_does_not_know_stops_before_scoring(bench_env):
    _lawbench(bench_env.path / "lawbench.json")
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "lawbench.json", "--bench-from", "opencompass", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # it was 6 errored rows before
    err = result.stderr.str()
    assert ("lawbench.json: 6 of the first 6 records give no gold answer where opencompass files keep it; a record "
            "has the keys origin_prompt, prediction, refr. Name the key holding the gold: --bench-field "
            "answer=KEY") in err
    assert not (bench_env.path / "report.json").exists()
    named = bench_env.runpytest_inprocess(BENCH, "olympiad", "lawbench.json", "--bench-from", "opencompass",
                                          BENCH_FIELD, "answer=refr", *FAST)
    report = load_report(bench_env)
    assert report["total"] == 6 and (report["counts"]["correct"], report["counts"]["wrong"]) == (4, 2)
    assert named.ret == pytest.ExitCode.TESTS_FAILED


# -- a file that cannot be read at all, without --bench-from ------------------------------------------------------

def test_an_eval_file_that_is_not_a_zip_stops_before_scoring_naming_what_was_expected(bench_env):
    (bench_env.path / "broken.eval").write_text('{"not": "a zip archive"}\n', encoding="utf-8")
    result = bench_env.runpytest_inprocess(BENCH, "olympiad", "broken.eval", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # it was one errored row, "unknown format '.eval'", before
    err = result.stderr.str()
    assert "broken.eval: not a zip archive; inspect_ai .eval logs are zip archives" in err
    assert "unknown" not in err and str(bench_env.path) not in err
    assert not (bench_env.path / "report.json").exists()


# -- paths as the user gave them ------------------------------------------------------------------------------------

def test_the_missing_reader_names_the_file_as_given(bench_env, monkeypatch):
    (bench_env.path / "runs").mkdir()
    shutil.copy(DATA / "Qwen2-VL-7B_VMCBench_DEV.xlsx", bench_env.path / "runs" / "preds.xlsx")
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    result = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "runs/preds.xlsx", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "runs/preds.xlsx: reading .xlsx files needs openpyxl" in result.stderr.str()
    assert str(bench_env.path) not in result.stderr.str()


def test_an_output_over_an_input_is_named_as_given(bench_env):
    (bench_env.path / "runs").mkdir()
    write_jsonl(bench_env.path / "runs" / "preds.jsonl", [mc_row(1, "B")])
    result = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "runs/preds.jsonl", "--bench-markdown",
                                           "runs/preds.jsonl", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "--bench-markdown runs/preds.jsonl is also a prediction file" in result.stderr.str()
    assert str(bench_env.path) not in result.stderr.str()


def test_a_file_that_cannot_be_opened_stops_before_scoring(bench_env, monkeypatch):
    # what an ordinary user meets for a file of another user's (root reads it whatever its mode: simulated)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "B")])
    opened = Path.open

    def denied(self, *args, **kwargs):
        if self.name == "preds.jsonl":
            raise PermissionError(13, "Permission denied")
        return opened(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", denied)
    result = bench_env.runpytest_inprocess(BENCH, "vmcbench_dev", "preds.jsonl", *FAST)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "preds.jsonl: cannot be read (Permission denied)" in result.stderr.str()
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()
