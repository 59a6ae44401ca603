"""The library API (CONTRACT section 3): pure of pytest, never raises on bad rows, same report as the plugin."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import Verdict, list_benchmarks, score_row, score_rows
from pytest_answerbench.verdict import STATUSES

GARBAGE_ROWS = [
    {},
    {"prediction": None, "answer": None},
    {"prediction": 12, "answer": ["B"], "A": {"x": 1}, "final_answer": 3.5, "category": None},
    {"prediction": "\x00\ud800" * 10, "answer": "B", "A": "", "B": float("nan"), "category": "MMStar"},
    {"prediction": "(" * 5000 + "B", "answer": "B", "A": "x", "B": "y", "category": "MMStar"},
    {k: "x" * 20000 for k in ("prediction", "answer", "A", "B", "category", "final_answer", "response")},
    ["not", "a", "dict"],
    None,
]


@pytest.mark.parametrize("bench_name", [b["name"] for b in list_benchmarks()])
@pytest.mark.parametrize("profile", ["default", "upstream"])
def test_score_row_never_raises_on_bad_rows(bench_name, profile):
    for row in GARBAGE_ROWS:
        verdict = score_row(bench_name, row, profile=profile, timeout=5.0)
        assert isinstance(verdict, Verdict)
        assert verdict.status in STATUSES
        assert 0.0 <= verdict.score <= 1.0
        assert verdict.correct == (verdict.status == "correct")


def test_score_row_fields():
    v = score_row("vmcbench_dev", mc_row(1, "The answer is (C)", answer="C"))
    assert (v.status, v.score, v.correct, v.extracted, v.gold) == ("correct", 1.0, True, "C", "C")
    assert v.method and isinstance(v.detail, str)
    missing = score_row("vmcbench_dev", {"prediction": "(B)"})
    assert missing.status == "error" and "missing required field" in missing.detail


def test_unknown_profile_is_a_value_error():
    with pytest.raises(ValueError, match="profile must be one of default, upstream"):
        score_row("vmcbench_dev", mc_row(1, "(B)"), profile="strict")


def test_score_rows_report_matches_the_plugin_report(bench_env):
    rows = [mc_row(i, f"({'ABCD'[i % 4]})", answer="ABCD"[(i * 3) % 4], category=["MMStar", "AI2D"][i % 2])
            for i in range(12)]
    write_jsonl(bench_env.path / "preds.jsonl", rows)
    bench_env.runpytest("--bench", "vmcbench_dev", "preds.jsonl", "--bench-report", "report.json")
    plugin = load_report(bench_env)
    library = score_rows("vmcbench_dev", rows)
    for key in ("total", "correct", "accuracy", "ci95", "counts", "metrics", "groups"):
        assert library[key] == plugin[key], key
    strip = ("file",)
    assert [{k: v for k, v in r.items() if k not in strip} for r in library["rows"]] == \
        [{k: v for k, v in r.items() if k not in strip} for r in plugin["rows"]]


def test_score_row_timeout_gives_a_timeout_verdict(tmp_path):
    (tmp_path / "spin_scorer.py").write_text(
        "def score(row, ctx):\n"
        "    while True:\n"
        "        pass\n")
    (tmp_path / "spin.yaml").write_text("name: spin\nscorer: spin_scorer:score\nrequired: [prediction]\n")
    v = score_row(str(tmp_path / "spin.yaml"), {"prediction": "x"}, timeout=0.3)
    assert v.status == "timeout" and v.score == 0.0


def test_the_library_does_not_import_pytest_sympy_or_openai():
    code = ("import sys; import pytest_answerbench as ab; "
            "ab.score_row('vmcbench_dev', {'prediction': '(B)', 'answer': 'B', 'A': 'x', 'B': 'y', "
            "'category': 'MMStar'}); "
            "print(sorted(m for m in ('pytest', 'sympy', 'openai', '_pytest') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.replace("'", '"')) == []
