"""Round 39 of the readers (docs/profiles-math.md, "Round 39"; docs/profiles-mc.md, "Round 38"), written from round
40's blind probes (tests/data/probes_round40.jsonl) after they were scored once as the held-out measure of round 38,
and from two rows of the reasoning-era corpus (trace_math tm-1376, tm-1447), each reading beside the near miss it keeps
as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import equivalent, states_value

CYCLIC = "15 阶群是否一定是循环群？"
SYMMETRIC = "每个实对称矩阵都可以对角化吗？"
POWER_SET = "自然数集 $\\mathbb{N}$ 的全体子集构成的集合（幂集）是可数集吗？"
SINE = "True or false: $\\sin x \\le x$ for all real numbers $x$."
LIMIT = "Does $\\lim_{x\\to 0} x\\sin(1/x)$ exist? If so, find it."
PLANAR = "Is the complete graph $K_5$ planar?"
STONES = ("Alice and Bob play a game with a pile of 2024 stones. Starting with Alice, they alternately remove 1, 2, or 3 "
          "stones. The player who takes the last stone wins. Who has a winning strategy?")
VERTEX = "Find the vertex $(h,k)$ of the parabola $y = x^2 - 6x + 11$."
INVERSE = "Find the inverse of the matrix $A=\\begin{pmatrix}2&1\\\\1&1\\end{pmatrix}$."
CHARGES = ("Two equal point charges $+q$ are placed at $(1,0)$ and $(-1,0)$ (distances in metres). What is the electric "
           "field at the origin?")
BRAKE = "A $1500\\ \\text{kg}$ car decelerates uniformly at $3\\ \\text{m/s}^2$. What is the magnitude of the braking force?"
EVEN = "For which positive integers $n$ is $n^2 + n$ even?"
ODD = "For which positive integers $n$ is $2^n + 1$ divisible by $3$?"
CAUCHY = ("Find all continuous functions $f:\\mathbb{R}\\to\\mathbb{R}$ such that $f(x+y)=f(x)+f(y)$ for all real "
          "$x,y$.")
LOCUS = "Describe the set of complex numbers $z$ satisfying $|z-1|+|z+1| = 4$."
FORCES = ("Two forces act on a particle: $1\\ \\text{N}$ due east and $\\sqrt{3}\\ \\text{N}$ due north. Find the magnitude "
          "and direction of the resultant force.")
EIGEN = ("Three matrices $M_x, M_y, M_z$, each with 256 rows and columns, obey $[M_x, M_y] = i M_z$ (cyclically). State "
         "the 256 eigenvalues of the matrix $M^2 = M_x^2 + M_y^2 + M_z^2$.")
SHIFT = ("A spin-$\\frac{1}{2}$ particle moves in the potential $V = \\frac{1}{2}m\\omega^2r^2$ with an interaction "
         "$\\lambda \\mathbf{\\sigma} \\cdot \\mathbf{r}$. Compute the shift of the ground state energy through second "
         "order in the perturbation.")
BOXES = "\\[\n\\boxed{0}, \\quad \\boxed{\\frac{3}{4}}, \\quad \\boxed{2}, \\quad \\boxed{\\frac{15}{4}}, \\quad \\boxed{6}\n\\]\n\n"
MULTIPLICITIES = "\\{6: 5, \\, \\frac{15}{4}: 32, \\, 2: 81, \\, \\frac{3}{4}: 96, \\, 0: 42\\}"
SECOND_ORDER = ("The unperturbed Hamiltonian has a ground state energy of \\(\\frac{3}{2}\\hbar\\omega\\). The first-order "
                "shift vanishes.\n\nThus the second-order energy shift of the ground state is:\n\\[\n\\boxed{%s}\n\\]")


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # a Chinese verdict after a label, then the question's claim said again
    ("设 $G$ 是 15 阶群，$15 = 3 \\times 5$。\n\n**结论：是的，任何 15 阶群都是循环群。**", "是", CYCLIC, "correct", {}),
    ("设 $G$ 是 15 阶群，$15 = 3 \\times 5$。\n\n**结论：是的，任何 16 阶群都是循环群。**", "是", CYCLIC, "wrong", {}),
    ("设 $G$ 是 15 阶群，$15 = 3 \\times 5$。\n\n**结论：不是，15 阶群都不是循环群。**", "是", CYCLIC, "wrong", {}),
    ("结论：是的。", "是", CYCLIC, "correct", {}),
    # 能 for 可以 in a statement said again
    ("由谱定理。\n\n所以每个实对称矩阵都能（正交）对角化。", "是", SYMMETRIC, "correct", {}),
    ("由谱定理。\n\n所以每个实对称矩阵都不能对角化。", "是", SYMMETRIC, "wrong", {}),
    # a Chinese gold with its reason in brackets
    ("用对角线法。\n\n所以幂集**不是可数集**，它是不可数的。", "不是（不可数）", POWER_SET, "correct", {}),
    ("用对角线法。\n\n所以幂集是可数集。", "不是（不可数）", POWER_SET, "wrong", {}),
    # a bracket saying what holds instead, after a false verdict
    ("For negative $x$ it fails.\n\nThe statement is **false** (what is true for all $x$ is $|\\sin x| \\le |x|$).",
     "False", SINE, "correct", {}),
    ("For negative $x$ it fails.\n\nThe statement is true (what is true for all $x$ is $|\\sin x| \\le |x|$).",
     "False", SINE, "wrong", {}),
    # yes and the value asked "if so": the value alone says yes
    ("By the squeeze theorem the limit exists and equals $0$.", "Yes, it equals 0", LIMIT, "correct", {}),
    ("By the squeeze theorem the limit is $1$.", "Yes, it equals 0", LIMIT, "wrong", {}),
    ("The limit does not exist.", "Yes, it equals 0", LIMIT, "wrong", {}),
    # a digit inside a name the question writes
    ("Since $10 > 9$, it cannot be planar.\n\nAnswer: $K_5$ is **non-planar**.", "No", PLANAR, "correct", {}),
    ("Since $10 > 9$, it cannot be planar.\n\nAnswer: $K_5$ is planar.", "No", PLANAR, "wrong", {}),
    # "Starting with Alice" at a sentence's start says who moves first
    ("Multiples of 4 lose for the mover.\n\n**The second player has the winning strategy.**", "Bob", STONES, "correct", {}),
    ("Multiples of 4 lose for the mover.\n\n**The first player has the winning strategy.**", "Bob", STONES, "wrong", {}),
    # a heading naming a step is no shape
    ("Complete the square:\n$$y = (x-3)^2 + 2.$$\nSo the vertex is at $(3, 2)$.", "$(3,2)$", VERTEX, "correct", {}),
    ("Complete the square:\n$$y = (x-3)^2 + 2.$$\nSo the vertex is at $(2, 3)$.", "$(3,2)$", VERTEX, "wrong", {}),
    # a chain of matrices: the last
    ("$\\det A = 1$, so\n$$A^{-1} = \\frac{1}{1}\\begin{bmatrix}1 & -1\\\\ -1 & 2\\end{bmatrix} = "
     "\\begin{bmatrix}1 & -1\\\\ -1 & 2\\end{bmatrix}.$$", "$\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}$", INVERSE,
     "correct", {}),
    ("$\\det A = 1$, so\n$$A^{-1} = \\frac{1}{1}\\begin{bmatrix}1 & 1\\\\ -1 & 2\\end{bmatrix} = "
     "\\begin{bmatrix}1 & 1\\\\ -1 & 2\\end{bmatrix}.$$", "$\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}$", INVERSE,
     "wrong", {}),
    # a gold value glossed in words
    ("The two fields cancel:\n\n$$\\vec E(0,0) = \\vec 0.$$", "$\\vec{0}$ (zero)", CHARGES, "correct", {}),
    ("The two fields add:\n\n$$\\vec E(0,0) = 2kq\\,\\hat x.$$", "$\\vec{0}$ (zero)", CHARGES, "wrong", {}),
    # a display closed by a comma, its sentence's tail on the next line
    ("$$F = ma = 1500\\ \\text{kg} \\times 3\\ \\text{m/s}^2 = 4500\\ \\text{N},$$\ndirected opposite to the car's motion.",
     "4.5", BRAKE, "correct", {"unit": "kN"}),
    ("$$F = ma = 1500\\ \\text{kg} \\times 2\\ \\text{m/s}^2 = 3000\\ \\text{N},$$\ndirected opposite to the car's motion.",
     "4.5", BRAKE, "wrong", {"unit": "kN"}),
    # "for **every** positive integer"
    ("$n^2+n = n(n+1)$.\n\nSo $n^2+n$ is even for **every** positive integer $n$.", "For all positive integers $n$",
     EVEN, "correct", {}),
    ("$n^2+n = n(n+1)$.\n\nSo $n^2+n$ is even for **every** positive integer $n$ except $n = 1$.",
     "For all positive integers $n$", EVEN, "wrong", {}),
    # the condition after "iff"
    ("$2^n+1 \\equiv (-1)^n + 1 \\pmod 3$.\n\nAnswer: $3 \\mid 2^n+1 \\iff n \\equiv 1 \\pmod 2$.", "Exactly the odd $n$",
     ODD, "correct", {}),
    ("$2^n+1 \\equiv (-1)^n + 1 \\pmod 3$.\n\nAnswer: $3 \\mid 2^n+1 \\iff n \\equiv 0 \\pmod 2$.", "Exactly the odd $n$",
     ODD, "wrong", {}),
    # a where-clause naming an arbitrary constant
    ("So the solutions are exactly the linear functions $f(x) = kx$, where $k = f(1)$ is an arbitrary real constant.",
     "$f(x)=cx$ for some constant $c\\in\\mathbb{R}$", CAUCHY, "correct", {}),
    ("So the solutions are exactly the functions $f(x) = kx^2$, where $k = f(1)$ is an arbitrary real constant.",
     "$f(x)=cx$ for some constant $c\\in\\mathbb{R}$", CAUCHY, "wrong", {}),
    # a gold naming a curve, then its equation
    ("So the locus is an ellipse with $a = 2$, $b^2 = 3$:\n$$\\frac{x^2}{4} + \\frac{y^2}{3} = 1.$$",
     "An ellipse with foci $\\pm 1$: $\\frac{x^2}{4}+\\frac{y^2}{3}=1$", LOCUS, "correct", {}),
    ("So the locus is an ellipse:\n$$\\frac{x^2}{4} + \\frac{y^2}{5} = 1.$$",
     "An ellipse with foci $\\pm 1$: $\\frac{x^2}{4}+\\frac{y^2}{3}=1$", LOCUS, "wrong", {}),
    # a magnitude and a compass direction, as a bearing
    ("$|F| = 2$ N and $\\arctan(1/\\sqrt3) = 30^\\circ$.\n\n**Resultant: 2 N, directed 30° east of north.**",
     "$2\\ \\text{N}$, $60^\\circ$ north of east", FORCES, "correct", {}),
    ("$|F| = 2$ N and $\\arctan(1/\\sqrt3) = 30^\\circ$.\n\n**Resultant: 2 N, directed 30° north of east.**",
     "$2\\ \\text{N}$, $60^\\circ$ north of east", FORCES, "wrong", {}),
    # several boxes, then their multiplicities in turn
    ("Thus the eigenvalues of $M^2$ are:\n\n" + BOXES + "with respective multiplicities 42, 96, 81, 32, and 5.",
     MULTIPLICITIES, EIGEN, "correct", {}),
    ("Thus the eigenvalues of $M^2$ are:\n\n" + BOXES + "with respective multiplicities 42, 96, 81, 5, and 32.",
     MULTIPLICITIES, EIGEN, "wrong", {}),
    # the shift asked, the gold the total: the unperturbed value the reply names makes up the difference
    (SECOND_ORDER % "-\\dfrac{3\\lambda^2}{2m\\omega^2}", "\\frac{3}{2} \\hbar \\omega - \\frac{3 \\lambda^2}{2m \\omega^2}",
     SHIFT, "correct", {}),
    (SECOND_ORDER % "-\\dfrac{\\lambda^2}{2m\\omega^2}", "\\frac{3}{2} \\hbar \\omega - \\frac{3 \\lambda^2}{2m \\omega^2}",
     SHIFT, "wrong", {}),
    (SECOND_ORDER.replace("ground state energy", "total spread") % "-\\dfrac{3\\lambda^2}{2m\\omega^2}",
     "\\frac{3}{2} \\hbar \\omega - \\frac{3 \\lambda^2}{2m \\omega^2}", SHIFT, "wrong", {}),
])
def test_round_39_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


def test_the_shift_reading_is_the_same_in_imo():
    from pytest_answerbench import score_row

    row = {"Problem ID": "1", "Problem": SHIFT, "Short Answer": "\\frac{3}{2} \\hbar \\omega - \\frac{3 \\lambda^2}{2m \\omega^2}",
           "prediction": SECOND_ORDER % "-\\dfrac{3\\lambda^2}{2m\\omega^2}"}
    assert score_row("imo", row, profile="default").status == "correct"


@pytest.mark.parametrize("gold, pred, equal", [
    ("$2\\ \\text{N}$, $60^\\circ$ north of east", "2 N, 30° east of north", True),
    ("$2\\ \\text{N}$, $60^\\circ$ north of east", "2 N, 60° east of north", False),
    ("$2\\ \\text{N}$, $30^\\circ$ south of west", "2 N, 60° west of south", True),
    ("$2\\ \\text{N}$, $30^\\circ$ south of west", "2 N, 30° west of south", False),
    ("$5$ (five)", "5", True),
    ("$5$ (six)", "5", False),
    ("Yes (it converges conditionally)", "the series converges absolutely", False),  # (no number gloss)
])
def test_bearings_and_glossed_values(gold, pred, equal):
    assert equivalent(gold, pred)[0] is equal


BOTH = {"A": "1", "B": "2", "C": "3", "D": "Both 1 and 2"}
STATEMENTS = {"A": "I only", "B": "II only", "C": "Both I and II", "D": "Neither I nor II"}
POWERS = {"A": "0", "B": "1", "C": "2", "D": "10"}
GROWTH = {"A": "Linear", "B": "Quadratic", "C": "Exponential", "D": "Logarithmic"}


@pytest.mark.parametrize("reply, options, letter", [
    ("The roots are $x = 1$ and $x = 2$.\n\nBoth **A** and **B** are solutions of the equation.", BOTH, "D"),
    ("The roots are $x = 1$ and $x = 3$.\n\nBoth **A** and **C** are solutions of the equation.", BOTH, None),
    ("Statement I is true. Statement II is also true.\n\nBoth statements are true.", STATEMENTS, "C"),
    ("Statement I is true. Statement II is false.\n\nBoth statements are not true.", STATEMENTS, None),
    ("By Fermat, $2^{10} \\equiv 1 \\pmod{11}$ (indeed $1024 = 11\\cdot 93 + 1$).\n\n$\\textbf{(B)}\\ 1$", POWERS, "B"),
    ("If the axis is logarithmic, the answer would be C. If instead it is linear, the model would be linear (A).\n\n"
     "Without being able to check the axis scale, I can only describe these two cases.", GROWTH, None),
])
def test_round_38_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round39_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 39 (tests/data/attack_round39_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
