"""Round 8 readings: replies that think more than once (samples joined into one reply, the last cut off), an
explanation cut off after the answer it opens with, confirmations after the answer, and text answers stated with a
modal verb, after "No," or as one of two words the question offers (GRADING rules 12 and 8; docs/profiles-math.md,
"Round 8")."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths.extract import truncated
from pytest_answerbench.maths.locate import final_answer
from pytest_answerbench.maths.meaning import answers_question, same_meaning

_MUSING = "Let me work through the algebra step by step and check each term carefully before going on. " * 4


def _sample(thinking: str, after: str) -> str:
    return f"<think>\n{_MUSING}{thinking}\n</think>\n\n{after}"


_CUT_IN_THOUGHT = f"<think>\n{_MUSING}So far the sum is 41, but let me recount the"


def _joined(*samples: str) -> str:
    return "\n---SAMPLE---\n".join(samples)


def _answers(text: str) -> tuple[str, ...] | None:
    found = final_answer(text)
    return None if found is None else found.answers


# ---- samples joined, the last cut off mid-thought ----------------------------------------------------------------

def test_a_sample_cut_off_mid_thought_leaves_the_one_before_it():
    text = _joined(_CUT_IN_THOUGHT,
                   _sample("So a is 3.", "The smallest value of $a$ is $3$.\n\n**Step-by-Step:**\n\n1. **Fac"),
                   _CUT_IN_THOUGHT)
    assert _answers(text) == ("3",)


def test_the_last_closed_sample_counts_not_an_earlier_one():
    text = _joined(_sample("So it is 5.", "The answer is $\\boxed{5}$."), _CUT_IN_THOUGHT,
                   _sample("So it is 7.", "The answer is $\\boxed{7}$."), _CUT_IN_THOUGHT)
    assert _answers(text) == ("7",)


def test_a_box_inside_a_block_whose_write_up_is_cut_off_commits_to_nothing():
    # rule 12: the block's own conclusion counts only when nothing follows it; here a write-up follows, cut off
    text = _joined(_CUT_IN_THOUGHT, _sample("So the sum is $\\boxed{p - q}$.",
                                            "We start from the integral\n\n\\[\n\\int_0^1 \\frac{x^2}{(1 - x)^2"),
                   _CUT_IN_THOUGHT)
    assert _answers(text) is None
    assert score_row("olympiad", {"prediction": text, "answer": "p - q"}, timeout=None).status == "wrong"


def test_a_write_up_cut_off_in_its_answer_line_names_the_value_last_derived():
    after = ("To find $w$, follow these steps:\n\n1. **Translate back**:\n   \\[\n   w = (4 - 2i) + (2 - 3i) = 6 - 5i\n"
             "   \\]\n\n**Answer**: \\( w = ")
    text = _joined(_CUT_IN_THOUGHT, _sample("So w = 6 - 5i.", after), _CUT_IN_THOUGHT)
    assert _answers(text) == ("6 - 5i",)
    assert score_row("olympiad", {"prediction": text, "answer": "6 - 5i"}, timeout=None).status == "correct"
    # another name's value is not the answer line's
    assert _answers(text.replace("**Answer**: \\( w = ", "**Answer**: \\( z = ")) is None


def test_an_earlier_sample_is_read_only_when_the_later_one_is_cut_off():
    # the later sample's write-up is complete and states nothing: the reply has no answer, whatever came before
    text = _joined(_sample("So it is 5.", "The answer is $\\boxed{5}$."),
                   _sample("Hmm.", "I could not finish this problem."), _CUT_IN_THOUGHT)
    assert _answers(text) != ("5",)


def test_a_template_echo_is_no_block_of_reasoning():
    # "<think> reasoning process here</think>" echoed from a prompt's template: the box before it still counts
    text = ("So the plane is\n\n\\[\n\\boxed{5x - 7y + 11z + 4 = 0}\n\\]\n <think> reasoning process here</think> "
            "<answer> answer here</组成 Zi})(); garbage [5]```<think> Here's the final answer: \\(\\boxed{5x")
    assert _answers(text) == ("5x - 7y + 11z + 4 = 0",)


# ---- the sentence after </think>, its explanation cut off -----------------------------------------------------------

def test_the_sentence_opening_a_cut_off_write_up_counts():
    text = _sample("so a = 3", "The smallest positive \\( a \\) with all roots real is \\( 3 \\).\n\n"
                               "**Step-by-Step Explanation:**\n\n1. **Recogn")
    assert _answers(text) == ("3",)


def test_a_write_up_opening_with_a_plan_then_cut_off_states_nothing():
    text = _sample("so w = 6 - 5i", "To find $w$ we rotate about $c$:\n\n1. Compute \\( z - c \\): \\[ z - c = (2")
    assert _answers(text) is None


@pytest.mark.parametrize("text, cut", [
    ("The value is 3.\n\n**Step-by-Step Explanation:**\n\n1. **Recogn", True),
    ("The value is 3.\n\n1. **Recognise** the factor", False),
    ("**Answer:** 5", False),
    ("So the answer is **five", True),
    ("So the answer is **5", False),  # a digit: no word stopped mid-way
])
def test_a_bold_phrase_stopped_mid_word_is_cut_off(text, cut):
    assert truncated(text) is cut


# ---- closing lines -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("So, w = 6 - 5i\n\nI think that's correct. I don't see any mistakes in the calculations, so I'll go with that.",
     ("w = 6 - 5i",)),
    ("So x = 4.\n\nYes, that makes sense.", ("x = 4",)),
    ("So x = 4.\n\nI'm confident in that.", ("x = 4",)),
])
def test_a_confirmation_after_the_answer_is_passed_over(text, expected):
    assert _answers(text) == expected


@pytest.mark.parametrize("text", [
    "So x = 4.\n\nI think that's correct. But wait, the sign.",  # taken back
    "So x = 4.\n\nI think that's wrong.",
])
def test_a_line_doubting_the_answer_is_no_confirmation(text):
    assert _answers(text) != ("x = 4",)


@pytest.mark.parametrize("text, expected", [
    ("So, after this thorough thinking, I think the smallest possible value of \\( a \\) is 3.", ("3",)),
    ("Therefore the value of $k$ is 1.", ("1",)),
    ("So the answer is \\( a + 3 \\).", ("a + 3",)),
])
def test_a_name_in_a_span_then_a_plain_value(text, expected):
    assert _answers(text) == expected


# ---- text answers ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pred, expected", [
    ("\\boxed{\\text{No, the wire would not melt.}}", "correct"),
    ("\\boxed{\\text{The wire will not melt.}}", "correct"),
    ("\\boxed{\\text{The wire would melt.}}", "wrong"),
    ("\\boxed{\\text{No, the wire would melt.}}", "wrong"),  # "No" and the claim disagree
    ("\\boxed{\\text{Yes, the wire would not melt.}}", "wrong"),
    ("\\boxed{\\text{The aluminium wire will not melt.}}", "wrong"),  # another subject
    ("\\boxed{\\text{The wire might not melt.}}", "wrong"),  # hedged
])
def test_a_claim_stated_with_a_modal_verb(pred, expected):
    row = {"prediction": pred, "answer": "\\text{The copper wire will not melt.}"}
    assert score_row("olympiad", row, timeout=None).status == expected


def test_a_modal_claim_by_meaning():
    assert same_meaning("The copper wire will not melt.", "No, the wire would not melt.") is True
    assert same_meaning("The copper wire will not melt.", "Yes, the wire would melt.") is not True


_GRAIN = ("A long, thin dust grain floats in a box of gas at temperature $T$. On average, is the angular momentum "
          "vector nearly parallel to or perpendicular to the long axis of the grain? Explain.")
_GRAIN_GOLD = "\\text{Angular momentum vector is nearly perpendicular to the long axis of the grain}"


@pytest.mark.parametrize("pred, expected", [
    ("\\boxed{\\text{Perpendicular to the long axis}}", "correct"),
    ("\\boxed{\\text{Parallel to the long axis}}", "wrong"),
    ("\\boxed{\\text{Not perpendicular to the long axis}}", "wrong"),
    ("\\boxed{\\text{Parallel or perpendicular}}", "wrong"),
    ("\\boxed{\\text{Perpendicular, maybe parallel}}", "wrong"),
])
def test_the_one_of_two_words_the_question_offers(pred, expected):
    row = {"prediction": pred, "answer": _GRAIN_GOLD, "question": _GRAIN}
    assert score_row("olympiad", row, timeout=None).status == expected


def test_without_the_question_the_shorter_phrase_is_not_read_as_the_choice():
    row = {"prediction": "\\boxed{\\text{Perpendicular to the long axis}}", "answer": _GRAIN_GOLD}
    assert score_row("olympiad", row, timeout=None).status == "wrong"


def test_alternatives_read_from_the_question_only():
    assert answers_question("the force is attractive", "It is attractive.", "Is the force attractive or repulsive?")
    assert answers_question("the force is attractive", "It is repulsive.",
                            "Is the force attractive or repulsive?") is False
    assert answers_question("the force is attractive", "It is repulsive.", "What is the force?") is None


# ---- operations said in words (the attack probes' false accepts) -------------------------------------------------

@pytest.mark.parametrize("sentence, gold, expected", [
    ("So the answer is 3 squared.", "9", "correct"),
    ("So the answer is 3 squared.", "3", "wrong"),  # an operand is no answer alone
    ("So the answer is 2 cubed.", "2", "wrong"),
    ("Thus there are 5! ways.", "120", "correct"),
    ("Thus there are 5! ways.", "5", "wrong"),
    ("So the number of ways is 10 choose 3 ways.", "120", "correct"),
    ("So the number of ways is 10 choose 3.", "3", "wrong"),
    ("So the answer is the square root of 2.", "\\sqrt2", "correct"),
    ("So the answer is root 2.", "2", "wrong"),
    ("The answer is 2 + sqrt 3.", "3", "wrong"),
    ("So the answer is log base 2 of 8.", "3", "correct"),
    ("So the answer is log₂8.", "8", "wrong"),
    ("So the answer is log_2 8.", "3", "correct"),
    ("So the answer is e to the power 2.", "2", "wrong"),
    ("So there are 3 to the power of 4 colorings.", "81", "correct"),
    ("So the answer is pi over 2.", "\\frac{\\pi}2", "correct"),
    ("So the answer is 3 over 4.", "\\frac34", "correct"),
    ("So the answer is half of 10.", "10", "wrong"),
    ("So the answer is twice 5.", "5", "wrong"),
    ("So the answer is 2 times pi.", "2", "wrong"),
    ("So the answer is 5 minus 3.", "2", "correct"),
    ("So the answer is neg 3.", "-3", "correct"),
    ("So the answer is neg 3.", "3", "wrong"),
    ("So the probability is 3 out of 10.", "0.3", "correct"),
    ("So the probability is 2 out of 5.", "2", "wrong"),
    # near misses: words that are no operation here
    ("So 4 times 5 = 20.", "20", "correct"),  # the copula states 20
    ("It happens 3 times, so the answer is 3.", "3", "correct"),
    ("So she has 18 dollars left out of 20.", "18", "correct"),  # a given after the value
    ("So there are 120 ways.", "120", "correct"),
])
def test_an_operation_said_in_words(sentence, gold, expected):
    assert score_row("olympiad", {"prediction": sentence, "answer": gold}, timeout=None).status == expected


# ---- what a closing sentence says besides its value (the attack probes' false accepts) ---------------------------

@pytest.mark.parametrize("sentence, gold, expected", [
    # a doubt offering a second value commits to neither
    ("So the answer is 3, or maybe 4.", "4", "wrong"),
    ("So the answer is 3, or maybe 4.", "3", "wrong"),
    ("I think the answer is 3, but it could be 4.", "4", "wrong"),
    # a value said not to be the answer
    ("The answer is 4 and not 3.", "3", "wrong"),
    ("The answer is 4 and not 3.", "4", "correct"),
    ("The answer is not 3.", "3", "wrong"),
    ("The answer: 4. (Not 3.)", "4", "correct"),
    # a rejected root, a comparison, a part of the whole, a check in brackets
    ("So x = 7, and x = 3 is extraneous.", "7", "correct"),
    ("So x = 7, and x = 3 is extraneous.", "3", "wrong"),
    ("The answer is 7; the root x = 3 is extraneous.", "3", "wrong"),
    ("So x = 7 (x = 3 does not satisfy the domain).", "3", "wrong"),
    ("Thus Tom has 15 apples, 3 more than Jerry.", "15", "correct"),
    ("So the number of students is 30, of whom 12 are girls.", "30", "correct"),
    ("Answer: x = 5 (check: 2·5 + 1 = 11).", "5", "correct"),
    ("Answer: x = 5 (since 2·5 + 1 = 11).", "11", "wrong"),
    # a number hyphenated to a word modifies it
    ("So there are 1023 non-empty subsets of a 10-element set.", "1023", "correct"),
    # values listed against one gold: an extra answer
    ("Both 3 and 4 work.", "4", "wrong"),
    ("Hence 3 and 4 are the solutions.", "4", "wrong"),
    ("So the roots are x = 2 and x = −2.", "-2", "wrong"),
    # a dash before a digit is a minus
    ("So we obtain ‒6.", "-6", "correct"),
    ("So the answer is ‐3.", "-3", "correct"),
    # near misses
    ("So x = 3, or equivalently 6/2.", "3", "correct"),  # an "or" restating the value, no doubt word
    ("The answer is 12, not 13.", "12", "correct"),
    ("There are 3 more apples than pears, so the answer is 3.", "3", "correct"),
])
def test_what_a_closing_sentence_says_besides_its_value(sentence, gold, expected):
    assert score_row("olympiad", {"prediction": sentence, "answer": gold}, timeout=None).status == expected


_SOLVED = "We need to solve 2x + 1 = 11.\n\nSubtracting 1 gives 2x = 10, so dividing by 2 we get x = 5.\n\n"


@pytest.mark.parametrize("closing, gold, expected", [
    ("So x = 5.\n\nSanity check: plugging in gives 11.", "11", "wrong"),
    ("So x = 5.\n\nSanity check: plugging in gives 11.", "5", "correct"),
    ("x = 5\n\nCheck: 2(5) + 1 = 11.", "11", "wrong"),  # a bare "x = 5" line concludes as "So x = 5." does
    ("Therefore, x = 5. Note that 2·5 + 1 = 11.", "11", "wrong"),
    ("Therefore, x = 5.\nThe other candidate, x = 3, does not work.", "5", "correct"),
    ("Therefore, x = 5.\nThe other candidate, x = 3, does not work.", "3", "wrong"),
    # near misses: a closing line that concludes is read, whatever precedes it
    ("x = 5\n\nSo the answer is 11.", "11", "correct"),
    ("Therefore, x = 5.\nSo the other value, x = 3, does not work either; the answer is 5.", "5", "correct"),
])
def test_a_check_or_a_rejected_candidate_after_the_answer(closing, gold, expected):
    row = {"prediction": _SOLVED + closing, "answer": gold}
    assert score_row("olympiad", row, timeout=None).status == expected


@pytest.mark.parametrize("sentence, gold, expected", [
    ("So x = 5 satisfies the equation 2x + 1 = 11.", "5", "correct"),
    ("So x = 5 satisfies the equation 2x + 1 = 11.", "11", "wrong"),
    ("Hence the minimum value 5 is attained when x = 2.", "5", "correct"),
    ("The maximum of 5 occurs at x = 2.", "2", "wrong"),
])
def test_what_the_value_does_is_no_value(sentence, gold, expected):
    assert score_row("olympiad", {"prediction": sentence, "answer": gold}, timeout=None).status == expected
