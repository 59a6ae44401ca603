"""Readings added after trace_math's third fresh split was scored once (``tests/data/trace_math.README.md``, "The
third fresh split scored"): its two misses, each fixed as a principle with the near misses that must keep their
verdict: a harness's end-of-answer token ending a line that left a math span open closes the span; a closing
sentence whose math span only names a quantity and then states a plain value for it ("the value of $k$ is 1")
answers with the value, not the name."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths.locate import final_answer


def _olympiad(pred: str, gold: str) -> str:
    return score_row("olympiad", {"prediction": pred, "final_answer": [gold]}, profile="default", timeout=20).status


def _imo(pred: str, gold: str) -> str:
    row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
    return score_row("imo", row, profile="default", timeout=20).status


BOTH = pytest.mark.parametrize("score", [_olympiad, _imo])

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
    ("Hence $\\theta$ is 30 degrees.", "30"),
    ("Therefore, the value of $k$ is $1$.", "1"),  # the value in math: as before
    ("Therefore, the limit is $e$.", "e"),  # the span is the value stated
    ("Therefore $x$ is 2 more than $y$.", "y"),  # a math span after the value: the rule does not apply
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
