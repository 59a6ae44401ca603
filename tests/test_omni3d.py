"""Omni3DBench: every reference vector in both profiles, the per-type metrics, and the default profile's
reading of realistic answers (tags in any case, whole-word yes/no, numbers with units or in words, gold 0).

Vectors: ``tests/data/vectors/vlmevalkit.jsonl`` (benchmark ``Omni3DBench``): ``expected`` is
``Omni3DBench_acc`` over a one-row file, or ``CRASH:<Exception>``. Default-profile differences are listed in
docs/profiles-mc.md; ``DEFAULT_DIFFERS`` holds the row scores that change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers import omni3d

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "vectors" / "vlmevalkit.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
ROWS = [v for v in VECTORS if v["benchmark"] == "Omni3DBench"]
NAMES = list(omni3d.KINDS.values())

# vector id -> default-profile row score where it differs from upstream, and why
DEFAULT_DIFFERS = {
    "omni-005": 1.0,   # "There are 3 chairs." reads as 3
    "omni-016": 0.0,   # "not sure" is not "no"
    "omni-022": 1.0,   # " left": tag content stripped
    "omni-031": 0.0,   # gold -2, prediction 5: relative error 3.5 against |gold|
    "omni-032": 0.0,   # gold 0, prediction 1: not an error; only 0 scores
}


def _row(vector: dict) -> dict:
    return {"index": vector["id"], "prediction": vector["prediction"], "answer": vector["gold"],
            "answer_type": vector["answer_type"]}


def _metrics(report: dict) -> dict:
    return {k: report["metrics"][k] for k in NAMES}


@pytest.mark.parametrize("vector", ROWS, ids=[v["id"] for v in ROWS])
def test_upstream_vector(vector):
    report = score_rows("omni3d", [_row(vector)], profile="upstream")
    if isinstance(vector["expected"], str):
        assert vector["expected"].startswith("CRASH:")
        row = report["rows"][0]
        assert row["status"] == "error"
        assert vector["expected"].split(":", 1)[1] in row["detail"]
        assert report["metrics"]["excluded_rows"] == 1
    else:
        assert _metrics(report) == vector["expected"]
        # the row score is the one figure that is not None
        (figure,) = [x for x in vector["expected"].values() if x is not None]
        assert report["rows"][0]["score"] == pytest.approx(figure)


@pytest.mark.parametrize("vector", ROWS, ids=[v["id"] for v in ROWS])
def test_default_vector(vector):
    verdict = score_row("omni3d", _row(vector), profile="default")
    assert verdict.status != "error"
    if vector["id"] in DEFAULT_DIFFERS:
        assert verdict.score == DEFAULT_DIFFERS[vector["id"]]
        upstream = score_row("omni3d", _row(vector), profile="upstream")
        assert (upstream.status, upstream.score) != (verdict.status, verdict.score)
    else:
        (figure,) = [x for x in vector["expected"].values() if x is not None]
        assert verdict.score == pytest.approx(figure)


# (prediction, gold, answer_type, default score): what a careful grader gives
DEFAULT_CASES = [
    ("<ans>3</ans>", "3", "int", 1.0),
    ("<ANS>3</ANS>", "3", "int", 1.0),
    ("<Ans> 3 </Ans>", "3", "int", 1.0),
    ("<ans>3.0</ans>", "3", "int", 1.0),
    ("<ans>three</ans>", "3", "int", 1.0),
    ("<ans>3 chairs</ans>", "3", "int", 1.0),
    ("<ans>Three chairs</ans>", "3", "int", 1.0),
    ("<ans>twenty-one</ans>", "21", "int", 1.0),
    ("<ans>none</ans>", "0", "int", 1.0),
    ("<ans>4</ans>", "3", "int", 0.0),
    ("I count 3 chairs around the table.", "3", "int", 1.0),
    ("<ans>3</ans>", "3.0", "int", 1.0),
    ("<ans>1,200</ans>", "1200", "int", 1.0),
    ("<ans>yes</ans>", "yes", "str", 1.0),
    ("<ans>Yes.</ans>", "yes", "str", 1.0),
    ("<ans>TRUE</ans>", "yes", "str", 1.0),
    ("<ans>I don't know</ans>", "no", "str", 0.0),
    ("<ans>not sure</ans>", "no", "str", 0.0),
    ("<ans>none</ans>", "no", "str", 0.0),
    ("<ans>No</ans>", "no", "str", 1.0),
    ("<ans>yes and no</ans>", "yes", "str", 0.0),
    ("No, the chair is farther away than the table.", "no", "str", 1.0),
    ("<ans>Nope</ans>", "no", "str", 1.0),
    ("<ans>It is not.</ans>", "no", "str", 1.0),
    ("<ans>The chair isn't closer.</ans>", "no", "str", 1.0),
    ("<ans>I can't tell</ans>", "no", "str", 0.0),
    ("Yes, it is closer.", "no", "str", 0.0),
    ("<ans>yes</ans>", "Yes", "str", 1.0),
    ("<ans>Left</ans>", "Left", "str", 1.0),
    ("<ans> left </ans>", "left", "str", 1.0),
    ("<ans>the chair</ans>", "chair", "str", 1.0),
    ("<ans>right</ans>", "left", "str", 0.0),
    ("<ans>2.0</ans>", "2.0", "float", 1.0),
    ("<ans>2.0 m</ans>", "2.0", "float", 1.0),
    ("<ans>about 2 meters</ans>", "2.0", "float", 1.0),
    ("<ans>two</ans>", "2.0", "float", 1.0),
    ("<ans>1/2</ans>", "0.5", "float", 1.0),
    ("<ans>10.5</ans>", "10", "float", 0.9),
    ("<ans>3</ans>", "2.0", "float", 0.0),
    ("<ans>0</ans>", "0", "float", 1.0),
    ("<ans>0.1</ans>", "0", "float", 0.0),
    ("<ans>-2.05</ans>", "-2.0", "float", 1.0),
    ("<ans>-2.1</ans>", "-2.0", "float", 0.9),
    ("<ans>nan</ans>", "2.0", "float", 0.0),
    ("The distance is roughly 2.5 m (250 cm).", "2.5", "float", 1.0),
    ("<ans></ans> I think <ans>4</ans>", "4", "int", 1.0),
    ("", "3", "int", 0.0),
    (None, "yes", "str", 0.0),
]


@pytest.mark.parametrize(("prediction", "gold", "answer_type", "expected"), DEFAULT_CASES)
def test_default_reading(prediction, gold, answer_type, expected):
    verdict = score_row("omni3d", {"prediction": prediction, "answer": gold, "answer_type": answer_type})
    assert verdict.status != "error", verdict
    assert verdict.score == pytest.approx(expected), verdict


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        ({"prediction": None, "answer": "yes", "answer_type": "str"}, "TypeError"),
        ({"prediction": 3, "answer": "3", "answer_type": "int"}, "TypeError"),
        ({"prediction": "<ans>3</ans>", "answer": "3.0", "answer_type": "int"}, "ValueError"),
        ({"prediction": "<ans>1</ans>", "answer": "0", "answer_type": "float"}, "ZeroDivisionError"),
        ({"prediction": "<ans>1</ans>", "answer": "far", "answer_type": "float"}, "ValueError"),
        ({"prediction": "<ans>1</ans>", "answer": "1", "answer_type": "bool"}, "answer_type"),
    ],
)
def test_upstream_crashes_are_errors(row, needle):
    verdict = score_row("omni3d", row, profile="upstream")
    assert verdict.status == "error" and needle in verdict.detail


def test_upstream_quirks_kept():
    up = lambda p, g, t: score_row("omni3d", {"prediction": p, "answer": g, "answer_type": t},  # noqa: E731
                                   profile="upstream").score
    assert up("<ans>I don't know</ans>", "no", "str") == 1.0       # substring 'no' in 'know'
    assert up("<ans>3.0</ans>", "3", "int") == 0.0                   # int('3.0') fails
    assert up("<ans>yes</ans><ans>no</ans>", "no", "str") == 0.0     # first tag wins
    assert up("<ans>far</ans>", "0", "float") == 0.0                 # unparsed prediction: gold never read
    assert up("<ans>5</ans>", "-2", "float") == 1.0                  # negative gold passes everything


def test_metrics_per_type_and_accuracy():
    rows = [
        {"index": 1, "prediction": "<ans>yes</ans>", "answer": "yes", "answer_type": "str"},
        {"index": 2, "prediction": "<ans>no</ans>", "answer": "yes", "answer_type": "str"},
        {"index": 3, "prediction": "<ans>left</ans>", "answer": "left", "answer_type": "str"},
        {"index": 4, "prediction": "<ans>3</ans>", "answer": "3", "answer_type": "int"},
        {"index": 5, "prediction": "<ans>10</ans>", "answer": "10", "answer_type": "float"},
        {"index": 6, "prediction": "<ans>14</ans>", "answer": "10", "answer_type": "float"},
        {"index": 7, "prediction": "<ans>x</ans>", "answer": "10", "answer_type": "float"},
        {"index": 8, "prediction": "<ans>1</ans>", "answer": "0", "answer_type": "float"},
    ]
    up = score_rows("omni3d", rows, profile="upstream")
    m = up["metrics"]
    assert m["Yes/No Accuracy"] == 0.5 and m["Multiple Choice Accuracy"] == 1.0
    assert m["Numeric (count) Accuracy"] == 1.0
    # row 6: relative error 0.4 passes 0.5 and 0.45 -> 0.2; rows 5, 6, 7 -> (1 + 0.2 + 0) / 3
    assert m["Numeric (other) Mean Relative Accuracy"] == pytest.approx(0.4)
    assert m["excluded_rows"] == 1 and up["counts"]["error"] == 1
    assert up["accuracy"] == pytest.approx((1 + 0 + 1 + 1 + 1 + 0.2 + 0 + 0) / 8)
    default = score_rows("omni3d", rows, profile="default")
    assert default["counts"]["error"] == 0
    assert default["metrics"]["Numeric (other) Mean Relative Accuracy"] == pytest.approx(1.2 / 4)


def test_mra_summation_order_matches_the_reference():
    rows = [{"index": i, "prediction": f"<ans>{p}</ans>", "answer": "10", "answer_type": "float"}
            for i, p in enumerate(["10", "13", "30"])]
    m = score_rows("omni3d", rows, profile="upstream")["metrics"]
    per_threshold = [(1 + (0.3 < t)) / 3 for t in omni3d.THRESHOLDS]
    total = 0.0
    for x in per_threshold:
        total += x
    assert m["Numeric (other) Mean Relative Accuracy"] == total / 10
