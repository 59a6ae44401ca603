"""Round 12 of the maths reader, from round 11's held-out probes once scored (docs/profiles-math.md, "Round 12"): a
closing line that opens with its claim and then gives the reason; winners by role and by loss; values named one by
one in the order the question names them; answers asked "in that order"; percent and mixed numbers in words; an
absolute-value inequality as its union; integer sets with exceptions; named functions in a sentence; a row's unit of
degrees. Each a principle with near misses that keep the other verdict.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import equivalent, final_answer
from pytest_answerbench.maths.described import integer_set, winner
from pytest_answerbench.maths.normalize import number_words
from pytest_answerbench.maths.prose import claim_then_reason, named_blanks


def accepted(response: str, gold: str, question: str | None = None, **row) -> bool:
    """The verdict of both default profiles (they must agree) on one reply."""
    asked = {"question": question} if question else {}
    verdicts = {score_row(bench, fields, profile="default").correct for bench, fields in (
        ("olympiad", {"prediction": response, "answer": gold, **asked, **row}),
        ("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": response, **asked}))}
    assert len(verdicts) == 1, "olympiad and imo disagree"
    return verdicts.pop()


# -- 1. a closing line that opens with its claim, then its reason ----------------------------------------------------

@pytest.mark.parametrize("line, claim", [
    ("Impossible. The last digit of a perfect square is always one of 0, 1, 4, 5, 6, 9.", "Impossible"),
    ("The limit does not exist: sin(1/x) oscillates between −1 and 1 infinitely often near 0.",
     "The limit does not exist"),
    ("Finitely many — exactly three (x = 2, x = 4 and one negative solution).", "Finitely many"),
    ("Infinitely many: there is one in each interval (kπ − π/2, kπ + π/2).", "Infinitely many"),
    ("It has no inverse, because its determinant 1·4 − 2·2 is 0.", "It has no inverse"),
    ("有无穷多组，例如 ((1−t²)/(1+t²), 2t/(1+t²))，t 取任意有理数。", "有无穷多组"),
    ("Exactly the powers of two: 1, 2, 4, 8, …", "Exactly the powers of two"),
    ("Yes. x = 3 works.", ""),  # a bare yes or no is an answer only to a yes/no question (read elsewhere)
    ("It is possible: the answer is 5.", ""),  # the reason holds an answer of its own
    ("So x = 3. Check: 3 + 3 = 6.", ""),
])
def test_the_claim_a_closing_line_opens_with(line, claim):
    assert claim_then_reason(line) == claim


@pytest.mark.parametrize("prediction, gold, question, right", [
    ("Impossible. The last digit of a perfect square is always one of 0, 1, 4, 5, 6, 9.", "No",
     "Can the square of an integer end in the digit 7?", True),
    ("It does not exist, since sin(1/x) keeps oscillating as x → 0.", "0",
     "Evaluate lim_{x→0} x·sin(1/x), or state that the limit does not exist.", False),  # the 0 of "x → 0" was read
    ("Finite — in fact only p = 3 works, since one of p, p + 2, p + 4 is divisible by 3.", "Finite",
     "Is the set of primes p for which p + 2 and p + 4 are also prime finite or infinite?", True),
    ("Infinite — there is one in each period.", "Finite",
     "Is the set finite or infinite?", False),
])
def test_a_claim_before_its_reason_is_the_answer(prediction, gold, question, right):
    assert accepted(prediction, gold, question) is right


# -- 2. winners by role, and by who loses ---------------------------------------------------------------------------

@pytest.mark.parametrize("reply, question, who", [
    ("Since 47 is odd, the player who moves first makes the last break and wins.",
     "Alice and Bob break a bar. Alice moves first. Who wins?", "Alice"),
    ("The player who moves second can always win.", "Alice and Bob play. Alice moves first.", "Bob"),
    ("The nim-sum is 1 ≠ 0, so the player who moves second is in a losing position.",
     "Which player, first or second, has a winning strategy?", "first"),
    ("The nim-sum is 0, so the player to move is in a losing position — the first player loses.",
     "Does the first or the second player win?", "second"),
    ("后手（乙）有必胜策略：每轮使两人所取之和为 6。", "甲、乙两人轮流取石子，甲先取，谁有必胜策略？", "乙"),
    ("The first player loses and the second player loses.", "Who wins?", None),
])
def test_winners_by_role_and_by_loss(reply, question, who):
    assert winner(reply, question) == who


def test_a_gold_winner_in_text_markup():
    assert accepted("The nim-sum is 0, so the player to move loses: the player who moves second has the winning "
                    "strategy.", "\\text{The second player}", "Which player has a winning strategy in Nim?")
    assert not accepted("The nim-sum is 0, so the player to move loses: the player who moves second has the winning "
                        "strategy.", "\\text{The first player}", "Which player has a winning strategy in Nim?")


# -- 3. values named one by one, in the question's order; "in that order" -------------------------------------------

@pytest.mark.parametrize("sentence, question, blanks", [
    ("The maximum is 12 and the minimum is 3", "Find the minimum value and the maximum value of f, in that order.",
     "3; 12"),
    ("最小正周期为 2π，最大值为 2。", "函数 y = sin x + √3 cos x 的最大值为____，最小正周期为____。", "2; 2π"),
    ("所以最小值为 $2$，最大值为 $3$。", None, "2; 3"),
    ("It is 3, and then 4", None, ""),  # no quantity named
    ("x is 3 and y is 4.", None, ""),  # one-letter names are values named, read as such elsewhere
])
def test_named_blanks(sentence, question, blanks):
    assert named_blanks(sentence, question) == blanks


@pytest.mark.parametrize("prediction, right", [("12 and 840", True), ("840 and 12", False)])
def test_answers_asked_in_that_order_are_ordered(prediction, right):
    assert accepted(prediction, "12; 840", "Find the GCD and the LCM of 84 and 120, in that order.") is right


def test_without_an_order_asked_a_list_is_a_set():
    assert equivalent("12; 840", "840 and 12")[0]


# -- 4. numbers in words, percent, absolute values ------------------------------------------------------------------

@pytest.mark.parametrize("words, value", [
    ("five twelfths", "5/12"), ("two and one third", "7/3"), ("three and a half", "7/2"),
    ("one hundred and five", "105"), ("a twelfth", None),
])
def test_fractions_and_mixed_numbers_in_words(words, value):
    found = number_words(words)
    assert (str(found) if found is not None else None) == value


def test_a_percent_written_out_is_a_percent():
    assert final_answer("47 percent of them.").text == "47%"
    assert accepted("So 47 percent of the integers are divisible by 3 or by 5.", "\\frac{47}{100}")
    assert not accepted("So 47 of the integers are divisible by 3 or by 5.", "\\frac{47}{100}")


@pytest.mark.parametrize("prediction, gold, right", [
    ("$|k| > 4$", "k < -4 \\text{ or } k > 4", True),
    ("$|k| \\ge 4$", "k < -4 \\text{ or } k > 4", False),
    ("$|a| \\ge 2$", "a \\le -2 \\text{ or } a \\ge 2", True),
])
def test_an_absolute_value_inequality_is_its_union(prediction, gold, right):
    assert equivalent(gold, prediction)[0] is right


# -- 5. integer sets with exceptions, squares; named functions; degrees ----------------------------------------------

def test_integer_sets_with_exceptions():
    assert integer_set("All positive integers except n = 3").excluded == frozenset({3})
    question = "For which positive integers n is n² − 6n + 10 greater than 1?"
    assert accepted("For every n except 3.", "All positive integers except n = 3", question)
    assert not accepted("For every n except 4.", "All positive integers except n = 3", question)
    assert accepted("Precisely the perfect squares.", "The perfect squares",
                    "Which positive integers have an odd number of positive divisors?")


@pytest.mark.parametrize("prediction, gold, right", [
    ("Only the identity function.", "f(x) = x", True),
    ("Only the identity function.", "f(x) = 0", False),
    ("f is the identity on the positive integers: f(n) = n for all n.", "f(n) = n", True),
])
def test_named_functions_in_a_sentence(prediction, gold, right):
    assert accepted(prediction, gold, "Find all functions f satisfying the equation.") is right


@pytest.mark.parametrize("prediction, right", [
    ("$\\theta = \\pi/6$", True), ("$\\pi/3$", False), ("$30^\\circ$", True), ("$30$", True),
])
def test_a_row_unit_of_degrees_makes_the_gold_an_angle(prediction, right):
    assert score_row("olympiad", {"prediction": prediction, "answer": "30", "unit": "$^{\\circ}$"},
                     profile="default").correct is right
