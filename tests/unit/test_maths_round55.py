"""Round 55 of the readers (docs/profiles-math.md, "Round 55"), written from round 56's blind probes
(tests/data/probes_round56.jsonl) after they were scored once as the held-out measure of round 54, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.maths.naming import opening_gold_verdict

SUN = "Using Wien's displacement law, estimate the Sun's surface temperature."
LOCUS = ("What curve is the locus of points in the plane equidistant from a fixed point and a fixed line not passing "
         "through that point?")
SINE = "Solve sin x = 1/2 for x ∈ [0, 2π)."
PRIMES = "Are there finitely many or infinitely many primes of the form $n^2-1$, where $n$ is a positive integer?"
DICE = "Two fair six-sided dice are rolled. What is the probability that the sum is 7?"
INVERSE = "Find the inverse of the matrix A = [[2, 1], [1, 1]]."
PMATRIX = "\\begin{pmatrix}1 & -1\\\\ -1 & 2\\end{pmatrix}"


@pytest.mark.parametrize("reply, answer, question, extra, status", [
    ("$$T = 5796\\ \\text{K}$$, which is about 5523 °C.\n\nFinal answer: $\\boxed{\\approx 5520\\,^\\circ\\mathrm{C}}$",
     "5800", SUN, {"unit": "K", "error": "50"}, "correct"),
    ("Final answer: $\\boxed{\\approx 5800\\,^\\circ\\mathrm{C}}$", "5800", SUN, {"unit": "K", "error": "50"}, "wrong"),
    ("$\\boxed{27\\ ^\\circ\\mathrm{C}}$", "300.15 K", None, {}, "correct"),
    ("$\\boxed{600\\ \\mathrm{K}}$", "327\\ ^\\circ\\text{C}", None, {}, "wrong"),  # (326.85 °C: no tolerance stated)
    ("A parabola (the fixed point is its focus and the line its directrix).", "Parabola", LOCUS, {}, "correct"),
    ("A parabola (or a hyperbola, depending on the distances).", "Parabola", LOCUS, {}, "wrong"),
    ("The reference angle is 30°, and sine is positive in quadrants I and II, so x = 30° and x = 150°.",
     "\\frac{\\pi}{6}, \\frac{5\\pi}{6}", SINE, {}, "correct"),
    ("The reference angle is 30°, so x = 30° and x = 210°.", "\\frac{\\pi}{6}, \\frac{5\\pi}{6}", SINE, {}, "wrong"),
    ("For $n\\ge3$ both factors exceed 1, so $n^2-1$ is composite.\n\nThere is exactly one such prime, namely $3$.",
     "Finitely many", PRIMES, {}, "correct"),
    ("For $n\\ge3$ both factors exceed 1, so $n^2-1$ is composite.\n\nThere is exactly one such prime, namely $3$.",
     "Infinitely many", PRIMES, {}, "wrong"),
    ("There are 6 favourable outcomes out of 36, so the probability is six out of thirty-six, that is, one sixth.",
     "\\frac{1}{6}", DICE, {}, "correct"),
    ("There are 6 favourable outcomes out of 36, so the probability is 6/36, that is, one fifth.", "\\frac{1}{6}", DICE,
     {}, "wrong"),  # (two values that disagree)
    ("det A = 1, so the inverse is the adjugate.\n\nAnswer: A^-1 = [[1, -1], [-1, 2]]", PMATRIX, INVERSE, {},
     "correct"),
    ("det A = 1, so the inverse is the adjugate.\n\nAnswer: A^-1 = [[1, 1], [-1, 2]]", PMATRIX, INVERSE, {}, "wrong"),
])
def test_round_55_readings(reply, answer, question, extra, status):
    assert _verdict(reply, answer, question, **extra) == status


@pytest.mark.parametrize("reply, gold, verdict", [
    ("A parabola (the fixed point is its focus).", "parabola", (True, "A parabola")),
    ("A parabola (perhaps a hyperbola).", "parabola", None),
    ("A square (with its corners cut off, giving a regular octagon).", "a square", None),
])
def test_an_opening_sentence_with_an_aside(reply, gold, verdict):
    assert opening_gold_verdict(reply, gold) == verdict


@pytest.mark.parametrize("case", attack_cases("attack_round55_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 55 (tests/data/attack_round55_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
