"""Round 60 of the maths reader (docs/profiles-math.md, "Round 60"), written from the two false accepts of round 60's
blind probes (tests/data/probes_round60.jsonl) after they were scored once as the held-out measure of round 59, each
reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict

RADICAL = "Solve √(x + 7) = x − 5 over the reals."
LOG = "Solve the inequality log₂(x − 1) < 1."


@pytest.mark.parametrize("reply, answer, question, status", [
    # two values of one unknown joined by "or" close the reply: both roots, an extra one against a gold of one
    ("Factoring, $(x - 2)(x - 9) = 0$.\n\n**Solutions:** $x = 2$ or $x = 9$.", "9", RADICAL, "wrong"),
    ("Factoring, $(x - 2)(x - 9) = 0$.\n\nSo $x = 2$ or $x = 9$.", "9", RADICAL, "wrong"),
    ("Factoring, $(x - 2)(x - 9) = 0$.\n\nSo $x = 2$ or $x = 9$.", "2, 9", RADICAL, "correct"),
    ("Only $x = 9$ checks out.\n\nSo $x = 9$.", "9", RADICAL, "correct"),
    # an answer line offering two answers, "either ... or ...", is a hedge
    ("$x - 1 < 2$ and $x > 1$.\n\nSo the answer is either $(1, 3)$ or simply $x < 3$, depending on whether the domain "
     "restriction is meant to be included.", "(1, 3)", LOG, "wrong"),
    ("So the answer is either $(1, 3)$ or $x < 3$.", "(1, 3)", LOG, "wrong"),
    ("So the answer is $(1, 3)$, i.e. $1 < x < 3$.", "(1, 3)", LOG, "correct"),  # (the same set said again)
    ("So the answer is either way $(1, 3)$.", "(1, 3)", LOG, "correct"),
])
def test_round_60_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status
