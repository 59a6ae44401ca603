"""Values in a closing sentence (docs/profiles-math.md, "Round 7"): a number that is part of an expression is not
the answer alone ("c = 2π, which is the smallest" read 2: a false accept for the gold 2), and "x is 3" states x = 3
(it was compared as the text "x is 3")."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row


@pytest.mark.parametrize("prediction, gold, status", [
    # a number glued to what makes it part of an expression: the expression is the value
    ("So c = 2π, which is the smallest.", "2", "wrong"),
    ("So c = 2π, which is the smallest.", "2\\pi", "correct"),
    ("So x = \\sqrt{2}, which is irrational.", "2", "wrong"),
    ("So x = \\sqrt{2}, which is irrational.", "\\sqrt{2}", "correct"),
    ("So x is sqrt(2), which is irrational.", "2", "wrong"),
    ("So x is sqrt(2), which is irrational.", "\\sqrt{2}", "correct"),
    ("Thus the area is 4π square units.", "4", "wrong"),
    ("Thus the area is 4π square units.", "4\\pi", "correct"),
    ("So the value is x^2, which is positive.", "2", "wrong"),
    # near misses: a number on its own keeps its reading, with its unit, a clause or a fraction after it
    ("So c is 3, which is odd.", "3", "correct"),
    ("So x is 1/2, which is the smallest.", "\\frac{1}{2}", "correct"),
    ("It takes 5 hours.", "5", "correct"),
    ("So the total is 25cm.", "25 cm", "correct"),
    ("The answer is (2,3,6) (in some order).", "\\{2,3,6\\}", "correct"),
    # a name, "is", a value
    ("So x is 3.", "3", "correct"),
    ("So x is 3.", "4", "wrong"),
    ("So c is π.", "\\pi", "correct"),
    ("So c is pi.", "\\pi", "correct"),
    ("c is \\pi", "\\pi", "correct"),
    ("So c is π.", "3.14", "wrong"),
    ("So x is 3 or 4.", "3", "wrong"),  # a hedge stays one
])
def test_a_value_in_a_closing_sentence(prediction, gold, status):
    assert score_row("olympiad", {"prediction": prediction, "answer": gold}, timeout=10).status == status
    if status == "wrong":  # (IMO-AnswerBench takes a one-line prediction as given: it never accepts these either)
        row = {"Problem ID": "p", "Short Answer": gold, "prediction": prediction}
        assert score_row("imo", row, timeout=10).status == "wrong"


@pytest.mark.parametrize("prediction, answer", [
    ("So c = 2π, which is the smallest.", "2π"),
    ("So x = \\sqrt{2}, which is irrational.", "\\sqrt{2}"),
    ("So x is 3.", "x = 3"),
    ("So c is π.", "c = π"),
])
def test_what_the_sentence_reader_takes(prediction, answer):
    assert maths.final_answer(prediction).answers == (answer,)
