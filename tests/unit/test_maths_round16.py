"""Round 16 of the maths reader (docs/profiles-math.md, "Round 16"), written from round 16's blind probes
(tests/data/probes_round16.jsonl) after they were scored once, then narrowed after a helper's attack (415 replies
labelled by the grading conventions before either version ran; the 111 the final version reads as labelled among
those the first version got wrong or the old reader did are tests/data/attack_round16_maths.jsonl). Each reading
has its near misses beside it."""

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


FACTOR = "What is the largest prime factor of 1001?"
TWO_BLOCKS = ("<think>\n1001 = 7 × 11 × 13.\n</think>\n\n$1001 = 7 \\times 11 \\times 13$, so the largest prime factor "
              "is $\\boxed{13}$.\n\nQuestion: What is the largest prime factor of {n}?\n\n<think>\n2024 = 8 × 11 × 23."
              "\n</think>\n\nSo the largest prime factor is $\\boxed{23}$.")


@pytest.mark.parametrize("n, answer, status", [
    ("2024", "13", "correct"),  # a question with other numbers, invented after the answer: the blocks after it answer it
    ("2024", "23", "wrong"),
    ("1001", "23", "correct"),  # the row's question restated: read again, the last answer counts (as before)
])
def test_a_question_invented_after_answering_closes_the_reply(n, answer, status):
    assert _verdict(TWO_BLOCKS.replace("{n}", n), answer, FACTOR) == status


def test_a_restated_question_with_a_recomputation_on_the_next_line_is_still_the_rows():
    reply = ("Speed = 120 / 1.5 = 60 km/h. The answer is 60.\n\nQuestion: A train travels 120 km in 1.5 hours. What is "
             "its average speed in km/h?\nLet me redo this: 1.5 × 80 = 120, so 120 / 1.5 = 80. The answer is 80.")
    assert _verdict(reply, "80", "A train travels 120 km in 1.5 hours. What is its average speed in km/h?") == "correct"


@pytest.mark.parametrize("prediction, answer, status", [
    ("$$E \\approx \\frac{1240}{500} \\approx 2.5\\ \\text{eV}$$", "2.48 eV", "wrong"),  # the decimal committed to
    ("$$E \\approx \\frac{1240}{500} \\approx 2.48\\ \\text{eV}$$", "2.48 eV", "correct"),
    ("$x = \\frac{22}{7} \\approx 3.142$", "\\frac{22}{7}", "correct"),  # an exact gold: the exact side decides
    ("$\\frac{1}{3} \\approx 1.3$", "\\frac{1}{3}", "correct"),  # (as before: the exact value decides)
    # an integer gold, a conversion to another unit, a chain through the gold: as before
    ("$$E = \\frac{hc}{\\lambda} = \\frac{1240}{500} = 2.48\\ \\text{eV} = 3.97\\times10^{-19}\\ \\text{J}$$", "2.48 eV",
     "correct"),
    ("$x = 1 + \\sqrt{8} \\approx 3.83 \\approx 4$", "4", "wrong"),
])
def test_a_decimal_gold_against_the_decimal_a_reply_closes_on(prediction, answer, status):
    assert _verdict(prediction, answer) == status


GAME = ("Alice and Bob play a game with a pile of 2024 stones. They alternate turns, Alice first; on each turn a player "
        "removes 1, 2 or 3 stones. The player who takes the last stone wins. Which player has a winning strategy?")


@pytest.mark.parametrize("closing, answer, status", [
    ("**Bob** (the second player) has a winning strategy.", "Bob", "correct"),
    ("Bob (the second player) has a winning strategy.", "Bob", "correct"),
    ("**Alice** (the second player) has a winning strategy.", "Bob", "wrong"),  # the name is not that turn's
    ("So **Bob** (the first player) has a winning strategy.", "Bob", "wrong"),
])
def test_the_first_mover_read_from_alternate_turns(closing, answer, status):
    assert _verdict("Multiples of 4 are losing positions.\n\n" + closing, answer, GAME) == status


K5 = "Can the complete graph $K_5$ be drawn in the plane without edge crossings?"


@pytest.mark.parametrize("closing, answer, question, status", [
    ("So $K_5$ is non-planar; it is impossible to draw it without crossings.", "No", K5, "correct"),
    ("So $K_5$ cannot be drawn without crossings.", "No", K5, "correct"),
    ("So $K_5$ cannot be drawn without crossings.", "Yes", K5, "wrong"),
    ("So $K_{3,3}$ can be drawn.", "No", K5, "wrong"),  # a span the question does not write: as before
    # a question asking its property negated: the claim's polarity is not the answer
    ("So a solution of $x^2 + 1 = 0$ exists.", "Yes", "Does $x^2 + 1 = 0$ have no real solutions?", "wrong"),
    ("So a real root of $x^2 + x + 1 = 0$ exists.", "Yes", "Is the equation $x^2 + x + 1 = 0$ unsolvable over the "
     "reals?", "wrong"),
])
def test_a_claim_about_the_questions_own_subject(closing, answer, question, status):
    assert _verdict("We count edges: $e = 10 > 9$.\n\n" + closing, answer, question) == status


@pytest.mark.parametrize("prediction, answer, question, status", [
    ("The number 1 has only one positive divisor, so 1 is neither prime nor composite.", "No", "Is 1 a prime number?",
     "correct"),
    ("The number 1 has only one positive divisor, so 1 is prime.", "No", "Is 1 a prime number?", "wrong"),
    ("The number 2 has two divisors, so 2 is prime.", "No", "Is 1 a prime number?", "wrong"),  # another subject
    ("If $x^3 = y^3$ then $x = y$. Hence $f$ is one-to-one on $\\mathbb{R}$.", "Yes",
     "Is the function $f(x)=x^3$ injective on $\\mathbb{R}$?", "correct"),
    ("Hence $f$ is not one-to-one on $\\mathbb{R}$.", "Yes", "Is the function $f(x)=x^2$ injective on $\\mathbb{R}$?",
     "wrong"),
])
def test_neither_nor_one_to_one_and_a_bare_subject(prediction, answer, question, status):
    assert _verdict(prediction, answer, question) == status


LENS = "An object is placed 15 cm in front of a converging lens of focal length 10 cm. Where is the image formed?"


@pytest.mark.parametrize("closing, answer, status", [
    ("So the image forms $0.3$ m behind the lens.", "30 cm", "correct"),
    ("So the image is $0.3$ m from the lens.", "30 cm", "correct"),
    ("So the image is $0.3$ m behind the lens.", "0.3 cm", "wrong"),  # the unit read is the metre
    ("The rod is $2$ m long.", "200 cm", "correct"),
])
def test_a_unit_in_words_before_a_place_or_a_size(closing, answer, status):
    assert _verdict("Thin lens equation.\n\n" + closing, answer, LENS) == status


DOMAIN = "[1, 5) \\cup (5, \\infty)"


@pytest.mark.parametrize("prediction, answer, status", [
    ("Domain: $x \\ge 1,\\ x \\neq 5$.", DOMAIN, "correct"),
    ("$x\\geq 1, x\\neq 5$", DOMAIN, "correct"),
    ("$x\\geq 1, x\\neq 4$", DOMAIN, "wrong"),
    ("$x > 1, x\\neq 5$", DOMAIN, "wrong"),
    ("$x\\neq 0, x \\neq 1$", "(-\\infty,0)\\cup(0,1)\\cup(1,\\infty)", "correct"),
    ("$x \\ge 1, y \\neq 5$", DOMAIN, "wrong"),  # two unknowns: no one set
])
def test_conditions_on_one_unknown_with_a_point_excluded(prediction, answer, status):
    assert _verdict(prediction, answer) == status


@pytest.mark.parametrize("prediction, answer, status", [
    ("$1024 = 7 \\times 146 + 2$, so the remainder is **2**.", "2", "correct"),
    ("$1024 = 7 \\times 146 + 2$, so the remainder is 2.", "2", "correct"),
    ("$1024 = 7 \\times 146 + 2$, so the remainder is 3.", "2", "wrong"),
    ("We have $36 = 2^2 \\cdot 3^2$, so the number of divisors is 9.", "9", "correct"),
])
def test_the_value_concluded_after_a_computation(prediction, answer, status):
    assert _verdict(prediction, answer) == status


def test_blanks_answered_in_bold_in_numbered_parts():
    question = ("Fill in the blanks: the remainder when $2^{10}$ is divided by 7 is ____, and the remainder when "
                "$2^{10}$ is divided by 11 is ____.")
    reply = ("$2^{10} = 1024$.\n\n(1) $1024 = 7 \\times 146 + 2$, so the remainder is **2**.\n\n(2) $1024 = 11 \\times"
             " 93 + 1$, so the remainder is **1**.")
    assert _verdict(reply, "2 ; 1", question) == "correct"
    assert _verdict(reply, "1 ; 2", question) == "wrong"


EMPTY = "Is the empty set a subset of every set?"


@pytest.mark.parametrize("prediction, question, status", [
    ("Answer: yes, for every nonempty set.", EMPTY, "wrong"),
    ("Yes, for every nonempty set.", EMPTY, "wrong"),
    ("Answer: yes, for every set.", EMPTY, "correct"),
    ("Answer: yes, for all sets.", EMPTY, "correct"),
    ("Yes, for every set $A$.", EMPTY, "correct"),
    ("Answer: Yes, for all $n \\ge 2$.", "Let $n \\ge 2$. Is it always possible to choose such integers?", "correct"),
    ("Yes, for all integers $n$, positive, negative or zero.", "Is $n^2 + n$ even for every integer $n$?", "correct"),
    ("Yes, for every positive integer $n$.", "Is $n^2 + n$ even for every integer $n$?", "wrong"),
])
def test_a_verdict_for_fewer_cases_than_asked(prediction, question, status):
    assert _verdict(prediction, "Yes", question) == status


def _attack_cases():
    path = Path(__file__).parent.parent / "data" / "attack_round16_maths.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8")]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack that the first version of round 16 or the old reader got wrong, read as
    labelled now (labels by the grading conventions, set before either version ran)."""
    extra = {k: case[k] for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


def test_a_lone_option_letter_is_no_family_renamed():
    """trace_math's seventeenth split (tm-1555): "\\boxed{\\textbf{(C)}}" against the gold "(B)" was accepted, the
    letter renamed as a family's parameter would be (round 15); a lone letter is no family."""
    question = ("Which equation has the largest solution $x$?\n\n$\\textbf{(A)}\\ 3(1 + r)^x = 7\\qquad \\textbf{(B)}\\ "
                "3(1 + r/10)^x = 7\\qquad \\textbf{(C)}\\ 3(1 + 2r)^x = 7$")
    assert _verdict("Therefore the answer is $\\boxed{\\textbf{(C)}}$.", "(B)", question) == "wrong"
    assert _verdict("Therefore the answer is $\\boxed{\\textbf{(B)}}$.", "(B)", question) == "correct"
    # a family in one parameter of its own is still renamed (round 15)
    assert _verdict("The pairs are $(n, n+1)$ for every positive integer $n$.", "(m, m+1)",
                    "Find all pairs of consecutive positive integers.") == "correct"


SYSTEM = "Solve the system 2x + y = 7 and x − y = −1. Give the answer as (x, y)."


@pytest.mark.parametrize("closing, status", [
    ("Solution: x = 2, y = 3.", "correct"),  # a "Solution:" label before the values named (round 17's probe h7-103)
    ("Solution: y = 3, x = 2.", "correct"),  # named: the order of writing does not matter
    ("Solution: x = 2, y = 4.", "wrong"),
    ("Solutions: x = 3, y = 2.", "wrong"),
    ("So x = 2, y = 3.", "correct"),  # (as before)
])
def test_a_solution_label_before_named_values(closing, status):
    assert _verdict("Substituting gives y = 3.\n\n" + closing, "(2, 3)", SYSTEM) == status
