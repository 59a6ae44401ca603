"""Multiple-choice readings of round 10, from written probes of visual models' replies: refusals in other words
(the input said not to have come through, "without the image", in Chinese) commit to nothing whatever follows; a
view the writer only finds poor in detail is no refusal; a weak choice inside a thinking block cut off mid-sentence
is none (docs/profiles-mc.md, "Round 10")."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

CAPITALS = {"A": "Madrid", "B": "Lisbon", "C": "Paris", "D": "Rome"}


@pytest.mark.parametrize("reply", [
    "没有图片，我无法回答这个问题。不过如果一定要选的话，我选C。",
    "抱歉，我无法查看图片。猜测答案是C。",
    "我无法看到这张图片，所以不能回答。答案：C",
    "由于没有图片，我无法作答。答案是C。",
    "I can't answer this without the image. If I must pick, I'd choose C.",
    "Without the image I can't determine this. Answer: C",
    "Unfortunately, the image did not come through. Based on general knowledge, the answer is C.",
    "The image wasn't provided, so I can only guess: C.",
    "I cannot answer without the figure. C",
])
def test_a_refusal_in_other_words_commits_to_nothing(reply):
    assert infer_choice(reply, CAPITALS).letter is None
    row = {"index": 1, "question": "Which city?", **CAPITALS, "answer": "C", "category": "t", "prediction": reply}
    assert score_row("vmcbench_dev", row, profile="default").status == "wrong"


@pytest.mark.parametrize("reply, letter", [
    # a poor view is a doubt, not a refusal: what the writer then reads counts
    ("I can't see the map in much detail, but the highlighted country is Portugal, so the capital is Lisbon (B).", "B"),
    ("I can't see the map in fine detail, but the highlighted country is Portugal, so the answer is B.", "B"),
    ("I can't see the map's fine details, but Portugal is highlighted. Answer: B", "B"),
    # near misses: the input described, not missing
    ("The figure is not shown to scale, but the answer is C.", "C"),
    ("The label in the image is not provided, but from the shape the answer is C.", "C"),
    ("图中没有显示其他城市，答案是C。", "C"),
])
def test_what_is_no_refusal(reply, letter):
    assert infer_choice(reply, CAPITALS).letter == letter


@pytest.mark.parametrize("reply, letter", [
    ("<think>\nThe left half has 6 sectors; maybe 4 are shaded, which would be 2/3 (D). Let me recount the sectors on "
     "the left side, starting from the top one, which", None),
    ("<think>\nThe left half has 6 sectors and 3 are shaded, so 1/2.\n</think>\n\nThe answer is (C).", "C"),
])
def test_a_weak_choice_in_a_thinking_block_cut_off(reply, letter):
    options = {"A": "1/3", "B": "1/4", "C": "1/2", "D": "2/3"}
    assert infer_choice(reply, options).letter == letter
