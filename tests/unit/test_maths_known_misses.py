"""Known misses of the default maths reader, read as principles (docs/profiles-math.md, "Known misses read as
principles"): compound units by one grammar and units of one letter read in context, an answer naming a family,
parts labelled in any order, a bracket left open at the end, a restatement in percent, statement labels against a
number. Each principle has cases where it decides the verdict and near misses that must keep theirs.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import equivalent, final_answer
from pytest_answerbench.maths.extract import reduce_sentence, truncated
from pytest_answerbench.maths.family import family
from pytest_answerbench.maths.prose import labelled_parts
from pytest_answerbench.maths.units import letter_unit, read_unit, unit_at, unit_tail


def accepted(response: str, gold: str, unit: str | None = None, question: str | None = None) -> bool:
    fields = {"prediction": response, "answer": gold, **({"unit": unit} if unit else {}),
              **({"question": question} if question else {})}
    return score_row("olympiad", fields, profile="default").correct


def read(response: str) -> tuple[str, ...] | None:
    found = final_answer(response)
    return found.answers if found else None


# -- 1. compound units by one grammar; the tonne and the elementary charge where the other unit says so -----------

@pytest.mark.parametrize("response", [
    "The specific heat is 4186 J/(kg·K).",
    "The specific heat is 4186 J/(kg K).",
    "The specific heat is $4186\\ \\mathrm{J\\,kg^{-1}\\,K^{-1}}$.",
    "The specific heat is $4186 J kg^{-1} K^{-1}$.",
    "The specific heat is $4.186\\ \\mathrm{kJ/(kg \\cdot K)}$.",
    "$4186 \\, \\frac{\\text{J}}{\\text{kg} \\cdot \\text{K}}$",  # the quotient as a fraction
    "\\boxed{4186\\ \\text{J kg}^{-1}\\text{K}^{-1}}",  # powers set outside their wrappers
    "So the specific heat capacity of water is 4186 J/(kg·K) at room temperature.",  # words after the unit
])
def test_a_compound_unit_after_a_number_is_read(response):
    assert accepted(response, "4186", unit="J/(kg K)")
    assert not accepted(response, "4186", unit="J/(g K)")  # 4186 J/(kg K) is 4.186 J/(g K)
    assert not accepted(response, "4186", unit="J/kg")  # another quantity


def test_the_unit_grammar_reads_products_quotients_and_a_bracketed_denominator():
    assert unit_tail("4186 J/(kg·K)") == ("4186 ", "J/(kg·K)")
    assert read_unit("J/(kg·K)") == read_unit("J kg^{-1} K^{-1}") == read_unit("J/(kg K)")
    assert read_unit("mol/(L s)") == (read_unit("mol L^{-1} s^{-1}"))
    # near misses: "5 m g" is a product of quantities (only "g" is a unit), "3 J/(kg)" no unit, "10 m/s/s" unread
    assert unit_tail("5 m g") == ("5 m ", "g")
    assert unit_tail("3 J/(kg)") is None
    assert unit_tail("10 m/s/s") is None
    assert unit_tail("9.8 \\frac{m}{s^{2}}") == ("9.8 ", "\\frac{m}{s^{2}}")
    assert read_unit("\\frac{m}{s^{2}}") == read_unit("m/s^2")
    assert unit_tail("3\\frac{m}{g}") is None  # a fraction written against its number: a product of quantities
    assert unit_tail("3x^{2}y^{3}") is None
    # in running text: the longest unit the grammar reads, not the words after it
    assert unit_at("4186 J/(kg·K) at room temperature", 4) == "J/(kg·K)"
    assert unit_at("hang it 25 cm from the pivot", 10) == "cm"
    assert unit_at("12 at once", 2) == ""


@pytest.mark.parametrize("response, gold, unit", [
    ("The mass is 3.2 t.", "3200", "kg"),
    ("The mass is $3.2\\ \\mathrm{t}$.", "3200", "kg"),
    ("The mass is 3.2 t.", "3200 kg", None),
    ("The mass is 3200 kg.", "3.2", "t"),
    ("The charge is 2e.", "3.204353268e-19", "C"),
    ("The charge is $2\\,e$.", "3.204353268e-19", "C"),
    ("The charge is $-e$.", "-1.602176634e-19", "C"),
    ("The charge is $2e$.", "2", "e"),
    ("The charge is $3.204353268\\times10^{-19}\\ \\mathrm{C}$.", "2e", None),
])
def test_a_letter_is_a_unit_where_the_other_answer_measures_its_quantity(response, gold, unit):
    assert accepted(response, gold, unit=unit)


@pytest.mark.parametrize("response, gold, unit", [
    ("So t = 3.", "3000", "kg"),  # t a variable, the value 3 (not 3 tonnes)
    ("At t seconds the mass is 3.", "3000", "kg"),
    ("The answer is 3t.", "3000", "kg"),  # no space: a multiple of t
    ("The time is 3 t.", "3", "s"),  # a time: t is no unit of it
    ("The charge is 2e.", "2", "C"),  # 2 elementary charges are not 2 coulombs
    ("The answer is $2e$.", "5.43656365691809", None),  # Euler's number: no tolerance, as before
])
def test_a_letter_that_names_a_quantity_stays_one_elsewhere(response, gold, unit):
    assert not accepted(response, gold, unit=unit)


def test_letter_unit_needs_a_value_and_a_unit_of_its_quantity():
    assert letter_unit("3.2 t", "kg") == ("3.2", "t")
    assert letter_unit("-e", "C") == ("-1", "e")
    assert letter_unit("3.2t", "kg") is None
    assert letter_unit("t", "kg") is None
    assert letter_unit("2e", "J") is None
    assert letter_unit("2e", "") is None
    assert accepted("The answer is $2e$.", "2e")  # the same text, no unit anywhere: read as before


# -- 2. an answer naming a family answers every member -------------------------------------------------------------

@pytest.mark.parametrize("response", [
    "The solutions are $(2,3,6)$ and its permutations.",
    "The answer is $\\boxed{(2,3,6)}$ and its permutations.",
    "$\\boxed{(2,3,6)\\text{ and its permutations}}$",
    "**Final Answer:** $(a,b,c) = (2,3,6)$ and all permutations",
    "The triple is $(2,3,6)$, up to order.",
    "The triple is $(2,3,6)$ (up to order).",
    "The answer is $(2,3,6)$ in any order.",
    "So $(2,3,6)$ and all rotations.",
])
def test_a_family_is_not_one_ordered_tuple(response):
    assert not accepted(response, "(2,3,6)")


@pytest.mark.parametrize("response, gold", [
    ("The solutions are $(2,3,6)$ and its permutations.", "(2,3,6) and permutations"),
    ("The triple is $(2,3,6)$, up to order.", "(2,3,6) up to permutation"),
    ("The solutions are $(2,3,6)$ and its permutations.", "(2,3,6), (2,6,3), (3,2,6), (3,6,2), (6,2,3), (6,3,2)"),
    ("The solutions are $(2,3,6), (3,6,2), (6,2,3)$.", "(2,3,6) and cyclic permutations"),
    ("The solutions are $(2,3,6)$ and its permutations.", "\\{2,3,6\\}"),  # an unordered gold
    # near misses that keep their verdict: one ordering left unsaid, an order of operations
    ("The answer is (2,3,6) (in some order).", "\\{2,3,6\\}"),
    ("The answer is $x = 3$ in any order of operations.", "3"),
    ("The answer is $(2,3,6)$. We found it by ordering the variables.", "(2,3,6)"),
])
def test_a_family_matches_the_same_family_its_members_or_an_unordered_gold(response, gold):
    assert accepted(response, gold)


@pytest.mark.parametrize("response, gold", [
    ("$(2,3,6)$", "(2,3,6) and permutations"),  # one member for the family
    ("$(2,3,6)$ and its rotations", "(2,3,6) and permutations"),  # another family
    ("The solutions are $(2,3,6), (3,2,6)$.", "(2,3,6) and permutations"),  # two members of six
    ("The solutions are $(2,3,6)$ and its permutations.", "\\{2,3,7\\}"),
])
def test_a_family_against_another_set_is_wrong(response, gold):
    assert not accepted(response, gold)


def test_family_reads_the_phrase_closing_an_answer():
    assert family("(2,3,6) and its permutations") == ("(2,3,6)", "perm")
    assert family("(1,2,3) and all cyclic permutations") == ("(1,2,3)", "rot")
    assert family("(2,3,6)\\text{ up to order}") == ("(2,3,6)", "perm")
    assert family("(2,3,6)") is None
    assert family("and its permutations") is None  # a phrase with no answer before it


# -- 3. parts labelled by part, in any order of writing -----------------------------------------------------------

_TWO_PARTS = "A box holds red and blue balls. (a) How many are red? (b) How many are blue?"


@pytest.mark.parametrize("question", [None, _TWO_PARTS])
@pytest.mark.parametrize("response", [
    "$3$ (part a) and $7$ (part b)",
    "$7$ (part b) and $3$ (part a)",
    "So part (b): $7$, part (a): $3$.",
    "The answers are $\\boxed{3}$ (part a) and $\\boxed{7}$ (part b).",
    "$\\boxed{7}$ (part b) and $\\boxed{3}$ (part a)",
    "Final Answer: 7 (part b) and 3 (part a)",
    "(b) $7$ (a) $3$",
])
def test_parts_labelled_in_any_order_answer_their_parts(response, question):
    assert accepted(response, "3; 7", question=question)
    assert not accepted(response, "7; 3", question=question)


def test_the_question_s_parts_answered_unlabelled_are_read_in_order_as_before():
    response = "The red count is $3$ and the blue count is $7$."
    assert accepted(response, "3; 7", question=_TWO_PARTS)
    assert not accepted(response, "7; 3", question=_TWO_PARTS)


@pytest.mark.parametrize("response, gold, verdict", [
    ("$3$ (part a)", "3; 7", False),  # a missing part
    ("$3$ (part a) and $7$ (part c)", "3; 7", False),  # a gap in the parts
    ("$3$ (part a) and $7$ (part a)", "3; 7", False),  # one part answered twice
    ("$3$ (part a) and $7$ (part b)", "7", False),  # two parts for one answer
    ("The values are $3$ and $7$.", "3, 7", True),  # no labels: a list, as before
    ("Substituting into (1) gives $x = 3$ and into (2) $y = 7$.", "y = 7", True),  # equation numbers mid-line
])
def test_labelled_parts_near_misses(response, gold, verdict):
    assert accepted(response, gold) is verdict


def test_labelled_parts_orders_the_values_by_their_labels():
    assert labelled_parts("$7$ (part b) and $3$ (part a)") == "(1) 3 (2) 7"
    assert labelled_parts("For part (a), $x = 3$; for part (b), $y = 7$.") == "(1) x = 3 (2) y = 7"
    assert labelled_parts("$3$ (part a), $7$ (part b), so the sum is $10$") == ""  # an unlabelled span too


# -- 4. a bracket opened at the very end is a cut-off -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "So the answer is sqrt(4,0",
    "Thus x = \\frac{3}{4",
    "$$ y = \\left( x + 1",
    "So x = 5 (since 2+3",
    "The set is \\{1, 2",
])
def test_a_bracket_left_open_at_the_end_is_a_cut_off(text):
    assert truncated(text)


@pytest.mark.parametrize("text", [
    "The interval is [0, 1).",  # half-open: closed by another bracket
    "The answer is $x \\in ]0, 1[$.",  # French notation: nothing after the last bracket
    "The answer is (2, 3).",
    "Answer: $\\frac{3}{4}$",
    "1) first 2) second",
    "The set is \\{1, 2\\}.",
    "\\[ x = \\left. \\frac{1}{2} \\right|_0^1 \\]",
    "f(x) = x^2 [for x > 0]",
    "The answer (as computed above is $5$.",  # a bracket left open mid-sentence: a slip, the sentence ends
    "So the answer is $\\frac{3}{4$",  # a formula closed by its delimiter
])
def test_a_complete_answer_with_brackets_is_no_cut_off(text):
    assert not truncated(text)


def test_a_reply_cut_off_inside_a_bracket_is_wrong():
    assert read("We need the root.\nSo the answer is sqrt(4,0") is None
    assert not accepted("We need the root.\nSo the answer is sqrt(4,0", "2")
    assert accepted("We need the root.\nSo the answer is sqrt(4) = 2.", "2")


# -- 5. a restatement in percent keeps its sign --------------------------------------------------------------------

@pytest.mark.parametrize("response, gold", [
    ("So she gets 0.25 of her pay, or 25%.", "0.25"),
    ("So she gets 0.25 of her pay, or 25%.", "25"),  # 25% against 25, as before
    ("So the share is 1/4 of her pay, or 25%.", "0.25"),
    ("So she saves 25% of her pay.", "0.25"),
    ("So she saves 25% of her pay.", "25"),
])
def test_a_percent_sign_stays_with_its_number(response, gold):
    assert accepted(response, gold)


def test_a_percent_restatement_near_misses():
    assert reduce_sentence("So she gets 0.25 of her pay, or 25%.") == "25%"
    assert reduce_sentence("So she saves 25 dollars of her pay.") == "25"  # no sign, no percent
    assert reduce_sentence("So 25 % of them pass.") == "25%"
    assert not accepted("So she gets 0.25 of her pay, or 30%.", "0.25")  # 30% is another value
    assert not accepted("So she gets 0.25 or 30%.", "0.25")  # a hedge between two values, as before


# -- 6. statement labels side by side are statements where the question numbers its statements ---------------------

_STATEMENTS = ("Which of the following statements are true? (1) 2 is odd. (2) 3 is prime. (3) 4 is even. "
               "Fill in their numbers.")


@pytest.mark.parametrize("gold, question, verdict", [
    ("6", _STATEMENTS, False),  # the question's statements: (2)(3) names two of them, not 6
    ("2, 3", _STATEMENTS, True),
    ("(2)(3)", _STATEMENTS, True),
    ("6", None, True),  # no question: arithmetic, the product 6
    ("6", "Compute the product of 2 and 3.", True),
    ("6", "Find x. (1) if x > 0, ... (2) if x < 0, ...", True),  # its labels are not (2)(3)
])
def test_statement_labels_against_a_number(gold, question, verdict):
    assert accepted("The answer is (2)(3).", gold, question=question) is verdict
    assert accepted("The answer is $(x+1)(x-1)$.", "x^2-1", question=question)  # a product of other brackets


def test_equivalent_reads_a_family_and_statements_directly():
    assert equivalent("(2,3,6)", "(2,3,6)\\text{ and its permutations}") == (False, "family-mismatch")
    assert equivalent("6", "(2)(3)", question=_STATEMENTS) == (False, "statements")


@pytest.mark.parametrize("response, gold, verdict", [
    ("$(2,3,6)$ and its permutations", "(2,3,6)", False),
    ("$(2,3,6)$ and its permutations", "(2,3,6) and permutations", True),
    ("The mass is 3.2 t.", "3200 kg", True),
    ("$7$ (part b) and $3$ (part a)", "3; 7", True),
    ("So she gets 0.25 of her pay, or 25%.", "0.25", True),
])
def test_the_imo_default_profile_reads_them_the_same(response, gold, verdict):
    fields = {"Problem ID": "known-miss", "Short Answer": gold, "prediction": response}
    assert score_row("imo", fields, profile="default").correct is verdict
