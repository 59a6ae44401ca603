"""The math engine's answer extraction: boxes, markers (English and Chinese), self-corrections, fallbacks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench.maths import boxed_all, final_answer, math_spans
from pytest_answerbench.maths.extract import _MARKERS, marker_matches, reduce_sentence, truncated

FINAL = [
    ("So the final answer is $\\boxed{3}$.", ("3",), "boxed"),
    ("Thus $x = 4$.\n\n**Final Answer**\n\\[\\boxed{\\frac{1}{2}}\\]", ("\\frac{1}{2}",), "boxed"),
    ("The answer is \\boxed{3}. Wait, that's wrong. Recomputing gives 5.\nSo the final answer is 5.", ("5",), "answer-line"),
    ("所以最终答案是$\\boxed{12}$。", ("12",), "boxed"),
    ("故答案为：$\\frac{\\sqrt{3}}{2}$。", ("\\frac{\\sqrt{3}}{2}",), "answer-line"),
    ("Each costs \\$5, so we pay \\$20 in total.\nThe answer is $20$.", ("20",), "answer-line"),
    ("We find two roots.\nSo the final answer is $\\boxed{1}$ and $\\boxed{2}$.", ("1", "2"), "boxed"),
    ("So x = \\boxed{3} or x = \\boxed{4}", ("3", "4"), "boxed"),
    ("Initially I got \\boxed{2}, but correcting the sign, the result is \\boxed{-2}.", ("-2",), "boxed"),
    ("**Answer: 42**", ("42",), "answer-line"),
    ("Final answer: $(1, 2]$", ("(1, 2]",), "answer-line"),
    ("So the final answer is \n$$\\boxed{3}$$", ("3",), "boxed"),
    ("The final answer is\n$$\n\\boxed{7}\n$$", ("7",), "boxed"),
    ("blah blah\n$x = 3$", ("x = 3",), "prose"),
    ("We showed $a$ equals $3$", ("3",), "prose"),
    ("The value is 17", ("17",), "prose"),
    ("Answer: The number of ways is 120.", ("120",), "answer-line"),
    ("Answer: No, it is not possible.", ("No",), "answer-line"),
    ("Therefore, the answer is $\\boxed{(1, 2)}$, $\\boxed{(3,4)}$.", ("(1, 2)", "(3,4)"), "boxed"),
    ("$\\boxed{\\boxed{5}}$", ("5",), "boxed"),  # a box that is all of its box's content is the same answer
    ("Thus $\\boxed{5}$.\n\nNote that this answer is consistent with the bound above.", ("5",), "boxed"),
    ("Thus $\\boxed{5}$.\n\nWait, I mis-added. The answer is 6.", ("6",), "answer-line"),
    ("Thus $\\boxed{5}$.\nLet me double check the answer: plugging x=5 gives 25.", ("5",), "boxed"),
    ("So the final answer is 5.\nLet me double check the answer: plugging x=5 gives 25.", ("5",), "answer-line"),
    ("I think the answer is 8", ("8",), "answer-line"),
]


@pytest.mark.parametrize("response, answers, method", FINAL, ids=[f"final{i}" for i in range(len(FINAL))])
def test_final_answer(response, answers, method):
    found = final_answer(response)
    assert found is not None
    assert (found.answers, found.method) == (answers, method)


@pytest.mark.parametrize("response", ["", "   \n  ", "I am not sure how to solve this problem, sorry about that."])
def test_no_answer(response):
    found = final_answer(response)
    assert found is None or found.method == "prose" and len(found.text) <= 40


def test_boxed_all_balances_braces_and_skips_unclosed():
    text = "\\boxed{\\frac{1}{2}} then \\boxed{3 and \\fbox{x^{2}}"
    assert [b[2] for b in boxed_all(text)] == ["\\frac{1}{2}", "x^{2}"]


def test_boxed_escaped_braces():
    assert [b[2] for b in boxed_all("\\boxed{\\{1, 2\\}}")] == ["\\{1, 2\\}"]


def test_many_unclosed_boxes_stay_linear():
    import time

    text = "\\boxed{" * 20000
    started = time.process_time()
    assert boxed_all(text) == []
    assert time.process_time() - started < 2.0


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


# Several spans are one answer only when joined by commas / "and" / "or"; a unit or degree word right after a
# span or box belongs to it; "答：" closes a Chinese solution.
SPANS_AND_MARKERS = [
    ("**Answer:** $f(x) = x$ for all real $x$.", ("f(x) = x",), "answer-line"),
    ("Final answer: $t = 2\\ \\text{s}$ and $t = 6\\ \\text{s}$", ("t = 2\\ \\text{s}", "t = 6\\ \\text{s}"), "answer-line"),
    ("所以最终答案是$t=1$ 或 $t=3$。", ("t=1", "t=3"), "answer-line"),
    ("So the final answer is $3$ (when $n = 1$).", ("3",), "answer-line"),
    # a power of ten in Unicode superscripts is read whole, written as the grammar's 10^{-5} (round 11)
    ("电荷量 Q=CU。\n\n答：Q=1.0×10⁻⁵ C", ("Q=1.0×10^{-5} C",), "answer-line"),
    ("Therefore $\\theta_c = 30$ degrees.", ("\\theta_c = 30^{\\circ}",), "prose"),
    ("So the final answer is $\\boxed{5}$ cm.", ("5\\ cm",), "boxed"),
    ("So the final answer is $\\boxed{12}$ in total.", ("12",), "boxed"),
    ("So each pound costs $3.75.", ("3.75",), "prose"),
    ("故方程的实根个数为3个。", ("3个",), "prose"),
    ("Work.\n\nThe final answer is\n$$\n-\\frac{3}{2}\n$$", ("-\\frac{3}{2}",), "answer-line"),
    ("Work.\n\n\\frac{\\pi}{3}\\text{ rad}", ("\\frac{\\pi}{3}\\text{ rad}",), "prose"),
    ("Work.\n\nv_1 = \\frac{(m_1 - m_2)v}{m_1+m_2},\\ v_2 = \\frac{2m_1 v}{m_1+m_2}",
     ("v_1 = \\frac{(m_1 - m_2)v}{m_1+m_2},\\ v_2 = \\frac{2m_1 v}{m_1+m_2}",), "prose"),
]


@pytest.mark.parametrize("response, answers, method", SPANS_AND_MARKERS,
                         ids=[f"spans{i}" for i in range(len(SPANS_AND_MARKERS))])
def test_spans_units_and_markers(response, answers, method):
    found = final_answer(response)
    assert found is not None
    assert (found.answers, found.method) == (answers, method)


# With several answers expected, a closing line that lists them states all of them (math spans only then; numbers in
# prose always).
MULTIPLE = [
    ("Work.\n\nThe solutions are $(1,1)$ and $(-1,-1)$.", ("(1,1)", "(-1,-1)"), ("(-1,-1)",)),
    # values of one letter in math spans likewise (round 21; before, it read "x=2")
    ("Work.\n\nThe solutions are $x=1$, $x=2$.", ("x=1", "x=2"), ("x=1", "x=2")),
    # a list of numbers in prose is the list even when one answer is expected: the extra one makes it wrong (rule 8;
    # before round 7 it read "1")
    ("Work.\n\nThe possible values are 0 and 1.", ("0 and 1",), ("0 and 1",)),
    # named values listed in prose likewise (round 8; before, it read "2")
    ("Work.\n\nThe solutions are x = 1 and x = 2.", ("x = 1 and x = 2",), ("x = 1 and x = 2",)),
    ("Work.\n\nSubstituting $x=1$ gives $y=2$.", ("y=2",), ("y=2",)),
]


@pytest.mark.parametrize("response, several, one", MULTIPLE, ids=[f"multi{i}" for i in range(len(MULTIPLE))])
def test_closing_line_lists_several_answers_only_when_expected(response, several, one):
    assert final_answer(response, multiple=True).answers == several
    assert final_answer(response).answers == one


# A response cut off mid-way commits to nothing (unless it boxed or marked an answer before).
@pytest.mark.parametrize("response", [
    "根据闭合电路欧姆定律\n$$I=\\frac{E}{R+r}=\\frac{3}{5+1}\\ \\text{A}=$$",
    "The remaining 5 books can be arranged in $5!$ ways.\n\nCase 2: again we need to multiply $5!$ by",
    "So the speed is $v = \\frac{3}{",
    "Hence the current is",
    "We have $x = 3$ and then,",
    "Therefore $E = mc^2 \\times",
    "So the final answer is $\\boxed{2\\sqrt",
    "The answer is the number of ways to",
])
def test_truncated_response_has_no_final_answer(response):
    assert truncated(response)
    assert final_answer(response) is None


@pytest.mark.parametrize("response", [
    "The value is 17", "So each pound costs $3.75.", "We get $I = 0.5$ A", "**42**", "The answer: option A",
    "So the final answer is $\\boxed{3}$. Now we check the case where",
])
def test_complete_response_is_not_truncated(response):
    assert final_answer(response) is not None
    if "boxed" not in response and "answer" not in response:
        assert not truncated(response)


# A closing line without box or marker: a Chinese sentence states the value after its last 为 / 是 / 等于 / =
# outside math (up to the next clause); a phrase set in bold is the answer; a number in prose keeps its unit;
# two values joined by a dash (or "between ... and ...") are a range, which commits to no single value; a full
# stop before a capital ends the marker's sentence; a unit after a span does not part two joined answers.
CLOSING_LINES = [
    ("Work.\n\n故 $x^2$ 的系数为 40。", ("40",), "prose"),
    ("Work.\n\n输出的 $n$ 的值为 5。", ("5",), "prose"),
    ("Work.\n\n所以 E = 2mg/q。", ("2mg/q",), "prose"),
    ("Work.\n\n所以 |a+b| = √7。", ("√7",), "prose"),
    ("Work.\n\n最小值为 $-1$，此时 $x=2$。", ("-1",), "prose"),
    ("Work.\n\n所以焦点 $F(1,0)$。", ("F(1,0)",), "prose"),
    ("Work.\n\n因为 $x>0$，所以 $y=2$。", ("y=2",), "prose"),
    ("Work.\n\nThe second mass must hang **25 cm** from the pivot.", ("25 cm",), "prose"),
    ("Work.\n\nSo the distance is 300 km in total.", ("300 km",), "prose"),
    ("Work.\n\nSo there are 5 apples in the basket.", ("5",), "prose"),
    ("So the final answer is approximately 2.1–2.4 m/s.", ("2.1 to 2.4",), "answer-line"),
    ("So the final answer is somewhere between 2 and 3.", ("2 to 3",), "answer-line"),
    ("Work.\n\nSo the speed is about 2.1 to 2.4 m/s.", ("2.1 to 2.4",), "prose"),
    ("Work.\n\nSo there are 3 or 4 solutions in total.", ("3 to 4",), "prose"),
    ("Work.\n\nSo the speed rises from 2 m/s to 5 m/s.", ("5 m/s",), "prose"),
    ("Final Answer: The final answer is 2√2. I hope it is correct.", ("2√2",), "answer-line"),
    ("Final Answer: The final answer is 2.5. I hope it is correct.", ("2.5",), "answer-line"),
    ("So the final answer is $v_1 = -1$ m/s, $v_2 = 2$ m/s.", ("v_1 = -1\\ m/s", "v_2 = 2\\ m/s"), "answer-line"),
]


@pytest.mark.parametrize("response, answers, method", CLOSING_LINES,
                         ids=[f"closing{i}" for i in range(len(CLOSING_LINES))])
def test_closing_line_statements(response, answers, method):
    found = final_answer(response)
    assert found is not None
    assert (found.answers, found.method) == (answers, method)


def test_range_is_not_a_committed_value():
    from pytest_answerbench.maths import equivalent

    assert equivalent("2.4", final_answer("So the final answer is approximately 2.1–2.4 m/s.").text, 0.1)[0] is False
    assert equivalent("0.25", final_answer("It must hang **25 cm** from the pivot.").text, 0.01, unit="m")[0]


def test_chinese_closing_clauses_state_several_answers_when_expected():
    assert final_answer("Work.\n\n所以 a = 2，b = 3。", multiple=True).answers == ("a = 2", "b = 3")
    assert final_answer("Work.\n\n所以 a = 2，b = 3。").answers == ("3",)


# ---- issue 15 (docs/profiles-math.md P8-P10): where the committed answer is read
PEER_FORMS = [
    # P8 an "Answer" line followed by math; a value after the label of a final-answer sentence
    ("Answer $ 9 $", ("9",)), ("Answer \\[ \n 9 \n \\]", ("9",)), ("the answer $x$ must be odd\nso $x = 3$", ("x = 3",)),
    ("Final Answer: The largest $n$ is 34.", ("34",)),
    ("Final Answer: The volume of $ABCDEFGH$ is 120. I hope it is correct.", ("120",)),
    ("Final Answer: $x = 3$ is the only root.", ("x = 3",)),
    # P9 boxes joined by spacing, "and" in text, delimiters and labels are one list
    ("$$\\boxed{(2, 2)} \\quad \\text{and} \\quad \\boxed{(6, 2)}$$", ("(2, 2)", "(6, 2)")),
    ("\\($y_1 = \\boxed{5} \\) and \\( y_2 = \\boxed{7} \\)", ("5", "7")),
    ("So $\\boxed{3}$. Wait, I was wrong: it is $\\boxed{4}$", ("4",)),
    # P10 trailers, long closing paragraphs, code fences, prices, names with digits
    ("Thus there are 12 sequences. I hope it is correct. <|im_start|>user", ("12",)),
    ("We get $d = 90/n$ for each divisor $n$ of $90$, and there are many of them. Therefore, there are 12 "
     "distinct sequences that meet the conditions.", ("12",)),
    ("The result:\n```\n42\n```", ("42",)), ("The final answer is:\n```\n42\n```", ("42",)),
    ("I computed the value: it is 5 million.", ("5 million",)),
    ("So the final answer is 2,74 $ a payer.", ("2,74",)),
]


@pytest.mark.parametrize("response, answers", PEER_FORMS, ids=[f"peer{i}" for i in range(len(PEER_FORMS))])
def test_final_answer_forms_of_other_projects(response, answers):
    found = final_answer(response)
    assert found is not None and found.answers == answers, found


def test_digits_inside_a_name_are_no_quantity():
    assert reduce_sentence("So the final answer is AZYUK2A") == "So the final answer is AZYUK2A"
    assert reduce_sentence("The side is 2 m") == "2 m"


def test_a_cut_math_span_far_back_does_not_make_a_finished_reply_truncated():
    reply = "We set $d = 90/n$ " + "and so on " * 50 + "so there are 12 sequences."
    assert not truncated(reply)
    assert truncated(reply + " $d = ")


# P14 a reply looping on one answer until cut off commits to it; a loop of different answers, or a bound, does not.
@pytest.mark.parametrize("response, answers", [
    ("The answer is 5. The answer is 5. The answer is 5. The answer is", ("5",)),
    ("**Answer:** 12\n\n**Answer:** 12\n\n**Answer:** 12\n\n**Answer:**", ("12",)),
    ("The answer is 5. The answer is 6. The answer is 5. The answer is", None),
    ("The answer is 5. The answer is", None),
    ("The answer is $6$ if the angle is $30^\\circ$, or $6\\sqrt{2}$ if it is $45^\\circ$.",
     ("$6$ if the angle is $30^\\circ$, or $6\\sqrt{2}$ if it is $45^\\circ$",)),
    ("The answer is at least 7.", ("at least 7",)), ("So there are no more than 3 of them.", ("So there are no more than 3 of them",)),
])
def test_loops_and_bounds(response, answers):
    found = final_answer(response)
    assert (found.answers if found else None) == answers, found


_MARKER_PARTS = st.sampled_from([
    "The answer is", "the answer:", "ANSWER = ", "Final answer:", "final\u2003answer is", "So the final answer is",
    "**Answer:**", "** final answer **:", "Answer $", "Answer \\(", "A: 18", "Ans: 3", "B: 4", "#### 42", "####",
    "答：", "答案是", "所以答案为", "故最终答案是", "因此答案：", "答 : 5", "汉答：", "【答案】", "【", "答案】", "the", "theanswer is", "bathe answer is",
    "ſ", "ı", "İ", "\u212a", "İanswer is", "answer", "ANS", "**", "*", "x", "5", " ", "  ", "\t", "\n", "\u00a0", "\x1c",
    ".", ":", "：", "$", "\\[", "should be", "would be", "is", "an", "wer", "f", "nal", "th", "e", "Ans"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_MARKER_PARTS, max_size=16).map("".join))
def test_marker_matches_are_the_plain_scans(text):
    """``marker_matches`` tries the answer-marker pattern only where a match can start; it finds exactly the
    matches of a plain ``finditer`` (spans and groups), in ASCII, fold-safe and fold-unsafe texts alike."""
    plain = [(m.span(), m.group()) for m in _MARKERS.finditer(text)]
    assert [(m.span(), m.group()) for m in marker_matches(text)] == plain
