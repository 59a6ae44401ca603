"""Round 14 of the multiple-choice reader (docs/profiles-mc.md, "Round 14"): an option label in brackets right before
another option's text names two options, wherever it stands in the reply (the opening label already did)."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

POINTS = {"A": "Point D", "B": "Point A", "C": "Point B", "D": "Point C"}


@pytest.mark.parametrize("reply, letter", [
    ("Based on the image information provided, the location with the slightest depth is (C) Point C.", None),
    ("Based on the image information provided, the location with the slightest depth is (C) Point B.", "C"),
    ("Based on the image information provided, the location with the slightest depth is Point C.", "D"),
    ("Based on the image information provided, the location with the slightest depth is (D) Point C.", "D"),
    ("(C) Point C", None),  # the opening label's own reading, unchanged
])
def test_a_label_before_another_options_text_names_two_options(reply, letter):
    assert infer_choice(reply, POINTS).letter == letter


def test_a_label_and_its_text_apart_are_not_read_together():
    # the label closes one sentence; the text opens another: the text alone is read
    assert infer_choice("I first thought of (C). The location with the slightest depth is Point C.",
                        POINTS).letter == "D"


@pytest.mark.parametrize("reply, options, letter", [
    ("Key observations:\n(a) Jupiter has the Great Red Spot.\n(b) It is the largest planet.",
     {"A": "Mars", "B": "Venus", "C": "Jupiter", "D": "Saturn"}, "C"),
    ("From figure (b) Jupiter is clearly the planet shown.", {"A": "Mars", "B": "Venus", "C": "Jupiter", "D": "Saturn"},
     "C"),
    ("The curve labelled (a) decreases steadily.", {"A": "increases", "B": "decreases", "C": "stays"}, "B"),
    ("Part (a) 15", {"A": "5", "B": "10", "C": "15", "D": "20"}, "C"),
])
def test_a_panels_or_parts_label_before_an_options_text_is_no_answer_label(reply, options, letter):
    assert infer_choice(reply, options).letter == letter
