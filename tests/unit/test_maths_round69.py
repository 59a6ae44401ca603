"""Round 69 of the readers (docs/profiles-math.md, "Round 69"; docs/profiles-mc.md, "Round 65"), written from some of
the misses of round 68's blind probes (tests/data/probes_round68.jsonl) after they were scored once as the held-out
measure of round 68, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.units import read_unit

SERIES = "Does the series $\\sum_{n=2}^{\\infty} \\frac{1}{n\\ln n}$ converge or diverge?"
SINE = "Does the series $\\sum_{n=1}^{\\infty}\\frac{\\sin n}{n}$ converge?"
SPEAKERS = ("Two identical incoherent loudspeakers each produce a sound level of 60 dB at a certain point. What is the "
            "sound level at that point when both are on?")


@pytest.mark.parametrize("reply, answer, question, status, extra", [
    # an answer line naming its subject by the question's noun, in its own bounds
    ("The integral test applies.\n\n### Final answer\nThe series $\\sum_{n\\ge 2} \\frac{1}{n\\ln n}$ **diverges**.",
     "Diverges", SERIES, "correct", {}),
    ("The integral test applies.\n\n### Final answer\nThe series $\\sum_{n\\ge 2} \\frac{1}{n\\ln n}$ **diverges**.",
     "Converges", SERIES, "wrong", {}),
    # a sentence conceding another property after the verdict, on its line
    ("By Dirichlet's test, hence the series **converges** (its sum is $\\frac{\\pi-1}{2}$). It does not converge "
     "absolutely, though: $\\sum\\frac{|\\sin n|}{n}$ diverges.", "Converges", SINE, "correct", {}),
    ("By Dirichlet's test, hence the series **converges** (its sum is $\\frac{\\pi-1}{2}$). It does not converge "
     "absolutely, though: $\\sum\\frac{|\\sin n|}{n}$ diverges.", "Diverges", SINE, "wrong", {}),
    # the decibel
    ("$\\beta = 60 + 10\\log_{10}2 = 60 + 3.01$\n\nSo the combined level is **≈ 63 dB**.", "63.0", SPEAKERS, "correct",
     {"unit": "dB", "error": "0.1"}),
    ("$\\beta = 60 + 10\\log_{10}2$\n\nSo the combined level is **63.5 dB**.", "63.0", SPEAKERS, "wrong",
     {"unit": "dB", "error": "0.1"}),
])
def test_round_69_readings(reply, answer, question, status, extra):
    assert _verdict(reply, answer, question, **extra) == status


def test_the_decibel_converts_only_to_itself():
    assert read_unit("dB") is not None
    assert read_unit("dB") != read_unit("m")


CUBES = {"A": "16", "B": "36", "C": "48", "D": "81", "E": "100", "F": "125"}


@pytest.mark.parametrize("reply, letter", [
    ("Checking each: 16 = 2^4, 36 = 6^2, 48 isn't a perfect power, 81 = 3^4, 100 = 10^2, 125 = 5^3. Option F.", "F"),
    ("Checking each: 16 = 2^4, 36 = 6^2, 125 = 5^3. Option F. But wait, 16 is 2^4.", None),
])
def test_round_65_choice_readings(reply, letter):
    got = infer_choice(reply, CUBES, same_value=states_value).letter
    assert got == letter if letter else got != "F"


@pytest.mark.parametrize("case", attack_cases("attack_round69_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 69 (tests/data/attack_round69_maths.jsonl): the replies this round reads as labelled
    ("is divergent", bold around the series line, "decibels" written out, "Choice (B)."), the near misses it keeps as
    labelled (an answer line on another series, function or integral named with the same noun, a level given for an
    intensity, "Option E." where no option E is, a reply restating the options that ends "Option D."), and its
    multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
