"""Round 20 of the maths reader (docs/profiles-math.md, "Round 20"), written from round 20's blind probes
(tests/data/probes_round20.jsonl) after they were scored once as round 19's held-out measure, then narrowed after a
helper's attack (the replies the old reader or the first version got wrong, read as labelled now, are
tests/data/attack_round20_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row


def _verdict(prediction: str, answer: str, question: str | None = None) -> str:
    row = {"prediction": prediction, "answer": answer}
    if question:
        row["question"] = question
    return score_row("olympiad", row, profile="default").status


SERIES = "Determine whether the series $\\sum_{n=1}^{\\infty} \\frac{(-1)^n}{\\sqrt{n}}$ converges or diverges."
LEIBNIZ = "The terms $b_n = 1/\\sqrt{n}$ decrease to $0$, so the alternating series test applies.\n\n"


@pytest.mark.parametrize("closing, answer, status", [
    ("**Conclusion:** the series converges, but only conditionally, because $\\sum 1/\\sqrt{n}$ is a divergent "
     "$p$-series ($p = 1/2$).", "Converges", "correct"),
    ("**Conclusion:** the series converges, but only conditionally, because $\\sum 1/\\sqrt{n}$ is a divergent "
     "$p$-series ($p = 1/2$).", "Diverges", "wrong"),
    ("Verdict: the series diverges, since $b_n$ does not decrease fast enough ($p = 1/2$).", "Converges", "wrong"),
])
def test_a_labelled_conclusion_then_its_reason(closing, answer, status):
    assert _verdict(LEIBNIZ + closing, answer, SERIES) == status


INVERSE = "\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}"


@pytest.mark.parametrize("reply, status", [
    ("det A = 1, so A⁻¹ = [[1, −1], [−1, 2]]", "correct"),
    ("A^{-1} = [[1, -1], [-1, 2]]", "correct"),
    ("A^{-1} = [[1, 1], [-1, 2]]", "wrong"),
    ("x = [[1, -1], [-1, 2]]", "wrong"),  # a lower-case letter names no matrix: the gold writes no "x ="
])
def test_a_named_list_of_rows_is_the_matrix(reply, status):
    assert _verdict(reply, INVERSE, "Find the inverse of $A = \\begin{pmatrix}2&1\\\\1&1\\end{pmatrix}$.") == status


@pytest.mark.parametrize("reply, answer, status", [
    ("45 = 32 + 8 + 4 + 1, so in binary it is 0b101101.", "101101_2", "correct"),
    ("45 = 32 + 8 + 4 + 1, so in binary it is 0b101100.", "101101_2", "wrong"),
    ("0x2D", "2D_{16}", "correct"),  # (a hexadecimal literal in prose is not located yet: "In hex: 0x2D." reads 0)
    ("0o55", "55_8", "correct"),
    ("0o56", "55_8", "wrong"),
    ("It is 0b102.", "101101_2", "wrong"),  # a digit binary has not: no numeral
])
def test_numerals_as_code_writes_them(reply, answer, status):
    assert _verdict(reply, answer) == status


FUNCTIONAL = "Find $f(x)$ given that $f(x) + 2f\\!\\left(\\frac1x\\right) = 3x$ for all $x \\neq 0$."


@pytest.mark.parametrize("reply, status", [
    ("Solving the two linear equations,\n$$f(x) = \\frac{2 - x^2}{x}, \\quad x \\ne 0.$$", "correct"),
    ("Solving the two linear equations,\n$$f(x) = \\frac{1 - x^2}{x}, \\quad x \\ne 0.$$", "wrong"),
])
def test_an_exclusion_the_formula_divides_by_is_no_restriction(reply, status):
    assert _verdict(reply, "f(x) = \\frac{2}{x} - x", FUNCTIONAL) == status


def test_an_exclusion_the_formula_does_not_divide_by_stays():
    assert _verdict("$f(x) = \\frac{x}{2}, x \\ne 0$", "f(x) = \\frac{x}{2}") == "wrong"


DOMAIN = "Find the domain of $f(x) = \\dfrac{\\sqrt{x-1}}{x-3}$."


@pytest.mark.parametrize("reply, status", [
    ("Domain: $\\{x \\in \\mathbb{R} : x \\ge 1,\\ x \\ne 3\\}$.", "correct"),
    ("Domain: $\\{x : x \\ge 1 \\text{ and } x \\ne 3\\}$.", "correct"),
    ("Domain: $\\{x : x \\ge 1, x \\ne 4\\}$.", "wrong"),
    ("Domain: $\\{x : x > 1, x \\ne 3\\}$.", "wrong"),
])
def test_a_set_builder_with_several_relations(reply, status):
    assert _verdict(reply, "[1,3)\\cup(3,\\infty)", DOMAIN) == status


STONES = ("There is a pile of 20 stones. Alice and Bob alternately remove 1, 2 or 3 stones, Alice first; whoever takes "
          "the last stone wins. Who has a winning strategy?")
NIM = "In Nim with three heaps of sizes 3, 5 and 6, does the first player have a winning strategy?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # ", Alice first;" says who moves first: the second player is Bob
    ("Multiples of 4 are losing for the player to move, so the second player can always force a win.", "Bob", STONES,
     "correct"),
    ("Multiples of 4 are losing for the player to move, so the second player can always force a win.", "Alice", STONES,
     "wrong"),
    # a yes/no question whether a player wins, answered by naming the winner
    ("The nim-sum is $3 \\oplus 5 \\oplus 6 = 0$, so the win belongs to the second player.", "No", NIM, "correct"),
    ("The nim-sum is $3 \\oplus 5 \\oplus 6 = 0$, so the win belongs to the second player.", "Yes", NIM, "wrong"),
    ("The nim-sum is $3 \\oplus 5 \\oplus 6 = 0$, so the first player wins.", "Yes", NIM, "correct"),
    ("If the nim-sum were 0, the second player would win.", "No", NIM, "wrong"),  # a hypothetical names no winner
])
def test_winners_by_turn_and_a_yes_no_question_about_one(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


CUBIC = "方程 $x^3 - 3x + 1 = 0$ 是否有三个不同的实根？"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("由零点存在定理，三个区间内各有一个根。所以答案：有，恰有三个不同的实根。", "是", CUBIC, "correct"),
    ("由零点存在定理，三个区间内各有一个根。所以答案：有，恰有三个不同的实根。", "否", CUBIC, "wrong"),
    ("所以答案：没有，只有一个实根。", "否", CUBIC, "correct"),
    ("答案：有3个实根。", "是", "方程 $x^3 - 3x + 1 = 0$ 有几个实根？", "wrong"),  # not asked whether: no verdict
])
def test_you_answers_a_chinese_question_asking_whether_there_is(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, answer, question, status", [
    ("$f(x) = 1/x$ is continuous on $(0,1)$ but unbounded. The statement would be true on $[0,1]$. Here the interval "
     "is open, so the claim fails.", "False", "True or false: if $f$ is continuous on $(0,1)$, then $f$ is bounded.",
     "correct"),
    ("If the interval were closed, the claim would hold. So the claim fails to be false.", "False",
     "True or false: if $f$ is continuous on $[0,1]$, then $f$ is bounded.", "wrong"),
    ("Binary expansions give a bijection onto $\\mathbb{N}$: the collection is countably infinite.", "Yes",
     "Is the set of all finite subsets of $\\mathbb{N}$ countable?", "correct"),
    ("Cantor's diagonal argument: the collection is uncountably infinite.", "Yes",
     "Is the set of all subsets of $\\mathbb{N}$ countable?", "wrong"),
    ("So $\\mathbb{Q}$ is denumerable.", "Yes", "Is $\\mathbb{Q}$ countable?", "correct"),
])
def test_the_claim_fails_and_countably_infinite(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round20_maths.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 20 (labelled by the grading conventions before either version ran)
    that the reader before this round or the first version of it got wrong, read as labelled now."""
    assert _verdict(case["prediction"], case["answer"], case.get("question")) == case["label"], case["why"]


# Long inputs on the round's patterns (a helper's review): each took seconds to minutes, or ran out of the scorer's
# time, before its pattern was made to scan once; these assert the verdicts, never a duration.
@pytest.mark.parametrize("prediction, question, status", [
    ("So it is countable" + ", unlike a" * 10_000 + ". So it is countable.", "Is it countable?", "correct"),
    ("So it is irrational.\nNext question" + " " * 50_000 + ": is 4 rational? Yes.", "Is it rational?", "wrong"),
    ("So it is irrational.\nNext question" + " " * 50_000 + "x", "Is it rational?", "wrong"),
    ("So the first player wins.", "Alice and Bob met" + ", Alice first" * 4_000
     + ". Does the first player have a winning strategy?", "correct"),
])
def test_long_inputs_are_graded(prediction, question, status):
    assert _verdict(prediction, "Yes", question) == status


@pytest.mark.parametrize("reply, status", [
    ("有，这样的 n 有无穷多个。取 n = 8k+3 即可。", "correct"),  # 无穷 is no denial
    ("有，但其实没有。", "wrong"),
])
def test_wu_qiong_is_no_denial(reply, status):
    assert _verdict(reply, "是", "是否有无穷多个正整数 $n$ 使 $n^2+1$ 为合数？") == status


@pytest.mark.parametrize("reply, status", [
    ("A⁻¹ = \\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}", "correct"),  # the name in superscripts, as for a row list
    ("\\{x_1 : y \\ge 1, z \\ne 3\\}", "wrong"),  # relations of other letters are no set of x_1
])
def test_names_and_letters_of_the_reviewed_readings(reply, status):
    gold = INVERSE if "pmatrix" in reply else "[1,3)\\cup(3,\\infty)"
    assert _verdict(reply, gold) == status
