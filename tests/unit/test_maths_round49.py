"""Round 49 of the readers (docs/profiles-math.md, "Round 49"; docs/profiles-mc.md, "Round 48"), written from round
50's blind probes (tests/data/probes_round50.jsonl) after they were scored once as the held-out measure of round 48,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.concepts import concept_of, concept_verdict, line_verdict
from pytest_answerbench.maths.meaning import claim
from pytest_answerbench.maths.naming import value_verdict
from pytest_answerbench.maths.residues import SEVERAL, residue_set, residue_verdict

FERMAT = ("What is the name of the point inside a triangle with all angles less than $120^\\circ$ that minimizes the "
          "sum of distances to the three vertices?")
CHAIN = "What curve does a uniform flexible chain take when hanging freely between two supports?"
GLUE = "What surface is obtained by gluing both pairs of opposite edges of a square, each pair with matching orientation?"
ODD = "Find all positive integers $n$ such that 3 divides $2^n + 1$."
FOUR = "For which positive integers $n$ is $1^n + 2^n + 3^n + 4^n$ divisible by 5?"
IMPROPER = "Does $\\int_0^1 \\frac{dx}{\\sqrt{x}}$ converge?"
VECTOR = "Let $u = (2, 1, 0)$ and $w = (1, 3, -3)$. Find $u - w$ as a vector $(v_x, v_y, v_z)$."
SPRING = ("A spring with $k = 200$ N/m hangs vertically with a 3 kg mass at rest. Taking $g = 10$ m/s$^2$, by how many "
          "centimetres is the spring stretched?")
ROOTS = "Find the sum of the roots of $3x^2 - 5x - 2 = 0$."
STONES = ("Alice and Bob take turns removing 1 or 2 stones from a pile of 9 stones; Alice moves first and whoever takes "
          "the last stone wins. Who wins with perfect play?")


@pytest.mark.parametrize("reply, answer, question, status", [
    ("This is the Torricelli point: from it, each side of the triangle subtends an angle of $120^\\circ$.",
     "Fermat point", FERMAT, "correct"),
    ("This is the centroid: it balances the triangle.", "Fermat point", FERMAT, "wrong"),
    ("It hangs in the shape $y = a\\cosh(x/a)$, which near its lowest point looks very much like a parabola.",
     "catenary", CHAIN, "correct"),
    ("It looks like a parabola, though a catenary would be the exact curve if the chain were heavier.",
     "catenary", CHAIN, "wrong"),
    ("If one pair were glued with a reversal you would get a Klein bottle; with both pairs glued the same way you get a "
     "doughnut-shaped surface.", "torus", GLUE, "correct"),
    ("With both pairs glued the same way you get a Klein bottle.", "torus", GLUE, "wrong"),
    ("$n = 1, 3, 5, 7, \\ldots$", "all odd positive integers n", ODD, "correct"),
    ("$n = 3, 5, 7, \\ldots$", "all odd positive integers n", ODD, "wrong"),  # (1 left out)
    ("Exactly those $n$ with $n \\equiv 1, 2,$ or $3 \\pmod 4$.", "all n not divisible by 4", FOUR, "correct"),
    ("Exactly those $n$ with $n \\equiv 1$ or $3 \\pmod 4$.", "all n not divisible by 4", FOUR, "wrong"),
    ("The integrand is unbounded near 0. Evaluating, $\\lim_{\\varepsilon\\to0^+} 2\\sqrt{x}\\,\\big|_\\varepsilon^1 = 2$.",
     "Yes", IMPROPER, "correct"),
    ("Evaluating, $\\lim_{\\varepsilon\\to0^+} (2 - 2\\sqrt{\\varepsilon}) = \\infty$.", "Yes", IMPROPER, "wrong"),
    ("$\\theta = s/r = 1.0/2.0 = 0.5^\\circ$", "0.5\\ \\text{rad}", None, "wrong"),
    ("$\\theta = s/r = 1.0/2.0 = 0.5$ rad", "0.5\\ \\text{rad}", None, "correct"),
    ("It is either $1.6 \\times 10^{-19}$ C or $3.2 \\times 10^{-19}$ C, depending on how we count.",
     "3.2 \\times 10^{-19}\\ \\text{C}", None, "wrong"),
    ("It is $3.2 \\times 10^{-19}$ C.", "3.2 \\times 10^{-19}\\ \\text{C}", None, "correct"),
    ("So the minimum value is 3/∛4.", "\\frac{3}{\\sqrt[3]{4}}", None, "correct"),
    ("So the minimum value is 3/∛2.", "\\frac{3}{\\sqrt[3]{4}}", None, "wrong"),
    ("x = mg/k = 30/200 = 0.15 m. $\\boxed{0.15\\ \\text{m}}$", "15", SPRING, "correct"),
    ("x = mg/k = 30/200 = 0.15 m. $\\boxed{0.15\\ \\text{cm}}$", "15", SPRING, "wrong"),
    ("By Vieta the sum is 5/3.\n\nFinal Answer: $\\frac{5}{3}$\n\nQuestion: Find the product of the roots of "
     "$3x^2 - 5x - 2 = 0$.\n\nBy Vieta, the product is −2/3.\n\nFinal Answer: $-\\frac{2}{3}$", "\\frac{5}{3}", ROOTS,
     "correct"),
    ("$u - w = \\begin{pmatrix} 1 \\\\ -2 \\\\ 3 \\end{pmatrix}$", "(1, -2, 3)", VECTOR, "correct"),
    ("$u - w = \\begin{pmatrix} 1 \\\\ 2 \\\\ 3 \\end{pmatrix}$", "(1, -2, 3)", VECTOR, "wrong"),
    ("$x \\ge 1$ and $x \\ne 3$", "[1, 3) \\cup (3, \\infty)", None, "correct"),
    ("$x \\ge 1$ and $x \\ne 2$", "[1, 3) \\cup (3, \\infty)", None, "wrong"),
    ("$x \\notin (-1, 3)$", "(-\\infty, -1] \\cup [3, \\infty)", None, "correct"),
    ("$x \\notin [-1, 3]$", "(-\\infty, -1] \\cup [3, \\infty)", None, "wrong"),
    ("Bob wins: whatever Alice takes, he takes enough to make the total removed that round 3, keeping the pile a "
     "multiple of 3. Question: Who wins if the pile has 10 stones? Answer: Alice.", "Bob", STONES, "correct"),
    ("Bob wins: whatever Alice takes, he takes enough to make the total removed that round 3, keeping the pile a "
     "multiple of 3. Answer: Alice.", "Bob", STONES, "wrong"),  # (no question invented: the answer line counts)
    ("There is a one-in-four chance of getting two heads.", "\\frac{1}{4}",
     "A fair coin is flipped twice. What is the probability of getting two heads?", "correct"),
    ("There is a one-in-three chance of getting two heads.", "\\frac{1}{4}",
     "A fair coin is flipped twice. What is the probability of getting two heads?", "wrong"),
    ("It is the vertical line through (1, 0), the perpendicular bisector of the segment.", "x = 1",
     "Describe the set of points in the plane equidistant from (0, 0) and (2, 0).", "correct"),
    ("It is the horizontal line through (1, 0).", "x = 1",
     "Describe the set of points in the plane equidistant from (0, 0) and (2, 0).", "wrong"),
    ("并非不存在。令 $f(a)=b,\\ f(b)=-a$ 即可。", "Yes",
     "Does there exist a function $f:\\mathbb{R}\\to\\mathbb{R}$ with $f(f(x)) = -x$ for all $x$?", "correct"),
])
def test_round_49_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("mantissa, status", [("5.0", "correct"), ("6.0", "wrong")])
def test_a_computation_then_its_value_in_another_unit(mantissa, status):
    """A computation with no unit of its own, then "≈" a value in another unit of the gold's quantity (gauss for a
    gold in teslas): the value, in the gold's unit, is the answer when the computation rounds to it."""
    reply = f"$B = \\frac{{2.9\\times10^{{-5}}}}{{5.788\\times10^{{-5}}}} \\approx {mantissa} \\times 10^{{3}}\\ \\text{{G}}$"
    assert _verdict(reply, "0.50", unit="T") == status


@pytest.mark.parametrize("gold, found", [
    ("Fermat point", ("triangle centre", "fermat point")), ("the symmetric group $S_3$", ("group", "symmetric group s3")),
    ("Catalan numbers", ("sequence", "catalan numbers")), ("rhombus", ("quadrilateral", "rhombus")),
    ("a torus", ("surface", "torus")), ("The nine-point center", ("triangle centre", "nine-point center")),
    ("Fermat's Last Theorem", None), ("12", None), ("isosceles or right triangle", None),
])
def test_the_object_a_gold_names(gold, found):
    assert concept_of(gold) == found


@pytest.mark.parametrize("reply, gold, verdict", [
    ("It is the circumcenter of the medial triangle.", "nine-point center", (True, "nine-point center")),
    ("It is the circumcenter.", "nine-point center", (False, "circumcenter")),  # (the shorter name, another point)
    ("The dihedral group $D_3$, the symmetry group of an equilateral triangle.", "the symmetric group $S_3$",
     (True, "symmetric group s3")),
    ("The sequence $1, 2, 5, 14, 42, \\dots$, given by $\\frac{1}{n+1}\\binom{2n}{n}$.", "Catalan numbers",
     (True, "catalan numbers")),
    ("Since the diagonals bisect each other, $ABCD$ is a parallelogram. So it must be a parallelogram with four equal "
     "sides.", "rhombus", (True, "rhombus")),  # (the last sentence naming one decides)
    ("So $ABCD$ is a parallelogram; it must be a parallelogram with four equal sides.", "rhombus", None),  # (two)
    ("It is not a square.", "rhombus", None),  # (denied: nothing named)
    ("So the curve is a **hyperbola**. (Though it could equally be read as a pair of crossing lines.)", "hyperbola",
     None),  # (a hedge in brackets)
    ("The sum of distances is constant, so the locus is an ellipse.\n\nNote that if the constant equals $|F_1F_2|$, as "
     "it does here, the locus degenerates to the segment.", "ellipse", None),  # (a later note turns it)
    ("It is a parabola or a hyperbola, depending on orientation; the locus is a parabola when the directrix is "
     "horizontal.", "parabola", None),  # (supposed and hedged)
    ("**A pair of parallel lines**, a degenerate parabola.", "parabola", None),
    ("$\\boxed{\\text{Torricelli point}}$", "Fermat point", (True, "fermat point")),
])
def test_concept_verdict(reply, gold, verdict):
    assert concept_verdict(reply, gold) == verdict


@pytest.mark.parametrize("reply, gold, verdict", [
    ("So the locus is the y-axis.", "x = 0", (True, "the y-axis")),
    ("So the locus is the x-axis.", "x = 0", (False, "the x-axis")),
    ("If it were vertical, it would be the vertical line through (1, 0).", "x = 1", None),
    ("It is the vertical line through (1, 0).", "(1, 0)", None),  # (the gold no line)
])
def test_line_verdict(reply, gold, verdict):
    assert line_verdict(reply, gold) == verdict


@pytest.mark.parametrize("text, described", [
    ("all odd positive integers n", (2, frozenset({1}))), ("$n = 2, 4, 6, \\ldots$", (2, frozenset({0}))),
    ("all n not divisible by 4", (4, frozenset({1, 2, 3}))),
    ("All positive integers $n$ with $n \\not\\equiv 1 \\pmod{3}$", (3, frozenset({0, 2}))),
    ("$n^2 + 1 \\equiv 1$ or $2 \\pmod 3$, so this never happens.", (1, frozenset())),  # (a residue of n² + 1, not n)
    ("So $n^2+n$ is even for every positive integer $n$.", (1, frozenset({0}))),  # (the parity of n² + n, not n)
    ("All odd $n \\ge 3$.", SEVERAL), ("$n = 1$ and all $n \\ge 5$", SEVERAL),  # (bounded: no class)
    ("$n = 3, 5, 7, \\ldots$", SEVERAL),  # (a progression past its class's least positive member)
    ("The answer is 12.", None),
])
def test_residue_set(text, described):
    assert residue_set(text) == described


def test_residue_verdict_reads_only_what_asks_for_integers():
    assert residue_verdict("$n = 1, 3, 5, \\ldots$", "all odd positive integers n", ODD) == (True, "$n = 1, 3, 5, \\ldots$")
    assert residue_verdict("$n = 1, 3, 5, \\ldots$", "all odd positive integers n", "What is $2 + 2$?") is None
    assert residue_verdict("$(1, b)$ for any positive integer $b$", "$(a, 1)$ for any positive integer $a$",
                           "Find all pairs $(a, b)$ of positive integers with $b \\mid a$ and $b \\mid a + 1$.") is None


@pytest.mark.parametrize("reply, gold, verdict", [
    ("Evaluating, the integral $= 2$.", "Yes", (True, "= 2")), ("Evaluating, the integral $= 2$.", "No", (False, "= 2")),
    ("Evaluating, the integral $= \\infty$.", "Yes", (False, "= \\infty")),  # (it does not converge)
    ("Evaluating, the integral $= \\infty$.", "No", (True, "= \\infty")),
    ("If it were bounded, the integral $= 2$.", "Yes", None),
    ("It is a $p$-series with $p = 1/2$, so it diverges. For contrast, $\\sum 1/n^2 = \\pi^2/6$.", "No", None),
    # (a claim in words that the value bears out gives the verdict, since round 62; one it does not, the reader reads)
    ("So the integral converges, $= 2$.", "Yes", (True, "= 2")),
    ("So the integral diverges, $= 2$.", "Yes", None),
])
def test_value_verdict(reply, gold, verdict):
    assert value_verdict(reply, gold, IMPROPER) == verdict


@pytest.mark.parametrize("text, said", [
    ("并非不存在", ("exist", True)), ("不止有限个", ("infinite", True)), ("不存在", ("exist", False)),
    ("Either way such a pair exists, though this argument doesn't tell us which.", ("exist", True)),
    ("Either it converges or it diverges.", None), ("so there are arbitrarily large such n", ("infinite", True)),
])
def test_claims_round_49(text, said):
    assert claim(text) == said


QUADS = {"A": "Rectangle", "B": "Parallelogram", "C": "Rhombus", "D": "Trapezoid"}
NOVELS = {"A": "Leo Tolstoy", "B": "Anton Chekhov", "C": "Fyodor Dostoevsky", "D": "Ivan Turgenev"}


@pytest.mark.parametrize("reply, options, letter", [
    ("A rectangle's diagonals are equal but not perpendicular in general. A parallelogram's diagonals just bisect each "
     "other. A trapezoid has no such property. By elimination, the rhombus is the one left.", QUADS, "C"),
    ("By elimination, the rhombus or the trapezoid.", QUADS, None),
    ("The answer is C. Hmm, actually now I'm not sure whether it's C or D — Turgenev also wrote a novel about fathers "
     "and sons.", NOVELS, None),
    ("I was not sure whether it is C or D, but C is right.", NOVELS, "C"),
])
def test_round_48_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round49_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 49 (tests/data/attack_round49_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
