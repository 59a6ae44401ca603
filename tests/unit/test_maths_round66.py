"""Round 66 of the readers (docs/profiles-math.md, "Round 66"; docs/profiles-mc.md, "Round 63"), written from some of
the misses of round 65's blind probes (tests/data/probes_round65.jsonl) after they were scored once as the held-out
measure of round 65, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.described import closing_sentence, shape
from pytest_answerbench.maths.meaning import asked_property, claim

FACTOR = "What is the largest prime factor of 2024?"
FACTOR_TRACE = ("<think>\n2024 = 2^3 × 11 × 23.\nIf the question asked for the sum of the prime factors it'd be 36.\n"
                "The answer should be a prime number.\nSo the largest prime factor of 2024 is VALUE.\n</think>")
SQUARE = "Find all real $x$ with $4x^2 = 9$."
HARMONIC = "For which integers $n \\ge 2$ is $H_n = 1 + \\frac12 + \\cdots + \\frac1n$ an integer?"
MINIMUM = "Find the minimum value of $f(x) = \\dfrac{1}{x}$ on the interval $(0,\\infty)$."
POLYHEDRON = "Does there exist a convex polyhedron with exactly $7$ edges?"
INVOLUTION = "Does there exist a continuous function $f:\\mathbb{R}\\to\\mathbb{R}$ such that $f(f(x)) = -x$ for all real $x$?"
VARIGNON = ("What type of quadrilateral is obtained by joining, in order, the midpoints of the sides of an arbitrary "
            "quadrilateral?")
RECTANGLE = ("What type of quadrilateral is obtained by joining, in order, the midpoints of the sides of a rectangle?")
CIRCUMCENTER = "The circumcenter of a triangle lies on one of its sides. What kind of triangle is it?"
SERIES = "Does the series $\\sum_{n=1}^{\\infty} \\dfrac{\\sin n}{n}$ converge or diverge?"
PLANAR = "Is the complete bipartite graph $K_{3,3}$ planar?"
QUARTIC = "Is the polynomial $x^4+4$ irreducible over the integers?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # a sentence about the answer's form inside an answer marker commits to nothing
    (FACTOR_TRACE.replace("VALUE", "23"), "23", FACTOR, "correct"),
    (FACTOR_TRACE.replace("VALUE", "11"), "23", FACTOR, "wrong"),
    ("2024 = 2^3 × 11 × 23.\n\nThe answer should be 23.", "23", FACTOR, "correct"),
    # a value concluded in plain text after a formula, in bold or with ±
    ("$x^2 = 9/4$, so **x = ±1.5**", "-\\frac{3}{2}, \\frac{3}{2}", SQUARE, "correct"),
    ("$x^2 = 9/4$, so x = ±1.5.", "-\\frac{3}{2}, \\frac{3}{2}", SQUARE, "correct"),
    ("$x^2 = 9/4$, so **x = 1.5**", "-\\frac{3}{2}, \\frac{3}{2}", SQUARE, "wrong"),
    # a claim whose maths only names its subject or where it ranges
    ("The 2-adic argument applies.\n\nThere is no such $n$: $H_n$ is never an integer for $n \\ge 2$.", "None",
     HARMONIC, "correct"),
    ("The 2-adic argument applies.\n\nThere is no such $n$ other than $n = 3$.", "None", HARMONIC, "wrong"),
    ("$f$ decreases to $0$ without reaching it.\n\nTherefore $f$ has no minimum on $(0,\\infty)$.", "Does not exist",
     MINIMUM, "correct"),
    ("$f$ decreases to $0$ without reaching it.\n\nTherefore $f$ has no maximum, and its minimum is $0$.",
     "Does not exist", MINIMUM, "wrong"),
    # undecided
    ("Euler's formula does not exclude it.\n\nI can't settle this conclusively: it may be that no such polyhedron "
     "exists, but I can't rule one out.", "No", POLYHEDRON, "wrong"),
    ("Euler's formula and a count of faces settle it.\n\nSo no such polyhedron exists.", "No", POLYHEDRON, "correct"),
    # a closing sentence on another case
    ("$f$ would be strictly monotone, but $f\\circ f$ is increasing.\n\nSo no continuous function with this property "
     "exists. If continuity is dropped, however, such functions do exist.", "No", INVOLUTION, "correct"),
    ("$f$ would be strictly monotone, but $f\\circ f$ is increasing.\n\nSo no continuous function with this property "
     "exists. If continuity is dropped, however, such functions do exist.", "Yes", INVOLUTION, "wrong"),
    ("By the midline theorem the opposite sides are parallel.\n\nSo $MNPQ$ is a parallelogram. It is a rhombus when "
     "$AC = BD$, and a rectangle when $AC \\perp BD$.", "Parallelogram", VARIGNON, "correct"),
    ("By the midline theorem the opposite sides are parallel.\n\nSo $MNPQ$ is a parallelogram. It is a rhombus when "
     "$AC = BD$, and a rectangle when $AC \\perp BD$.", "Rhombus", VARIGNON, "wrong"),
    # a bracketed closing sentence, qualifiers of a shape, a shape in the subject
    ("$BC$ is a diameter, so by Thales the angle at $A$ is right.\n\nSo the triangle is right-angled at $A$. (For "
     "comparison, the circumcenter lies inside an acute triangle and outside an obtuse one.)", "Right triangle",
     CIRCUMCENTER, "correct"),
    ("$BC$ is a diameter.\n\nSo the triangle is obtuse. (Actually, by Thales, it is right-angled at $A$.)",
     "Right triangle", CIRCUMCENTER, "correct"),
    ("The diagonals of a rectangle are equal.\n\nSo the midpoint quadrilateral of a rectangle is a rhombus — not a "
     "rectangle in general, and a square only when the rectangle is a square.", "Rhombus", RECTANGLE, "correct"),
    ("The diagonals of a rectangle are equal.\n\nSo the midpoint quadrilateral of a rectangle is a rhombus — not a "
     "rectangle in general.", "Rectangle", RECTANGLE, "wrong"),
    # a concession on another property; a bracketed line on a modified object
    ("By Dirichlet's test, $\\sum \\frac{\\sin n}{n}$ converges (its sum is $\\frac{\\pi-1}{2}$).\n\nIt does not "
     "converge absolutely, though: $\\sum \\frac{|\\sin n|}{n}$ diverges.", "Converges", SERIES, "correct"),
    ("By Dirichlet's test, $\\sum \\frac{\\sin n}{n}$ converges (its sum is $\\frac{\\pi-1}{2}$).\n\nIt does not "
     "converge absolutely, though: $\\sum \\frac{|\\sin n|}{n}$ diverges.", "Diverges", SERIES, "wrong"),
    ("Since $9 > 2V - 4 = 8$, $K_{3,3}$ is not planar.\n\n(Removing any single edge, however, yields a planar graph.)",
     "No", PLANAR, "correct"),
    ("Since $9 > 2V - 4 = 8$, $K_{3,3}$ is not planar.\n\n(Removing any single edge, however, yields a planar graph.)",
     "Yes", PLANAR, "wrong"),
    # a property asked over a number domain
    ("Sophie Germain's identity factors it.\n\nSo $x^4+4$ factors into two quadratics; it is not irreducible.", "No",
     QUARTIC, "correct"),
    ("Sophie Germain's identity factors it.\n\nSo $x^4+4$ factors into two quadratics; it is not irreducible.", "Yes",
     QUARTIC, "wrong"),
])
def test_round_66_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("question, prop", [
    (QUARTIC, "irreducible"),
    ("Is $x^2+1$ irreducible over the reals?", "irreducible"),
    ("Is $x^2 + x + 1$ irreducible over $\\mathbb{Q}$?", "irreducible"),
])
def test_the_property_asked_over_a_domain(question, prop):
    assert asked_property(question) == prop


@pytest.mark.parametrize("text, said", [
    ("f has no minimum", ("exist", False)),
    ("I can't settle this: it may be that no such polyhedron exists", None),
    ("I can't rule one out", None),
])
def test_claims_of_round_66(text, said):
    assert claim(text) == said


def test_none_of_the_kind_asked():
    """None of a kind claims that none exists when the question asks about that kind."""
    assert claim("So no continuous function with this property exists.", INVOLUTION) == ("exist", False)
    assert claim("So no continuous function with this property exists.",
                 "Does there exist a function $f$, not necessarily continuous, with $f(f(x)) = -x$?") != ("exist", False)


def test_shapes_and_closing_sentences():
    assert shape("So the midpoint quadrilateral of a rectangle is a rhombus") == "rhombus"
    assert shape("So the rectangle is a rhombus or a square") is None
    assert closing_sentence("So the triangle is right-angled at $A$. (For comparison, an acute one ...)") \
        == "So the triangle is right-angled at $A$."
    assert closing_sentence("So the triangle is right-angled at $A$. (Actually, it is obtuse.)") \
        == "(Actually, it is obtuse.)"


OCEANS = {"A": "Atlantic", "B": "Indian", "C": "Arctic", "D": "Pacific"}
TREND = {"A": "Population growth", "B": "New regulations", "C": "Economic recession", "D": "Improved technology"}


@pytest.mark.parametrize("reply, options, letter", [
    ("I'm torn between B and D. B fits the sudden drop better, but D matches the gradual decline. Without more context "
     "I can't pick one.", TREND, None),
    ("I'm torn between B and D. B fits the sudden drop better, but D matches the gradual decline, so I'll pick D.",
     TREND, "D"),
    ("Let me check the options.\nA. Atlantic\nB. Indian\nC. Arctic\nD. Pacific\nLet me check the options.\n"
     "A. Atlantic\nB. Indian\nC. Arctic\nD.", OCEANS, None),
    ("A. Atlantic\nB. Indian\nC. Arctic\nD. Pacific\nAnswer:\nD", OCEANS, "D"),
])
def test_round_63_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round66_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 66 (tests/data/attack_round66_maths.jsonl): the replies this round reads as
    labelled (a form sentence in other words, a condition dropped in other words, a listing of options in markdown cut
    off), the near misses it keeps as labelled (a form sentence that states the value, tied signs, a bracket that
    corrects, a concession that takes the claim back, a refusal followed by a pick), and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
