"""Readings of text and structured answers added for the hand-written hard cases (``tests/data/hard_cases.jsonl``),
each a principle with the near misses that must keep their verdict: a claim framed by its truth, losers name no
winner, a shape stated as the predicate of its subject, a yes/no question answered by the property it asks, players
named by turn, a closing sentence whose math spans only name things, numerals in a letter base, the ringed-A
ångström, and a question's blanks or numbered parts making its answers ordered."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.compare.whole import asked_parts
from pytest_answerbench.maths.meaning import answers_question, asked_property, claim, same_meaning
from pytest_answerbench.maths.normalize import clean
from pytest_answerbench.maths.prose import closing_statement


# ---- a claim framed by its truth ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("It is false that such a k exists.", ("exist", False)),
    ("It is not true that such a k exists.", ("exist", False)),
    ("It is not the case that the set is infinite.", ("infinite", False)),
    ("It is true that such a k exists.", ("exist", True)),
    ("It is false that no such k exists.", ("exist", True)),  # the negated claim, flipped
])
def test_a_claim_framed_by_its_truth(text, expected):
    assert claim(text) == expected


def test_a_truth_frame_around_no_claim_claims_nothing():
    assert claim("It is false that the answer is 5.") is None
    assert claim("It is false that yes.") is None


# ---- a sentence naming the loser names no winner -----------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("Bob", "The winner is Bob.", True),
    ("Bob", "Bob wins.", True),
    ("Bob", "The loser is Bob.", False),
    ("Bob", "Bob loses.", False),
    ("Alice", "The loser is Alice.", False),
    ("Bob loses", "Bob loses.", True),  # the gold itself names the loser
])
def test_losers_name_no_winner(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- a shape stated as the predicate of its subject --------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("equilateral triangle", "triangle abc is equilateral", True),
    ("equilateral triangle", "the triangle must be equilateral", True),
    ("equilateral triangle", "triangle abc is isosceles", None),
    ("equilateral triangle", "triangle abc is not equilateral", None),
    ("isosceles right triangle", "the triangle is right", None),  # a qualifier of the gold left out
    ("right triangle", "the loser is right", None),
])
def test_a_shape_as_the_predicate_of_its_subject(gold, pred, same):
    assert same_meaning(gold, pred) is same


@pytest.mark.parametrize("gold, pred, same", [
    ("equilateral triangle", "\\text{equilateral}", True),  # the kind named, the shape asked about left out
    ("equilateral", "equilateral triangle", True),
    ("isosceles right triangle", "isosceles", False),  # a qualifier left out
    ("equilateral triangle", "isosceles", False),
    ("equilateral triangle", "triangle", False),
    ("odd integer", "odd", False),  # not a shape: the noun may be what is asked
])
def test_the_kind_of_a_shape_named_alone(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- a yes/no question answered by the property it asks ----------------------------------------------------------

@pytest.mark.parametrize("question, prop", [
    ("Is $2^{32}+1$ a prime number?", "prime"),
    ("Let $a_1 = 1$. Is the sequence $(a_n)$ bounded?", "bounded"),
    ("Is the function $f$ injective?", "injective"),
    ("Is every such number even?", "even"),
    ("Find all $n$ such that $n^2+1$ is prime.", None),  # no yes/no question
    ("Is it?", None),
])
def test_the_property_a_question_asks(question, prop):
    assert asked_property(question) == prop


@pytest.mark.parametrize("gold, pred, question, expected", [
    ("No", "it is composite", "Is $2^{32}+1$ a prime number?", True),
    ("No", "2^{32}+1 is prime", "Is $2^{32}+1$ a prime number?", False),
    ("No", "N is not composite", "Is $N$ a prime number?", False),
    ("No", "the sequence is unbounded", "Is the sequence $(a_n)$ bounded?", True),
    ("No", "the sequence is bounded", "Is the sequence $(a_n)$ bounded?", False),
    ("No", "the function f is not injective", "Is the function $f$ injective?", True),
    ("Yes", "every such number is even", "Is every such number even?", True),
    ("Yes", "not every such number is even", "Is every such number even?", False),
    ("Yes", "such numbers are even or odd", "Is every such number even?", None),  # a hedge
    ("No", "it is composite", None, None),  # without the question nothing is asked
    ("No", "it is composite", "Find the smallest prime factor of $N$.", None),
    ("No", "The harmonic series diverges.", "Does the series $\\sum 1/n$ converge?", True),  # a verb asked
    ("No", "The harmonic series converges.", "Does the series $\\sum 1/n$ converge?", False),
    ("Yes", "so the series converges absolutely", "Does the series $\\sum 1/n^2$ converge?", True),
    ("No", "g is discontinuous at 0", "Is the function $g$ continuous?", True),
    ("Yes", "g is discontinuous at 0", "Is the function $g$ continuous?", False),
    ("Yes", "f is injective but not surjective", "Is the function $f$ injective?", True),  # its own clause
    ("No", "f is surjective, but it is not injective", "Is the function $f$ injective?", True),
    ("No", "f is injective, and f is not injective", "Is the function $f$ injective?", None),  # two clauses
    ("Yes", "N is a perfect square", "Is $N$ a perfect square?", True),  # a property of two words
    ("Yes", "N is not a perfect square", "Is $N$ a perfect square?", False),
])
def test_a_yes_no_question_answered_by_its_property(gold, pred, question, expected):
    assert answers_question(gold, pred, question) is expected


def test_the_property_answer_needs_the_question_end_to_end():
    row = {"prediction": "Since $2^{32}+1 = 641 \\cdot 6700417$, it is composite.", "final_answer": ["No"]}
    assert score_row("olympiad", row, timeout=10).status == "wrong"
    row["question"] = "Is $2^{32}+1$ a prime number?"
    assert score_row("olympiad", row, timeout=10).status == "correct"
    row["final_answer"] = ["Yes"]
    assert score_row("olympiad", row, timeout=10).status == "wrong"


# ---- players named by turn ---------------------------------------------------------------------------------------

ALICE_FIRST = "Alice and Bob play a game; Alice moves first. Who has a winning strategy?"
BOB_FIRST = "Alice and Bob play a game; Bob moves first. Who has a winning strategy?"


@pytest.mark.parametrize("gold, pred, question, expected", [
    ("Alice", "The first player has a winning strategy", ALICE_FIRST, True),
    ("Bob", "The second player has a winning strategy", ALICE_FIRST, True),
    ("Alice", "The second player has a winning strategy", ALICE_FIRST, None),
    ("Alice", "The first player has a winning strategy", BOB_FIRST, None),
    ("Alice", "The first player has a winning strategy", "Who has a winning strategy?", None),
    ("the first player", "Alice wins", ALICE_FIRST, True),
    ("Bob", "The second player wins.", "Alice and Bob take turns, starting with Alice. Who wins?", True),
    ("Bob", "The first player wins.", "Alice and Bob take turns, starting with Alice. Who wins?", None),
    ("Bob", "The second player wins.", "Alice and Bob take turns, starting with Carol. Who wins?", None),
])
def test_players_named_by_turn(gold, pred, question, expected):
    assert answers_question(gold, pred, question) is expected


# ---- a closing sentence whose math spans only name things --------------------------------------------------------

@pytest.mark.parametrize("text, stated", [
    ("Hence no such $k$ exists.", "no such k exists"),
    ("It is false that such a $k$ exists.", "It is false that such a k exists"),
    ("So only finitely many $n$ work.", "only finitely many n work"),
    ("Hence triangle $ABC$ is equilateral.", "triangle ABC is equilateral"),
    ("Since $f(1)=f(-1)$, the function $f$ is not injective.", "the function f is not injective"),
    ("Checking the residues mod 2, every such number is even.", "every such number is even"),
    ("$n$ can be any odd positive integer.", "any odd positive integer"),
])
def test_a_claim_about_named_things_is_the_answer(text, stated):
    found = closing_statement(text)
    assert found is not None and found.answers == (stated,)


@pytest.mark.parametrize("text, answer", [
    ("So the answer is $n$.", "n"),  # a name as the answer, not a claim
    ("Since $n$ is even, the number of moves is $4$.", "4"),  # the main clause holds the value
    ("Hence $x = 3$ is the only solution.", "x = 3"),
    ("Therefore the total is twelve.", "Therefore the total is twelve"),  # a number in words: the whole line
    ("Therefore $k$ is twenty four.", "k"),  # as before: no claim "k is twenty four" (a number is no property)
])
def test_near_misses_keep_their_value(text, answer):
    found = closing_statement(text)
    assert found is not None and found.answers[-1] == answer


# ---- numerals in a letter base; the ringed-A ångström ------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("b^5+b^2", "100100_b", True),
    ("b^2(b^3+1)", "(100100)_b", True),
    ("b^5+b^2", "100010_b", False),
    ("36", "100100_2", True),
    ("36", "100100_3", False),
    ("x_1", "10_x", False),  # x, not x_1
])
def test_a_numeral_in_a_base(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


@pytest.mark.parametrize("text", ["5.3\\,\\mathring{\\mathrm{A}}", "5.3\\,\\mathring{A}", "5.3 \\mathring A",
                                  "5.3\\,\\r{A}"])
def test_the_ringed_a_is_the_angstrom(text):
    assert clean(text).text == "5.3" and clean(text).unit == "Å"


def test_ringed_a_against_another_unit():
    row = {"prediction": "$\\lambda = 5.3\\,\\mathring{\\mathrm{A}}$", "final_answer": ["0.53"], "unit": "nm"}
    assert score_row("olympiad", row, timeout=10).status == "correct"
    row["prediction"] = "$\\lambda = 53\\,\\mathring{\\mathrm{A}}$"
    assert score_row("olympiad", row, timeout=10).status == "wrong"
    assert clean("\\right)").unit == ""  # not a ring


# ---- a question's blanks or numbered parts order its answers -----------------------------------------------------

@pytest.mark.parametrize("question, parts", [
    ("Fill in the blanks: the sum is ____ and the product is ____.", 2),
    ("The roots are $\\underline{\\quad}$ and $\\underline{\\qquad}$.", 2),
    ("(1) Find the minimum of $f$. (2) Find the maximum of $f$.", 2),
    ("The set of roots is ____.", 0),  # one blank: one answer, a set stays a set
    ("Find all real solutions of $x^2 - 3x + 2 = 0$.", 0),
    ("(2) Find the maximum. (1) Find the minimum.", 0),  # not labelled in order
    (None, 0),
])
def test_how_many_ordered_answers_a_question_asks(question, parts):
    assert asked_parts(question) == parts


@pytest.mark.parametrize("question, pred, same", [
    ("Fill in the blanks: the sum of the roots is ____ and their product is ____.", "5, 6", True),
    ("Fill in the blanks: the sum of the roots is ____ and their product is ____.", "6, 5", False),
    ("Find all real solutions of $x^2 - 11x + 30 = 0$.", "6, 5", True),  # solutions: a set
    (None, "6, 5", True),
])
def test_blanks_in_the_question_are_answered_in_order(question, pred, same):
    assert maths.equivalent("5, 6", pred, question=question)[0] is same


# ---- a claim about a math subject --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, stated", [
    ("Therefore $\\sqrt{2}+\\sqrt{3}$ is irrational.", "\\sqrt{2}+\\sqrt{3} is irrational"),
    ("Therefore, $\\lim_{x\\to0} \\sin(1/x)$ does not exist.", "\\lim_{x\\to0} \\sin(1/x) does not exist"),
    ("Hence $2^{32}+1$ is composite.", "2^{32}+1 is composite"),
    ("Therefore $ABCD$ is a rhombus.", "ABCD is a rhombus"),  # a polygon's name is a word
    ("Thus $N$ is a perfect square.", "N is a perfect square"),
])
def test_a_claim_about_a_math_subject_is_the_answer(text, stated):
    found = closing_statement(text)
    assert found is not None and found.answers == (stated,)


@pytest.mark.parametrize("text, answer", [
    ("Therefore $7$ is prime.", "7"),  # a number as the subject: the value
    ("Hence $x = 3$ is the answer.", "x = 3"),  # a value, then how it is held
    ("Therefore, $\\lim_{x\\to0} x\\sin(1/x)$ exists and equals $0$.", "0"),  # a value after the claim
    ("So $x^2+1$ is the answer.", "x^2+1"),
])
def test_a_value_before_a_copula_stays_the_value(text, answer):
    found = closing_statement(text)
    assert found is not None and found.answers[-1] == answer


# ---- a value stated approximately, after a label -----------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, tolerance, unit, same", [
    ("1.2", "E \\approx 1.9\\times10^{-19}\\ \\mathrm{J}", 0.1, "eV", True),
    ("1.2", "E \\approx 2.9\\times10^{-19}\\ \\mathrm{J}", 0.1, "eV", False),
    ("1.2", "E \\approx 1.9\\times10^{-19}\\ \\mathrm{J}", None, "eV", False),  # no precision: 1.186 is not 1.2
    ("\\sqrt{2}", "x \\approx 1.414", None, None, False),  # an approximation of an irrational stays wrong
    ("3", "y \\approx 30", None, None, False),
])
def test_a_value_stated_approximately_after_a_label(gold, pred, tolerance, unit, same):
    assert maths.equivalent(gold, pred, tolerance, unit=unit)[0] is same


# ---- a closing line of answers to numbered parts -----------------------------------------------------------------

def test_a_closing_line_of_numbered_parts_states_every_part():
    question = "(1) Find $a$. (2) Find $b$."
    for prediction, status in (("(1) $a = 2$ (2) $b = -3$", "correct"), ("(1) $a = -3$ (2) $b = 2$", "wrong"),
                               ("(1) $a = 2$", "wrong")):
        row = {"prediction": prediction, "final_answer": ["2; -3"], "question": question}
        assert score_row("olympiad", row, timeout=10).status == status, prediction
    # labels out of order, or a part without math, state nothing by this reading
    assert closing_statement("(2) $b = -3$ (1) $a = 2$", multiple=True).answers != ("(2) b = -3 (1) a = 2",)
    assert closing_statement("(1) $a = 2$ (2) none", multiple=True).answers != ("(1) a = 2 (2) none",)
