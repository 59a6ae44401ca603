"""Readings added in round 5 after each unread split was scored once: the fourth and fifth maths fresh splits and
the third and fourth multiple-choice fresh splits (tests/data/trace_math.README.md, "The fourth fresh split scored",
"The fifth fresh split scored"; tests/data/trace_choice.README.md, "The third fresh split scored", "The fourth fresh
split scored"). Each is a principle, with near misses that keep their verdict:

* maths: the radical sign written as a word, as Chinese texts write it ("根号3" is √3, "2倍根号2" is 2√2, "根号下" is
  the root of what follows);
* multiple choice: a condition inside the reason given after an answer ("The correct answer is E because if mRNA
  were not destroyed, it would ...") is the reason's, not the answer's, so the answer stands; a hypothetical answer
  ("The answer would be E if ...") still commits to nothing;
* multiple choice: a conclusion naming an option followed by a relative clause describing it ("This aligns with
  option D, which rejects the notion of ...") names that option; one saying the option fails ("D, which is wrong")
  does not;
* maths (fifth split): a gold naming values joined by "and" ("1 和 3") is those values, so one bracketed group of
  them ("(1,3)", "(3,1)") answers it (a gold of solutions "x=1 和 x=3" against "(1,3)", possibly an interval, is not
  read so); a gold of named values with units ("λ1 = 424 nm, λ2 = 480 nm") is answered by the values with their
  units in order ("424 nm, 480 nm"): a comma after a backslash is TeX spacing, not a separator, and letters that are
  only the unit after each number are no symbols;
* multiple choice (fourth split): an answer naming two labelled options ("The correct answer is (A) -0.8 and (B)
  -1.2.") commits to neither, unless the second is said to fail.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice


def _olympiad(pred: str, gold: str) -> str:
    return score_row("olympiad", {"prediction": pred, "final_answer": [gold]}, profile="default", timeout=20).status


def _imo(pred: str, gold: str) -> str:
    row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
    return score_row("imo", row, profile="default", timeout=20).status


# ---- 根号: the radical sign in words ------------------------------------------------------------------------------

@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("pred, gold, status", [
    # tm-0741
    ("再根据公式，得到|a-b|^2=3，所以|a-b|=根号3。<eoe> 【答案】根号3<eoa>", "$\\sqrt{3}$", "correct"),
    ("【答案】2倍根号2<eoa>", "$2\\sqrt{2}$", "correct"),  # 2 times root 2
    ("【答案】2根号2<eoa>", "$2 \\sqrt{2}$", "correct"),
    ("【答案】根号下(3)<eoa>", "$\\sqrt{3}$", "correct"),  # "root under"
    ("【答案】根号3/2<eoa>", "$\\frac{\\sqrt{3}}{2}$", "correct"),
    # near misses: another radicand, the number without its root, the root of another factor
    ("【答案】根号2<eoa>", "$\\sqrt{3}$", "wrong"),
    ("【答案】根号3<eoa>", "3", "wrong"),
    ("【答案】3<eoa>", "$\\sqrt{3}$", "wrong"),
    ("【答案】2倍根号2<eoa>", "$\\sqrt{2}$", "wrong"),
    ("【答案】根号2<eoa>", "$2\\sqrt{2}$", "wrong"),
])
def test_the_radical_sign_written_as_a_word_is_a_root(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- a condition inside the reason after an answer -----------------------------------------------------------------

TEN = {k: f"option text {k.lower()}" for k in "ABCDEFGHIJ"}


@pytest.mark.parametrize("reply, letter", [
    # tc-0590 (shortened): the answer, then a reason holding a condition in the counterfactual mood
    ("REASONING: The correct answer is E because if mRNA molecules are not destroyed after translation, they would "
     "continue to be translated repeatedly.", "E"),
    ("The answer is E since, if they were not destroyed, they would pile up.", "E"),
    ("The answer is C, because if the axis were logarithmic the curve would be straight.", "C"),
    # near misses: the answer itself under the condition commits to nothing
    ("The answer would be E if they were not destroyed.", None),
    ("If the cell were in G1, the answer would be E.", None),
    ("If the cell were in G1, the answer would be E because if so, it would divide.", None),
    ("If they were not destroyed, it would be C.", None),
])
def test_a_condition_in_the_reason_leaves_the_answer_standing(reply, letter):
    assert infer_choice(reply, TEN).letter == letter


# ---- a conclusion whose option a relative clause describes ---------------------------------------------------------

TAUREK = {"A": "the death of two people is always worse than the death of one.",
          "B": "the death of two people is sometimes less bad than the death of one.",
          "C": "the death of two people is always exactly as bad as the death of one.",
          "D": "the notion of the sum of two people’s losses should be rejected."}


@pytest.mark.parametrize("reply, letter", [
    # tc-0591 (its closing output)
    ("Taurek's argument challenges aggregation. This directly aligns with option D, which rejects the notion of "
     "summing losses, as Taurek argues against treating multiple deaths as a quantifiable total worse than a single "
     "death. Options A, B, and C misrepresent his position, which focuses on the non-comparability of individual "
     "losses rather than their additive severity.", "D"),
    ("Everything he writes points to option D, which says the sum should be rejected, as he argues at length about "
     "the loss of each person being his own and not comparable to another's.", "D"),
    ("So it is D, which captures his view that losses do not add up across people, whatever their number may be.",
     "D"),
    # near misses: the clause says the option fails, and the answer is given after it
    ("So it is D, which is wrong, so the answer must be C instead of anything that adds the losses up.", "C"),
    ("At first this seems to align with option D, which is not what he argues, though; his view is that the "
     "answer is A.", "A"),
])
def test_a_relative_clause_after_a_concluded_option_keeps_it(reply, letter):
    assert infer_choice(reply, TAUREK).letter == letter


def test_the_fresh3_replies_score_correct_through_the_default_profiles():
    reply = ("This directly aligns with option D, which rejects the notion of summing losses, as Taurek argues "
             "against treating multiple deaths as a total worse than a single death.")
    fields = {"prediction": reply, "answer": "D", "category": "x", "index": "1", **TAUREK}
    assert score_row("vmcbench_dev", fields, profile="default").correct is True
    assert score_row("vmcbench_dev", {**fields, "answer": "A"}, profile="default").correct is False
    assert score_row("vmcbench_dev", {**fields, "prediction": reply.replace("which rejects the notion of summing "
                                                                            "losses", "which is wrong")},
                     profile="default").correct is False


# ---- a gold of values joined by "and" against one bracketed group (fifth maths split, tm-0846) ---------------------

@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("pred, gold, status", [
    ("综合以上三个条件，我们可以得出甲的卡片是(1,3)。<eoe> 【答案】(1,3)<eoa>", "1 和 3", "correct"),
    ("【答案】(3,1)<eoa>", "1 和 3", "correct"),  # the gold's "and" orders nothing
    ("【答案】1和3<eoa>", "1 和 3", "correct"),  # as before
    ("The numbers are $(2, 5)$.", "2 and 5", "correct"),
    # near misses: other values, a third value, a half-open bracket (an interval), a gold of solutions
    ("【答案】(1,4)<eoa>", "1 和 3", "wrong"),
    ("【答案】(1,3,5)<eoa>", "1 和 3", "wrong"),
    ("【答案】(1,3]<eoa>", "1 和 3", "wrong"),
    ("【答案】(1,3)<eoa>", "x=1 和 x=3", "wrong"),
    ("【答案】(1,3)<eoa>", "1, 3", "wrong"),  # a list of solutions: (1,3) may be the interval between them
])
def test_values_joined_by_and_are_answered_by_one_bracketed_group(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- named values with units against the values in order (fifth maths split, tm-0884) ------------------------------

LAMBDAS = ("\\lambda_1 = 424 \\, \\text{nm}, \\, \\lambda_2 = 480 \\, \\text{nm}, \\, \\lambda_3 = 554 \\, \\text{nm}, "
           "\\, \\lambda_4 = 655 \\, \\text{nm}")
BOXES = ("the intensified wavelengths are: \\[ \\boxed{424 \\, \\text{nm}}, \\quad \\boxed{480 \\, \\text{nm}}, \\quad "
         "\\boxed{554 \\, \\text{nm}}, \\quad \\boxed{655 \\, \\text{nm}} \\]")


@pytest.mark.parametrize("pred, gold, status", [
    (BOXES, LAMBDAS, "correct"),
    ("So $a = 4$ cm and $b = 5$ cm. \\boxed{4 \\text{ cm}, 5 \\text{ cm}}", "a = 4 \\text{ cm}, b = 5 \\text{ cm}",
     "correct"),
    # near misses: one value off, one missing, the unit of another quantity, a symbolic answer
    (BOXES.replace("655", "650"), LAMBDAS, "wrong"),
    (BOXES.replace(", \\quad \\boxed{655 \\, \\text{nm}}", ""), LAMBDAS, "wrong"),
    ("\\boxed{4 \\text{ cm}, 6 \\text{ cm}}", "a = 4 \\text{ cm}, b = 5 \\text{ cm}", "wrong"),
    ("\\boxed{4 \\text{ s}, 5 \\text{ s}}", "a = 4 \\text{ cm}, b = 5 \\text{ cm}", "wrong"),
    ("\\boxed{4c, 5c}", "a = 4 \\text{ cm}, b = 5 \\text{ cm}", "wrong"),
])
def test_named_values_with_units_are_answered_by_the_values(pred, gold, status):
    assert _olympiad(pred, gold) == status


def test_a_comma_after_a_backslash_is_spacing_not_a_separator():
    from pytest_answerbench.maths.normalize import split_answers
    assert split_answers("424 \\, \\text{nm}, 480 \\; \\text{nm}") == ["424 \\, \\text{nm}", "480 \\; \\text{nm}"]
    assert split_answers("1, 2; 3") == ["1", "2", "3"]


# ---- two labelled options in one answer (fourth choice split, tc-0661) ----------------------------------------------

PAIRS4 = {"A": "1.1, -1.2", "B": "-1.2, -0.8", "C": "-1.2, 1.1", "D": "-0.8, -1.2"}
COLOURS4 = {"A": "red", "B": "blue", "C": "green", "D": "white"}


@pytest.mark.parametrize("reply, options, letter", [
    ("The correct answer is (A) -0.8 and (B) -1.2.", PAIRS4, None),  # tc-0661
    ("Answer: (A) 1.1, -1.2 or (B) -1.2, -0.8", PAIRS4, None),
    ("The answer is (A) red and (B) blue.", COLOURS4, None),
    # near misses: the second option said to fail, negated, or only in the reason
    ("The correct answer is (A) -0.8, and (B) is wrong.", PAIRS4, "A"),
    ("The answer is (A) -0.8 and not (B).", PAIRS4, "A"),
    ("The answer is (A) 1.1, -1.2 and (C) is incorrect.", PAIRS4, "A"),
    ("The answer is (A) because it is warm and (B) fails.", COLOURS4, "A"),
    ("The answer is (A), since (B) and (C) are wrong.", COLOURS4, "A"),
    ("The answer is (A) red, not (B) blue.", COLOURS4, "A"),
])
def test_an_answer_naming_two_labelled_options_commits_to_neither(reply, options, letter):
    assert infer_choice(reply, options).letter == letter

