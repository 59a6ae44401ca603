"""Readings added for the third batch of hand-written hard cases (``tests/data/hard_cases.jsonl``, ids ``b3-``),
each a principle with the near misses that must keep their verdict: claims written in Chinese, the qualifiers of a
claim, the empty set in words, a JSON answer field the text after it takes back, and a yes/no question answered by
the verdict a reply or an answer line opens with."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.meaning import asks_yes_no, claim, opening_verdict


def _status(prediction: str, gold: str, question: str | None = None, **cells: str) -> str:
    """The olympiad default verdict's status for one row (the question and other cells only when given)."""
    row = {"prediction": prediction, "final_answer": [gold], **cells}
    if question:
        row["question"] = question
    return score_row("olympiad", row, profile="default").status


# ---- claims written in Chinese -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("不能", ("possible", False)),
    ("能", ("possible", True)),
    ("可以", ("possible", True)),
    ("无法做到", ("possible", False)),
    ("综上所述，不存在这样的正整数 n", ("exist", False)),
    ("综上所述，存在这样的正整数 n", ("exist", True)),
    ("不可能存在这样的 n", ("exist", False)),  # a negation before 存在, not the claim that it exists
    ("这样的 n 不会存在", ("exist", False)),
    ("满足条件的 n 有无穷多个", ("infinite", True)),
    ("满足条件的 n 只有有限多个", ("infinite", False)),
    ("结论不一定成立", ("always", False)),
    ("该级数发散", ("converge", False)),
    ("是", ("yes", True)),
    ("否", ("yes", False)),
])
def test_claims_written_in_chinese(text, expected):
    assert claim(text) == expected


@pytest.mark.parametrize("text", ["能量守恒", "n 等于 5", "或者存在，或者不存在", "如果存在这样的 n", "可能存在"])
def test_chinese_text_that_makes_no_claim(text):
    assert claim(text) is None


@pytest.mark.parametrize("gold, pred, same", [
    ("No", "不能", True),
    ("Yes", "不能", False),
    ("No", "综上所述，不存在这样的正整数 $n$。", True),
    ("No", "综上所述，存在这样的正整数 $n$。", False),
    ("infinitely many", "因此，满足条件的 $n$ 有无穷多个。", True),
    ("infinitely many", "因此，满足条件的 $n$ 只有有限多个。", False),
])
def test_a_chinese_claim_against_its_gold(gold, pred, same):
    found = maths.final_answer(pred)
    assert maths.equivalent(gold, found.answers[-1])[0] is same


# ---- the qualifiers of a claim ----------------------------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("converges absolutely", "The series is absolutely convergent", True),
    ("converges absolutely", "The series converges absolutely and uniformly", True),
    ("converges", "The series converges absolutely", True),  # more than the gold asks
    ("converges absolutely", "The series converges conditionally, but not absolutely", False),
    ("converges absolutely", "The series converges", False),  # the gold's qualifier left out
    ("converges conditionally", "The series converges absolutely", False),
    ("exists uniquely", "Such a function exists, but not uniquely", False),
])
def test_a_claim_keeps_its_qualifiers(gold, pred, same):
    assert maths.equivalent(gold, pred)[0] is same


# ---- the empty set in words -------------------------------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, same", [
    ("\\varnothing", "Therefore no real $x$ satisfies the inequality: the solution set is empty.", True),
    ("\\emptyset", "The solution set is empty.", True),
    ("no solution", "The solution set is empty.", True),
    ("\\varnothing", "Therefore every real $x$ satisfies the inequality: the solution set is $\\mathbb{R}$.", False),
    ("\\varnothing", "The solution set is non-empty.", False),
])
def test_the_empty_set_in_words(gold, pred, same):
    assert (_status(pred, gold) == "correct") is same


# ---- a JSON answer field the text after it takes back ---------------------------------------------------------------

@pytest.mark.parametrize("reply, read", [
    ('```json\n{"answer": 14}\n```\n\nWait, I double-counted the two diagonal pairs. The correct answer is $12$.',
     ("12",)),
    ('{"answer": 14}\nHmm, that is wrong: the answer is 12.', ("12",)),
    ('{"answer": 14}\nWait, that is wrong.', None),  # taken back, no answer after it
    # near misses: a check that confirms, and a remark, leave the field standing
    ('```json\n{"answer": 14}\n```\n\nWait, let me double-check: yes, 14 is right.', ("14",)),
    ('```json\n{"answer": 14}\n```\nThe pairs are counted once each.', ("14",)),
])
def test_a_json_answer_taken_back(reply, read):
    found = maths.final_answer(reply)
    assert (found.answers if found else None) == read


# ---- a yes/no question answered by the verdict a reply opens with ----------------------------------------------------

@pytest.mark.parametrize("question, asks", [
    ("Can the numbers $1, \\ldots, 10$ be arranged in a circle so that neighbours differ by at least $3$?", True),
    ("Is it always true that $2^n + 1$ is prime when $n$ is a power of $2$?", True),
    ("Find $n$. Is there a knight's tour on a $4 \\times 4$ board?", True),
    ("是否存在正整数 $n$，使得 $n^2+n+1$ 能被 $9$ 整除？", True),
    ("Does the series converge absolutely, converge conditionally, or diverge?", False),
    ("Is $n$ even or odd?", False),
    ("Find the least $n$ such that the board can be tiled.", False),
    ("How many solutions are there?", False),
    (None, False),
])
def test_a_question_asking_yes_or_no(question, asks):
    assert asks_yes_no(question) is asks


_CAN = "Can an $8 \\times 8$ board be covered by $1 \\times 3$ trominoes and one $1 \\times 1$ square?"


@pytest.mark.parametrize("statement, verdict", [
    ("Yes, it can be done (with the single square at $(3,3)$).", "Yes"),
    ("No. Whatever we choose, two neighbours differ by less than $3$.", "No"),
    ("Not always: $2^{32}+1$ is composite.", "Not always"),
    ("**Yes**.", "Yes"),
    ("No, wait — yes, with the square in the centre.", "Yes"),  # taken back in its own line: the last verdict
    ("Yes, actually no, it fails for the corner square.", "No"),
    ("No such covering exists.", None),  # no verdict word standing alone: read as a claim, as before
    ("Nothing more to check.", None),
])
def test_the_verdict_a_statement_opens_with(statement, verdict):
    assert opening_verdict(statement, _CAN) == verdict


def test_no_verdict_without_a_yes_no_question():
    assert opening_verdict("Yes, $n = 5$ works.", "Find all $n$ that work.") is None
    assert opening_verdict("Yes, $n = 5$ works.", None) is None


@pytest.mark.parametrize("reply, gold, status", [
    ("Final Answer: Yes, it can be done (with the single square at $(3,3)$).", "Yes", "correct"),
    ("Final Answer: No, it cannot be done; the square at $(3,3)$ fails.", "Yes", "wrong"),
    ("<think>\nIf the board were $7 \\times 7$ the answer would be no.\n</think>\n\nYes. One covering puts the square "
     "at $(3, 3)$ and the trominoes in rows $1$ to $8$.", "Yes", "correct"),
    ("<think>\nIf the board were $7 \\times 7$ the answer would be yes.\n</think>\n\nNo. The colour counts are "
     "$21$, $21$ and $22$ wherever the square goes.", "Yes", "wrong"),
    # the reply opens with a verdict but closes on a claim of its own: the closing claim counts
    ("Yes. Wait, the colour classes are unbalanced, so such a covering is impossible.", "Yes", "wrong"),
])
def test_a_yes_no_question_answered_by_its_opening_verdict(reply, gold, status):
    assert _status(reply, gold, _CAN) == status


def test_an_opening_yes_is_no_answer_to_a_question_asking_a_value():
    row = {"prediction": "Yes. The board can be covered, and the count of coverings is $12$.", "final_answer": ["12"],
           "question": "In how many ways can the board be covered?"}
    assert score_row("olympiad", row, profile="default").status == "correct"


# ---- parts answered in labelled sections, lettered parts, a closing sentence filling the blanks -----------------

@pytest.mark.parametrize("question, parts", [
    ("(a) How many edges does the graph have? (b) How many triangles does it contain?", 2),
    ("（1）求公比 $q$；（2）求前三项和 $S_3$。", 2),
    ("(a) Find $x$. (b) Compute $y$. (c) Show that $x > y$.", 3),
    # near misses: a multiple-choice question's lettered options, a letter inside a formula, labels out of order
    ("Sunlight travels to earth in approximately:\n- (a) 1 hr\n- (b) 8 min\n- (c) 8 sec", 0),
    ("Let $f(a)$ be given; evaluate (b) below.", 0),
    ("(1) Find $a$. (3) Find $b$.", 0),
])
def test_the_parts_a_question_asks(question, parts):
    from pytest_answerbench.maths.compare.whole import asked_parts

    assert asked_parts(question) == parts


@pytest.mark.parametrize("line, read", [
    ("（1）$q = 2$；（2）$S_3 = 7$。", "(1) q = 2 (2) S_3 = 7"),
    ("(a) $12$ (b) $5$", "(1) 12 (2) 5"),
    ("(1) $a = 2$ (2) $b = -3$", "(1) a = 2 (2) b = -3"),
    ("(1) hello (2) world", ""),  # no value after the labels
    ("(2) $a$ (1) $b$", ""),  # out of order
])
def test_a_line_of_labelled_parts(line, read):
    from pytest_answerbench.maths.prose import numbered_line

    assert numbered_line(line) == read


_AB = "(a) How many edges does the graph have? (b) How many triangles does it contain?"
_MA = "(1) Find the value of $m$. (2) Find the area of triangle $OAB$."
_BLANKS = "The minimum value of $f(x)$ for $x > 0$ is ____, attained at $x =$ ____."


@pytest.mark.parametrize("question, reply, gold, status", [
    (_AB, "(a) The degrees sum to $24$, so $|E| = \\boxed{12}$.\n\n(b) Listing them, there are $\\boxed{5}$.",
     "12; 5", "correct"),
    (_AB, "(a) The degrees sum to $10$, so $|E| = \\boxed{5}$.\n\n(b) Listing them, there are $\\boxed{12}$.",
     "12; 5", "wrong"),  # the parts in the other order
    (_MA, "For part (1), substituting gives $m = 3$.\n\nFor part (2), the base is $7$, so the area is $7$.",
     "3; 7", "correct"),
    (_MA, "For part (1), substituting gives $m = 3$.\n\nFor part (2), the base is $7$ and the height is",
     "3; 7", "wrong"),  # cut off in part (2)
    (_MA, "**(1)** $m = 3$\n\n**(2)** The area is $7$.", "3; 7", "correct"),
    (_MA, "(1) We get $m = 3$.", "3; 7", "wrong"),  # one part answered
    ("已知 $a_1 = 1$，$a_3 = 4$。（1）求公比 $q$；（2）求 $S_3$。", "答：（1）$q = 2$；（2）$S_3 = 7$。", "2; 7", "correct"),
    ("已知 $a_1 = 1$，$a_3 = 4$。（1）求公比 $q$；（2）求 $S_3$。", "答：（1）$q = 7$；（2）$S_3 = 2$。", "2; 7", "wrong"),
    (_BLANKS, "By AM-GM the minimum value is $\\frac12$, attained at $x = 2$.", "\\frac{1}{2}; 2", "correct"),
    (_BLANKS, "By AM-GM the minimum value is $2$, attained at $x = \\frac12$.", "\\frac{1}{2}; 2", "wrong"),
    (_BLANKS, "By AM-GM, with $a = 1$, the minimum value is $\\frac12$, attained at $x = 2$.", "\\frac{1}{2}; 2",
     "wrong"),  # three values in the closing sentence: which fill the blanks is not said
])
def test_parts_answered_in_sections_and_blanks_in_one_sentence(question, reply, gold, status):
    assert _status(reply, gold, question) == status


def test_sections_are_not_read_without_ordered_parts_in_the_question():
    reply = "(a) The degrees sum to $24$, so $|E| = \\boxed{12}$.\n\n(b) Listing them, there are $\\boxed{5}$."
    found = maths.final_answer(reply, multiple=True, question="Find the number of edges and of triangles.")
    assert found.answers != ("(1) 12 (2) 5",)


# ---- temperatures on the Celsius and kelvin scales ---------------------------------------------------------------

@pytest.mark.parametrize("gold, pred, unit, same", [
    ("300", "T = 26.85\\,^{\\circ}\\mathrm{C}", "K", True),
    ("300", "26.85 °C", "K", True),
    ("27^{\\circ}C", "300.15 K", None, True),
    ("300 K", "26.85^\\circ C", None, True),
    ("300", "T = 300\\,^{\\circ}\\mathrm{C}", "K", False),  # the value, not converted, is another temperature
    ("27^{\\circ}C", "300 K", None, False),
    ("300", "26.85 C", "K", False),  # without the degree mark C is the coulomb
])
def test_celsius_and_kelvin(gold, pred, unit, same):
    assert maths.equivalent(gold, pred, unit=unit)[0] is same


def test_a_degree_mark_alone_is_still_an_angle():
    assert maths.equivalent("\\frac{\\pi}{3}", "60^\\circ")[0] is True
    assert maths.equivalent("333.15", "60^\\circ", unit="K")[0] is False


# ---- a domain in brackets of its own after a formula -----------------------------------------------------------------

@pytest.mark.parametrize("reply, read", [
    ("所以 $f(x) = x + 1$（$x \\in \\mathbb{R}$），经检验满足题意。", "f(x) = x + 1"),
    ("Hence $a_n = 3n - 2$ ($n \\in \\mathbb{N}^*$), as claimed.", "a_n = 3n - 2"),
    # near misses: a membership that is the answer itself, and no formula before the bracket
    ("So the answer is $x \\in \\mathbb{R}$.", "x \\in \\mathbb{R}"),
    ("The answer is all reals ($x \\in \\mathbb{R}$).", "x \\in \\mathbb{R}"),
])
def test_a_domain_in_brackets_after_a_formula(reply, read):
    assert maths.final_answer(reply).answers[-1] == read


# ---- sets of reals and chances in words; formulas closed by their domain; a family's own parameter -------------------

@pytest.mark.parametrize("sentence, read", [
    ("the range is every real number greater than or equal to $2$.", "x \\ge 2"),
    ("So the inequality holds for all real $x$ with $0 < x \\le 1$.", "0 < x \\le 1"),
    ("all real numbers $t$ no less than $-1$", "t \\ge -1"),
    ("every real number less than 3", "x < 3"),
    # near misses: a bound without "all real ...", a set without a bound, a condition that is no inequality
    ("the answer is at least 7", None),
    ("the answer is all real numbers", None),
    ("all real $x$ with $x^2 = 1$", None),
])
def test_a_set_of_reals_in_words(sentence, read):
    from pytest_answerbench.maths.extract import set_in_words

    assert set_in_words(sentence) == read


@pytest.mark.parametrize("reply, gold, same", [
    ("**Final Answer:** the range is every real number greater than or equal to $2$.", "[2, \\infty)", True),
    ("**Final Answer:** the range is every real number greater than $2$.", "[2, \\infty)", False),
    ("So the inequality holds for all real $x$ with $0 < x \\le 1$.", "(0, 1]", True),
    ("So the inequality holds for all real $x$ with $0 \\le x \\le 1$.", "(0, 1]", False),
])
def test_a_set_of_reals_in_words_against_an_interval(reply, gold, same):
    assert (_status(reply, gold) == "correct") is same


@pytest.mark.parametrize("sentence, read", [
    ("So the probability that the sum is $7$ is one in six.", "\\frac{1}{6}"),
    ("The probability is 1 in 4.", "\\frac{1}{4}"),
    ("The chance of a head is one in twenty-five.", "\\frac{1}{25}"),
    # near misses: a count of people, not a probability; words that are no numbers
    ("One in six students passed.", None),
    ("The probability is one in many.", None),
])
def test_a_chance_in_words(sentence, read):
    from pytest_answerbench.maths.extract import chance_in_words

    assert chance_in_words(sentence) == read


@pytest.mark.parametrize("reply, read", [
    ("The solutions are $f(x) = 0$ for all $x$, and $f(x) = x^2$ for all $x$.", ("f(x) = 0", "f(x) = x^2")),
    ("The only solution is $f(x) = x^2$ for all real $x$.", ("f(x) = x^2",)),
    # near miss: a value of a letter is no domain
    ("The solutions are $x = 1$ and $x = 2$.", ("x = 1", "x = 2")),
])
def test_formulas_closed_by_their_domain(reply, read):
    assert maths.final_answer(reply, multiple=True).answers == read


_PAIRS = "Find all pairs of positive integers $(a, b)$ with $a < b$ such that $\\gcd(a, b) = b - a = 1$."


@pytest.mark.parametrize("gold, pred, question, same", [
    ("(n, n+1)", "(m, m+1)", _PAIRS, True),
    ("2k+1", "2j+1", "Which integers are odd?", True),
    ("(n, n+1)", "(m+1, m)", _PAIRS, False),  # renamed, still in the other order
    ("(n, n+1)", "(m, m+1)", None, False),  # without the question nothing says the letter is the answer's own
    ("(n, n+1)", "(m, m+1)", "For a given integer $m$, find all pairs $(a, b)$.", False),  # m is a given
    ("x^2", "y^2", "Find f(x) if f'(x) = 2x and f(0) = 0.", False),  # the question writes x
    ("(n, n+1)", "(a, a+1)", _PAIRS, False),  # a is the question's
])
def test_a_family_in_a_parameter_of_its_own(gold, pred, question, same):
    assert maths.equivalent(gold, pred, question=question)[0] is same


# ---- the last to-dos of batches 1 and 2 ----------------------------------------------------------------------------

@pytest.mark.parametrize("reply, read", [
    ('```json\n{"plan": "count the pairs", "steps": 28}\n```\n\nLet me count the pairs now.', None),
    ('{"steps": 28}', None),
    # near misses: reasoning in words concludes; a field named as neither still concludes
    ('{"reasoning": "so the total is 28"}', ("28",)),
    ('{"steps": ["add 3", "the total is 28"]}', ("28",)),
    ('{"value": 28}', ("28",)),
])
def test_a_reasoning_field_holding_a_bare_value(reply, read):
    found = maths.final_answer(reply)
    assert (found.answers if found else None) == read


_CONTINUOUS = "Is the function $g$ continuous at $0$?"


@pytest.mark.parametrize("reply, gold, question, status", [
    ("So $g$ is continuous at $0$.", "Yes", _CONTINUOUS, "correct"),
    ("So $g$ is discontinuous at $0$.", "Yes", _CONTINUOUS, "wrong"),
    ("So $g$ is not continuous at $0$.", "No", _CONTINUOUS, "correct"),
    ("Is $f$ bounded on $[0, 1]$?", "Yes", None, "wrong"),  # a question is no answer
    ("So $g$ is continuous at $0$.", "Yes", None, "wrong"),  # without the question: the value 0 as before
    ("So $g$ is continuous at $0$.", "Yes", "Where is $g$ continuous?", "wrong"),  # the question asks no yes/no
])
def test_a_property_at_a_point_answers_the_question_asking_it(reply, gold, question, status):
    assert _status(reply, gold, question) == status


@pytest.mark.parametrize("reply, cut", [
    ("$(a, 1)$ for any positive integer $a$", False),  # the closing letter is maths, no dangling article
    ("Then we multiply $5!$ by a", True),
    ("so the answer is $x$ and", True),
    ("The sum is $x +", True),
])
def test_a_closing_math_letter_is_no_dangling_word(reply, cut):
    from pytest_answerbench.maths.extract import truncated

    assert truncated(reply) is cut


@pytest.mark.parametrize("gold, pred, unit, same", [
    ("0.25", "2500\\ \\mathrm{G}", "T", True),  # the gauss, set upright
    ("0.25", "250\\ \\mathrm{G}", "T", False),
    ("0.25", "2500 G", "T", True),  # spaced after a number, against a field in T: the gauss (round 30; was G's constant)
    ("0.25", "2500G", "T", False),  # stuck to its number: a multiple of the gravitational constant
    ("5\\times10^{9}", "5 GHz", "Hz", True),  # the giga prefix still reads
])
def test_the_gauss_set_upright(gold, pred, unit, same):
    assert maths.equivalent(gold, pred, unit=unit)[0] is same


def test_an_answer_before_an_object_that_answers_nothing_stands():
    found = maths.final_answer('The answer is $5$.\n\n```json\n{"steps": 3}\n```')
    assert found is not None and found.answers == ("5",)


@pytest.mark.parametrize("reply, gold, same", [
    ("every odd positive integer $n$", "all odd positive integers", True),
    ("So the answer is every even positive integer $k$.", "all even positive integers", True),
    ("every odd integer $n$", "all odd positive integers", False),  # a qualifier of the gold left out
    ("All real numbers except $x = 3$.", "x \\neq 3", True),
    ("All real numbers except $x = -3$.", "x \\neq 3", False),
])
def test_a_set_described_by_a_quantifier(reply, gold, same):
    assert (_status(reply, gold) == "correct") is same


# ---- near misses found by probing the readings above ---------------------------------------------------------------

_TILED = "Can the board be tiled with dominoes?"


@pytest.mark.parametrize("reply, gold, question, status", [
    ("The set is not empty.", "\\varnothing", None, "wrong"),
    ("The set is never empty.", "\\varnothing", None, "wrong"),
    ("So $g$ is continuous everywhere except at $0$.", "Yes", _CONTINUOUS, "wrong"),
    ("Final Answer: Yes or no, depending on the colouring.", "Yes", _TILED, "wrong"),
    ("Final Answer: Yes/No", "Yes", _TILED, "wrong"),
    ("Final Answer: Yes, with dominoes laid in rows.", "Yes", _TILED, "correct"),
    ("The series converges uniformly on $[0,1]$.", "converges uniformly", None, "correct"),
    ("The series converges pointwise on $[0,1]$.", "converges uniformly", None, "wrong"),
    ("So $f$ is bounded on $[0,1]$.", "Yes", "Is $f$ bounded on $[0,1]$?", "correct"),
    ("So $f$ is unbounded on $[0,1]$.", "Yes", "Is $f$ bounded on $[0,1]$?", "wrong"),
    ("The maximum is attained at $3$.", "3", None, "correct"),  # a value after "at" is no place of a claim
])
def test_near_misses_of_claims_properties_and_verdicts(reply, gold, question, status):
    assert _status(reply, gold, question) == status


@pytest.mark.parametrize("pred, gold, unit, same", [
    ("The final temperature is $T = 350\\ \\mathrm{K}$.", "76.85", "^{\\circ}C", True),  # the row's unit in °C
    ("The final temperature is $T = 350\\ \\mathrm{K}$.", "76.85", "℃", True),
    ("The final temperature is $T = 350\\ \\mathrm{K}$.", "350", "^{\\circ}C", False),
    ("$\\Delta T = 25\\ \\mathrm{K}$", "25", "^{\\circ}C", True),  # a change of temperature: the same on both scales
    ("$\\Delta T = 298\\ \\mathrm{K}$", "25", "^{\\circ}C", False),
])
def test_a_row_unit_in_degrees_celsius(pred, gold, unit, same):
    assert (_status(pred, gold, unit=unit) == "correct") is same


@pytest.mark.parametrize("unit, read", [
    ("rad/s", ((("s", -1),), 1)),
    ("J/(kg K)", ((("K", -1), ("m", 2), ("s", -2)), 1)),
    ("rad", None),  # a ratio alone is no unit read here
    ("J/(kg K)/s", None),
])
def test_the_radian_and_a_bracketed_denominator(unit, read):
    from pytest_answerbench.maths.units import read_unit

    assert read_unit(unit) == read


def test_radians_per_second_against_a_frequency():
    row = {"prediction": "$\\omega = 10\\ \\mathrm{rad/s}$", "final_answer": ["10"], "unit": "s^{-1}"}
    assert score_row("olympiad", row, profile="default").status == "correct"


_LARGEST = "Find the largest $n$ ____ and the smallest $n$ ____."


@pytest.mark.parametrize("reply, gold, question, status", [
    ("答案：方程无实数解。", "no solution", None, "correct"),
    ("答案：方程无实数解。", "无解", None, "correct"),
    ("答案：方程有实数解 $x = 1$。", "无解", None, "wrong"),
    ("Final Answer: $3$；$0$", "3; 0", None, "correct"),
    ("Final Answer: $0$；$3$", "3; 0", None, "wrong"),  # blanks written with semicolons are ordered
    ("So $x=2$; $x=1$.", "1, 2", None, "correct"),  # against solutions written with commas: a list
    ('```json\n{"reasoning": "...", "answer": ""}\n```\n\n**Final Answer**: $5$', "5", None, "correct"),
    ('```json\n{"reasoning": "...", "answer": ""}\n```', "5", None, "wrong"),
    ("So the largest such $n$ is $\\boxed{7}$ and the smallest is $\\boxed{2}$.", "7; 2", _LARGEST, "correct"),
    ("So the largest such $n$ is $\\boxed{2}$ and the smallest is $\\boxed{7}$.", "7; 2", _LARGEST, "wrong"),
    ("Hence Bob has a winning strategy when $n$ is even.", "Bob", None, "wrong"),
    ("Hence Bob has a winning strategy.", "Bob", None, "correct"),
])
def test_more_near_misses_found_by_probing(reply, gold, question, status):
    assert _status(reply, gold, question) == status


_DIVISIBLE = "Is the sum always divisible by $n$?"


@pytest.mark.parametrize("reply, gold, question, status", [
    ("The statement is false in general: $n = 4$ is a counterexample.", "No", _DIVISIBLE, "correct"),
    ("This claim is true: the sum is $n(n+1)/2$ and $n$ divides it.", "No", _DIVISIBLE, "wrong"),
    ("The statement is not true: $n = 4$ fails.", "No", _DIVISIBLE, "correct"),
    ("The statement is false in general: $n = 4$ is a counterexample.", "4", "Find the least counterexample $n$.",
     "correct"),  # no yes/no question: the value, as before
    ("答：甲有必胜策略。", "甲", None, "correct"),
    ("答：乙有必胜策略。", "甲", None, "wrong"),
    ("答：甲没有必胜策略。", "甲", None, "wrong"),
    ("Thus, the function is strictly increasing on $\\mathbb{R}$.", "strictly increasing", None, "correct"),
    ("Thus, the function is increasing on $\\mathbb{R}$.", "strictly increasing", None, "wrong"),
])
def test_verdicts_on_the_statement_chinese_winners_and_properties_with_their_domain(reply, gold, question, status):
    assert _status(reply, gold, question) == status


@pytest.mark.parametrize("reply, gold, unit, status", [
    ("Answer: $\\boxed{12}$ cm$^2$", "12", "cm^2", "correct"),
    ("Answer: $\\boxed{12}$ m$^2$", "12", "cm^2", "wrong"),
    ("Answer: $\\boxed{1200}$ mm$^{2}$", "12", "cm^2", "correct"),
    ("So $P(x) = c(x-1)(x+1)$ for any constant $c$.", "P(x)=c(x^2-1)", None, "correct"),
    ("So $P(x) = c(x-1)^2$ for any constant $c$.", "P(x)=c(x^2-1)", None, "wrong"),
    ("So $x = 2k$ for some integer $k$.", "2k", None, "correct"),
])
def test_a_power_after_a_unit_and_a_constant_named_after_a_formula(reply, gold, unit, status):
    assert _status(reply, gold, **({"unit": unit} if unit else {})) == status


@pytest.mark.parametrize("reply, gold, unit, status", [
    ("故所求时间为 $1.5$ 分钟。", "90", "s", "correct"),
    ("故所求时间为 $1.5$ 小时。", "90", "s", "wrong"),
    ("所以 $x = 5$ 厘米。", "0.05", "m", "correct"),
    ("所以共有 $5$ 个。", "5", None, "correct"),  # a measure word is no unit, as before
    ("答案：$\\boxed{3}$；$\\boxed{0}$", "3; 0", None, "correct"),
    ("答案：$\\boxed{0}$；$\\boxed{3}$", "3; 0", None, "wrong"),  # boxes joined by semicolons: ordered blanks
    ("The roots are $\\boxed{1}$ and $\\boxed{3}$.", "3, 1", None, "correct"),  # joined by "and": a list
])
def test_units_in_chinese_and_boxes_joined_by_semicolons(reply, gold, unit, status):
    assert _status(reply, gold, **({"unit": unit} if unit else {})) == status
