"""Answers to several parts or blanks are ordered (the grading conventions): the k-th answer answers the k-th part; a list of
solutions to one equation stays unordered (rule 8), and named assignments match by name."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.whole import numbered_parts


@pytest.mark.parametrize("gold, pred", [
    ("0; 3", "0 ; 3"),
    ("0；3", "0; 3"),
    ("\\frac{1}{2}; 4", "0.5 ; 4"),
    ("(1) 2 (2) 5", "(1) 2; (2) 5"),
    ("2; 5", "(1) 2 (2) 5"),
    ("(1) 2 (2) 5", "(1) 2 (2) 5"),
])
def test_blanks_answered_in_order_are_right(gold, pred):
    assert maths.equivalent(gold, pred)[0]


@pytest.mark.parametrize("gold, pred", [
    ("0; 3", "3 ; 0"),  # the blanks swapped
    ("0；3", "3；0"),
    ("1; 2; 3", "1; 3; 2"),
    ("(1) 2 (2) 5", "(1) 5 (2) 2"),
    ("2; 5", "(1) 5 (2) 2"),
])
def test_blanks_answered_out_of_order_are_wrong(gold, pred):
    assert not maths.equivalent(gold, pred)[0]


@pytest.mark.parametrize("gold, pred", [
    ("0, 3", "3, 0"),  # solutions of one equation: a list
    ("-12;-11;-10", "\\{-10, -11, -12\\}"),  # solutions separated by semicolons, answered as a set
    ("0; 3", "3, 0"),
    ("x = 1; y = 2", "y = 2; x = 1"),  # named: matched by name
])
def test_a_list_of_solutions_stays_unordered(gold, pred):
    assert maths.equivalent(gold, pred)[0]


def test_numbered_parts():
    assert numbered_parts("(1) 2 (2) x + 1") == ["2", "x + 1"]
    assert numbered_parts("(1) 2, (2) 5; (3) 7") == ["2", "5", "7"]
    assert numbered_parts("(2) 5 (1) 2") is None  # not in order
    assert numbered_parts("(1) 2") is None  # one part
    assert numbered_parts("x(1) + (2)") is None  # brackets in an expression


def test_a_row_answering_blanks_in_order():
    row = {"prediction": "The two blanks are filled as follows.\n\nFinal Answer: $3 ; 0$", "final_answer": ["0; 3"]}
    assert score_row("olympiad", row, timeout=10).status == "wrong"
    row["prediction"] = "The two blanks are filled as follows.\n\nFinal Answer: $0 ; 3$"
    assert score_row("olympiad", row, timeout=10).status == "correct"


# -- lettered parts, (a) (b) ...: ordered as numbered ones ----------------------------------------------------------
# Before, a text of lettered parts was one expression: "(a) 5 (b) 4" read as the product 20ab, equal to "(a) 4 (b) 5".

@pytest.mark.parametrize("gold, pred", [
    ("(a) 4 (b) 5", "(a) 5 (b) 4"),  # swapped: was accepted as the same product
    ("(a) 40 mm (b) 0.5 dm", "(a) 0.5 dm (b) 40 mm"),
    ("(a) 4; (b) 5", "(a) 5 (b) 4"),
    ("4; 5", "(a) 5, (b) 4"),
    ("（a）4 （b）5", "（a）5 （b）4"),  # full-width brackets
])
def test_lettered_parts_out_of_order_are_wrong(gold, pred):
    assert not maths.equivalent(gold, pred)[0]


@pytest.mark.parametrize("gold, pred", [
    ("(a) 4 (b) 5", "(a) 4, (b) 5"),  # was a count mismatch
    ("(a) 4 (b) 5", "4, 5"),
    ("(a) 4 cm (b) 0.5 dm", "(a) 40 mm (b) 5 cm"),
    ("4; 5", "(a) 4 (b) 5"),
    # near misses: a letter in brackets inside an expression is no label
    ("f(a) + f(b)", "f(b) + f(a)"),
    ("(a)(b)", "(b)(a)"),
])
def test_lettered_parts_in_order_and_expressions_are_right(gold, pred):
    assert maths.equivalent(gold, pred)[0]


def test_lettered_parts():
    assert numbered_parts("(a) 2 (b) x + 1") == ["2", "x + 1"]
    assert numbered_parts("(a) 2, (b) 5; (c) 7") == ["2", "5", "7"]
    assert numbered_parts("(b) 5 (a) 2") is None  # not in order
    assert numbered_parts("(a) 2 (c) 5") is None  # a letter skipped
    assert numbered_parts("(a) f(b) (b) 3") == ["f(b)", "3"]  # the "(b)" of f(b) is no label
    assert numbered_parts("(a) + (b)") is None  # an empty part
