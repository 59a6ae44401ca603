"""Round 68 of the readers (docs/profiles-math.md, "Round 68"), written from some of the misses of round 67's blind
probes (tests/data/probes_round67.jsonl) after they were scored once as the held-out measure of round 67, each reading
beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

SERIES = "Does the series $\\sum_{n=2}^{\\infty} \\frac{1}{n\\ln n}$ converge or diverge?"
INTEGRAL = "$$\\int_2^R \\frac{dx}{x\\ln x} = \\ln\\ln R - \\ln\\ln 2 \\to \\infty.$$\n"
POWER = "Does the sequence $a_n = \\left(1+\\frac1n\\right)^{n^2}$ converge?"
CAPACITOR = "A 4.7 μF capacitor is connected to a 12 V battery. What charge is stored on its positive plate?"


@pytest.mark.parametrize("reply, answer, question, status, extra", [
    # a bracket with maths telling how, after the claim
    (INTEGRAL + "Therefore $\\sum_{n\\ge2} \\frac{1}{n\\ln n}$ diverges (very slowly — the partial sums grow like "
     "$\\ln\\ln N$).\n\nBy contrast, $\\sum \\frac{1}{n(\\ln n)^2}$ converges.", "Diverges", SERIES, "correct", {}),
    (INTEGRAL + "Therefore $\\sum_{n\\ge2} \\frac{1}{n\\ln n}$ diverges (very slowly — the partial sums grow like "
     "$\\ln\\ln N$).\n\nBy contrast, $\\sum \\frac{1}{n(\\ln n)^2}$ converges.", "Converges", SERIES, "wrong", {}),
    # (a bracket doubting the claim is kept and read: a doubt, as earlier attack files label it)
    (INTEGRAL + "So the statement holds: it diverges (though I am not sure the test applies for $n = 2$).", "Diverges",
     SERIES, "wrong", {}),
    # another object set apart after the verdict
    ("$\\ln a_n = n - \\tfrac12 + O(\\tfrac1n)$.\n\nSo $a_n \\to +\\infty$, and the sequence diverges. Don't confuse it "
     "with $(1+\\frac1n)^n$, which converges to $e$.", "No (diverges to $+\\infty$)", POWER, "correct", {}),
    ("$\\ln a_n = n - \\tfrac12 + O(\\tfrac1n)$.\n\nSo $a_n \\to +\\infty$, and the sequence diverges. Don't confuse it "
     "with $(1+\\frac1n)^n$, which converges to $e$.", "Yes", POWER, "wrong", {}),
    # the other part's value in a bracket
    ("Q = CV = (4.7e-6 F)(12 V) = 5.64E-5 C\n\nThat's 56.4 µC on the positive plate (and −56.4 µC on the other).",
     "5.64\\times10^{-5}", CAPACITOR, "correct", {"unit": "C"}),
    ("Q = CV = (4.7e-6 F)(12 V) = 5.64E-5 C\n\nThat's 56.4 µC on the positive plate (and −56.4 µC on the other).",
     "-5.64\\times10^{-5}", CAPACITOR, "wrong", {"unit": "C"}),
])
def test_round_68_readings(reply, answer, question, status, extra):
    assert _verdict(reply, answer, question, **extra) == status


@pytest.mark.parametrize("case", attack_cases("attack_round68_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 68 (tests/data/attack_round68_maths.jsonl): the near misses it keeps as labelled (a
    bracket that corrects in other words, "scratch that", a hedge, a wrong value in the bracket, "Don't confuse" then
    a changed answer, the other part's value when it is the one asked) and the variants it reads as before."""
    assert read_as_labelled(case) == case["label"], case["why"]
