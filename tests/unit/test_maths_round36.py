"""Round 36 of the readers (docs/profiles-math.md, "Round 36"), written from round 37's blind probes
(tests/data/probes_round37.jsonl) after they were scored once as the held-out measure of round 35, each reading
beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.maths.units import read_unit, unit_at

REMAINDER = "Find the remainder when $3^{100}$ is divided by 7."
BRAKING = ("A car travelling at 108 km/h brakes uniformly to rest in 5.0 s. What is the magnitude of its "
           "deceleration?")
LINES = "Are the lines $L_1:\\ (1,0,0)+t(1,1,0)$ and $L_2:\\ (0,1,1)+s(1,-1,0)$ parallel, intersecting, or skew?"
TORUS = "Is the Euler characteristic of the torus equal to zero?"
OSCILLATING = "Let $f(x)=\\sin(1/x)$ for $x\\ne0$ and $f(0)=0$. Is $f$ continuous at $0$?"
SURJECTION = "Does there exist a continuous surjection from $[0,1]$ onto $(0,1)$?"
QUINTIC = "方程 $x^5-x+1=0$ 是否有实数根？"
REGULAR = "Does there exist a simple graph on 5 vertices in which every vertex has degree 3?"
PRIMES = "Does $\\sum_{p\\text{ prime}}\\frac1p$ converge?"
TRIANGLES = ("Triangle $ABC$ has sides 3, 4, 5 and triangle $DEF$ has sides 6, 8, 10. Are the triangles congruent, "
             "similar but not congruent, or neither?")
BOHR = "Estimate the magnetic energy $\\mu_B B$ of an electron's magnetic moment in a field of 1.00 T."
SEQUENCE = ("In an arithmetic sequence, $a_1=3$ and the common difference is $4$. (1) Find $a_{10}$. (2) Find "
            "$S_{10}$, the sum of the first 10 terms.")
MERSENNE = "For which positive integers $n$ is $2^n-1$ divisible by 3?"
CUBES = "For which integers $n$ is $n^3-n$ divisible by 6?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # the value an expression comes to, after "which is"
    ("Since $3^6\\equiv1\\pmod 7$ and $100=6\\cdot16+4$, the remainder is $3^4 \\bmod 7$, which is 4.", "4", REMAINDER,
     "correct"),
    ("Since $3^6\\equiv1\\pmod 7$ and $100=6\\cdot16+4$, the remainder is $3^4 \\bmod 7$, which is 4.", "3", REMAINDER,
     "wrong"),
    ("The remainder is $3^4 \\bmod 7$, which is probably 4.", "4", REMAINDER, "wrong"),
    # a rough restatement in brackets in another unit; powers written in superscripts
    ("108 km/h ÷ 3.6 = 30 m/s. a = Δv/Δt = 30/5.0 = 6.0 m s⁻².\n\nSo the car decelerates at about 6.0 m·s⁻² (roughly "
     "0.61 g).", "6\\ \\text{m/s}^2", BRAKING, "correct"),
    ("So the car decelerates at about 7.0 m·s⁻² (roughly 0.71 g).", "6\\ \\text{m/s}^2", BRAKING, "wrong"),
    ("It decelerates at 6.0 m s⁻².", "6\\ \\text{m/s}^2", BRAKING, "correct"),
    # the one offered word in bold, the others denied by "non-"
    ("Every point of $L_1$ has $z=0$ while every point of $L_2$ has $z=1$, so they never meet. Non-parallel and "
     "non-intersecting: **skew**.", "skew", LINES, "correct"),
    ("Every point of $L_1$ has $z=0$ while every point of $L_2$ has $z=1$, so they never meet. Non-parallel and "
     "non-intersecting: **skew**.", "intersecting", LINES, "wrong"),
    # a comparison in brackets on another object
    ("Use the square with opposite sides identified: $\\chi=1-2+1=0$.\n\nYes — it's 0 (for comparison, the sphere has "
     "$\\chi=2$).", "Yes", TORUS, "correct"),
    ("Use the square with opposite sides identified: $\\chi=1-2+1=0$.\n\nYes — it's 0 (for comparison, the sphere has "
     "$\\chi=2$).", "No", TORUS, "wrong"),
    # a change supposed by its gerund, in brackets
    ("Take $x_n=\\frac{1}{\\pi/2+2\\pi n}\\to0$; $f(x_n)=1$. So $f$ is not continuous at 0 — the oscillation never "
     "settles. (Multiplying by $x$ would fix it: $x\\sin(1/x)$ is continuous at 0.)", "No", OSCILLATING, "correct"),
    ("Take $x_n=\\frac{1}{\\pi/2+2\\pi n}\\to0$; $f(x_n)=1$. So $f$ is not continuous at 0 — the oscillation never "
     "settles. (Multiplying by $x$ would fix it: $x\\sin(1/x)$ is continuous at 0.)", "Yes", OSCILLATING, "wrong"),
    # a closing paragraph saying it is about another question
    ("No such map exists. The continuous image of a compact space is compact; $[0,1]$ is compact, but $(0,1)$ is not."
     "\n\nInterestingly, the other direction works: there *is* a continuous surjection from $(0,1)$ onto $[0,1]$, so "
     "yes, every value is hit. But that's a separate question.", "No", SURJECTION, "correct"),
    ("No such map exists. The continuous image of a compact space is compact.\n\nInterestingly, the other direction "
     "works, so yes. But that's a separate question.", "Yes", SURJECTION, "wrong"),
    # a bare Chinese verdict opening the reply, then its proof
    ("有。令 $f(x)=x^5-x+1$，$f(-2)=-29<0$，$f(0)=1>0$，由零点存在定理，$f$ 在 $(-2,0)$ 内至少有一个零点。（不过这个根不能用根式"
     "表示——那是另一个问题了。）", "有", QUINTIC, "correct"),
    ("有。令 $f(x)=x^5-x+1$，$f(-2)=-29<0$，$f(0)=1>0$。", "没有", QUINTIC, "wrong"),
    ("不存在。由握手定理，度数和为 $5\\times3=15$，是奇数，矛盾。（如果是 6 个顶点，$K_{3,3}$ 就是一个 3-正则图。）", "No", REGULAR,
     "correct"),
    ("存在。由握手定理，度数和为 $5\\times3=15$，是奇数，矛盾，所以不存在。", "Yes", REGULAR, "wrong"),
    # a verdict, then the opposite property in its own word
    ("Mertens: $\\sum_{p\\le x}1/p=\\ln\\ln x+M+o(1)$.\n\nNo — it diverges, albeit like $\\ln\\ln x$.", "No (it diverges)",
     PRIMES, "correct"),
    ("Mertens: $\\sum_{p\\le x}1/p=\\ln\\ln x+M+o(1)$.\n\nNo — it converges, albeit slowly.", "No (it diverges)", PRIMES,
     "wrong"),
    # "X, not Y" for "X but not Y", in the same order only
    ("The ratios agree, so the triangles are similar.\n\nAnswer: similar, not congruent.", "similar but not congruent",
     TRIANGLES, "correct"),
    ("The ratios agree.\n\nAnswer: congruent, not similar.", "similar but not congruent", TRIANGLES, "wrong"),
    # an offer to convert commits to nothing; the value before it counts (within the row's error)
    ("$\\mu_B=9.274\\times10^{-24}$ J/T. In a 1.00 T field,\n$$\\mu_B B=9.27\\times10^{-24}\\ \\text{J}.$$\nConverting to "
     "eV, or to a frequency ($\\mu_B B/h\\approx14$ GHz), is straightforward if needed.",
     "5.79\\times10^{-5}\\ \\text{eV}", BOHR, "correct"),
    ("$$\\mu_B B=9.27\\times10^{-23}\\ \\text{J}.$$\nConverting to eV is straightforward if needed.",
     "5.79\\times10^{-5}\\ \\text{eV}", BOHR, "wrong"),
    # numbered parts, in order
    ("(1) $a_{10}=a_1+9d=3+36=39$.\n(2) $S_{10}=\\frac{10(a_1+a_{10})}{2}=5\\cdot42=210$.", "(1) 39 (2) 210", SEQUENCE,
     "correct"),
    ("(1) $S_{10}=210$.\n(2) $a_{10}=39$.", "(1) 39 (2) 210", SEQUENCE, "wrong"),
    # a progression listed from its least positive member
    ("$2^n-1\\equiv(-1)^n-1\\pmod 3$. Answer: precisely the even positive integers $n=2,4,6,\\dots$", "all even n",
     MERSENNE, "correct"),
    ("Answer: $n=4,6,8,\\dots$", "all even n", MERSENNE, "wrong"),
    ("Answer: $n=1,3,5,\\dots$", "all even n", MERSENNE, "wrong"),
    # every integer
    ("$n^3-n=(n-1)n(n+1)$: one factor is divisible by 3 and one is even. So 6 divides it for every integer $n$ — no "
     "exceptions.", "all integers n", CUBES, "correct"),
    ("So 6 divides it for every even integer $n$.", "all integers n", CUBES, "wrong"),
    ("6 divides it only for every odd integer n.", "all integers n", CUBES, "wrong"),
])
def test_round_36_readings(reply, answer, question, status):
    extra = {"error": "1e-7"} if question == BOHR else {}
    assert _verdict(reply, answer, question, **extra) == status


@pytest.mark.parametrize("text, start, unit", [
    ("It is 6.0 m·s⁻².", 9, "m·s⁻²"),
    ("It is 6.0 m s⁻² north.", 9, "m s⁻²"),
    ("A volume of 2 cm³ here.", 14, "cm³"),
])
def test_units_with_superscript_powers(text, start, unit):
    assert unit_at(text, start) == unit


def test_a_superscript_power_reads_as_the_caret_power():
    assert read_unit("m·s⁻²") == read_unit("m s^{-2}") == read_unit("m/s^2")
    assert read_unit("cm³") == read_unit("cm^3")
    assert read_unit("m·s⁻²") != read_unit("m·s⁻¹")


@pytest.mark.parametrize("case", _attack("attack_round36_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 36 (tests/data/attack_round36_maths.jsonl): the replies the reader before read
    otherwise than labelled and this round reads as labelled, and the near misses written to be accepted wrongly,
    which it keeps wrong."""
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


CIRCLE = ("A car moves at 10 m/s around a circular track of radius 5.0 m. What is the magnitude of its centripetal "
          "acceleration?")
DIVISORS = "How many positive divisors does 72 have?"
COSINE = "For which positive integers $n$ is $\\cos(n\\pi) = 1$?"
CUBIC = "方程 $x^3 - 3x + 1 = 0$ 有实数根吗？"


@pytest.mark.parametrize("reply, answer, question, status", [
    # after the attack: a rough bracket inside the sentence; the same quantity in brackets is compared as before
    ("$a = 100/5.0 = 20$.\n\nSo the acceleration is 20 m s⁻² (roughly 2 g), directed toward the centre.", "20\\ \\text{m/s}^2",
     CIRCLE, "correct"),
    ("$a = 100/5.0 = 20$.\n\nSo the acceleration is 25 m s⁻² (roughly 2.5 g), directed toward the centre.",
     "20\\ \\text{m/s}^2", CIRCLE, "wrong"),
    # "which is" only after a copula: "the quotient being ..., which is 146" names another quantity
    ("The remainder is $3^4 \\bmod 7$; the quotient being $\\lfloor 3^{100}/7 \\rfloor$, which is 146.", "146",
     REMAINDER, "wrong"),
    # a set listed in braces
    ("$\\cos(n\\pi) = (-1)^n$. Answer: $n \\in \\{2, 4, 6, \\dots\\}$.", "all even n", COSINE, "correct"),
    ("$\\cos(n\\pi) = (-1)^n$. Answer: $n \\in \\{1, 3, 5, \\dots\\}$.", "all even n", COSINE, "wrong"),
    # "for every integer n, negative ones and zero included"
    ("Hence $6 \\mid n^3 - n$, and this holds for every integer $n$, negative ones and zero included — no exceptions.",
     "all integers n", CUBES, "correct"),
    # "有……吗" asks whether there is, as 是否有 does
    ("有。令 $f(x) = x^3 - 3x + 1$，$f(0) = 1 > 0$，$f(1) = -1 < 0$，由零点存在定理，$f$ 在 $(0,1)$ 内有零点。", "有", CUBIC,
     "correct"),
])
def test_round_36_readings_after_the_attack(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status
