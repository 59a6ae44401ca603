"""--bench-shard I/N and `answerbench merge`: shards cover every row exactly once, and merge proves it."""

from __future__ import annotations

import json

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.cli import main
from pytest_answerbench.options import BENCH, BENCH_REPORT, BENCH_SHARD
from pytest_answerbench.report import ReportError, merge_reports


def _rows(n):
    rows = [mc_row(i, "(B)" if i % 3 else "(A)", category=["MMStar", "MMMU"][i % 2]) for i in range(n)]
    rows[4] = "{broken"
    return rows


def _shards(pytester, count, *extra):
    for i in range(1, count + 1):
        result = pytester.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "b.jsonl", BENCH_SHARD, f"{i}/{count}",
                                    BENCH_REPORT, f"shard{i}.json", *extra)
        assert result.ret in (0, 1)
    return [load_report(pytester, f"shard{i}.json") for i in range(1, count + 1)]


@pytest.fixture
def files(bench_env):
    write_jsonl(bench_env.path / "a.jsonl", _rows(11))
    write_jsonl(bench_env.path / "b.jsonl", [mc_row(100 + i, "(B)") for i in range(6)])
    return bench_env


def test_shards_partition_the_rows_and_merge_equals_the_whole_run(files):
    whole = files.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "b.jsonl", BENCH_REPORT, "whole.json")
    assert whole.ret == 1
    shards = _shards(files, 3)
    keys = [{(r["file"], r["line"]) for r in s["rows"]} for s in shards]
    assert sum(len(k) for k in keys) == 17 and len(set.union(*keys)) == 17
    assert all(s["shard"]["rows_in_files"] == 17 for s in shards)
    assert [len(k) for k in keys] == [6, 6, 5]
    merged = merge_reports(shards)
    full = load_report(files, "whole.json")
    for key in ("total", "correct", "accuracy", "ci95", "counts", "metrics", "groups", "files"):
        assert merged[key] == full[key], key
    assert [r["id"] for r in merged["rows"]] == [r["id"] for r in full["rows"]]


def test_the_merged_report_carries_the_shards_fingerprint(files):
    whole = files.runpytest(BENCH, "vmcbench_dev", "a.jsonl", "b.jsonl", BENCH_REPORT, "whole.json")
    assert whole.ret == 1
    shards = _shards(files, 2)
    merged = merge_reports(shards)
    assert merged["fingerprint"] == load_report(files, "whole.json")["fingerprint"]
    assert merged["fingerprint"]["spec_sha256"] and merged["fingerprint"]["predictions_sha256"]
    shards[1]["fingerprint"]["scorer_version"] = 99
    with pytest.raises(ReportError, match=r"report 2: scored differently from report 1: scorer_version differs"):
        merge_reports(shards)


def test_merge_command_writes_the_report(files, capsys):
    _shards(files, 2)
    out = files.path / "merged.json"
    assert main(["merge", str(files.path / "shard1.json"), str(files.path / "shard2.json"), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["total"] == 17
    assert "merged 2 report(s): 17 rows" in capsys.readouterr().out


def test_a_missing_shard_is_an_error(files, capsys):
    _shards(files, 3)
    code = main(["merge", str(files.path / "shard1.json"), str(files.path / "shard3.json"), "-o", "x.json"])
    assert code == 2  # not one whole run: an unusable input, exit 2 as for every command
    assert "missing shard(s) 2 of 3" in capsys.readouterr().err


def test_a_duplicated_row_is_an_error(files):
    shards = _shards(files, 2)
    shards[1]["rows"].append(dict(shards[0]["rows"][0]))
    with pytest.raises(ReportError, match=r"is in both report 1 and report 2"):
        merge_reports(shards)


def test_a_missing_row_is_an_error(files):
    shards = _shards(files, 2)
    shards[0]["rows"].pop()
    with pytest.raises(ReportError, match="the shards hold 16 rows but the prediction files have 17"):
        merge_reports(shards)


def test_the_same_shard_twice_is_an_error(files):
    shards = _shards(files, 2)
    with pytest.raises(ReportError, match="shard 1/2 given twice"):
        merge_reports([shards[0], shards[0]], ["s1.json", "again.json"])


def test_shards_of_different_files_are_an_error(files):
    shards = _shards(files, 2)
    shards[1]["files"][0]["sha256"] = "0" * 64
    with pytest.raises(ReportError, match="prediction files .* differ"):
        merge_reports(shards)


def test_bad_shard_option_is_a_usage_error(files):
    result = files.runpytest(BENCH, "vmcbench_dev", "a.jsonl", BENCH_SHARD, "4/3")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--bench-shard expects I/N with 1 <= I <= N, got '4/3'*"])


def test_last_failed_reruns_only_rows_that_failed(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _rows(9))
    first = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "-p", "cacheprovider")
    first.assert_outcomes(passed=5, failed=3, errors=1)
    again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--lf", BENCH_REPORT, "report.json")
    again.assert_outcomes(failed=3, errors=1)
    assert sorted(r["status"] for r in load_report(bench_env)["rows"]) == ["error", "wrong", "wrong", "wrong"]


def test_an_incomplete_shard_makes_the_merge_incomplete(files):
    shards = _shards(files, 2)
    for row in shards[1]["rows"][-3:]:
        row.update(status="not_run", score=0.0, method="not-run", detail="not run: stopped by SIGTERM")
    shards[1]["incomplete"], shards[1]["incomplete_reason"] = True, "stopped by SIGTERM"
    merged = merge_reports(shards)
    assert merged["incomplete"] is True and merged["incomplete_reason"] == "report 2: stopped by SIGTERM"
    assert merged["counts"]["not_run"] == 3 and merged["total"] == len(merged["rows"]) == 17
    assert [g["passed"] for g in merged["gates"] if g["name"] == "complete"] == [False]
    assert "incomplete" not in merge_reports(_shards(files, 2))
