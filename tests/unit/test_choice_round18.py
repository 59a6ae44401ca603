"""Round 18 of the multiple-choice reader (docs/profiles-mc.md, "Round 18"), from round 18's blind probes
(tests/data/probes_round18.jsonl) after they were scored once as round 17's held-out measure."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

KELVIN = {"A": "273 K", "B": "373 K", "C": "100 K", "D": "212 K"}


@pytest.mark.parametrize("reply, letter", [
    # 100 °C is no option written "100 K" (the scale is the unit); converted (round 24), it is 373 K
    ("Water boils at 100 °C at sea level.", "B"),
    ("Water boils at 100 K.", "C"),
    ("It is 373 kelvin.", "B"),  # the unit spelt out is its symbol
    ("The answer is 100 K.", "C"),
])
def test_a_temperature_in_celsius_names_the_option_in_kelvin_it_equals(reply, letter):
    assert infer_choice(reply, KELVIN, same_value=states_value).letter == letter
