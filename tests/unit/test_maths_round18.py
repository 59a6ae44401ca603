"""Round 18 of the maths reader (docs/profiles-math.md, "Round 18"), written from round 18's blind probes
(tests/data/probes_round18.jsonl) after they were scored once as round 17's held-out measure, then narrowed after a
helper's attack (the replies the old reader or the first version got wrong, read as labelled now, are
tests/data/attack_round18_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row


def _verdict(prediction: str, answer: str, question: str | None = None, **extra) -> str:
    row = {"prediction": prediction, "answer": answer, **extra}
    if question:
        row["question"] = question
    return score_row("olympiad", row, profile="default").status


PHOTON = "E = hc/λ = (6.626 × 10⁻³⁴ J·s)(2.998 × 10⁸ m/s)/(5.00 × 10⁻⁷ m) ≈ {value} × 10⁻¹⁹ J."


@pytest.mark.parametrize("reply, answer, extra, status", [
    (PHOTON.format(value="3.97"), "2.48", {"unit": "eV", "error": "0.01"}, "correct"),
    (PHOTON.format(value="4.13"), "2.48", {"unit": "eV", "error": "0.01"}, "wrong"),
    ("λ_peak = b/T = (2.898 × 10⁻³ m·K)/(2.725 K) ≈ 1.06 × 10⁻³ m", "1.06", {"unit": "mm", "error": "0.01"},
     "correct"),
    ("ν = c/λ = (2.998 × 10⁸ m/s)/(0.2111 m) ≈ 1.42 × 10⁹ s⁻¹", "1420", {"unit": "MHz", "error": "1"}, "correct"),
    ("λ_C = h/(m_e c) = 6.626 × 10⁻³⁴ / (9.109 × 10⁻³¹ × 2.998 × 10⁸) ≈ 2.426 × 10⁻¹² m", "2.43",
     {"unit": "pm", "error": "0.01"}, "correct"),
])
def test_a_closing_chain_of_unicode_maths_is_read_whole(reply, answer, extra, status):
    assert _verdict(reply, answer, **extra) == status


@pytest.mark.parametrize("reply, answer, status", [
    ("Separating variables, y(x) = 3 exp(2x).", "y=3e^{2x}", "correct"),
    ("Separating variables, y(x) = 3 exp(3x).", "y=3e^{2x}", "wrong"),
])
def test_a_function_applied_is_no_word(reply, answer, status):
    assert _verdict(reply, answer) == status


@pytest.mark.parametrize("reply, status", [
    ("The slope is y'(1) = 2, so the tangent line is 2x − y − 1 = 0.", "correct"),
    ("The slope is 2, so the tangent line is 2x − y + 1 = 0.", "wrong"),  # the equation, not its 0
])
def test_an_equation_in_general_form_after_is(reply, status):
    assert _verdict(reply, "y=2x-1", "Find the equation of the tangent line to y = x^2 at the point (1, 1).") == status


@pytest.mark.parametrize("reply", [
    "The remainder is 2 − 2 = 0.",
    "By Vieta, the sum of the roots is a + b + c = 0.",  # a sum named, no curve's equation: its value
    "In equilibrium the net force is F₁ + F₂ + F₃ = 0.",
])
def test_a_value_closing_a_chain_is_still_the_value(reply):
    assert _verdict(reply, "0") == "correct"


@pytest.mark.parametrize("reply, answer", [
    ("log(8)/log(2) = 3", "3"), ("So tan(π/4) = 1", "1"), ("sin(x)² + cos(x)² = 1", "1"),
])
def test_a_function_applied_before_the_value_leaves_the_value(reply, answer):
    assert _verdict(reply, answer) == "correct"


def test_a_chain_stopping_on_an_expression_is_not_read_whole():
    reply = ("E = hc/λ = (6.626 × 10⁻³⁴)(2.998 × 10⁸)/(5.00 × 10⁻⁷) = 3.97 × 10⁻¹⁹ J = 3.97 × 10⁻¹⁹/1.602 × 10⁻¹⁹")
    assert _verdict(reply, "2.48", unit="eV", error="0.01") == "wrong"


COUNTABLE = "Is the set of real numbers in [0, 1] countable?"


@pytest.mark.parametrize("reply, answer, status", [
    ("Uncountable — Cantor's diagonal argument: given any list of decimal expansions, change the n-th digit of the n-th "
     "number to build one that isn't on the list.", "No", "correct"),
    ("Uncountable — Cantor's diagonal argument: given any list, change the n-th digit.", "Yes", "wrong"),
    ("Countable. Each real is a limit of rationals, and there are countably many rationals.", "No", "wrong"),
])
def test_an_opening_word_stating_the_asked_property(reply, answer, status):
    assert _verdict(reply, answer, COUNTABLE) == status


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round18_maths.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 18 (192, labelled by the grading conventions before either version
    ran) that the reader before this round or the first version of it got wrong, read as labelled now."""
    extra = {k: case[k] for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("reply, answer, unit, status", [
    # a chain closing on the value in another unit of the quantity must restate the earlier value (rule 6): "24 cm"
    # for 24 m is another quantity, whatever the bare step before it equals
    ("d = ½at² = ½ · 3 · 4² = 24 cm", "24", "m", "wrong"),
    ("Q = CV = 10 × 12 = 120 mC", "120", "μC", "wrong"),
    ("d = ½at² = ½ · 3 · 4² = 24 m", "24", "m", "correct"),
    ("d = ½at² = 0.24 m = 24 cm", "24", "cm", "correct"),
])
def test_a_chain_closing_in_another_unit_restates_its_value(reply, answer, unit, status):
    question = "A car starts from rest and accelerates uniformly at 3 m/s² for 4 s. How far does it travel?"
    assert _verdict(reply, answer, question if unit != "μC" else None, unit=unit) == status


PRIME = "Is 1001 a prime number?"


@pytest.mark.parametrize("reply, status", [
    # a closing aside in parentheses telling something else is passed over (round 19's probes)
    ("1001 = 7 × 11 × 13, so it is composite.\n\n(Fun fact: that's why the abcabc trick works — any number abcabc "
     "equals abc × 1001 and is therefore divisible by 7, 11 and 13.)", "correct"),
    ("1001 = 7 × 11 × 13, so it is not prime.\n\n(Side note: 1001 is also a palindrome, like 11 and 101.)", "correct"),
    # an aside that takes the answer back is no aside
    ("1001 = 7 × 11 × 13, so it is not prime.\n\n(By the way, wait: 7 × 11 × 13 = 1001 is wrong, it is prime.)",
     "wrong"),
])
def test_a_closing_trivia_aside_is_passed_over(reply, status):
    assert _verdict(reply, "No", PRIME) == status


@pytest.mark.parametrize("reply, answer, status", [
    # what a "so" concludes in a line of bare maths (round 19's helper attack; round 18's probes h8-099, h8-104)
    ("2x = 10 so x = 5.", "5", "correct"),
    ("2x = 10 so x = 6.", "5", "wrong"),
    ("4 − x² > 0 ⇔ |x| < 2, so D_f = ]−2, 2[.", "(-2,2)", "correct"),
    # an aside answering with a value or correcting is no aside
    ("x = 6.\n\n(By the way, substituting gives 13 ≠ 11, so x = 5.)", "5", "correct"),
    ("3x = 7, so x = 2.\n(Check: 3·2 − 4 = 2 vs 3 required. Fix: x = 7/3.)", "2", "wrong"),
])
def test_what_a_so_concludes_and_asides_that_answer(reply, answer, status):
    assert _verdict(reply, answer) == status
