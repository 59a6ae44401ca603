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
