"""Round 11 of the maths reader: text and structured answers by meaning (sets of integers in words and congruences,
shapes, winners, how often, the parity of a function, named functions), named values in the order the question writes
its tuple, a gold interval written in brackets, a gold sentence with maths in it, parts answered yes / no in order,
and powers of ten as calculators and Unicode write them; each a principle with near misses that keep their verdict
(docs/profiles-math.md, "Round 11").
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import equivalent, final_answer
from pytest_answerbench.maths.described import (closing_sentence, frequency, integer_set, parity, same_description,
                                                shape, winner)
from pytest_answerbench.maths.units import read_unit


def accepted(response: str, gold: str, question: str | None = None) -> bool:
    """The verdict of both default profiles (they must agree) on one reply."""
    verdicts = {score_row(bench, fields, profile="default").correct for bench, fields in (
        ("olympiad", {"prediction": response, "answer": gold, **({"question": question} if question else {})}),
        ("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": response,
                 **({"question": question} if question else {})}))}
    assert len(verdicts) == 1, "olympiad and imo disagree"
    return verdicts.pop()


# -- 1. sets of integers described in words or by congruences --------------------------------------------------------

POSITIVE_N = "Find all positive integers $n$ such that $2^n + 1$ is divisible by $3$."


@pytest.mark.parametrize("prediction, right", [
    ("All odd $n$.", True),  # the positive integers the question asks among
    ("$n \\equiv 1 \\pmod 2$", True),
    ("$\\boxed{n \\text{ odd}}$", True),
    ("The positive integers $n$ that are odd.", True),
    ("所有正奇数 $n$。", True),
    ("$n \\equiv 1 \\pmod 4$", False),  # a part of the odd numbers
    ("All even $n$.", False),
    ("All odd $n$ except $1$.", False),  # a word the reader does not know: not read as the odd numbers
    ("All prime $n$.", False),
])
def test_a_set_of_integers_by_its_description(prediction, right):
    assert accepted(prediction, "All odd positive integers", POSITIVE_N) is right


@pytest.mark.parametrize("gold, prediction, right", [
    ("All positive integers $n$ with $n \\not\\equiv 1 \\pmod{3}$", "All $n \\equiv 0$ or $2 \\pmod 3$.", True),
    ("All positive integers $n$ with $n \\not\\equiv 1 \\pmod{3}$", "$n \\not\\equiv 1 \\pmod 3$", True),
    ("All positive integers $n$ with $n \\not\\equiv 1 \\pmod{3}$", "$n \\equiv 2 \\pmod 3$", False),
    ("$n$ is a power of $2$", "Exactly the powers of two.", True),
    ("$n$ is a power of $2$", "$n = 2^k$ for some nonnegative integer $k$", True),
    ("$n$ is a power of $2$", "Exactly the powers of three.", False),
    ("All primes", "The answer is all prime numbers $n$.", True),
    ("All primes", "The answer is all odd prime numbers $n$.", False),
])
def test_a_gold_sentence_with_maths_in_it_is_one_description(gold, prediction, right):
    assert accepted(prediction, gold, "Find all positive integers $n$ with the property.") is right


def test_the_integer_set_reader():
    odd = integer_set("all odd positive integers")
    assert odd is not None and odd.modulus == 2 and odd.residues == frozenset({1}) and odd.domain == "positive"
    assert integer_set("n \\equiv 3 \\pmod 4").widened(8) == frozenset({3, 7})
    assert integer_set("$n = 4k + 1$ for some integer $k$").residues == frozenset({1})
    assert integer_set("multiples of 3").residues == frozenset({0})
    # a linear form or a power without its parameter bound to the integers is a line or a curve; an adjective alone
    # is no set (the noun may be what is asked: "odd function")
    for text in ("all odd n greater than 3", "some odd numbers", "the answer is 12", "n odd or even", "$y = 2x + 1$",
                 "$n = 4k + 1$", "$y = 2^x$", "odd", "prime"):
        assert integer_set(text) is None, text


def test_a_domain_qualifier_is_no_restriction_but_a_property_is():
    question = "Find all pairs $(a,b)$ of positive integers such that $b \\mid a$ and $b \\mid a+1$."
    gold = "$(a,1)$ for any positive integer $a$"
    assert accepted("$(a, 1)$ for any positive integer $a$", gold, question)
    assert not accepted("$(a,1)$ for every even positive integer $a$", gold, question)
    assert not accepted("$(a,1)$ for every positive integer $a \\ge 2$", gold, question)
    assert accepted("All pairs of consecutive integers $(k, k+1)$, $k \\ge 1$.", "$(k,k+1)$ for all positive "
                    "integers $k$", "Find all pairs $(m,n)$ of positive integers such that $n^2 - m^2 = m + n$.")


# -- 2. shapes ------------------------------------------------------------------------------------------------------

RIGHT = "In triangle $ABC$, $\\sin^2 A + \\sin^2 B = \\sin^2 C$. Determine the shape of the triangle."


@pytest.mark.parametrize("prediction, gold, right", [
    ("By the law of sines $a^2 + b^2 = c^2$, so the triangle is a right triangle with the right angle at $C$.",
     "Right triangle", True),
    ("The triangle is right-angled at $C$.", "Right triangle", True),
    ("Hence the triangle is right-angled.", "Right triangle", True),
    ("所以 $\\triangle ABC$ 是直角三角形。", "Right triangle", True),
    ("The triangle is isosceles with $A = B$.", "Right triangle", False),
    ("The triangle is an isosceles right triangle.", "Right triangle", False),  # a compound kind is another kind
    ("The triangle is either right or isosceles.", "Right triangle", False),  # a hedge names none
])
def test_a_shape_named_in_a_sentence(prediction, gold, right):
    assert accepted(prediction, gold, RIGHT) is right


def test_a_shape_ruled_out_is_not_named():
    assert shape("$ABCD$ is a rectangle (not necessarily a square)") == "rectangle"
    assert shape("$ABCD$ is a square") == "square"
    assert shape("$ABCD$ is a rectangle or a square") is None
    assert shape("因此四边形 $ABCD$ 是矩形。") == "rectangle"
    assert shape("the locus of $P$ is a circle centred at $M$ with radius $2$") == "circle"
    assert shape("the locus is an ellipse, not a circle") == "ellipse"


def test_the_closing_sentence_describes_the_gold_though_a_value_is_read_from_it():
    question = "What is the locus of points $P$ with $PA^2+PB^2 = 10$ for fixed $A$, $B$ with $AB=2$?"
    reply = "Thus the locus of $P$ is a circle centred at the midpoint $M$ of $AB$ with radius $2$."
    assert accepted(reply, "A circle", question)
    assert not accepted(reply.replace("a circle", "an ellipse"), "A circle", question)
    assert not accepted("The locus is a circle.\n\nActually the answer is $\\boxed{\\text{ellipse}}$.", "A circle",
                        question)


# -- 3. winners -----------------------------------------------------------------------------------------------------

GAME = ("Alice and Bob play a game on a $2024\\times 2024$ board. Alice moves first, then they alternate. The player "
        "who cannot move loses. Which player has a winning strategy?")


@pytest.mark.parametrize("prediction, gold, right", [
    ("The first player (Alice) wins by the symmetry strategy.", "Alice", True),
    ("The second player wins: Bob mirrors every move of Alice through the centre of the board.", "Bob", True),
    ("Alice cannot win; Bob has a winning strategy.", "Bob", True),
    ("Bob (the second player) wins.", "The second player", True),
    ("First player.", "The first player wins", True),
    ("所以后手（Bob）有必胜策略。", "Bob", True),
    ("The second player wins.", "Alice", False),
    ("Bob cannot win.", "Bob", False),
    ("Alice wins if $n$ is even, otherwise Bob.", "Alice", False),  # a condition names no one winner
])
def test_the_winner_by_name_or_turn(prediction, gold, right):
    assert accepted(prediction, gold, GAME) is right


def test_the_winner_reader_needs_the_players_for_names():
    assert winner("Bob wins.", GAME) == "Bob"
    assert winner("Bob wins.") is None  # no question naming the players: a capitalised word is no player
    assert winner("The first player wins.") == "first"
    assert winner("It has a winning strategy.", GAME) is None


# -- 4. how often, parity, named functions, claims in a closing sentence ------------------------------------------

def test_how_often_and_parity():
    assert frequency("This can never happen.") == "never"
    assert frequency("It is not always true.") is None
    assert parity("So the function is odd.") == "odd" and parity("奇函数") == "odd"
    assert parity("It is neither even nor odd.") == "neither"
    assert parity("It is not odd.") is None
    question = "Is $f(x)=x^3-x$ even, odd, or neither?"
    assert same_description("odd", "由 $f(-x) = -f(x)$ 可知，$f(x)$ 是奇函数。", question) is True
    assert same_description("odd", "so $f$ is even", question) is False
    assert accepted("This can never happen.", "Never", "A triangle has two obtuse angles: always, sometimes or never?")
    assert not accepted("This can sometimes happen.", "Never",
                        "A triangle has two obtuse angles: always, sometimes or never?")


def test_a_correction_in_words_after_a_box():
    question = "Is $f(x)=x^3-x$ even, odd, or neither?"
    reply = ("<think>\nf(−x) = −x³ − x, which is neither.\n</think>\n\n$\\boxed{\\text{neither}}$\n\nWait, I made a "
             "sign error: $f(-x) = (-x)^3 - (-x) = -x^3 + x = -f(x)$. So the function is odd.")
    assert accepted(reply, "odd", question)
    assert not accepted(reply, "neither", question)


def test_named_functions():
    question = "Find all functions $f:\\mathbb{R}\\to\\mathbb{R}$ such that $f(x+y) = f(x) - f(y)$."
    assert accepted("The answer is the zero function.", "$f(x)=0$", question)
    assert not accepted("The answer is the identity function.", "$f(x)=0$", question)
    assert accepted("The answer is the identity function.", "$f(x)=x$", question)


@pytest.mark.parametrize("prediction, gold, right", [
    ("Squares are $0$ or $1 \\pmod 4$, so $x^2+y^2 \\equiv 0, 1, 2 \\pmod 4$, never $3$. The equation has no integer "
     "solutions.", "No solution", True),
    ("Such an arrangement cannot exist.", "Impossible", True),
    ("Such an arrangement exists.", "Impossible", False),
    ("所以这样的排列是可能的。", "Possible", True),
    ("所以这样的排列是不可能的。", "Possible", False),
])
def test_a_claim_in_words_closing_the_reply(prediction, gold, right):
    assert accepted(prediction, gold, "Is it possible? Answer 'Possible' or 'Impossible'.") is right


def test_a_claim_after_a_committed_box_does_not_overrule_it():
    # the box commits; a remark after it is no answer line
    assert not accepted("$\\boxed{\\text{No}}$\n\nSuch an arrangement is possible for even n.", "Yes",
                        "Is it possible to arrange the numbers?")


def test_the_closing_sentence():
    assert closing_sentence("<think>\nmaybe 3\n</think>\nSo it is 5. Done.") == "Done."
    assert closing_sentence("<think>\nnever closed") is None


# -- 5. named values in the question's order ----------------------------------------------------------------------

PAIRS = "Find all pairs $(n, k)$ of positive integers such that $n! = 2^k \\cdot 3$ and $n \\ge 4$."


@pytest.mark.parametrize("prediction, right", [
    ("Hence the only solution is $n = 4$, $k = 3$.", True),
    ("Hence the only solution is $k = 3$, $n = 4$.", True),  # by name, whatever the order written
    ("Hence the only solution is $n = 3$, $k = 4$.", False),  # swapped values (alphabetical order read them right)
    ("$\\boxed{(k, n) = (3, 4)}$", True),
    ("$\\boxed{(k, n) = (4, 3)}$", False),
])
def test_named_values_in_the_order_the_question_writes_the_tuple(prediction, right):
    assert accepted(prediction, "$(4,3)$", PAIRS) is right


def test_without_a_tuple_in_the_question_names_go_alphabetically():
    assert equivalent("(1, 2)", "x = 1, y = 2")[0]
    assert equivalent("(1, 2)", "y = 2, x = 1")[0]
    assert not equivalent("(2, 1)", "x = 1, y = 2")[0]


# -- 6. golds and numbers as datasets and calculators write them ----------------------------------------------------

def test_a_bracketed_gold_quoting_no_item_is_one_interval():
    question = "Solve $|2x-3|\\le 5$. Express your answer in interval notation."
    assert score_row("olympiad", {"prediction": "Answer: $[-1,4]$", "answer": "[-1,4]", "question": question},
                     profile="default").correct
    assert not score_row("olympiad", {"prediction": "Answer: $(-1,4)$", "answer": "[-1,4]", "question": question},
                         profile="default").correct
    # a list literal with quoted items is still several answers
    assert score_row("olympiad", {"prediction": "$x = 1$ or $x = 2$", "answer": "['$1$', '$2$']"},
                     profile="default").correct


@pytest.mark.parametrize("prediction, gold, unit, right", [
    ("Therefore B ≈ 2.0×10⁻³ T.", "2.0\\times10^{-3}", "T", True),
    ("Therefore B ≈ 2.0×10⁻² T.", "2.0\\times10^{-3}", "T", False),
    ("Final Answer: 3.0E+08 m/s", "3.0\\times10^{8}", "m/s", True),
    ("Final Answer: 3.0E+07 m/s", "3.0\\times10^{8}", "m/s", False),
])
def test_powers_of_ten_in_unicode_and_e_notation(prediction, gold, unit, right):
    assert score_row("olympiad", {"prediction": prediction, "answer": gold, "unit": unit},
                     profile="default").correct is right


def test_per_second_written_as_a_quotient():
    assert read_unit("/s") == read_unit("s^{-1}") == read_unit("1/s")
    assert read_unit("/") is None
    for prediction, right in (("f = 5 × 10^14 /s", True), ("f = 5 × 10^14 1/s", True), ("f = 5 × 10^15 /s", False),
                              ("f = 5 × 10^14 /m", False), ("f = 5 × 10^14 s", False)):
        assert score_row("olympiad", {"prediction": prediction, "answer": "5\\times10^{14}", "unit": "Hz"},
                         profile="default").correct is right, prediction


@pytest.mark.parametrize("prediction, right", [
    ("$m_ec^2 = 5.11\\times10^{5}\\ \\mathrm{eV}$", True),  # a rest energy is a label, its value converted
    ("$m_ec^2 = 5.11\\times10^{6}\\ \\mathrm{eV}$", False),
    ("$mc^2 = 0.511\\ \\mathrm{MeV}$", True),
])
def test_a_rest_energy_names_its_value(prediction, right):
    assert score_row("olympiad", {"prediction": prediction, "answer": "0.511", "unit": "MeV"},
                     profile="default").correct is right


@pytest.mark.parametrize("prediction, right", [
    ("The sum is $(100100)_2$.", True),
    ("The sum is $(100101)_2$.", False),
])
def test_a_numeral_in_brackets_with_its_base(prediction, right):
    assert accepted(prediction, "$100100_2$", "Compute $11011_2 + 1001_2$. Express your answer in base $2$.") is right


@pytest.mark.parametrize("prediction, gold, right", [
    ("By symmetry, and since $7$ is odd there are no ties, so the probability is one half.", "$\\frac{1}{2}$", True),
    ("The probability of at least one head is three quarters.", "$\\frac{3}{4}$", True),
    ("The probability of at least one head is two thirds.", "$\\frac{3}{4}$", False),
])
def test_a_probability_as_a_fraction_in_words(prediction, gold, right):
    assert accepted(prediction, gold) is right


# -- 7. parts answered in order -------------------------------------------------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("(a) Yes. (b) 12.", "Yes; 12", True),
    ("(a) No. (b) 12.", "Yes; 12", False),
    ("**(a)** Since $2^{10} = 1024 > 1000$, yes. **(b)** $12$ divisors.\n\n**Answers:** (a) yes; (b) $12$.",
     "Yes; 12", True),
])
def test_parts_answered_yes_or_no_in_order(prediction, gold, right):
    question = "(a) Is $2^{10} > 1000$? (b) How many divisors does $60$ have?"
    assert accepted(prediction, gold, question) is right


@pytest.mark.parametrize("prediction, right", [
    ("所以最小值为 $2$，最大值为 $3$。", True),
    ("所以最小值为 $3$，最大值为 $2$。", False),  # the blanks in the order the question asks
])
def test_chinese_named_values_in_order(prediction, right):
    question = "求函数 $f(x) = x^2 - 4x + 6$ 在区间 $[1,3]$ 上的最小值与最大值。(依次填写最小值、最大值)"
    assert score_row("olympiad", {"prediction": prediction, "answer": "2; 3", "question": question},
                     profile="default").correct is right


def test_final_answer_keeps_a_power_of_ten_whole():
    found = final_answer("Therefore B ≈ 2.0×10⁻³ T.")
    assert found is not None and "10^{-3}" in found.text
