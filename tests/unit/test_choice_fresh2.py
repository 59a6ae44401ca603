"""The reading added from the trace_choice corpus's second fresh split, read once that split had been scored
(tests/data/trace_choice.README.md, "The second fresh split scored"; docs/profiles-mc.md, "Second fresh split"):
an option's text inside a clause opened by "whether" is asked, not answered. Each case sits beside near misses that
keep their reading.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

PAIRS = {"A": "The magnitude of the magnetic force is the same in both pairs.",
         "B": "The magnitude of the magnetic force is greater in Pair 2.",
         "C": "The magnitude of the magnetic force is greater in Pair 1."}
ANIMALS = {"A": "cat", "B": "dog", "C": "bird"}


@pytest.mark.parametrize("reply, options", [
    # tc-0371: the reply weighs both pairs, calls the answer inconclusive and is cut off inside a "whether" clause
    ("The net force would depend on both effects. Given this information, the answer would be inconclusive. It's "
     "difficult to definitively state whether the magnetic force is greater in Pair 1, Pair", PAIRS),
    ("It's difficult to state whether the magnetic force is greater in Pair 1.", PAIRS),
    ("I cannot tell whether the magnetic force is greater in Pair 1.", PAIRS),
    ("I can't tell whether it is a cat.", ANIMALS),
    ("Nobody knows whether it is a dog", ANIMALS),
])
def test_an_option_text_in_a_whether_clause_names_no_option(reply, options):
    assert infer_choice(reply, options).letter is None


@pytest.mark.parametrize("reply, options, letter", [
    ("So the magnetic force is greater in Pair 1.", PAIRS, "C"),
    # "whether" in an earlier clause or sentence: the answer after it stands
    ("We checked whether the force is larger in one pair; the magnetic force is greater in Pair 1.", PAIRS, "C"),
    ("The question is whether the magnetic force is greater in Pair 1. It is: the magnetic force is greater in "
     "Pair 1.", PAIRS, "C"),
    ("We must decide whether the force is larger. Answer: the magnetic force is greater in Pair 1.", PAIRS, "C"),
    ("I wondered whether it was a dog, but it is a cat.", ANIMALS, "A"),
    # a concession, not a question
    ("Whether or not the magnets touch, the magnetic force is greater in Pair 1.", PAIRS, "C"),
    ("Whether it hunts or not, it is a cat.", ANIMALS, "A"),
    ("It is a cat.", ANIMALS, "A"),
])
def test_near_misses_keep_their_reading(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("bench", ["vmcbench_dev", "livexiv"])
def test_the_default_verdict_follows(bench):
    hedged = "It's difficult to definitively state whether the magnetic force is greater in Pair 1, Pair"
    fields = {"prediction": hedged, "answer": "C", "category": "x", "index": "1", **PAIRS}
    assert score_row(bench, dict(fields), profile="default").correct is False
    fields["prediction"] = "So the magnetic force is greater in Pair 1."
    assert score_row(bench, dict(fields), profile="default").correct is True
