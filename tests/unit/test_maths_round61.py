"""Round 61 of the readers (docs/profiles-math.md, "Round 61"; docs/profiles-mc.md, "Round 59"), written from the misses
of round 60's blind probes (tests/data/probes_round60.jsonl) left unread in round 60, after they were scored once as
the held-out measure of round 59, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice

ALTITUDES = "What is the name of the point where the three altitudes of a triangle meet?"
PELL = "Does the equation x² − 2y² = 1 have finitely many or infinitely many solutions in positive integers?"
TWICE = "Is there a continuous function f: ℝ → ℝ that takes every real value exactly twice?"
CURRENT = "A 3.0 V battery is connected across a 1.5 kΩ resistor. What current flows?"
EXPONENTIAL = "Solve 4^x − 6·2^x + 8 = 0."
INVERSE = "Find the inverse of f(x) = (2x + 1)/(x − 3) and state its domain."
VERTEX = "Find the coordinates of the vertex of the parabola y = 2x² − 6x + 1."
UNIT_VECTOR = "Find the unit vector in the direction of $\\mathbf{v} = (3, 4)$."
RATIONAL = "Solve the inequality $\\dfrac{x-1}{x+2} \\ge 0$."
SERIES = ("Determine whether the series $\\displaystyle\\sum_{n=1}^{\\infty} \\frac{(-1)^n}{\\sqrt{n}}$ converges "
          "absolutely, converges conditionally, or diverges.")
HARMONIC = "Is the sequence of harmonic numbers $H_n = 1 + \\frac12 + \\cdots + \\frac1n$ bounded or unbounded?"

PELL_REPLY = ("## Answer\nThere are **infinitely many** solutions.\n\n## Why\nThe fundamental solution is (3, 2); all "
              "solutions come from $(3 + 2\\sqrt2)^k$.\n\nSince $(3 + 2\\sqrt2)^k$ grows without bound, these solutions are "
              "pairwise distinct, so the family never ends.")
TWICE_REPLY = ("</think>\n\n**No.** No continuous function on ℝ takes every value exactly twice.\n\nSketch: the maximum on "
               "[a, b] is taken either once or twice, and either way some value is taken a wrong number of times.\n\n"
               "(By contrast, continuous functions taking every value exactly three times do exist.)")
ROOTS = ("Let $t = 2^x$. Then $(t-2)(t-4) = 0$.\n\n- $2^x = 2 \\Rightarrow \\boxed{x = 1}$\n"
         "- $2^x = 4 \\Rightarrow \\boxed{x = 2}$")
INVERSE_REPLY = ("Swapping $x$ and $y$:\n\n$$f^{-1}(x) = \\frac{3x+1}{x-2},\\qquad x \\in \\mathbb{R}\\setminus\\{2\\}.$$\n\n"
                 "(The value 2 is excluded because it is the horizontal asymptote of $f$, so $f$ never takes it.)")
HARMONIC_REPLY = ("H_{2^k} ≥ 1 + k/2.\nAs k → ∞ the right-hand side → ∞, so H_n is not bounded above (though it is bounded "
                  "below by 1).\nIn fact H_n grows like ln n.")


@pytest.mark.parametrize("reply, answer, question, status", [
    # a name in British spelling, with other centres named in a remark after it
    ("Their common point is called the **orthocentre** (usually denoted H).\n\nIt lies on the Euler line together "
     "with the centroid G and the circumcentre O.", "Orthocenter", ALTITUDES, "correct"),
    ("Their common point is called the **circumcentre**.\n\nIt lies on the Euler line.", "Orthocenter", ALTITUDES,
     "wrong"),
    # a bold alternative opening a section headed as the answer; its reasons may conclude, not name the other or turn
    (PELL_REPLY, "Infinitely many", PELL, "correct"),
    (PELL_REPLY.replace("so the family never ends.", "so, wait, there are only finitely many."), "Infinitely many",
     PELL, "wrong"),
    (PELL_REPLY.replace("## Answer\n", ""), "Infinitely many", PELL, "wrong"),  # (no heading: a later "so" as before)
    # a contrast aside in brackets on another count than the question's
    (TWICE_REPLY, "No", TWICE, "correct"),
    (TWICE_REPLY.replace("exactly three times", "exactly twice"), "No", TWICE, "wrong"),
    # a value in E notation restated in brackets in another unit: one value
    ("I = 3.0 / 1500 = 0.002\n\nSo I = 2e-3 A (2 mA).", "2\\times10^{-3}", CURRENT, "correct"),
    ("I = 3.0 / 1500 = 0.002\n\nSo I = 2e-3 A (3 mA).", "2\\times10^{-3}", CURRENT, "wrong"),
    # boxes closing a bulleted list, each naming the same unknown: all the roots
    (ROOTS, "1, 2", EXPONENTIAL, "correct"),
    (ROOTS, "2", EXPONENTIAL, "wrong"),
    (ROOTS.replace("\\boxed{x = 1}", "\\boxed{y = 1}"), "1, 2", EXPONENTIAL, "wrong"),
    (ROOTS + "\n\nOnly $x = 2$ satisfies the original equation.", "1, 2", EXPONENTIAL, "wrong"),
    # a domain excluding the point where the function is undefined, and a closing reason in brackets
    (INVERSE_REPLY, "f^{-1}(x) = \\frac{3x+1}{x-2},\\ x \\neq 2", INVERSE, "correct"),
    (INVERSE_REPLY.replace("\\{2\\}", "\\{3\\}"), "f^{-1}(x) = \\frac{3x+1}{x-2},\\ x \\neq 2", INVERSE, "wrong"),
    # a gold tuple written with \left( \right); a vector over its length names the quantity
    ("Then $y = -3.5$.\n\n**Vertex: (1.5, −3.5)**", "\\left(\\frac{3}{2}, -\\frac{7}{2}\\right)", VERTEX, "correct"),
    ("Then $y = -3.5$.\n\n**Vertex: (1.5, −3.4)**", "\\left(\\frac{3}{2}, -\\frac{7}{2}\\right)", VERTEX, "wrong"),
    ("|v| = 5, so the unit vector is v/|v| = (0.6, 0.8).", "\\left(\\frac{3}{5}, \\frac{4}{5}\\right)", UNIT_VECTOR,
     "correct"),
    ("|v| = 5, so the unit vector is v/|v| = (0.6, 0.7).", "\\left(\\frac{3}{5}, \\frac{4}{5}\\right)", UNIT_VECTOR,
     "wrong"),
    # two conditions on one letter joined by "or" on an answer line: their union
    ("**Final Answer**\n\nThe solution set is $x < -2$ or $x \\ge 1$.", "(-\\infty,-2)\\cup[1,\\infty)", RATIONAL,
     "correct"),
    ("Final Answer: $x < -2$ or $x \\ge 3$", "(-\\infty,-2)\\cup[1,\\infty)", RATIONAL, "wrong"),
    ("Final Answer: $x < -2$ or maybe $x \\ge 1$", "(-\\infty,-2)\\cup[1,\\infty)", RATIONAL, "wrong"),
    # an answer line in words, then its reason in brackets holding a formula
    ("**Final Answer**\n\nThe series converges conditionally (it converges by the alternating series test, but "
     "$\\sum 1/\\sqrt{n}$ diverges).", "converges conditionally", SERIES, "correct"),
    ("**Final Answer**\n\nThe series converges conditionally (or maybe absolutely).", "converges conditionally", SERIES,
     "wrong"),
    # a closing denial of one of two complementary alternatives, one remark naming neither after it
    (HARMONIC_REPLY, "Unbounded", HARMONIC, "correct"),
    (HARMONIC_REPLY.replace("not bounded above", "bounded above"), "Unbounded", HARMONIC, "wrong"),
    (HARMONIC_REPLY.replace("In fact H_n grows like ln n.", "Wait, it is bounded."), "Unbounded", HARMONIC, "wrong"),
    # (found by the attack) the centre of another triangle than the one asked about; overlapping rays joined by "or"
    # are their union, every real number; a set difference written with a minus sign
    ("So the incenter of $DEF$ is the **orthocentre** of triangle $DEF$.", "Orthocenter",
     "Which classical centre of triangle ABC is the incenter of its orthic triangle DEF?", "wrong"),
    ("So the incenter of $DEF$ is the **orthocentre** of triangle $ABC$.", "Orthocenter",
     "Which classical centre of triangle ABC is the incenter of its orthic triangle DEF?", "correct"),
    ("Between the roots.\n\nThe solution set is $x > -2$ or $x < 2$.", "(-2, 2)", "Solve $x^2 - 4 < 0$.", "wrong"),
    (INVERSE_REPLY.replace("\\setminus", " - "), "f^{-1}(x) = \\frac{3x+1}{x-2},\\ x \\neq 2", INVERSE, "correct"),
    (PELL_REPLY.replace("so the family never ends.", "so the family never ends. On closer inspection, though, they "
                        "repeat."), "Infinitely many", PELL, "wrong"),
])
def test_round_61_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


CHANGES = {"A": "Rusting iron", "B": "Burning wood", "C": "Baking a cake", "D": "Melting ice"}


@pytest.mark.parametrize("reply, letter", [
    # options' texts listed as one subject choose none of them, however long the list
    ("Rusting iron, burning wood and baking a cake all involve new substances being formed, so all of these except "
     "melting ice are chemical changes.", None),
    ("Burning wood, rusting iron and baking a cake all involve new substances being formed.", None),
    ("Rusting iron, because it forms iron oxide, a new substance.", "A"),  # (one option, then its reason)
])
def test_options_listed_as_one_subject_choose_none(reply, letter):
    assert infer_choice(reply, CHANGES).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round61_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 61 (tests/data/attack_round61_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
