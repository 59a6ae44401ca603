"""Streamed mode as rows as items at its edges: the plugin's ``pytest_answerbench_row_scored`` hook is called per
row with the same view of the row, rows left out on xdist workers are counted in the controller's "deselected",
and ``--lf``/``--ff`` say per row what they rerun."""

from __future__ import annotations

import json

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.options import BENCH, BENCH_REPORT
from test_stream_attacks import LEAN

WATCHER = """
import json

def pytest_answerbench_row_scored(item, row, verdict):
    seen = {"nodeid": item.nodeid, "name": item.name, "row_id": item.row_id, "line": item.row_line,
            "sample": list(item.sample) if item.sample else None, "file": item.parent.display_name,
            "location": list(item.location), "prediction": row.get("prediction"),
            "status": None if verdict is None else verdict.status}
    with open("scored.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps(seen) + "\\n")
"""


def _rows() -> list:
    rows = [mc_row(i, "(B)" if i % 3 else "(A)") for i in range(7)]
    rows[2] = "{broken"  # never scored: the hook is not called for it
    rows.append(mc_row(1, "(B)"))  # a repeat: 1#2
    return rows


def _scored(env: pytest.Pytester) -> list[dict]:
    path = env.path / "scored.jsonl"
    out = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.unlink()
    return out


def test_row_scored_is_called_per_row_with_the_item_modes_view(bench_env):
    bench_env.makeconftest(WATCHER)
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    seen = {}
    for mode in ("off", "on"):
        result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode,
                                     BENCH_REPORT, f"{mode}.json", "-p", "no:randomly")
        assert result.ret == 1
        seen[mode] = _scored(bench_env)
    assert len(seen["off"]) == 7  # eight rows, one unreadable
    assert [s["row_id"] for s in seen["off"]] == ["0", "1", "3", "4", "5", "6", "1#2"]
    assert seen["on"] == seen["off"]
    assert {s["status"] for s in seen["on"]} == {"correct", "wrong"}
    # the run's own records are untouched by the hook being watched
    assert load_report(bench_env, "on.json")["rows"] == load_report(bench_env, "off.json")["rows"]


def test_row_scored_not_watched_leaves_streamed_rows_alone(bench_env):
    """Near miss: no conftest implements the hook: nothing is written, the rows are scored as before."""
    write_jsonl(bench_env.path / "preds.jsonl", _rows())
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                 BENCH_REPORT, "on.json")
    assert result.ret == 1
    assert not (bench_env.path / "scored.jsonl").exists()
    assert load_report(bench_env, "on.json")["total"] == 8


def _selection_rows() -> list:
    return [mc_row(i, "(B)" if i % 3 else "(A)") for i in range(12)]


@pytest.mark.parametrize("mode", ["off", "on"])
def test_rows_left_out_on_xdist_workers_are_counted_deselected(bench_env, mode):
    write_jsonl(bench_env.path / "preds.jsonl", _selection_rows())
    serial = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode,
                                            "-k", "not 1", BENCH_REPORT, "serial.json", *LEAN)
    serial.assert_outcomes(passed=5, failed=4, deselected=3)  # 1, 10 and 11 left out
    parallel = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode,
                                              "-k", "not 1", BENCH_REPORT, "xdist.json", "-n", "2", *LEAN)
    parallel.assert_outcomes(passed=5, failed=4, deselected=3)
    xdist = load_report(bench_env, "xdist.json")
    assert xdist["total"] == 9 and xdist["rows"] == load_report(bench_env, "serial.json")["rows"]
    # --bench-select failing: the rows correct last time are left out on the workers, counted on the controller
    again = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode,
                                           "--bench-select", "failing:serial.json", BENCH_REPORT, "again.json",
                                           "-n", "2", *LEAN)
    again.assert_outcomes(failed=4, deselected=8)


def test_nothing_left_out_says_no_deselected_under_xdist(bench_env):
    """Near miss: every row selected: no "deselected" in the last line."""
    write_jsonl(bench_env.path / "preds.jsonl", _selection_rows())
    result = bench_env.runpytest_subprocess(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", "on",
                                            "-n", "2", *LEAN)
    result.assert_outcomes(passed=8, failed=4, deselected=0)
    assert "deselected" not in result.stdout.lines[-1]
    assert not [line for line in result.stdout.lines if line.startswith("answerbench:") and "deselected" in line]


def _last_failed_line(result) -> list[str]:
    return [line for line in result.stdout.lines if line.startswith("run-last-failure:")]


@pytest.mark.parametrize("option, line", [("--lf", "run-last-failure: rerun previous 4 failures"),
                                          ("--ff", "run-last-failure: rerun previous 4 failures first")])
def test_last_failed_says_per_row_what_it_reruns(bench_env, option, line):
    write_jsonl(bench_env.path / "preds.jsonl", _selection_rows())
    said = {}
    for mode in ("off", "on"):
        first = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode,
                                    "-p", "no:randomly")
        first.assert_outcomes(passed=8, failed=4)
        again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode, option,
                                    "-p", "no:randomly")
        said[mode] = _last_failed_line(again)
        if option == "--lf":
            again.assert_outcomes(failed=4, deselected=8)
        else:
            again.assert_outcomes(passed=8, failed=4)
    assert said["on"] == said["off"] == [line]


def test_last_failed_with_no_failures_says_what_pytest_says(bench_env):
    """Near miss: nothing failed last time: pytest's own line, untouched, in both modes."""
    write_jsonl(bench_env.path / "preds.jsonl", [mc_row(i, "(B)") for i in range(5)])
    said = {}
    for mode in ("off", "on"):
        bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode)
        again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode, "--lf")
        again.assert_outcomes(passed=5)
        said[mode] = _last_failed_line(again)
    assert said["on"] == said["off"] == ["run-last-failure: no previously failed tests, not deselecting items."]


def test_last_failed_whose_failures_are_no_rows_now_runs_every_row(bench_env):
    """--lf after the rows that failed are gone (ids changed): pytest's --lf runs every item, and streamed mode
    every row, both saying the failures are not among the tests."""
    write_jsonl(bench_env.path / "preds.jsonl", _selection_rows())
    said = {}
    for mode in ("off", "on"):
        bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode).assert_outcomes(
            passed=8, failed=4)
        write_jsonl(bench_env.path / "preds.jsonl", [mc_row(100 + i, "(B)") for i in range(5)])
        again = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", "--bench-stream", mode, "--lf")
        again.assert_outcomes(passed=5)
        said[mode] = _last_failed_line(again)
        write_jsonl(bench_env.path / "preds.jsonl", _selection_rows())
    assert said["on"] == said["off"] == ["run-last-failure: 4 known failures not in selected tests"]
