"""LiveXivVQA: every reference vector in the upstream profile (open-compass HEAD and the DCVLR fork variant),
the judge fallback through a scripted judge, and the default profile's careful reading.

Vectors: ``tests/data/vectors/vlmevalkit.jsonl`` (benchmark ``LiveXivVQA``): ``expected`` / ``expected_option``
is upstream HEAD's verdict, ``expected_fork*`` the DCVLR fork's; ``judge_replies`` scripts the judge and
``expected_judge_calls`` is how often the reference asked it. Default-profile differences: docs/profiles-mc.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.judge import JudgeError, ScriptedJudge
from pytest_answerbench.scorers import livexiv

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "data" / "vectors" / "vlmevalkit.jsonl").read_text(encoding="utf-8").splitlines()
    if line.strip()
]
ROWS = [v for v in VECTORS if v["benchmark"] == "LiveXivVQA" and v.get("kind") != "aggregate"]
AGGS = [v for v in VECTORS if v["benchmark"] == "LiveXivVQA" and v.get("kind") == "aggregate"]

# default profile: vector id -> (extracted letter or None, judge calls)
DEFAULT_EXPECTED = {
    "lx-001": ("C", 0), "lx-002": ("C", 0), "lx-004": ("C", 0), "lx-005": ("C", 0),
    "lx-006": ("C", 0),    # <answer>C</answer>
    "lx-007": ("C", 0),    # read without asking the judge
    "lx-008": ("C", 0), "lx-009": ("C", 0), "lx-010": ("C", 0), "lx-013": ("C", 0),
    "lx-015": (None, 0),   # refusal
    "lx-016": (None, 0),   # "A or C": hedged, wrong
    "lx-017": (None, 0),   # hedged: the judge is not asked to break the tie
    "lx-019": (None, 0),
    "lx-020": (None, 3),   # nothing read; the judge is asked three times, then no guess
    "lx-021": ("C", 0),
    "lx-022": ("C", 0),    # lowercase c alone
    "lx-024": ("A", 0),
    "lx-026": ("C", 0),    # "The correct answer is (C) because (A) is wrong."
    "lx-028": ("C", 0),    # capital article A
    "lx-029": ("C", 0),    # long answer naming the option's text
    "lx-030": (None, 0),   # Z is no option
}


def _row(vector: dict) -> dict:
    row = {"index": vector["id"], "question": vector["question"], "prediction": vector["prediction"],
           "answer": vector["gold"]}
    row.update({k: vector[k] for k in "ABCDEFGHIJ" if k in vector})
    return row


def _judge(vector: dict) -> ScriptedJudge | None:
    replies = vector.get("judge_replies")
    return None if replies is None else ScriptedJudge(list(replies))


def _check(vector: dict, expected, option, judge: ScriptedJudge | None, variant: str) -> None:
    options = {"variant": variant}
    verdict = score_row("livexiv", _row(vector), profile="upstream", judge=judge, options=options)
    if expected == "random":
        assert verdict.method == "random" and verdict.extra["random_pick"] is True
        assert verdict.extracted in option
        assert verdict.status == ("correct" if verdict.extracted == vector["gold"] else "wrong")
        again = score_row("livexiv", _row(vector), profile="upstream", judge=_judge(vector), options=options)
        assert again.to_dict() == verdict.to_dict()
    else:
        assert verdict.extracted == option, verdict
        assert verdict.status == ("correct" if expected == 1 else "wrong")


@pytest.mark.parametrize("vector", ROWS, ids=[v["id"] for v in ROWS])
def test_upstream_head(vector):
    judge = _judge(vector)
    _check(vector, vector["expected"], vector["expected_option"], judge, "upstream")
    assert len(judge.calls if judge else []) == vector["expected_judge_calls"]


@pytest.mark.parametrize("vector", ROWS, ids=[v["id"] for v in ROWS])
def test_upstream_dcvlr_fork(vector):
    _check(vector, vector["expected_fork"], vector["expected_fork_option"], _judge(vector), "dcvlr")


def test_every_vector_has_a_default_expectation():
    assert {v["id"] for v in ROWS} == set(DEFAULT_EXPECTED)


@pytest.mark.parametrize("vector", ROWS, ids=[v["id"] for v in ROWS])
def test_default(vector):
    letter, calls = DEFAULT_EXPECTED[vector["id"]]
    judge = _judge(vector)
    verdict = score_row("livexiv", _row(vector), profile="default", judge=judge)
    assert verdict.extracted == letter, verdict
    assert verdict.status == ("correct" if letter == vector["gold"] else "wrong")
    assert verdict.method != "random" and not verdict.extra.get("random_pick")
    assert len(judge.calls if judge else []) == calls


@pytest.mark.parametrize("vector", AGGS, ids=[v["id"] for v in AGGS])
def test_report_acc(vector):
    rows = [{"id": str(i), "status": "correct" if r["hit"] else "wrong", "score": float(r["hit"]), "fields": {},
             "extra": {}} for i, r in enumerate(vector["rows"])]
    assert livexiv.report_acc(rows) == vector["expected"]


def _five_options(**kw) -> dict:
    row = {"index": 1, "question": "q", "answer": "E", "A": "0.25", "B": "0.250", "C": "0.5", "D": "1",
           "E": "2.5"}
    row.update(kw)
    return row


def test_groups_and_judge_counts_in_report():
    rows = [
        {**_five_options(prediction="E"), "index": 1, "category": "cs", "l2-category": "plots", "split": "v1"},
        {**_five_options(prediction="A"), "index": 2, "category": "cs", "l2-category": "tables", "split": "v1"},
        {**_five_options(prediction="zzz"), "index": 3, "category": "math", "l2-category": "plots", "split": "v2"},
        {**_five_options(prediction="qqq"), "index": 4, "category": "math", "l2-category": "plots", "split": "v2"},
    ]
    judge = ScriptedJudge(["E", "nope", "still nope", "no"])
    report = score_rows("livexiv", rows, profile="upstream", judge=judge)
    assert report["correct"] == 2 + (report["rows"][3]["extracted"] == "E")
    assert set(report["groups"]) == {"category", "l2-category", "split"}
    assert report["groups"]["split"]["v1"]["total"] == 2
    assert report["metrics"]["judge_decided"] == 1
    assert report["metrics"]["random_picks"] == 1
    assert report["metrics"]["judge_calls"] == 4
    table = {e["split"]: e for e in report["metrics"]["report_acc"]}
    assert table["v1"]["Overall"] == 0.5 and table["v1"]["tables"] == 0.0 and table["v1"]["math"] is None


def test_numeric_option_texts_stay_strings():
    # "0.250" is option B's own text; upstream content matching finds both A and B inside it -> Z
    assert score_row("livexiv", _five_options(prediction="0.250"), profile="upstream").extracted == "Z"
    assert score_row("livexiv", _five_options(prediction="0.250", answer="B")).status == "correct"
    assert score_row("livexiv", _five_options(prediction="Answer: 2.5")).status == "correct"


def test_ten_options_and_errors():
    row = {"index": 9, "prediction": "The answer is (J).", "answer": "J",
           **{k: f"text {k}" for k in "ABCDEFGHIJ"}}
    assert score_row("livexiv", row).status == "correct"
    assert score_row("livexiv", row, profile="upstream").extracted == "J"
    bad = score_row("livexiv", {**row, "answer": "K"})
    assert bad.status == "error" and "not one of the options" in bad.detail


def test_judge_failure_is_an_error_not_a_wrong_answer():
    class Down:
        model = "down"

        def ask(self, messages, **params):
            raise JudgeError("connection refused")

    verdict = score_row("livexiv", _five_options(prediction="hmm"), profile="upstream", judge=Down())
    assert verdict.status == "error" and "connection refused" in verdict.detail


def test_api_failure_reply_is_a_failed_attempt():
    judge = ScriptedJudge(["Failed to obtain answer via API", "E"])
    verdict = score_row("livexiv", _five_options(prediction="hmm"), profile="upstream", judge=judge)
    assert (verdict.extracted, verdict.method, len(judge.calls)) == ("E", "judge", 2)


def test_unknown_variant_is_rejected():
    assert "unknown" in livexiv.check_options({"variant": "fork"})
    assert livexiv.check_options({"variant": "dcvlr"}) is None


def test_judge_prompt_lists_the_options():
    messages = livexiv.judge_messages("What trend?", {"A": "up", "B": "down"}, "it goes up")
    assert "A. up\nB. down\n" in messages[0]["content"] and "it goes up" in messages[0]["content"]
    assert "选项" in livexiv.judge_messages("哪个趋势？", {"A": "up"}, "x")[0]["content"]


@pytest.mark.parametrize(
    ("prediction", "head", "fork"),
    [
        ("The answer is a function of the learning rate.", "A", "A"),  # (?i) regex / fork answer pattern
        ("Z", "Z", "Z"),                                              # explicit Z token
        ("B is right but the figure also hints at something else entirely here", "Z", "B"),  # not in last 4 tokens
        ("I pick **D**", "D", "D"),
        ("answer: <b>", "Z", "Z"),
    ],
)
def test_upstream_letter_rules(prediction, head, fork):
    row = {"index": 1, "question": "q", "prediction": prediction, "answer": "A", "A": "alpha", "B": "beta",
           "C": "gamma", "D": "delta"}
    assert score_row("livexiv", row, profile="upstream").extracted == head
    assert score_row("livexiv", row, profile="upstream", options={"variant": "dcvlr"}).extracted == fork


@pytest.mark.parametrize(("prediction", "upstream", "default"),
                         [("A", "correct", "correct"), ("(A) cat", "correct", "correct"), ("B", "wrong", "wrong"),
                          ("no idea", "wrong", "wrong")])
def test_single_option_rows_are_scored(prediction: str, upstream: str, default: str):
    # The reference builds its options from the letter columns present; a row with only A is scored (not a
    # missing-field error), as the differential run found (issue 18).
    row = {"index": 7, "prediction": prediction, "answer": "A", "A": "cat"}
    up = score_row("livexiv", row, profile="upstream")
    assert (up.status, up.method != "missing-field") == (upstream, True)
    assert score_row("livexiv", row, profile="default").status == default
    assert score_row("livexiv", {"index": 8, "prediction": "A", "answer": "A"}).method == "missing-field"


@pytest.mark.parametrize("prediction", ["", None, float("nan")])
def test_empty_prediction_reads_as_nan_upstream(prediction):
    """The reference reads its stored file back: an empty cell is NaN, the text "nan", where option text "a" is
    found (issue 28: its fuzz row, gold A). The default profile reads an empty reply as no choice."""
    row = {"prediction": prediction, "answer": "A", "A": "A", "B": "B", "C": "C", "D": "D"}
    up = score_row("livexiv", row, profile="upstream")
    assert (up.status, up.extracted, up.method) == ("correct", "A", "can-infer")
    row_b = dict(row, answer="B")
    assert score_row("livexiv", row_b, profile="upstream").extracted == "A"
    default = score_row("livexiv", row, profile="default")
    assert default.status == "wrong" and default.extracted is None
