"""Multiple-choice readings of round 12 (``choice/lastly.py``), from round 11's held-out probes once scored: for a
reply in which no other step found a commitment, the option named by its place ("the first option"), a lowercase
letter after an answer tag, a guess opening the reply, and a value equal to exactly one option's in another unit,
scale or form (docs/profiles-mc.md, "Round 12")."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

NUMBERS = {"A": "4", "B": "6", "C": "8", "D": "10"}
DOGS = {"A": "There are two dogs", "B": "The dog is sleeping", "C": "The dog is on a sofa", "D": "The dog is outdoors"}
DAYS = {"A": "2 days", "B": "4 days", "C": "6 days", "D": "8 days"}
CURRENTS = {"A": "0.2 A", "B": "0.4 A", "C": "0.6 A", "D": "0.8 A"}
ANGLES = {"A": "45°", "B": "60°", "C": "90°", "D": "120°"}
MILLIONS = {"A": "1.2 million", "B": "1.5 million", "C": "1.8 million", "D": "2.1 million"}
UNITS = {"A": "Volt", "B": "Ampere", "C": "Ohm", "D": "Watt"}


@pytest.mark.parametrize("reply, options, letter", [
    ("So the ordering is right: that's the first option.", DOGS, "A"),
    ("It must be the fourth one.", DOGS, "D"),
    ("答案是第三个选项。", DOGS, "C"),
    ("It is not the first option.", DOGS, None),
    ("Option 1", DOGS, None),  # a number for lettered options names none (as the corpora label it)
    ("The seventh option.", DOGS, None),  # no seventh option
])
def test_an_option_named_by_its_place(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("Ans. (a)", UNITS, "A"),
    ("Probably C, although I'd want to double check the notation in the figure.", UNITS, "C"),
    ("Most likely (B).", UNITS, "B"),
    ("Probably not C.", UNITS, None),
])
def test_an_answer_tag_and_an_opening_guess(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("96 hours", DAYS, "B"),
    ("400 mA", CURRENTS, "B"),
    ("The hands are at right angles, i.e. $\\pi/2$.", ANGLES, "C"),
    ("The 2020 bar reaches about 1,800,000.", MILLIONS, "C"),
    ("$\\sin 30^\\circ = \\cos 60^\\circ$", {"A": "0.25", "B": "0.5", "C": "0.707", "D": "0.866"}, "B"),
    ("100 hours", DAYS, None),  # equal to no option
    ("5 mA", CURRENTS, None),
    ("2 days or 4 days", DAYS, None),  # two values name no one option
    ("Answer: 2^3", {"A": "2", "B": "4", "C": "6", "D": "8"}, None),  # a computation, not a value stated
    ("96 hours, so not B.", DAYS, None),  # a reply naming a letter is left to the other steps
])
def test_a_value_equal_to_one_option_in_another_unit_or_form(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter
    if letter is not None:
        assert infer_choice(reply, options).letter is None  # the package reads no value itself


def test_the_last_readings_never_overrule_a_commitment_or_a_refusal():
    assert infer_choice("The answer is A. (It is 96 hours.)", DAYS, same_value=states_value).letter == "A"
    assert infer_choice("I cannot see the image. 96 hours?", DAYS, same_value=states_value).letter is None
    row = {"index": 1, "question": "How long?", **DAYS, "answer": "B", "category": "t", "prediction": "96 hours"}
    assert score_row("vmcbench_dev", row, profile="default").correct
