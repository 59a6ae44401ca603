"""Round 53 of the readers (docs/profiles-math.md, "Round 53"; docs/profiles-mc.md, "Round 53"), written from round
54's blind probes (tests/data/probes_round54.jsonl) after they were scored once as the held-out measure of round 52,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import final_answer, states_value
from pytest_answerbench.maths.meaning import asks_yes_no
from pytest_answerbench.maths.naming import opening_gold_verdict

BROUWER = "Which theorem states that every continuous map from a closed disk to itself has a fixed point?"
PA = "Is first-order Peano arithmetic complete, i.e. does it prove or refute every sentence in its language?"
CH = "Can the Continuum Hypothesis be proved from the ZFC axioms?"
MEASURABLE = "In ZFC, is every subset of ℝ Lebesgue measurable?"
TICTACTOE = "With perfect play from both sides, what is the outcome of tic-tac-toe?"
ESCAPE = "What is the escape velocity from the surface of the Earth?"
SQUARES = "Find all integers n with n² < 5."
PAIRS = "Find all pairs of positive integers (x, y) with xy = 6 and x < y."
SINE = "Find all real solutions of sin x = 0."


@pytest.mark.parametrize("reply, answer, question, status", [
    ("That's **Brouwer's fixed point theorem** (in dimension 2). It's not to be confused with Banach's fixed point "
     "theorem, which requires a contraction but also gives uniqueness.", "Brouwer fixed-point theorem", BROUWER,
     "correct"),
    ("That's **Brouwer's fixed point theorem**, but actually the statement is Banach's.", "Brouwer fixed-point theorem",
     BROUWER, "wrong"),  # (a turn, not an aside on another object)
    ("That's Brouwer's fixed point theorem, but actually the statement is Banach's fixed point theorem.",
     "Brouwer fixed-point theorem", BROUWER, "wrong"),
    ("No. By Gödel's first incompleteness theorem PA is incomplete, so there is a sentence $G$ such that PA proves "
     "neither $G$ nor $\\neg G$.", "No", PA, "correct"),
    ("No (assuming ZFC is consistent). Gödel and Cohen showed CH is independent. So CH is independent of ZFC: it can be "
     "neither proved nor disproved from those axioms.", "No", CH, "correct"),
    ("No (assuming ZFC is consistent). Gödel and Cohen showed CH is independent. So CH is independent of ZFC: it can be "
     "neither proved nor disproved from those axioms.", "Yes", CH, "wrong"),
    ("Yes (in Solovay's model, where full choice fails). But in ZFC itself Vitali's construction yields a "
     "non-measurable set, so the answer to the question is no.", "No", MEASURABLE, "correct"),
    ("Yes (in Solovay's model, where full choice fails). But in ZFC itself Vitali's construction yields a "
     "non-measurable set, so the answer to the question is no.", "Yes", MEASURABLE, "wrong"),
    ("A draw. Neither player can force a win: X can always avoid losing, and O can always block.", "a draw", TICTACTOE,
     "correct"),
    ("A draw. Wait, X can force a win from the corner.", "a draw", TICTACTOE, "wrong"),
    ("The escape velocity is about 11.2 km/s.\n\nAnswer: 7.9 km/s or 11.2 km/s, depending on the definition used.",
     "11.2 km/s", ESCAPE, "wrong"),
    ("Answer: 11.2 km/s, depending on nothing but Earth's mass and radius.", "11.2 km/s", ESCAPE, "correct"),
    ("n² < 5 means |n| ≤ 2 for integers, so n ∈ {0, ±1, ±2}.", "\\{-2, -1, 0, 1, 2\\}", SQUARES, "correct"),
    ("n² < 5 means |n| ≤ 2 for integers, so n ∈ {0, ±1}.", "\\{-2, -1, 0, 1, 2\\}", SQUARES, "wrong"),
    ("Factor pairs of 6 with x < y: (2, 3) and (1, 6).", "(1, 6), (2, 3)", PAIRS, "correct"),
    ("Factor pairs of 6 with x < y: (2, 3).", "(1, 6), (2, 3)", PAIRS, "wrong"),
    ("sin x = 0 exactly at the integer multiples of π:\n\nx = nπ, where n is any integer.", "x = k\\pi,\\ k \\in "
     "\\mathbb{Z}", SINE, "correct"),
    ("sin x = 0 exactly at the multiples of 2π:\n\nx = 2nπ, where n is any integer.", "x = k\\pi,\\ k \\in "
     "\\mathbb{Z}", SINE, "wrong"),
])
def test_round_53_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


def test_a_question_said_again_after_ie_still_asks_yes_or_no():
    assert asks_yes_no(PA)
    assert not asks_yes_no("Does the series converge absolutely, i.e. is it absolutely summable, or diverge?")


@pytest.mark.parametrize("reply, gold, verdict", [
    ("A draw. Neither player can force a win.", "a draw", (True, "A draw")),
    ("**A draw.** Neither player can force a win.", "a draw", (True, "A draw")),
    ("A draw? No: the first player wins.", "a draw", None),  # (a question, not a statement)
    ("A draw. However, with a misstep X wins.", "a draw", None),  # (a turn after it)
    ("A draw. **Answer:** first player wins", "a draw", None),  # (an answer line: the reader reads it)
    ("A win for X. Neither player ...", "a draw", None),  # (never a rejection by this reading)
])
def test_opening_gold_verdict(reply, gold, verdict):
    assert opening_gold_verdict(reply, gold) == verdict


@pytest.mark.parametrize("reply, answers", [
    (" 7.9 km/s or 11.2 km/s, depending on the definition used.", ("7.9 km/s or 11.2 km/s",)),
    ("Answer: 6 or 8, whichever convention you follow.", ("6 or 8",)),
])
def test_two_values_and_what_they_depend_on_are_a_hedge(reply, answers):
    assert final_answer("Answer:" + reply if not reply.startswith("Answer") else reply).answers == answers


MAMMAL = {"A": "Dolphin", "B": "Shark", "C": "Bat", "D": "Salmon"}
KEPLER = {"A": "Galileo", "B": "Copernicus", "C": "Kepler", "D": "Newton"}
BALL = {"A": "1 s", "B": "2 s", "C": "4 s", "D": "20 s"}
RUNNERS = {"A": "Ann", "B": "Ben", "C": "Cal", "D": "Dee", "E": "Eve"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Both A and C are mammals: dolphins and bats both nurse their young with milk.", MAMMAL, None),
    ("Both B and D are fish, not mammals. So the answer is A.", MAMMAL, "A"),
    ("Both B and D are wrong: sharks and salmon are fish. Of the rest, the dolphin is the clearest mammal: A.", MAMMAL,
     "A"),
    ("I'm not completely sure. It could be A, since Galileo did a lot of astronomy, but it might also be C.", KEPLER,
     None),
    ("It could be A at first glance, but no: Kepler formulated them, so C.", KEPLER, "C"),
    ("(a) First, at the highest point the velocity is zero.\n(b) Then use v = u − gt, so 0 = 20 − 10t.\n(c) Solving "
     "this for t gives the time to reach the top.", BALL, None),
    ("Using v = u − gt: 0 = 20 − 10t, so t = 2 s.", BALL, "B"),
    ("Eve is first. Ann is ahead of Ben, Ben ahead of Dee, Cal right after Dee. So the order is Eve, Ann, Ben, Dee, "
     "Cal — Cal is last.", RUNNERS, "C"),
    ("So the order is Eve, Ann, Ben, Dee, Cal — not Cal is last, if Dee slipped.", RUNNERS, None),
])
def test_round_53_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round53_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 53 (tests/data/attack_round53_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
