"""Round 51 of the readers (docs/profiles-math.md, "Round 51"), written from round 52's blind probes
(tests/data/probes_round52.jsonl) after they were scored once as the held-out measure of round 50, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.maths.compare.equations import is_label

INVERSE = "Find the inverse of $f(x)=\\dfrac{2x+1}{x-3}$."
ROOTS = "Solve x² − 5x + 6 = 0."
RAMSEY = "Does every colouring of the edges of $K_6$ with two colours contain a monochromatic triangle?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("**Final Answer**\n\\boxed{f^{-1}(x)=\\dfrac{-3x-1}{2-x}}", "\\frac{3x+1}{x-2}", INVERSE, "correct"),
    ("**Final Answer**\n\\boxed{f^{-1}(x)=\\dfrac{3x-1}{2-x}}", "\\frac{3x+1}{x-2}", INVERSE, "wrong"),
    ("Factor: (x − 2)(x − 3) = 0, so x = 3 or x = 2.", "2, 3", ROOTS, "correct"),
    ("Factor: (x − 2)(x − 3) = 0, so x = 3 or x = 4.", "2, 3", ROOTS, "wrong"),
    ("Factor: (x − 2)(x − 3) = 0, so x = 3.", "2, 3", ROOTS, "wrong"),
    ("Yes: by the pigeonhole argument every such colouring contains a monochromatic triangle.", "Yes", RAMSEY, "correct"),
    ("So $e^x > x$ for every real $x$, and the equation has no real solution.", "No",
     "Does the equation $e^x=x$ have a real solution?", "correct"),  # ("have a ...": read as before)
])
def test_round_51_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("text, label", [
    ("f^{-1}(x)", True), ("g^{-1}(y)", True), ("f(x)", True), ("x^{-1}", False), ("f^{-1}", False),
])
def test_an_inverse_applied_is_a_label(text, label):
    assert is_label(text) is label


@pytest.mark.parametrize("case", attack_cases("attack_round51_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 51 (tests/data/attack_round51_maths.jsonl): the replies read as labelled, kept as
    near misses the readings must not change."""
    assert read_as_labelled(case) == case["label"], case["why"]
