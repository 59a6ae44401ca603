"""Option letters in open-answer rows (``maths/options.py``): when the row's question lists its own options, a letter
answers with the option it names, and the option's text answers a gold letter."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths.options import as_option, option_letter, question_options

Q_ENERGY = "A proton must have a minimum energy of the order of\n\n(a) 1 GeV.  \n(b) 1 MeV.  \n(c) 1 KeV. "
Q_FIELD = "What is the field at 1 m?\n(a) $3 \\times 10^{-3}$ Tesla, (b) $6 \\times 10^{-3}$ Tesla, (c) 0.6 Tesla."
Q_BULLETS = "\ufeffSunlight travels to earth in approximately:\n- (a) 1 hr\n- (b) 8 min\n- (c) 8 sec\n"
Q_PAIRS = "x-3 is between which of the following pairs: (A) -7 and -9 (B) -1 and 1 (C) 2.5 and 3.5 (D) 6.75 and 9.25"


def test_question_options():
    assert question_options(Q_ENERGY) == {"a": "1 GeV", "b": "1 MeV", "c": "1 KeV"}
    assert question_options(Q_BULLETS) == {"a": "1 hr", "b": "8 min", "c": "8 sec"}
    assert question_options(Q_PAIRS)["b"] == "-1 and 1"
    assert question_options("Find f(1) and f(2).") == {}  # no options
    assert question_options("Part (a) asks for x; then (c) for y.") == {}  # not a run a, b, c


def test_option_letter():
    options = question_options(Q_ENERGY)
    assert [option_letter(t, options) for t in ("B", "(b)", "\\text{B}", "b.", "B, B", "D", "B, C", "1 MeV")] == \
        ["b", "b", "b", "b", "b", None, None, None]
    assert as_option("B", options) == "1 MeV"
    assert as_option("2 MeV", options) == "2 MeV"


def _status(prediction: str, gold: str, question: str | None, scorer: str = "olympiad") -> str:
    if scorer == "imo":  # AnswerBench's columns: the question is the Problem
        row = {"Problem ID": "p1", "Short Answer": gold, "prediction": prediction}
        if question is not None:
            row["Problem"] = question
        return score_row("imo", row, timeout=10).status
    row = {"prediction": prediction, "final_answer": [gold]}
    if question is not None:
        row["question"] = question
    return score_row("olympiad", row, timeout=10).status


SCORERS = pytest.mark.parametrize("scorer", ["olympiad", "imo"])  # the two default profiles read options alike


@pytest.mark.parametrize("prediction, gold, question", [
    ("The Coulomb barrier is about a MeV.\n\n\\[\\boxed{B}\\]", "1 \\, \\text{MeV}", Q_ENERGY),
    ("So the field is $\\boxed{B}$, that is, $\\boxed{B}$.", "6 \\times 10^{-3} \\, \\text{Tesla}", Q_FIELD),
    ("**Final Answer**\n\\boxed{b}", "8 \\, \\text{min}", Q_BULLETS),
    ("$\\boxed{B}$", "b", Q_ENERGY),  # a letter against a letter, any case
    ("So x - 3 lies between $\\boxed{-1 \\text{ and } 1}$.", "B", Q_PAIRS),  # the option's text against its letter
])
@SCORERS
def test_an_option_letter_answers_with_its_option(prediction, gold, question, scorer):
    assert _status(prediction, gold, question, scorer) == "correct"


@pytest.mark.parametrize("prediction, gold, question", [
    ("\\[\\boxed{A}\\]", "1 \\, \\text{MeV}", Q_ENERGY),  # another option
    ("\\[\\boxed{C}\\]", "1 \\, \\text{MeV}", Q_ENERGY),
    ("$\\boxed{D}$", "1 \\, \\text{MeV}", Q_ENERGY),  # not an option of this question
    ("$\\boxed{B}$", "1 \\, \\text{MeV}", None),  # no question: a letter is not a value
    ("$\\boxed{B}$", "1 \\, \\text{MeV}", "What is the minimum energy of the proton?"),
    ("So x - 3 lies between $\\boxed{2.5 \\text{ and } 3.5}$.", "B", Q_PAIRS),
    ("$\\boxed{A}$", "b", Q_ENERGY),
])
@SCORERS
def test_another_option_or_no_options_is_wrong(prediction, gold, question, scorer):
    assert _status(prediction, gold, question, scorer) == "wrong"
