"""Two readings of an answer given as an option's value (docs/profiles-mc.md, "Signs and spacing in a value"), each a
principle read by ``infer_choice`` and so by the default profile of every multiple-choice benchmark. The first is
trace_choice's seventh fresh split's one miss, read after that split was scored once (tc-0969); the second was found
while reading it.

* Spacing around a binary minus is spacing: ``\\boxed{-1 - i}`` answers the option ``$-1-i$``. The loose comparison
  drops hyphens, so "1-i" and "-1-i" were one text there and the reply named no single option (it read none).
* A minus sign glued to what follows is a sign, not a list's bullet: ``\\boxed{-i}`` is not the option ``$i$`` (it read
  that option, a false accept), nor is ``i`` the option ``$-i$``; ``-\\frac{1}{2}`` is not ``$\\frac{1}{2}$``. A dash
  and a space before a letter is still a bullet ("- B").
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

COMPLEX = {"A": "$1-i$", "B": "$-i$", "C": "$-1-i$", "D": "$i$"}
UNITS = {"A": "$i$", "B": "$2i$", "C": "$1$", "D": "$-1$"}
HALVES = {"A": "$\\frac{1}{2}$", "B": "$2$", "C": "$1$", "D": "$-1$"}

CASES = [
    # spacing around a minus
    (COMPLEX, "Thus, the value of \\( Z \\) is:\n\\[\n\\boxed{-1 - i}\n\\]", "C"),
    (COMPLEX, "\\boxed{1 - i}", "A"),
    (COMPLEX, "The answer is $-1 - i$.", "C"),
    (COMPLEX, "\\boxed{-1-i}", "C"),
    # a sign glued to a letter or a command
    (COMPLEX, "\\boxed{-i}", "B"),
    (UNITS, "\\boxed{-i}", None),
    (UNITS, "\\boxed{-1}", "D"),
    ({"A": "$-i$", "B": "$2i$", "C": "$1$", "D": "$-1$"}, "\\boxed{i}", None),
    (HALVES, "\\boxed{-\\frac{1}{2}}", None),
    ({**HALVES, "B": "$-\\frac{1}{2}$"}, "\\boxed{-\\frac{1}{2}}", "B"),
    # near misses: a bullet before a letter, a hyphenated word, a sign kept in an option's own text
    (COMPLEX, "Answer:\n- B", "B"),
    (COMPLEX, "- B", "B"),
    ({"A": "top left", "B": "bottom right"}, "The answer is top-left.", "A"),
    ({"A": "$-x^2+1$", "B": "$x^2+1$"}, "The answer is -x^2 + 1", "A"),
    ({"A": "2", "B": "3"}, "\\boxed{-2}", None),
]


@pytest.mark.parametrize("options, reply, expect", CASES)
def test_a_round8_reading(options, reply, expect):
    assert infer_choice(reply, options).letter == expect


@pytest.mark.parametrize("name", ["vmcbench_dev", "livexiv"])
@pytest.mark.parametrize("reply, gold, status", [
    ("\\boxed{-1 - i}", "C", "correct"),
    ("\\boxed{-i}", "D", "wrong"),  # was read as D, the option "i"
])
def test_the_default_verdicts_follow(name, reply, gold, status):
    row = {"index": "1", "question": "Which number?", "answer": gold, "category": "x", **COMPLEX, "prediction": reply}
    assert score_row(name, row, profile="default", timeout=10).status == status
