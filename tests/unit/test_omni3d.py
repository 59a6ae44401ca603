"""Omni3DBench: every reference vector in both profiles, the per-type metrics, and the default profile's
reading of realistic answers (tags in any case, whole-word yes/no, numbers with units or in words, gold 0,
lengths converted to the gold's unit, ranges and bounds, final-answer markers), plus its agreement with the
hand-labelled dev corpus ``tests/data/omni3d_dev.jsonl``.

Vectors: ``tests/data/vectors/vlmevalkit.jsonl`` (benchmark ``Omni3DBench``): ``expected`` is
``Omni3DBench_acc`` over a one-row file, or ``CRASH:<Exception>``. Default-profile differences are listed in
docs/profiles-mc.md; ``DEFAULT_DIFFERS`` holds the row scores that change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import read_jsonl
from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers import omni3d

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "data" / "vectors" / "vlmevalkit.jsonl").read_text(encoding="utf-8").splitlines()
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

# (prediction, gold, answer_type, default score): numbers in words with halves, unit exponents and error bars,
# lengths in other units (no question: the gold is in metres), ranges, hedges and bounds
NUMBER_CASES = [
    ("<ans>one and a half meters</ans>", "1.5", "float", 1.0),
    ("<ans>two and a half metres</ans>", "2.5", "float", 1.0),
    ("<ans>half a metre</ans>", "0.5", "float", 1.0),
    ("<ans>0.064 m^3</ans>", "0.064", "float", 1.0),
    ("<ans>2 m²</ans>", "2", "float", 1.0),
    ("<ans>2 square meters</ans>", "2", "float", 1.0),
    ("<ans>1.9 ± 0.2 m</ans>", "1.9", "float", 1.0),
    ("<ans>1.9 +/- 0.2</ans>", "1.9", "float", 1.0),
    ("<ans>45 cm</ans>", "0.45", "float", 1.0),
    ("<ans>450 mm</ans>", "0.45", "float", 1.0),
    ("<ans>1.2 km</ans>", "1200", "float", 1.0),
    ("<ans>10 feet</ans>", "3.048", "float", 1.0),
    ("<ans>12 in</ans>", "0.3048", "float", 1.0),
    ("<ans>12 inches</ans>", "0.3048", "float", 1.0),
    ("<ans>roughly 80 cm</ans>", "0.8", "float", 1.0),
    ("<ans>190 ± 20 cm</ans>", "1.9", "float", 1.0),
    ("<ans>450 cm²</ans>", "0.045", "float", 1.0),
    ("<ans>3 in the room</ans>", "3", "float", 1.0),       # "in" followed by a word is not inches
    ("<ans>45 cm</ans>", "45", "int", 1.0),                 # counts are not converted
    ("<ans>2-3 m</ans>", "2.5", "float", 0.0),
    ("<ans>2 – 3</ans>", "2", "float", 0.0),
    ("<ans>between 2 and 3 m</ans>", "2.5", "float", 0.0),
    ("<ans>2 m to 3 m</ans>", "2", "float", 0.0),
    ("<ans>5-7</ans>", "5", "int", 0.0),
    ("<ans>2.4 or 2.8</ans>", "2.4", "float", 0.0),
    ("<ans>two or three</ans>", "2", "int", 0.0),
    ("<ans>at least 5</ans>", "5", "int", 0.0),
    ("<ans>more than 3</ans>", "3", "int", 0.0),
    ("<ans>fewer than 10</ans>", "10", "int", 0.0),
    ("<ans>up to 4</ans>", "4", "int", 0.0),
    ("<ans>5 or more</ans>", "5", "int", 0.0),
    ("<ans>5+</ans>", "5", "int", 0.0),
    ("<ans>about 5</ans>", "5", "int", 1.0),
    ("<ans>~5</ans>", "5", "int", 1.0),
    ("<ans>≈ 4.1</ans>", "4.1", "float", 1.0),
    ("<ans>just over 2 m</ans>", "2", "float", 1.0),       # an approximation, not a bound
    ("<ans>2.4 m or so</ans>", "2.4", "float", 1.0),
    ("<ans>1.5 m or 150 cm</ans>", "1.5", "float", 1.0),   # one length said twice
    ("Between 2 and 3 m, so I estimate 2.5 m.", "2.5", "float", 1.0),
    ("<ans>-0.7</ans>", "-0.7", "float", 1.0),
]

# (prediction, gold, default score): yes/no words, Chinese answers, and abstentions that are not "no"
YES_NO_CASES = [
    ("<ans>Correct</ans>", "yes", 1.0),
    ("<ans>Of course</ans>", "yes", 1.0),
    ("<ans>Definitely</ans>", "yes", 1.0),
    ("<ans>Affirmative</ans>", "yes", 1.0),
    ("<ans>Indeed</ans>", "yes", 1.0),
    ("<ans>Certainly.</ans>", "yes", 1.0),
    ("<ans>It is.</ans>", "yes", 1.0),
    ("<ans>They are</ans>", "yes", 1.0),
    ("<ans>是</ans>", "yes", 1.0),
    ("<ans>对</ans>", "yes", 1.0),
    ("<ans>nah</ans>", "no", 1.0),
    ("<ans>Negative</ans>", "no", 1.0),
    ("<ans>Definitely not</ans>", "no", 1.0),
    ("<ans>Of course not.</ans>", "no", 1.0),
    ("<ans>否</ans>", "no", 1.0),
    ("<ans>不是</ans>", "no", 1.0),
    ("<ans>不</ans>", "no", 1.0),
    ("<ans>不确定</ans>", "no", 0.0),
    ("<ans>Not enough information</ans>", "no", 0.0),
    ("I'm not able to tell from the image.", "no", 0.0),
    ("<ans>cannot be determined</ans>", "no", 0.0),
    ("<ans>unknown</ans>", "no", 0.0),
    ("<ans>unclear</ans>", "no", 0.0),
    ("<ans>It is unclear.</ans>", "yes", 0.0),
    ("<ans>impossible to say</ans>", "no", 0.0),
    ("<ans>insufficient information</ans>", "no", 0.0),
    ("<ans>No idea</ans>", "no", 0.0),
    ("The light is unclear, but yes, the cup is closer.", "yes", 1.0),
    # an opener of a long reply is not the answer
    ("Certainly! Let me look at the picture carefully. The chair is not closer than the table.", "no", 1.0),
    ("The chair is in front.\nFinal answer: no", "no", 1.0),
]

# (prediction, gold, default score): untagged word answers after a final-answer marker
MARKER_CASES = [
    ("The floor lamp stands about 1.6 m and the plant about 1.1 m.\n\nFinal answer: lamp", "lamp", 1.0),
    ("Comparing both.\nAnswer: the lamp.", "lamp", 1.0),
    ("The answer is lamp", "lamp", 1.0),
    ("**Final Answer:** Lamp", "lamp", 1.0),
    ("Answer: plant\nOn second thought, the answer is lamp.", "lamp", 1.0),
    ("Answer: lamp\nOn second thought, the answer is plant.", "lamp", 0.0),
]


@pytest.mark.parametrize(("prediction", "gold", "answer_type", "expected"), DEFAULT_CASES)
def test_default_reading(prediction, gold, answer_type, expected):
    verdict = score_row("omni3d", {"prediction": prediction, "answer": gold, "answer_type": answer_type})
    assert verdict.status != "error", verdict
    assert verdict.score == pytest.approx(expected), verdict


@pytest.mark.parametrize(("prediction", "gold", "answer_type", "expected"), NUMBER_CASES)
def test_default_number_reading(prediction, gold, answer_type, expected):
    verdict = score_row("omni3d", {"prediction": prediction, "answer": gold, "answer_type": answer_type})
    assert verdict.status != "error", verdict
    assert verdict.score == pytest.approx(expected), verdict


@pytest.mark.parametrize(("prediction", "gold", "expected"), YES_NO_CASES)
def test_default_yes_no_reading(prediction, gold, expected):
    verdict = score_row("omni3d", {"prediction": prediction, "answer": gold, "answer_type": "str"})
    assert verdict.score == expected, verdict


@pytest.mark.parametrize(("prediction", "gold", "expected"), MARKER_CASES)
def test_default_final_answer_marker(prediction, gold, expected):
    verdict = score_row("omni3d", {"prediction": prediction, "answer": gold, "answer_type": "str"})
    assert verdict.score == expected, verdict


@pytest.mark.parametrize(
    ("question", "prediction", "gold", "expected"),
    [
        ("How tall is the desk in centimeters?", "<ans>80 cm</ans>", "80", 1.0),
        ("How tall is the desk in centimeters?", "<ans>0.8 m</ans>", "80", 1.0),
        ("How tall is the desk in cm?", "<ans>800 mm</ans>", "80", 1.0),
        ("How many feet tall is the door?", "<ans>2 m</ans>", "6.56", 1.0),
        ("How tall is the desk in meters?", "<ans>80 cm</ans>", "0.8", 1.0),
        ("If the table is 75 cm tall, how tall is the chair in meters?", "<ans>90 cm</ans>", "0.9", 1.0),
        ("What is the volume of the box in cubic meters?", "<ans>64000 cm^3</ans>", "0.064", 1.0),
        ("What is the floor area in square feet?", "<ans>9.29 m²</ans>", "100", 1.0),
        # an area for a question in metres is left as written, not converted as a length
        ("How wide is the rug in meters?", "<ans>2 cm²</ans>", "2", 1.0),
        ("How far away is the car?", "<ans>300 cm</ans>", "3", 1.0),   # no unit named: metres
    ],
)
def test_default_converts_lengths_to_the_unit_the_question_asks_for(question, prediction, gold, expected):
    row = {"question": question, "prediction": prediction, "answer": gold, "answer_type": "float"}
    verdict = score_row("omni3d", row)
    assert verdict.score == pytest.approx(expected), verdict
    assert score_row("omni3d", row, profile="upstream").score == 0.0  # float() of "80 cm" fails


DEV_CORPUS = Path(__file__).parents[1] / "data" / "omni3d_dev.jsonl"
# rows the default profile is known to miss, with why (each label is right; the reading is beyond the scorer)
DEV_KNOWN_MISSES = {
    "o3b-134": "'0.7 m to the left' is -0.7 only under the question's sign convention (negative = left)",
    "o3b-232": "'Same height' answers 'Is the left chair taller?' with no only by reasoning about the question",
}
DEV_MIN_AGREEMENT = 298 / 300


def _corpus_misses(rows: list[dict]) -> dict[str, tuple]:
    """Rows of a hand-labelled corpus whose default-profile score differs from ``expected_score``."""
    misses = {}
    for row in rows:
        verdict = score_row("omni3d", {k: row[k] for k in ("question", "prediction", "answer", "answer_type")},
                            profile="default")
        if verdict.score is None or abs(verdict.score - row["expected_score"]) > 1e-9:
            misses[row["id"]] = (row["expected_score"], verdict.score, verdict.extracted)
    return misses


def test_default_agrees_with_the_hand_labelled_dev_corpus():
    """Blind hand labels (what a careful grader gives each row); the default profile must keep its agreement."""
    rows = read_jsonl(DEV_CORPUS)
    misses = _corpus_misses(rows)
    agreement = 1 - len(misses) / len(rows)
    assert agreement >= DEV_MIN_AGREEMENT, misses
    assert set(misses) <= set(DEV_KNOWN_MISSES), {k: v for k, v in misses.items() if k not in DEV_KNOWN_MISSES}


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


HELDOUT_CORPUS = Path(__file__).parents[1] / "data" / "omni3d_heldout.jsonl"
# The measurement corpus: written blind (its author saw neither the scorer nor the dev corpus) after the dev
# corpus fixes, and scored once as it came: 297/300 (99.0%; upstream profile 203/300). Kept as a regression
# floor with its misses listed; the target is 97%.
HELDOUT_KNOWN_MISSES = {
    "o3c-004": "the Chinese numeral 两 (two) is not read as a number",
    "o3c-091": "a refusal ('I can't help with analysing ...') reads as a negation, so as 'no'",
    "o3c-282": "'1,200 liters' is not converted to 1.2 m^3 (volume units other than lengths cubed)",
}


def test_default_agrees_with_the_blind_heldout_corpus():
    rows = read_jsonl(HELDOUT_CORPUS)
    misses = set(_corpus_misses(rows))
    assert len(rows) == 300
    assert misses <= set(HELDOUT_KNOWN_MISSES), sorted(misses - set(HELDOUT_KNOWN_MISSES))
    assert 1 - len(misses) / len(rows) >= 0.97
