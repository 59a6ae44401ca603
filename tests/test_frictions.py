"""Everyday and CI frictions of issue 26 (section 2), each as a user meets it: the last line of a run whose gate
failed, the JUnit message of gated wrong rows, CRAG-MM's abstentions, checks that run before scoring."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row, write_jsonl

FAST = ("-p", "no:cacheprovider", "--bench-report", "report.json")


def _mc(pytester: pytest.Pytester) -> None:
    write_jsonl(pytester.path / "preds.jsonl", [mc_row(1, "B"), mc_row(2, "B"), mc_row(3, "C"), mc_row(4, "A")])


def _crag(pytester: pytest.Pytester) -> None:
    turns = [("Apple", "Apple"), ("I don't know", "Mount Fuji"), ("Banana", "Cherry")]
    write_jsonl(pytester.path / "crag.jsonl", [
        {"session_id": f"s{i}", "interaction_id": f"i{i}", "turn_idx": 0, "query": "What is it?", "ground_truth": gold,
         "agent_response": response} for i, (response, gold) in enumerate(turns)])


# ------------------------------------------------------------ 1. the last line says the gate failed, in red

def test_a_failed_gate_is_the_last_line_in_red(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_subprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.9",
                                            "--color=yes", *FAST)
    assert result.ret == 1
    last = [line for line in result.stdout.lines if line.strip()][-1]
    assert "answerbench: 1 gate FAILED (min_accuracy)" in last
    assert last.startswith("\x1b[31m")  # red
    # pytest's own line (green: wrong rows are expected failures under a gate) comes before it
    plain = re.sub(r"\x1b\[[0-9;]*m", "", [line for line in result.stdout.lines if line.strip()][-2])
    assert "2 passed, 2 xfailed" in plain


def test_a_passing_gate_adds_no_line(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.5",
                                           *FAST)
    assert result.ret == 0
    assert "FAILED" not in result.stdout.str()
    assert "passed" in [line for line in result.stdout.lines if line.strip()][-1]


# ------------------------------------------------------------ 5. gated wrong rows: JUnit <skipped> "wrong: ..."

def test_gated_wrong_rows_junit_skip_message_starts_with_wrong(bench_env):
    _mc(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "vmcbench_dev", "preds.jsonl", "--bench-min-accuracy", "0.9",
                                           "--junitxml", "junit.xml", *FAST)
    assert result.ret == 1
    cases = ET.parse(bench_env.path / "junit.xml").getroot().iter("testcase")
    skipped = {case.get("name"): case.find("skipped") for case in cases if case.find("skipped") is not None}
    assert sorted(skipped) == ["3", "4"]
    assert all(s.get("message").startswith("wrong: extracted ") for s in skipped.values())


# ------------------------------------------------------------ 6. CRAG-MM abstentions apart from wrong rows

def test_crag_mm_misses_are_listed_apart_and_fail_no_test(bench_env):
    _crag(bench_env)
    result = bench_env.runpytest_inprocess("--bench", "crag_mm", "crag.jsonl", "--bench-option",
                                           "without_judge=exact_match", "--junitxml", "junit.xml", *FAST)
    assert result.ret == 1  # the wrong answer fails, the abstention does not
    out = result.stdout.str()
    wrong_part, _, miss_part = out.partition("abstentions (miss) (first 1 of 1):")
    assert "wrong rows (first 1 of 1):" in wrong_part and "crag.jsonl:3 i2" in wrong_part
    assert "crag.jsonl:2 i1" not in wrong_part
    assert "crag.jsonl:2 i1: extracted \"I don't know\"" in miss_part or "crag.jsonl:2 i1" in miss_part
    result.stdout.fnmatch_lines(["*1 failed, 1 passed, 1 xfailed*"])
    cases = {c.get("name"): c for c in ET.parse(bench_env.path / "junit.xml").getroot().iter("testcase")}
    assert cases["i1"].find("skipped").get("message").startswith("miss: ")
    assert cases["i2"].find("failure") is not None
    assert {r["id"]: r["status"] for r in load_report(bench_env)["rows"]} == {"i0": "correct", "i1": "miss",
                                                                              "i2": "wrong"}
