"""The final commitment wins (the grading conventions): the locator's principles for reasoning traces, each with near misses.

Each principle is a pair of lists: responses where it decides the answer, and near misses that look alike but must
keep the verdict the other readings give (docs/profiles-math.md, "Reasoning traces: the final commitment").
"""

from __future__ import annotations

import pytest

from pytest_answerbench.maths import final_answer


def read(response: str, question: str | None = None) -> tuple[str, ...] | None:
    found = final_answer(response, question=question)
    return found.answers if found else None


# -- a final box or Final Answer line that closes a response outranks every answer phrase before it -----------------

@pytest.mark.parametrize("response, expected", [
    ("The answer is 12 if we count the empty set. Let's recount.\n\nThe count is 11.\n\n**Final Answer**\n\\boxed{11}",
     ("11",)),
    ("So the answer is 4.\n\nHmm, let me redo the last step: 3 + 2 = 5.\n\nFinal Answer: 5", ("5",)),
    ("Maybe the answer is 7. Let's see: 2 * 3 = 6, so it must be 6.\n\n$\\boxed{6}$", ("6",)),
])
def test_a_closing_box_or_final_answer_line_outranks_what_came_before(response, expected):
    assert read(response) == expected


@pytest.mark.parametrize("response, expected", [
    # near misses: an answer line after the box that states an answer still counts (a correction) ...
    ("$\\boxed{3}$. Wait, that's wrong, I dropped a term. So the final answer is 5.", ("5",)),
    # ... and a remark after the box that states none leaves the box standing
    ("Thus $\\boxed{42}$.\n\nThis answer is consistent with the earlier estimate.", ("42",)),
])
def test_a_later_correction_still_replaces_a_box(response, expected):
    assert read(response) == expected


# -- <think>: the answer after the block counts; the block's own only when nothing follows ----------------------------

def test_the_answer_after_a_reasoning_block_counts():
    response = "<think>\nSo the answer is $\\boxed{9}$.\n</think>\n\nThe sum is 3 + 4 = 7.\n\n$\\boxed{7}$"
    assert read(response) == ("7",)


def test_the_block_conclusion_counts_when_nothing_follows():
    assert read("<think>\n2 + 2 = 4, so the answer is $\\boxed{4}$.\n</think>\n") == ("4",)


# -- hypotheticals, the answer's form, checks, partial results and givens are never commitments -----------------------

@pytest.mark.parametrize("musing", [
    "If the question asked for three-digit factors, the answer would be 0.",
    "Let's say the answer is 25 and see whether that fits.",
    "Suppose the answer is 25; then the next case must vanish.",
    "The answer should be an integer, so a value such as 25.5 is ruled out.",
    "The answer should be a single number, not a list like 25, 26.",
    "Let me check whether the answer is 25.",
    "So far, the answer is 25, but we still need the other case.",
    "Maybe the answer is 25? No, that ignores the second case.",
])
def test_a_musing_mid_trace_is_no_commitment(musing):
    response = f"We count the cases one by one.\n\n{musing}\n\nCounting all cases, there are 30 of them in total."
    assert read(response) == ("30",)


@pytest.mark.parametrize("statement, expected", [
    # near misses: the same words stating a value commit
    ("So the answer is 25.", ("25",)),
    ("The answer should be 25.", ("25",)),
    ("Therefore the answer is an integer: 25.", ("25",)),
])
def test_the_same_words_stating_a_value_commit(statement, expected):
    assert read(f"We count the cases one by one.\n\n{statement}") == expected


# -- an answer taken back by the next sentence is no commitment, nor the boxes before it ------------------------------

@pytest.mark.parametrize("retraction", [
    "Wait, that's not right. I misread the question.",
    "Hmm, that's not right; let me redo the computation.",
    "No, I made an error in the previous step.",
    "Actually, let me reconsider the setup.",
    "Let me re-read the problem.",
])
def test_an_answer_taken_back_is_no_commitment(retraction):
    for stated in ("So the answer is 14.", "So the answer is $\\boxed{14}$."):
        response = f"First pass: {stated} {retraction}\n\nRecounting every case gives 15 in total."
        assert read(response) == ("15",), (stated, retraction)


@pytest.mark.parametrize("follow", [
    "Wait, let me double-check: 7 + 7 = 14. Yes.",
    "Hmm, that's right: both cases give 14.",
    "Let me verify this by substitution: it works.",
])
def test_a_check_that_confirms_leaves_the_answer_standing(follow):
    assert read(f"Adding them, we get 14.\n\nSo the answer is $\\boxed{{14}}$. {follow}") == ("14",)
    assert read(f"Adding them, we get 14.\n\nSo the answer is 14.\n\n{follow}") == ("14",)


@pytest.mark.parametrize("follow", [
    "No other value satisfies both conditions.",  # "No" opening a statement, not "No, ..."
    "Actually 14 is also the smallest such sum.",  # "Actually" without a pause: a remark
    "Waiting times are not part of the question.",  # a word beginning "wait"
    "The previous step is correct.",
])
def test_a_remark_that_retracts_nothing_leaves_the_answer_standing(follow):
    assert read(f"Adding them, we get 14.\n\nSo the answer is $\\boxed{{14}}$. {follow}") == ("14",)


def test_a_decimal_answer_can_be_taken_back_and_an_answer_line_with_no_is_not():
    assert read("So the answer is 3.5. Wait, that's wrong: I halved twice.\n\nRedoing it, the total is 7.") == ("7",)
    assert read("We check both cases.\n\nAnswer: No, it is not possible.") == ("No",)


def test_the_last_box_not_taken_back_counts():
    response = ("So the answer is $\\boxed{12}$.\n\nThen the total is $\\boxed{14}$.\n\nWait, that's wrong: I counted "
                "one case twice.")
    assert read(response) == ("12",)


# -- a condition on how the answer is WRITTEN commits; a condition on the problem supposes ----------------------------

@pytest.mark.parametrize("response, expected", [
    ("If we want to express this as a fraction, the answer is $\\frac{2240}{78125}$.", ("\\frac{2240}{78125}",)),
    ("If written as a decimal, the answer is 0.375.", ("0.375",)),
    ("If we simplify to lowest terms, then the answer is $\\frac{3}{8}$.", ("\\frac{3}{8}",)),
])
def test_a_condition_on_how_the_answer_is_written_still_commits(response, expected):
    assert read("Computing the probability step by step.\n\n" + response) == expected


@pytest.mark.parametrize("closing, expected", [
    ("If we want to express this as a fraction, it's 2240/78125.", ("2240/78125",)),
    ("If we want to express this as a fraction, it's $\\frac{2240}{78125}$.", ("\\frac{2240}{78125}",)),
    ("If we want the sum to be even, it's 12.", None),  # near miss: a condition on the problem, closing the reply
    ("If x = 3, then y = 5.", None),
])
def test_a_closing_line_commits_unless_it_supposes_something_about_the_problem(closing, expected):
    assert read("The probability is computed above.\n\n" + closing) == expected


@pytest.mark.parametrize("supposition", [
    "If we want the sum to be even, the answer is 12.",
    "If the question asked for a fraction of the boxes, the answer is 3.",
    "If we assume the die is fair, the answer is 8.",
])
def test_a_condition_on_the_problem_stays_a_supposition(supposition):
    response = f"Computing step by step.\n\n{supposition}\n\nCounting everything, there are 30 outcomes in total."
    assert read(response) == ("30",)


# -- several attempts: the last attempt that commits counts; a restated question is no new question --------------------

QUESTION = "Maddison has 5 boxes with 50 marbles in each box. Then she gets 20 marbles from her friend. How many now?"


def test_the_last_committing_attempt_counts():
    response = ("Attempt 1: 5 * 50 = 250, so the answer is 250.\n\nHmm, that's not right: I forgot the gift.\n\n"
                "Attempt 2: 250 + 20 = 270. So the answer is 270.")
    assert read(response) == ("270",)


def test_an_answer_followed_by_the_question_restated_is_taken_back():
    response = ("5 boxes of 50 is 250. So the answer is 250.\n\nQuestion: " + QUESTION + "\n\nLet me read it again: "
                "she also gets 20 marbles, so 250 + 20 = 270.\nTherefore, the answer is 270.")
    assert read(response, QUESTION) == ("270",)


def test_a_new_invented_question_still_ends_the_response():
    """Near miss: the question after the answer is a new one (few-shot continuation), so the answer before it
    stands, with or without the row's question."""
    response = ("5 boxes of 50 is 250, plus 20 is 270. The answer is 270.\n\nQuestion: Tom has 3 apples and buys 4 "
                "more pears at the market. How many fruits does he have?\nAnswer: Tom has 7 fruits. The answer is 7.")
    assert read(response, QUESTION) == ("270",)
    assert read(response) == ("270",)
