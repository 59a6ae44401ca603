"""Readings added for the fourth batch of hand-written multiple-choice hard cases (ids ``c4-`` in
``tests/data/choice_hard_cases.jsonl``, scored once before any of them): visual-maths values against option texts,
a letter beside another option's value, someone else's pick, a qualified colour. Each principle with the replies it
reads and the near misses that must keep their reading (docs/profiles-mc.md, "Hard cases").
"""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

SLOPES = {"A": "2", "B": "-2", "C": "1/2", "D": "-1/2"}
HEIGHTS = {"A": "2", "B": "2√3", "C": "4√3", "D": "8"}
AREAS = {"A": "12 cm²", "B": "14 cm²", "C": "24 cm²", "D": "7 cm²"}
ANGLES = {"A": "30°", "B": "45°", "C": "60°", "D": "90°"}
RADII = {"A": "2 cm", "B": "3 cm", "C": "4 cm", "D": "8 cm"}
LOSS = {"A": "The loss decreases", "B": "The loss increases", "C": "The loss stays constant", "D": "It oscillates"}
COLOURS = {"A": "green", "B": "yellow", "C": "blue", "D": "red"}
MECHANISMS = {"A": "SN1", "B": "SN2", "C": "E1", "D": "E2"}
ENERGIES = {"A": "2.48 eV", "B": "4.96 eV", "C": "1.24 eV", "D": "3.10 eV"}
ARCS = {"A": "30°", "B": "60°", "C": "120°", "D": "240°"}
NUMBERS = {"A": "2", "B": "4", "C": "6", "D": "8"}


def _case(reply: str, options: dict[str, str], letter: str | None, near: bool = False):
    return pytest.param(reply, options, letter, id=f"{'near-' if near else ''}{reply[:40]}")


#: (principle, cases): each principle's replies (the reading it adds) and its near misses (``near=True``)
CASES = {
    "a number inside a larger value (a sign, a fraction, a power, a radical, π) is not an option": [
        _case("The slope is −1/2.", SLOPES, "D"),  # the Unicode minus is a minus
        _case("slope = −1/2", SLOPES, "D"),
        _case("The slope is −2.", SLOPES, "B"),
        _case("The slope is 3/2.", SLOPES, None),  # not the "2" of the denominator
        _case("So h = $\\sqrt{20} = 2\\sqrt{5}$.", HEIGHTS, None),  # a radical's coefficient is not "2"
        _case("h = 2√5", HEIGHTS, None),
        _case("x = 5π√3 - 15/9", {"A": "11", "B": "6", "C": "15", "D": "39"}, None),  # a numerator is not "15"
        _case("So h = $\\sqrt{4^2 + 2^2}$.", NUMBERS, None),  # a power's base or exponent is not the option "2"
        _case("The answer is 2√5.", HEIGHTS, None),  # after an answer marker too
        _case("$\\boxed{2\\sqrt{5}}$", HEIGHTS, None),
        _case("The answer is -2.", NUMBERS, None),  # a minus sign is no bullet or dash
        _case("x is -2.", NUMBERS, None),
        _case("-2", NUMBERS, None),
        _case("Answer: −2", NUMBERS, None),
        _case("Answer: 2π", NUMBERS, None),
        _case("Answer: 2^3", NUMBERS, None),
        _case("Answer: 1/2", SLOPES, "C"),  # a fraction is no "1 or 2"
        _case("Answer: -1/2", SLOPES, "D"),
        _case("$\\boxed{1/2}$", SLOPES, "C"),
        _case("The answer is 4.", NUMBERS, "B", near=True),
        _case("Answer: - 2", NUMBERS, "A", near=True),  # a dash before the value, with a space
        _case("Answer: B/D", NUMBERS, None, near=True),  # two letters with a slash still offer two options
        _case("Answer: 4 or 6", NUMBERS, None, near=True),
        _case("The area is $24\\pi$ square units.", {"A": "12π", "B": "18π", "C": "24π", "D": "36π"}, "C",
              near=True),
        _case("The slope is 1/2.", SLOPES, "C", near=True),
        _case("The slope is -1/2.", SLOPES, "D", near=True),
        _case("h = 2√3", HEIGHTS, "B", near=True),
        _case("h = $2\\sqrt{3}$", HEIGHTS, "B", near=True),
        _case("h = 2 units", HEIGHTS, "A", near=True),
        _case("There are 4 black circles out of 12, so the fraction is $4/12 = 0.\\overline{3}$.",
              {"A": "1/4", "B": "1/3", "C": "3/10", "D": "1/2"}, "B", near=True),
    ],
    "a squared unit of another symbol, after LaTeX spacing, names no option": [
        _case("The area is 12 m².", AREAS, None),
        _case("The area is $12\\,\\text{m}^2$.", AREAS, None),
        _case("The area is 12 mm^2", AREAS, None),
        _case("The area is 12 cm².", AREAS, "A", near=True),
        _case("The area is $12\\,\\text{cm}^2$.", AREAS, "A", near=True),
        _case("The area is 12.", AREAS, "A", near=True),
        _case("The area is 12 square metres.", AREAS, "A", near=True),
        _case("The area is 12 cm^2", AREAS, "A", near=True),
    ],
    "a value worked out after an option's value, naming no option, is the answer": [
        _case("The angle at C is 90°. So the answer is 22.5°.", ANGLES, None),
        _case("The angle at C is 90°, so ∠A = 22.5°.", ANGLES, None),
        _case("The angle at C is 90°. Halving gives $\\angle BAD = 22.5^\\circ$.", ANGLES, None),
        _case("The angle at C is 90°. So ∠A = 45°.", ANGLES, "B", near=True),
        _case("The answer is 90°, since x = 3.", ANGLES, "D", near=True),  # a value in the reason after the answer
        _case("∠A = 90° = 90.0°", ANGLES, "D", near=True),
        _case("So the angle is 45°, and the other one = 135°.", ANGLES, "B", near=True),  # concluded on 45° first
        _case("The length is 4 cm, since the perimeter 4 × 4 = 16 matches.", NUMBERS, "B", near=True),  # a reason
        _case("The length is 4 cm. Check: 4 × 4 = 16.", NUMBERS, "B", near=True),
        _case("The side is 4, so the area = 16.", NUMBERS, None),
    ],
    "someone else's pick or answer is not the reply's": [
        _case("Their pick is D.", LOSS, None),
        _case("His answer is D.", LOSS, None),
        _case("The model before me chose A.", LOSS, None),
        _case("My friend picked C.", LOSS, None),
        _case("The student's answer is D.", LOSS, None),
        _case("His answer is B, but the curve goes up and down after epoch 5, so mine is D.", LOSS, "D"),
        _case("As a model I chose A.", LOSS, "A", near=True),
        _case("My answer is D.", LOSS, "D", near=True),
        _case("Our pick is D.", LOSS, "D", near=True),
        _case("Mine is D.", LOSS, "D", near=True),
        _case("The question's answer is D.", LOSS, "D", near=True),
        _case("Many people pick B; my pick is D.", LOSS, "D", near=True),
        _case("They said B. I say D.", LOSS, "D", near=True),
    ],
    "a colour qualified by another ('greenish blue') is another colour": [
        _case("Greenish blue.", COLOURS, None),
        _case("Greenish blue", COLOURS, None),
        _case("It is a bluish green car.", COLOURS, None),
        _case("It is a bluish-green car.", COLOURS, None),
        _case("Light blue.", COLOURS, "C", near=True),
        _case("It is dark green.", COLOURS, "A", near=True),
        _case("Blue, greenish at the edges.", COLOURS, "C", near=True),
        _case("It is blue-ish.", COLOURS, "C", near=True),
    ],
    "an answer word called wrong rules its letter out, text and value included; so does 'not (B)'": [
        _case("Incorrect choice: (B)", ANGLES, None),
        _case("Angle 2 is small. Not (B)", ANGLES, None),
        _case("Wrong answer: C", ANGLES, None),
        _case("Angle 2 is the complement of the 45° angle.\n\nIncorrect choice: (B)", ANGLES, None),  # nor by value
        _case("Angle 2 is 45°. B is wrong.", ANGLES, None),
        _case("C. The loss first decreases then increases. A is incorrect because the loss rises at the end.",
              {"A": "The loss decreases monotonically", "B": "The loss increases",
               "C": "The loss first decreases then increases", "D": "The loss stays constant"}, "C", near=True),
        _case("Angle 2 is 45°. A is wrong.", ANGLES, "B", near=True),
        _case("Correct choice: (B)", ANGLES, "B", near=True),
        _case("Angle 2 is 45 (B).", ANGLES, "B", near=True),
        _case("The wrong option is C. Answer: B", ANGLES, "B", near=True),
        _case("[Choices] (A) Option A in the image (B) Option B in the image (C) All answer options are incorrect "
              "Answer: (C). Option A is incorrect because it is not a complex statement.",
              {"A": "Option A in the image", "B": "Option B in the image",
               "C": "All answer options are incorrect"}, "C", near=True),
    ],
    "a letter given as the name of the value just stated must agree with it": [
        _case("So r = 8/2. The answer is 4 cm, i.e. D.", RADII, None),
        _case("r = 4 cm, which is option D.", RADII, None),
        _case("The radius is 4. This corresponds to option D.", RADII, None),
        _case("So r = 8/2. The answer is 4 cm, i.e. C.", RADII, "C", near=True),
        _case("r = 4 cm, which is option C.", RADII, "C", near=True),
        _case("Correct option: C (45°).", ANGLES, None),  # a letter with another option's value in brackets
        _case("The answer is C (dog).", {"A": "cat", "B": "dog", "C": "cow", "D": "pig"}, None),
        _case("Correct option: C (60°).", ANGLES, "C", near=True),
        _case("The answer is C (see above).", {"A": "cat", "B": "dog", "C": "cow", "D": "pig"}, "C", near=True),
        _case("Therefore, x = 6 (option B).", NUMBERS, None),
        _case("Therefore, x = 4 (option B).", NUMBERS, "B", near=True),
        _case("The radius is 4. This corresponds to option C.", RADII, "C", near=True),
        _case("The answer is 4 cm, i.e. D. Sorry: the answer is 8 cm, i.e. D.", RADII, "D", near=True),
    ],
    "'the answer is option A' is an answer, not an introduction of the options": [
        _case("So the answer is option A, because ethanol at reflux is still mostly substitution.", MECHANISMS, "A"),
        _case("The answer option is A.", MECHANISMS, "A", near=True),
        _case("The answer options: A is SN1, B is SN2.", MECHANISMS, None, near=True),
        # an option's own words quoted after its label are no answer marker
        _case("(B) the answer is option C in the image",
              {"A": "the answer is option A in the image", "B": "the answer is option C in the image",
               "C": "The listed choices given in the text as they all appear to be incorrect.",
               "D": "option B in the image is the answer."}, "B", near=True),
    ],
    "an answer limited to a case ('only for ...') is conditional": [
        _case("The correct option is (A) 2.48 eV only for a photon in vacuum; so in the glass of the figure the "
              "energy read from it is (B) 4.96 eV.", ENERGIES, "B"),
        _case("The answer is A only if the photon is in vacuum.", ENERGIES, None),
        _case("The answer is A. It holds only for photons in vacuum.", ENERGIES, "A", near=True),
        _case("The answer is A, the only one for a photon in vacuum.", ENERGIES, "A", near=True),
    ],
    "an angle in radians is the option of the same angle in degrees": [
        _case("Answer: (C) $\\frac{\\pi}{4}$", ANGLES, None),  # C is 60°, π/4 is B's 45°
        _case("Answer: π/4", ANGLES, "B"),
        _case("Answer: (C) $\\frac{\\pi}{3}$", ANGLES, "C", near=True),
        _case("Answer: (B) π/4", ANGLES, "B", near=True),
    ],
    "TeX commands between two boxes are markup: two boxes with 'or' between are a hedge": [
        _case("\\boxed{60^{\\circ}} or \\boxed{120^{\\circ}}", ARCS, None),
        _case("$$\\boxed{60^{\\circ}}$$ or $\\boxed{120^{\\circ}}$ if C lies on the minor arc.", ARCS, None),
        _case("\\boxed{60^{\\circ}}, then recheck: \\boxed{120^{\\circ}}", ARCS, "C", near=True),  # a revision
        _case("$$\\boxed{60^{\\circ}}$$", ARCS, "B", near=True),
    ],
}


@pytest.mark.parametrize("reply, options, letter", [case for cases in CASES.values() for case in cases])
def test_a_value_reading_and_its_near_misses(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


def test_every_principle_has_readings_and_near_misses():
    for principle, cases in CASES.items():
        ids = [case.id for case in cases]
        assert any(i.startswith("near-") for i in ids) and not all(i.startswith("near-") for i in ids), principle
