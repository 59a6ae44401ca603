"""The fast path for "<one plain sentence>. The answer is (B)." (choice/fast_lead.py) gives the full reader's verdict:
on generated replies whose sentence draws on the reader's own cue words, and on sentences of real replies."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings, strategies as st

from pytest_answerbench import strategies as abst
from pytest_answerbench.choice import infer_choice
from pytest_answerbench.choice.decide import read
from pytest_answerbench.choice.fast_lead import FUNCTION_WORDS, cue_words, fast_lead, input_words
from pytest_answerbench.choice.optionset import option_set

PLAIN_WORDS = ("looking", "carefully", "after", "studying", "scene", "closely", "we", "observe", "considering",
               "details", "here", "my", "view", "upon", "reflection", "reading", "question", "again", "cat", "dog",
               "horse", "red", "blue", "one", "two", "no", "not", "or", "maybe", "wait", "cannot", "see", "none")
CUES = tuple(sorted(cue_words()))
TAILS = ("The answer is ({}).", "The answer is {}.", "Answer: {}", "\\boxed{{{}}}", "The answer is ({}). ",
         "The answer is ({})", "Answer: ({})", "The answer is {} or {}.", "Answer: {}.", "The answer is ({}), not A.", "{}", "**{}**", "I think it is {}.", "{} {}",
         "**{}**.", "I think it is {} or {}.", "{}, not {}", "I think it is {}")
SETS = [{"A": "a cat", "B": "a dog", "C": "a horse", "D": "a bird"}, {"A": "B", "B": "A", "C": "D", "D": "C"},
        {"A": "Yes", "B": "No"}, {"A": "the image", "B": "the chart"}, {"A": "I", "B": "II", "C": "III"},
        {"A": "looking", "B": "carefully", "C": "none of these"}, {"A": "It is red", "B": "It is blue"}]


@st.composite
def lead_replies(draw):
    """A sentence of function, input, plain and cue words (so both the fast path's forms and its near misses), then
    an answer form or a near miss of one."""
    word = st.one_of(st.sampled_from(sorted(FUNCTION_WORDS)), st.sampled_from(sorted(input_words())),
                     st.sampled_from(PLAIN_WORDS), st.sampled_from(CUES), st.sampled_from(("a", "b", "i", "B")))
    words = draw(st.lists(word, min_size=1, max_size=8))
    lead = " ".join(words)
    lead = lead[:1].upper() + lead[1:]
    end = draw(st.sampled_from([". ", ". ", ". ", ", ", ".  ", "! ", ".\n"]))
    letters = draw(st.lists(st.sampled_from("ABCDEZ"), min_size=2, max_size=2))
    return lead + end + draw(st.sampled_from(TAILS)).format(*letters)


def _agrees(reply: str, options: dict) -> bool:
    optset = option_set(tuple(options.items()))
    fast = fast_lead(reply, optset)
    full = read(reply, optset)
    assert fast is None or fast == full, (reply, options, fast, full)
    assert infer_choice(reply, options) == full, (reply, options)
    return fast is not None


@settings(max_examples=600)
@given(lead_replies(), st.one_of(st.sampled_from(SETS), abst.option_sets(min_options=2, max_options=6)))
@example("Looking at the image carefully. The answer is (B).", SETS[0])
@example("Looking at the image carefully. Answer: C", SETS[0])
@example("Looking at the image carefully. \\boxed{D}", SETS[0])
@example("An. **A**", SETS[0])  # found by this property: the offset the reader names for a bold letter
@example("An. I think it is A.", SETS[0])  # found by this property: the conclusion's offset
def test_the_lead_fast_path_gives_the_full_readers_verdict(reply, options):
    _agrees(reply, options)


@pytest.mark.parametrize("reply", [
    "Looking at the image carefully. The answer is (B).",
    "Looking at the image carefully. The answer is B.",
    "Studying the chart closely. Answer: B",
    "Looking at the picture. \\boxed{B}",
    "Looking at the image carefully. B",
    "Looking at the image carefully. **B**",
    "Looking at the image carefully. I think it is B.",
])
def test_plain_sentences_take_the_fast_path(reply):
    assert _agrees(reply, SETS[0])


@pytest.mark.parametrize("reply, options", [
    ("I cannot see the image. The answer is (B).", SETS[0]),  # a refusal: single-letter word, cue words
    ("Looking at the dog carefully. The answer is (B).", SETS[0]),  # an option's word in the sentence
    ("Maybe not the image. The answer is (B).", SETS[0]),  # hedge and negation words
    ("Looking at the image carefully. The answer is (B), not A.", SETS[0]),  # something after the answer
    ("Looking at the image carefully. The answer is (E).", SETS[0]),  # not an option letter
    ("Looking at the image carefully. The answer is (B).", SETS[1]),  # option texts that are letters
    ("Looking at the image, carefully. The answer is (B).", SETS[0]),  # punctuation inside the sentence
    ("Looking at the image carefully. B or C", SETS[0]),  # two letters
    ("Looking at the image carefully. I think it is B or C.", SETS[0]),  # a hedge
    ("Looking at the image carefully. **B**.", SETS[0]),  # a form the path does not know
])
def test_near_misses_leave_the_reply_to_the_full_reader(reply, options):
    assert not _agrees(reply, options)


def _real_sentences() -> list[str]:
    root = Path(os.environ.get("ANSWERBENCH_CORPORA", "/nonexistent"))
    found: set[str] = set()
    for name in ("real_choice.jsonl", "reason_choice.jsonl", "trace_choice.jsonl"):
        path = root / name
        if not path.exists():
            continue
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                # measures kept unread until each is scored once
                if row.get("split") in ("fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8",
                                        "fresh9", "fresh10", "fresh11", "fresh12"):
                    continue
                response = row.get("response") or ""
                found.update(re.findall(r"(?:^|(?<=[.!?]\s))([A-Z][a-z]+(?: [a-z]+){0,15}\.)(?=\s)", response))
    return sorted(found)


def test_real_sentences_before_an_answer_give_the_full_readers_verdict():
    sentences = _real_sentences()
    if not sentences:
        pytest.skip("ANSWERBENCH_CORPORA holds no choice corpus")
    taken = 0
    for sentence in sentences:
        for tail in ("The answer is (B).", "Answer: C", "\\boxed{A}", "B", "**D**", "I think it is C."):
            for options in SETS[:3] + SETS[5:]:
                taken += _agrees(f"{sentence} {tail}", options)
    assert taken > 0  # some real sentences are plain enough for the fast path


def test_real_replies_give_the_full_readers_verdict():
    root = Path(os.environ.get("ANSWERBENCH_CORPORA", "/nonexistent"))
    path = root / "real_choice.jsonl"
    if not path.exists():
        pytest.skip("ANSWERBENCH_CORPORA holds no real_choice corpus")
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("response") and row.get("options"):
                _agrees(str(row["response"]), {str(k): str(v) for k, v in row["options"].items()})
