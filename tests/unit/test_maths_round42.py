"""Round 42 of the readers (docs/profiles-math.md, "Round 42"; docs/profiles-mc.md, "Round 41"), written from round
43's blind probes (tests/data/probes_round43.jsonl) after they were scored once as the held-out measure of round 41,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import equivalent, states_value

ODE = "Find the general solution of $y''-3y'+2y=0$."
DICE = "Two fair six-sided dice are rolled. What is the probability that the sum is 7?"
SUM = "Find a closed form for $S_n=\\sum_{k=1}^{n}k\\cdot2^k$."
LOOP = "Find the magnetic field at the centre of a circular loop of radius 0.1 m carrying a current of 5 A."
CAPACITOR = "A parallel-plate capacitor in vacuum has plate area 0.01 m² and plate separation 1 mm. Find its capacitance."
PRIME = "Is 91 a prime number?"
DISPLAY = "$$B=\\frac{\\mu_0I}{2R}=10\\pi\\ \\mu\\text{T}$$\n(≈ %s)."


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # the constants' range closing the formula
    ("$r=1,2$.\n\n$$y(x)=Ae^{2x}+Be^{x},\\qquad A,B\\in\\mathbb R.$$", "y=C_1e^{x}+C_2e^{2x}", ODE, "correct", {}),
    ("$r=1,3$.\n\n$$y(x)=Ae^{3x}+Be^{x},\\qquad A,B\\in\\mathbb R.$$", "y=C_1e^{x}+C_2e^{2x}", ODE, "wrong", {}),
    # a fraction in words, its rounding in brackets
    ("6 of the 36 outcomes. So the probability is one sixth (about 16.7%).", "\\frac16", DICE, "correct", {}),
    ("5 of the 36 outcomes. So the probability is one seventh (about 14.3%).", "\\frac16", DICE, "wrong", {}),
    # a check at one case of the formula
    ("$$S_n=(n-1)\\cdot2^{n+1}+2.$$\nCheck $n=2$: $2+8=10$ and $(1)(8)+2=10$. ✓", "(n-1)2^{n+1}+2", SUM, "correct", {}),
    ("$$S_n=n\\cdot2^{n+1}+2.$$\nCheck $n=2$: $2+8=10$ and $(2)(8)+2=18$. ✓", "(n-1)2^{n+1}+2", SUM, "wrong", {}),
    # the value rounded in the same unit
    (DISPLAY % "31.4 μT", "\\pi\\times10^{-5}", LOOP, "correct", {"unit": "T"}),
    # a quoted line
    ("$$C=\\frac{\\varepsilon_0A}{d}$$\n\n> C = 8.85 × 10⁻¹¹ F", "88.5\\ \\text{pF}", CAPACITOR, "correct", {}),
    ("$$C=\\frac{\\varepsilon_0A}{d}$$\n\n> C = 8.85 × 10⁻¹⁰ F", "88.5\\ \\text{pF}", CAPACITOR, "wrong", {}),
    # an opening verdict corrected later
    ("Yes, 91 is prime — it isn't divisible by 2, 3 or 5.\n\nWait, I should check 7: $7\\times13=91$. Correction: **91 is "
     "not prime**; it is $7\\cdot 13$.", "No", PRIME, "correct", {}),
    ("Yes, 91 is prime — it isn't divisible by 2, 3 or 5.\n\nWait, I should check 7: $7\\times13=91$. Correction: **91 is "
     "not prime**; it is $7\\cdot 13$.", "Yes", PRIME, "wrong", {}),
])
def test_round_42_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


@pytest.mark.parametrize("gold, pred, equal", [
    ("y=C_1e^{x}+C_2e^{2x}", "y=Ae^{x}+Be^{2x}", True),  # (C_1e^{x} had been read as a binomial coefficient)
    ("C_5^2", "10", True), ("C_{10}^{3}", "120", True), ("C_5^2", "11", False),
])
def test_a_constant_before_a_power_is_no_binomial(gold, pred, equal):
    assert equivalent(gold, pred, question="Solve.")[0] is equal


NUMBERS = {"A": "I only", "B": "I and II only", "C": "II and III only", "D": "I and III only", "E": "I, II and III"}
PRESIDENTS = {"A": "Ronald Reagan", "B": "Jimmy Carter", "C": "George H. W. Bush", "D": "Gerald Ford"}


@pytest.mark.parametrize("reply, options, letter", [
    ("6 is even; 1 + 2 + 3 = 6, so it is perfect; and it is triangular. All three statements hold.", NUMBERS, "E"),
    ("6 is even and perfect, but 6 is not a square. Only two statements hold.", NUMBERS, None),
    ("The 40th president was Ronald Reagan, who served from 1981 to 1989, succeeding Jimmy Carter (the 39th).",
     PRESIDENTS, "A"),
])
def test_round_41_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round42_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 42 (tests/data/attack_round42_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]


@pytest.mark.parametrize("value, status", [("6.56", "correct"), ("4.86", "wrong")])
def test_a_dash_naming_the_value(value, status):
    reply = ("$$\\frac1\\lambda=R_H\\left(\\frac14-\\frac19\\right)$$\n\nSo $\\lambda = " + value
             + "\\times10^{-7}$ m — the red H$\\alpha$ line of the Balmer series.")
    assert _verdict(reply, "656", "What is the wavelength of the n = 3 to n = 2 photon of hydrogen?", unit="nm") == status
