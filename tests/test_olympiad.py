"""OlympiadBench: every reference vector (upstream profile), the default profile's differences, aggregation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers import olympiad
from pytest_answerbench.verdict import ScoreContext

VECTORS = Path(__file__).parent / "data" / "vectors" / "vlmevalkit.jsonl"


def _vectors(kind=None):
    out = []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("benchmark") == "OlympiadBench" and d.get("kind") == kind:
            out.append(d)
    return out


ROW_VECTORS = _vectors()
AGG_VECTORS = _vectors("aggregate")


def _row(v):
    return {"id": v["id"], "prediction": v["prediction"], "final_answer": v["gold"], "answer_type": v["answer_type"],
            "error": v["error"], "source": v["subset"], "unit": v["unit"],
            "is_multiple_answer": v["is_multiple_answer"]}


def _outcome(verdict):
    if verdict.status == "error":
        return "CRASH:" + verdict.method.split(":", 1)[-1]
    assert verdict.status in ("correct", "wrong"), verdict
    return verdict.correct


def test_vectors_present():
    assert len(ROW_VECTORS) >= 70 and AGG_VECTORS


@pytest.mark.parametrize("vec", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_upstream_vector(vec):
    verdict = score_row("olympiad", _row(vec), profile="upstream", timeout=20)
    assert _outcome(verdict) == vec["expected"], (vec["why"], verdict)


# Where the reference crashes, default agrees (an error row); everywhere else default must give a verdict.
@pytest.mark.parametrize("vec", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_default_vector_gives_verdict(vec):
    verdict = score_row("olympiad", _row(vec), profile="default", timeout=20)
    if isinstance(vec["expected"], str):
        assert verdict.status == "error" and "IndexError" in verdict.detail
    else:
        assert verdict.status in ("correct", "wrong"), verdict
        assert verdict.gold is not None


@pytest.mark.parametrize(
    "error, kind",
    [(0.01, "TypeError"), ("", "ValueError"), ("1e-2,abc", "ValueError")],
)
def test_upstream_crashing_error_cells_are_error_rows(error, kind):
    row = {"prediction": "So the final answer is $\\boxed{3}$.", "final_answer": "['$3$']", "error": error,
           "answer_type": "Numerical", "source": "OE_TO_maths_en_COMP"}
    verdict = score_row("olympiad", row, profile="upstream")
    assert verdict.status == "error" and verdict.method == f"crash:{kind}"
    assert score_row("olympiad", row, profile="default").status in ("correct", "error")


def test_upstream_numeric_prediction_crashes_like_reference():
    row = {"prediction": 3, "final_answer": "['$3$']", "source": "OE_TO_maths_en_COMP"}
    assert score_row("olympiad", row, profile="upstream").method == "crash:TypeError"
    assert score_row("olympiad", row, profile="default").status == "correct"


def _agg_rows(spec):
    rows = []
    for subset, counts in spec.items():
        for i in range(counts["n"]):
            rows.append({"id": f"{subset}-{i}", "status": "correct" if i < counts["correct"] else "wrong",
                         "score": 1.0 if i < counts["correct"] else 0.0, "fields": {"source": subset}, "extra": {}})
    return rows


@pytest.mark.parametrize("vec", AGG_VECTORS, ids=[v["id"] for v in AGG_VECTORS])
def test_aggregate_vector(vec):
    rows = _agg_rows(vec["rows_per_subset"])
    out = olympiad.metrics(rows, ScoreContext("olympiad", profile="upstream"))
    expected = vec["expected"]
    if isinstance(expected, str) and expected.startswith("CRASH:"):
        # We never crash: the table covers the subsets present and says the reference would have failed.
        assert out["upstream_error"].startswith(expected.split(":", 1)[1])
        assert out["absent_subsets"]
        present = [s for s in olympiad.SUBSETS if s in vec["rows_per_subset"]]
        for s in present:
            c = vec["rows_per_subset"][s]
            assert out[s] == pytest.approx(100 * c["correct"] / c["n"])
    else:
        for key, value in expected.items():
            assert out[key] == pytest.approx(value), key


def test_aggregate_table_full():
    spec = {s: {"n": 2, "correct": i % 3} for i, s in enumerate(olympiad.SUBSETS)}
    spec["TP_TO_maths_en_COMP"] = {"n": 2, "correct": 2}
    rows = _agg_rows({k: {"n": v["n"], "correct": min(v["correct"], v["n"])} for k, v in spec.items()})
    up = olympiad.metrics(rows, ScoreContext("olympiad", profile="upstream"))
    assert "upstream_error" not in up
    correct_oe = sum(min(spec[s]["correct"], 2) for s in olympiad.SUBSETS)
    assert up["AVG"] == pytest.approx(100 * correct_oe / len(rows))  # TP rows only in the denominator
    en_maths = [s for s in olympiad.SUBSETS if "en" in s and "maths" in s]
    assert up["en_maths"] == pytest.approx(
        100 * sum(min(spec[s]["correct"], 2) for s in en_maths) / (2 * len(en_maths)))
    default = olympiad.metrics(rows, ScoreContext("olympiad", profile="default"))
    assert default["AVG"] == pytest.approx(up["AVG"] / 100, abs=1e-6)


def test_report_groups_by_source():
    rows = [
        {"id": "a", "prediction": "So the final answer is $\\boxed{3}$", "final_answer": "['$3$']",
         "source": "OE_TO_maths_en_COMP"},
        {"id": "b", "prediction": "所以最终答案是$\\boxed{4}$", "final_answer": "['$5$']", "source": "OE_TO_maths_zh_CEE"},
    ]
    report = score_rows("olympiad", rows, profile="upstream")
    assert report["groups"]["source"]["OE_TO_maths_en_COMP"]["accuracy"] == 1.0
    assert report["groups"]["source"]["OE_TO_maths_zh_CEE"]["accuracy"] == 0.0
    assert report["metrics"]["maths"] == pytest.approx(50.0)
