"""Readings added after trace_math's second fresh split was scored once (``tests/data/trace_math.README.md``, "The
second fresh split scored"): its three misses, all Chinese fill-in-the-blank rows of GAOKAO-Bench, each fixed as a
principle with the near misses that must keep their verdict: GAOKAO-Bench's ``<eoe>`` / ``<eoa>`` tokens are the
harness's wherever they stand (inside a formula too); a gold writing one value in several forms joined by ``##`` is
that value; statement numbers side by side (``(2)(3)``, ``②③``) are a set of statements, not a product.

Then the two misses of the third fresh split ("The third fresh split scored"): a harness's end-of-answer token ending
a line that left a math span open closes the span; a closing sentence whose math span only names a quantity and then
states a plain value for it ("the value of $k$ is 1") answers with the value, not the name."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.accepted import one_of_forms
from pytest_answerbench.maths.compare.labels import statement_numbers
from pytest_answerbench.maths.locate import final_answer


def _olympiad(pred: str, gold: str) -> str:
    return score_row("olympiad", {"prediction": pred, "final_answer": [gold]}, profile="default", timeout=20).status


def _imo(pred: str, gold: str) -> str:
    row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
    return score_row("imo", row, profile="default", timeout=20).status


BOTH = pytest.mark.parametrize("score", [_olympiad, _imo])

# ---- the harness's end-of-answer token inside a formula ------------------------------------------------------------

N_GOLD = "$\\frac{\\mathrm{N}_{1}}{\\mathrm{~N}}$"


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    # tm-0646: the token written inside the closing formula
    ("【解析】 由随机模拟方案可得近似值为 $\\frac{N_{1}}{N}<eoe>$ 【答案】$\\frac{N_{1}}{N}<eoa>$", N_GOLD, "correct"),
    ("【答案】$\\frac{N_{1}}{N}$<eoa>", N_GOLD, "correct"),  # after it, as before
    ("【答案】$\\frac{N}{N_{1}}<eoa>$", N_GOLD, "wrong"),  # another answer
    ("【答案】$\\frac{1}{2}<eoa>$", "$\\frac{1}{3}$", "wrong"),
    ("【解析】 积分的近似值为 $\\frac{N_{1}}{N}<eoe>$ 【答案】$\\frac{N}{N_{1}}<eoa>$", N_GOLD, "wrong"),  # the answer, not the analysis
])
def test_the_end_of_answer_token_is_no_part_of_the_answer(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- a gold's forms joined by ## -------------------------------------------------------------------------------

@pytest.mark.parametrize("gold, first", [
    ("$\\frac{3}{10} \\# \\# 0.3$", "\\frac{3}{10}"),  # tm-0662
    ("$-\\frac{3}{4} \\# \\#-0.75$", "-\\frac{3}{4}"),  # rr-0400's gold
    ("\\frac{1}{2}##0.5", "\\frac{1}{2}"),
])
def test_forms_of_one_value_are_that_value(gold, first):
    assert one_of_forms(gold) == first


@pytest.mark.parametrize("gold", ["$2 \\# \\# 3$", "$\\frac{1}{2} \\# \\# 0.6$", "0.3", "$x \\# \\# 0.3$", "##0.3"])
def test_forms_of_different_values_or_no_forms_are_left_as_written(gold):
    assert one_of_forms(gold) is None


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【答案】3 / 10<eoa>", "$\\frac{3}{10} \\# \\# 0.3$", "correct"),  # tm-0662
    ("【答案】0.3", "$\\frac{3}{10} \\# \\# 0.3$", "correct"),
    ("【答案】$m=-\\frac{3}{4}$", "$-\\frac{3}{4} \\# \\#-0.75$", "correct"),
    ("【答案】0.4", "$\\frac{3}{10} \\# \\# 0.3$", "wrong"),
    ("【答案】$\\frac{3}{100}$", "$\\frac{3}{10} \\# \\# 0.3$", "wrong"),
    ("【答案】 m = -1", "$-\\frac{3}{4} \\# \\#-0.75$", "wrong"),  # rr-0400, labelled wrong
    ("【答案】2", "$2 \\# \\# 3$", "wrong"),  # forms of two values: not read as one
])
def test_a_gold_in_several_forms(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- statement numbers side by side -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, numbers", [
    ("(2)(3)", {2, 3}),
    ("②③", {2, 3}),
    ("$(1)(3)$", {1, 3}),
    ("(1)、(4)", {1, 4}),
    ("①③④。", {1, 3, 4}),
])
def test_labels_side_by_side_name_statements(text, numbers):
    assert statement_numbers(text) == frozenset(numbers)


@pytest.mark.parametrize("text", ["(2)", "(x+1)(x-1)", "(2)(3)x", "6", "(12345)(2)", "(a)(b)"])
def test_other_answers_name_no_statements(text):
    assert statement_numbers(text) is None


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【答案】(1)(2)(3)<eoa>", "(2)(3)", "wrong"),  # tm-0648: 6 = 6 as products, but another selection
    ("【答案】(2)(3)", "(2)(3)", "correct"),
    ("【答案】(3)(2)", "(2)(3)", "correct"),  # the order a reply lists them in carries nothing
    ("【答案】②③", "(2)(3)", "correct"),
    ("【答案】(2)", "(2)(3)", "wrong"),
    ("【答案】(2)(4)", "(2)(3)", "wrong"),
    ("【答案】6", "(2)(3)", "wrong"),
    ("【答案】2, 3", "(2)(3)", "correct"),  # the numbers listed
    ("【答案】2、3", "(2)(3)", "correct"),
    ("【答案】23", "(2)(3)", "wrong"),
    ("【答案】2, 3, 4", "(2)(3)", "wrong"),
    ("【答案】(1)(3)", "①③", "correct"),
    ("【答案】①④", "①③", "wrong"),
])
def test_statement_numbers_are_a_set_of_statements(score, pred, gold, status):
    assert score(pred, gold) == status


def test_a_product_of_brackets_is_still_a_product():
    assert maths.equivalent("(x+1)(x-1)", "x^2-1")[0] is True
    assert maths.equivalent("(x+1)(x-1)", "x^2+1")[0] is False


# ---- the end-of-answer token closes the span its line left open -------------------------------------------------


@pytest.mark.parametrize("reply, answer", [
    ("【答案】$k=\\frac{\\sqrt{2}}{2}<eoa>", "k=\\frac{\\sqrt{2}}{2}"),  # tm-0678
    ("【答案】$\\frac{N_{1}}{N}<eoa>$", "\\frac{N_{1}}{N}"),  # closed right after the token: as before
    ("【答案】$\\frac{1}{2}$<eoa>", "\\frac{1}{2}"),  # closed before it
    ("【解析】 代入得 $x=3<eoe>$ 【答案】$\\frac{1}{2}<eoa>", "\\frac{1}{2}"),
    ("【答案】 3 <eoa>", "3"),
])
def test_the_end_token_ends_the_span(reply, answer):
    assert final_answer(reply).answers == (answer,)


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("可得 $k=\\frac{\\sqrt{2}}{2}$ 【答案】$k=\\frac{\\sqrt{2}}{2}<eoa>", "$\\frac{\\sqrt{2}}{2}$", "correct"),
    ("【答案】$k=\\frac{\\sqrt{3}}{2}<eoa>", "$\\frac{\\sqrt{2}}{2}$", "wrong"),
    ("【答案】$k=\\frac{\\sqrt{2}}{2}", "$\\frac{\\sqrt{2}}{2}$", "wrong"),  # no token: a reply cut off in its span
    ("【答案】$\\frac{1}{3}<eoa>", "$\\frac{1}{2}$", "wrong"),
])
def test_an_answer_closed_by_its_end_token(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- a named quantity, then its plain value ---------------------------------------------------------------------

@pytest.mark.parametrize("reply, answer", [
    ("Solving, $k = \\frac{6}{6} = 1$\n\nTherefore, the value of $k$ is 1.", "1"),  # tm-0729
    ("Therefore, $k$ is 1.", "1"),
    ("So $x$ equals 5.", "5"),
    ("Thus the number of $x$ values is 3.", "3"),
    ("Hence $\\theta$ is 30 degrees.", "30^\\circ"),  # (round 30: an angle's degrees in words kept)
    ("Therefore, the value of $k$ is $1$.", "1"),  # the value in math: as before
    ("Therefore, the limit is $e$.", "e"),  # the span is the value stated
    # a math span after the value: the rule does not apply; "more than" before that span sets a bound (round 10)
    ("Therefore $x$ is 2 more than $y$.", "Therefore $x$ is 2 more than $y$"),
])
def test_a_name_then_a_plain_value(reply, answer):
    assert final_answer(reply).answers == (answer,)


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("We divide both sides by 6: $k = 1$\n\nTherefore, the value of $k$ is 1.", "1", "correct"),
    ("We divide both sides by 6: $k = 1$\n\nTherefore, the value of $k$ is 2.", "1", "wrong"),
    ("Therefore, the value of $k$ is 1.", "k", "wrong"),
])
def test_the_value_is_scored(score, pred, gold, status):
    assert score(pred, gold) == status
