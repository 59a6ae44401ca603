"""``text.loops.end_loop`` first tests a reply's last words (most replies end in no loop) and reads its whole
8,000-character window only when they may end a loop: it must find exactly the loop the whole window gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench.text import loops
from pytest_answerbench.text.loops import Loop, end_loop


def _whole_window(text: str) -> Loop | None:
    """The reading over the whole window only (what end_loop gave before it read the tail first)."""
    return loops._end_loop(text, max(0, len(text) - loops._WINDOW))


_WORDS = st.sampled_from(["so", "the", "answer", "is", "42.", "Wait,", "let", "me", "check", "(B)", "x", "=",
                          "Berlin", "berlin.", "verify", "again"])


@st.composite
def _replies(draw):
    """A reply: some prose, then maybe a block repeated a few to many times, maybe cut inside its last word."""
    prose = " ".join(draw(st.lists(_WORDS, max_size=draw(st.sampled_from([5, 400, 1500])))))
    block = " ".join(draw(st.lists(_WORDS, min_size=1, max_size=70)))
    repeats = draw(st.integers(0, 400))
    text = prose + (" " if prose else "") + " ".join([block] * repeats)
    return text[:len(text) - draw(st.integers(0, 3))]


@settings(max_examples=300, deadline=None)
@given(_replies())
def test_the_tail_first_reading_finds_the_whole_window_s_loop(text):
    assert end_loop(text) == _whole_window(text)


def test_long_loops_and_loops_that_begin_before_the_tail_are_found_whole():
    block = "let me verify this step once more before answering"
    text = "Some working. " * 50 + " ".join([block] * 120)  # the loop spans about 6,000 characters
    loop = end_loop(text)
    assert loop is not None and loop.block == 9
    assert loop == _whole_window(text)
    assert text[loop.start:].startswith(block) and loop.start < len(text) - 2000
    assert end_loop("The answer is 42. " * 3 + "And that is final, checked twice over.") is None
    short = "so the answer is B so the answer is B so the answer is B so the answer"
    assert end_loop(short) == Loop(0, short.index(" so the answer is B") , 5)


def test_the_longest_block_and_unicode_spaces_are_found_as_the_whole_window_finds_them():
    block = " ".join(f"w{i}" for i in range(loops.MAX_BLOCK))  # the longest block, three times over
    text = "Intro words here. " + " ".join([block] * 3)
    assert end_loop(text) == _whole_window(text) and end_loop(text).block == loops.MAX_BLOCK
    spaced = "Answer:\u2003B\u00a0again " * 12  # em and no-break spaces separate words as \\S+ does
    assert end_loop(spaced) == _whole_window(spaced) is not None
    long_words = "x" * 3000 + " " + "supercalifragilistic " * 5  # too few words in the tail to tell
    assert end_loop(long_words) == _whole_window(long_words)
