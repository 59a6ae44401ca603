"""Readings added for the trace_math held-out misses, read after that split was scored (``tests/data/
trace_math.README.md``, "The held-out misses read (round 3)"), each a principle with the near misses that must keep
their verdict: a problem the response poses itself with no label after its boxed answer, a number in e-notation
before a unit, a unit of one letter set upright, and a prime after a subscript of one character; and, from reading
the held-out split's units rows, the unit the question asks the answer in and astronomy's units."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.asked import asked_unit
from pytest_answerbench.maths.compare.equations import symbolic
from pytest_answerbench.maths.normalize import clean
from pytest_answerbench.maths.symbols import read_notation
from pytest_answerbench.maths.units import upright_unit


# ---- a problem posed with no label after the boxed answer ----------------------------------------------------------

_SETS = ("Alice chooses a set $A$ of positive integers. Then Bob lists all finite nonempty sets $B$ of positive "
         "integers with the property that the maximum element of $B$ belongs to $A$. Bob's list has 2024 sets. "
         "Find the sum of the elements of A.")
_SOLVED = ("Each element $a$ of $A$ is the maximum of $2^{a-1}$ sets, and 2024 in binary gives the exponents, so "
           "$A = \\{4, 6, 7, 8, 9, 10, 11\\}$.\n\nTherefore, the sum of the elements of $A$ is $\\boxed{55}$.\n\n")
_DICE = ("Sam is playing a game of chance where he needs to roll two dice and get a sum of 10 to win a prize. The "
         "game costs $2 to play, and if Sam wins, he gets a prize of $10. If Sam plays the game 100 times, how much "
         "money does he make or lose? To determine this, we compute the probability of rolling 10: 3/36.\n\n"
         "So, the final answer is:\n\n\\boxed{117}\n")
_TANGENT = ("Given the function $f(x) = \\ln x$, find the equation of the tangent line to the curve at the point "
            "where $x = 1$. Then, determine the area of the triangle formed by the tangent line and the axes. The "
            "slope is 1, so the line is $y = x - 1$ and the area is $\\boxed{\\frac{1}{2}}$.\n")


_REMARK = "Where:\n- $A$ is the set Alice chooses.\n- $B$ ranges over Bob's sets.\n\n"
_FARMER = ("A farmer keeps 17 sheep in a meadow and buys 5 more lambs at the market each week for 3 weeks, while his "
           "neighbour sells goats. How many sheep does the farmer own at the end? We add 15 to 17: $\\boxed{32}$.")


@pytest.mark.parametrize("tail", [_DICE, _DICE + "\n" + _TANGENT, _TANGENT, _REMARK + _DICE, _FARMER])
def test_a_problem_the_response_poses_itself_after_its_boxed_answer_is_not_read(tail):
    found = maths.final_answer(_SOLVED + tail, question=_SETS)
    assert found is not None and found.answers == ("55",) and found.method == "boxed"


def test_the_run_on_problem_end_to_end():
    row = {"answer": "055", "prediction": _SOLVED + _DICE, "question": _SETS, "id": "r"}
    assert score_row("olympiad", row, profile="default").correct
    assert score_row("imo", dict(row, Problem=_SETS), profile="default").correct
    row["answer"] = "117"  # the invented problem's answer is not the response's
    assert not score_row("olympiad", row, profile="default").correct


_TWO_PARTS = ("A right triangle has legs 3 and 4. Find the length of the hypotenuse. Then find the area of the "
              "triangle with legs 3 and 4.")


@pytest.mark.parametrize("response, question, answer", [
    # no question known: nothing tells an invented problem from the row's own, so no cut (the last box counts)
    (_SOLVED + _DICE, None, "117"),
    # the next part of the row's question, asked in its words: the last box answers it
    ("By Pythagoras the hypotenuse is $\\boxed{5}$.\n\nNow find the area of the triangle with legs 3 and 4? The "
     "area of a right triangle is half the product of the legs, so the area is $\\boxed{6}$.",
     _TWO_PARTS, "6"),
    # a check in the response's own words, even phrased as a question, is no new problem
    (_SOLVED + "Does the set $A = \\{4, 6, 7, 8, 9, 10, 11\\}$ give 2024 sets? Each element of $A$ is the maximum "
               "of $2^{a-1}$ sets: the sum is 2024, so the sum of the elements of $A$ is $\\boxed{55}$.", _SETS, "55"),
    # a paragraph that asks nothing (a remark in new words) is no new problem: the later box still counts
    (_SOLVED + "Reflecting briefly: binary expansions uniquely determine which distinct powers appear, hence "
               "uniqueness follows immediately; correcting one earlier slip, $\\boxed{56}$.", _SETS, "56"),
    # the box does not close its paragraph (the sentence goes on): no cut
    ("We get $\\boxed{55}$ as the sum so far\nSam is playing a game of chance where he needs to roll two dice and "
     "wins a prize of ten dollars. How much money does he make? He loses $\\boxed{117}$.", _SETS, "117"),
    # a step's heading in words of its own is no new problem ("Simplify the signs: ..."), nor a short question
    ("So far $\\boxed{3}$.\n\nCompute the discriminant of the quadratic polynomial with leading coefficient two: "
     "it is $b^2 - 4ac$, negative, hence no real roots.\n\nSo $\\boxed{0}$ real roots.", "How many real roots?", "0"),
    (_SOLVED + "What about zero?\n\nZero is no positive integer, so it changes nothing: $\\boxed{55}$.", _SETS, "55"),
    # a retraction after the box is read as one, not as a new problem
    (_SOLVED + "Wait, is that right? I misread the list: Bob lists sets whose maximum is in A, so recounting gives "
               "$\\boxed{56}$.", _SETS, "56"),
])
def test_near_misses_keep_the_last_commitment(response, question, answer):
    found = maths.final_answer(response, question=question)
    assert found is not None and found.answers == (answer,)


# ---- a number in e-notation is a number ------------------------------------------------------------------------

@pytest.mark.parametrize("text, is_symbolic", [
    ("1e-8", False), ("6.5E-2", False), ("1.5e+3", False), ("3e8", False), ("x = 2e-3", False),
    ("2e", True), ("e^{-8}", True), ("2 e x", True), ("1e-8 x", True), ("ae-3", True),
])
def test_e_notation_is_no_letter(text, is_symbolic):
    assert symbolic(text) is is_symbolic


@pytest.mark.parametrize("gold, pred, same", [
    ("1e-8", "1 \\times 10^{-8} \\text{ V}", True),
    ("1e-8", "1e-8 V", True),
    ("2e-3", "0.002\\ \\mathrm{m}", True),
    ("6.5e-2", "6.5 \\times 10^{-2} \\text{ eV}", True),
    ("1e-8", "2 \\times 10^{-8} \\text{ V}", False),   # another value
    ("1e-8", "1 \\times 10^{-7} \\text{ V}", False),
    ("2e", "2e\\ \\mathrm{m}", True),                     # 2e stays twice Euler's number, with its unit
    ("2e", "5.436\\ \\mathrm{m}", False),
])
def test_e_notation_gold_against_a_value_with_its_unit(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- a unit of one letter set upright ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, value, unit", [
    ("1 \\times 10^{-8} \\text{ F}", "1 \\times 10^{-8}", "F"),
    ("3\\,\\mathrm{H}", "3", "H"), ("3 {\\rm S}", "3", "S"), ("0.5\\ \\textrm{T}", "0.5", "T"),
    ("2.0\\text{F}.", "2.0", "F"),
])
def test_an_upright_letter_after_a_number_is_its_unit(text, value, unit):
    item = clean(text)
    assert (item.text, item.unit) == (value, unit)


@pytest.mark.parametrize("text", [
    "2F",                          # not upright: a multiple of a quantity F
    "3 \\text{ x}",                # no unit symbol
    "3 \\mathrm{e}",
    "x \\text{ F}",                # not a number before it
    "\\frac{q}{V} \\text{ F}",
])
def test_other_letters_are_not_read_as_upright_units(text):
    assert clean(text).unit == ""


def test_a_prefix_command_before_the_upright_letter_is_read_with_it():
    assert upright_unit("100\\ \\mu\\mathrm{F}") is None  # left to the unit tail, which reads the prefix
    assert clean("100\\ \\mu\\mathrm{F}").unit == "\\mu F"


@pytest.mark.parametrize("gold, pred, unit, same", [
    ("1e-8", "1 \\times 10^{-8} \\text{ F}", None, True),
    ("3", "3\\,\\mathrm{F}", None, True),
    ("3\\times 10^{-9}", "3 \\text{ F}", "nF", False),     # farads against nanofarads: another value
    ("3", "3 \\text{ H}", "F", False),                     # henries for farads: another quantity
    ("3", "3 \\text{ F}", "F", True),
    ("3", "2F", None, False),
])
def test_upright_units_against_the_gold(gold, pred, unit, same):
    assert maths.equivalent(gold, pred, unit=unit)[0] is same


def test_the_farads_row_end_to_end():
    row = {"answer": "1e-8", "id": "r", "question": "Choose the value of $C$. Give your answer in Farads.",
           "prediction": "**Final Answer:**\n\n\\[\n\\boxed{1 \\times 10^{-8} \\text{ F}}\n\\]"}
    assert score_row("olympiad", row, profile="default").correct
    assert score_row("imo", row, profile="default").correct
    row["answer"] = "1e-7"
    assert not score_row("olympiad", row, profile="default").correct


# ---- a prime after a subscript of one character --------------------------------------------------------------------

@pytest.mark.parametrize("text, read", [
    ("v_o'' + v_o = v_i", "v_{o}'' + v_o = v_i"),
    ("x_1' = 3", "x_{1}' = 3"),
    ("v_{o}' = 3", "v_{o}' = 3"),        # already braced
    ("v_o = 3", "v_o = 3"),              # no prime: left as written
])
def test_a_prime_after_a_one_character_subscript_marks_the_quantity(text, read):
    assert read_notation(text, text)[1] == read


_LC = "\\frac{d^{2}v_{o}}{dt^{2}}+\\frac{v_{o}}{LC}=\\frac{v_{i}}{LC}"


@pytest.mark.parametrize("pred, same", [
    ("L C \\frac{d^2 v_o(t)}{dt^2} + v_o(t) = v_i(t)", True),   # divided through by LC, written as functions of t
    ("L C \\frac{d^2 v_o}{dt^2} + v_o = v_i", True),
    ("LC \\ddot{v}_o + v_o = v_i", True),
    ("v_o'' + \\frac{v_o}{LC} = \\frac{v_i}{LC}", True),
    ("L C \\frac{d^2 v_o}{dt^2} + v_o = 2 v_i", False),        # another equation
    ("L \\frac{d^2 v_o}{dt^2} + v_o = v_i", False),            # a coefficient dropped
    ("L C \\frac{d^2 v_i}{dt^2} + v_i = v_o", False),          # input and output swapped
    ("L C \\frac{d v_o}{dt} + v_o = v_i", False),              # a first derivative
    ("t L C \\frac{d^2 v_o}{dt^2} + t v_o = t v_i", False),     # multiplied by a quantity only one side writes
    ("v_o L C \\frac{d^2 v_o}{dt^2} + v_o^2 = v_o v_i", False),  # multiplied by the unknown
])
def test_a_subscripted_unknowns_equation_divided_through(pred, same):
    assert maths.equivalent(_LC, pred)[0] is same


def test_the_circuit_row_end_to_end():
    row = {"answer": _LC, "id": "r", "question": "Write the governing differential equation for this circuit.",
           "prediction": "### Final Answer\nThe governing differential equation for the circuit is:\n"
                         "\\[ \\boxed{L C \\frac{d^2 v_o(t)}{dt^2} + v_o(t) = v_i(t)} \\]"}
    assert score_row("olympiad", row, profile="default").correct
    assert score_row("imo", row, profile="default").correct


# ---- the unit the question asks the answer in --------------------------------------------------------------------
# (written while reading the held-out units rows: Minerva's golds are bare numbers, the unit named by the question)

@pytest.mark.parametrize("question, unit", [
    ("What is the distance to the star in parsecs?", "pc"),
    ("Find the distance (in pc).", "pc"),
    ("Choose the value of $C$. Give your answer in Farads.", "F"),
    ("Compute the energy (in eV, to 2 decimal places).", "eV"),
    ("What is the momentum in kg m/s?", "kg m/s"),
    ("What is the speed in meters per second?", "m/s"),
    ("What is the wavelength in microns?", "\\mu m"),
    ("A car moves in a circle. Find its speed in m/s.", "m/s"),
    ("What is the wavenumber in $\\mathrm{cm}^{-1}$?", "\\mathrm{cm}^{-1}"),
    ("How old is the cluster, in years?", "yr"),
])
def test_the_unit_a_question_asks(question, unit):
    assert asked_unit(question) == unit


@pytest.mark.parametrize("question", [
    "Find the sum of the elements in A.",              # a bare letter: a set as often as a unit
    "How long is it in seconds and in minutes?",       # two different units
    "A rope in km units is cut. Find the distance.",   # not in a clause about the answer
    "Express the answer in terms of n.",
    "What is the area in the first quadrant?",
    None,
])
def test_no_unit_asked(question):
    assert asked_unit(question) is None


@pytest.mark.parametrize("gold, pred, question, same", [
    ("1e-3", "1 \\text{ mT}", "What is the field in Tesla?", True),          # converted into the asked unit
    ("1e-3", "1 \\, \\text{mF}", "Give your answer in Farads.", True),
    ("500", "0.5 \\, \\mu\\text{m}", "What is the wavelength in nm?", True),
    ("2", "2000 \\text{ m}", "Find the distance in km.", True),
    ("300", "300 \\text{ pc}", "What is the distance in parsecs?", True),
    ("4.5e9", "4.5 \\times 10^{9} \\text{ yr}", "How old is it, in years?", True),
    ("1", "1 \\text{ mT}", "What is the field in Tesla?", False),           # 1 mT is not 1 T
    ("5", "5 \\text{ cm}", "What is the length in meters?", False),
    ("2", "2000 \\text{ m}", "A rope in km units is cut. Find the distance.", False),  # no unit asked: 2000 is not 2
    ("0.5", "500 \\text{ nm}", "What is it in microns and in eV?", False),             # two asked: none converts
    ("3", "3 \\text{ s}", "What is the field in Tesla?", False),  # another quantity: wrong (seconds, not tesla)
    ("3", "3 \\text{ s}", None, True),                              # no unit asked: a missing unit is accepted
])
def test_a_value_in_another_unit_of_the_asked_quantity(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same


@pytest.mark.parametrize("text, unit", [("1.5 AU", "AU"), ("2.5\\text{ Mpc}", "Mpc"), ("3 \\mathrm{kpc}", "kpc"),
                                        ("4 ly", "ly"), ("13.8 \\text{ Gyr}", "Gyr"), ("7 parsecs", "pc")])
def test_astronomical_units_are_units(text, unit):
    assert clean(text).unit == unit


def test_astronomical_units_convert():
    assert maths.equivalent("1", "206264.806 \\text{ AU}", unit="pc", tolerance=1e-6)[0]
    assert maths.equivalent("1000", "1 \\text{ Mpc}", unit="kpc")[0]
    assert not maths.equivalent("1", "1 \\text{ AU}", unit="pc")[0]
    assert not maths.equivalent("1", "1 \\text{ ly}", unit="yr")[0]   # a length is no time


# ---- a numeral in scientific notation before its noun ------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("6e23", "6 \\times 10^{23} \\text{ atoms}", True),    # the count, as "12 games" is 12
    ("6.02e23", "6.02 \\times 10^{23} molecules", True),
    ("1e10", "10^{10} \\text{ photons}", True),
    ("1000", "10^3 \\text{ photons}", True),
    ("6e23", "6 \\times 10^{22} \\text{ atoms}", False),   # another number
    ("6e23", "6 \\times 10^{23} \\text{ or more}", False),  # a bound, not a count
    ("2.5e5", "2.5 \\times 10^5 \\text{ photons/s}", False),  # a rate: no noun alone (left as text)
    ("x", "6 \\times 10^{23} \\text{ atoms}", False),
])
def test_a_power_of_ten_count_with_its_noun(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- a label before the unit; a bare letter that is the asked unit -------------------------------------------------

_FARADS = "Choose the value of $C$. Give your answer in Farads."


@pytest.mark.parametrize("gold, pred, question, same", [
    ("1e-8", "C = 1 \\times 10^{-8} \\text{ F}", None, True),      # a label before an upright unit
    ("1e-8", "C = 10 \\text{ nF}", _FARADS, True),                  # a label before a unit of two letters
    ("1e-8", "C = 20 \\text{ nF}", _FARADS, False),
    ("1e-8", "1e-8 F", _FARADS, True),                              # the bare letter the question asks
    ("1e-8", "10^{-8} F", _FARADS, True),
    ("3", "3 F", None, False),                                      # no unit asked: F may be a quantity
    ("3", "3F", _FARADS, False),                                    # run into the number: a multiple of F
    ("3", "3 H", _FARADS, False),                                   # another letter than the one asked
    ("1e-8", "1 \\times 10^{-8} \\text{ H}", _FARADS, False),       # henries asked in farads: another quantity
    ("n = 3, B = 2A", "n = 3, B = 2A", None, True),                  # "B = 2A" is a relation, not two amperes
])
def test_labels_before_units_and_the_asked_letter(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same
