"""Readings added for the trace_math dev misses (``tests/data/trace_math.README.md``, "After the rules"), each a
principle with the near misses that must keep their verdict: an ordinal suffix on a whole number, a numeral without
its base when the question asks that base, the precision the question states, a number times the quantity the
question asks the answer in units of, a subscripted name before a bracket as a factor, a differential equation
divided through by its coefficient, and a ``Final Answer`` heading whose lead-in introduces a display."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.asked import asked_base, stated_precision
from pytest_answerbench.maths.normalize import clean, ordinal_number


# ---- an ordinal suffix ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("12^{th}", "12"), ("12^{\\text{th}}", "12"), ("12^\\text{th}", "12"), ("12th", "12"),
    ("1^{\\mathrm{st}}", "1"), ("22nd", "22"), ("13^{th}", "13"), ("111^{th}", "111"), ("23rd", "23"),
])
def test_a_whole_number_with_its_ordinal_suffix_is_the_number(text, value):
    assert clean(text).text == value


@pytest.mark.parametrize("text", ["12^{2}", "12^{st}", "3^{th}", "12^{t}", "11^{st}", "2^{n}"])
def test_other_raised_text_is_no_ordinal(text):
    assert ordinal_number(clean(text).text) == clean(text).text
    assert clean(text).text != text.split("^")[0]


def test_ordinals_against_the_gold():
    assert maths.equivalent("12", "12^{\\text{th}}")[0]
    assert not maths.equivalent("12", "12^{2}")[0]
    assert not maths.equivalent("12", "11^{th}")[0]
    assert not maths.equivalent("12", "12^{st}")[0]


# ---- a numeral in the base the question asks ---------------------------------------------------------------------

_OCTAL = "The binary number $10101001110_{2}$ is equal to what number in base eight?"


@pytest.mark.parametrize("question, base", [
    (_OCTAL, 8), ("Write 100 in base 3.", 3), ("Convert it to base $16$.", 16), ("Express it in base-5.", 5),
    ("What is 7 in decimal?", None), ("in base eight or in base 2?", None), ("A base of 8 cm.", None),
])
def test_the_base_a_question_asks(question, base):
    assert asked_base(question) == base


@pytest.mark.parametrize("gold, pred, question, same", [
    ("2516_8", "2516", _OCTAL, True),
    ("2516", "2516_8", _OCTAL, True),      # the other way round: the gold without its base
    ("2516_8", "1358", _OCTAL, False),     # its value in base ten, when base eight is asked
    ("2516_8", "1358", None, True),        # (without the question, the numeral's value)
    ("1358", "2516_8", _OCTAL, True),      # a gold written as the value stays the value
    ("2516_8", "2516", None, False),       # no question: 2516 is two thousand five hundred and sixteen
    ("2516_8", "2516", "Convert the number to base 10.", False),  # another base asked
    ("2516_8", "2517", _OCTAL, False),
    ("2516_8", "2516_{10}", _OCTAL, False),
])
def test_a_numeral_without_its_base(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same


# ---- the precision the question states ---------------------------------------------------------------------------

_VOLTS = "Calculate the minimum potential $(V)$ in volts (to 1 decimal place) which must be applied"
_MANTISSA = "Please format your answer as $n \\times 10^x$ where $n$ is to 2 decimal places."


@pytest.mark.parametrize("question, gold, step", [
    (_VOLTS, "13.1", 0.1),
    ("Round your answer to the nearest tenth of a cent.", "5.4 \\text{ cents}", 0.1),
    ("Express your answer as a decimal to the nearest hundredth.", "1.25", 0.01),
    ("Express your answer to the nearest whole number.", "32,348", 1.0),
    ("Round your answer to the nearest ten.", "920", 10.0),
    ("Answer to three significant figures.", "1.07e16", 1e14),
    (_MANTISSA, "2.26e-10", 1e-12),  # the places are the mantissa's
    ("At the end of 1998, determine the value of $r$ correct to one decimal place.", "4.2", 0.1),
])
def test_a_stated_precision_is_half_a_unit_of_its_last_place(question, gold, step):
    assert stated_precision(question, gold) == pytest.approx(step / 2)


@pytest.mark.parametrize("question, gold", [
    ("How far is it?", "13.1"),
    ("How many decimal places does 1/8 have?", "3"),
    ("Give the answer to 2 decimal places, and to 3 significant figures.", "13.1"),  # two different precisions
    ("Round your answer to a single decimal place.", "7.6Z"),  # not one plain number
    ("Round 3.14159 to the nearest hundredth.", "3.14"),  # rounding is the task: 3.14159 does not answer it
    ("What is 7.07 rounded to the nearest integer?", "7"),
    ("Find the nearest integer to $\\sqrt{50}$.", "7"),
    ("Give your answer to 2 decimal places.", "\\frac{1}{3}"),
])
def test_no_stated_precision(question, gold):
    assert stated_precision(question, gold) is None


@pytest.mark.parametrize("gold, pred, question, same", [
    ("13.1", "13.056 \\text{ V}", _VOLTS, True),
    ("13.1", "13.14", _VOLTS, True),
    ("13.1", "13.0", _VOLTS, False),
    ("13.1", "13", _VOLTS, False),
    ("13.1", "13.16", _VOLTS, False),
    ("13.1", "13.056", None, False),           # no stated precision: no implicit tolerance
    ("13.1", "13.056", "What is the potential in volts?", False),
    ("2.26e-10", "2.264\\times10^{-10}", _MANTISSA, True),
    ("2.26e-10", "2.3\\times10^{-10}", _MANTISSA, False),
    ("2.26e-10", "2.26\\times10^{-9}", _MANTISSA, False),
])
def test_answers_read_at_the_stated_precision(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same


# ---- a number in units of the quantity the question names --------------------------------------------------------

_SUN = "Find its bolometric (total) luminosity in units of the bolometric luminosity of the Sun."


@pytest.mark.parametrize("gold, pred, question, same", [
    ("15625", "15625 L_{\\odot}", _SUN, True),
    ("3", "3 M_{\\oplus}", "Give the planet's mass as a multiple of the Earth's mass.", True),
    ("15625", "15625 L_{\\odot}", "Find its bolometric luminosity.", False),  # no unit asked
    ("15625", "15626 L_{\\odot}", _SUN, False),
    ("15625", "15625 x", _SUN, False),            # a variable, not a quantity
    ("15625", "15625 L_{\\odot} R", _SUN, False),  # two quantities
    ("15625", "15625 L_{\\odot}^{2}", _SUN, False),
])
def test_a_number_in_units_of_the_asked_quantity(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same


# ---- a subscripted name before a bracket -------------------------------------------------------------------------

_OMEGA = "\\frac{v_{0}}{r_{0}}\\frac{1}{(1+r/r_{0})^{3/2}}"


@pytest.mark.parametrize("pred, same", [
    ("\\frac{v_{0}}{r_{0} \\left(1 + \\frac{r}{r_{0}}\\right)^{3/2}}", True),
    ("\\omega(r) = \\frac{v_{0}}{r_{0} \\left(1 + \\frac{r}{r_{0}}\\right)^{3/2}}", True),  # the asked name
    ("\\frac{v_{0}}{r_{0}^{2} \\left(1 + \\frac{r}{r_{0}}\\right)^{3/2}}", False),
    ("\\frac{v_{0}}{r_{0} \\left(1 + \\frac{r}{r_{0}}\\right)^{1/2}}", False),  # the power is the bracket's
])
def test_a_subscripted_name_standing_alone_is_a_factor_before_a_bracket(pred, same):
    assert maths.equivalent(_OMEGA, pred)[0] is same


def test_a_named_left_side_is_never_dropped_into_a_product():
    assert maths.equivalent("3", "x = 3")[0]
    assert not maths.equivalent("3x", "x = 3")[0]


# ---- a differential equation divided through by its coefficient --------------------------------------------------

_ROTOR = "I\\frac{d\\omega}{dt}+2B\\omega=T"


@pytest.mark.parametrize("gold, pred, same", [
    (_ROTOR, "\\frac{d\\omega}{dt} = \\frac{1}{I}T - \\frac{2B}{I}\\omega", True),
    (_ROTOR, "\\frac{d\\omega}{dt} = \\frac{T}{I} - \\frac{2B}{I}\\omega", True),
    (_ROTOR, "2I\\dot\\omega + 4B\\omega = 2T", True),
    ("m x'' + k x = 0", "x'' + \\frac{k}{m} x = 0", True),
    (_ROTOR, "\\frac{d\\omega}{dt} = \\frac{T}{I} - \\frac{B}{I}\\omega", False),
    (_ROTOR, "\\omega\\frac{d\\omega}{dt} = \\frac{T\\omega}{I} - \\frac{2B}{I}\\omega^2", False),  # by the unknown
    ("m x'' + k x = 0", "t x'' + \\frac{k t}{m} x = 0", False),  # by a quantity only one side writes
    ("m x'' + k x = 0", "x x'' + \\frac{k}{m} x^2 = 0", False),
    ("x^2 = x", "x = 1", False),       # no derivative: an algebraic equation divided by x loses x = 0
    ("a x = b", "x = \\frac{b}{a}", False),  # (unchanged: no derivative, only a number may scale it)
])
def test_a_differential_equation_divided_through(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- a "Final Answer" heading ------------------------------------------------------------------------------------

@pytest.mark.parametrize("response, answer", [
    ("Work.\n\n### Final Answer\n\nThe value of \\( c \\) is:\n\n\\[\nc = I(0)\n\\]", "c = I(0)"),
    ("Work.\n\n## Final Answer:\n\n\\[\n5\n\\]", "5"),
    ("Work.\n### Final Answer\n7", "7"),
])
def test_a_final_answer_heading_states_what_follows(response, answer):
    found = maths.final_answer(response)
    assert found is not None and found.answers == (answer,) and found.method == "answer-line"


@pytest.mark.parametrize("response, answer, method", [
    ("Work.\n### Final Answer\n\\boxed{4}\n", "4", "boxed"),            # the box it holds counts
    ("Work.\n### Final answer check\nWe got 4.", "4", "prose"),         # a heading that is no answer heading
    ("### Final Answer\nIt is 3.\n\n### Part 2\nThe sum is \\boxed{9}.", "9", "boxed"),  # a later box wins
])
def test_a_heading_that_is_not_the_last_commitment(response, answer, method):
    found = maths.final_answer(response)
    assert found is not None and found.answers == (answer,) and found.method == method


# ---- end to end through the olympiad scorer ----------------------------------------------------------------------

def test_the_olympiad_scorer_reads_the_question_for_base_and_precision():
    row = {"answer": "2516_8", "prediction": "Grouping the bits gives $\\boxed{2516}$.", "question": _OCTAL}
    assert score_row("olympiad", row, profile="default").correct
    row.pop("question")
    assert not score_row("olympiad", row, profile="default").correct
    row = {"answer": "13.1", "prediction": "So $V = \\boxed{13.056 \\text{ V}}$.", "question": _VOLTS}
    assert score_row("olympiad", row, profile="default").correct
    row["question"] = "Calculate the minimum potential in volts."
    assert not score_row("olympiad", row, profile="default").correct
