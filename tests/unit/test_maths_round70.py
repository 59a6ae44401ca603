"""Round 70 of the readers (docs/profiles-math.md, "Round 70"), written from a false accept of round 69's blind probes
(tests/data/probes_round69.jsonl) after they were scored once as the held-out measure of round 69, beside the near
misses it keeps as they were."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

RAMP = ("A block slides from rest down a ramp whose top is 0.80 m above the bottom. Taking g = 10 m/s², find the "
        "block's speed at the bottom of the ramp.")
RAMP_REPLY = "If the ramp is frictionless, energy conservation gives v = √(2gh) = √16 = 4.0 m/s.\n\n"


@pytest.mark.parametrize("reply, answer, question, status", [
    # a closing range where one value is asked commits to neither end
    (RAMP_REPLY + "So the block reaches the bottom at somewhere between about 3 and 4 m/s, depending on the surface.",
     "4", RAMP, "wrong"),
    (RAMP_REPLY + "So the block reaches the bottom at 4.0 m/s.", "4", RAMP, "correct"),
    # a value stated after the range, in its sentence, is read as before
    ("With friction it would be somewhere between 3 and 4 m/s, but the ramp is frictionless, so v = 4 m/s.", "4", RAMP,
     "correct"),
])
def test_round_70_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question, unit="m/s") == status


@pytest.mark.parametrize("case", attack_cases("attack_round70_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 70 (tests/data/attack_round70_maths.jsonl): ranges in other words that stay wrong, and
    the near misses the rule keeps as they were: the distance between two points stated as a value, a range narrowed
    to a value in its sentence, a value in a later sentence or answer line, an angle between two vectors."""
    assert read_as_labelled(case) == case["label"], case["why"]
