"""Gates and exit status (CONTRACT section 2), end to end: CLI, ini keys, the benchmark YAML's gate:."""

from __future__ import annotations

import json

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import (
    BENCH,
    BENCH_BASELINE,
    BENCH_MAX_DROP,
    BENCH_MIN_ACCURACY,
    BENCH_REPORT,
    BENCH_THRESHOLD,
)

# 3 of 4 correct: accuracy 0.75; MMStar 1.0, MMMU 0.5
ROWS = [mc_row(1, "(B)"), mc_row(2, "(B)"), mc_row(3, "(B)", category="MMMU"), mc_row(4, "(C)", category="MMMU")]


@pytest.fixture
def run(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS)

    def _run(*args, bench="vmcbench_dev"):
        return bench_env.runpytest(BENCH, bench, "preds.jsonl", BENCH_REPORT, "report.json", *args)

    return _run


def test_without_gates_a_wrong_row_fails_the_run(run):
    assert run().ret == pytest.ExitCode.TESTS_FAILED


def test_without_gates_all_correct_exits_zero(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS[:3])
    assert bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl").ret == pytest.ExitCode.OK


def test_min_accuracy_that_holds_exits_zero_despite_wrong_rows(run, bench_env):
    result = run(BENCH_MIN_ACCURACY, "0.7")
    result.assert_outcomes(passed=3, xfailed=1)  # with a gate, a wrong row is a result, not a failure
    assert result.ret == pytest.ExitCode.OK
    gate = load_report(bench_env)["gates"][0]
    assert gate == {**gate, "name": "min_accuracy", "value": 0.75, "threshold": 0.7, "passed": True}
    result.stdout.fnmatch_lines(["gate pass: min_accuracy: accuracy = 0.7500 >= 0.7 holds"])


def test_min_accuracy_that_fails_names_itself_and_the_gap(run):
    result = run(BENCH_MIN_ACCURACY, "0.8")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["gate FAIL: min_accuracy: vmcbench_dev accuracy 0.7500 < min 0.8 (n=4, short by 0.0500)"])


def test_an_errored_row_fails_a_gated_run_even_when_the_gate_holds(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS + ["{oops"])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.1")
    assert result.ret == pytest.ExitCode.TESTS_FAILED


@pytest.mark.parametrize("threshold, ok", [
    ("groups.category.MMStar=1.0", True),
    ("groups.category.MMMU=0.6", False),
    ("metrics.General=0.9", True),
    ("counts.wrong<=1", True),
    ("counts.wrong<=0", False),
    ("accuracy>=0.75", True),
])
def test_threshold_on_any_number_in_the_report(run, bench_env, threshold, ok):
    result = run(BENCH_THRESHOLD, threshold)
    assert result.ret == (pytest.ExitCode.OK if ok else pytest.ExitCode.TESTS_FAILED)
    gate = load_report(bench_env)["gates"][0]
    assert gate["passed"] is ok and gate["name"] == "threshold"


def test_threshold_on_a_missing_key_fails_and_says_what_exists(run):
    result = run(BENCH_THRESHOLD, "groups.category.Algebra=0.4")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["gate FAIL: threshold: *no 'Algebra' under groups.category (known: MMMU, MMStar)*"])


def test_several_thresholds_all_must_hold(run, bench_env):
    result = run(BENCH_THRESHOLD, "accuracy=0.5", BENCH_THRESHOLD, "groups.category.MMMU=0.9")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert [g["passed"] for g in load_report(bench_env)["gates"]] == [True, False]


@pytest.mark.parametrize("args, message", [
    ((BENCH_MIN_ACCURACY, "1.5"), "--bench-min-accuracy must be in [0, 1], got 1.5"),
    ((BENCH_MIN_ACCURACY, "high"), "--bench-min-accuracy must be a number in [0, 1], got 'high'"),
    ((BENCH_THRESHOLD, "accuracy"), "--bench-threshold expects KEY=X, KEY>=X or KEY<=X, got 'accuracy'"),
    ((BENCH_MAX_DROP, "0.1"), "--bench-max-drop requires --bench-baseline*"),
])
def test_bad_gate_options_are_usage_errors(run, args, message):
    result = run(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*{message.replace('[', '[[]')}*"])


def test_ini_keys_set_gates(run, bench_env):
    bench_env.makeini("[pytest]\nbench_min_accuracy = 0.9\nbench_threshold =\n    accuracy=0.5\n")
    result = run()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    gates = load_report(bench_env)["gates"]
    assert [(g["name"], g["threshold"]) for g in gates] == [("min_accuracy", 0.9), ("threshold", 0.5)]


def test_cli_beats_ini_beats_yaml(run, bench_env):
    yaml_path = bench_env.path / "mine.yaml"
    yaml_path.write_text(
        "name: mine\nscorer: vmcbench\nrequired: [prediction, answer]\ngroups: [category]\n"
        "gate:\n  min_accuracy: 0.95\n")
    result = run(bench=str(yaml_path))
    assert load_report(bench_env)["gates"][0]["threshold"] == 0.95
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    bench_env.makeini("[pytest]\nbench_min_accuracy = 0.6\n")
    assert run(bench=str(yaml_path)).ret == pytest.ExitCode.OK
    assert load_report(bench_env)["gates"][0]["threshold"] == 0.6
    assert run(BENCH_MIN_ACCURACY, "0.8", bench=str(yaml_path)).ret == pytest.ExitCode.TESTS_FAILED
    assert load_report(bench_env)["gates"][0]["threshold"] == 0.8


def test_baseline_max_drop(run, bench_env):
    baseline = bench_env.path / "baseline.json"
    baseline.write_text(json.dumps({"benchmark": "vmcbench_dev", "accuracy": 0.8}))
    # The accuracy alone is compared, and the run still fails: a baseline without rows or a fingerprint cannot
    # show it was scored the same way (issue 23, section 4).
    result = run(BENCH_BASELINE, str(baseline), BENCH_MAX_DROP, "0.1")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["gate pass: max_drop: accuracy 0.7500 vs baseline 0.8000: change -0.0500, allowed "
                                 "drop 0.1 holds", "gate FAIL: fingerprint: FAILED*lists no rows*no fingerprint*"])
    result = run(BENCH_BASELINE, str(baseline), BENCH_MAX_DROP, "0.02")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["gate *: max_drop: accuracy 0.7500 vs baseline 0.8000: change -0.0500, allowed drop "
                                 "0.02 FAILED (over by 0.0300)"])


def test_baseline_that_is_not_a_report_is_a_usage_error(run, bench_env):
    (bench_env.path / "b.json").write_text("[]")
    result = run(BENCH_BASELINE, "b.json", BENCH_MAX_DROP, "0.1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-baseline b.json: not an answerbench report*"])
