"""The closing commitment, read as a careful grader reads it: hedges, musings in a one-line reply, a bare ``####``.

Each principle has cases where it decides the verdict and near misses that must keep the verdict the other readings
give (docs/profiles-math.md, "The closing commitment: hedges, one-line musings, a bare ``####`` line"). They come
from the false accepts tests/unit/test_trace_final_wrong.py found on real rows.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import final_answer
from pytest_answerbench.maths.extract import or_hedge


def read(response: str, question: str | None = None) -> tuple[str, ...] | None:
    found = final_answer(response, question=question)
    return found.answers if found else None


def accepted(response: str, gold: str, question: str | None = None) -> bool:
    fields = {"prediction": response, "answer": gold, **({"question": question} if question else {})}
    return score_row("olympiad", fields, profile="default").correct


# -- 1. a hedge between two values commits to neither, whichever value comes last ---------------------------------

@pytest.mark.parametrize("response", [
    "So, for 5 pounds, he adds 10 tablespoons.\n\nThe answer is 10 tablespoons or 20 tablespoons.",
    "So, for 5 pounds, he adds 10 tablespoons.\n\nThe answer is 20 tablespoons or 10 tablespoons.",
    "So, for 5 pounds, he adds 10 tablespoons.\n\nThe answer is either 10 tablespoons or 20 tablespoons.",
    "Total = $1500 x 12 = $10,000\n\nAnswer:\nJessica pays $20,000 or $10,000/year if she pays more.",
    "The net change is 10 MWh.\nAnswer: 10 MWh or 20 MWh",
    "6. <think>The lorry weighs 10 pounds.</think>\n7. <answer>20 pounds or 10 pounds </answer>",
    "<think>So there are $10$ of them.</think> <answer> $20$ or $10$ </answer>",
    "We add: $5 + $5 = $10.\nAnswer: He spends $20 or He spends $10",
    "Adding, the count is 10 in all, so he has $20$ or $10$ marbles.",
])
def test_a_hedge_between_two_values_is_wrong_whichever_is_last(response):
    assert not accepted(response, "10")


@pytest.mark.parametrize("response, gold", [
    # near misses: a restatement of one value, a correction, a different quantity, a unit left off one side
    ("Answer: She eats 1/2 or 0.5 of the cake.", "0.5"),
    ("Answer: Jessica pays $50 or fifty dollars.", "50"),
    ("So the answer is 50 dollars, or, equivalently, 50.00 dollars.", "50"),
    ("She pays 40 dollars, or rather 50 dollars.", "50"),
    ("Answer: He has 3 apples and 7 oranges, or 10 fruits", "10"),
    ("So he has $3^3$ or $27$ marbles.", "27"),
    ("So he has $27$, or rather $27$ marbles.", "27"),
    ("Answer: 12,000 or 12000 dollars", "12000"),
    ("So the total is $24, or $8 per person.", "8"),  # an "or" after a comma restates
    ("So the total is $24$, or $8$ each.", "8"),
    ("So it takes 2 hours or 120 minutes.", "120"),  # another unit: the same time said again
])
def test_a_value_restated_or_corrected_after_or_is_still_the_answer(response, gold):
    assert accepted(response, gold)


def test_an_equal_value_in_percent_is_no_hedge():
    text = "She saves a share of 0.25 or 25%"
    assert or_hedge(text, len(text) - 1) == ""
    assert or_hedge(text.replace("25%", "30%"), len(text) - 1) == "0.25 or 30"
    assert or_hedge("She saves 2 hours or 3 hours", len("She saves 2 hours or 3")) == "2 or 3"
    assert or_hedge("She saves 2 hours or 3 minutes", len("She saves 2 hours or 3")) == ""
    assert or_hedge("She saves 2 hours and 3 minutes", len("She saves 2 hours and 3")) is None


def test_a_hedge_reads_as_both_values():
    assert read("The answer is 20 tablespoons or 10 tablespoons.") == ("20 or 10",)
    assert read("So there are 3 or 4 solutions in total.") == ("3 to 4",)  # a range of counts, as before
    assert read("Answer: 10 tablespoons or 20 tablespoons.") == ("10 or 20",)
    assert read("<answer> $37$ or $27$ </answer>") == ("37 or 27",)


@pytest.mark.parametrize("response", [
    "Answer: 10",
    "Of the two, 12 or 10, the cheaper is 10.",
    "The answer is 10 tablespoons.",
])
def test_a_choice_between_the_question_s_alternatives_is_an_answer(response):
    question = "Which costs less, the 12-dollar kit or the 10-dollar kit? Give its price."
    assert accepted(response, "10", question)


# -- 2. a guess, a question or a negation mid-line commits to nothing when more of the reply follows ----------------

_FOG = ("It takes 10 minutes to cover every 3 miles. {} The city is 42 miles across, so it takes 42 / 3 * 10 = 130 "
        "minutes.")
_LEMONADE = ("Liam made $63 one weekend, and Mitchell sold lemonades at $4 apiece that weekend. {} How many more "
             "dollars did Mitchell make than Liam?")


@pytest.mark.parametrize("template, musing, gold, closing", [
    (_FOG, "The answer is not 140, since that value breaks the second condition.", "140", "130"),
    (_FOG, "Maybe the answer is 140? Let me check. No, that fails.", "140", "130"),
    (_FOG, "So the answer is 140? That seems too large.", "140", "130"),
    # the closing commitment after a musing on the same line wins (each read the musing's value before)
    ("{}", "The answer is not 25. It is 30.", "25", "30"),
    ("{}", "So the answer is 25? No: 5 * 6 = 30.", "25", "30"),
    ("{}", "Greg has 20 dollars. The answer is at least 25, since he adds more. He ends with 30.", "25", "30"),
    # a closing paragraph whose only values are musings states none of them (it closes on the question echoed)
    (_LEMONADE, "The answer is not 21, since that value breaks the second condition.", "21", None),
    (_LEMONADE, "If n were even the answer would be 21.", "21", None),
    (_LEMONADE, "Had the question asked for the other quantity, we would answer 21.", "21", None),
])
def test_a_musing_mid_line_in_a_one_line_reply_is_no_answer_line(template, musing, gold, closing):
    response = template.format(musing)
    assert not accepted(response, gold)
    assert closing is None or accepted(response, closing)


@pytest.mark.parametrize("response, gold", [
    # near misses: the reply ends on the statement (nothing follows it), or states the answer firmly mid-line
    ("It takes 10 minutes per 3 miles. The answer is 140, since 42 / 3 * 10 = 140. It is a long time.", "140"),
    ("He had 5 apples. The answer is not 4 but 5.", "5"),
    ("Greg has 20 dollars and 3 siblings. So the answer is 6.", "6"),
])
def test_a_firm_answer_line_mid_reply_or_at_its_end_still_counts(response, gold):
    assert accepted(response, gold)


def test_a_closing_paragraph_passes_over_a_musing_for_its_statement():
    response = ("Mitchell sold 21 lemonades at $4 each, so he made 84 dollars in all. The answer would be 21 if "
                "the question asked for lemonades. Mitchell made 84 - 63 = 21 dollars more than Liam, the total "
                "being asked.")
    assert accepted(response, "21")


# -- 3. a bare "####" line, the value on the next line, is the closing commitment ------------------------------------

def test_a_bare_hash_line_with_the_value_on_the_next_line_closes_the_reply():
    response = "Apples cost $5 and oranges $4: $5 + $4 = $9.\nAnswer: Alexander spends $9\n####\nHe spends $8"
    assert read(response) == ("8",)
    assert not accepted(response, "9")
    assert accepted(response.replace("He spends $8", "He spends $9"), "9")


@pytest.mark.parametrize("response", [
    # near misses: "#### 9" on one line; a "####" heading of a Markdown section; a bare "####" with nothing after it
    "Apples cost $5 and oranges $4.\nAnswer: Alexander spends $8\n#### 9",
    "Apples cost $5 and oranges $4, so $9 in all.\n\n#### Step 3\nAnswer: 9",
    "Apples cost $5 and oranges $4: $5 + $4 = $9.\nAnswer: Alexander spends $9\n####\n",
])
def test_other_hash_lines_keep_their_reading(response):
    assert accepted(response, "9")


@pytest.mark.parametrize("reply, gold", [
    ("The answer is 12. Wait, no.", "12"),  # taken back, nothing stated after
    ("The answer is 12.\n\nWait, no, that is wrong.", "12"),
    ("The answer is 12. Hmm, wait.", "12"),
    ("So x = 5.\n\nHmm, but maybe x = 6.", "6"),  # a doubt between two values commits to neither
    ("So x = 5.\n\nHmm, but maybe x = 6.", "5"),
])
def test_a_closing_sentence_taking_the_answer_back_commits_to_nothing(reply, gold):
    assert score_row("olympiad", {"prediction": reply, "answer": gold}, timeout=None).status == "wrong"
    assert read(reply) is None


@pytest.mark.parametrize("reply, gold", [
    ("So the total is 12. Wait for the bus.", "12"),  # "wait" as a verb takes nothing back
    ("The answer is 12. Wait, no: it is 13.", "13"),  # the correction states a new value
    ("The answer is 12.", "12"),
    ("So x = 5.\n\nBut maybe we should check: x = 5 works.", "5"),  # a check restating the value doubts nothing
    ("So x = 5.\n\nLet us check: x = 5 works.", "5"),  # a check after the answer is no supposition
    ("So x = 5.\n\nBut perhaps I should double-check.", "5"),  # an announced check states nothing
    ("So x = 5.\n\nHmm, but maybe x = 5 after all.", "5"),
])
def test_near_misses_of_taking_back_keep_the_answer(reply, gold):
    assert score_row("olympiad", {"prediction": reply, "answer": gold}, timeout=None).status == "correct"


@pytest.mark.parametrize("reply", ["We should check x = 5.", "Work.\n\nWe should check x = 5.",
                                   "Let us check: x = 5 works."])
def test_a_check_with_no_answer_before_it_still_states_nothing(reply):
    assert read(reply) is None


# Attack probes read in round 9 (docs/profiles-math.md, "Round 9"): each reading with the verdict it decides and a
# near miss that keeps the other one.
@pytest.mark.parametrize("reply, gold, status", [
    ("The number of arrangements is 5!.", "5", "wrong"),  # a factorial before the full stop
    ("The number of arrangements is 5!.", "120", "correct"),
    ("The answer is 5!", "5", "correct"),  # an exclamation, not a factorial
    ("So the answer is 3... no wait, 4.", "3", "wrong"),  # the correction inside the answer line
    ("So the answer is 3... no wait, 4.", "4", "correct"),
    ("The answer is 3, sorry, 4.", "4", "correct"),
    ("所以最小值为 5，此时 x=2。", "2", "wrong"),  # where the minimum is attained is a condition
    ("所以最小值为 5，此时 x=2。", "5", "correct"),
    ("故答案为：5，此时 x=2。", "5", "correct"),
    ("所以最小值为 5, 当 x=2 时取得。", "5", "correct"),
    ("答案是 5，而不是 3。", "3", "wrong"),  # what the answer is not
    ("答案是 5，而不是 3。", "5", "correct"),
    ("所以当 a>0，此时 b=3。", "3", "correct"),  # the clause before 此时 is itself a condition: the value after it
    ("所以答案为 3 个以上。", "3", "wrong"),  # "3 or more": a bound
    ("答案：3个", "3", "correct"),  # a measure word only
    ("Hence n ≥ 2^10.", "1024", "wrong"),  # a bound on an expression
    ("Hence n = 2^10.", "1024", "correct"),
    ("(a) 3 (b) 4", "4, 3", "wrong"),  # parts labelled in the reply are ordered against any gold list (rule 13)
    ("(a) 3 (b) 4", "3, 4", "correct"),
    ("Part (a): 3. Part (b): 4.", "4, 3", "wrong"),
    ("(1) x = 3 (2) y = 4", "4, 3", "wrong"),
    ("(1) x = 3 (2) y = 4", "y = 4, x = 3", "correct"),  # named values match by name (rule 8)
    ("3, 4", "4, 3", "correct"),  # an unlabelled list of solutions stays unordered
])
def test_round_9_readings(reply, gold, status):
    assert score_row("olympiad", {"prediction": reply, "answer": gold}, timeout=None).status == status
