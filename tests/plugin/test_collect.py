"""Collection: formats, line numbers, malformed rows as error items naming file:line, ids, duplicates."""

from __future__ import annotations

import csv
import json

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_LIMIT, BENCH_REPORT


def _run(pytester, *args):
    return pytester.runpytest(BENCH, "vmcbench_dev", *args, BENCH_REPORT, "report.json", "-p", "no:cacheprovider")


def test_each_row_is_an_item_named_by_its_id(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(7, "(B)"), mc_row(8, "(A)"), mc_row(9, "B")])
    result = _run(bench_env, "preds.jsonl", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*preds.jsonl::7 PASSED*", "*preds.jsonl::8 FAILED*", "*preds.jsonl::9 PASSED*"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_rows_without_id_are_named_by_line(bench_env):
    rows = [mc_row(1, "(B)"), mc_row(2, "(B)")]
    for r in rows:
        del r["index"]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = _run(bench_env, "preds.jsonl", "-v")
    result.stdout.fnmatch_lines(["*preds.jsonl::line1 PASSED*", "*preds.jsonl::line2 PASSED*"])
    assert [r["id"] for r in load_report(bench_env)["rows"]] == ["line1", "line2"]


def test_malformed_lines_become_error_items_and_the_rest_still_run(bench_env):
    good = json.dumps(mc_row(1, "(B)"))
    missing = json.dumps({k: v for k, v in mc_row(5, "(B)").items() if k != "prediction"})
    content = (good + "\n" + "{not json\n" + "[1, 2]\n" + "\n" + missing + "\n").encode() + b'{"index": 6, "p\xff"}\n'
    content += (json.dumps(mc_row(7, "(A)")) + "\n").encode()
    (bench_env.path / "preds.jsonl").write_bytes(content)
    result = _run(bench_env, "preds.jsonl")
    result.assert_outcomes(passed=1, failed=1, errors=4)
    report = load_report(bench_env)
    assert report["total"] == 6
    by_line = {r["line"]: r for r in report["rows"]}
    assert by_line[2]["status"] == "error" and "preds.jsonl:2: not valid JSON" in by_line[2]["detail"]
    assert "preds.jsonl:3: not a JSON object (got list)" in by_line[3]["detail"]
    assert "preds.jsonl:5: missing required field 'prediction'" in by_line[5]["detail"]
    assert "preds.jsonl:6: not valid UTF-8" in by_line[6]["detail"]
    assert by_line[7]["status"] == "wrong"
    result.stdout.fnmatch_lines(["*preds.jsonl:5*missing required field 'prediction'*"])


def test_bom_crlf_and_u2028_inside_strings(bench_env):
    rows = [mc_row(1, "(B)\u2028line separator inside"), mc_row(2, "(B)\u2029"), mc_row(3, "(A)")]
    text = "\r\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\r\n"
    (bench_env.path / "preds.jsonl").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = _run(bench_env, "preds.jsonl")
    result.assert_outcomes(passed=2, failed=1)
    report = load_report(bench_env)
    assert [(r["id"], r["line"]) for r in report["rows"]] == [("1", 1), ("2", 2), ("3", 3)]


def test_json_array_file_reports_element_lines(bench_env):
    rows = [mc_row(1, "(B)"), mc_row(2, "(C)")]
    (bench_env.path / "preds.json").write_text("[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]\n")
    _run(bench_env, "preds.json").assert_outcomes(passed=1, failed=1)
    assert [r["line"] for r in load_report(bench_env)["rows"]] == [2, 3]


def test_json_file_that_is_not_an_array_stops_before_scoring(bench_env):
    # a whole-file problem is one usage error naming the file (it was one errored row, 0/1, before)
    (bench_env.path / "preds.json").write_text('{"rows": []}')
    result = _run(bench_env, "preds.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert ("preds.json: a .json prediction file must hold an array of row objects; this one holds a JSON object "
            "(line 1)") in result.stderr.str()
    assert str(bench_env.path) not in result.stderr.str()
    assert not (bench_env.path / "report.json").exists()


@pytest.mark.parametrize("suffix, delimiter", [(".csv", ","), (".tsv", "\t")])
def test_delimited_files(bench_env, suffix, delimiter):
    rows = [mc_row(1, "(B)"), mc_row(2, "The answer is (C),\nsurely"), mc_row(3, "(B)")]
    path = bench_env.path / f"preds{suffix}"
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]), delimiter=delimiter)
        writer.writeheader()
        writer.writerows(rows)
    _run(bench_env, path.name).assert_outcomes(passed=2, failed=1)
    # the second record spans two physical lines: the third starts on line 5
    assert [r["line"] for r in load_report(bench_env)["rows"]] == [2, 3, 5]


def test_xlsx_file(bench_env):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    sheet = book.active
    rows = [mc_row(1, "(B)"), mc_row(2, "(D)"), mc_row(3, "B")]
    sheet.append(list(rows[0]))
    for r in rows:
        sheet.append(list(r.values()))
    book.save(bench_env.path / "preds.xlsx")
    _run(bench_env, "preds.xlsx").assert_outcomes(passed=2, failed=1)
    report = load_report(bench_env)
    assert [(r["id"], r["line"]) for r in report["rows"]] == [("1", 2), ("2", 3), ("3", 4)]


def test_duplicate_ids_are_numbered_alike_in_the_report_junit_the_viewer_and_the_library(bench_env):
    """The id rule (docs/report-schema.md): the second row with id 1 is 1#2 everywhere, as the warning says."""
    import xml.etree.ElementTree as ET

    from pytest_answerbench import score_rows

    rows = [mc_row(1, "(B)"), mc_row(1, "(A)"), mc_row(1, "(B)"), mc_row(2, "(B)")]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    result = _run(bench_env, "preds.jsonl", "-v", "--junitxml", "junit.xml", "--bench-html", "report.html")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["*preds.jsonl::1#2 FAILED*",
                                 "*warning: preds.jsonl:2: id '1' already used (scored as 1#2; "
                                 "*--bench-samples-by FIELD)*"])
    report = load_report(bench_env)
    expected = ["1", "1#2", "1#3", "2"]
    assert [r["id"] for r in report["rows"]] == expected
    hint = "; rows sharing a field's value are samples of one question with --bench-samples-by FIELD"
    assert report["warnings"] == [f"preds.jsonl:2: id '1' already used (scored as 1#2{hint})",
                                  f"preds.jsonl:3: id '1' already used (scored as 1#3{hint})"]
    junit = [{p.get("name"): p.get("value") for p in case.iter("property")}
             for case in ET.parse(bench_env.path / "junit.xml").iter("testcase")]
    assert [props["row_id"] for props in junit] == expected
    assert '"id": "1#3"' in (bench_env.path / "report.html").read_text(encoding="utf-8").replace('":"', '": "')
    assert [r["id"] for r in score_rows("vmcbench_dev", rows)["rows"]] == expected


def test_a_baseline_written_before_the_id_rule_still_pairs_row_for_row(bench_env):
    """A report of before the rule has two rows '1' in one file: the second reads as '1#2' (report/paired.py
    current_ids), so --bench-baseline and --bench-select pair every row."""
    rows = [mc_row(1, "(B)"), mc_row(1, "(A)"), mc_row(2, "(B)")]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    _run(bench_env, "preds.jsonl")
    old = load_report(bench_env)
    for row in old["rows"]:
        row["id"] = row["id"].split("#")[0]  # as the plugin wrote it before
    del old["fingerprint"]["rows_sha256"]  # which such reports did not have either (docs/reports.md)
    assert [r["id"] for r in old["rows"]] == ["1", "1", "2"]
    (bench_env.path / "old.json").write_text(json.dumps(old), encoding="utf-8")
    result = _run(bench_env, "preds.jsonl", "--bench-baseline", "old.json", "--bench-max-drop", "0")
    assert result.ret == pytest.ExitCode.OK
    comparison = load_report(bench_env)["comparison"]
    assert comparison["n"] == 3 and comparison["only_in_current"] == comparison["only_in_baseline"] == []
    assert comparison["duplicate_ids"] == {"current": [], "baseline": []}
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-select", "failing:old.json",
                                 "-v", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*preds.jsonl::1#2 FAILED*"])


def test_only_named_files_are_collected(bench_env):
    bench_env.makepyfile(test_other="def test_x():\n    assert False\n")
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    result = _run(bench_env, "preds.jsonl", ".")
    result.assert_outcomes(passed=1)


def test_a_directory_argument_collects_its_prediction_files(bench_env):
    (bench_env.path / "runs").mkdir()
    write_jsonl(bench_env.path / "runs" / "a.jsonl", [mc_row(1, "(B)")])
    write_jsonl(bench_env.path / "runs" / "b.jsonl", [mc_row(2, "(A)")])
    (bench_env.path / "runs" / "test_x.py").write_text("def test_x():\n    pass\n")
    _run(bench_env, "runs").assert_outcomes(passed=1, failed=1)
    assert [f["path"] for f in load_report(bench_env)["files"]] == ["runs/a.jsonl", "runs/b.jsonl"]


def test_limit_scores_the_first_rows_of_each_file(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(10)])
    _run(bench_env, "preds.jsonl", BENCH_LIMIT, "3").assert_outcomes(passed=3)


def test_missing_file_is_a_usage_error(bench_env):
    result = _run(bench_env, "nope.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench: prediction file not found: *nope.jsonl*"])


def test_unknown_format_stops_before_scoring(bench_env):
    (bench_env.path / "preds.txt").write_text("hello\n")
    result = _run(bench_env, "preds.txt")
    assert result.ret == pytest.ExitCode.USAGE_ERROR  # it was one errored row before
    assert "preds.txt: unknown prediction file format '.txt'" in result.stderr.str()


def test_bench_without_prediction_files_is_a_usage_error(bench_env):
    result = bench_env.runpytest(BENCH, "vmcbench_dev")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench vmcbench_dev needs at least one prediction file*"])


def test_unknown_benchmark_is_a_usage_error_listing_the_known_ones(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    result = bench_env.runpytest(BENCH, "vmcbench_devv", "preds.jsonl")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown benchmark 'vmcbench_devv'*(known:*vmcbench_dev*"])


def test_benchmark_names_are_case_insensitive_and_aliases_work(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(1, "(B)")])
    for name in ("VMCBench_DEV", "vmcbench-dev", "VMCBENCH_TEST"):
        result = bench_env.runpytest(BENCH, name, "preds.jsonl", BENCH_REPORT, "report.json")
        result.assert_outcomes(passed=1)
    assert load_report(bench_env)["benchmark"] == "vmcbench_test"
