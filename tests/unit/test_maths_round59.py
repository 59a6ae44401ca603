"""Round 59 of the readers (docs/profiles-math.md, "Round 59"; docs/profiles-mc.md, "Round 58"), written from round
59's blind probes (tests/data/probes_round59.jsonl) after they were scored once as the held-out measure of round 58,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice

SURD = "Is $\\sqrt{2}+\\sqrt{3}$ a rational number?"
PRIMES = "Are there finitely many or infinitely many primes of the form $4k+3$?"
CHI = ("If $Z_1,\\dots,Z_k$ are independent standard normal random variables, what is the distribution of "
       "$Z_1^2+\\cdots+Z_k^2$?")
MONOTONE = "函数 $f(x)=x^2$ 在 $\\mathbb{R}$ 上是单调函数吗？"
KNIGHT = "Is a knight's tour (open or closed) possible on a $4\\times4$ chessboard?"
NINES = "Which is larger: $0.\\overline{9}$ or $1$?"
ROOTS = "Solve x^2 − 2x − 1 = 0."
PAIRS = "Find all pairs (x, y) of positive integers with x^y = y^x."


@pytest.mark.parametrize("reply, answer, question, status", [
    # the subject written with its braces left off ("\sqrt2" for the question's "\sqrt{2}") is the asked one
    ("Squaring gives a contradiction.\n\nTherefore $\\sqrt2+\\sqrt3$ is **not rational**.", "No, it is irrational",
     SURD, "correct"),
    ("Squaring gives a contradiction.\n\nTherefore $\\sqrt2+\\sqrt3$ is rational.", "No, it is irrational", SURD,
     "wrong"),
    ("Therefore $\\sqrt2+\\sqrt5$ is not rational.", "No, it is irrational", SURD, "wrong"),  # (another number)
    # an answer line claiming one of two alternatives the question offers, the question's form named in it
    ("Euclid's argument.\n\nFinal Answer: There are infinitely many primes of the form $4k+3$.", "Infinitely many",
     PRIMES, "correct"),
    ("Final Answer: There are finitely many primes of the form $4k+3$.", "Infinitely many", PRIMES, "wrong"),
    ("Final Answer: There are infinitely many primes of the form $4k+1$.", "Infinitely many", PRIMES, "wrong"),
    ("Final Answer: If RH holds, there are infinitely many primes of the form $4k+3$.", "Infinitely many", PRIMES,
     "wrong"),
    # a distribution named with its parameter, in notation or in words ("degrees of freedom" is no angle)
    ("MGF.\n\n**Answer:** $\\chi^2_k$, the chi-squared distribution with $k$ degrees of freedom.",
     "Chi-squared distribution with $k$ degrees of freedom", CHI, "correct"),
    ("MGF.\n\n**Answer:** $\\chi^2_k$.", "Chi-squared distribution with $k$ degrees of freedom", CHI, "correct"),
    ("MGF.\n\n**Answer:** $\\chi^2_k$.", "chi-squared distribution", CHI, "correct"),
    ("**Answer:** the chi-squared distribution with $k-1$ degrees of freedom.",
     "Chi-squared distribution with $k$ degrees of freedom", CHI, "wrong"),
    ("**Answer:** $\\chi^2_{k-1}$.", "Chi-squared distribution with $k$ degrees of freedom", CHI, "wrong"),
    ("**Answer:** a chi-squared distribution.", "Chi-squared distribution with $k$ degrees of freedom", CHI, "wrong"),
    ("So the sum follows a normal distribution.", "Chi-squared distribution with $k$ degrees of freedom", CHI, "wrong"),
    # a Chinese yes/no question asking a property of four characters
    ("$f'(x) = 2x$。\n\n因此 $f(x)$ 在整个 $\\mathbb{R}$ 上**不是**单调函数。", "不是", MONOTONE, "correct"),
    ("$f'(x) = 2x$。\n\n因此 $f(x)$ 在整个 $\\mathbb{R}$ 上不单调。", "不是", MONOTONE, "correct"),
    ("$f'(x) = 2x$。\n\n因此 $f(x)$ 在整个 $\\mathbb{R}$ 上是单调函数。", "不是", MONOTONE, "wrong"),
    # an opening verdict, kinds in brackets in the question, a gold glossing its verdict in words
    ("No — a $4\\times4$ board admits no knight's tour, open or closed (tours exist on $n\\times n$ boards only for "
     "$n = 1$ and $n \\ge 5$).", "No, it is impossible", KNIGHT, "correct"),
    ("No — a $4\\times4$ board admits no knight's tour (tours exist only for $n \\ge 5$).", "Yes", KNIGHT, "wrong"),
    ("Tours exist only for $n \\ge 5$.", "No, it is impossible", KNIGHT, "wrong"),
    # neither of two offered is larger
    ("So $9x = 9$ and $x = 1$.\n\nIntuitively 1 seems larger, but neither is.\n\n**They are equal: $0.999\\ldots = "
     "1$.**", "They are equal", NINES, "correct"),
    ("So $9x = 9$ and $x = 1$.\n\nThey are equal.", "They are equal", NINES, "correct"),
    ("So $9x = 9$ and $x = 1$.\n\nNeither is larger.", "They are equal", NINES, "correct"),
    ("So $9x = 9$ and $x = 1$.\n\nThey are equal.", "$1$", NINES, "wrong"),
    ("So $9x = 9$ and $x = 1$.\n\nThey might be equal.", "They are equal", NINES, "wrong"),
    ("So $9x = 9$ and $x = 1$.\n\n$1$ is larger.", "They are equal", NINES, "wrong"),
    ("They are equal: $0.999\\ldots < 1$.", "They are equal", NINES, "wrong"),
    # roots in plain text ("sqrt(2)") listed in a closing sentence
    ("x = (2 ± sqrt(8))/2.\n\nSo x = 1 + sqrt(2) and x = 1 - sqrt(2).", "1 \\pm \\sqrt{2}", ROOTS, "correct"),
    ("So x = 1 + sqrt(2) and x = 1 - sqrt(3).", "1 \\pm \\sqrt{2}", ROOTS, "wrong"),
    ("So x = 1 + sqrt(2).", "1 \\pm \\sqrt{2}", ROOTS, "wrong"),
    # a family in a parameter beside single solutions
    ("Final Answer: $(x,y)=(t,t)$ for all $t\\in\\mathbb{Z}^+$, together with $(2,4)$ and $(4,2)$.",
     "(k, k) for every positive integer k, (2, 4), and (4, 2)", PAIRS, "correct"),
    ("Final Answer: $(k,k)$ for every positive integer $k$, and $(2,4)$.",
     "(k, k) for every positive integer k, (2, 4), and (4, 2)", PAIRS, "wrong"),
    ("Final Answer: $(k,k)$ for every integer $k$, $(2,4)$ and $(4,2)$.",
     "(k, k) for every positive integer k, (2, 4), and (4, 2)", PAIRS, "wrong"),
    ("Final Answer: $(k,k)$ for every positive integer $k$, $(2,4)$, $(4,2)$ and $(3,5)$.",
     "(k, k) for every positive integer k, (2, 4), and (4, 2)", PAIRS, "wrong"),
    ("Final Answer: $(2,4)$ and $(4,2)$.", "(k, k) for every positive integer k, (2, 4), and (4, 2)", PAIRS, "wrong"),
    ("So the solutions are $(2,4)$ and $(4,2)$.", "(2,4), (4,2)", PAIRS, "correct"),  # (no family: a list)
])
def test_round_59_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


BLOOD = {"A": "Fighting infection", "B": "Carrying oxygen", "C": "Clotting blood", "D": "Producing hormones"}


@pytest.mark.parametrize("reply, letter", [
    # a word only one option has, in what a degenerate reply says before its loop, is no choice
    ("The main function of red blood cells is to the the cells of the body" + " carrying oxygen" * 12, None),
    ("The answer is (B)." + " carrying oxygen" * 12, "B"),  # (a choice stated before the loop stands)
    ("Red blood cells are for clotting blood.", "C"),  # (no loop: the key word read as before)
])
def test_a_key_word_before_a_loop_is_no_choice(reply, letter):
    assert infer_choice(reply, BLOOD).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round59_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 59 (tests/data/attack_round59_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
