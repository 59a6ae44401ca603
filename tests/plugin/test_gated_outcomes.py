"""Issue 16 section 1: with a gate, the gates are the assertions; wrong rows are xfail, not failures
(terminal line, JUnit totals), each still findable; one outcome vocabulary (pass, fail, inconclusive)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_MIN_ACCURACY, BENCH_REPORT

# 3 of 4 correct (accuracy 0.75); row 4 answers C where the gold is B
ROWS = [mc_row(1, "(B)"), mc_row(2, "(B)"), mc_row(3, "(B)", category="MMMU"), mc_row(4, "(C)", category="MMMU")]


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    write_jsonl(pytester.path / "preds.jsonl", ROWS)
    return pytester.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                              "--junitxml", "junit.xml", *args)


def _suite(pytester: pytest.Pytester) -> ET.Element:
    root = ET.parse(pytester.path / "junit.xml").getroot()
    return root if root.tag == "testsuite" else root.find("testsuite")


def _cases(suite: ET.Element) -> dict[str, ET.Element]:
    return {case.get("name"): case for case in suite.iter("testcase")}


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_a_holding_gate_shows_wrong_rows_as_xfail_and_junit_has_no_failures(bench_env, workers):
    result = _run(bench_env, BENCH_MIN_ACCURACY, "0.7", *workers)
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=3, xfailed=1)
    suite = _suite(bench_env)
    assert suite.get("failures") == "0" and suite.get("errors") == "0"
    cases = _cases(suite)
    # the wrong row is findable: skipped as xfail with its reason, and its properties
    wrong = cases["4"]
    skipped = wrong.find("skipped")
    assert skipped is not None and skipped.get("type") == "pytest.xfail"
    assert "wrong: extracted 'C', gold 'B'" in skipped.get("message")
    props = {p.get("name"): p.get("value") for p in wrong.iter("property")}
    assert props["status"] == "wrong" and props["line"] == "4"
    # the gate is the assertion: its own test case, passed, with the outcome word
    gate = cases["min_accuracy[accuracy]"]
    assert gate.find("failure") is None
    gate_props = {p.get("name"): p.get("value") for p in gate.iter("property")}
    assert gate_props["outcome"] == "pass" and gate_props["value"] == "0.75"
    assert [r["status"] for r in load_report(bench_env)["rows"]].count("wrong") == 1
    result.stdout.fnmatch_lines(["gate pass: min_accuracy: accuracy = 0.7500 >= 0.7 holds"])


def test_a_failing_gate_is_the_one_junit_failure(bench_env):
    result = _run(bench_env, BENCH_MIN_ACCURACY, "0.9")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=3, xfailed=1)
    suite = _suite(bench_env)
    assert suite.get("failures") == "1"
    gate = _cases(suite)["min_accuracy[accuracy]"]
    assert "accuracy 0.7500 < min 0.9" in gate.find("failure").get("message")
    assert {p.get("name"): p.get("value") for p in gate.iter("property")}["outcome"] == "fail"
    assert load_report(bench_env)["gates"][0]["outcome"] == "fail"
    result.stdout.fnmatch_lines(["gate FAIL: min_accuracy: *"])


def test_without_a_gate_a_wrong_row_is_a_failure_as_in_pytest(bench_env):
    result = _run(bench_env)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=3, failed=1)
    assert _suite(bench_env).get("failures") == "1"


def test_under_a_gate_an_error_row_stays_a_failure_as_it_fails_the_exit_status(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", ROWS + [mc_row(5, "(B)"), "{oops"])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.1")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=4, xfailed=1, errors=1)


SLOW_SCORER = """
import pytest

@pytest.fixture(scope="session")
def bench_scorer():
    def score(row):
        while row["prediction"] == "SPIN":
            pass
        return row["prediction"] == "(" + row["answer"] + ")"
    return score
"""


def test_under_a_gate_a_timed_out_row_is_xfail_too(bench_env):
    bench_env.makeconftest(SLOW_SCORER)
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)"), mc_row(2, "SPIN"), mc_row(3, "(B)")])
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_MIN_ACCURACY, "0.5", "--timeout", "0.3",
                                 BENCH_REPORT, "report.json")
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=2, xfailed=1)
    assert [r["status"] for r in load_report(bench_env)["rows"]] == ["correct", "timeout", "correct"]
