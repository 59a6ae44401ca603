"""Issue 16 section 3: any file, any columns: --bench-field (command line, ini, YAML fields:), the generic
scorer's prediction_field/gold_field, numeric options as people write them."""

from __future__ import annotations

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import SpecError, load_spec
from pytest_answerbench.options import BENCH, BENCH_MIN_ACCURACY, BENCH_REPORT

BENCH_FIELD = "--bench-field"


def _renamed(row: dict, **names: str) -> dict:
    return {names.get(k, k): v for k, v in row.items()}


# 2 of 3 correct, the prediction under model_output and the gold under truth
ROWS = [_renamed(mc_row(i, p), prediction="model_output", answer="truth")
        for i, p in ((1, "(B)"), (2, "(B)"), (3, "(C)"))]


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_bench_field_maps_columns_before_the_required_field_check(bench_env, workers):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_FIELD, "prediction=model_output",
                                 BENCH_FIELD, "answer=truth", BENCH_REPORT, "report.json", BENCH_MIN_ACCURACY, "0.5",
                                 *workers)
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=2, xfailed=1)
    report = load_report(bench_env)
    assert report["fields"] == {"prediction": "model_output", "answer": "truth"}
    assert {r["id"]: r["extracted"] for r in report["rows"]} == {"1": "B", "2": "B", "3": "C"}
    assert {r["gold"] for r in report["rows"]} == {"B"}


def test_bench_field_as_an_ini_key(bench_env):
    bench_env.makeini("[pytest]\nbench_field =\n    prediction=model_output\n    answer=truth\n")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=2, failed=1)
    assert load_report(bench_env)["fields"] == {"prediction": "model_output", "answer": "truth"}


def test_a_bad_bench_field_is_a_usage_error(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_FIELD, "prediction")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-field expects FIELD=COLUMN (e.g. prediction=model_output), got*"])


GENERIC = """\
name: renamed
scorer: generic
prediction_field: model_output
gold_field: truth
required: [model_output, truth]
options:
  extract: [{type: last_number}]
  match: {type: numeric, abs_tol: 1e-6}
"""


def test_generic_reads_prediction_field_and_gold_field_and_abs_tol_1e_6(bench_env):
    (bench_env.path / "bench.yaml").write_text(GENERIC)
    write_jsonl(bench_env.path / "preds.jsonl", [
        {"id": "a", "model_output": "so 0.3333333", "truth": "1/3"},   # within 1e-6
        {"id": "b", "model_output": "so 0.3333", "truth": "1/3"},      # not within 1e-6
    ])
    result = bench_env.runpytest(BENCH, "bench.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=1, failed=1)
    rows = {r["id"]: r for r in load_report(bench_env)["rows"]}
    assert rows["a"]["status"] == "correct" and rows["a"]["gold"] == "1/3"
    assert rows["b"]["status"] == "wrong" and rows["b"]["extracted"] == "0.3333"


def test_yaml_fields_maps_columns_for_any_scorer(bench_env):
    (bench_env.path / "mine.yaml").write_text("include: " + str(
        load_spec_path("vmcbench_dev")) + "\nname: mine\nfields: {prediction: model_output, answer: truth}\n")
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)
    result = bench_env.runpytest(BENCH, "mine.yaml", "preds.jsonl", BENCH_REPORT, "report.json")
    result.assert_outcomes(passed=2, failed=1)
    assert load_report(bench_env)["fields"] == {"prediction": "model_output", "answer": "truth"}


def load_spec_path(name: str):
    from pytest_answerbench.spec import resolve_benchmark

    return resolve_benchmark(name).path


@pytest.mark.parametrize("text, words", [
    ("abs_tol: nope", "abs_tol must be a non-negative number, got 'nope'"),
    ("abs_tol: -1e-3", "abs_tol must be a non-negative number"),
    ("bogus: 1", "options.match.bogus is not a parameter of matcher 'numeric'"),
])
def test_numeric_options_that_are_not_numbers_and_options_nobody_reads_are_errors(tmp_path, text, words):
    path = tmp_path / "b.yaml"
    path.write_text(GENERIC.replace("abs_tol: 1e-6", text))
    with pytest.raises(SpecError, match=words.replace("(", r"\(").replace(")", r"\)")):
        load_spec(path)


def test_numeric_yaml_values_written_as_text_are_numbers(tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text(GENERIC + "timeout: 5e1\ngate: {min_accuracy: 5e-1}\n")
    spec = load_spec(path)
    assert spec.timeout == 50.0 and spec.gate["min_accuracy"] == 0.5
    assert spec.options["fields"] == {"prediction": "model_output", "answer": ["truth"]}


def test_prediction_field_a_scorer_does_not_read_is_an_error(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(f"include: {load_spec_path('olympiad')}\nname: mine\nprediction_field: model_output\n")
    with pytest.raises(SpecError, match=r"scorer 'olympiad' does not read 'model_output' .*use fields: "
                                        r"\{FIELD: model_output\}"):
        load_spec(path)
    path.write_text(f"include: {load_spec_path('olympiad')}\nname: mine\nfields: {{prediction: model_output}}\n")
    assert load_spec(path).fields == {"prediction": "model_output"}
