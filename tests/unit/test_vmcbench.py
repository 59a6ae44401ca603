"""VMCBench_DEV / VMCBench_TEST: every reference vector, in the upstream and the default profile.

Upstream verdicts come from ``tests/data/vectors/vlmevalkit.jsonl`` (``expected``: 1/0/true/false is the hit;
``"random"`` means the reference guessed, which we do too, seeded from the row id so reruns agree). The default
profile reads replies with the careful reader of ``pytest_answerbench.choice`` and never guesses; its
expectations per vector are listed in ``DEFAULT_EXPECTED`` (see docs/profiles-mc.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import ScoreContext, score_row
from pytest_answerbench.scorers import vmcbench

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "data" / "vectors" / "vlmevalkit.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
ROW_VECTORS = [v for v in VECTORS if v["benchmark"].startswith("VMCBench") and v.get("kind") != "aggregate"]
AGG_VECTORS = [v for v in VECTORS if v["benchmark"].startswith("VMCBench") and v.get("kind") == "aggregate"]

# vector id -> (status, extracted letter) in the default profile: what a careful reader says was chosen.
DEFAULT_EXPECTED = {
    "vmc-003": ("correct", "B"),
    "vmc-005": ("correct", "B"),
    "vmc-006": ("wrong", None),      # "A or B": hedged between two options
    "vmc-007": ("wrong", None),      # "B or A"
    "vmc-008": ("correct", "B"),     # "(A) is wrong, (B) is right"
    "vmc-009": ("correct", "B"),     # "The answer is A. Actually B": the correction wins
    "vmc-013": ("correct", "B"),     # lowercase "b"
    "vmc-014": ("correct", "B"),     # \boxed{B}
    "vmc-016": ("correct", "B"),
    "vmc-020": ("correct", "B"),
    "vmc-021": ("wrong", None),      # "E" is not an option: no guess
    "vmc-022": ("wrong", None),      # "nan": empty reply, no guess
    "vmc-023": ("correct", "B"),
    "vmc-025": ("correct", "B"),     # an empty option A does not zero the row
    "vmc-028": ("correct", "B"),
}


def _row(vector: dict) -> dict:
    row = {k: vector[k] for k in ("prediction", "question", "category") if k in vector}
    row["answer"] = vector["gold"]
    row["index"] = vector["id"]
    for letter in "ABCDEFGHIJ":
        if letter in vector:
            row[letter] = vector[letter]
    return row


def _bench(vector: dict) -> str:
    return vector["benchmark"].lower()


def test_every_row_vector_has_a_default_expectation():
    assert {v["id"] for v in ROW_VECTORS} == set(DEFAULT_EXPECTED)


@pytest.mark.parametrize("vector", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_upstream_vector(vector):
    verdict = score_row(_bench(vector), _row(vector), profile="upstream")
    expected = vector["expected"]
    if expected == "random":
        assert verdict.method == "random"
        assert verdict.extra.get("random_pick") is True
        assert verdict.extracted in [k for k in "ABCDEFGHI" if vector.get(k) is not None]
        again = score_row(_bench(vector), _row(vector), profile="upstream")
        assert again.to_dict() == verdict.to_dict()
    else:
        assert verdict.status == ("correct" if expected else "wrong"), verdict
        assert verdict.method != "random"


@pytest.mark.parametrize("vector", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_default_vector(vector):
    verdict = score_row(_bench(vector), _row(vector), profile="default")
    status, letter = DEFAULT_EXPECTED[vector["id"]]
    assert (verdict.status, verdict.extracted) == (status, letter), verdict
    assert verdict.method != "random" and not verdict.extra.get("random_pick")
    if letter is None:
        assert verdict.method in ("ambiguous", "invalid-letter", "empty", "none", "refusal")


def _agg_rows(vector: dict) -> list[dict]:
    rows = []
    for category, counts in vector["rows_per_category"].items():
        for i in range(counts["n"]):
            hit = i < counts["hits"]
            rows.append({"id": f"{category}-{i}", "status": "correct" if hit else "wrong",
                         "score": 1.0 if hit else 0.0, "fields": {"category": category}, "extra": {}})
    return rows


@pytest.mark.parametrize("vector", AGG_VECTORS, ids=[v["id"] for v in AGG_VECTORS])
@pytest.mark.parametrize("profile", ["upstream", "default"])
def test_aggregate_vector(vector, profile):
    rows = _agg_rows(vector)
    ctx = ScoreContext(benchmark=_bench(vector), profile=profile)
    out = vmcbench.metrics(rows, ctx)  # the reference raises KeyError here; we must not
    assert vector["expected"] == "CRASH:KeyError"
    absent = [c for c in vmcbench.CATEGORIES if c not in vector["rows_per_category"]]
    assert out["absent_categories"] == absent
    for category in absent:
        assert category not in out
    n = sum(c["n"] for c in vector["rows_per_category"].values())
    hits = sum(c["hits"] for c in vector["rows_per_category"].values())
    scale = 100 if profile == "upstream" else 1
    assert out["Overall"] == pytest.approx(round(hits / n * scale, 2 if profile == "upstream" else 6))
    means = {c: v["hits"] / v["n"] for c, v in vector["rows_per_category"].items()}
    reasoning = [means[c] for c in vmcbench.GROUPS["Reasoning"] if c in means]
    assert out["Reasoning"] == pytest.approx(round(sum(reasoning) / len(reasoning) * scale, 2 if scale == 100 else 6))


def test_random_pick_is_seeded_by_row_id():
    base = {"prediction": "no idea", "answer": "B", "category": "MMStar", "A": "w", "B": "x", "C": "y", "D": "z"}
    picks = {score_row("vmcbench_dev", {**base, "index": i}, profile="upstream").extracted for i in range(40)}
    assert picks <= {"A", "B", "C", "D"} and len(picks) > 1  # differs across rows, stable per row
    assert score_row("vmcbench_dev", {**base, "index": 7}, profile="upstream").extracted == \
        score_row("vmcbench_dev", {**base, "index": 7}, profile="upstream").extracted
