"""JSON-shaped replies and answer lines as real harnesses record them (issue 22, the second batch of the real maths
corpus): an answer object written after a reasoning string left open, an echoed prompt template
``Answer: <answer>``, an answer marker the reply stops right after, and an answer line followed by a restated
derivation that is cut off. Short made-up replies; the corpus figures are tests/unit/test_real_corpora.py's.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import final_answer, locate
from pytest_answerbench.maths.structured import json_reply


def _found(response: str) -> tuple[tuple[str, ...], str] | None:
    found = final_answer(response)
    return None if found is None else (found.answers, found.method)


# ---- JSON: the answer object after a reasoning string left open ----------------------------------------------------

def test_an_answer_object_after_an_unclosed_reasoning_string_is_the_answer():
    response = '```json\n{"reasoning": "2D + D + D/2 = 105, so D = 30.\nSo 30 are on the defense.\n{"answer": 30}\n```'
    reply = json_reply(response)
    assert (reply.answer, reply.closed) == ("30", True)
    assert _found(response) == (("30",), "json-field")


@pytest.mark.parametrize("response", [
    '{"reasoning": "2D + D + D/2 = 105, so D = 30.\nThe defense has',  # cut off, no later object
    '{"reasoning": "so D = 30.\n{"note": "check"}',  # a later object without an answer field
])
def test_an_unclosed_object_without_a_later_answer_object_has_none(response):
    assert final_answer(response) is None


def test_the_first_object_with_its_answer_wins_over_invented_examples_after_it():
    response = ('{"reasoning": "8 + 9 = 17", "answer": 17}\n```\nInput: John has 5 apples and Mary 3. How many?\n'
                'Output:\n```json\n{"reasoning": "5 + 3 = 8", "answer": 8}\n```')
    assert _found(response) == (("17",), "json-field")


# ---- answer templates and empty answer markers -----------------------------------------------------------------

@pytest.mark.parametrize("template", ["Answer: <answer>", "ANSWER: $ANSWER", "Final Answer: <your answer>"])
def test_an_echoed_answer_template_states_nothing(template):
    # the prompt's tail echoed, then a derivation cut off: the template is no answer (nor what follows it)
    response = (f"Reason step by step, then end with a line in the form:\n{template}\n\nProblem: 20 cups cost "
                "$1200 less than 6 plates at $6000 each.\nSo 240c = 34800 and c = 145.\nNow we check it: the cost of the cups is")
    assert final_answer(response) is None
    # with an answer line of its own after the template, that line is read
    assert _found(response.replace("Now we check it", "Answer: 145\nNow we check it")) == (("145",), "answer-line")


@pytest.mark.parametrize("marker", ["Final Answer:", "Answer:", "**Final Answer:**", "####"])
def test_an_answer_marker_the_reply_stops_right_after_states_nothing(marker):
    # the conclusion before the empty marker stands
    response = f"2r + 3y = 58 with r = 20, so 3y = 18 and y = 6.\nTherefore, there were 6 yellow balloons.\n\n{marker}"
    assert _found(response) == (("6",), "prose")


def test_an_empty_marker_after_a_restated_derivation_leaves_the_earlier_answer_line():
    response = ("R = 400 / 2 = 200 and D = 400 / 4 = 100.\nAnswer: 100\nLet R be Raymond's laundry and D David's.\n"
                "R = 200 and D = 100, so R - D = 100.\n\nAnswer:")
    assert _found(response) == (("100",), "answer-line")


def test_an_empty_marker_after_a_derivation_cut_off_is_still_no_answer():
    assert final_answer("The cost is 240c = 34800, so c = 34800 / 240 = \\frac{3480\nAnswer:") is None


# ---- an answer line followed by a restated derivation ---------------------------------------------------------------

def test_an_answer_line_followed_by_a_restated_derivation_cut_off_stands():
    response = ("The glee club has 20 - 14 = 6 left and the team 40 - 32 = 8, so 6 + 8 = 14.\n\nAnswer: 14\n"
                "The glee club ordered 20 pizzas and ate 70% of them.\nThe football team ate 80% of")
    assert _found(response) == (("14",), "answer-line")
    assert score_row("olympiad", {"prediction": response, "answer": "14"}).correct


def test_an_answer_line_cut_off_while_stating_it_is_still_no_answer():
    assert final_answer("So 2 + 3 = 5 and 5 * 4 = 20.\nThe final answer is $\\boxed{2\\sqrt") is None


def test_the_empty_marker_cut_is_documented():
    assert "empty-marker" in locate.CUTS
