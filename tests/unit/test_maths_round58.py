"""Round 58 of the readers (docs/profiles-math.md, "Round 58"), written from round 58's blind probes
(tests/data/probes_round58.jsonl) after they were scored once as the held-out measure of round 56, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

PETERSEN = "What is the chromatic number of the Petersen graph?"
SURD = "Is \\sqrt{2}+\\sqrt{3} rational or irrational?"
PROOF = "Suppose $r$ were rational; then $\\sqrt6 = (r^2-5)/2$ would be rational, a contradiction.\n\n"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("The outer 5-cycle is odd, so the graph is not bipartite.\n\nFinal Answer: The chromatic number is at least $3$.",
     "3", PETERSEN, "wrong"),
    ("A 3-colouring exists and the outer 5-cycle is odd.\n\nFinal Answer: The chromatic number is $3$.", "3", PETERSEN,
     "correct"),
    ("Final Answer: The chromatic number is 3, at least for this graph.", "3", PETERSEN, "correct"),
    ("Final Answer: at least $3$.", "3", "At least how many colours are needed to colour the Petersen graph?",
     "correct"),
    (PROOF + "**Answer:** √2 + √3 is not rational.", "Irrational", SURD, "correct"),
    (PROOF + "**Answer:** √2 + √3 is not rational.", "Rational", SURD, "wrong"),
    ("**Answer:** √2 + √3 is not irrational.", "Irrational", SURD, "wrong"),
])
def test_round_58_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("case", attack_cases("attack_round58_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 58 (tests/data/attack_round58_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]


@pytest.mark.parametrize("reply, answer, status", [
    ("No point of $S$ has a neighbourhood inside $S$. So $S$ is not open.", "closed", "wrong"),  # (a set may be neither)
    ("Answer: $S$ is not open.", "closed", "wrong"),
])
def test_denying_one_of_two_alternatives_that_are_not_complements_states_nothing(reply, answer, status):
    assert _verdict(reply, answer, "Is the set $S = \\{1/n\\} \\cup \\{0\\}$ open or closed in $\\mathbb{R}$?") == status
