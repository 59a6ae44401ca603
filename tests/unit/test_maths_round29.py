"""Round 29 of the readers (docs/profiles-math.md, "Round 29"), written from round 30's blind probes
(tests/data/probes_round30.jsonl) after they were scored once as the held-out measure of round 28, then narrowed after
a helper's attack (its replies the reader before this round got wrong, read as labelled now:
tests/data/attack_round29_maths.jsonl)."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.choice.normalize import norm_text
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.extract import chance_in_words
from pytest_answerbench.maths.units import unit_factor

BLANKS = ("Fill in the blanks: the remainder when $2^{10}$ is divided by 7 is ___, and the quotient when 100 is divided "
          "by 7 is ___.")
GROWTH = "Find the general solution of $y' = 2y$."
COMPTON = "What is the Compton wavelength of the electron?"
LIMIT = "Does the improper integral $\\int_0^1 \\frac{dx}{\\sqrt{x}}$ converge?"


@pytest.mark.parametrize("sentence, value", [
    ("Six equally likely faces, exactly one of them shows a 4 — so there's one chance in six.", "\\frac{1}{6}"),
    ("So the chance is 16 in 52, i.e. **4 in 13**.", "\\frac{4}{13}"),
    ("So the chance is 16 in 52, i.e. 5 in 13.", "\\frac{5}{13}"),  # the restated form is the one stated last
    ("So the chance of rolling a total of 7 is one in six, which makes 7 the most likely sum.", "\\frac{1}{6}"),
    ("She has 3 in 10 friends.", None),
])
def test_chances_in_words(sentence, value):
    assert chance_in_words(sentence) == value


def test_peta():
    assert unit_factor("PHz", "Hz") == 10**15
    assert unit_factor("Pa", "kPa") is not None  # the pascal is no peta-annum
    assert unit_factor("EV", "eV") is None  # no exa: "13.6 EV" is no exavolt (dropped after the attack)


@pytest.mark.parametrize("reply, answer, question, status", [
    ("- $2^{10}=1024 = 7\\cdot146 + 2$ → remainder **2**\n- $100 = 7\\cdot 14 + 2$ → quotient **14**\n\nBlanks: 2, 14",
     "2; 14", BLANKS, "correct"),
    ("Blanks: 14, 2", "2; 14", BLANKS, "wrong"),  # in order
    ("Answers: 2, 14", "2; 14", BLANKS, "correct"),
    ("So $(1,2)$ (including $x=2$).", "$(1,2)$", None, "wrong"),  # an included value is read
    ("So $x = 2k\\pi$, $k \\in \\mathbb{N}$.", "x=2k\\pi,\\ k\\in\\mathbb{Z}", None, "wrong"),  # fewer than the integers
    ("So $x = 2k\\pi$, $k \\in \\mathbb{Z}$.", "x=2k\\pi,\\ k\\in\\mathbb{Z}", None, "correct"),
    ("So $x = 2k\\pi$, $k \\in \\mathbb{N}$.", "x=2k\\pi,\\ k\\in\\mathbb{N}", None, "correct"),
    ("So the pairs are $(k, k+1)$, $k \\ge 1$.", "(k, k+1) \\text{ for all positive integers } k", None, "correct"),
    ("Separate variables.\n\nGeneral solution: $y(x) = A\\,e^{2x}$, $A\\in\\mathbb{R}$ (including $A=0$).",
     "$y=Ce^{2x}$", GROWTH, "correct"),
    ("Separate variables.\n\nGeneral solution: $y(x) = A\\,e^{3x}$, $A\\in\\mathbb{R}$ (including $A=0$).",
     "$y=Ce^{2x}$", GROWTH, "wrong"),
    ("λ_C = h / (m_e c)\n\n→ λ_C ≈ 2.43 × 10⁻¹² m", "2.43 pm", COMPTON, "correct"),
    ("λ_C = h / (m_e c)\n\n→ λ_C ≈ 2.43 × 10⁻¹¹ m", "2.43 pm", COMPTON, "wrong"),
    ("ν = E/h\n\nν ≈ 3.29 PHz", "3.29e15 Hz", None, "correct"),
    ("ν = E/h\n\nν ≈ 3.29 THz", "3.29e15 Hz", None, "wrong"),
    ("$$\\vec v = \\hat{\\imath} - 2\\hat{\\jmath} + 3\\hat{k}.$$", "$(1,-2,3)$", None, "correct"),
    ("$$\\vec v = \\hat{\\imath} + 2\\hat{\\jmath} + 3\\hat{k}.$$", "$(1,-2,3)$", None, "wrong"),
    ("$\\int_\\varepsilon^1 x^{-1/2}\\,dx = 2 - 2\\sqrt\\varepsilon \\to 2.$ A finite value, so it's convergent.\n\n"
     "If the integrand had been $1/x$ instead, we'd get $-\\ln\\varepsilon\\to\\infty$ and divergence.", "Converges",
     LIMIT, "correct"),
])
def test_round_29_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("case", _attack("attack_round29_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


ORGANELLES = {"A": "Ribosome", "B": "Mitochondrion", "C": "Golgi apparatus", "D": "Nucleus"}
ANGLES = {"A": "$\\pi/4$", "B": "$\\pi/2$", "C": "$\\pi$", "D": "$2\\pi$"}
POWERS = {"A": "2^10", "B": "10^3", "C": "3^6", "D": "5^4"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Could be A or B — ribosomes are heavily involved in energy-consuming processes too. Hard to say.", ORGANELLES, None),
    ("Could be A or B. After checking, it is B.", ORGANELLES, "B"),  # a letter chosen after the hedge
    ("Either B or D, and the open mouth says D.", {"A": "cat", "B": "dog", "C": "bird", "D": "open mouth"}, "D"),
    ("A right angle is 90 degrees.", ANGLES, "B"),  # the article, not option A (round 30: the value, option B)
    ("A, right.", ORGANELLES, "A"),
    ("2¹⁰ = 1024, just edging out 10³ = 1000; 3⁶ = 729 and 5⁴ = 625 are well behind.", POWERS, None),  # all four named
    ("The largest is 2¹⁰.", POWERS, "A"),
])
def test_round_29_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


def test_superscripts_after_any_base_are_powers():
    assert norm_text("2¹⁰ = 1024") == "2^10 = 1024" and norm_text("x² + 1") == "x^2 + 1" and norm_text("10³") == "10^3"


@pytest.mark.parametrize("case", _attack("attack_round29_choice.jsonl"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    assert infer_choice(case["prediction"], case["options"], same_value=states_value).letter == case["label"], case["why"]
