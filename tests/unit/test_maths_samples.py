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
