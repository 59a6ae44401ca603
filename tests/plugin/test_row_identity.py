"""Row identity (inputs/plan.py, ``RowIds``): every row of the input appears in the report and the JUnit file
exactly once, under a name no other row has, with rows as items and streamed alike, across shards and with the
gold file's own rows."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench.inputs import RowIds
from pytest_answerbench.options import BENCH, BENCH_GOLD, BENCH_REPORT, BENCH_SHARD
from pytest_answerbench.report import merge_reports

MODES = ["off", "on"]


def _no_id(prediction: str) -> dict:
    row = mc_row(0, prediction)
    del row["index"]
    return row


def _clashing_rows() -> list:
    """Rows whose own ids are the names the plan makes for other rows (``ID#2`` of a repeat, ``lineN`` of a row
    without an id or of an unreadable line), before and after the row that gets that name."""
    return [
        mc_row(1, "(B)"),             # line 1: "1"
        mc_row(1, "(A)"),             # line 2: the repeat, "1#2"
        mc_row("1#2", "(B)"),         # line 3: its own id is the repeat's name
        _no_id("(B)"),                # line 4: "line4"
        mc_row("line4", "(A)"),       # line 5: its own id is line 4's name
        mc_row("line7", "(B)"),       # line 6: its id is the name of the next line
        _no_id("(B)"),                # line 7: no id
        "{broken",                    # line 8: unreadable, "line8"
        mc_row("line8", "(B)"),       # line 9: its id is the unreadable line's name
        mc_row("1#3", "(B)"),         # line 10: the name a third "1" would get
        mc_row(1, "(B)"),             # line 11: a third "1"
    ]


def _junit_names(path) -> list[str]:
    root = ET.parse(path).getroot()
    return [case.get("name") for case in root.iter("testcase") if case.get("classname") != "answerbench"]


def _check_every_row_once(report: dict, lines: int) -> list[str]:
    rows = [r for r in report["rows"] if r.get("file") == "preds.jsonl"]
    assert sorted(r["line"] for r in rows) == list(range(1, lines + 1))
    ids = [r["id"] for r in rows]
    assert len(set(ids)) == len(ids), ids
    assert report["total"] == lines
    return ids


def test_row_ids_never_reuse_a_name_already_given():
    ids = RowIds()
    taken = [ids.take(raw, line)[:2] for raw, line in
             [("1", 1), ("1", 2), ("1#2", 3), (None, 4), ("line4", 5), ("1", 6), ("a::b", 7), ("a:b", 8)]]
    names = [name for name, _ in taken]
    assert len(set(names)) == len(names), names
    # the first of each is its own id; a repeat counts on
    assert taken[0] == ("1", "1") and taken[1] == ("1#2", "1#2")
    assert taken[2] == ("1#2#2", "1#2#2")  # its own id was given to the repeat: numbered on its own id
    assert taken[3] == ("line4", "line4") and taken[4] == ("line4#2", "line4#2")
    assert taken[5] == ("1#3", "1#3")  # the third "1", numbered on
    assert taken[6] == ("a:b", "a::b") and taken[7][0] == "a:b#2"
    # near misses: distinct ids keep their own names
    plain = RowIds()
    assert [plain.take(r, i)[0] for i, r in enumerate(["x", "y", "x#", "line", "#2"], 1)] == [
        "x", "y", "x#", "line", "#2"]


def test_names_the_plan_gives_itself_are_taken_like_ids():
    ids = RowIds()
    assert ids.take_as("gold-line3", "gold-line3")[0] == "gold-line3"
    assert ids.take("gold-line3", 9)[:2] == ("gold-line3#2", "gold-line3#2")
    # a gold-only row named apart but holding a report id already given: numbered on both
    ids.take("5", 1)
    ids.take("5", 2)
    assert ids.take_as("gold-only:5#2", "5#2")[:2] == ("gold-only:5#2#2", "5#2#2")
    # near miss: a name free under both keeps its own
    assert ids.take_as("gold-only:6", "6")[:2] == ("gold-only:6", "6")


@pytest.mark.parametrize("mode", MODES)
def test_a_row_whose_id_is_another_rows_generated_name_is_not_lost(bench_env, mode):
    write_jsonl(bench_env.path / "preds.jsonl", _clashing_rows())
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json",
                                 "--bench-stream", mode, "--junitxml=junit.xml", "-p", "no:randomly")
    assert result.ret == 1
    report = load_report(bench_env)
    ids = _check_every_row_once(report, 11)
    assert ids[:3] == ["1", "1#2", "1#2#2"]
    assert ids[3:5] == ["line4", "line4#2"]
    names = _junit_names(bench_env.path / "junit.xml")
    assert len(names) == 11 and len(set(names)) == 11, names
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) + outcomes.get("failed", 0) + outcomes.get("errors", 0) == 11


def test_both_modes_name_clashing_rows_alike(bench_env):
    write_jsonl(bench_env.path / "preds.jsonl", _clashing_rows())
    for mode in MODES:
        bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, f"{mode}.json",
                            "--bench-stream", mode)
    off, on = load_report(bench_env, "off.json"), load_report(bench_env, "on.json")
    assert [(r["id"], r["line"], r["status"]) for r in off["rows"]] == [
        (r["id"], r["line"], r["status"]) for r in on["rows"]]


@pytest.mark.parametrize("mode", MODES)
def test_shards_number_repeats_as_the_whole_run_does(bench_env, mode):
    rows = [mc_row(i % 3, "(B)" if i % 2 else "(A)") for i in range(9)] + [mc_row("0#2", "(B)")]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    whole = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "whole.json",
                                "--bench-stream", mode)
    assert whole.ret == 1
    shards = []
    for i in (1, 2, 3):
        result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_SHARD, f"{i}/3",
                                     BENCH_REPORT, f"shard{i}.json", "--bench-stream", mode)
        assert result.ret in (0, 1)
        shards.append(load_report(bench_env, f"shard{i}.json"))
    merged = merge_reports(shards)
    full = load_report(bench_env, "whole.json")
    ids = [r["id"] for r in merged["rows"]]
    assert len(set(ids)) == len(ids) == 10
    assert sorted(ids) == sorted(r["id"] for r in full["rows"])
    assert {(r["id"], r["line"]) for r in merged["rows"]} == {(r["id"], r["line"]) for r in full["rows"]}


@pytest.mark.parametrize("mode", MODES)
def test_gold_only_rows_take_names_no_prediction_row_has(bench_env, mode):
    gold = [{"index": i, "answer": "B", "question": "q", **{k: "x" for k in "ABCD"}, "category": "MMStar"}
            for i in ("5", "5#2", "7", "8")]
    (bench_env.path / "gold.jsonl").write_text("\n".join(json.dumps(g) for g in gold) + "\n", encoding="utf-8")
    preds = [{"index": "5", "prediction": "(B)"}, {"index": "5", "prediction": "(A)"},
             {"index": "gold-only:7", "prediction": "(B)"}, {"index": "8", "prediction": "(B)"}]
    write_jsonl(bench_env.path / "preds.jsonl", preds)
    result = bench_env.runpytest(BENCH, "vmcbench_dev", "preds.jsonl", BENCH_GOLD, "gold.jsonl",
                                 BENCH_REPORT, "report.json", "--bench-stream", mode, "--junitxml=junit.xml")
    assert result.ret == 1
    report = load_report(bench_env)
    rows = report["rows"]
    ids = [r["id"] for r in rows]
    # four prediction rows ("gold-only:7" has no gold row: an error row of its own) and two gold-only rows
    assert len(rows) == 6 and len(set(ids)) == 6, ids
    assert [r["id"] for r in rows if r["status"] == "correct"] == ["5", "8"]
    names = _junit_names(bench_env.path / "junit.xml")
    assert len(names) == 6 and len(set(names)) == 6, names


@pytest.mark.parametrize("mode", MODES)
def test_shards_with_a_gold_file_list_each_gold_only_row_once(bench_env, mode):
    """A gold row joined by a row of another shard is no gold-only row of this one: merged shards hold each
    prediction row and each gold-only row once, as the whole run does."""
    gold = [{"index": str(i), "answer": "B", "question": "q", **{k: "x" for k in "ABCD"}, "category": "MMStar"}
            for i in range(5)]
    (bench_env.path / "gold.jsonl").write_text("\n".join(json.dumps(g) for g in gold) + "\n", encoding="utf-8")
    write_jsonl(bench_env.path / "preds.jsonl", [{"index": str(i), "prediction": "(B)"} for i in range(4)])
    common = (BENCH, "vmcbench_dev", "preds.jsonl", BENCH_GOLD, "gold.jsonl", "--bench-stream", mode)
    bench_env.runpytest(*common, BENCH_REPORT, "whole.json")
    shards = []
    for i in (1, 2):
        bench_env.runpytest(*common, BENCH_SHARD, f"{i}/2", BENCH_REPORT, f"shard{i}.json")
        shards.append(load_report(bench_env, f"shard{i}.json"))
    merged = merge_reports(shards)
    whole = load_report(bench_env, "whole.json")
    assert sorted((r["id"], r["status"]) for r in merged["rows"]) == sorted(
        (r["id"], r["status"]) for r in whole["rows"]) == [("0", "correct"), ("1", "correct"), ("2", "correct"),
                                                           ("3", "correct"), ("4", "error")]
