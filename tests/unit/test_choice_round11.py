"""Multiple-choice reading of round 11: in a short reply, two options weighed ("Between B and D, ...", "Either B or
D, ...") are not chosen; a letter after the frame chooses between them, and without one the reply stays ambiguous
(docs/profiles-mc.md, "Round 11")."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

FACES = {"A": "happy", "B": "angry", "C": "sad", "D": "surprised"}


@pytest.mark.parametrize("reply, letter", [
    ("Between B and D, the raised eyebrows point to D.", "D"),
    ("Between B and D, the eyebrows suggest D.", "D"),
    ("Either B or D, and the open mouth says D.", "D"),
    ("Between B and D, hard to say.", None),  # weighed, never chosen
    ("Either B or D, not sure.", None),
    ("Between B and D.", None),
    ("B and D both fit.", None),  # no frame: two options named
])
def test_two_options_weighed_then_one_chosen(reply, letter):
    assert infer_choice(reply, FACES).letter == letter
    row = {"index": 1, "question": "Which emotion?", **FACES, "answer": "D", "category": "t", "prediction": reply}
    assert score_row("vmcbench_dev", row, profile="default").correct is (letter == "D")
