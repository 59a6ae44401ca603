"""CI regression gates against a baseline report: paired statistics, flips, non-inferiority, fingerprints,
markdown / HTML / JUnit outputs, rescore check and row selection (issue: CI regression gates)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.report.rows import rows_digest
from pytest_answerbench.options import (
    BENCH,
    BENCH_BASELINE,
    BENCH_GROUP_GATES,
    BENCH_HTML,
    BENCH_MARGIN,
    BENCH_MARKDOWN,
    BENCH_MAX_DROP,
    BENCH_REPORT,
    BENCH_RESCORE_CHECK,
    BENCH_SELECT,
)


def _rows(n, wrong=(), category=lambda i: ["MMStar", "MMMU"][i % 2]):
    return [mc_row(i, "(A)" if i in wrong else "(B)", category=category(i)) for i in range(n)]


def _run(pytester, rows, report, *args):
    write_jsonl(pytester.path / "preds.jsonl", rows)
    return pytester.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, report, *args)


def _base_run(env) -> None:
    # 400 rows, 40 wrong (every 10th): accuracy 0.90
    _run(env, _rows(400, wrong=set(range(0, 400, 10))), "base.json")


@pytest.fixture
def baseline(bench_env, built_once):
    """base.json: the baseline run, made once, each test given its own copy."""
    return built_once.into("baseline", bench_env, _base_run)


def test_identical_run_passes_every_gate_with_no_change(baseline):
    result = _run(baseline, _rows(400, wrong=set(range(0, 400, 10))), "cur.json", BENCH_BASELINE, "base.json",
                  BENCH_MAX_DROP, "0.01", BENCH_MARGIN, "0.02")
    assert result.ret == pytest.ExitCode.OK
    report = load_report(baseline, "cur.json")
    c = report["comparison"]
    assert (c["n"], c["delta"], c["b"], c["c"], c["p_value"]) == (400, 0.0, 0, 0, 1.0)
    assert c["noninferiority"]["verdict"] == "pass"
    assert {g["name"]: g["passed"] for g in report["gates"]} == {"max_drop": True, "noninferiority": True,
                                                                 "fingerprint": True}
    result.stdout.fnmatch_lines(["vs baseline (400 paired rows): change +0.00 pts*McNemar p=1*"])


def test_a_real_drop_is_significant_and_fails(baseline):
    wrong = set(range(0, 400, 10)) | set(range(1, 400, 10)) | set(range(3, 120, 10))  # 92 wrong
    result = _run(baseline, _rows(400, wrong=wrong), "cur.json", BENCH_BASELINE, "base.json", BENCH_MARGIN, "0.02")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    c = load_report(baseline, "cur.json")["comparison"]
    assert c["b"] == 52 and c["c"] == 0 and c["p_value"] < 1e-10 and c["significant"]
    assert c["noninferiority"]["verdict"] == "fail"
    assert len(c["flips"]["correct_to_wrong"]) == 52
    result.stdout.fnmatch_lines(["flipped correct -> wrong (first 10 of 52):", "  preds.jsonl:2 1: 'B' -> 'A', gold 'B'",
                                 "gate *: noninferiority (margin 2.00 pts):*"])


def test_a_small_noisy_drop_is_inconclusive_and_passes(bench_env):
    _run(bench_env, _rows(100, wrong={0, 1, 2, 3, 4}), "base.json")
    result = _run(bench_env, _rows(100, wrong={0, 1, 2, 3, 5, 6, 7}), "cur.json", BENCH_BASELINE, "base.json",
                  BENCH_MARGIN, "0.02")
    assert result.ret == pytest.ExitCode.OK
    report = load_report(bench_env, "cur.json")
    ni = report["comparison"]["noninferiority"]
    assert ni["verdict"] == "inconclusive" and "detect" in ni["explanation"]
    gate = [g for g in report["gates"] if g["name"] == "noninferiority"][0]
    assert gate["passed"] and gate["outcome"] == "inconclusive"
    result.stdout.fnmatch_lines(["non-inferiority (margin 2.00 pts): inconclusive:*"])


def test_rows_added_and_removed_are_listed(bench_env):
    _run(bench_env, _rows(20), "base.json")
    rows = _rows(22)[2:]  # ids 0, 1 removed; 20, 21 added
    result = _run(bench_env, rows, "cur.json", BENCH_BASELINE, "base.json", BENCH_MAX_DROP, "0.05")
    c = load_report(bench_env, "cur.json")["comparison"]
    assert [r["id"] for r in c["only_in_current"]] == ["20", "21"]
    assert [r["id"] for r in c["only_in_baseline"]] == ["0", "1"]
    assert c["n"] == 18
    result.stdout.fnmatch_lines(["rows only in this run: 2 (20, 21)", "rows only in the baseline: 2 (0, 1)"])


def test_group_gates_are_holm_corrected(baseline):
    # MMMU (odd ids) loses 30 of its 200 rows; MMStar unchanged
    wrong = set(range(0, 400, 10)) | set(range(1, 181, 6))
    result = _run(baseline, _rows(400, wrong=wrong), "cur.json", BENCH_BASELINE, "base.json", BENCH_MAX_DROP, "0.1",
                  BENCH_GROUP_GATES)
    report = load_report(baseline, "cur.json")
    groups = {tuple(g["group"]): g for g in report["gates"] if g.get("group")}
    assert groups[("category", "MMMU")]["passed"] is False
    assert groups[("category", "MMStar")]["passed"] is True
    overall = [g for g in report["gates"] if g["name"] == "max_drop" and not g.get("group")][0]
    assert overall["passed"] is True  # the overall drop (7.5 pts) is within 10 pts; MMMU's (15 pts) is not
    assert report["comparison"]["groups"]["category"]["MMMU"]["p_holm"] >= \
        report["comparison"]["groups"]["category"]["MMMU"]["p_value"]
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_baseline_scored_differently_is_flagged(baseline):
    base = json.loads((baseline.path / "base.json").read_text())
    base["fingerprint"]["scorer_version"] = 0
    base["scorer_version"] = 0
    # as scorer version 0 would have written it: its fingerprint covers its rows
    base["fingerprint"]["rows_sha256"] = rows_digest(base["rows"], profile=base["profile"], scorer_version=0)
    (baseline.path / "old.json").write_text(json.dumps(base))
    result = _run(baseline, _rows(400, wrong=set(range(0, 400, 10))), "cur.json", BENCH_BASELINE, "old.json",
                  BENCH_MAX_DROP, "0.01")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    gate = [g for g in load_report(baseline, "cur.json")["gates"] if g["name"] == "fingerprint"][0]
    assert not gate["passed"] and "scorer_version" in gate["message"]
    result.stdout.fnmatch_lines(["*fingerprint: FAILED, the runs are not shown to be scored the same way: *scorer_version*"])


def test_markdown_html_and_junit_outputs(baseline, monkeypatch):
    summary = baseline.path / "step_summary.md"
    summary.write_text("# earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    rows = _rows(400, wrong=set(range(0, 400, 10)) | {5})
    rows[7]["category"] = "<script>alert(1)</script>"  # untrusted text shown in the groups table
    result = _run(baseline, rows, "cur.json", BENCH_BASELINE, "base.json", BENCH_MAX_DROP, "0.05",
                  BENCH_MARKDOWN, "out/summary.md", BENCH_HTML, "out/report.html", "--junitxml", "junit.xml")
    assert result.ret == pytest.ExitCode.OK
    md = (baseline.path / "out" / "summary.md").read_text()
    assert "vmcbench" in md and "max\\_drop" in md and "| --- |" in md
    assert summary.read_text().startswith("# earlier step\n") and md in summary.read_text()
    html = (baseline.path / "out" / "report.html").read_text()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    loaded = html.replace('"http://www.w3.org/1998/Math/MathML"', "")  # a namespace name, never fetched
    assert "http://" not in loaded and "https://" not in loaded
    result.stdout.fnmatch_lines(["generated answerbench markdown summary: *summary.md",
                                 "generated answerbench HTML report: *report.html"])
    gate_cases = {c.get("name"): c for c in ET.parse(baseline.path / "junit.xml").iter("testcase")
                  if c.get("classname") == "answerbench.gate"}
    assert set(gate_cases) == {"max_drop[accuracy_change]", "fingerprint[fingerprint]"}
    assert all(c.find("failure") is None for c in gate_cases.values())


def test_failed_gate_is_a_failed_junit_case(baseline):
    _run(baseline, _rows(400, wrong=set(range(0, 400, 5))), "cur.json", BENCH_BASELINE, "base.json",
         BENCH_MAX_DROP, "0.01", "--junitxml", "junit.xml")
    cases = {c.get("name"): c for c in ET.parse(baseline.path / "junit.xml").iter("testcase")
             if c.get("classname") == "answerbench.gate"}
    failure = cases["max_drop[accuracy_change]"].find("failure")
    assert failure is not None and "FAILED" in failure.get("message")


def test_rescore_check_confirms_or_catches_non_determinism(bench_env):
    result = _run(bench_env, _rows(30, wrong={1, 2}), "cur.json", BENCH_RESCORE_CHECK)
    assert result.ret == pytest.ExitCode.OK
    report = load_report(bench_env, "cur.json")
    assert report["rescore"]["differences"] == []
    bench_env.makeconftest(
        "import itertools, pytest\n"
        "counter = itertools.count()\n"
        "@pytest.fixture(scope='session')\n"
        "def bench_scorer():\n"
        "    return lambda row: next(counter) % 2 == 0\n")
    result = _run(bench_env, _rows(6), "cur.json", BENCH_RESCORE_CHECK)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    gate = [g for g in load_report(bench_env, "cur.json")["gates"] if g["name"] == "rescore"][0]
    assert gate["passed"] is False and gate["value"] > 0


def test_select_failing_and_flipped_rows(baseline):
    _run(baseline, _rows(400, wrong=set(range(0, 400, 10)) | {5, 15}), "cur.json", BENCH_BASELINE, "base.json")
    result = _run(baseline, _rows(400, wrong=set(range(0, 400, 10)) | {5, 15}), "again.json",
                  BENCH_SELECT, "flipped:cur.json")
    result.assert_outcomes(failed=2, deselected=398)
    result = _run(baseline, _rows(400), "again.json", BENCH_SELECT, "failing:cur.json")
    result.assert_outcomes(passed=42, deselected=358)
    result = _run(baseline, _rows(4), "again.json", BENCH_SELECT, "flipped:base.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
