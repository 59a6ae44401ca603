"""Issue 16 section 2: mistakes stop the run before any row is scored, with one message each."""

from __future__ import annotations

import sys

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_HTML, BENCH_MIN_ACCURACY, BENCH_REPORT, BENCH_THRESHOLD

ROWS = [mc_row(1, "(B)"), mc_row(2, "(B)"), mc_row(3, "(C)")]


@pytest.fixture
def preds(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    return bench_env


def test_a_misspelt_threshold_key_is_a_usage_error_before_scoring(preds):
    result = preds.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_THRESHOLD, "acuracy=0.5",
                             BENCH_REPORT, "report.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-threshold: 'acuracy': no 'acuracy' in the report (known: accuracy,*"
                                 "did you mean 'accuracy'?*"])
    assert not (preds.path / "report.json").exists()  # nothing was scored


@pytest.mark.parametrize("key, words", [
    ("counts.wrogn=0.1", "no 'wrogn' under counts (known: correct, wrong,*"),
    ("groups.topic.x=0.5", "the benchmark groups by category*"),
    ("accuracy.x=0.5", "accuracy is a number, not a table"),
    ("comparison.delta=0", "a comparison only with --bench-baseline"),
])
def test_threshold_keys_that_cannot_exist_are_named(preds, key, words):
    result = preds.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_THRESHOLD, key)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{words}"])


def test_a_valid_group_threshold_still_runs(preds):
    result = preds.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_THRESHOLD, "groups.category.MMStar=0.5")
    assert result.ret == pytest.ExitCode.OK


def test_a_report_path_that_cannot_be_written_is_a_usage_error(preds):
    (preds.path / "afile").write_text("x")
    result = preds.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "afile/report.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-report *afile/report.json: *afile is not a folder*"])
    (preds.path / "out").mkdir()
    result = preds.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_HTML, "out")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-html *out: is a folder*"])


def test_a_file_whose_rows_lack_the_required_fields_stops_with_one_message(bench_env):
    rows = [{k if k != "prediction" else "model_output": v for k, v in row.items()} for row in ROWS]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.1")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    text = result.stdout.str()
    # one message, not one per row
    assert text.count("lack the fields") == 1 and "missing required field" not in text
    result.stdout.fnmatch_lines([
        "ERROR: no row was scored from preds.jsonl (3 rows): none was collected and run (preds.jsonl: 3 of the first 3 rows lack the fields benchmark vmcbench_dev requires: missing 'prediction'; "
        "the file has the columns index, question, A, B, C, D, answer, category, model_output; benchmarks whose "
        "required fields fit: none. If a column holds a required field under another name, map it: *"])


def test_the_message_names_the_benchmarks_whose_fields_fit(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "crag_mm", "preds.jsonl", "--bench-no-judge")  # past the judge check
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*benchmarks whose required fields fit: *vmcbench_dev*"])


def test_a_few_rows_missing_a_field_are_row_errors_not_a_stop(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS + [{"index": 9, "answer": "B", "category": "MMStar"}])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.1")
    result.assert_outcomes(passed=2, xfailed=1, errors=1)
    result.stdout.fnmatch_lines(["*preds.jsonl:4: missing required field 'prediction'*"])


@pytest.mark.parametrize("name, text", [("preds.jsonl", ""), ("preds.csv", "index,prediction,answer\n")])
def test_an_empty_file_says_it_has_no_rows_and_exits_non_zero(bench_env, name, text):
    (bench_env.path / name).write_text(text)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", name, BENCH_REPORT, "report.json")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines([f"{name}: the file has no rows (nothing to score)"])
    assert "0.0000 (0/0" not in result.stdout.str()
    assert load_report(bench_env)["total"] == 0


def test_xlsx_without_openpyxl_is_a_usage_error_saying_what_to_install(bench_env, monkeypatch):
    (bench_env.path / "preds.xlsx").write_bytes(b"PK")
    monkeypatch.setitem(sys.modules, "openpyxl", None)  # import openpyxl now raises ImportError
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.xlsx")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*preds.xlsx: reading .xlsx files needs openpyxl: "
                                 "pip install 'pytest-answerbench[[]xlsx]'*"])


def test_under_xdist_the_stop_is_one_message_and_a_non_zero_exit(bench_env):
    """Every worker collects the file; the controller shows the message once (xdist exits 1 for a collection
    error on its workers, pytest 2 in a serial run: non-zero either way)."""
    (bench_env.path / "preds.jsonl").write_text("")
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.5", "-n", "2")
    assert result.ret != pytest.ExitCode.OK
    assert result.stdout.str().count("preds.jsonl: the file has no rows (nothing to score)") == 1
    result.stdout.fnmatch_lines(["no rows were scored"])


def test_rows_whose_ids_miss_the_gold_file_are_row_errors_not_a_field_stop(bench_env):
    """Rows lacking the gold fields because their ids are not in --bench-gold are that problem, one per row."""
    write_jsonl(bench_env.path / "gold.jsonl", [mc_row(1, "")])
    write_jsonl(bench_env.path / "preds.jsonl", [{"index": i, "prediction": "(B)"} for i in (1, 7, 8)])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-gold", "gold.jsonl")
    result.assert_outcomes(passed=1, errors=2)
    assert "lack the fields" not in result.stdout.str()
