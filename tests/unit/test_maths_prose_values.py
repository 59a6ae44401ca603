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


# Found by an attack on the closing-sentence reader (863 probes: false accepts 170 -> 69, false rejects 130 -> 90).
@pytest.mark.parametrize("prediction, gold, status", [
    # a sign: the Unicode minus and the words "minus", "negative"
    ("So we obtain −6.", "6", "wrong"),
    ("So we obtain −6.", "-6", "correct"),
    ("So the answer is minus 3.", "3", "wrong"),
    ("So the answer is minus 3.", "-3", "correct"),
    ("So the roots are 2 and −2.", "2, -2", "correct"),
    # a relation before the number: a bound, not a value
    ("Therefore x > 2.", "2", "wrong"),
    ("Therefore x > 2.", "x > 2", "correct"),
    ("Hence n ≥ 7.", "7", "wrong"),
    ("The final answer is $\\boxed{\\ge 7}$.", "7", "wrong"),
    ("The answer is over 5.", "5", "wrong"),
    ("The answer is 5 or more.", "5", "wrong"),
    # a clause after the value, set off by a comma, says something of it
    ("So the answer is 12, which is divisible by 3.", "3", "wrong"),
    ("So the answer is 12, which is divisible by 3.", "12", "correct"),
    ("The answer is 4, not 3.", "3", "wrong"),
    ("The answer is 4, not 3.", "4", "correct"),
    ("The answer is 2√2, which is about 2.83.", "2\\sqrt{2}", "correct"),
    # two values stated against one gold: the extra one is wrong (rule 8), not the last one read
    ("The roots are 3 and 4.", "4", "wrong"),
    ("The roots are 3 and 4.", "3, 4", "correct"),
    # a mixed number, a fraction's numerator, a constant after a space
    ("The answer is 2⅓.", "7", "wrong"),
    ("The answer is 2⅓.", "\\frac{7}{3}", "correct"),
    ("The angle is π/3 radians.", "3", "wrong"),
    ("So the area is 25 π square units.", "25", "wrong"),
    ("So the area is 25 π square units.", "25\\pi", "correct"),
    # an operand of an expression stated in words
    ("So the expression simplifies to 3x + 1.", "1", "wrong"),
    ("So the expression simplifies to 3x + 1.", "3x+1", "correct"),
    # near misses: a plain value with a unit, a restatement after "or", a number list read as one number
    ("So she has 18 dollars left.", "18", "correct"),
    ("So the total is $24, or $8 per person.", "8", "correct"),
    ("The answer is 1,000.", "1000", "correct"),
])
def test_a_value_in_a_closing_sentence_attacked(prediction, gold, status):
    assert score_row("olympiad", {"prediction": prediction, "answer": gold}, timeout=10).status == status


# A check or a reason after the closing statement commits to nothing (GRADING rule 12): on its own line or as the
# next sentence of a short line (before, only a line longer than 80 characters was read sentence by sentence).
@pytest.mark.parametrize("prediction, answer", [
    ("Work.\n\nSo x = 5.\n\nCheck: 2(5) + 1 = 11.", "x = 5"),
    ("So x = 5.\nVerification: 2·5 + 1 = 11, as required.", "x = 5"),
    ("So she has 18 dollars. This is because she spent 5 dollars.", "18"),
    ("So she has 18 dollars.\nThis is because she spent 5 dollars.", "18"),
    # near misses: a reason that opens a concluding sentence concludes; an answer line keeps its reading
    ("Work.\n\nSince she cooks 9 batches, the total time is 72 minutes.", "72 min"),
    ("The answer is 5.\n\nIndeed, 2(5) + 1 = 11.", "5"),
])
def test_a_check_after_the_answer_is_no_answer(prediction, answer):
    assert maths.final_answer(prediction).answers == (answer,)
    gold = answer.split("=")[-1].strip()
    assert score_row("olympiad", {"prediction": prediction, "answer": gold}, timeout=10).status == "correct"
