"""Every writer survives any string (issue 14): a lone surrogate escape ("\\ud800"), legal in a JSON file but not
encodable as UTF-8, in a row's id, prediction, gold or group field. The policy (docs/report-schema.md): each
lone surrogate is written as U+FFFD, in the JSON report, JUnit, markdown, HTML and terminal, serially and across
xdist's channel to the controller; no row is lost."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from conftest import load_report, mc_row
from pytest_answerbench.options import BENCH, BENCH_REPORT
from pytest_answerbench.report import scrub_surrogates, write_json

FFFD = "\ufffd"


def _write(path, rows):
    # json.dumps escapes the surrogates as \\udXXX: the file itself is valid UTF-8, as a model's output file is
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _rows():
    rows = [mc_row(i, "(B)") for i in range(6)]
    rows[1]["prediction"] = "(B) \ud800 because"          # a correct row with a surrogate in its text
    rows[2]["index"] = "id-\udfff-2"                       # in the id
    rows[3]["prediction"] = "\udc80 (C)"                   # a wrong row: the surrogate is in the failure text
    rows[4]["category"] = "Cat\ud83d"                      # a group field: a key of the report's groups
    return rows


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["serial", "n2"])
def test_lone_surrogates_reach_every_output_as_replacement_characters(bench_env, workers):
    _write(bench_env.path / "preds.jsonl", _rows())
    result = bench_env.runpytest_subprocess(
        BENCH, "vmcbench_dev", "preds.jsonl", BENCH_REPORT, "report.json", "--junitxml", "junit.xml",
        "--bench-markdown", "summary.md", "--bench-html", "report.html", "-rA", *workers)
    assert result.ret == pytest.ExitCode.TESTS_FAILED, result.stdout.str()[-3000:]
    assert "INTERNALERROR" not in result.stdout.str() and "Traceback" not in result.stderr.str()
    report = load_report(bench_env)
    assert report["total"] == 6 == len(report["rows"])
    by_line = {r["line"]: r for r in report["rows"]}
    assert by_line[3]["id"] == f"id-{FFFD}-2"
    assert by_line[4]["status"] == "wrong"
    assert f"Cat{FFFD}" in report["groups"]["category"]
    assert report["counts"]["correct"] == 5
    raw = (bench_env.path / "report.json").read_bytes()
    assert b"\\ud" not in raw.lower() and FFFD.encode() in raw
    cases = [c for c in ET.parse(bench_env.path / "junit.xml").iter("testcase")]
    assert len(cases) == 6 and any(FFFD in c.get("name", "") for c in cases)
    assert f"| Cat{FFFD} | 1 |" in (bench_env.path / "summary.md").read_text(encoding="utf-8")
    assert f">Cat{FFFD}</td>" in (bench_env.path / "report.html").read_text(encoding="utf-8")
    assert not list(bench_env.path.glob("*.tmp"))
    result.stdout.fnmatch_lines([f"by category: *Cat{FFFD}*"])


def test_imo_upstream_row_with_a_surrogate_is_scored_and_written(bench_env):
    """The issue's case: ``imo --bench-profile upstream`` (its SymPy child process, its verdict cache)."""
    rows = [{"id": f"p{i}", "answer": "12", "prediction": f"The answer is \\boxed{{12}}"} for i in range(3)]
    rows[1]["prediction"] = "\ud800 so \\boxed{12}"
    _write(bench_env.path / "preds.jsonl", rows)
    result = bench_env.runpytest_subprocess(BENCH, "imo", "preds.jsonl", "--bench-profile", "upstream",
                                            BENCH_REPORT, "report.json")
    assert "Traceback" not in result.stdout.str() + result.stderr.str()
    report = load_report(bench_env)
    assert report["total"] == 3 == len(report["rows"])
    assert not list(bench_env.path.glob("*.tmp"))


def test_write_json_replaces_lone_surrogates_and_keeps_pairs_of_real_characters(tmp_path):
    path = tmp_path / "r.json"
    write_json(path, {"a\udfff": ["x\ud800y", "\U0001F600"], "n": 1})
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == {f"a{FFFD}": [f"x{FFFD}y", "\U0001F600"], "n": 1}
    assert not list(tmp_path.glob("*.tmp"))


def test_scrub_surrogates_copies_only_what_changes():
    clean = {"a": ["x", 1, None], "b": {"c": "d"}}
    assert scrub_surrogates(clean) is clean
    dirty = {"a": ["x", "\ud800"], "b": clean["b"]}
    out = scrub_surrogates(dirty)
    assert out == {"a": ["x", FFFD], "b": {"c": "d"}} and out["b"] is clean["b"] and dirty["a"][1] == "\ud800"
