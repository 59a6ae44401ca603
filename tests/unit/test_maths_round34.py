"""Round 34 of the readers (docs/profiles-math.md, "Round 34"; docs/profiles-mc.md, "Round 33"), written from round
35's blind probes (tests/data/probes_round35.jsonl) after they were scored once as the held-out measure of round 33,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

VECTORS = "Are the vectors $(1,2,3)$, $(4,5,6)$ and $(7,8,9)$ linearly independent?"
TOTAL = "Is divisibility ($a\\mid b$) a total order on the positive integers?"
NINES = "Is $0.999\\ldots$ (with 9 repeating forever) equal to $1$?"
SURJECTIVE = "Is the map $g:\\mathbb{Z}\\to\\mathbb{Z}$, $g(n)=2n$, surjective?"
LOGS = "Solve $\\log_2 x+\\log_2(x-2)=3$."
HARMONIC = "Does the harmonic series $\\sum_{n=1}^{\\infty}\\frac1n$ converge?"
PRIMES = "Are there finitely many or infinitely many primes of the form $4k+3$?"
INVERSE = "Find the inverse of $f(x)=\\dfrac{2x+1}{x-3}$."
EIGHT = "For which positive integers $n$ is $n^2-1$ divisible by 8?"
POLAR = "Give the modulus and argument $(r,\\theta)$ of $1+i\\sqrt3$."
VERTEX = "Fill in the blanks: the vertex of the parabola $y=x^2-4x+7$ is $(\\_\\_\\_,\\ \\_\\_\\_)$."
ROOT = "Simplify $\\sqrt{50}$."
JORDAN = "Is the matrix $\\begin{pmatrix}1&1\\\\0&1\\end{pmatrix}$ diagonalizable over $\\mathbb{C}$?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # a claim on the way, then the conclusion on the property asked (the opening claim had read "None ..." as No)
    ("None of the three is a scalar multiple of another: the ratios differ. So no vector can be written in terms of "
     "another, and the set is linearly **independent**.", "No", VECTORS, "wrong"),
    ("None of the three is a scalar multiple of another: the ratios differ. So the set is linearly **independent**.",
     "Yes", VECTORS, "correct"),
    # "no" restated with "but not ..."; "yes" with maths after it
    ("2 and 3 are incomparable.\n\nSo no — a partial order, but not a total one.", "No", TOTAL, "correct"),
    ("2 and 3 are incomparable.\n\nSo no — but yes if we restrict to powers of 2.", "No", TOTAL, "wrong"),
    ("Then $9x=9$.\n\nSo yes, $0.\\overline{9}=1$ exactly.", "Yes", NINES, "correct"),
    # the verdict the reply gives the property asked
    ("Injective, yes ($2m=2n\\Rightarrow m=n$). Surjective, no: 1 has no preimage.", "No", SURJECTIVE, "correct"),
    ("Surjective, no: 1 has no preimage. Injective, yes.", "Yes", SURJECTIVE, "wrong"),
    # a bracket rejecting another candidate
    ("Then x = 4 or x = −2.\n\nThe only solution is x = 4 (x = −2 is rejected because the logarithms are undefined "
     "there).", "4", LOGS, "correct"),
    ("Then x = 4 or x = −2.\n\nThe only solution is x = −2 (x = 4 is rejected).", "4", LOGS, "wrong"),
    # diverges to infinity, in English and in Chinese
    ("Group the terms.\n\nHence the harmonic series diverges to $+\\infty$.", "Diverges", HARMONIC, "correct"),
    ("不收敛。\n\n把各项分组：$1+\\frac12+\\left(\\frac13+\\frac14\\right)+\\cdots$，每一组的和都不小于 $\\frac12$，所以部分和可以"
     "超过任意给定的数。因此调和级数发散到 $+\\infty$。", "Diverges", HARMONIC, "correct"),
    ("把各项分组：$1+\\frac12+\\left(\\frac13+\\frac14\\right)+\\cdots$，每一组的和都不小于 $\\frac12$，所以部分和可以超过任意给定的数。"
     "因此调和级数收敛。", "Diverges", HARMONIC, "wrong"),
    # a bold closing claim
    ("Proof by contradiction.\n\n**Conclusion: there are infinitely many primes of the form $4k+3$.**",
     "Infinitely many", PRIMES, "correct"),
    ("Proof by contradiction.\n\n**Conclusion: there are finitely many primes of the form $4k+3$.**",
     "Infinitely many", PRIMES, "wrong"),
    # a domain where the answer is undefined anyway, and one that restricts it
    ("Solve for x.\n\nSo f⁻¹(x) = (3x + 1)/(x − 2), for x ≠ 2.", "f^{-1}(x)=\\frac{3x+1}{x-2}", INVERSE, "correct"),
    ("Solve for x.\n\nSo $f^{-1}(x) = \\frac{3x+1}{x-2}$, for $x \\neq 2$.", "f^{-1}(x)=\\frac{3x+1}{x-2}", INVERSE,
     "correct"),
    ("Solve for x.\n\nSo $f^{-1}(x) = \\frac{3x+1}{x-2}$, for $x \\neq 5$.", "f^{-1}(x)=\\frac{3x+1}{x-2}", INVERSE,
     "wrong"),
    # a set stated as where it works
    ("If $n$ is even, $n^2-1$ is odd.\n\nSo it works exactly for the odd positive integers.", "All odd n", EIGHT,
     "correct"),
    ("If $n$ is even, $n^2-1$ is odd.\n\nSo it works exactly for the even positive integers.", "All odd n", EIGHT,
     "wrong"),
    # a degree mark inside a tuple is still read off the whole answer (which element carried it is lost): unread
    ("$(r,\\theta)=(2,30^\\circ)$.", "(2,\\frac{\\pi}{3})", POLAR, "wrong"),
    # blanks in one pair of brackets: the point
    ("Complete the square: $y=(x-2)^2+3$. The vertex is at $(2,3)$.", "(2,3)", VERTEX, "correct"),
    ("Completing the square, $y=(x-2)^2+3$.\n\nBlank 1: $2$  Blank 2: $3$", "2; 3", VERTEX, "correct"),
    # the question's expression restated, then its value (was a false accept)
    ("<think>\n50 = 25 · 2, so √50 = 5√2.\n</think>\n\nFinal Answer: $\\sqrt{50}\\approx 7.07$", "5\\sqrt{2}", ROOT,
     "wrong"),
    ("So $\\sqrt{3}\\approx 1.732$ is the larger.", "\\sqrt{3}", "Which is larger, $\\sqrt{3}$ or $5/3$?", "correct"),
    ("<think>\n50 = 25 · 2.\n</think>\n\nFinal Answer: $5\\sqrt{2}\\approx 7.07$", "5\\sqrt{2}", ROOT, "correct"),
    # the question's place after the claim
    ("Its eigenspace is one-dimensional.\n\nThere aren't enough independent eigenvectors, so $A$ is not diagonalizable "
     "— over $\\mathbb{C}$ or any other field.", "No", JORDAN, "correct"),
    ("Its eigenspace is one-dimensional.\n\nSo $A$ is diagonalizable over $\\mathbb{C}$.", "No", JORDAN, "wrong"),
])
def test_round_34_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


def test_a_point_of_blanks_in_brackets_is_one_answer():
    from pytest_answerbench.maths.compare.whole import asked_parts, blanks_in_brackets

    assert asked_parts(VERTEX) == 2 and blanks_in_brackets(VERTEX)
    assert not blanks_in_brackets("The sum is ____ and the product is ____.")


AIR = {"A": "Oxygen", "B": "Argon", "C": "Nitrogen", "D": "Carbon dioxide"}
SODIUM = {"A": "S", "B": "Na", "C": "So", "D": "Sd"}
BULBS = {"A": "Bulb 1", "B": "Bulb 2", "C": "Bulb 3", "D": "Bulb 4"}
OXYGEN = {"A": "1s² 2s² 2p³", "B": "1s² 2s² 2p⁶", "C": "1s² 2s² 2p⁵", "D": "1s² 2s² 2p⁴"}
GASES = {"A": "Nitrogen", "B": "Neon", "C": "Fluorine", "D": "Oxygen"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Dry air is roughly 78% nitrogen, 21% oxygen, 0.9% argon and 0.04% CO₂. So it's the third choice in the list.",
     AIR, "C"),
    ("Dry air is roughly 78% nitrogen, 21% oxygen, 0.9% argon and 0.04% CO₂. If it were by mass, it's the third choice.",
     AIR, None),
    ("A — hmm, no, S is sulfur. Sodium comes from the Latin *natrium*, so its symbol is Na: that's option B.", SODIUM,
     "B"),
    ("That's why A is wrong: sodium is Na, so the answer is B.", SODIUM, "B"),
    ("If bulbs 1–3 are in series and bulb 4 sits alone across the source, bulb 4 is the brightest (D); if all four "
     "are in parallel, they glow equally. I'd need the diagram to decide.", BULBS, None),
    ("A has 7 electrons — that's nitrogen. B has 10, neon. C has 9, fluorine. That leaves D, with 8 electrons.", OXYGEN,
     "D"),
    ("A has 7 electrons. D has 8, but so might another. That leaves B and C.", GASES, None),
])
def test_round_33_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", _attack("attack_round34_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attacks_read_as_labelled(case):
    """Two helpers' attacks on round 34 and the physics conventions (tests/data/attack_round34_maths.jsonl): the replies
    the reader before read otherwise than labelled, or a first version of this round did, read as labelled now."""
    assert read_as_labelled(case), case["why"]


def read_as_labelled(case: dict) -> bool:
    """Does the reader read an attack reply as labelled: a multiple-choice one (``options``) its letter, a maths one
    its verdict?"""
    if "options" in case:
        return infer_choice(case["prediction"], case["options"], same_value=states_value).letter == case["label"]
    return _verdict(case["prediction"], case["answer"], case.get("question")) == case["label"]


MINERVA = ("Preamble: Give each of the following quantities to the nearest power of 10 and in the units requested.\n\n"
           "Subproblem 0: Age of our universe when most He nuclei were formed in minutes:\n\n\nSolution: \\boxed{1} "
           "minute.\n\nFinal answer: The final answer is 1. I hope it is correct.\n\nSubproblem 1: Age of our universe "
           "today in Gyr:\n\n\nSolution: \\boxed{10} Gyr.\n\nFinal answer: The final answer is 10. I hope it is correct."
           "\n\nSubproblem 2: Number of stars in our Galaxy: (Please format your answer as 'xen' representing $x * 10^n$)")


@pytest.mark.parametrize("reply, status", [
    # a closing list of one value per subproblem (minerva_math's form, trace_math tm-1339): the last answers the asked
    ("### Subproblem 2\n\nAbout $10^{11}$ stars.\n\n### Final Answer\n\n\\[ \\boxed{1, 10, 10^{11}} \\]", "correct"),
    ("### Final Answer\n\n\\[ \\boxed{1, 10^{11}, 10} \\]", "wrong"),
    ("### Final Answer\n\n\\[ \\boxed{10, 10^{11}} \\]", "wrong"),  # two values for three subproblems: a list
    ("### Final Answer\n\n\\[ \\boxed{1, 10 \\text{ or } 10^{11}} \\]", "wrong"),  # a hedge in the list
])
def test_a_closing_list_over_subproblems_answers_the_last(reply, status):
    assert _verdict(reply, "1e11", MINERVA) == status
