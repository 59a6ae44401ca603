"""Round 37 of the readers (docs/profiles-math.md, "Round 37"; docs/profiles-mc.md, "Round 36"), written from round
38's blind probes (tests/data/probes_round38.jsonl) after they were scored once as the held-out measure of round 36,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

DATA = Path(__file__).parent.parent / "data"
BALL = ("A ball is thrown straight up at 20 m/s from the ground (take $g=10\\ \\text{m/s}^2$). At what time does it "
        "first reach a height of 15 m?")
VECTORS = "Are the vectors $(1,2,3)$, $(4,5,6)$, $(7,8,9)$ linearly independent?"
INTEGRAL = "Does the improper integral $\\int_1^\\infty \\frac{\\sin x}{x}\\,dx$ converge?"
RECURRENCE = "Let $a_1=1$ and $a_{n+1}=2a_n+1$ for $n\\ge1$. Find a formula for $a_n$."
DIVISORS = "Find all integers $n$ such that $\\dfrac{n+3}{n-1}$ is an integer."
ELECTRON = ("An electron is accelerated from rest through a potential difference of 100 V. What kinetic energy does it "
            "gain? Take $e=1.6\\times10^{-19}$ C.")
COIL = "A current through a coil changes at a rate of 40 A/s and induces an emf of 10 V. What is the coil's self-inductance?"
COPRIME = "How many positive integers less than 20 are relatively prime to 20?"
HEX = "Write 255 in hexadecimal."
LAMBERT = "Does the equation $e^x=x$ have a real solution?"
PRIME = "Is 221 a prime number?"
LOCUS = ("What curve is formed by the set of points in a plane equidistant from a fixed point and a fixed line not "
         "passing through that point?")
EULER = "Are there finitely many or infinitely many positive integers $n$ for which $n^2+n+41$ is composite?"


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # two values on an answer line, each with its unit: both read (it had been read as 1 s: a false accept)
    ("$(t-1)(t-3)=0$.\n\n**Answer:** $t = 1$ s or $t = 3$ s.", "1\\ \\text{s}", BALL, "wrong", {}),
    ("$(t-1)(t-3)=0$; it first gets there on the way up.\n\n**Answer:** $t = 1$ s.", "1\\ \\text{s}", BALL, "correct", {}),
    # dependent is not independent
    ("So $(7,8,9)=2(4,5,6)-(1,2,3)$.\n\nThe vectors are **linearly dependent**.", "No", VECTORS, "correct", {}),
    ("So $(7,8,9)=2(4,5,6)-(1,2,3)$.\n\nThe vectors are **linearly dependent**.", "Yes", VECTORS, "wrong", {}),
    # a verdict with its reason in brackets: the verdict answers, the reason may not be contradicted
    ("By parts the boundary term tends to $\\cos 1$.\n\nHence the integral **converges**. (It does not converge "
     "absolutely.)", "Yes (it converges conditionally)", INTEGRAL, "correct", {}),
    ("By parts the boundary term tends to $\\cos 1$.\n\nHence the integral converges absolutely.",
     "Yes (it converges conditionally)", INTEGRAL, "wrong", {}),
    ("By parts the boundary term tends to $\\cos 1$.\n\nHence the integral diverges.", "Yes (it converges conditionally)",
     INTEGRAL, "wrong", {}),
    # a ticked check after the formula; the index's range is the sequence's own
    ("$b_n=a_n+1$ is geometric.\n\n$$a_n=2^n-1\\quad\\text{for all } n\\ge1.$$\n\n(Check: $a_1=1$, $a_2=3$, $a_3=7$, "
     "$a_4=15$ ✓.)", "a_n=2^n-1", RECURRENCE, "correct", {}),
    ("$b_n=a_n+1$ is geometric.\n\n$$a_n=2^n+1\\quad\\text{for all } n\\ge1.$$\n\n(Check: $a_1=3$ ✓.)", "a_n=2^n-1",
     RECURRENCE, "wrong", {}),
    ("So $y = x^2$ for $x \\ge 0$.", "y=x^2", None, "wrong", {}),  # another letter's bound: kept
    # a bold label, then its value
    ("$n-1$ divides 4.\n\n**All such integers:** $n\\in\\{5,3,2,0,-1,-3\\}$.", "\\{-3,-1,0,2,3,5\\}", DIVISORS, "correct",
     {}),
    ("$n-1$ divides 4.\n\n**All such integers:** $n\\in\\{5,3,2,0,-1\\}$.", "\\{-3,-1,0,2,3,5\\}", DIVISORS, "wrong", {}),
    # "(equivalently, ...)" restating the value
    ("$$K=eV=(1.6\\times10^{-19}\\ \\text{C})(100\\ \\text{V})=1.6\\times10^{-17}\\ \\text{J}$$\n\n(equivalently, 100 eV).",
     "1.6\\times10^{-17}", ELECTRON, "correct", {"unit": "J"}),
    ("$$K=eV=1.6\\times10^{-18}\\ \\text{J}$$\n\n(equivalently, 10 eV).", "1.6\\times10^{-17}", ELECTRON, "wrong",
     {"unit": "J"}),
    # what the last implication arrow leads to
    ("$$\\mathcal{E}=L\\frac{dI}{dt}\\;\\Longrightarrow\\;L=\\frac{10\\ \\text{V}}{40\\ \\text{A/s}}=0.25\\ \\text{H}.$$", "250",
     COIL, "correct", {"unit": "mH"}),
    ("$$\\mathcal{E}=L\\frac{dI}{dt}\\;\\Longrightarrow\\;L=\\frac{40\\ \\text{A/s}}{10\\ \\text{V}}=4\\ \\text{H}.$$", "250",
     COIL, "wrong", {"unit": "mH"}),
    # a number after the answer marker, then a colon
    ("</think>\n\nTherefore the answer is 8: the numbers are $1, 3, 7, 9, 11, 13, 17, 19$.", "8", COPRIME, "correct", {}),
    ("</think>\n\nTherefore the answer is 10: the numbers are $1, 3, 5, 7, 9, 11, 13, 15, 17, 19$.", "8", COPRIME,
     "wrong", {}),
    # a numeral as code writes it
    ("$255 = 15\\cdot16+15$.\n\nSo 255 in hexadecimal is `0xFF`.", "FF_{16}", HEX, "correct", {}),
    ("$255 = 15\\cdot16+14$.\n\nSo 255 in hexadecimal is `0xFE`.", "FF_{16}", HEX, "wrong", {}),
    # a claim in bold, then an aside that takes nothing back
    ("$g(x)=e^x-x$ has its minimum $g(0)=1>0$.\n\n**No real solution.** (There are complex solutions, $x=-W_k(-1)$, but "
     "none on the real line.)", "No", LAMBERT, "correct", {}),
    ("$g(x)=e^x-x$ has its minimum $g(0)=1>0$.\n\n**No real solution.** (Actually, wait: $x=-1$ works.)", "No", LAMBERT,
     "wrong", {}),
    # a bold verdict after the reply took its first one back
    ("Yes, 221 is prime.\n\nWait: $13\\times17 = 221$.\n\nSo I was wrong above. **No — 221 is not prime**; "
     "$221 = 13\\times 17$.", "No", PRIME, "correct", {}),
    ("No, 221 is not prime.\n\nHmm: $13\\times17 = 211$, not 221.\n\nSo I was wrong above. **Yes — 221 is prime**; "
     "it has no small factor.", "No", PRIME, "wrong", {}),
    # the shape named in bold
    ("That is precisely the focus–directrix definition of a **parabola**: the fixed point is the focus and the fixed "
     "line is the directrix (eccentricity $e=1$).", "A parabola", LOCUS, "correct", {}),
    ("It is not a **parabola**: with $e=1$ it would be, but here it is a line.", "A parabola", LOCUS, "wrong", {}),
    # an example member in brackets after a claim; a "Since ..., there are ..." sentence concludes
    ("Take $n=41k$: $n^2+n+41=41(41k^2+k+1)$, composite.\n\nSince $k$ can be any positive integer, there are "
     "**infinitely many** such $n$ (the first one is actually $n=40$, giving $1681=41^2$).", "Infinitely many", EULER,
     "correct", {}),
    ("Take $n=41k$: $n^2+n+41=41(41k^2+k+1)$, composite.\n\nSince only $k=1$ gives a square, there are **finitely many** "
     "such $n$ (the first one is $n=40$).", "Infinitely many", EULER, "wrong", {}),
])
def test_round_37_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


COSINE = {"A": "$\\frac12$", "B": "$\\frac{\\sqrt3}{2}$", "C": "1", "D": "$\\frac{1}{\\sqrt2}$"}
UNITS = {"A": "volt", "B": "ampere", "C": "ohm", "D": "coulomb"}


@pytest.mark.parametrize("reply, options, letter", [
    # the closing equation's value names its option, not an option's text met on the way ("legs 1")
    ("In a 45°–45°–90° triangle with legs 1, the hypotenuse is √2, so\n\ncos 45° = √2⁄2.", COSINE, "D"),
    ("In a 45°–45°–90° triangle with legs 1, the hypotenuse is √2, so\n\ncos 45° = 0.9.", COSINE, None),
    ("The answer is 1. Legs 1, so cos 45° = √2/2.", COSINE, "C"),  # a marked answer still wins
    # an option by its number
    ("Electrical resistance is measured in ohms (Ω), defined as one volt per ampere. That's option 3 in the list.", UNITS,
     "C"),
    ("That's option 3.", UNITS, "C"),
    ("Volt per ampere. That is not option 3.", UNITS, None),
    ("Volt and ampere. That's option 3.5 maybe", UNITS, None),
])
def test_round_36_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


def attack_cases(name: str) -> list[dict]:
    """The replies of an attack file in tests/data (one JSON object per line)."""
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


def read_as_labelled(case: dict) -> str | None:
    """How the reader reads an attack reply, to compare with its label: a multiple-choice one (``options``) its
    letter, a maths one its verdict (with the row's ``unit`` and ``error``)."""
    if "options" in case:
        return infer_choice(case["prediction"], case["options"], same_value=states_value).letter
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    return _verdict(case["prediction"], case["answer"], case.get("question"), **extra)


@pytest.mark.parametrize("case", attack_cases("attack_round37_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 37 (tests/data/attack_round37_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
