"""Round 38 of the readers (docs/profiles-math.md, "Round 38"; docs/profiles-mc.md, "Round 37"), written from round
39's blind probes (tests/data/probes_round39.jsonl) after they were scored once as the held-out measure of round 37,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

BINARY = "Convert $37$ to binary."
LYMAN = ("Using the Rydberg formula with $R=1.097\\times10^{7}\\ \\text{m}^{-1}$, find the wavelength of the hydrogen "
         "Lyman-α line ($n=2\\to1$), to the nearest nanometre.")
BOHR = "Compute the Bohr radius $a_0=\\dfrac{4\\pi\\varepsilon_0\\hbar^2}{m_e e^2}$ to three significant figures."
IONIZE = "How much energy is needed to ionize a hydrogen atom from the $n=2$ state?"
PRESSURE = "Convert a pressure of $1\\ \\text{atm}$ into kilopascals."
PROJECTION = "Find the vector projection of $\\mathbf u=(3,4)$ onto $\\mathbf v=(1,0)$."
HARMONIC = "Is the harmonic series $\\sum_{n=1}^\\infty\\frac1n$ convergent?"
EMPTY = "Is the empty set a subset of every set?"
COMPOSED = "Let $f(x)=ax+b$ with $a>0$ satisfy $f(f(x))=4x+3$ for all $x$. Find $f(x)$."
SQUARE = "正方形一定是菱形吗？"


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # a number = a numeral in base b: the numeral (37 restates the question; it had been accepted: a false accept)
    ("Remainders read upwards.\n\n**37 = 101001₂**", "$100101_2$", BINARY, "wrong", {}),
    ("Remainders read upwards.\n\n**37 = 100101₂**", "$100101_2$", BINARY, "correct", {}),
    # where the value lies in the spectrum, on a line of its own
    ("$$\\lambda=\\frac{1}{8.228\\times10^{6}}\\approx1.215\\times10^{-7}\\ \\text{m}$$\n\nThis lies in the far ultraviolet.",
     "122", LYMAN, "correct", {"unit": "nm", "error": "1"}),
    ("$$\\lambda\\approx1.315\\times10^{-7}\\ \\text{m}$$\n\nThis lies in the far ultraviolet.", "122", LYMAN, "wrong",
     {"unit": "nm", "error": "1"}),
    # a unit after the span inside bold
    ("Plugging in the constants:\n\n**$a_0\\approx5.29\\times10^{-11}$ m**", "0.529", BOHR, "correct",
     {"unit": "Å", "error": "0.001"}),
    ("Plugging in the constants:\n\n**$a_0\\approx5.29\\times10^{-11}$ cm**", "0.529", BOHR, "wrong",
     {"unit": "Å", "error": "0.001"}),
    # "≈" restating the value in another unit, when the two agree
    ("$E_2=-3.40\\ \\text{eV}$.\n$$E_{\\text{ion}}=3.40\\ \\text{eV}\\approx5.45\\times10^{-19}\\ \\text{J}.$$",
     "$3.4\\ \\text{eV}$", IONIZE, "correct", {}),
    ("$E_2=-3.60\\ \\text{eV}$.\n$$E_{\\text{ion}}=3.60\\ \\text{eV}\\approx5.77\\times10^{-19}\\ \\text{J}.$$",
     "$3.4\\ \\text{eV}$", IONIZE, "wrong", {}),
    # one quantity in two units: the right side
    ("By definition,\n\n$$1\\ \\text{atm}=101\\,325\\ \\text{Pa}.$$", "$101.325\\ \\text{kPa}$", PRESSURE, "correct", {}),
    ("By definition,\n\n$$1\\ \\text{atm}=100\\ \\text{kPa}.$$", "$101.325\\ \\text{kPa}$", PRESSURE, "wrong", {}),
    # a chain of formulas closing on an exact constant
    ("$$\\operatorname{proj}_{\\mathbf v}\\mathbf u=\\frac{\\mathbf u\\cdot\\mathbf v}{\\|\\mathbf v\\|^2}\\mathbf v="
     "\\frac{3}{1}(1,0)=\\langle 3,\\,0\\rangle.$$", "$(3,0)$", PROJECTION, "correct", {}),
    ("$$\\operatorname{proj}_{\\mathbf v}\\mathbf u=\\frac{\\mathbf u\\cdot\\mathbf v}{\\|\\mathbf v\\|^2}\\mathbf v="
     "\\langle 0,\\,4\\rangle.$$", "$(3,0)$", PROJECTION, "wrong", {}),
    ("$$a = b+1 = 2+1 = 3.$$", "3", None, "correct", {}),
    # a subject in words the question names
    ("Each bracket contributes at least $\\tfrac12$.\n\n**The harmonic series is divergent.**", "No, it diverges",
     HARMONIC, "correct", {}),
    ("Each bracket contributes at least $\\tfrac12$.\n\n**The harmonic series is convergent.**", "No, it diverges",
     HARMONIC, "wrong", {}),
    # a bare verdict closing the line
    ("There is no $x\\in\\varnothing$ with $x\\notin B$.\n\nHence $\\varnothing\\subseteq B$ for every set $B$. ✅ True.",
     "Yes", EMPTY, "correct", {}),
    ("There is no $x\\in\\varnothing$ with $x\\notin B$.\n\nHence $\\varnothing\\subseteq B$ for every set $B$. ✅ False.",
     "Yes", EMPTY, "wrong", {}),
    # a ticked check with brackets inside brackets
    ("Since $a>0$, $a=2$, and then $b=1$.\n\nSo $f(x)=2x+1$. (Check: $f(f(x))=2(2x+1)+1=4x+3$ ✓)", "$f(x)=2x+1$",
     COMPOSED, "correct", {}),
    ("Since $a>0$, $a=2$, and then $b=3$.\n\nSo $f(x)=2x+3$. (Check: $f(f(x))=2(2x+3)+3=4x+9$ ✓)", "$f(x)=2x+1$",
     COMPOSED, "wrong", {}),
    # the statement a Chinese yes/no question asks, said again or denied
    ("正方形的四条边都相等，所以它满足菱形的定义。\n\n结论：正方形一定是菱形（但反之不成立，菱形不一定是正方形）。", "是", SQUARE,
     "correct", {}),
    ("所以正方形不一定是菱形。", "是", SQUARE, "wrong", {}),
    ("正方形一定不是菱形。", "是", SQUARE, "wrong", {}),  # (had been accepted by the closing description)
    ("正方形一定不是菱形。", "否", SQUARE, "correct", {}),
])
def test_round_38_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


SQUARES = {"A": "50", "B": "60", "C": "70", "D": "80", "E": "81"}
PLANETS = {"A": "Mars", "B": "Jupiter", "C": "Earth", "D": "Venus"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Check each: 7² = 49 and 8² = 64, so 50 and 60 aren't squares; 8² = 64 < 70, 80 < 81 = 9². Only 81 = 9² is a "
     "perfect square.", SQUARES, "E"),
    ("Check each: 50, 60 and 70 are not squares. Only 81 = 9² is a perfect square, and 80 is one as well.", SQUARES,
     None),
    ("Jupiter is by far the largest planet in the solar system — its diameter is about 11 times Earth's.", PLANETS, "B"),
    ("Jupiter is not the largest if you count by density; Earth is the densest and Mars the reddest.", PLANETS, None),
])
def test_round_37_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round38_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 38 (tests/data/attack_round38_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
