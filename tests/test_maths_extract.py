"""The math engine's answer extraction: boxes, markers (English and Chinese), self-corrections, fallbacks."""

from __future__ import annotations

import pytest

from pytest_answerbench.maths import boxed_all, final_answer, math_spans
from pytest_answerbench.maths.extract import reduce_sentence

FINAL = [
    ("So the final answer is $\\boxed{3}$.", ("3",), "boxed"),
    ("Thus $x = 4$.\n\n**Final Answer**\n\\[\\boxed{\\frac{1}{2}}\\]", ("\\frac{1}{2}",), "boxed"),
    ("The answer is \\boxed{3}. Wait, that's wrong. Recomputing gives 5.\nSo the final answer is 5.", ("5",), "marker"),
    ("所以最终答案是$\\boxed{12}$。", ("12",), "boxed"),
    ("故答案为：$\\frac{\\sqrt{3}}{2}$。", ("\\frac{\\sqrt{3}}{2}",), "marker"),
    ("Each costs \\$5, so we pay \\$20 in total.\nThe answer is $20$.", ("20",), "marker"),
    ("We find two roots.\nSo the final answer is $\\boxed{1}$ and $\\boxed{2}$.", ("1", "2"), "boxed"),
    ("So x = \\boxed{3} or x = \\boxed{4}", ("3", "4"), "boxed"),
    ("Initially I got \\boxed{2}, but correcting the sign, the result is \\boxed{-2}.", ("-2",), "boxed"),
    ("**Answer: 42**", ("42",), "marker"),
    ("Final answer: $(1, 2]$", ("(1, 2]",), "marker"),
    ("So the final answer is \n$$\\boxed{3}$$", ("3",), "boxed"),
    ("The final answer is\n$$\n\\boxed{7}\n$$", ("7",), "boxed"),
    ("blah blah\n$x = 3$", ("x = 3",), "last-math"),
    ("We showed $a$ equals $3$", ("3",), "last-math"),
    ("The value is 17", ("17",), "last-line"),
    ("Answer: The number of ways is 120.", ("120",), "marker"),
    ("Answer: No, it is not possible.", ("No",), "marker"),
    ("Therefore, the answer is $\\boxed{(1, 2)}$, $\\boxed{(3,4)}$.", ("(1, 2)", "(3,4)"), "boxed"),
    ("$\\boxed{\\boxed{5}}$", ("\\boxed{5}",), "boxed"),
    ("Thus $\\boxed{5}$.\n\nNote that this answer is consistent with the bound above.", ("5",), "boxed"),
    ("Thus $\\boxed{5}$.\n\nWait, I mis-added. The answer is 6.", ("6",), "marker"),
    ("Thus $\\boxed{5}$.\nLet me double check the answer: plugging x=5 gives 25.", ("5",), "boxed"),
    ("So the final answer is 5.\nLet me double check the answer: plugging x=5 gives 25.", ("5",), "marker"),
    ("I think the answer is 8", ("8",), "marker"),
]


@pytest.mark.parametrize("response, answers, method", FINAL, ids=[f"final{i}" for i in range(len(FINAL))])
def test_final_answer(response, answers, method):
    found = final_answer(response)
    assert found is not None
    assert (found.answers, found.method) == (answers, method)


@pytest.mark.parametrize("response", ["", "   \n  ", "I am not sure how to solve this problem, sorry about that."])
def test_no_answer(response):
    found = final_answer(response)
    assert found is None or found.method == "last-line" and len(found.text) <= 40


def test_boxed_all_balances_braces_and_skips_unclosed():
    text = "\\boxed{\\frac{1}{2}} then \\boxed{3 and \\fbox{x^{2}}"
    assert [b[2] for b in boxed_all(text)] == ["\\frac{1}{2}", "x^{2}"]


def test_boxed_escaped_braces():
    assert [b[2] for b in boxed_all("\\boxed{\\{1, 2\\}}")] == ["\\{1, 2\\}"]


def test_many_unclosed_boxes_stay_linear():
    import time

    text = "\\boxed{" * 20000
    started = time.perf_counter()
    assert boxed_all(text) == []
    assert time.perf_counter() - started < 2.0


def test_math_spans_treat_escaped_dollar_as_text():
    assert math_spans("costs \\$5 and \\$6, so $x=11$ and \\(y\\)") == ["x=11", "y"]


@pytest.mark.parametrize("sentence, answer", [
    ("Yes, it can be done", "Yes"),
    ("the number of ways is 120", "120"),
    ("x = 5", "x = 5"),
    ("impossible", "impossible"),
])
def test_reduce_sentence(sentence, answer):
    assert reduce_sentence(sentence) == answer
