"""Round 52 of the readers (docs/profiles-math.md, "Round 52"), written from round 53's blind probes
(tests/data/probes_round53.jsonl) after they were scored once as the held-out measure of round 51, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.maths import final_answer
from pytest_answerbench.maths.naming import bold_gold_verdict

CIRCUMCENTER = "Where is the circumcenter of a right triangle located?"
MONTY = ("In the Monty Hall problem (the host, who knows where the car is, always opens a losing door you didn't pick and "
         "offers a switch), should you switch or stay?")
WILES = "Who proved Fermat's Last Theorem?"
CARBON = ("A wooden artefact shows 25% of the carbon-14 activity of fresh wood. Taking the half-life of C-14 as 5730 "
          "years, how old is it?")


@pytest.mark.parametrize("reply, answer, question, status", [
    ("In a right triangle the hypotenuse is a diameter of the circumcircle, so the circumcenter is at the **midpoint of "
     "the hypotenuse**, and the circumradius is half the hypotenuse.", "the midpoint of the hypotenuse", CIRCUMCENTER,
     "correct"),
    ("You should **switch**.\n\nYour first pick is right with probability $\\tfrac13$; switching wins with probability "
     "$\\tfrac23$.", "switch", MONTY, "correct"),
    ("Fermat's Last Theorem was proved by **Andrew Wiles**, announced in 1993.\n\nQuestion: Who proved the Poincaré "
     "conjecture?\nAnswer: Grigori Perelman.", "Andrew Wiles", WILES, "correct"),
    ("Fermat's Last Theorem was proved by Andrew Wiles.\n\nAnswer: Grigori Perelman.", "Andrew Wiles", WILES, "wrong"),
    ("t = 2 × 5730 = 11\\,460 years.\n\n#### 11\\,460 years", "11460\\ \\text{years}", CARBON, "correct"),
    ("t = 2 × 5730 = 11\\,460 years.\n\n#### 11\\,640 years", "11460\\ \\text{years}", CARBON, "wrong"),
])
def test_round_52_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, gold, verdict", [
    ("You should **switch**.", "switch", (True, "switch")),
    ("So $f$ is **injective** and surjective.", "injective", None),  # (another answer joined to it)
    ("Non-parallel for sure: **skew** or intersecting, depending on the z-coordinates.", "skew", None),
    ("So $f$ is far from **even**.", "even", None),  # (denied)
    ("So the algebraic numbers are **countable**, although they must really be uncountable.", "countable", None),
    ("So the curve is a **hyperbola**. (Though it could equally be read as a pair of crossing lines.)", "hyperbola",
     None),  # (hedged after)
    ("You should **stay**.", "switch", None),  # (never a rejection by this reading)
    ("You should **switch**.\n\n**Answer:** stay", "switch", None),  # (an answer line: the reader reads it)
])
def test_bold_gold_verdict(reply, gold, verdict):
    assert bold_gold_verdict(reply, gold) == verdict


def test_a_thin_space_in_digit_groups_after_a_marker():
    assert final_answer("t = 11460 years.\n\n#### 11\\,460 years").answers == ("11460 yr",)


@pytest.mark.parametrize("case", attack_cases("attack_round52_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 52 (tests/data/attack_round52_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
