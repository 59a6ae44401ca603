"""Round 57 of the multiple-choice reader (docs/profiles-mc.md, "Round 57"), written from round 58's blind probes
(tests/data/probes_round58.jsonl) after they were scored once as the held-out measure of round 56: an opening label,
then a closing sentence concluding that another option is correct, beside the near misses it keeps as they were."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

SQUARE = {"A": "$x^2+9$", "B": "$x^2+3x+9$", "C": "$x^2+6x+9$", "D": "$x^2+6x+6$"}


@pytest.mark.parametrize("reply, letter", [
    ("(A) misses the cross term. (B) has a cross term of 3x, but it should be 2·3·x = 6x. (D) has the right cross term "
     "but the wrong constant, since 3² = 9. Therefore, (C) is correct.", "C"),
    ("(A) x^2+9. Therefore, (C) is correct.", "C"),
    ("(A) x^2+9 is right. (C) would be correct if the constant were 6.", "A"),  # (a supposition, not a conclusion)
    ("(A). The cross term is 6x, so (C) is correct only if we drop the constant.", "A"),  # (no sentence concluding)
    ("(A) is the expansion. Therefore, (C) is correct? No.", "A"),  # (asked, then denied: no closing conclusion)
])
def test_a_closing_conclusion_after_an_opening_label(reply, letter):
    assert infer_choice(reply, SQUARE).letter == letter
