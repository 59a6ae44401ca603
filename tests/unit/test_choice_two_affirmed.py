"""Two options found correct, neither chosen (GRADING.md, multiple choice: a hedge between options commits to
nothing; docs/profiles-mc.md, "Two options found correct"). trace_choice's ninth fresh split's one miss (tc-1123),
read after that split was scored once: a walk through the options calls A correct, then C correct, and is cut off in
a loop before it chooses; the reader took the later affirmation, C."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

OPTIONS = {"A": "中位数小于 1050kg", "B": "比例超过 40%", "C": "极差介于 200kg 至 300kg 之间", "D": "平均值介于 900kg 至 1000kg"}
ENGLISH = {"A": "the median is below 1050", "B": "the share exceeds 40%", "C": "the range is 200 to 300",
           "D": "the mean is 900 to 1000"}

CASES = [
    # two affirmed, nothing chosen: no answer, whether the reply ends or is cut off
    (OPTIONS, "所以，选项 A 是正确的。\n\n选项 B 是错误的。\n\n所以，选项 C 是正确的。\n\n选项 D：重新计算：\\[ \\frac{744", None),
    (OPTIONS, "所以，选项 A 是正确的。\n\n选项 B 是错误的。\n\n所以，选项 C 是正确的。", None),
    (ENGLISH, "Option A is correct.\n\nOption B is incorrect.\n\nOption C is correct.\n\nOption D is incorrect.", None),
    # near misses: one affirmed; one taken back; a choice made after the walk
    (OPTIONS, "所以，选项 A 是错误的。\n\n选项 B 是错误的。\n\n所以，选项 C 是正确的。\n\n选项 D 是错误的。", "C"),
    (ENGLISH, "Option A is correct.\n\nWait, A is incorrect: the median is 1050.\n\nOption C is correct.", "C"),
    (ENGLISH, "Option A is correct. Option C is correct.\n\nOnly one can be chosen; the answer is C.", "C"),
    (OPTIONS, "所以，选项 A 是正确的。选项 C 是正确的。\n\n综上，答案是 C。", "C"),
    # "only" one of them, or the first taken back by a correction
    (ENGLISH, "Statement A holds. C looks correct at first, but I misread the axis.\n\nOnly A is correct.", "A"),
    (ENGLISH, "Option A is correct.\n\nOption C is correct.\n\nOnly C is correct.", "C"),
    # two ranked in one sentence: the better one is the choice
    (ENGLISH, "Option C matches the data better than option A, but option D matches it best.", "D"),
]


@pytest.mark.parametrize("options, reply, letter", CASES)
def test_two_options_found_correct(options, reply, letter):
    assert infer_choice(reply, options).letter == letter


def test_the_default_verdict_of_a_hedge_is_wrong_whatever_the_gold():
    reply = "所以，选项 A 是正确的。\n\n所以，选项 C 是正确的。\n\n重新计算：\\[ \\frac{744"
    for gold in ("A", "C"):
        row = {"prediction": reply, "answer": gold, "category": "x", "index": "1", **OPTIONS}
        assert score_row("vmcbench_dev", row, profile="default").correct is False
    row = {"prediction": "所以，选项 C 是正确的。", "answer": "C", "category": "x", "index": "1", **OPTIONS}
    assert score_row("vmcbench_dev", row, profile="default").correct is True


# ---- every option in turn after the answer marker (trace_choice's tenth fresh split: tc-1315, read after scoring) --

IMAGE = {"A": "Option A in the image", "B": "Option B in the image", "C": "The given choices are misleading."}


@pytest.mark.parametrize("reply, letter", [
    ("Answer: (A), the river flows from the lake to the gulf. (B), the cook seasons the chicken, and her helper "
     "roasts it. (C), the given choices mislead.", None),
    ("Answer: (B), the cook seasons the chicken, and her helper roasts it.", "B"),  # one option
    ("Answer: (B). Not (A), which is simple, nor (C).", "B"),  # the others named to be ruled out, not in turn
])
def test_every_option_in_turn_after_the_answer_marker(reply, letter):
    assert infer_choice(reply, IMAGE).letter == letter
