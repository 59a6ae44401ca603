"""User-defined benchmarks (``scorer: generic``): the shipped example, its documentation, the matchers and
extractors, and the validation messages for mistakes in a YAML file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_answerbench import SpecError, load_spec, score_row, score_rows

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_YAML = ROOT / "benchmarks" / "examples" / "short_answer.yaml"
EXAMPLE_ROWS = ROOT / "benchmarks" / "examples" / "short_answer.jsonl"
GUIDE = ROOT / "docs" / "custom-benchmarks.md"


def _rows() -> list[dict]:
    return [json.loads(line) for line in EXAMPLE_ROWS.read_text(encoding="utf-8").splitlines() if line.strip()]


# Expected verdicts of the example rows (the guide walks through several of them).
EXAMPLE_EXPECTED = {
    "n1": "correct",   # <answer>299,800</answer> within 1% of 299792
    "n2": "correct",   # \boxed{42}
    "n3": "wrong",     # 3.5 vs 3.2
    "s1": "correct",   # "Paris." normalised
    "s2": "correct",   # accents ignored
    "s3": "wrong",
    "c1": "correct",   # "(C)" read by the choice reader
    "c2": "correct",   # the option text "heart" is option B
    "c3": "wrong",
    "l1": "correct",   # set: order and case ignored
    "l2": "wrong",     # a missing item
    "f1": "correct",   # SymPy: \frac{1}{2} = 0.5
}


def test_example_is_not_a_builtin():
    from pytest_answerbench.spec import builtin_specs

    assert "short_answer" not in builtin_specs()


def test_example_rows_score_as_documented():
    spec = load_spec(EXAMPLE_YAML)
    report = score_rows(spec, _rows())
    assert {r["id"]: r["status"] for r in report["rows"]} == EXAMPLE_EXPECTED
    assert report["groups"]["kind"]["list"]["accuracy"] == pytest.approx(0.5)
    assert spec.gate["min_accuracy"] == 0.5
    assert spec.timeout == 10


def test_guide_shows_the_tested_example():
    guide = GUIDE.read_text(encoding="utf-8")
    assert EXAMPLE_YAML.read_text(encoding="utf-8").strip() in guide
    assert "pytest --bench benchmarks/examples/short_answer.yaml benchmarks/examples/short_answer.jsonl" in guide


def test_example_runs_under_pytest(tmp_path: Path):
    """The command the guide gives: the gate holds, so wrong rows do not fail the run."""
    report = tmp_path / "report.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--bench", str(EXAMPLE_YAML), str(EXAMPLE_ROWS), "-q",
         "-p", "no:cacheprovider", "--bench-report", str(report)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["total"] == len(EXAMPLE_EXPECTED)
    assert data["correct"] == sum(1 for s in EXAMPLE_EXPECTED.values() if s == "correct")


# ------------------------------------------------------------------------------------------- validation

BASE = {
    "name": "mine",
    "scorer": "generic",
    "required": ["prediction", "answer"],
    "options": {"extract": [{"type": "whole"}], "match": {"type": "exact"}},
}


def _write(tmp_path: Path, options: dict, **top) -> Path:
    import yaml

    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump({**BASE, "options": options, **top}), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"match": {"type": "numberic"}},
         "options.match.type 'numberic' unknown (known: exact, normalized, numeric, sympy, set, list, choice"),
        ({"extract": [{"type": "boxd"}], "match": {"type": "exact"}},
         "options.extract[0].type 'boxd' unknown (known: tag, boxed, regex, choice, last_number, whole)"),
        ({"extract": [{"type": "regex", "pattern": "(unclosed"}], "match": {"type": "exact"}},
         "options.extract[0].pattern '(unclosed' is not a valid regular expression"),
        ({"extract": [{"type": "regex", "pattern": "a(b)", "group": 3}], "match": {"type": "exact"}},
         "options.extract[0].group 3 but the pattern has 1 group(s)"),
        ({"extract": [{"type": "whole"}]}, "options.match is required"),
        ({"match": {"type": "numeric", "tol": 0.1}},
         "options.match.tol is not a parameter of matcher 'numeric' (known: abs_tol, rel_tol)"),
        ({"match": {"type": "numeric", "rel_tol": -1}}, "options.match.rel_tol must be a non-negative number"),
        ({"match": {"field": "kind", "cases": {"num": {"type": "numeric"}, "txt": {"type": "fuzzy"}}}},
         "options.match.cases.txt.type 'fuzzy' unknown"),
        ({"match": {"field": "kind", "cases": {"num": {"type": "numeric"}}, "fallback": {"type": "exact"}}},
         "options.match.fallback unknown in a dispatch (known: field, cases, default)"),
        ({"match": {"type": "set", "items": "fuzzy"}},
         "options.match.items 'fuzzy' unknown (known: exact, normalized, numeric)"),
        ({"match": {"type": "polyhedron"}}, "options.match.eval_type is required"),
        ({"match": {"type": "megabench", "metric": "blue"}}, "options.match.metric 'blue' unknown (known: "),
        ({"match": {"type": "exact"}, "fields": {"gold": "truth"}}, "options.fields must map prediction"),
        ({"match": {"type": "exact"}, "scorer_path": "x.y"}, "options.scorer_path unknown for scorer 'generic'"),
    ],
)
def test_invalid_options_name_file_key_and_choices(tmp_path: Path, options: dict, expected: str):
    path = _write(tmp_path, options)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    message = str(info.value)
    assert str(path) in message
    assert expected in message


# -------------------------------------------------------------------------------------- matchers, extractors

def _spec(tmp_path: Path, options: dict):
    return load_spec(_write(tmp_path, options))


@pytest.mark.parametrize(
    ("options", "prediction", "answer", "status"),
    [
        ({"extract": [{"type": "last_number"}], "match": {"type": "numeric", "abs_tol": 0.05}},
         "first 3, then 7.02", "7", "correct"),
        ({"extract": [{"type": "last_number"}], "match": {"type": "numeric"}}, "about 50%", "0.5", "correct"),
        ({"extract": [{"type": "whole"}], "match": {"type": "numeric"}}, "3/4", "0.75", "correct"),
        ({"extract": [{"type": "whole"}], "match": {"type": "exact"}}, " yes ", "yes", "correct"),
        ({"extract": [{"type": "whole"}], "match": {"type": "exact", "strip": False}}, "yes", "yes ", "wrong"),
        ({"extract": [{"type": "whole"}], "match": {"type": "list", "sep": ";"}}, "a; B; c", "a;b;c", "correct"),
        ({"extract": [{"type": "whole"}], "match": {"type": "list"}}, "b, a", "a, b", "wrong"),
        ({"extract": [{"type": "whole"}], "match": {"type": "set", "items": "numeric"}}, "2.0, 1", "1, 2",
         "correct"),
        ({"extract": [{"type": "tag", "tag": "final", "which": "first"}], "match": {"type": "exact"}},
         "<final>x</final> <final>y</final>", "x", "correct"),
        ({"extract": [{"type": "regex", "pattern": "ANSWER=(?P<v>\\w+)", "group": "v", "ignore_case": True}],
          "match": {"type": "exact"}}, "answer=blue", "blue", "correct"),
        ({"extract": [{"type": "boxed"}], "match": {"type": "polyhedron", "eval_type": "unordered array"}},
         "\\boxed{c, a, b}", "a, b, c", "correct"),
        ({"extract": [{"type": "whole"}], "match": {"type": "megabench", "metric": "jaccard_index"}},
         "a, b, c", "a, b", "wrong"),
    ],
)
def test_matchers_and_extractors(tmp_path: Path, options: dict, prediction: str, answer: str, status: str):
    v = score_row(_spec(tmp_path, options), {"prediction": prediction, "answer": answer})
    assert v.status == status, (v.method, v.detail, v.extracted)


def test_partial_credit_from_a_metric(tmp_path: Path):
    spec = _spec(tmp_path, {"match": {"type": "megabench", "metric": "jaccard_index"}})
    v = score_row(spec, {"prediction": "a, b, c", "answer": "a, b"})
    assert v.score == pytest.approx(2 / 3)


def test_nothing_extracted_is_wrong_not_error(tmp_path: Path):
    spec = _spec(tmp_path, {"extract": [{"type": "boxed"}], "match": {"type": "exact"}})
    v = score_row(spec, {"prediction": "no box here", "answer": "1"})
    assert v.status == "wrong" and v.method.startswith("no-answer")


def test_dispatch_value_without_case_or_default_is_an_error_row(tmp_path: Path):
    spec = _spec(tmp_path, {"match": {"field": "kind", "cases": {"number": {"type": "numeric"}}}})
    v = score_row(spec, {"prediction": "1", "answer": "1", "kind": "colour"})
    assert v.status == "error" and "'colour'" in v.detail and "number" in v.detail


def test_non_numeric_gold_with_numeric_matcher_is_an_error_row(tmp_path: Path):
    spec = _spec(tmp_path, {"match": {"type": "numeric"}})
    v = score_row(spec, {"prediction": "1", "answer": "one"})
    assert v.status == "error" and "not a number" in v.detail


def test_other_field_names_via_options_fields(tmp_path: Path):
    options = {"match": {"type": "normalized"}, "fields": {"prediction": "out", "answer": "truth"}}
    spec = load_spec(_write(tmp_path, options, required=["out", "truth"], prediction_field="out",
                            gold_field="truth"))
    assert score_row(spec, {"out": "The Cat", "truth": "the cat"}).status == "correct"
