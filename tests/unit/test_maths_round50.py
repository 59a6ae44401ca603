"""Round 50 of the readers (docs/profiles-math.md, "Round 50"), written from round 51's blind probes
(tests/data/probes_round51.jsonl) after they were scored once as the held-out measure of round 49, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.maths.compare.asked import asked_base
from pytest_answerbench.maths.concepts import concept_of, concept_verdict
from pytest_answerbench.maths.meaning import asks_yes_no
from pytest_answerbench.maths.naming import opening_verdict

RAMSEY = ("In any group of 6 people, must there be either 3 people who all know each other or 3 people who are all "
          "mutual strangers?")
RAMSEY_REPLY = ("Yes. Pick a person $P$. Of the other 5, at least 3 are either all acquainted with $P$ or all strangers to "
                "$P$. If any two of those 3 know each other, they form a triangle with $P$; otherwise those 3 are mutual "
                "strangers. This is the statement $R(3,3) \\le 6$.")
EIGEN = "Does every square matrix with complex entries have at least one eigenvalue?"
BOUNDED = "Is the sequence of partial sums $s_n=\\sum_{k=1}^n \\frac{1}{k^2}$ bounded?"
PLATONIC = "Which Platonic solid has 20 faces?"
ROOTS = "Solve $x^2 - 5x + 6 = 0$."
ACE = "A card is drawn at random from a standard 52-card deck. What is the probability that it is an ace?"
BINARY = "Write the decimal number 45 in binary."
INTEGRAL = "Does the improper integral $\\int_1^{\\infty} \\frac{1}{x^2}\\,dx$ converge or diverge?"


@pytest.mark.parametrize("reply, answer, question, status", [
    (RAMSEY_REPLY, "Yes", RAMSEY, "correct"),
    (RAMSEY_REPLY.replace("Yes.", "No."), "Yes", RAMSEY, "wrong"),
    ("是的。\n\n由代数基本定理，特征多项式在 $\\mathbb{C}$ 中至少有一个根。\n\n答案是：每个复方阵都至少有一个特征值。", "Yes",
     EIGEN, "correct"),
    ("Icosahedron (20 equilateral triangle faces, 12 vertices, 30 edges). Not to be confused with the dodecahedron, "
     "which has 20 *vertices* and 12 faces.", "the icosahedron", PLATONIC, "correct"),
    ("The rhombic dodecahedron.", "dodecahedron", "Which regular polyhedron has 12 pentagonal faces?", "wrong"),
    ("Factor: (x − 2)(x − 3) = 0.\n\nTherefore x = 3 or x = 2.", "2, 3", ROOTS, "correct"),
    ("Factor: (x − 2)(x − 3) = 0.\n\nTherefore x = 3.", "2, 3", ROOTS, "wrong"),
    ("There are 4 aces among 52 cards, so the chance is 4 in 52 — that is, 1 in 13.", "\\frac{1}{13}", ACE, "correct"),
    ("There are 4 aces among 52 cards, so the chance is 4 in 52 — that is, 1 in 12.", "\\frac{1}{13}", ACE, "wrong"),
    ("45 = 32 + 8 + 4 + 1, so 45 in binary is **101101**.", "101101_2", BINARY, "correct"),
    ("45 = 32 + 8 + 4 + 1, so 45 in binary is **101100**.", "101101_2", BINARY, "wrong"),
    ("$$\\int_1^{\\infty} \\frac{dx}{x^2} = \\lim_{b\\to\\infty}\\left(1 - \\frac1b\\right) = 1.$$\n\n$$\\boxed{1}$$",
     "converges", INTEGRAL, "correct"),
    ("$$\\int_1^{\\infty} \\frac{dx}{x^2} = \\lim_{b\\to\\infty}\\left(1 - \\frac1b\\right) = 1.$$\n\n$$\\boxed{1}$$",
     "diverges", INTEGRAL, "wrong"),
])
def test_round_50_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, gold, verdict", [
    (RAMSEY_REPLY, "Yes", (True, "Yes")),
    ("No. Seat them around a table; each knows only the two neighbours, so no triangle forms either way.", "Yes",
     (False, "No")),
    ("Yes. Wait, that is wrong: a 5-cycle and its complement have no triangle.", "Yes", None),  # (taken back)
    ("Yes. Here is why.\n\nFinal answer: No", "Yes", None),  # (an answer line states it again: the reader reads it)
    ("Yes.\n\nCompare with $\\sum 1/k$, which grows like $\\ln n$. Hence the series diverges.", "Yes", None),
    ("Yesterday I tried small cases.", "Yes", None),  # (no verdict: a word)
])
def test_opening_verdict(reply, gold, verdict):
    question = BOUNDED if "series" in reply else RAMSEY
    assert opening_verdict(reply, gold, question) == verdict


def test_a_question_opening_on_a_phrase_still_asks_yes_or_no():
    assert asks_yes_no(RAMSEY)
    assert not asks_yes_no("In a group of 6 people, is the number of friendships even or odd?")


@pytest.mark.parametrize("gold, found", [
    ("the icosahedron", ("polyhedron", "icosahedron")), ("Gauss's theorem", ("principle", "divergence theorem")),
    ("The contraction mapping principle", ("principle", "banach fixed-point theorem")),
    ("rhombic dodecahedron", None), ("Liouville's theorem", None),
])
def test_more_objects_a_gold_names(gold, found):
    assert concept_of(gold) == found


@pytest.mark.parametrize("reply, gold, verdict", [
    ("By the **divergence theorem** the flux equals the integral of the divergence.", "Gauss's theorem",
     (True, "divergence theorem")),
    ("Students often guess the **fundamental theorem of algebra**, but the statement here is Liouville's theorem.",
     "Fundamental Theorem of Algebra", None),  # (a guess names nothing)
    ("It is the truncated icosahedron, the shape of a football.", "icosahedron", None),  # (another solid)
])
def test_concept_verdict_round_50(reply, gold, verdict):
    assert concept_verdict(reply, gold) == verdict


@pytest.mark.parametrize("question, base", [
    ("Write the decimal number 45 in binary.", 2), ("Convert 255 to hexadecimal.", 16), ("Express 64 in octal.", 8),
    ("Write 45 in base 3.", 3), ("Is 45 a binary operation's identity?", None),
])
def test_a_base_named_in_words(question, base):
    assert asked_base(question) == base


@pytest.mark.parametrize("case", attack_cases("attack_round50_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 50 (tests/data/attack_round50_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
