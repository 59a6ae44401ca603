"""Round 17 of the multiple-choice reader (docs/profiles-mc.md, "Round 17"), written from round 17's blind probes
(tests/data/probes_round17.jsonl) after they were scored once as round 16's held-out measure, then narrowed after a
helper's attack (the replies it found read wrongly by the old reader or the first version, read as labelled now, are
tests/data/attack_round17_choice.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value


def _letter(reply: str, options: dict[str, str]) -> str | None:
    return infer_choice(reply, options, same_value=states_value).letter


COMPASS = {"A": "North", "B": "South", "C": "East", "D": "West"}


@pytest.mark.parametrize("reply, letter", [
    ("The lake is drawn up and to the right of the village. Both North and East are partially correct here, since "
     "the lake is about as far east as it is north.", None),
    ("The lake is as far east as it is north.", None),  # a comparison, not a conclusion
    ("The lake is exactly as far east as this is north.", None),
    ("The lake is as far east as that is north.", None),
    ("So it is north.", "A"),
    ("The lake lies above the village, so the answer is north.", "A"),
])
def test_as_far_as_it_is_compares_and_chooses_nothing(reply, letter):
    assert _letter(reply, COMPASS) == letter


EQUATION = {"A": "3", "B": "5", "C": "15", "D": "25/3"}


@pytest.mark.parametrize("reply, letter", [
    ("3x + 5 = 20\n3x = 20 + 5 = 25\nx = 25/3", "D"),  # the value the derivation closes on, not the given 5
    ("3x + 5 = 20\n3x = 15\nx = 5", "B"),
    ("3x + 5 = 20\nx = 5 is wrong\n", None),
    ("If x were 5, then\nx = 25/3", None),  # under a condition (as before)
    # narrowed after the attack: a bare derivation only, one letter solved once, in its last line
    ("3x + 5 = 20\n3x = 15\nx = 5\ny = 3(5) + 5\ny = 20", None),  # a check after the solved line
    ("x² − 2x − 15 = 0\n(x − 5)(x + 3) = 0\nx = 5\nx = −3", None),  # two roots
    ("I can't solve this reliably. Options 5, 15 and 20 all look plausible.\nx = 15", None),
    ("Candidate values: 5, 25/3, 15, 20.\nx = 20", None),
])
def test_a_last_line_solving_for_a_letter_names_its_value(reply, letter):
    assert _letter(reply, EQUATION) == letter


def test_a_second_letter_solved_last_is_no_answer_to_the_first():
    options = {"A": "4", "B": "6", "C": "8", "D": "10"}
    assert _letter("x + y = 10\nx − y = 2\n2x = 12\nx = 6\ny = 4", options) is None
    assert _letter("x + y = 10\nx − y = 2\nAdding: 2x = 12\nx = 6", options) is None  # words in a line


@pytest.mark.parametrize("reply", [
    "I'm not sure all of them are correct.", "It's not true that all of them are correct.",
    "I don't think all of the above are correct.", "Almost all of them are correct.",
])
def test_all_of_them_correct_is_still_no_choice(reply):
    # a reading of "All of them are correct." as the option "All of the above" was tried and dropped after an attack
    # (48 replies of 443 read worse: negations, doubts, questions, "which is false" questions, options only starting
    # so); such replies choose nothing, as before
    options = {"A": "Velocity", "B": "Force", "C": "Displacement", "D": "All of the above"}
    assert _letter(reply, options) is None


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round17_choice.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8")]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 17 (443, labelled by the grading conventions before either version
    ran) that the reader before this round or the first version of it read wrongly, read as labelled now."""
    assert _letter(case["prediction"], case["options"]) == case["label"], case["why"]
