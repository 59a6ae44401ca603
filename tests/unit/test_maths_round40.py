"""Round 40 of the readers (docs/profiles-math.md, "Round 40"; docs/profiles-mc.md, "Round 39"), written from round
41's blind probes (tests/data/probes_round41.jsonl) after they were scored once as the held-out measure of round 39,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import equivalent, states_value
from pytest_answerbench.maths.compare.conics import conic_of

INCREASING = "Is the function $f(x)=x^3-3x$ increasing on the interval $(1,\\infty)$?"
PRIMES = "Are there infinitely many primes of the form $4k+3$?"
CURVE = "What curve is the set of complex numbers $z$ with $|z-1|+|z+1|=4$?"
SERIES = "Does $\\sum_{n=1}^{\\infty}\\frac{(-1)^n}{n^2}$ converge absolutely, converge conditionally, or diverge?"
CARMICHAEL = "Is $561$ a prime number?"
INTEGRAL = "Is $\\int_1^{\\infty}\\frac{dx}{x}$ finite?"
ROOT = "Is $f(x)=\\sqrt{x}$ uniformly continuous on $[0,\\infty)$?"
CAUCHY = ("Find all continuous functions $f:\\mathbb{R}\\to\\mathbb{R}$ such that $f(x+y)=f(x)+f(y)$ for all real "
          "$x,y$.")
OSCILLATOR = "Find the general solution of $y''+y=0$."
EXTREMA = "(1) 求函数 $f(x)=x^3-3x$ 的极大值；(2) 求 $f(x)$ 的极小值。"
COMPTON = "Photons are Compton-scattered by free electrons through $90^\\circ$. By how much does their wavelength increase?"
LOOP = "A circular loop of radius $10$ cm carries a current of $2.0$ A. Find the magnetic field at its centre."
REST = "What is the rest energy of an electron?"
NULL_SPACE = "Find a basis for the null space of $A=\\begin{pmatrix}1&1&1\\end{pmatrix}$."
BASIS = "$$\\begin{pmatrix}-1\\\\1\\\\0\\end{pmatrix},\\quad \\begin{pmatrix}%s\\end{pmatrix},$$\nwhich are independent and form a basis."


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # the place "on the interval ...", a relation then the claim, an aside off the question
    ("For $x>1$ both factors are positive, so $f'(x)>0$ and $f$ is strictly increasing on $(1,\\infty)$. (It is "
     "decreasing on $(-1,1)$, but that is not the interval asked about.)", "Yes", INCREASING, "correct", {}),
    ("For $x>1$ the factors have opposite signs, so $f'(x)<0$ and $f$ is decreasing on $(1,\\infty)$.", "Yes",
     INCREASING, "wrong", {}),
    # a proof by contradiction's last step after the opening verdict
    ("Yes — there are infinitely many.\n\nSuppose $p_1,\\dots,p_m$ were all of them and set $N=4p_1\\cdots p_m-1$. "
     "That factor cannot be any $p_i$, a contradiction.", "\\text{Yes, infinitely many}", PRIMES, "correct", {}),
    ("No — there are only finitely many.\n\nSuppose $p_1,\\dots,p_m$ were all of them. That factor cannot be any "
     "$p_i$, a contradiction.", "\\text{Yes, infinitely many}", PRIMES, "wrong", {}),
    # a curve named by its equation
    ("The distances to $1$ and $-1$ add up to $4$, so $a=2$, $c=1$:\n$$\\frac{x^2}{4}+\\frac{y^2}{3}=1.$$",
     "\\text{An ellipse}", CURVE, "correct", {}),
    ("The distances to $1$ and $-1$ differ by $1$, so:\n$$4x^2-\\frac{4y^2}{3}=1.$$", "\\text{An ellipse}", CURVE,
     "wrong", {}),
    # a value nobody asked for after the claim asked
    ("Taking absolute values gives $\\sum 1/n^2$, which converges. Therefore the series converges absolutely. Its "
     "value is $-\\pi^2/12$.", "\\text{Converges absolutely}", SERIES, "correct", {}),
    ("The series of absolute values diverges. Therefore the series converges conditionally. Its value is "
     "$-\\pi^2/12$.", "\\text{Converges absolutely}", SERIES, "wrong", {}),
    # a fact added after the claim
    ("Its digit sum is $12$, so $561=3\\cdot187$. So 561 is **not** prime; in fact it is the smallest Carmichael "
     "number.", "No", CARMICHAEL, "correct", {}),
    ("So 561 is prime; in fact it is the smallest Carmichael number.", "No", CARMICHAEL, "wrong", {}),
    # a closing remark placing the answer in a family
    ("$\\int_1^b \\frac{dx}{x}=\\ln b\\to\\infty$, so the integral is infinite (it diverges). This is the borderline "
     "case $p=1$ of $\\int_1^\\infty x^{-p}dx$, which is finite only for $p>1$.", "\\text{No, it diverges}", INTEGRAL,
     "correct", {}),
    ("$\\int_1^b \\frac{dx}{x}=1-\\frac1b\\to1$, so the integral is finite. This is the borderline case $p=1$ of "
     "$\\int_1^\\infty x^{-p}dx$.", "\\text{No, it diverges}", INTEGRAL, "wrong", {}),
    # a concession naming another property
    ("Take $\\delta=\\varepsilon^2$. Hence $\\sqrt{x}$ is uniformly continuous on $[0,\\infty)$, even though it is not "
     "Lipschitz near $0$.", "Yes", ROOT, "correct", {}),
    ("Hence $\\sqrt{x}$ is not uniformly continuous on $[0,\\infty)$, even though it is continuous near $0$.", "Yes",
     ROOT, "wrong", {}),
    # a where-clause after the domain's letter
    ("By continuity, $f(q)=qf(1)$ extends to all reals.\n\nSo $f(x)=kx$ for all real $x$, where $k=f(1)$ is an "
     "arbitrary real constant.", "f(x)=cx \\text{ for some constant } c", CAUCHY, "correct", {}),
    ("So $f(x)=kx+1$ for all real $x$, where $k=f(1)$ is an arbitrary real constant.",
     "f(x)=cx \\text{ for some constant } c", CAUCHY, "wrong", {}),
    # a general solution under other constants
    ("The roots are $r=\\pm i$. Therefore\n$$y(x)=A\\sin x+B\\cos x,$$\nwith $A,B$ arbitrary constants.",
     "y=C_1\\cos x+C_2\\sin x", OSCILLATOR, "correct", {}),
    ("The roots are $r=\\pm i$. Therefore\n$$y(x)=A\\sin x+B\\cos 2x,$$\nwith $A,B$ arbitrary constants.",
     "y=C_1\\cos x+C_2\\sin x", OSCILLATOR, "wrong", {}),
    # ordered parts stating the function at its point
    ("$f'(x)=3x^2-3=0$，得 $x=\\pm1$。\n\n(1) 在 $x=-1$ 处取极大值 $f(-1)=2$；\n\n(2) 在 $x=1$ 处取极小值 $f(1)=-2$。",
     "(1)\\ 2;\\ (2)\\ -2", EXTREMA, "correct", {}),
    ("$f'(x)=3x^2-3=0$，得 $x=\\pm1$。\n\n(1) 在 $x=1$ 处取极大值 $f(1)=-2$；\n\n(2) 在 $x=-1$ 处取极小值 $f(-1)=2$。",
     "(1)\\ 2;\\ (2)\\ -2", EXTREMA, "wrong", {}),
    # the command after an implication arrow
    ("$$\\Delta\\lambda=\\frac{h}{m_ec}(1-\\cos\\theta),\\quad\\cos90^\\circ=0\\ \\Rightarrow\\ \\Delta\\lambda="
     "\\frac{h}{m_ec}=0.0243\\ \\text{Å}.$$", "2.43\\times10^{-12}\\ \\text{m}", COMPTON, "correct", {}),
    ("$$\\Delta\\lambda=\\frac{h}{m_ec}(1-\\cos\\theta)\\ \\Rightarrow\\ \\Delta\\lambda=0.0486\\ \\text{Å}.$$",
     "2.43\\times10^{-12}\\ \\text{m}", COMPTON, "wrong", {}),
    # one value in two units that agree
    ("$$B=\\frac{\\mu_0I}{2R}=4\\pi\\times10^{-6}\\ \\text{T}\\approx12.6\\ \\mu\\text{T}.$$",
     "1.26\\times10^{-5}\\ \\mathrm{T}", LOOP, "correct", {}),
    ("$$B=\\frac{\\mu_0I}{R}=8\\pi\\times10^{-6}\\ \\text{T}\\approx25.1\\ \\mu\\text{T}.$$",
     "1.26\\times10^{-5}\\ \\mathrm{T}", LOOP, "wrong", {}),
    ("$m_ec^2\\approx8.19\\times10^{-14}$ J, which is 511 keV.", "0.511\\ \\text{MeV}", REST, "correct", {}),
    ("$m_ec^2\\approx8.19\\times10^{-14}$ J, which is 511 keV.", "8.19\\times10^{-14}\\ \\text{J}", REST, "correct", {}),
    ("$m_ec^2\\approx8.19\\times10^{-14}$ J, which is 611 keV.", "0.511\\ \\text{MeV}", REST, "wrong", {}),
    # any basis of the space
    ("The null space is $\\{x_1+x_2+x_3=0\\}$, spanned by\n" + BASIS % "-1\\\\0\\\\1", "\\{(1,-1,0)^T,\\ (1,0,-1)^T\\}",
     NULL_SPACE, "correct", {}),
    ("The null space is $\\{x_1+x_2+x_3=0\\}$, spanned by\n" + BASIS % "1\\\\-1\\\\0", "\\{(1,-1,0)^T,\\ (1,0,-1)^T\\}",
     NULL_SPACE, "wrong", {}),
])
def test_round_40_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


@pytest.mark.parametrize("equation, conic", [
    ("\\frac{x^2}{4}+\\frac{y^2}{3}=1", "ellipse"), ("x^2+y^2=4", "circle"), ("(x-2)^2+(y+3)^2=16", "circle"),
    ("y=x^2+1", "parabola"), ("x^2-y^2=1", "hyperbola"), ("xy=1", "hyperbola"),
    ("x^2+y^2=-4", None), ("x^2-y^2=0", None), ("x+y=1", None), ("x^3+y^2=1", None), ("x^2+z^2=1", None),
])
def test_the_conic_an_equation_draws(equation, conic):
    assert conic_of(equation) == conic


@pytest.mark.parametrize("gold, pred, equal", [
    ("y=C_1\\cos x+C_2\\sin x", "y = A(\\sin x + \\cos x) + B(\\sin x - \\cos x)", True),
    ("y=C_1\\cos x+C_2\\sin x", "y=A\\sin x", False),
    ("y=C_1\\cos x+C_2\\sin x", "y(x)=A\\sin x+B\\cos x + 1", False),
    ("y = C_1 e^{2x} + C_2 e^{3x} + x", "y = Ae^{3x}+Be^{2x}+x+e^{2x}", True),  # a particular solution moved in the family
    ("y = C_1 e^{2x} + C_2 e^{3x} + x", "y = Ae^{3x}+Be^{2x}", False),
])
def test_general_solutions(gold, pred, equal):
    assert equivalent(gold, pred, question="Solve the differential equation.")[0] is equal


@pytest.mark.parametrize("pred, equal", [
    ("(-1,1,0), (-1,0,1)", True), ("(1,-1,0)^T, (0,1,-1)^T", True),
    ("(-1,1,0), (1,-1,0)", False), ("(1,1,1), (1,-1,0)", False), ("(-1,1,0), (-1,0,1), (0,1,-1)", False),
])
def test_any_basis_of_the_space(pred, equal):
    assert equivalent("\\{(1,-1,0)^T,\\ (1,0,-1)^T\\}", pred, question=NULL_SPACE)[0] is equal


RAIN = {"A": "March", "B": "June", "C": "August", "D": "November"}
NUMBERS = {"A": "$0.25$", "B": "$\\sqrt{16}$", "C": "$\\frac{22}{7}$", "D": "$\\sqrt{2}$"}
GASES = {"A": "Hydrogen", "B": "Oxygen", "C": "Chlorine", "D": "Carbon dioxide"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Looking at the bars, the tallest one is above August, reaching roughly 210 mm, well above June's bar.", RAIN, "C"),
    ("$0.25=\\frac14$, $\\sqrt{16}=4$, and $\\frac{22}{7}$ is a ratio of integers. The irrational one is **D. $\\sqrt2$**.",
     NUMBERS, "D"),
    ("$0.25=\\frac14$ and $\\sqrt{16}=4$. The irrational one is **D. $\\frac{22}{7}$**.", NUMBERS, None),
    ("Zn + 2HCl gives ZnCl₂ + H₂, so hydrogen is released; some chlorine may also be given off, so both A and C.", GASES,
     None),
])
def test_round_39_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round40_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 40 (tests/data/attack_round40_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
