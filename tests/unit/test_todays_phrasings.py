"""The phrasings issue 33 lists under "What the misses are" (items 1, 2, 5, 6 and 7), each scored end to end the way
a user meets it: a prediction row through ``score_row`` in the default profile of OlympiadBench and IMO-AnswerBench
(maths) or VMCBench and LiveXivVQA (multiple choice), with the near miss that must stay wrong beside it. Items 3
and 4 (units, structured answers) are tested in ``test_maths_physics_units.py`` and
``test_maths_structured_forms.py``.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row


def _maths(bench: str, prediction: str, gold: str) -> str:
    if bench == "olympiad":
        row = {"prediction": prediction, "final_answer": [gold]}
    else:
        row = {"Problem ID": "p", "Short Answer": gold, "prediction": prediction}
    return score_row(bench, row, profile="default", timeout=10).status


MATHS = pytest.mark.parametrize("bench", ["olympiad", "imo"])

# ---- item 1: musings in a long trace do not beat the final answer ------------------------------------------------

_TRACE = ("Okay, let me think about the factors of 2016 that are two-digit numbers. The answer should be a single "
          "number. If the question asked for three-digit factors, the answer would be 0. Adding the first ones, the "
          "answer is 40 so far. Let me check whether the answer is 36: no, I missed some.\n\n" * 6
          + "Final Answer: The final answer is $\\boxed{63}$")


@MATHS
def test_the_final_box_of_a_trace_beats_the_musings_before_it(bench):
    assert _maths(bench, _TRACE, "63") == "correct"
    for mused in ("0", "40", "36"):  # the hypothetical, the partial sum and the check name these
        assert _maths(bench, _TRACE, mused) == "wrong"


# ---- item 2: text answers stated in prose ------------------------------------------------------------------------

PROSE = [
    ("We colour the board in two stripes and check every row. Hence it is possible.", "Yes",
     "We colour the board in two stripes and check every row. Hence it is not possible."),
    ("A counterexample is a square of side two.\n\n**Answer:** Not necessarily.", "No",
     "Every case works the same way.\n\n**Answer:** Yes, always."),
    ("Along the two axes the values differ, so the limit does not exist.", "does not exist",
     "Along the two axes the values agree, so the limit exists."),
    ("Each step gives a new prime larger than the last. There are infinitely many such primes.", "infinitely many",
     "Each step fails after a while. There are only finitely many such primes."),
    ("All three angles are equal, so the triangle must be equilateral.", "equilateral",
     "Two angles are equal, so the triangle must be isosceles."),
    ("By strategy stealing, **Alice** has a winning strategy.", "Alice",
     "By strategy stealing, **Bob** has a winning strategy."),
    ("No value of k works.\n\nThe final answer is $\\boxed{}$. Thus, there exists no such k.", "No",
     "No value of k works.\n\nThe final answer is $\\boxed{}$."),
]


@MATHS
@pytest.mark.parametrize("right, gold, wrong", PROSE, ids=[gold for _, gold, _ in PROSE])
def test_a_text_answer_stated_in_prose(bench, right, gold, wrong):
    assert _maths(bench, right, gold) == "correct"
    assert _maths(bench, wrong, gold) == "wrong"


@MATHS
def test_a_claim_under_a_condition_or_between_two_is_no_answer(bench):
    assert _maths(bench, "If n is even, Alice has a winning strategy.", "Alice") == "wrong"
    assert _maths(bench, "Hence the triangle is isosceles or equilateral.", "equilateral") == "wrong"


# ---- item 5: blanks answered in order are ordered -----------------------------------------------------------------

@MATHS
def test_blanks_answered_in_order_are_ordered(bench):
    assert _maths(bench, "The two blanks are $3 ; 0$.", "0; 3") == "wrong"
    assert _maths(bench, "The two blanks are $0 ; 3$.", "0; 3") == "correct"


# ---- item 6: a JSON block that holds no answer, then the answer in prose ----------------------------------------

@MATHS
def test_a_json_block_without_an_answer_then_the_closing_answer(bench):
    response = ("```json\n{\"reasoning\": \"pair the terms and count the pairs\", \"steps\": 4}\n```\n\n"
                "Pairing the terms gives 14 pairs of 2.\n\n**Answer**: 28")
    assert _maths(bench, response, "28") == "correct"
    assert _maths(bench, response, "14") == "wrong"


# ---- item 7: multiple-choice phrasings ----------------------------------------------------------------------------

CHART = {"A": "The loss decreases", "B": "The loss increases", "C": "The loss stays constant", "D": "It oscillates"}


def _choice(bench: str, prediction: str, answer: str) -> str:
    row = {"index": 1, "question": "How does the loss change?", "prediction": prediction, "answer": answer,
           "category": "chart", **CHART}
    return score_row(bench, row, profile="default", timeout=10).status


CHOICE = pytest.mark.parametrize("bench", ["vmcbench_dev", "livexiv"])

SAY_C = ["I would say C, since the chart suggests it.", "I'd say C, since the chart suggests it.",
         "I would say (C), since the chart suggests it.", "I would say option C, since the chart suggests it.",
         "I would say **C**, since the chart suggests it.", "I would say C since the chart suggests it"]


@CHOICE
@pytest.mark.parametrize("prediction", SAY_C)
def test_an_opinion_with_its_reason_commits(bench, prediction):
    assert _choice(bench, prediction, "C") == "correct"
    assert _choice(bench, prediction, "A") == "wrong"


@CHOICE
@pytest.mark.parametrize("prediction, answer, status", [
    ("\\fbox{(A)}", "A", "correct"),
    # a refusal commits to nothing whatever option it then mentions
    ("As a text-based AI I cannot see the image, but option A is a common answer for such charts.", "A", "wrong"),
    ("I am a text-based AI and cannot see images. Option A.", "A", "wrong"),
    # a hedge between two options
    ("Looking at the chart, the answer is either B or C.", "B", "wrong"),
    ("The answer is most likely B) the loss increases or C) the loss stays constant.", "C", "wrong"),
    # an option's text inside the repetition loop a degenerate reply ends in
    ("Let me look at the chart. " + "the loss increases " * 12, "B", "wrong"),
])
def test_other_multiple_choice_phrasings(bench, prediction, answer, status):
    assert _choice(bench, prediction, answer) == status
