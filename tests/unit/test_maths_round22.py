"""Round 22 of the maths reader (docs/profiles-math.md, "Round 22"), written from round 22's blind probes
(tests/data/probes_round22.jsonl) after they were scored once as round 21's held-out measure, then narrowed after a
helper's attack (the replies the old reader or the first version got wrong, read as labelled now, are
tests/data/attack_round22_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.choice import infer_choice


def _verdict(prediction: str, answer: str, question: str | None = None, **row: str) -> str:
    fields = {"prediction": prediction, "answer": answer, **row}
    if question:
        fields["question"] = question
    return score_row("olympiad", fields, profile="default").status


MEAN_MEDIAN = "Find the mean and the median of the data set $1, 2, 4, 7, 11$."
FIRST_TERM = "An arithmetic sequence has $a_3=7$ and $a_7=19$. Find the first term and the common difference."


@pytest.mark.parametrize("gold, reply, question, ok", [
    ("5; 4", "4, 5", MEAN_MEDIAN, False),  # unnamed values answer the quantities in the order the question names them
    ("5; 4", "5, 4", MEAN_MEDIAN, True),
    ("a_1=1,\\ d=3", "3 and 1", FIRST_TERM, False),
    ("a_1=1,\\ d=3", "1, 3", FIRST_TERM, True),
    ("a_1=1,\\ d=3", "d = 3, a_1 = 1", FIRST_TERM, True),  # named values are matched by name
    ("1, 2", "2, 1", "Find all roots of $x^2-3x+2=0$.", True),  # solutions of one equation stay unordered
])
def test_two_quantities_named_by_the_question_are_ordered(gold, reply, question, ok):
    assert maths.equivalent(gold, reply, question=question)[0] is ok


@pytest.mark.parametrize("bullets, blanks", [
    ("- Median = (3 + 5)/2 = **4**\n- Mean = 30/6 = **5**", "5; 4"),
    ("- Mean = 30/6 = **5**\n- Median = (3 + 5)/2 = **4**", "5; 4"),
])
def test_named_bullets_with_an_equals_sign(bullets, blanks):
    question = "Find the mean and the median of the data set $2, 3, 3, 5, 7, 10$."
    assert maths.final_answer("Sum = 30, n = 6.\n\n" + bullets, multiple=True, question=question).answers == (blanks,)


@pytest.mark.parametrize("prediction, answer, unit, status", [
    ("$r_2 = 4 \\times 0.529\\ \\text{Å} = 2.12\\times10^{-10}\\ \\text{m}.$\n\n"
     "(For comparison the ground-state radius is 0.529 Å.)", "2.12", "Å", "correct"),
    ("$r_2 = 4 \\times 0.529\\ \\text{Å} = 2.12\\times10^{-10}\\ \\text{m}.$\n\n"
     "(Actually it should be 2.13 Å.)", "2.12", "Å", "wrong"),  # an aside that corrects is no aside
    ("v = fλ = 440 Hz × 0.78 m = 343.2 m/s (roughly 1236 km/h).", "343.2", "m/s", "correct"),
    ("v = fλ = 440 Hz × 0.78 m = 343.2 m/s (roughly 1300 km/h).", "343.2", "m/s", "wrong"),
    # the 10⁵ after "×" is no value of its own (read as one, its comparison raised: an error verdict), and "1 atm" is
    # within the stated precision of 101 kPa
    ("So p ≈ 1.01 × 10⁵ Pa (about 1 atm).", "101", "kPa", "correct"),
])
def test_closing_asides_and_restatements_in_brackets(prediction, answer, unit, status):
    assert _verdict(prediction, answer, unit=unit, error="1" if unit == "kPa" else "0.01") == status


@pytest.mark.parametrize("closing, answer, status", [
    ("这是 $p$ 级数，$p = 2 > 1$，所以该级数收敛，其和为 $\\dfrac{\\pi^2}{6}$。", "收敛", "correct"),
    ("这是 $p$ 级数，$p = 2 > 1$，所以该级数收敛，其和为 $\\dfrac{\\pi^2}{6}$。", "发散", "wrong"),
])
def test_the_alternative_chosen_after_suo_yi(closing, answer, status):
    assert _verdict(closing, answer, "级数 $\\sum_{n=1}^{\\infty}\\frac{1}{n^2}$ 收敛还是发散？") == status


@pytest.mark.parametrize("closing, answer, status", [
    ("So yes, every group of order 15 is cyclic.", "Yes", "correct"),
    ("So yes, every group of order 15 is cyclic.", "No", "wrong"),
    ("So no, not every group of order 15 is cyclic.", "No", "correct"),
    ("So yes, every group of order 16 is cyclic.", "Yes", "wrong"),  # another number than the question's
    ("So yes, but only when the Sylow subgroups are normal.", "Yes", "wrong"),
])
def test_a_verdict_then_the_question_restated(closing, answer, status):
    assert _verdict("By Sylow's theorems both Sylow subgroups are normal.\n\n" + closing, answer,
                    "Is every group of order 15 cyclic?") == status


@pytest.mark.parametrize("reply, status", [
    ("不存在这样的三角形。\n\n理由：边长与对应的高成反比，$a:b:c = 6:3:2$，而 $3 + 2 < 6$。", "correct"),
    ("存在这样的三角形。\n\n理由：取边长 $6, 3, 2$ 即可。", "wrong"),
])
def test_a_short_chinese_claim_then_its_reason(reply, status):
    assert _verdict(reply, "不存在", "是否存在一个三角形，其三条高分别为 1、2、3？") == status


@pytest.mark.parametrize("reply, ok", [
    ("x = 45° + k·180°, k ∈ ℤ", True),
    ("x = 45^\\circ + k \\cdot 180^\\circ, k \\in \\mathbb{Z}", True),
    ("x = 45° + k·360°, k ∈ ℤ", False),
    ("x = 45° + k·180°, k ∈ ℕ", False),
    ("x = \\frac{\\pi}{4} + k\\pi, k ∈ ℤ", True),  # a range written in Unicode
])
def test_a_family_in_degrees(reply, ok):
    assert maths.equivalent("x=\\frac{\\pi}{4}+k\\pi,\\ k\\in\\mathbb{Z}", reply)[0] is ok


LEGS = {"A": "6", "B": "8", "C": "10", "D": "12"}


@pytest.mark.parametrize("reply, letter", [
    ("Spiders are arachnids, and all arachnids have eight legs (insects have six).", "B"),
    ("Spiders have eight legs (or perhaps six).", None),  # an aside that hedges decides nothing
    ("Spiders have eight legs (though six is possible).", None),
    ("All arachnids have eight legs, insects six.", None),  # no brackets: both named
])
def test_options_named_only_in_an_aside_in_brackets(reply, letter):
    assert infer_choice(reply, LEGS, same_value=maths.states_value).letter == letter


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round22_maths.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 22 (labelled by the grading conventions before either version ran)
    that the reader before this round or the first version of it got wrong, read as labelled now."""
    extra = {k: case[k] for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


# A helper's review of rounds 21 and 22 (replies each reading of the first versions misread, kept as verdicts):
@pytest.mark.parametrize("closing, answer, question, status", [
    ("Thus $3^{100}+1$ is odd; indeed $3^{100}$ is divisible by 2.", "even", "Is $3^{100}+1$ even or odd?", "wrong"),
    ("So 91 is prime, as 90 has proper divisors.", "composite", "Is 91 prime or composite?", "wrong"),
    ("Hence the partial sums never blow up.", "diverges", "Does the series $\\sum 1/n^2$ converge or diverge?",
     "wrong"),
    ("So the partial sums do not grow without bound.", "diverges", "Does the series converge or diverge?", "wrong"),
    ("It is not true that there is no largest such prime.", "infinitely many",
     "Are there finitely or infinitely many such primes?", "wrong"),
    ("所以 $a,b,c$ 并非三边都相等。", "等边三角形", "在 $\\triangle ABC$ 中，则 $\\triangle ABC$ 是什么三角形？", "wrong"),
    ("It is wrong to claim that $n^2+1$ is never divisible by 3.", "No",
     "Is there a positive integer $n$ such that $n^2+1$ is divisible by 3?", "wrong"),
    ("So $n^2+1$ is never divisible by 3 except when n = 0.", "No",
     "Is there a positive integer $n$ such that $n^2+1$ is divisible by 3?", "wrong"),
    ("The first player moves, then the second player mirrors every move, so he wins.", "the first player",
     "Which player wins with perfect play?", "wrong"),
    ("So no, 91 is prime.", "No", "Is 91 prime?", "wrong"),
    ("So the number is 101 in base 2.", "5", "What is $101_2$ in base 10?", "wrong"),
    ("Hence $n$ must be a multiple of $3$.", "3", "Find the smallest positive integer $n$ such that $7 \\mid 2^n - 1$.",
     "correct"),
    ("So the sum of the roots is $10$.\n(For comparison, recomputing with Vieta gives 12, so 12 is right.)", "10",
     "Find the sum of the roots.", "wrong"),
])
def test_the_reviewed_readings(closing, answer, question, status):
    assert _verdict("We work it out.\n\n" + closing, answer, question) == status


def test_a_given_before_a_remark_is_no_answer():
    assert _verdict("So the gas, initially at 300 K, cools to about −84 °C.", "300", unit="K", error="1") == "wrong"


@pytest.mark.parametrize("reply, letter", [
    ("If it were a log axis the answer would be D; as the axis is linear, the answer would be A.", "A"),
    ("The answer would be A. If the axis were logarithmic, it would be D.", "A"),
    ("The answer is B. A is equally likely to be wrong.", "B"),
])
def test_the_reviewed_choice_readings(reply, letter):
    options = {"A": "Normal", "B": "Exponential", "C": "Uniform", "D": "Log-normal"}
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


# Long inputs (the review): each took seconds to a timeout before its loop or pattern was made to read once; these
# assert the letters, never a duration.
@pytest.mark.parametrize("reply, letter", [
    ("\\boxed{B}. " + "Honestly, A is equally likely. I pick B. " * 2000, "B"),
    ("7 " * 40000 + "12", "A"),
    ("If the axis were logarithmic, it would be D; " * 1800 + "on a linear axis it would be A.", None),
])
def test_long_choice_replies(reply, letter):
    options = {"A": "12", "B": "15", "C": "18", "D": "21"}
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


# Round 23's three text false accepts (its blind set scored once, then these read):
@pytest.mark.parametrize("closing, answer, question, status", [
    ("Hence the sequence is bounded below by $2$.", "Yes", "Is the sequence $a_n=(1+1/n)^n$ bounded?", "wrong"),
    ("Hence the sequence is bounded.", "Yes", "Is the sequence $a_n=(1+1/n)^n$ bounded?", "correct"),
    ("By the intermediate value theorem, the equation has at least one real root, lying in $(0,1)$.", "Yes",
     "Does the equation $x^3+x-1=0$ have exactly one real root?", "wrong"),
    ("但正整数有无穷多个，我们无法一一验证，所以只能说在检验过的范围内不存在，无法确定一般情况。", "不存在",
     "是否存在正整数 $n$，使得 $n^2+1$ 能被 $3$ 整除？", "wrong"),
    ("所以不存在这样的正整数。", "不存在", "是否存在正整数 $n$，使得 $n^2+1$ 能被 $3$ 整除？", "correct"),
])
def test_one_sided_bounds_other_counts_and_undecided_claims(closing, answer, question, status):
    assert _verdict("We check.\n\n" + closing, answer, question) == status
