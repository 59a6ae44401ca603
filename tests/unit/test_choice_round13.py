"""Multiple-choice readings of round 13, from round 12's held-out probes once scored: a condition and its consequence
in one sentence commit to nothing in any mood (a key word named only under it neither); a choice made before a
hypothetical stands; "on reflection" and "changed my mind" are correction cues (docs/profiles-mc.md, "Round 13")."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

GROWTH = {"A": "Linear", "B": "Exponential", "C": "Logarithmic", "D": "No relationship"}
IRON = {"A": "It floats", "B": "It sinks", "C": "It dissolves", "D": "It stays suspended"}
CURRENT = {"A": "顺时针", "B": "逆时针", "C": "无电流", "D": "无法确定"}
NUMBERS = {"A": "2", "B": "3", "C": "5", "D": "7"}


@pytest.mark.parametrize("reply, options, letter", [
    ("If the y-axis is logarithmic, the answer is B; otherwise it's A.", GROWTH, None),
    ("If the object is made of iron, it would sink (B).", IRON, None),
    ("如果电池正极在左边，电流应为顺时针（A）。", CURRENT, None),
    ("解得 x = 3，对应选项 B。\n\n不过，如果题目是 x − 2 = 5，那么答案为 D。", NUMBERS, "B"),
    ("The answer is B. If the axis were log, it would be C.", GROWTH, "B"),
    ("It looks logarithmic.", GROWTH, "C"),  # no condition: the key word names C
])
def test_a_condition_commits_to_nothing_in_any_mood(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("reply", [
    "The answer is A. On reflection, C.",
    "A. Changed my mind: C.",
    "I pick A... on further reflection, C.",
    "The answer is A. I changed my mind, C.",
])
def test_a_change_of_mind_is_a_correction(reply):
    options = {"A": "Water magnifies it", "B": "Refraction", "C": "Reflection", "D": "Lens distortion"}
    assert infer_choice(reply, options).letter == "C"  # (round 12 read A: the first answer, never taken back)


@pytest.mark.parametrize("reply", [
    "答案不是第三个选项。", "The third option is incorrect.", "Probably C is wrong.", "Answer: (b) is not correct.",
    "It would be 96 hours only if the rate doubled.",
])
def test_the_last_readings_read_nothing_after_a_denial_or_a_condition(reply):
    from pytest_answerbench.maths import states_value

    options = {"A": "2 days", "B": "4 days", "C": "6 days", "D": "8 days"}
    assert infer_choice(reply, options, same_value=states_value).letter is None
