"""The final held-aside corpora of issues 2, 3 and 4, kept as regression floors.

Each was written blind (its author saw neither the scorers nor any other corpus) and was scored exactly once,
after every fix its predecessors prompted, by readers whose authors never saw it. The figures from that one
scoring are the measurements reported for the issues; the misses are listed as they came, each with the reason,
and the assertions hold the readers at least at those figures.

- ``choice_blind3_heldout.jsonl``: 400 multiple-choice replies, default reader 97.2% (389/400). The reference
  pipelines on the same replies: VMCBench's parser 77.0%, LiveXivVQA's generic MCQ pipeline 84.5%.
- ``math_blind3_heldout.jsonl``: 250 OlympiadBench responses, default profile 98.8% (247/250); upstream
  53.2% (133/250).
- Omni3DBench's held-aside corpus is ``tests/unit/test_omni3d.py::test_default_agrees_with_the_blind_heldout_corpus``.

The miss lists below are the misses of that one scoring (the assertions allow no other miss). Since issue 15's
readers (measured on other projects' test suites, ``tests/unit/test_peer_math.py`` and ``tests/unit/test_peer_choice.py``)
three of them pass as well: math 250/250, multiple choice 391/400 (mcd-158, mcd-205 now read).
"""

from __future__ import annotations

from pathlib import Path

from conftest import olympiad_disagreements, read_jsonl
from pytest_answerbench.choice import infer_choice

DATA = Path(__file__).parents[1] / "data"
CHOICE_ROWS = read_jsonl(DATA / "choice_blind3_heldout.jsonl")
CHOICE_MISSES = {  # as measured; each beyond the reader's rules
    "mcd-020": "'x squared plus two x plus one, i.e. (x + 1)²' states the option's algebra in words",
    "mcd-062": "a reply cut off mid-computation reads the value computed before the cut",
    "mcd-072": "'could be a strawberry, but ... also consistent with a raspberry' is read as the first",
    "mcd-081": "'The answer is B. Actually no, I made an error' then cut off: the retraction is not seen",
    "mcd-129": "'might be MARKET, but I can't be certain' (an explicit refusal) reads the guessed option",
    "mcd-158": "Portuguese 'A resposta é a letra D' is not a known marker",
    "mcd-204": "a closing 'Either C or D' after the reasoning is not read as a hedge",
    "mcd-205": "Vietnamese 'Đáp án đúng là B' is not a known marker",
    "mcd-217": "'The answer is 13' is no option; a given side (12) from the reasoning is read instead",
    "mcd-276": "'None of the given choices is correct' is missed; '5 miles' is read as the option '5 km'",
    "mcd-358": "'It could be A or B' after a self-correction is not read as a hedge",
}
MATH_ROWS = read_jsonl(DATA / "math_blind3_heldout.jsonl")
MATH_MISSES = {
    "mbc-028": "'|a|<2' (an absolute-value inequality) is not read as the interval (-2, 2)",
    "mbc-093": "a conditional answer ('6 if ..., or 6√2 if ...') is taken as its first value",
    "mbc-095": "floor(n/2)·ceil(n/2) = floor(n²/4) holds for integers only; spot checks use reals",
}


def test_corpora_are_the_measured_sets():
    assert len(CHOICE_ROWS) == 400 and len({r["id"] for r in CHOICE_ROWS}) == 400
    assert len(MATH_ROWS) == 250 and len({r["id"] for r in MATH_ROWS}) == 250
    assert set(CHOICE_MISSES) <= {r["id"] for r in CHOICE_ROWS}
    assert set(MATH_MISSES) <= {r["id"] for r in MATH_ROWS}


def test_default_choice_reader_on_the_heldout_replies():
    misses = {r["id"] for r in CHOICE_ROWS if infer_choice(r["response"], r["options"]).letter != r["label"]}
    assert misses <= set(CHOICE_MISSES), sorted(misses - set(CHOICE_MISSES))
    assert 1 - len(misses) / len(CHOICE_ROWS) >= 0.97


def test_default_olympiad_profile_on_the_heldout_responses():
    misses = set(olympiad_disagreements(MATH_ROWS))
    assert misses <= set(MATH_MISSES), sorted(misses - set(MATH_MISSES))
    assert 1 - len(misses) / len(MATH_ROWS) >= 0.95
