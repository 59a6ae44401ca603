"""Structured answers written as equations or with a domain (the grading conventions): one value given to several
variables, a function or a family of tuples with the domain it holds on, a numeral in base b, a vulgar fraction in
prose, a set of objects described in words."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.extract import without_domain


@pytest.mark.parametrize("gold, pred", [
    ("(1,1,1)", "a=b=c=1"),  # one value given to three variables: the triple, in the variables' order
    ("(2, 2)", "x = y = 2"),
    ("(0,0,0,0)", "a = b = c = d = 0"),
    ("f(x)=x^2", "f(x) = x² for all x ∈ ℝ"),  # the domain the answer holds on is not part of it
    ("f(x)=x^2", "f(x) = x^2 \\text{ for all } x \\in \\mathbb{R}"),
    ("f(n)=n", "f(n) = n for every positive integer n"),
    ("(a, 1)", "(a, 1) for any positive integer a"),
    ("36", "100100_2"),  # a numeral in base b is its value
    ("26", "1A_{16}"),
    ("100100_2", "100100_{2}"),
    ("\\frac{1}{2}", "½"),
    ("all odd positive integers", "every odd positive integer n"),
    ("all positive integers", "every positive integer n"),
])
def test_a_structured_answer_in_another_form_is_the_same(gold, pred):
    assert maths.equivalent(gold, pred)[0], (gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("(1,1,2)", "a=b=c=1"),
    ("(1,1,1)", "a=b=1"),  # two variables for a triple
    ("f(x)=x^2", "f(x) = x^3 for all x ∈ ℝ"),
    ("(a, 2)", "(a, 1) for any positive integer a"),
    ("37", "100100_2"),
    ("100100_2", "100101_2"),
    ("\\frac{1}{3}", "½"),
    ("all odd positive integers", "every even positive integer n"),
    ("all odd positive integers", "no odd positive integers"),
    ("all odd positive integers", "all odd integers"),  # a qualifier dropped
])
def test_a_different_structured_answer_is_wrong(gold, pred):
    assert not maths.equivalent(gold, pred)[0], (gold, pred)


def test_without_domain():
    assert without_domain("f(x) = x^2 for all x ∈ ℝ") == "f(x) = x^2"
    assert without_domain("(a, 1) for any positive integer a") == "(a, 1)"
    assert without_domain("x = 2 where n is an integer") == "x = 2"
    assert without_domain("for all x ∈ ℝ") == "for all x ∈ ℝ"  # nothing would be left
    assert without_domain("3 for the first and 4 for the second") == "3 for the first and 4 for the second"


@pytest.mark.parametrize("prediction, gold", [
    ("By symmetry the minimum is at a = b = c.\n\nSo a=b=c=1.", "(1,1,1)"),
    ("Substituting back, we verify.\n\nSo $f(x) = x^2$ for all $x \\in \\mathbb{R}$.", "f(x)=x^2"),
    ("Of the 4 outcomes, 2 are favourable, so the probability is ½.", "\\frac{1}{2}"),
    ("Hence the answer is every odd positive integer n.", "all odd positive integers"),
])
def test_rows_with_structured_answers(prediction, gold):
    assert score_row("olympiad", {"prediction": prediction, "final_answer": [gold]}, timeout=10).status == "correct"
    assert score_row("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": prediction},
                     timeout=10).status == "correct"
