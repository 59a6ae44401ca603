"""Round 16 of the multiple-choice reader (docs/profiles-mc.md, "Round 16"), written from the letters the blind
probe sets of rounds 10-16 (tests/data/probes_round1*.jsonl, read) still read wrongly: units spelt out, in
quotients and temperatures; a letter under a condition on something unseen; a refusal before "none of the ...";
the first options' labels opening sentences in turn; an appositive letter ("the remaining option, C, is the
answer"); an option text that opens a list of options; "a is the answer"; the value a longer reply concludes with;
"all of them" closing a reply; a minus between terms. Each reading has its near misses beside it, among them the
wrong letters a helper's attack found in the first version (639 replies)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

TIMES = {"A": "1.5 min", "B": "90 min", "C": "150 s", "D": "15 s"}
SPEEDS = {"A": "0.2 m/s", "B": "4.5 km/h", "C": "5 m/s", "D": "18 m/s"}
ROAD = {"A": "80 km/h", "B": "100 km/h", "C": "120 km/h", "D": "140 km/h"}
BOILING = {"A": "100°F", "B": "180°F", "C": "212°F", "D": "273°F"}
MASSES = {"A": "0.5 kg", "B": "0.9 kg", "C": "1.5 kg", "D": "2 kg"}
LENGTHS = {"A": "12 cm", "B": "12 m", "C": "6 cm", "D": "6 m"}
PENCIL = {"A": "12 cm", "B": "15 cm", "C": "18 cm", "D": "20 cm"}
CIRCLE = {"A": "12.6", "B": "18.8", "C": "25.1", "D": "31.4"}
LETTERS = {"A": "a", "B": "b", "C": "c", "D": "d"}
VECTORS = {"A": "Velocity", "B": "Force", "C": "Mass", "D": "Acceleration"}
COUNTRIES = {"A": "Japan", "B": "United Kingdom", "C": "Australia", "D": "India"}
GASES = {"A": "Nitrogen", "B": "Oxygen", "C": "Argon", "D": "Carbon dioxide"}
ARROWS = {"A": "Arrow 1", "B": "Arrow 2", "C": "Arrow 3", "D": "Arrow 4"}
NONE_LAST = {"A": "Arrow 1", "B": "Arrow 2", "C": "Arrow 3", "D": "None of the above"}
FORCES = {"A": "Magnetic force", "B": "Friction", "C": "Gravity", "D": "Centrifugal force"}


def _read(reply, options):
    return infer_choice(reply, options, same_value=states_value).letter


@pytest.mark.parametrize("reply, options, letter", [
    # a unit spelt out is its symbol; a value in another unit names no option written in the first
    ("The stopwatch shows 90 seconds.", TIMES, "A"),  # 90 s is 1.5 min (option B is 90 minutes)
    ("The stopwatch shows 90 minutes.", TIMES, "B"),
    ("It took 90 min.", TIMES, "B"),
    ("The speed is 150 m ÷ 30 s, which is 18 km/h.", SPEEDS, "C"),  # 18 km/h is 5 m/s, not the option 18 m/s
    ("The speed is 18 m/s.", SPEEDS, "D"),
    ("The speed is about one hundred and twenty kilometers per hour.", ROAD, "C"),
    # 100 °C is not the option 100°F, and its C is no option letter; converted (round 25), it is 212°F
    ("100 °C", BOILING, "C"),
    ("The shape is 3-D.", {"A": "2D", "B": "3D", "C": "4D", "D": "1D"}, "B"),  # a hyphen in a name, no minus
    ("It boils at 212°F.", BOILING, "C"),
    ("About 2 lb.", MASSES, None),  # not the option 2 kg
    ("About 2 kg.", MASSES, "D"),
    ("Final answer: 2 pounds", MASSES, None),
    ("2 kilograms", MASSES, "D"),
    ("12 meters", LENGTHS, "B"),
    ("It is 12 centimetres long.", LENGTHS, "A"),
    ("12 m", LENGTHS, "B"),
    # a unit that goes on past what is read names no other unit: the value decides, as before
    ("It's going 60 miles an hour.", {"A": "40 mph", "B": "50 mph", "C": "60 mph"}, "C"),
    ("The speed is 18 m s^-1.", SPEEDS, "D"),
    ("v = 18 m·s⁻¹", SPEEDS, "D"),
    ("The speed is 5 meters/second.", SPEEDS, "C"),
    ("It travels at 120 km an hour.", ROAD, "C"),
    ("It runs 120 km each hour.", ROAD, "C"),
    # the value a longer reply's closing sentence concludes with
    ("The pencil spans from the 0 mark to the 150 mm mark, so it is 150 mm long.", PENCIL, "B"),
    ("The pencil spans from the 0 mark to the 150 mm mark, so it is 160 mm long.", PENCIL, None),
    ("The pencil is not 150 mm long, so it is 150 mm wide.", PENCIL, None),  # a negation reads no value
])
def test_units_written_out_and_the_value_concluded(reply, options, letter):
    assert _read(reply, options) == letter


@pytest.mark.parametrize("reply, letter", [
    ("C = 2πr = 2π(3) = 6π", None),  # a quantity named C
    ("C = 2πr = 6π ≈ 18.8, so the answer is B.", "B"),
    ("C", "C"),
    ("The answer: C == the largest.", "C"),  # "==" is no definition
])
def test_a_letter_given_a_value_is_a_quantity(reply, letter):
    assert _read(reply, CIRCLE) == letter


@pytest.mark.parametrize("reply, letter", [
    ("If the image shows a double membrane with folded inner cristae, then the answer is B.", None),
    ("If the bars are in thousands, B.", None),
    ("If the y-axis were logarithmic, B; on a linear axis I can't judge", None),
    ("If the bars are in thousands, B; if they are in millions, it's D.", None),
    ("If the question is about Mars, then the answer is D.", None),
    # a condition of our own doing, on the writer's work, asserted, or an idiom of choosing: the answer commits
    ("If we compare the options, B is the only one that fits.", "B"),
    ("If forced to choose, B.", "B"),
    ("If it were up to me, C.", "C"),
    ("If my calculation is right, the answer is B.", "B"),
    ("If that makes sense, the answer is B.", "B"),
    ("If in doubt, B.", "B"),
    ("If the axis is linear (which it is), B.", "B"),
    ("Assuming no air resistance, it's B.", "B"),
    ("If the calculations above are right, B.", "B"),
    ("The graph passes through the origin. If that's the case, B.", "B"),
    # each branch of a condition, whatever the later branch's subject
    ("If the image shows a plant cell, the answer is B; if an animal cell, A.", None),
    # an answer given after the conditional still commits
    ("The curve bends. If the bars are in thousands, B.\n\nAnswer: B", "B"),
    ("If the bars are in thousands, B. They are, so the answer is B.", "B"),
    # a condition in a reason after the answer leaves the answer ("... only if ...; otherwise ...")
    ("The answer is B, because the current only flows if the switch is closed; otherwise the bulb stays dark.", "B"),
])
def test_an_answer_under_a_condition_commits_to_nothing(reply, letter):
    assert _read(reply, LETTERS) == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("If a fair coin is flipped three times, it's 1/8.", {"A": "1/2", "B": "1/4", "C": "1/8", "D": "3/8"}, "C"),
    ("If the train travels 300 km in 3 hours, that's 100 km/h.", {"A": "90 km/h", "B": "100 km/h"}, "B"),
])
def test_a_premise_restated_before_a_value_commits(reply, options, letter):
    assert _read(reply, options) == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("I don't have access to the figure, so I can't see how the arrows are drawn. If the block is on a "
     "frictionless incline, the net force is usually drawn as Arrow 4 — but if it is at rest, none of the arrows "
     "would represent it.", ARROWS, None),
    ("I don't have access to the figure, but here none of the arrows is right: none of the above.", NONE_LAST, "D"),
    ("Without access to the image I can't read the jersey number.\n\nFinal answer: 23",
     {"A": "7", "B": "10", "C": "23", "D": "30"}, None),
    ("None of the above seemed right at first, but recounting gives Arrow 3.", NONE_LAST, "C"),
])
def test_a_refusal_is_not_undone_by_naming_none(reply, options, letter):
    assert _read(reply, options) == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("Option A: magnetism is far too weak. Option B: there is no friction in space. Option C: gravity pulls, but "
     "it would pull the Moon into the Earth. Option D: the centrifugal force balances the pull. So D.", FORCES, "D"),
    ("A. The iron filings cluster. B. The compass deflects. C. Therefore the sample", LETTERS, None),
    ("A. The iron filings cluster, so it is magnetic.", LETTERS, "A"),  # one label opening the reply still chooses
    ("A. Magnetic force. B is wrong.", FORCES, "A"),
    # the opening label, then reasons against the others: the opening is the choice
    ("C. A: too weak. B: needs contact. D: fictitious.", FORCES, "C"),
    ("B. Reason: A. is too small; C. is too big; D. is wrong units.", LETTERS, "B"),
    ("A. Option B: too big. Option C: too small. Option D: wrong unit.", LETTERS, "A"),
])
def test_labels_opening_three_sentences_go_through_the_options(reply, options, letter):
    assert _read(reply, options) == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("Velocity, force and acceleration all have direction. By elimination the remaining option, C, is the "
     "answer.", VECTORS, "C"),
    ("Taking the cues together (consistent with Japan, the UK, Australia and India), the picture was most likely "
     "taken in the United Kingdom.", COUNTRIES, "B"),
    ("The cars drive on the left, which is consistent with Japan, the UK, Australia and India.", COUNTRIES, None),
    ("The cars drive on the left, which is consistent with Japan.", COUNTRIES, "A"),
    ("The signage points to Japan, the country of the rising sun.", COUNTRIES, "A"),  # an apposition is no list
    ("Nitrogen makes up about 78%, oxygen 21%.\n\nTherefore, a is the answer.", GASES, "A"),
    ("Such is the answer: a is the answer.", GASES, "A"),
    ("There is a reason: it's b.", GASES, "B"),  # the article "a" before a noun is still no letter
    # "a" as a variable or part of a name, and a letter set apart by commas without "option": no letter
    ("so a is the answer we want: a = 3.", {"A": "1", "B": "3", "C": "4"}, "B"),
    # (not A; its value 4, option C, is read by no step, as before)
    ("From 2a + 3 = 11, a = 4. Plugging back in, 2(4) + 3 = 11, so a is correct.", {"A": "2", "B": "3", "C": "4"}, None),
    ("vitamin a is the correct answer.", {"A": "Vitamin C", "B": "Vitamin A", "C": "Vitamin D"}, "B"),
    ("The option I eliminated first, A, is the answer to a different question; here it's C.", LETTERS, "C"),
    ("Now, C, is the answer? Checking: C gives 25.1, but", CIRCLE, None),
])
def test_appositives_lists_and_lower_case_a(reply, options, letter):
    assert _read(reply, options) == letter


def _attack_cases():
    path = Path(__file__).parent.parent / "data" / "attack_round16_choice.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8")]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_on_the_first_version_reads_as_labelled(case):
    """The replies a helper's attack found the first version of round 16 reading wrongly (120 of its 639, labelled by
    the grading conventions before either version ran; tests/data/attack_round16_choice.jsonl): the 109 read as
    labelled now (the others: replies answering after saying they cannot see the input, which the conventions read
    as no answer, and a few units the value reading leaves alone)."""
    assert _read(case["reply"], case["options"]) == case["label"], case["why"]
