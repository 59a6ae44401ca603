"""Readings added after trace_math's fresh split was scored once (``tests/data/trace_math.README.md``, "The fresh
split"): its three misses, all Chinese fill-in-the-blank rows, each fixed as a principle with the near misses that
must keep their verdict: an answer restating the quantity the question ends on (``Q = V`` against a bare gold), a
closing sentence restating the blank's lead-in before a text answer, and a gold that states which answers it
accepts (``2 (满足 $1<e \\leq \\sqrt{5}$ 皆可)``)."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.accepted import accepted_values
from pytest_answerbench.maths.prose import closing_statement

# ---- an answer restating the asked quantity ---------------------------------------------------------------------

Q_VEC = ("设向量 $\\vec{a}, \\vec{b}$ 的夹角的余弦值为 $\\frac{1}{3}$, 且 $|\\vec{a}|=1,|b|=3$, "
         "则 $(2 \\vec{a}+\\vec{b}) \\cdot \\vec{b}=$")
Q_SUM = "Given $a+b=7$ and $ab=12$, find $a^2+b^2$."


@pytest.mark.parametrize("gold, pred, question", [
    ("11", "(2\\vec{a}+\\vec{b})\\cdot\\vec{b}=11", Q_VEC),
    ("11", "(2\\vec{a} + \\vec{b}) \\cdot \\vec{b} = 11", Q_VEC),
    ("25", "a^2+b^2=25", Q_SUM),
    ("25", "a^{2} + b^{2} = 25", Q_SUM),
])
def test_a_value_after_the_asked_quantity_restated_is_that_value(gold, pred, question):
    assert maths.equivalent(gold, pred, question=question) == (True, "asked:exact")


@pytest.mark.parametrize("gold, pred, question", [
    ("11", "(2\\vec{a}+\\vec{b})\\cdot\\vec{b}=12", Q_VEC),  # another value
    ("11", "\\vec{a}\\cdot\\vec{b}=11", Q_VEC),  # a quantity the question does not end on
    ("11", "(2\\vec{a}+\\vec{b})\\cdot\\vec{b}=11", None),  # no question: an equation is no value
    ("7", "a+b=7", Q_SUM),  # the given, restated: not the asked quantity
    ("7", "a+b=7", "Given $a+b=7$, find $a+b$ squared minus 42."),  # the question gives a+b its value
])
def test_a_restated_quantity_that_is_not_the_asked_one_stays_wrong(gold, pred, question):
    assert maths.equivalent(gold, pred, question=question)[0] is False


# ---- a closing sentence filling the blank the question ends on ------------------------------------------------

Q_SAMPLE = ("某公司有大量客户, 且不同年龄段客户对其服务的评价有较大差异. 为了解客户的评价, 该公司准备进行抽样调查, "
            "可供选择的抽样方法有简单随机抽样、分层抽样和系统抽样, 则最合适的抽样方法是")
CLOSE = "系统抽样方法不太适合本题。而简单随机抽样不能保证比例。因此，最合适的抽样方法是分层抽样。"


@pytest.mark.parametrize("question", [Q_SAMPLE, Q_SAMPLE + "______.", Q_SAMPLE + "（ ）", Q_SAMPLE + " ____ ."])
def test_a_closing_sentence_restating_the_blank_fills_it(question):
    found = closing_statement(CLOSE, question=question)
    assert found is not None and found.answers == ("分层抽样",)
    verdict = score_row("olympiad", {"question": question, "answer": "分层抽样.", "prediction": CLOSE})
    assert verdict.status == "correct"


@pytest.mark.parametrize("text, question", [
    (CLOSE, None),  # no question: words after 是 are no value
    ("因此，最合适的抽样方法不是简单随机抽样。", Q_SAMPLE),  # negated: the lead-in is not restated
    ("因此，我们选择分层抽样。", Q_SAMPLE),  # no restated lead-in: left to the other readings
    (CLOSE, "可供选择的抽样方法有简单随机抽样、分层抽样和系统抽样, 最合适的是哪一种?"),  # no blank at the end
    (CLOSE, "Which sampling method is the most suitable?"),
])
def test_no_restated_blank_no_text_answer(text, question):
    found = closing_statement(text, question=question)
    assert found is None or found.answers != ("分层抽样",)


def test_the_blank_filled_with_another_method_is_wrong():
    wrong = CLOSE.replace("最合适的抽样方法是分层抽样", "最合适的抽样方法是系统抽样")
    verdict = score_row("olympiad", {"question": Q_SAMPLE, "answer": "分层抽样.", "prediction": wrong})
    assert verdict.status == "wrong" and verdict.extracted == "系统抽样"


# ---- a gold stating which answers it accepts --------------------------------------------------------------------

GOLD_E = "2 (满足 $1<e \\leq \\sqrt{5}$ 皆可)"


@pytest.mark.parametrize("pred", ["e=\\frac{3}{2}", "\\frac{3}{2}", "2", "\\sqrt{5}", "e = 2.2", "e=\\sqrt{3}"])
def test_any_value_meeting_the_golds_condition_is_right(pred):
    assert maths.equivalent(GOLD_E, pred) == (True, "accepted-range")


@pytest.mark.parametrize("pred", ["1", "e=3", "\\sqrt{6}", "e=1", "-2"])
def test_a_value_outside_the_golds_condition_is_wrong(pred):
    assert maths.equivalent(GOLD_E, pred) == (False, "outside-accepted-range")


@pytest.mark.parametrize("gold, pred, expected", [
    (GOLD_E, "x=\\frac{3}{2}", False),  # another quantity: compared with the example, 2
    (GOLD_E, "x=2", True),  # ... which it is
    ("2 (满足 $1<e$ 皆可)", "e=5", True),  # one-sided
    ("2 (满足 $e>1$ 均可)", "0.5", False),
    ("2 (满足 $1<e<x$ 皆可)", "1.5", False),  # two names in the condition: not read; 1.5 is not 2
    ("2 (满足条件即可)", "3", False),  # no inequality: the example only
    ("2", "\\frac{3}{2}", False),  # no condition stated
])
def test_condition_near_misses(gold, pred, expected):
    assert maths.equivalent(gold, pred)[0] is expected


def test_only_a_stated_condition_is_read():
    assert accepted_values("2", "2") is None
    assert accepted_values("x^2 (x>0)", "4") is None  # a domain, not "any value meeting it"
    assert accepted_values(GOLD_E, "e=\\frac{3}{2}") == ("2", (True, "accepted-range"))
