"""Where a response states its final answer (``maths/locate.py``, issue 22): each locating rule, each cut, and the
negative cases (no committed answer, an invented continuation, a hedge, a bound, a restated given).

Short responses here are unit cases for the rules, not accuracy figures; the peers' and held-out corpora
(tests/unit/test_peer_math.py, tests/unit/test_heldout_corpora.py, tests/unit/test_maths_blind_dev.py) measure those.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench import score_row
from pytest_answerbench.maths import final_answer, locate
from pytest_answerbench.maths.structured import json_reply


def _found(response: str, multiple: bool = False) -> tuple[tuple[str, ...], str] | None:
    found = final_answer(response, multiple=multiple)
    return None if found is None else (found.answers, found.method)


# ---- the table -----------------------------------------------------------------------------------------------------

def test_the_rules_are_the_documented_order():
    """The module docstring lists the rules with their priorities; the table must say the same."""
    documented = re.findall(r"^(\d)\. ``([a-z-]+)``", locate.__doc__, re.M)
    assert [(str(rule.priority), rule.name) for rule in locate.RULES] == documented
    assert [rule.priority for rule in locate.RULES] == sorted(rule.priority for rule in locate.RULES)


def test_every_rule_names_known_cuts_and_is_cut_at_a_new_turn_and_question():
    for rule in locate.RULES:
        assert set(rule.cuts) <= set(locate.CUTS), rule.name
        assert {"new-turn", "continuation"} <= set(rule.cuts), rule.name
    assert "cut-off" in next(r for r in locate.RULES if r.name == "prose").cuts
    rules = {rule.name: rule for rule in locate.RULES}
    cut_off = locate._Scope("She eats 3, so 16 - 3 = 13 remain, and we multiply 13 by", False)
    looping = locate._Scope("So \\boxed{7}.\n" + "Let me verify this again. " * 4, False)
    assert cut_off.bars(rules["prose"]) and not cut_off.bars(rules["boxed"])
    assert looping.bars(rules["prose"]) and not looping.bars(rules["answer-line"])
    with pytest.raises(ValueError, match="unknown cuts"):
        locate.Rule("x", 9, lambda scope: None, ("no-such-cut",), "")


# ---- rule 1: json-field --------------------------------------------------------------------------------------------

JSON = {
    "plain": ('{"reasoning": "16 - 3 - 4 = 9 eggs at $2 each.", "answer": "18"}', ("18",)),
    "fenced, multi-line, number": ('```json\n{\n  "reasoning": "9 * 2 = 18",\n  "final_answer": 18\n}\n```', ("18",)),
    "capital key": ('{"Reasoning": "...", "Answer": "10"}', ("10",)),
    "result key": ('{"steps": ["a", "b"], "result": "42"}', ("42",)),
    "nested one level": ('{"solution": {"steps": "...", "answer": "10"}}', ("10",)),
    "python dict, text after": ("{'reasoning': 'half of it', 'answer': '\\\\frac{1}{2}'}\nHope that helps!",
                                ("\\frac{1}{2}",)),
    "one backslash LaTeX": ('{"answer": "\\frac{\\sqrt{3}}{2}"}', ("\\frac{\\sqrt{3}}{2}",)),
    "a box in the field": ('{"answer": "The answer is $\\\\boxed{7}$."}', ("7",)),
    "the field after a box in the reasoning": ('{"reasoning": "first \\\\boxed{3}, no", "answer": "5"}', ("5",)),
    "preamble": ('Here is my answer.\n{"reasoning": "so 3 + 4 = 7", "answer": 7}', ("7",)),
    "an answer object with a unit": ('{"answer": {"value": 10, "unit": "m"}}', ("10 m",)),
    "steps as a list of objects": ('{"steps": [{"explanation": "per minute", "output": "0.2"}], "final_answer": "10"}',
                                   ("10",)),
    "answer before reasoning, cut off later": ('{"answer": "18", "reasoning": "so she sells 9 eggs at', ("18",)),
}


@pytest.mark.parametrize("name", list(JSON))
def test_json_answer_field(name):
    response, answers = JSON[name]
    assert _found(response) == (answers, "json-field")


def test_json_without_an_answer_field_reads_the_reasoning_conclusion():
    response = '{"reasoning": "She sells 9 eggs at $2 each. So she makes 18 dollars every day."}'
    assert _found(response) == (("18",), "json-reasoning")
    # no field named as an answer or reasoning: the last one written concludes (never the closing brace)
    assert _found('{\n  "calculation": "9 * 2",\n  "total": 18\n}') == (("18",), "json-reasoning")


@pytest.mark.parametrize("response", [
    '{"reasoning": "She sells 9 eggs. So she makes 9 * 2 = 18',  # cut off inside the object, no answer field
    '```json\n{\n  "reasoning": "We have 16 eggs and eat 3, so 13 are left. Baking uses 4, so',
    '{"reasoning": "I could not solve it.", "answer": ""}',
])
def test_json_reply_without_an_answer_has_none(response):
    assert final_answer(response) is None


def test_json_scanner_ignores_braces_in_strings_and_reads_lists():
    reply = json_reply('{"reasoning": "the set {1, 2} has 2 elements", "answer": [1, "2"]}')
    assert (reply.answer, reply.closed) == ("1, 2", True)
    assert json_reply("We use the set {1, 2, 3} here.\nSo 6.") is None  # a set, not a JSON object


# ---- rule 2: boxed and answer-line (the later wins) ----------------------------------------------------------------

ANSWER_LINES = {
    "few-shot A:": ("Janet has 16 eggs and uses 7.\nShe sells 9 at $2.\nA: 18", ("18",)),
    "Answer:": ("She sells 9 eggs at $2.\nAnswer: 18", ("18",)),
    "####": ("16 - 3 - 4 = 9\n9 * 2 = 18\n#### 18", ("18",)),
    "the answer is": ("She sells 9 eggs at $2. The answer is 18.", ("18",)),
    "minerva": ("Final Answer: The final answer is $18$. I hope it is correct.", ("18",)),
    "bold heading": ("Work.\n\n**Final Answer:** 18", ("18",)),
    "chinese": ("计算得 9 × 2 = 18。\n答案是 18", ("18",)),
}


@pytest.mark.parametrize("name", list(ANSWER_LINES))
def test_answer_line(name):
    response, answers = ANSWER_LINES[name]
    assert _found(response) == (answers, "answer-line")


def test_a_heading_with_four_hashes_is_not_an_answer_line():
    assert _found("#### Step 3: count the eggs\nThere are 9 eggs left.") == (("9",), "prose")


def test_box_and_answer_line_the_later_wins():
    assert _found("So \\boxed{3}.\nWait, I dropped a term. The answer is 5.") == (("5",), "answer-line")
    assert _found("The answer is 3? Let me redo it.\nSo the total is \\boxed{5}.") == (("5",), "boxed")


@pytest.mark.parametrize(("response", "answer"), [
    ("The answer is 18, since she had 23 and spent 5.", "18"),
    ("So the final answer is 18 (she had 23 and spent 5).", "18"),
    ("Answer: 18 apples out of the 25 apples.", "18"),
    ("The answer is 5 hours for 3 workers.", "5 h"),  # (a unit written out is kept: round 10)
    ("The answer is 2, 3 and 5.", "2, 3 and 5"),  # a list, not a value and its givens
])
def test_an_answer_line_states_the_value_before_the_givens_after_it(response, answer):
    assert _found(response) == ((answer,), "answer-line")


def test_restated_given_before_a_committed_answer():
    response = "The answer is 18.\nCheck: she had 16 eggs, ate 3 and baked 4."
    assert _found(response) == (("18",), "answer-line")


# ---- rule 3: prose -------------------------------------------------------------------------------------------------

PROSE = {
    "so ... left": ("She spent 5 of her 23 dollars. So she has 18 dollars left.", ("18",)),
    "therefore there are": ("The movie lasts 2 hours minus 25 minutes. Therefore, there are 95 minutes.", ("95 min",)),
    "a dollar as a math span": ("The total cost is $\\$$45.", ("\\$45",)),
    "a given restated after the value": ("So she has 18 dollars left after spending 5 dollars.", ("18",)),
    "givens after the value": ("Therefore, 18 students passed, out of 25 in total.", ("18",)),
    "a step word inside, not after the value": ("Now we solve for x: 3 + 4 = 7 so the total is 7.", ("7",)),
    "a sign-off after the conclusion": ("In total there are 95 minutes.\n\nI hope this helps! Let me know if you have "
                                        "other questions.", ("95 min",)),
    "a line that starts with a step word but concludes": ("Let's compute: 12 * 50/60 = 10. So Weng earned 10 dollars.",
                                                          ("10",)),
    "an afterthought after the conclusion": (
        "Each of the 3 boxes holds 6 apples, which we add up carefully here. Therefore, there are 18 apples. "
        "This is because 3 boxes hold 6 apples each.", ("18",)),
    "a step that opens with a conclusion word": (
        "Step 1: She plants 2 a day, 30 in all.\n\nStep 2: 5 did not grow.\n\nStep 3: Therefore, Ryan has 25 "
        "flowers after 15 days.", ("25",)),
    "a reason, then the conclusion": (
        "She cooks 45 / 5 = 9 batches of burgers. Each batch takes 4 * 2 = 8 minutes. Since she cooks 9 batches, "
        "the total time is 9 * 8 = 72 minutes.", ("72 min",)),
    "a rate and a qualifier before a given": ("So she reads 6 pages per day, on average, in the next 4 days.", ("6",)),
    "a closing remark after the conclusion": (
        "12 / 4 = 3, so the Smiths need 3 loads of laundry.\n\nThink: Now the Smiths know how many loads they need.",
        ("3",)),
    "an invented chat after the conclusion": (
        "63 - 48 = 15\n\nSo, Paul needs 15 more cupcakes.\n\nDo you buy cupcakes only for parties?\nAssistant: No, "
        "that is an interesting thought; he might buy other kinds, but it does not change how many he needs.", ("15",)),
}


@pytest.mark.parametrize("name", list(PROSE))
def test_prose_conclusion(name):
    response, answers = PROSE[name]
    assert _found(response) == (answers, "prose")


# ---- the cuts -------------------------------------------------------------------------------------------------------

CONTINUATIONS = {
    "Question:": "16 - 3 - 4 = 9 and 9 * 2 = 18. The answer is 18.\n\nQuestion: Tom has 5 apples. The answer is 5.",
    "Q:": "9 * 2 = 18.\nThe answer is 18.\n\nQ: What is 2 + 2?\nA: 4",
    "Problem:": "So \\boxed{18}.\n\nProblem: Find x if 2x = 10.\nSolution: \\boxed{5}",
    "### Instruction": "The answer is 18.\n\n### Instruction:\nSolve 3 + 3.\n\n### Response:\nThe answer is 6.",
    "<|user|>": "The answer is 18.<|user|>What is 2 + 3? The answer is 5",
    "repeated few-shot": "A: 18\n\nQ: Bob has 2 cats.\nA: 2\n\nQ: Ann has 3.\nA: 3",
    "prose then Question:": "So she has 18 dollars left.\n\nQuestion: How many legs has a cat?\nA cat has 4 legs.",
}


@pytest.mark.parametrize("name", list(CONTINUATIONS))
def test_an_invented_continuation_after_the_answer_is_not_read(name):
    found = final_answer(CONTINUATIONS[name])
    assert found is not None and found.answers == ("18",)


def test_a_lowercase_user_turn_ends_the_response():
    response = "So the answer is \\boxed{\\frac14}.\nuser: Now a square of side 2?\nThe answer is \\boxed{\\frac12}."
    assert _found(response) == (("\\frac14",), "boxed")


def test_a_closed_answer_tag_at_the_end_is_read_whole():
    response = "<answer>\nShe makes 30 + 15 = 45 burgers.\n\nSo the total time is 9 * 8 = 72 minutes.\n</answer>"
    assert _found(response) == (("72 min",), "answer-tag")


@pytest.mark.parametrize("response", [
    "So x = 5.\n\nWait, that is wrong for the second condition.",  # a remark that takes the answer back
    "So x = 5.\n\nOr maybe the other root is the one they want.",  # a remark that hedges
    "Step 3: Calculate the total, 16 - 3 = 13",  # a step that concludes nothing
    "So she reads 6 pages per day, on average,",  # cut off after the qualifier
])
def test_remarks_and_steps_that_conclude_nothing(response):
    assert final_answer(response) is None


def test_a_remark_is_passed_over_only_after_a_conclusion():
    found = final_answer("We have 3 + 4 = 7 apples.\nNow we know how many apples there are.")
    assert found is None or "7" not in found.answers


def test_a_restated_question_at_the_start_is_not_a_cut():
    response = "Question: Janet has 16 eggs...\nAnswer: She sells 9 eggs at $2, so she makes 18 dollars.\n#### 18"
    assert _found(response) == (("18",), "answer-line")


def test_a_question_heading_without_an_answer_before_it_does_not_cut():
    response = "Let me think.\n\nQuestion: how many are left?\nThere are 16 - 7 = 9 left. The answer is 9."
    assert _found(response) == (("9",), "answer-line")
    # givens with numbers before a restated question are no conclusion
    response = "Given: 16 eggs, 3 eaten.\n\n**Question:** How many are left?\nThere are 13 left. The answer is 13."
    assert _found(response) == (("13",), "answer-line")


def test_an_option_list_is_not_a_few_shot_answer_line():
    assert _found("The options are\nA: 12\nB: 15\n\nTherefore, 15 is right.") == (("15",), "prose")


@pytest.mark.parametrize("response", [
    "First, we compute the number of eggs.\nStep 1: 16 - 3 = 13",  # a step, not a conclusion
    "She eats 3 and bakes 4, so 16 - 3 - 4 = 9 remain, and we multiply 9 by",  # cut off mid-derivation
    "So the final answer is $\\boxed{2\\sqrt",
    "x = 3. Let me recompute.\nx = 3. Let me recompute.\nx = 3. Let me recompute.\nx = 3. Let me",  # a loop
])
def test_a_response_without_a_committed_answer_has_none(response):
    assert final_answer(response) is None


def test_a_long_derivation_stopping_on_a_bare_step_has_no_answer():
    work = "We count the cases one at a time, writing each partial sum as we go along.\n" * 14
    assert final_answer(work + "Now, adding the third case, 3 + 4 = 7") is None
    assert _found(work + "So the total is 3 + 4 = 7") == (("7",), "prose")  # a conclusion, not a step
    assert _found(work + "Adding the third case, 3 + 4 = 7.") == (("7",), "prose")  # it ends as a sentence


def test_an_answer_before_a_loop_stands():
    response = "The answer is 7.\n" + "Let me verify this again.\n" * 5 + "Let me ver"
    assert _found(response) == (("7",), "answer-line")


# ---- verdicts: the rule is named in the method; hedges and bounds are wrong ------------------------------------------

def _olympiad(prediction: str, gold: str):
    return score_row("olympiad", {"prediction": prediction, "final_answer": [gold]}, profile="default", timeout=10)


def _imo(prediction: str, gold: str):
    return score_row("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": prediction}, timeout=10)


@pytest.mark.parametrize("score", [_olympiad, _imo])
def test_the_verdict_method_names_the_rule(score):
    verdict = score('```json\n{"reasoning": "9 * 2 = 18", "answer": "18"}\n```', "18")
    assert (verdict.status, verdict.method) == ("correct", "exact@json-field")
    verdict = score("Work.\n#### 18", "18")
    assert (verdict.status, verdict.method.split("@")[-1]) == ("correct", "answer-line")


@pytest.mark.parametrize("prediction", [
    "So the answer is 4 or 5.",  # a hedge
    "So it is 4 or 5 apples.",
    "The answer is at least 5.",  # a bound
    "So she has at least 5 dollars left.",
    "She eats 3 and bakes 4, so 16 - 3 - 4 = 5 remain, and we multiply 5 by",  # cut off
])
def test_hedges_bounds_and_cut_off_responses_are_wrong(prediction):
    assert _olympiad(prediction, "5").status == "wrong"


def test_a_text_answer_in_a_box_matches_the_text_gold():
    assert _olympiad("So the meeting is on \\boxed{\\text{Tuesday}}.", "Tuesday").status == "correct"
    assert _imo("So the meeting is on \\boxed{\\text{Tuesday}}.", "Tuesday").status == "correct"


@pytest.mark.parametrize("prediction", ['{"result": 18}', "#### 18", "A: 18"])
def test_imo_reads_a_located_answer_in_a_one_line_reply(prediction):
    """A one-line reply is taken as given only when no rule above the prose one located an answer in it."""
    verdict = _imo(prediction, "18")
    assert (verdict.status, verdict.extracted) == ("correct", "18")
    assert _imo("x = 3", "x = 3").method == "exact@as-given"  # a bare short answer is still taken whole


# ---- answer tags, calculator annotations, dollars (issue 22, real responses) --------------------------------------

@pytest.mark.parametrize("response, answers", [
    ("<think>3 * 4 = 12</think> <answer>12</answer>", ("12",)),
    ("<think>He spends 72.</think>\n<answer> He has $72 left. </answer>", ("72",)),
    ("<think>4 quarts.</think> <answer>Therefore, the total cost is 4 quarts * $3/quart = $12.</answer>", ("\\$12",)),
    ("So the total is 16 + 14 = 30 emails\nanswer> 30 emails\n\n———END———>", ("30",)),  # a lost '<', left open
    ("Total profit is $120.\n</think>\nanswer\n120\n</answer>", ("120",)),  # a line 'answer' before </answer>
])
def test_an_answer_tag_is_read_with_the_other_rules(response, answers):
    assert _found(response) == (answers, "answer-tag")


def test_an_echoed_answer_tag_template_yields_to_a_later_answer():
    # a prompt's "<answer> answer here</answer>" echoed, then the real answer boxed later: the later one stands
    response = "<think> reasoning process here</think> <answer> answer here</ answer >\n2 + 3 = 5, so \\boxed{5}"
    assert _found(response) == (("5",), "boxed")
    # a tag left open before other markup is not a closed answer
    assert _found("<answer> here</更好的> and so on. The answer is 7.") == (("7",), "answer-line")
    assert _found("<think>No idea.</think> <answer></answer>") is None


def test_calculator_annotations_and_dollar_signs_are_not_math():
    response = "He has 3*20=$<<3*20=60>>60 from the bills. So he now has 75+60=$<<75+60=135>>135 in total."
    assert score_row("olympiad", {"prediction": response, "answer": "135"}).correct
    # every $ followed by a digit: dollars, not a math span "$400000 - 0.4 * $"
    response = "The total spent is $400000 - 0.4 * $400000 = $240000."
    assert score_row("olympiad", {"prediction": response, "answer": "240000"}).correct
    # a real math span stays math: "$5$" closes with a $ not followed by a digit
    assert _found("So the answer is $5$ apples, and $6$ pears were eaten.") == (("5",), "answer-line")


@pytest.mark.parametrize("response, answers", [
    ("Total = $40 + $24 = $64\n\nAnswer: Kylar needs to pay $64 for 16 glasses.", ("64",)),
    ("Cost = 33 x 81 = 2673 dollars\n\nAnswer:\nIt will cost 2673 dollars to buy 33 packs of DVDs.", ("2673",)),
    ("140 / 2 = 70.\n\nAnswer:\n\nFaye can make 70 rows with 2 pencils in each row.", ("70",)),
    ("x = 10\n\nAnswer:\n\nJenna and her mother picked a total of 30 apples (10 apples for Jenna and 20 for her mom).",
     ("30",)),
    ("$180 x 7 = $1,260\n\nAnswer:\n\nJohn makes $1,260 if he works a full 7 day week.", ("1,260",)),
])
def test_an_answer_line_written_as_a_sentence_reads_its_value_as_prose(response, answers):
    assert _found(response) == (answers, "answer-line")


def test_a_clause_restating_a_given_after_the_value_is_dropped_in_prose():
    assert _found("x = 36\n\nThe sisters need to collect 36 signatures to reach their goal of 100 signatures.") == (
        ("36",), "prose")
    # "from 2 to 5" states a change, and "(3/4) * P" is math, not a clause in words
    assert _found("So the price rose from 2 to 5.") == (("5",), "prose")
    assert _found("So P = 1/2 (3/4) * 4/3 = 2/3.")[0] != ("1/2",)


def test_a_long_run_of_spaces_between_two_boxes_is_read_at_once():
    """The joiner between boxes reads a run of spaces as one: 60 spaces before words took minutes before."""
    response = "So $\\boxed{1}$" + " " * 60 + "\n```\nThe final answer is $\\boxed{2}$ grapes."
    scored = score_row("olympiad", {"prediction": response, "final_answer": ["2"]}, profile="default", timeout=20)
    assert (scored.status, scored.method) == ("correct", "exact@boxed")


@pytest.mark.parametrize("response, answers", [
    ("Plan: two steps.\n\nAnswer:\n\nStep 1: 2/3 of 36 sq ft = 24 sq ft\n\nStep 2: 24 x 24 = 576 tiles\n\n"
     "He needs 576 tiles to cover his 36 sq ft floor.", ("576",)),
    ("Answer:\n\nStep 1: 2/3 of 36 sq ft = 24 sq ft\n\nStep 2: 24 x 24 = 576 tiles, and then we multiply 576 by", None),
    ("Answer:\n\nStep 1: 2/3 of 36 sq ft = 24 sq ft\n\nStep 2: multiply 24 by 24", None),
])
def test_an_answer_marker_opening_the_steps_reads_their_conclusion(response, answers):
    """Not the first step's value: the conclusion after the steps; none when they stop without one."""
    assert _found(response) == (None if answers is None else (answers, "answer-line"))


@pytest.mark.parametrize("response, answers", [
    ("The domain is: \\[ (-\\infty, 2) \\cup (3, \\infty) \\]\nTherefore, the domain is \\(\\boxed{(-\\infty, 2",
     ("(-\\infty, 2) \\cup (3, \\infty)",)),
    ("The area is $\\frac{1}{4}$, so the answer is $\\boxed{\\frac{1}{4", ("\\frac{1}{4}",)),
    ("So $x = 12$ and the sum is $5$. Thus \\boxed{13", None),  # begun as something else: cut off, no answer
    ("So $x = 12$. Thus \\boxed{1", None),  # too little of it to say
])
def test_a_box_cut_off_after_the_answer_was_displayed(response, answers):
    assert _found(response) == (None if answers is None else (answers, "boxed-cut"))


@pytest.mark.parametrize("response, answers", [
    ("Answer: The total is 186 mm.\n\nThe first is 31 mm.\nTotal thickness = 31 + 50 + 45 + 62 = 188 mm",
     (("188 mm",), "total-line")),  # the result the response closes on, after an earlier answer line
    ("**Total** = 12 + 3 = 15", (("15",), "total-line")),
    ("Total cost = 3 + 5 = 8 dollars and then we add the tax of", None),  # cut off: not the last side
    ("Total cost = 3 + 5 =", None),
])
def test_a_closing_total_line_states_its_last_side(response, answers):
    assert _found(response) == answers


@pytest.mark.parametrize("prediction", ["Total cost = 3 + 4 = 7 or 8",  # a hedge on a total line
                                        "So x = 7.\n\nOr maybe the other root is the one they want.",  # a doubt
                                        "Total cost = 3 + 4 = 7 and then we add the tax of"])  # cut off
def test_hedged_and_cut_off_endings_stay_wrong(prediction):
    assert _olympiad(prediction, "7").status == "wrong"


@pytest.mark.parametrize("prediction", ["The correct answer is 3 hours and 35 minutes.", "So it takes 3 h 35 min.",
                                        "\\boxed{3 \\text{ hours and } 35 \\text{ minutes}}"])
def test_a_duration_in_two_units_is_one_quantity(prediction):
    """Not the list (3, 35), nor its last number: 215 minutes, against a gold in minutes."""
    assert _olympiad(prediction, "215").status == "correct"
    assert _olympiad(prediction, "35").status == "wrong"
    assert _found("It lasts 2 minutes, 5 seconds.") == (("125 s",), "prose")


def _one_duration_by_both_patterns(text: str) -> str:
    """The duration cut as first written: both patterns run over every text."""
    for pattern, factor, word in locate._DURATIONS:
        if pattern.search(text):
            text = pattern.sub(lambda m: f"{int(m.group(1)) * factor + int(m.group(2))} {word}", text)
    return text


_DURATION_PARTS = st.sampled_from(["3 hours and 35 minutes", "3 h 35 min",
                                   "3 \\text{ hours and } 35 \\text{ minutes}", "12 minutes, 5 seconds", "2 mins 7 secs", "1 hr 2 mins", "5 s", "4 h", "7 MIN 3 S",
                                   "so it takes", "Minutes:", "the answer is 45", "min", "1.5 hours 20 minutes", " ",
                                   "\n", "12", "hours", "mins", "2h30min"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_DURATION_PARTS, max_size=12).map("".join))
def test_the_duration_cut_skips_texts_without_minutes_and_reads_the_others_as_before(text):
    """The cut looks for its patterns only in texts holding "min", which every match of theirs holds: the same
    text comes out as when both run over every text."""
    assert locate._one_duration(text) == _one_duration_by_both_patterns(text)
    assert locate._one_duration("It takes 3 hours and 35 minutes.") == "It takes 215 minutes."


# ---- the final commitment (the grading conventions): musings along a reasoning trace commit to nothing ------------------

MUSINGS = {
    # a statement of the answer's form, then the closing line in prose
    "form": ("We need the count of pairs. The answer should be a single number.\nCounting gives 7 + 5 = 12 pairs.\n"
             "So there are 12 such pairs.", ("12",), "prose"),
    "form, an integer": ("The answer is an integer, since each term is.\nAdding up, the sum is 45.", ("45",), "prose"),
    "form, in lowest terms": ("The answer must be given in lowest terms; the answer is in the form p/q.\n"
                              "Therefore p + q = 17.", ("17",), "prose"),
    # a supposition: "if ..., the answer would be ..."
    "hypothetical": ("If the question asked for three-digit factors, the answer would be 0. It asks for two-digit "
                     "ones.\nThere are 5 two-digit factors.", ("5",), "prose"),
    "supposition": ("Suppose the answer is 10; then the sum exceeds 50, a contradiction.\nThus n = 9.", ("9",),
                    "prose"),
    "conditional mood": ("With repetition allowed the answer would be 125. Without it we get 5 * 4 * 3 = 60.\n"
                         "Hence 60 arrangements.", ("60",), "prose"),
    # a check
    "a check": ("Total: 63.\nLet me check whether the answer is 36 by reversing the digits: no.\nSo Tom has 63 "
                "stamps.", ("63",), "prose"),
    # a partial result
    "partial sum": ("Adding the first rows, the answer is 20 so far. The last row adds 43.\nIn total, 63 seats.",
                    ("63",), "prose"),
    # on a line later lines follow: a guess, a question, a negation, a hedge, a bound
    "guess": ("Maybe the answer is 15.\nCounting again, there are 63 such numbers.", ("63",), "prose"),
    "guess, let's": ("Let's guess the answer is 25 and check.\nIt fails; there are 63 such numbers.", ("63",), "prose"),
    "question": ("So the answer is 12? Let me verify.\nAdding everything up, there are 63.", ("63",), "prose"),
    "negation": ("The answer isn't 4, since 4 fails.\nAdding up, there are 63 such numbers.", ("63",), "prose"),
    "hedge": ("Hmm, so the answer is probably 30, but let me recheck.\nAdding up, there are 63 such numbers.",
              ("63",), "prose"),
    "bound": ("The answer is at least 50.\nCounting exactly, there are 63 such numbers.", ("63",), "prose"),
    "future": ("The answer is going to be large.\nCounting exactly, there are 63 such numbers.", ("63",), "prose"),
}


@pytest.mark.parametrize("response, answers", [
    # the last line itself: read as before (a bound or a negation is then compared, and is wrong)
    ("The answer is at least 7.", ("at least 7",)),
    ("Work.\nThe answer isn't 4.", ("n't 4",)),
    # a plain answer line after such a musing still commits
    ("Maybe the answer is 15.\nThe answer is 63.", ("63",)),
])
def test_a_guess_or_a_bound_on_the_last_line_is_read_as_before(response, answers):
    assert _found(response)[0] == answers


@pytest.mark.parametrize("name", list(MUSINGS))
def test_a_musing_along_the_way_is_no_commitment(name):
    response, answers, rule = MUSINGS[name]
    assert _found(response) == (answers, rule)


@pytest.mark.parametrize("response", [
    "The answer is 63.",
    "So the answer is 63.",
    "After checking every case, the answer is 63.",
    "As expected, the final answer is 63.",
    "Answer: 63",
])
def test_a_plain_commitment_is_still_one(response):
    assert _found(response) == (("63",), "answer-line")


# several samples in one response (a self-consistency harness joining them): the last committed answer counts, and a
# later sample cut off while planning ("Let's call that sum S1 ... Finally, the answer is S1 + S2.") does not replace it
_PLAN_SAMPLES = ("The proper divisors of 284 sum to 220, and those of 220 sum to 284.\n\n**Answer:** \\boxed{284}\n"
                 "---SAMPLE---\nFirst step: find the sum of the proper divisors of 284. Let's call that sum S1.\n\n"
                 "Second step: take S1 and sum its proper divisors. Let's call that sum S2.\n\nFinally, the answer is "
                 "S1 + S2.\n\nSo, first, the divisors of 284 are 1, 2, 4, 71, 142, and 1 + 2 + 4 = 7, 7 + 71 = 78")


def test_an_answer_stated_in_names_for_quantities_still_to_find_is_a_plan():
    assert _found(_PLAN_SAMPLES) == (("284",), "boxed")
    assert _olympiad(_PLAN_SAMPLES, "284").status == "correct"
    assert _imo(_PLAN_SAMPLES, "284").status == "correct"
    # "Let S be the sum ... the answer is S": the same plan in another wording
    assert _found("Let S be the sum we want. Then the answer is S. The sum is 5 + 7 = 12.\nSo the sum is 12.") == \
        (("12",), "prose")


@pytest.mark.parametrize("response, answers", [
    # a value after the names: a commitment
    ("Let's call that sum S1. Then S1 = 220. Finally, the answer is 504.", ("504",)),
    # a name the response never introduced as a quantity to find: a symbolic answer, read as before
    ("The side has length a. The answer is a.", ("a",)),
    # only one of the names introduced: "S2" is not a plan's name here
    ("Let's call that sum S1. Finally, the answer is S1 + S2.", ("S1 + S2",)),
])
def test_an_answer_with_a_value_or_unintroduced_names_is_still_read(response, answers):
    assert _found(response)[0] == answers


def test_a_final_box_outranks_every_answer_phrase_before_it():
    trace = ("Let me think. The answer should be a single number. If the question asked for three-digit factors, "
             "the answer would be 0. The partial sum so far is 20, so the answer is 20 so far.\n\n"
             "Final Answer: The final answer is $\\boxed{63}$")
    assert _found(trace) == (("63",), "boxed")
    # the false accept a musing would give: the hypothetical names the gold, the closing box does not
    assert _olympiad(trace, "0").status == "wrong"
    assert _olympiad(trace, "20").status == "wrong"
    assert _imo(trace, "0").status == "wrong"


THINKING = {
    "answer after the block": ("<think>So the answer is 12. Hmm, no: I double counted.</think>\n\nThere are 14 such "
                               "numbers.", ("14",), "prose"),
    "opening tag in the prompt": ("Count them: 3 + 4 = 7, so the answer is 7. Wait, plus the corner: 8.</think>\n"
                                  "**Answer:** 8", ("8",), "answer-line"),
    "box in the block, answer after": ("<think>The answer is \\boxed{3}? No.</think>\nThe final answer is 5.", ("5",),
                                       "answer-line"),
    "nothing after the block": ("<think>Adding, 20 + 43 = 63. So the answer is 63.</think>", ("63",), "answer-line"),
    "answer tag after the block": ("<think>The answer would be 0 for three digits.</think> <answer>5</answer>", ("5",),
                                   "answer-tag"),
}


@pytest.mark.parametrize("name", list(THINKING))
def test_a_reasoning_block_counts_only_when_nothing_follows(name):
    response, answers, rule = THINKING[name]
    assert _found(response) == (answers, rule)


def test_after_the_block_nothing_stated_is_no_answer_from_the_block():
    # something follows the block but states nothing: the block's musing is not read instead
    assert _olympiad("<think>So the answer is 12.</think>\nI cannot finish this", "12").status == "wrong"
    assert _olympiad("<think>The answer is 12.</think>\nThere are 14 of them.", "12").status == "wrong"


def test_tags_echoed_from_a_template_make_no_block():
    # two closing tags (the prompt's template echoed): read as before, the whole response
    response = ("The reasoning goes in <think> </think> tags. So the answer is 12.\n<think>More.</think>\n"
                "The final answer is $\\boxed{12}$.")
    assert _found(response) == (("12",), "boxed")


def test_a_json_object_without_an_answer_then_an_answer_line():
    response = '```json\n{"reasoning": "We add the two counts, 13 and 15."}\n```\nChecking again.\n**Answer**: 28'
    assert _found(response) == (("28",), "answer-line")
    response = '{"steps": ["13 boys", "15 girls"]}\nSo the class has $\\boxed{28}$ pupils.'
    assert _found(response) == (("28",), "boxed")
    # with an answer field, the field is the answer, whatever follows
    assert _found('{"answer": 28}\nThe answer is 30.') == (("28",), "json-field")


@pytest.mark.parametrize("response, answers", [
    ("【解析】\n所以，乙去过的城市是A。<eoe>\n【答案】A<eoa>", ("A",)),  # the exam answer marker, end-of-answer token
    ("【解析】\n解这个方程。\n<eoe>\n【答案】\n解方程得到n=8.<eoa>", ("8",)),  # a Chinese sentence after it
    ("【答案】\n解上述方程，我们得到 $a = 1$ 或 $a = -3$。但是 $a$ 不能等于 $-3$。因此，$a = 1$。<eoa>", ("a = 1",)),
])
def test_a_chinese_exam_answer_block(response, answers):
    assert _found(response) == (answers, "answer-line")


def test_a_root_written_with_its_sign_in_a_sentence_is_one_number():
    response = "- √117 = √(9×13) = 3√13\n\n**Answer:** The distance between the points is 3√13 units."
    assert _found(response) == (("3√13",), "answer-line")
    assert _olympiad(response, "3\\sqrt{13}").status == "correct"
    assert _olympiad(response, "13").status == "wrong"
