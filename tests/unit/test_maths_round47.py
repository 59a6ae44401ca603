"""Round 47 of the readers (docs/profiles-math.md, "Round 47"; docs/profiles-mc.md, "Round 46"), written from round
48's blind probes (tests/data/probes_round48.jsonl) after they were scored once as the held-out measure of round 46,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.choice.normalize import norm_text
from pytest_answerbench.maths import escapes_restored, states_value
from pytest_answerbench.maths.compare.angles import argument_outside
from pytest_answerbench.maths.naming import alternative_verdict, asks_name, named_verdict

WILES = "Who proved Fermat's Last Theorem?"
CYCLOID = ("What is the name of the plane curve traced by a point on the rim of a circle rolling without slipping along "
           "a straight line?")
CONIC = "Identify the conic $x^2 + 4xy + 4y^2 + x = 1$."
TRIANGLE = "What type of triangle has side lengths 5, 12 and 13 (classify it by its angles)?"
RATIONALS = "Is the set of rational numbers countable or uncountable?"
HARMONIC_ZH = "调和级数 $\\sum_{n=1}^{\\infty}\\frac{1}{n}$ 收敛还是发散？"
PRIME_ONE = "Is 1 a prime number?"
EULER_K6 = "Does the complete graph $K_6$ have an Eulerian circuit?"
GL2 = "Is the group $GL_2(\\mathbb{R})$ of invertible real 2×2 matrices connected (as a subspace of $\\mathbb{R}^4$)?"
VIETA = "Fill in the blanks: the sum of the roots of $x^2 - 7x + 10 = 0$ is ___ and their product is ___."
EIGEN = "Find the eigenvalues of $\\begin{pmatrix}2&1\\\\1&2\\end{pmatrix}$."
LARGER = "Which is larger: $e^\\pi$ or $\\pi^e$?"
TICTACTOE = "In tic-tac-toe with perfect play by both players, who wins?"
HEX = "Write 255 in hexadecimal."
CUBIC = "Find all real $x$ with $x^3 = x$."
INVERSE = "Find the inverse of $A = \\begin{pmatrix}2&1\\\\1&1\\end{pmatrix}$."
OSCILLATOR = "Find the general solution of $y'' + y = 0$."
PRESSURE = "What is the gauge pressure at a depth of 10 m in fresh water? (ρ = 1000 kg/m³, g = 9.8 m/s²)"
POLAR = "Write $-1-i$ in the form $re^{i\\theta}$ with $-\\pi < \\theta \\le \\pi$."


@pytest.mark.parametrize("reply, answer, question, status", [
    # a name asked: the one bold phrase, or a first sentence that is a name
    ("Fermat's Last Theorem was finally proved by **Andrew Wiles**, who announced a proof in 1993; the complete proof "
     "was published in 1995.", "Andrew Wiles", WILES, "correct"),
    ("Fermat's Last Theorem was finally proved by **Richard Taylor**, in 1995.", "Andrew Wiles", WILES, "wrong"),
    ("Euler, in 1736. He showed that no such walk exists.", "Leonhard Euler",
     "Which mathematician solved the Seven Bridges of Königsberg problem?", "correct"),
    ("Gauss, in 1799. He showed that no such walk exists.", "Leonhard Euler",
     "Which mathematician solved the Seven Bridges of Königsberg problem?", "wrong"),
    ("This curve is the **cycloid**.\n\n(Not to be confused with a *trochoid* or an *epicycloid*.)", "Cycloid", CYCLOID,
     "correct"),
    ("This curve is the **trochoid**.", "Cycloid", CYCLOID, "wrong"),
    ("So the equation is $(x+2y)^2 = 1 - x$, and since the quadratic part is a square, the curve degenerates into **a "
     "pair of parallel lines**.", "Parabola", CONIC, "wrong"),
    ("So the equation is $(x+2y)^2 = 1 - x$: the curve is a **parabola**.", "Parabola", CONIC, "correct"),
    ("5² + 12² = 169 = 13². The triangle is **right-angled** (it is also scalene).", "Right triangle", TRIANGLE,
     "correct"),
    ("5² + 12² = 169 = 13². The triangle is not **right-angled**; it is acute.", "Right triangle", TRIANGLE, "wrong"),
    # two alternatives offered: the one in bold, or alone on the first line
    ("Although $\\mathbb{R}$ itself is uncountable, the rationals are **countable**.\n\nOne way to see this: list the "
     "pairs $(p, q)$ along diagonals.", "Countable", RATIONALS, "correct"),
    ("So the rationals are **countable**, although, being dense, they must really be uncountable.", "Countable",
     RATIONALS, "wrong"),  # (the other alternative after the bold: no commitment)
    ("They are **not countable**.", "Countable", RATIONALS, "wrong"),
    ("发散。\n\n虽然通项 1/n → 0，但部分和 H_n ≈ ln n + γ → ∞。", "发散", HARMONIC_ZH, "correct"),
    ("收敛。\n\n虽然通项 1/n → 0。", "发散", HARMONIC_ZH, "wrong"),
    # a verdict under a standard, a remark on the converse, a contrast with another indexed object
    ("Under the modern definition, no. A prime has exactly two divisors, and 1 has only one. (Historically, some "
     "mathematicians did list 1 as prime.)", "No", PRIME_ONE, "correct"),
    ("Under the modern definition, yes.", "No", PRIME_ONE, "wrong"),
    ("Yes.\n\nA continuous function on a closed interval is uniformly continuous, hence integrable.\n\nRemark: the "
     "converse is false — not every Riemann integrable function is continuous.", "Yes",
     "Is every continuous function on [0,1] Riemann integrable? Answer yes or no.", "correct"),
    ("In K₆ every vertex has degree 5, which is odd, so K₆ has none.\n\n(By contrast K₅, where every degree is 4, does "
     "have an Eulerian circuit.)", "No", EULER_K6, "correct"),
    ("In K₆ every vertex has degree 5, so K₆ has one.\n\n(By contrast K₅ does not.)", "No", EULER_K6, "wrong"),
    ("Since ℝ \\ {0} is disconnected, GL₂(ℝ) is not connected. It has exactly two path components, {det > 0} and "
     "{det < 0}, each of which is connected.", "No", GL2, "correct"),
    ("So GL₂(ℝ) is connected.", "No", GL2, "wrong"),
    # blanks after a lead-in, a bracket after them, glosses after listed values, a bold claim's numbers
    ("By Vieta's formulas: sum = 7, product = 10. (The roots are 2 and 5.)", "7; 10", VIETA, "correct"),
    ("By Vieta's formulas: sum = 10, product = 7.", "7; 10", VIETA, "wrong"),
    ("The eigenvalues are λ = 3 (eigenvector (1,1)) and λ = 1 (eigenvector (1,−1)).", "1, 3", EIGEN, "correct"),
    ("The eigenvalues are 3 (eigenvector (1,1)) and 2 (eigenvector (1,−1)).", "1, 3", EIGEN, "wrong"),
    ("**$e^\\pi$ is larger** (numerically $e^\\pi \\approx 23.14$ while $\\pi^e \\approx 22.46$).", "$e^\\pi$", LARGER,
     "correct"),
    ("**$\\pi^e$ is larger** (numerically $e^\\pi \\approx 23.14$ while $\\pi^e \\approx 22.46$).", "$e^\\pi$", LARGER,
     "wrong"),
    ("With optimal play from both sides, tic-tac-toe always ends in a **draw** — neither X nor O can force a win. X can "
     "win only if O makes a mistake.", "Neither; the game is a draw", TICTACTOE, "correct"),
    # notation: a code numeral, a set in plain braces, a listed matrix, constants' domain, a comment after a chain
    ("255 = 15·16 + 15. So 255 = 0xFF (FF₁₆).", "FF", HEX, "correct"),
    ("So 255 is 0xFE.", "FF", HEX, "wrong"),
    ("x³ − x = x(x − 1)(x + 1) = 0, so x ∈ {0, ±1}.", "\\{-1, 0, 1\\}", CUBIC, "correct"),
    ("x³ − x = 0, so x ∈ {0, ±2}.", "\\{-1, 0, 1\\}", CUBIC, "wrong"),
    ("det A = 1, so\n\nA⁻¹ = (1/1)·[[1, −1], [−1, 2]] = [[1, −1], [−1, 2]]",
     "\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}", INVERSE, "correct"),
    ("det A = 1, so\n\nA⁻¹ = (1/1)·[[1, 1], [−1, 2]] = [[1, 1], [−1, 2]]",
     "\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}", INVERSE, "wrong"),
    ("Characteristic equation r² + 1 = 0 gives r = ±i, so\n\ny(x) = A sin x + B cos x,  A, B ∈ ℝ.",
     "y = C_1\\cos x + C_2\\sin x", OSCILLATOR, "correct"),
    ("So the solutions are $x = k\\pi$, $k ∈ ℝ$.", "x = k\\pi, k \\in \\mathbb{Z}", "Solve $\\sin x = 0$.", "wrong"),
    ("p = ρgh = 1000 × 9.8 × 10 = 9.8 × 10⁴ Pa\n\nThat's roughly one extra atmosphere of pressure.", "98 kPa", PRESSURE,
     "correct"),
    ("p = ρgh = 1000 × 9.8 = 9.8 × 10³ Pa\n\nThat's roughly one tenth of an atmosphere.", "98 kPa", PRESSURE, "wrong"),
    ("Adding the equations gives 2x = 6, so x = 3, y = 2.", "(3, 2)",
     "Solve the system $x + y = 5$, $x - y = 1$. Give the answer as $(x, y)$.", "correct"),
    ("Adding the equations gives 2x = 6, so x = 2, y = 3.", "(3, 2)",
     "Solve the system $x + y = 5$, $x - y = 1$. Give the answer as $(x, y)$.", "wrong"),
    ("By Vieta: (1) 7 (2) 10", "7; 10", "(1) Find the sum of the roots of $x^2 - 7x + 10 = 0$. (2) Find their product.",
     "correct"),
    ("By Vieta: (1) 10 (2) 7", "7; 10", "(1) Find the sum of the roots of $x^2 - 7x + 10 = 0$. (2) Find their product.",
     "wrong"),
    ("Andrew Wiles, announced in 1993 and completed in 1995 with Richard Taylor's help.", "Andrew Wiles", WILES,
     "correct"),
    ("That is Brouwer's fixed-point theorem (Brouwer, 1911).", "the Brouwer fixed-point theorem",
     "Which theorem states that every continuous map from a closed disk to itself has a fixed point?", "correct"),
    # an argument outside the range asked
    ("$$-1-i = \\sqrt{2}\\,e^{5\\pi i/4}$$", "\\sqrt{2}e^{-3i\\pi/4}", POLAR, "wrong"),
    ("$$-1-i = \\sqrt{2}\\,e^{-3\\pi i/4}$$", "\\sqrt{2}e^{-3i\\pi/4}", POLAR, "correct"),
    ("$\\sqrt2 e^{5\\pi i/4}$", "\\sqrt{2}e^{-3i\\pi/4}", "Write $-1-i$ in the form $re^{i\\theta}$.", "correct"),
    # LaTeX a JSON writer broke
    ("$$x = -2 + 3i \\quad\text{or}\\quad x = -2 - 3i$$", "-2 \\pm 3i", "Solve $x^2 + 4x + 13 = 0$ over $\\mathbb{C}$.",
     "correct"),
    ("The answer is $\x0crac{1}{2}$.", "\\frac12", None, "correct"),
    ("The answer is $\x0crac{1}{3}$.", "\\frac12", None, "wrong"),
])
def test_round_47_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("text, restored", [
    ("$x \\quad\text{or}$", "$x \\quad\\text{or}$"), ("\x0crac{1}{2}", "\\frac{1}{2}"), ("\x08oxed{3}", "\\boxed{3}"),
    ("\\left(x\right)", "\\left(x\\right)"), ("3 \times 4", "3 \\times 4"),
    ("a\tb", "a\tb"), ("line\r\nnext", "line\r\nnext"), ("x\neq", "x\neq"),  # a tab, a line ending, a line break: kept
])
def test_escapes_a_json_writer_ate_are_restored(text, restored):
    assert escapes_restored(text) == restored


@pytest.mark.parametrize("question, asks", [
    (WILES, True), (CYCLOID, True), (CONIC, True), ("Name the theorem that ...", True),
    ("What is this point called?", True), ("How many primes are there below 20?", False), ("Is 1 prime?", False),
])
def test_questions_asking_a_name(question, asks):
    assert asks_name(question) is asks


@pytest.mark.parametrize("reply, gold, question, verdict", [
    ("So it is **Andrew Wiles**.", "Andrew Wiles", WILES, (True, "Andrew Wiles")),
    ("**Note:** it was **Wiles**.", "Andrew Wiles", WILES, (True, "Wiles")),  # (a bold label is no name)
    ("It was **Wiles**, or perhaps **Taylor**.", "Andrew Wiles", WILES, None),  # two names in bold
    ("It was **not** Gauss: **Wiles** proved it.", "Andrew Wiles", WILES, (True, "Wiles")),  # (emphasis, no name)
    ("The answer: **Wiles**. Final answer: Wiles", "Andrew Wiles", WILES, None),  # an answer line reads it
    ("So it is **Wiles**.", "1995", WILES, None),  # a gold that is no name
    ("So it is **hyperbola**. (Though it could equally be read as a pair of crossing lines.)", "A hyperbola",
     "What type of conic section is $x^2-4y^2=4$?", None),  # another reading offered
])
def test_named_verdict(reply, gold, question, verdict):
    assert named_verdict(reply, gold, question) == verdict


@pytest.mark.parametrize("reply, gold, question, verdict", [
    ("The series **diverges**.", "Diverges", "Does the series converge or diverge?", (True, "diverges")),
    ("The series **fails to converge**.", "Diverges", "Does the series converge or diverge?", (True, "fails to converge")),
    ("They are not **uncountable**.", "Countable", RATIONALS, (True, "uncountable")),  # (of two, the other one)
    ("Although $\\mathbb{C}$ is uncountable, the algebraic numbers are countable: each polynomial has finitely many "
     "roots.", "countable", "Is the set of algebraic numbers countable or uncountable?",
     (True, "the algebraic numbers are countable")),
    ("Although the terms tend to 0, the series still diverges.", "Converges", "Does the series converge or diverge?",
     (False, "the series still diverges")),
    ("Although it looks divergent, the series converges, or perhaps not.", "Converges",
     "Does the series converge or diverge?", None),
    ("A comparison series **diverges**; ours converges.", "Converges", "Does the series converge or diverge?", None),
    ("**假命题。**\n\n设 $a>b$，故命题成立。", "假命题", "命题是真命题还是假命题？", None),  # (in Chinese, no bold read)
    ("Diverges.\n\nWait, actually it converges.", "Diverges", "Does the series converge or diverge?", None),
])
def test_alternative_verdict(reply, gold, question, verdict):
    assert alternative_verdict(reply, gold, question) == verdict


@pytest.mark.parametrize("pred, question, outside", [
    ("\\sqrt2 e^{5\\pi i/4}", POLAR, True), ("\\sqrt2 e^{-3\\pi i/4}", POLAR, False), ("\\sqrt2 e^{i\\pi}", POLAR, False),
    ("e^{-i\\pi}", POLAR, True), ("2e^{7\\pi i/4}", "... with $0 \\le \\theta < 2\\pi$.", False),
    ("2e^{-\\pi i/4}", "... with $0 \\le \\theta < 2\\pi$.", True), ("\\sqrt2 e^{5\\pi i/4}", "Write it as $re^{i\\theta}$.", None),
])
def test_argument_outside_the_range_asked(pred, question, outside):
    assert argument_outside(pred, question) is outside


MOLE = {"A": "kilogram", "B": "kelvin", "C": "candela", "D": "mole"}
ENERGY = {"A": "mv", "B": "$mv^2$", "C": "$\\frac12 mv^2$", "D": "$\\frac12 mv$"}
LOG = {"A": "$x^2 + C$", "B": "$\\ln|x| + C$", "C": "$-\\frac{1}{x^2} + C$", "D": "$e^x + C$"}
FACTORIAL = {"A": "5", "B": "6", "C": "4", "D": "8", "E": "7"}
RENEWABLE = {"A": "Solar", "B": "Wind", "C": "Hydroelectric", "D": "Coal"}


@pytest.mark.parametrize("reply, options, letter", [
    ("(a) First, recall the SI base units: metre, kilogram, second, ampere, kelvin, mole and candela.\n(b) Of these, the "
     "one that measures amount of substance is the mole (symbol mol).", MOLE, "D"),
    ("(a) The base units are metre, kilogram, kelvin, mole and candela.\n(b) Of these, kelvin and mole are both "
     "plausible.", MOLE, None),
    ("(b) Between mv² and ½mv², the work–energy theorem gives the factor ½. So kinetic energy is ½mv².", ENERGY, "C"),
    ("∫ dx/x = ln|x| + C → option b)", LOG, "B"),
    ("∫ dx/x = ln|x| + C", LOG, None),
    ("6! = 720 < 1000 and 7! = 5040 > 1000, so n = 7, i.e. choice E.", FACTORIAL, "E"),
    ("6! = 720 and 7! = 5040, so n = 7.", FACTORIAL, "E"),
    ("6! It is the smallest.", FACTORIAL, "B"),
    ("Solar, wind and hydro are all replenished naturally, which leaves coal, a fossil fuel.", RENEWABLE, "D"),
    ("Solar, wind and hydro are all replenished naturally.", RENEWABLE, None),
    ("Solar, wind and hydro are all renewable, which leaves coal, a fossil fuel.",
     {"A": "Solar", "B": "Wind", "C": "Hydro", "D": "Coal"}, "D"),
    ("log_10(1000) = log_10(10^3) ⇒ B", {"A": "2", "B": "3", "C": "4", "D": "10"}, "B"),
])
def test_round_46_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


def test_a_vulgar_half_reads_as_the_fraction_an_option_writes():
    assert norm_text("½mv²") == norm_text("$\\frac12 mv^2$") == "1/2 mv^2"


@pytest.mark.parametrize("case", attack_cases("attack_round47_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 47 (tests/data/attack_round47_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
