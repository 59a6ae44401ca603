"""Readings added after the fifth hand-written hard-case batch (ids ``c5-`` in tests/data/choice_hard_cases.jsonl) was
scored once (docs/profiles-mc.md, "Fifth hard-case batch"). Each is a principle, read by ``infer_choice`` and so by
the default profile of every multiple-choice benchmark, with near misses that keep their reading:

* a refusal that is not about seeing: the answer said not to be found in the input ("I'm unable to determine the
  answer from the image provided") or the request declined ("I'm sorry, but I can't assist with that request.")
  voids the letter after it, as "I cannot see the image" does; a doubt about a part of the input does not;
* Chinese "还是" (or, between alternatives) joins two letters as "或" does ("答案应选 A 还是 C"): no choice;
* a value said not to correspond to an option ("does not correspond to option (B)") rules that option out;
* an answer named and denied after a correction cue, with nothing after ("The answer is B. Wait, actually it's not B
  either: ...") is taken back;
* two answers naming different options, each in a clause opened by its own condition ("if the radius is 1, the
  answer is \\boxed{C}; if it is 2, \\boxed{D}", "若…，则答案为…；若…") are a hedge;
* in a thinking block the reply never closes, an answer reopened by a correction cue ("But wait, I should
  double-check whether") and then cut off is no answer;
* a set of numbers beside another option's letter names two options ("the answer is: A. {0, 1}" where B is {0,1},
  "A∩B = {0, 1}，对应选项 A"), as a number did;
* a number or a one-letter symbol that is a term of a sum or difference with a symbol ("1-i", "(1+i)", "2+√3") names
  no option "1", "i" or "2".

Near misses found attacking these readings: an impersonal refusal ("It is impossible to determine the answer from the
image provided") voids too, a doubt only about certainty or a question does not; "it isn't B" and a bare "no, not B"
after a correction cue take B back.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice


def _options(*texts: str) -> dict[str, str]:
    return dict(zip("ABCD", texts))


YEARS = _options("2016", "2017", "2019", "2021")
NUMS = _options("11", "13", "15", "17")
SETS = _options("$\\{-1,0\\}$", "$\\{0,1\\}$", "$\\{-1,0,1\\}$", "$\\{0,1,2\\}$")
COMPLEX = _options("$-1$", "$1$", "$-i$", "$i$")
TRIANGLES = _options("6", "7", "8", "9")
RADICAL = _options("2", "3", "$2+\\sqrt{3}$", "$\\sqrt{3}$")


#: (options, reply, the letter read): each principle's cases, then its near misses
CASES = [
    # ---- a refusal not about seeing voids the letter after it
    # refusals: nothing after them commits
    (YEARS, "I'm sorry, but I can't assist with that request.\n\nB", None),
    (YEARS, "I cannot help with this. C", None),
    (YEARS, "I'm unable to determine the answer from the image provided, since the bars are not labelled.\n\n"
            "Answer: C", None),
    (YEARS, "I can't tell which option is correct based on the chart. Final answer: C", None),
    # near misses: a doubt about a part of the input, a part the writer will not help with, a plain answer
    (YEARS, "I can't determine the exact value from the image, but the tallest bar is 2019.\n\nAnswer: C", "C"),
    (YEARS, "I can't help with that part of the chart, but the tallest bar is 2019. Answer: C", "C"),
    (YEARS, "Looking at the chart, the tallest bar sits above 2019.\n\nAnswer: C", "C"),
    (YEARS, "I can't help but notice the tallest bar is 2019, so C.", "C"),
    # found attacking the reading: an impersonal refusal voids too; a doubt about certainty or a question does not
    (YEARS, "It is impossible to determine the answer from the image provided. C", None),
    (YEARS, "I'm unable to determine the answer from the image provided with certainty, but based on the trend the "
            "answer is C.", "C"),
    (YEARS, "It's not possible to tell which option is correct from the chart alone? Not so: the tallest bar is 2019, "
            "C.", "C"),
    # ---- haishi between two letters offers both
    (NUMS, "答案应选 A 还是 C，仅凭现有条件无法判断。", None),
    (NUMS, "答案应选 A 還是 C？", None),
    (NUMS, "答案应选 A 或 C。", None),
    # near misses: one letter; "还是" meaning "after all" before the letter, or after the answer with no letter
    (NUMS, "答案选 A。", "A"),
    (NUMS, "想了想，还是选 A。", "A"),
    (NUMS, "答案是 A，还是比较明显的。", "A"),
    # ---- a value said not to correspond rules the option out
    (NUMS, "The hypotenuse is about 11.18. This value does not correspond to option (B), nor to any of the other "
           "options.", None),
    (NUMS, "The hypotenuse is about 11.18, which doesn't match (B).", None),
    # near misses: the option said to correspond, or another affirmed after the denial
    (NUMS, "The hypotenuse is 13. The answer corresponds to option (B).", "B"),
    (NUMS, "The value doesn't match (C), so the answer is D.", "D"),
    # ---- an answer denied after a correction cue is taken back
    (NUMS, "The answer is B.\n\nWait, actually it's not B either: the figure does not say.", None),
    (NUMS, "Final answer: (B)\n\nHmm, no, that's not (B); I can't settle it.", None),
    # near misses: another answer after the denial, another letter denied, a question
    (NUMS, "The answer is B.\n\nWait, actually it's not B, it's C.", "C"),
    (NUMS, "The answer is B. Wait, actually it's not A that I ruled out last, so B stands.", "B"),
    (NUMS, "The answer is B. Wait, is it not B? Yes: the answer is B.", "B"),
    (NUMS, "The answer is B. There is no reason to think it's not B.", "B"),
    (NUMS, "The answer is B. Wait, actually it's not B that fails here, so B stands.", "B"),
    # found attacking the reading: "isn't B" and a bare "not B" after the cue deny it too
    (NUMS, "The answer is B. Wait, actually it isn't B.", None),
    (NUMS, "The answer is B. Hmm, no, not B.", None),
    # near misses: another answer after the bare denial, other letters denied, a word that is no letter
    (NUMS, "The answer is B. Wait. No. Not B. Answer: D", "D"),
    (NUMS, "The answer is B. No - not A, not C, not D. Only B.", "B"),
    (NUMS, "The answer is B. Actually not bad at all, B it is.", "B"),
    # ---- answers under two conditions are a hedge
    (NUMS, "若题中半径为 1，则答案为 $\\boxed{C}$；若半径为 2，则答案为 $\\boxed{D}$。", None),
    (NUMS, "If the radius is 1, the answer is $\\boxed{C}$; if the radius is 2, the answer is $\\boxed{D}$.", None),
    (NUMS, "Suppose a > 0: the answer is C. Suppose a < 0: the answer is D.", None),
    (NUMS, "当 a > 0 时，答案为 C；当 a < 0 时，答案为 D。", None),
    # near misses: one condition, or a first result the reply moves past without a condition
    (NUMS, "若 a > 0，则答案为 $\\boxed{C}$。", "C"),
    (NUMS, "Ignoring the constant gives $\\boxed{B}$. With the constant, the answer is $\\boxed{C}$.", "C"),
    (NUMS, "If we check the endpoints, both hold. The answer is $\\boxed{C}$.", "C"),
    (NUMS, "If we only look at the first graph, B seems right. When all is considered, the answer is C.", "C"),
    (NUMS, "若只看第一个图，答案为 B。当然，综合来看答案为 C。", "C"),
    # ---- an unclosed thinking block reopened and cut off is no answer
    (TRIANGLES, "<think>\nSmall triangles: 4. Pairs: 3. The whole one: 1. Total 8, so the answer is C. But wait, I "
                "should double-check whether the two slanted lines cross inside the figure, because then the pairs",
     None),
    # near misses: the block closed, a second conclusion after the cue, the cue before the answer
    (TRIANGLES, "<think>\nSmall triangles: 4. Pairs: 3. The whole one: 1. Total 8. So the answer is C.\n</think>", "C"),
    (TRIANGLES, "<think>\nTotal 8, so the answer is C. But wait, let me double-check: 4 + 3 + 1 = 8. Yes, the answer "
                "is C.", "C"),
    (TRIANGLES, "<think>\nWait, the pairs first: 3. Small ones 4, the whole 1. Total 8, so the answer is C.", "C"),
    (TRIANGLES, "<think>\nTotal 8, so the answer is C. Actually, that matches counting by size as well.", "C"),
    # ---- a set beside another options letter names two options
    (SETS, "Therefore the answer is: A. $\\{0, 1\\}$", None),
    (SETS, "所以 $A \\cap B = \\{0, 1\\}$，对应选项 A。", None),
    # near misses: the letter's own set (with other spacing), a number's option tied in Chinese
    (SETS, "Therefore the answer is: A. $\\{-1, 0\\}$", "A"),
    (SETS, "Therefore the answer is: B. $\\{0, 1\\}$", "B"),
    (SETS, "所以 $A \\cap B = \\{-1, 0\\}$，对应选项 A。", "A"),
    (NUMS, "所以总数为 15，对应选项 A。", None),  # a number tied in Chinese, as a set is
    (NUMS, "所以总数为 15，对应选项 C。", "C"),
    # ---- a term of a sum with a symbol names no option
    (COMPLEX, "$z=\\dfrac{2(1-i)}{(1+i)(1-i)}=1-i$，所以 $z$ 的虚部为 $-1$。", "A"),
    (COMPLEX, "$z=\\dfrac{2(1-i)}{(1+i)(1-i)}=1-i$，所以 $z$ 的虚部为 $-i$。", "C"),
    (COMPLEX, "$z=1-i$。", None),
    (COMPLEX, "z = 2(1 + i)", None),
    (RADICAL, "So $x = 2+\\sqrt{3}$.", "C"),
    # near misses: the value alone, signed, after "="
    (COMPLEX, "The imaginary part is $-1$.", "A"),
    (COMPLEX, "So $z = i$.", "D"),
    (COMPLEX, "The real part is 1.", "B"),
    (RADICAL, "So $x = 2$.", "A"),
]


@pytest.mark.parametrize("options, reply, expect", CASES)
def test_a_round6_reading(options, reply, expect):
    assert infer_choice(reply, options).letter == expect


@pytest.mark.parametrize("name", ["vmcbench_dev", "livexiv"])
def test_the_default_verdicts_follow(name):
    row = {"index": "1", "question": "Which year?", "answer": "C", "category": "ChartQA", **YEARS,
           "prediction": "I'm sorry, but I can't assist with that request.\n\nC"}
    assert score_row(name, row, profile="default", timeout=10).status == "wrong"
    row["prediction"] = "The tallest bar is 2019.\n\nC"
    assert score_row(name, row, profile="default", timeout=10).status == "correct"


# ---- three older behaviours read as principles (docs/profiles-mc.md, "Questions, letters beyond the options and
# bracketed values"): a question the reply asks itself between options and then answers; a letter beyond the
# options that is one option's value; a set, tuple or interval written with other spacing after an answer marker

TEN = dict(zip("ABCDEFGHIJ", [str(n) for n in range(10)]))
INTERVALS = _options("$[0,1]$", "$(1,2)$", "$(0,1)$", "$[1,2]$")
CLOSED = _options("$[0,1]$", "$(1,2)$", "$[0,2]$", "$[1,2]$")
NO_PAIR = _options("$\\{-1,0\\}$", "$\\{0,1,2\\}$", "$\\{-1,0,1\\}$", "$\\{2\\}$")

OLDER_CASES = [
    # ---- a question asked, then answered: the answer after it counts
    (NUMS, "是选 A 还是选 C 呢？选 A。", "A"),
    (NUMS, "是 A 还是 C？答案是 C。", "C"),
    (NUMS, "Is it A or C? A.", "A"),
    (NUMS, "Should I pick A or C? I pick C.", "C"),
    (NUMS, "So is the answer A or C? The answer is A.", "A"),
    # near misses: the question left open, an answer that is itself a hedge, a question about one option
    (NUMS, "是选 A 还是选 C 呢？", None),
    (NUMS, "Is it A or C?", None),
    (NUMS, "Is it A or C? Hmm.", None),
    (NUMS, "是选 A 还是选 C 呢？选 A 或 C 都有可能。", None),
    (NUMS, "Is it A or C? It could be A or C.", None),
    (NUMS, "The answer is A, or is it C?", None),
    (NUMS, "答案是 B 吗？还是 C？", None),  # the alternative goes on with the question just before
    (NUMS, "答案是 B 吗？还是 C？答案是 C。", "C"),
    (NUMS, "是 B 吗？是的，选 B。", "B"),
    (NUMS, "Is the answer B? Yes, B.", "B"),
    (NUMS, "The answer is B. Is it B?", "B"),
    # ---- a letter beyond the options that is one option's value names that option
    (COMPLEX, "The answer is $i$.", "D"),
    (COMPLEX, "I think the answer is i.", "D"),
    (COMPLEX, "$i$", "D"),
    (COMPLEX, "\\boxed{i}", "D"),
    (_options("$1$", "$-1$", "$i$", "$-i$"), "The answer is $i$.", "C"),
    (_options("$x$", "$y$", "$-x$", "$2x$"), "The answer is $x$.", "A"),
    # near misses: a real option I, the letter in another case, "i.e.", roman numerals in prose
    (TEN, "The answer is $i$.", "I"),
    (TEN, "I", "I"),
    (COMPLEX, "The answer is I.", None),
    (COMPLEX, "The result, i.e. the answer, is unclear.", None),
    (COMPLEX, "There are two cases: (i) the real part vanishes, and (ii) it does not.", None),
    (COMPLEX, "Condition i holds, but condition ii fails.", None),
    (COMPLEX, "In case (i), the modulus is unchanged.", None),
    (COMPLEX, "Case (i): z = 1. Case (ii): z = -1. The answer is i.", "D"),
    (COMPLEX, "So z = i, i.e. option D.", "D"),
    (COMPLEX, "Thus z = i.", "D"),
    # ---- a set, tuple or interval with other spacing after an answer marker
    (SETS, "The answer is $\\{0, 1\\}$", "B"),
    (SETS, "The answer is $\\{0, 1\\}$.", "B"),
    (SETS, "The answer is $\\{ -1, 0, 1 \\}$", "C"),
    (INTERVALS, "The answer is $(0, 1)$", "C"),
    (INTERVALS, "The answer is $[0, 1]$", "A"),
    (SETS, "The answer: {0, 1}", "B"),  # braces with or without a backslash
    (SETS, "So $A \\cap B = \\{0, 1\\}$.", "B"),  # met in the reply, no marker
    (SETS, "所以 A∩B = {0, 1}。", "B"),
    (INTERVALS, "The solution set is $(0, 1)$.", "C"),
    # near misses: a set against a larger one, a tuple against an interval with other brackets, the same spacing
    (NO_PAIR, "The answer is $\\{0, 1\\}$", None),
    (SETS, "The answer is $\\{0, 1, 2, 3\\}$", None),
    (CLOSED, "The answer is $(0, 1)$", None),
    (SETS, "So the set is $\\{0, 1, 2, 3\\}$.", None),
    (INTERVALS, "The solution set is $(0, 1]$.", None),
    (SETS, "So the set is $\\{0, 1, 2\\}$.", "D"),
    (SETS, "The answer is $\\{0,1\\}$", "B"),
]


@pytest.mark.parametrize("options, reply, expect", OLDER_CASES)
def test_an_older_behaviour_read_as_a_principle(options, reply, expect):
    assert infer_choice(reply, options).letter == expect


@pytest.mark.parametrize("name", ["vmcbench_dev", "livexiv"])
def test_the_default_verdicts_follow_the_older_behaviours(name):
    row = {"index": "1", "question": "Which number is z?", "answer": "D", "category": "MathVista", **COMPLEX,
           "prediction": "The answer is $i$."}
    assert score_row(name, row, profile="default", timeout=10).status == "correct"
    row["prediction"] = "是选 A 还是选 D 呢？"
    assert score_row(name, row, profile="default", timeout=10).status == "wrong"
    row["prediction"] = "是选 A 还是选 D 呢？选 D。"
    assert score_row(name, row, profile="default", timeout=10).status == "correct"


# ---- Misses of the fifth and sixth fresh splits (trace_choice tc-0710..tc-0919, scored once with the round's final
# reader; docs/profiles-mc.md "Misses of the fifth and sixth fresh splits"): a set-builder bar written "\mid" or
# "\vert" is "|"; a closing statement that no option is correct commits to none; a closing statement that the answer
# cannot be determined takes the answer back in Chinese too, and after a negation in an earlier clause.

BUILDER = _options("${x|-4 < x < 3}$", "${x|-1 < x \\leq 1}$", "${0,1,2}$", "${x|-1 < x < 4}$")
BUILDER_LEQ = _options("${x|-4 < x \\leq 3}$", "${x||x| < 3}$", "${x|x < 3}$", "${0}$")
NONE_ZH = _options("1", "2", "3", "以上都不对")
NONE_EN = _options("1", "2", "3", "None of the above")

MISS_CASES = [
    # 1. the set-builder bar: "\mid", "\vert" and "|" are one bar; braces with or without a backslash, any spacing
    (BUILDER, "因此，正确答案是：\\[\\boxed{\\{ x \\mid -4 < x < 3 \\}}\\]\n\n对应选项 A。", "A"),  # tc-0742
    (BUILDER, "\\boxed{\\{ x \\mid -4 < x < 3 \\}}", "A"),
    (BUILDER, "The answer is $\\{x \\vert -1 < x < 4\\}$.", "D"),
    (BUILDER, "So $M \\cup N = \\{x \\mid -1<x<4\\}$.", "D"),  # met in the reply, no marker
    (BUILDER, "Answer: {x | -4<x<3}", "A"),
    # near misses: another bound is another set; an absolute value's bars are not the set-builder bar
    (BUILDER_LEQ, "\\boxed{\\{x \\mid -4<x<3\\}}", None),
    (BUILDER, "\\boxed{\\{x \\mid -4 < x \\leq 3\\}}", None),
    (BUILDER_LEQ, "\\boxed{|x|<3}", None),
    (BUILDER_LEQ, "\\boxed{\\{x \\mid |x|<3\\}}", "B"),
    # 2. a closing statement that no option is correct commits to none, even after a walk through every option
    (NUMS, "A. 11 不满足。B. 13 不满足。C. 15 满足，所以 C 成立。D. 17 不满足。\n\n最终答案：无正确选项。", None),  # tc-0725
    (NUMS, "故选 B。再检查一遍，发现没有正确的选项。", None),
    (NUMS, "所以答案是 B。但代入验证后，以上选项都不正确。", None),
    (NUMS, "So the answer is B. Checking again, none of the options is correct.", None),
    (NUMS, "The answer would be C. But after checking, there is no correct answer among the options.", None),
    # near misses: the option saying so is chosen; only B is right; the options named are the wrong ones
    (NONE_ZH, "故选 B。检查后发现：没有正确选项。", "D"),
    (NONE_EN, "So B. Hmm, actually none of the options is correct.", "D"),
    (NUMS, "经检验，B 以外没有正确选项。", "B"),
    (NUMS, "故选 B。B 以外没有正确选项。", "B"),
    (NUMS, "逐项检验：A 中 11 不满足，C 中 15 不满足，D 中 17 不满足，所以答案是 B。A、C、D 均不正确。", "B"),
    (NUMS, "None of the options is correct at first sight, but checking again, the answer is C.", "C"),
    # 3. a closing statement that the answer cannot be determined takes back an earlier reading, in Chinese too
    (NUMS, "A. 11 可能成立，因此 A 是可能的。\n\n综上所述，我们没有足够的信息来确定 n 的具体性质，因此无法确定哪个选项是正确的。"
           "因此，我们不能将任何答案放入 \\boxed{} 中。", None),  # tc-0837
    (NUMS, "So A is possible.\n\nIn summary, we do not have enough information to determine n, so we cannot "
           "determine which option is correct. Therefore, we cannot put any answer in \\boxed{}.", None),
    (NUMS, "答案是 C。不过，题目条件不全，不能确定答案。", None),
    (NUMS, "答案是 C。但是条件不足，无法判断。", None),
    # near misses: the answer after it counts; a doubt about certainty; a quantity that cannot be told
    (NUMS, "无法确定 x 的值，但由条件可知 y>0，故选 C。", "C"),
    (NUMS, "答案是 C。不过我不能完全确定答案。", "C"),
    (NUMS, "答案是 C。仅凭图像无法判断其奇偶性。", "C"),
    (NUMS, "The answer is C. It is not that we cannot determine which option is correct.", "C"),
]


@pytest.mark.parametrize("options, reply, expect", MISS_CASES)
def test_a_miss_of_the_fifth_and_sixth_fresh_splits_read_as_a_principle(options, reply, expect):
    assert infer_choice(reply, options).letter == expect


@pytest.mark.parametrize("name", ["vmcbench_dev", "livexiv"])
def test_the_default_verdicts_follow_the_fresh_split_misses(name):
    row = {"index": "1", "question": "Which set is M ∪ N?", "answer": "A", "category": "MathVista", **BUILDER,
           "prediction": "\\boxed{\\{ x \\mid -4 < x < 3 \\}}"}
    assert score_row(name, row, profile="default", timeout=10).status == "correct"
    row["prediction"] = "故选 A。再检查一遍：无正确选项。"
    assert score_row(name, row, profile="default", timeout=10).status == "wrong"
    row["prediction"] = "故选 A。因此无法确定哪个选项是正确的。"
    assert score_row(name, row, profile="default", timeout=10).status == "wrong"
    row["prediction"] = "无法确定 x 的值，但故选 A。"
    assert score_row(name, row, profile="default", timeout=10).status == "correct"
