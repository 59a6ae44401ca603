"""Round 19 of the multiple-choice reader (docs/profiles-mc.md, "Round 19"), from round 19's blind probes
(tests/data/probes_round19.jsonl) after they were scored once as round 18's held-out measure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

LIGHT = {"A": "$3\\times10^{5}$ km/s", "B": "$3\\times10^{6}$ km/s", "C": "$3\\times10^{8}$ km/s",
         "D": "$3\\times10^{3}$ km/s"}


@pytest.mark.parametrize("reply, letter", [
    # the option's number is a power of ten with its unit: "3.0 × 10⁸ m/s" is not the option "3 × 10⁸ km/s" by its
    # number; in the option's unit it is 3 × 10⁵ km/s
    ("c ≈ 3.0 × 10⁸ m/s.", "A"),
    ("c ≈ 3.0 × 10⁸ km/s.", "C"),
    ("c ≈ 3 × 10⁵ km/s.", "A"),
    ("The answer is C.", "C"),
])
def test_an_option_in_km_per_second_with_a_power_of_ten(reply, letter):
    assert infer_choice(reply, LIGHT, same_value=states_value).letter == letter


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round19_choice.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of two helpers' attacks on round 19 (values with powers of ten and units; letters after values in
    the options' unit; labelled by the grading conventions before either version ran) that the reader before or a
    first version read otherwise, read as labelled now."""
    options = {k: case[k] for k in "ABCDEF" if k in case}
    assert infer_choice(case["prediction"], options, same_value=states_value).letter == case["label"], case["why"]


CHARGE = {"A": "$1.6\\times10^{-19}$ C", "B": "$1.6\\times10^{-16}$ C", "C": "$1.6\\times10^{-22}$ C",
          "D": "$1.6\\times10^{19}$ C"}


@pytest.mark.parametrize("reply, options, letter", [
    # a letter right after a value, where every option writes that letter as its unit, is the value's unit (round 20's
    # attack): "e = 1.6 × 10⁻¹⁹ C" chose option C before
    ("e = 1.6 × 10⁻¹⁹ C", CHARGE, None),
    ("e = 1.6 × 10⁻¹⁹ C", {k: v.replace(" C", " mC") for k, v in CHARGE.items()}, None),
    # the letter alone, or marked, is still the option
    ("C", CHARGE, "C"),
    ("Answer: C. e = 1.6 × 10⁻¹⁹ C", CHARGE, "C"),
    # options in other units than the letter: the letter after a value is the option, as before
    ("I think 7 C.", {"A": "1 m", "B": "2 m", "C": "3 m", "D": "4 m"}, "C"),
])
def test_a_letter_after_a_value_in_the_options_unit_is_the_unit(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter
