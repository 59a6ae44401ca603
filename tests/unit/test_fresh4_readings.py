"""Readings added after the fourth maths fresh split and the third multiple-choice fresh split were scored once
(tests/data/trace_math.README.md, "The fourth fresh split scored"; tests/data/trace_choice.README.md, "The third
fresh split scored"). Each is a principle, with near misses that keep their verdict:

* maths: the radical sign written as a word, as Chinese texts write it ("根号3" is √3, "2倍根号2" is 2√2, "根号下" is
  the root of what follows);
* multiple choice: a condition inside the reason given after an answer ("The correct answer is E because if mRNA
  were not destroyed, it would ...") is the reason's, not the answer's, so the answer stands; a hypothetical answer
  ("The answer would be E if ...") still commits to nothing;
* multiple choice: a conclusion naming an option followed by a relative clause describing it ("This aligns with
  option D, which rejects the notion of ...") names that option; one saying the option fails ("D, which is wrong")
  does not.
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
