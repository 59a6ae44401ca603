"""Round 63 of the readers (docs/profiles-math.md, "Round 63"; docs/profiles-mc.md, "Round 60"), written from some of
the misses of round 62's blind probes (tests/data/probes_round62.jsonl) after they were scored once as the held-out
measure of round 61, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.normalize import number_words

CIRCLE = ("Can the numbers $1, 2, \\ldots, 10$ be arranged around a circle so that the sum of every two neighbouring "
          "numbers is prime?")
CIRCLE_REPLY = ("Trying $1, 2, 3, 4, 7, 6, 5, 8, 9, 10$: the neighbour sums 3, 5, 7, 11, 13, 11, 13, 17, 19, 11 are all "
                "prime.\n\n**Answer: Yes.**\n\n---\n\n**Problem 2.** Can the numbers $1, 2, \\ldots, 9$ be arranged "
                "the same way?\n\nAnswer: No — two odd numbers must be adjacent.")
NINE = "Does there exist a positive integer $n$ such that $n^2+n+1$ is divisible by $9$?"
FOUR = "Can the product of four consecutive positive integers be a perfect square?"
FOUR_REPLY = "The product is $(n^2+3n+1)^2 - 1$, strictly between two consecutive squares.\n\n"
ROOT_TWO = ("Let $x_1 = 1$ and $x_{n+1} = \\dfrac{x_n}{2} + \\dfrac{1}{x_n}$ for $n \\ge 1$. Does the sequence $(x_n)$ "
            "converge?")
ROOT_TWO_REPLY = ("From $n=2$ on the sequence is decreasing and bounded below by $\\sqrt2$, and its limit satisfies "
                  "$L^2 = 2$.\n\n")
QX = "If $q$ is a nonzero rational number and $x$ is irrational, is $qx$ always irrational?"
PETERSEN = "Is the Petersen graph Hamiltonian?"
CUBE = "Is the function $f(x) = x^3$ uniformly continuous on $\\mathbb{R}$?"
CUBE_REPLY = "For $\\varepsilon = 1$ no $\\delta$ works.\n\nFinal Answer: $f(x)=x^3$ is not uniformly continuous on "
SHAPE = ("In triangle $ABC$, the sides opposite $A, B, C$ are $a, b, c$, and $a\\cos B = b\\cos A$. Determine the shape "
         "of triangle $ABC$.")
PARALLELOGRAM = "A parallelogram is inscribed in a circle. What kind of quadrilateral must it be?"
RIGHT = "In triangle $ABC$, $\\sin^2 A + \\sin^2 B = \\sin^2 C$. What type of triangle is $ABC$?"
CAUCHY = ("Find all continuous functions $f:\\mathbb{R}\\to\\mathbb{R}$ with $f(x+y)=f(x)+f(y)$ for all real $x,y$ and "
          "$f(1)=3$.")
EIGEN = "Find the eigenvalues of the matrix $\\begin{pmatrix}2&1\\\\1&2\\end{pmatrix}$."
EIGEN_REPLY = "The characteristic polynomial is λ² − 4λ + 3 = (λ − 1)(λ − 3), so the eigenvalues are "
COS = "Find the exact value of $\\cos 75^\\circ$."
COS_REPLY = ("<think>\ncos 75° = cos45 cos30 − sin45 sin30 = √6/4 − √2/4.\n\nSo cos 75° = (√6 − √2)/4.\n\nLet me also "
             "try 120° − 45°: cos120 cos45 + sin120 sin45 = −√2/4 + √6/4 = (√6 − √2)/4 ✓. Same result.\n</think>")


@pytest.mark.parametrize("reply, answer, question, status", [
    # a numbered heading closed by a full stop invents a question: what follows it answers that one
    (CIRCLE_REPLY, "Yes", CIRCLE, "correct"),
    (CIRCLE_REPLY.replace("**Answer: Yes.**", "**Answer: No.**"), "Yes", CIRCLE, "wrong"),
    # a kind of number before "with the required property exists" says none exists
    ("So $n^2+n+1 \\equiv 3 \\pmod 9$. Hence $n^2+n+1$ is never a multiple of 9, and no positive integer $n$ with the "
     "required property exists.", "No", NINE, "correct"),
    ("So $n^2+n+1 \\equiv 3 \\pmod 9$ for such $n$, but a positive integer $n$ with the required property exists.", "No",
     NINE, "wrong"),
    # "never" answers "Can ... be ...?" no; "sometimes" yes
    (FOUR_REPLY + "Hence the product of four consecutive positive integers is never a perfect square.", "No", FOUR,
     "correct"),
    (FOUR_REPLY + "Hence the product is sometimes a perfect square.", "No", FOUR, "wrong"),
    (FOUR_REPLY + "Hence the product is sometimes a perfect square.", "Yes", FOUR, "correct"),
    # values listed after the sentence's last copula, in digits or in words
    (EIGEN_REPLY + "3 and 1.", "1, 3", EIGEN, "correct"),
    (EIGEN_REPLY + "three and one.", "1, 3", EIGEN, "correct"),
    (EIGEN_REPLY + "three and two.", "1, 3", EIGEN, "wrong"),
    # (the last copula only where its clause concludes: "..., and the eigenvectors are ..." lists no eigenvalue)
    ("The characteristic polynomial is (λ − 1)(λ − 3), and the eigenvectors are (1, 1) and (1, −1).", "1, 3", EIGEN,
     "wrong"),
    # a unicode prime
    ("Taking logarithms, f′/f = ln x + 1, so\n\nf′(x) = x^x + x^x ln x", "x^x(\\ln x+1)", "Differentiate $f(x)=x^x$.",
     "correct"),
    ("Taking logarithms, f′/f = ln x + 1, so\n\nf′(x) = x^x ln x", "x^x(\\ln x+1)", "Differentiate $f(x)=x^x$.",
     "wrong"),
    # a reasoning block closing on a check that agrees: the conclusion before it
    (COS_REPLY, "\\frac{\\sqrt{6}-\\sqrt{2}}{4}", COS, "correct"),
    (COS_REPLY.replace("So cos 75° = (√6 − √2)/4.", "So cos 75° = (√6 + √2)/4.").replace(
        "= (√6 − √2)/4 ✓", "= (√6 + √2)/4 ✓"), "\\frac{\\sqrt{6}-\\sqrt{2}}{4}", COS, "wrong"),
])
def test_round_63_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, question, gold, other", [
    # a sequence said to converge to a finite value converges
    (ROOT_TWO_REPLY + "**The sequence converges to $\\sqrt{2}$.**", ROOT_TWO, "Yes", "No"),
    # "in every case" is always
    ("Were $qx = r$ rational, $x = r/q$ would be rational.\n\nSo $qx$ is irrational in every case.", QX, "Yes", "No"),
    # another object named by the property asked ("a Hamiltonian path") says nothing of the subject's own
    ("Girth 5 rules out every matching.\n\n**Answer:** It is not Hamiltonian — it has a Hamiltonian path but no "
     "Hamiltonian cycle.", PETERSEN, "No", "Yes"),
    # an answer line, then a concession in brackets on another case
    (CUBE_REPLY + "$\\mathbb{R}$ (though it is uniformly continuous on every bounded interval, being continuous on "
     "compact sets).", CUBE, "No", "Yes"),
    # shapes: a more special one ruled out by "need not be", the subject's own name, a right angle at a vertex
    ("So $A = B$.\n\nSo $ABC$ is isosceles with $a = b$ (it need not be equilateral; $C$ is arbitrary).", SHAPE,
     "Isosceles triangle", "Equilateral triangle"),
    ("Opposite angles are equal and supplementary.\n\nSo the parallelogram must be a rectangle — not necessarily a "
     "square, since any rectangle is cyclic.", PARALLELOGRAM, "Rectangle", "Square"),
    ("The condition is $a^2 + b^2 = c^2$, so $C = 90^\\circ$: the triangle has a right angle at $C$.", RIGHT,
     "Right triangle", "Isosceles triangle"),
    # a function in plain text, then its domain
    ("By continuity and density of the rationals,\n\n**f(x) = 3x for all x ∈ ℝ.**", CAUCHY, "f(x)=3x", "f(x)=2x"),
    # a limit named with where the index goes: the limit, not the index's infinity
    (ROOT_TWO_REPLY + "Therefore $x_n \\to \\sqrt{2}$ as $n \\to \\infty$.", ROOT_TWO, "Yes", "No"),
])
def test_round_63_readings_of_one_reply(reply, question, gold, other):
    """The reply answers ``gold`` and not ``other``: the reading states an answer, not anything at all."""
    assert (_verdict(reply, gold, question), _verdict(reply, other, question)) == ("correct", "wrong")


@pytest.mark.parametrize("words, value", [
    ("three and one", None),  # two numbers, not their sum
    ("one hundred and one", 101),
    ("two and a half", 5 / 2),
    ("two thousand and twenty-four", 2024),
])
def test_and_joins_a_number_only_after_a_scale(words, value):
    assert number_words(words) == value


AXES = {"A": "$y \\propto x$", "B": "$y \\propto x^2$", "C": "$y \\propto e^{x}$", "D": "$y \\propto \\log x$"}
SHADE = {"A": "12", "B": "16", "C": "18", "D": "24"}
PERIODIC = {"A": "$f(x)=\\sin x$", "B": "$f(x)=x^2$", "C": "$f(x)=\\cos 2x$", "D": "$f(x)=\\tan x$"}
CASES = ("It depends on the axes. If the y-axis is logarithmic and the x-axis linear, a straight line means y ∝ e^x, "
         "i.e. C. If both axes are linear, it means y ∝ x (A). Check the tick labels.")


@pytest.mark.parametrize("reply, options, letter", [
    # two cases supposed in two sentences, each naming its option, nothing settled after
    (CASES, AXES, None),
    (CASES + " They are evenly spaced, so the answer is A.", AXES, "A"),
    # a hedge between two options in Chinese
    ("从图上看，阴影部分大约占整个矩形的三分之二到四分之三，矩形面积为 24，所以阴影面积可能是 B 或者 C，我无法准确判断。", SHADE, None),
    ("从图上看，阴影部分大约占整个矩形的三分之二，所以阴影面积是 B。", SHADE, "B"),
    # the one option every other is ruled out for
    ("sin x is periodic but odd. x^2 is even but not periodic. tan x is periodic but odd. That rules out A, B and D.",
     PERIODIC, "C"),
    ("sin x is periodic but odd. x^2 is even but not periodic. That rules out A and B.", PERIODIC, None),
    # an option whose text is met in the reasons, then ruled out by its letter, is no choice
    ("sin x is periodic but odd, so it fails. That rules out A.", PERIODIC, None),
    ("tan x is periodic but odd. That rules out D.", PERIODIC, None),
    ("tan x is periodic but odd. That rules out D, so the answer is C.", PERIODIC, "C"),
])
def test_round_60_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round63_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 63 (tests/data/attack_round63_maths.jsonl): the replies this round reads as
    labelled, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
