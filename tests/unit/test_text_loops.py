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


def _may_loop_by_splitting_the_tail(text: str) -> bool:
    """The first test as first written: the whole tail split into words, every block length tried."""
    words = text[-loops._TAIL:].split()
    if len(text) > loops._TAIL and len(words) < loops.MAX_BLOCK + 3:
        return True
    keys = [w.strip(loops._PUNCTUATION).lower() for w in words[-(loops.MAX_BLOCK + 2):]]
    m = len(keys)
    if m < 3:
        return False
    return any(keys[m - 1 - k].startswith(keys[-1]) and keys[m - 2 - k] == keys[-2]
               for k in range(1, min(loops.MAX_BLOCK, m - 2) + 1))


_SPACES = st.sampled_from([" ", "  ", "\n", "\t", "\u2003", "\u00a0", "\x1c", " \n "])


@st.composite
def _spaced(draw):
    """Words and whitespace of any kind, sometimes leading or trailing, some words long, some texts near the
    tail's length."""
    words = draw(st.lists(st.one_of(_WORDS, st.text("xy.", min_size=1, max_size=draw(st.sampled_from([3, 80])))),
                          max_size=draw(st.sampled_from([4, 70, 400]))))
    text = "".join(w + draw(_SPACES) for w in words)
    return draw(_SPACES) * draw(st.integers(0, 1)) + text[:len(text) - draw(st.integers(0, 2))]


@settings(max_examples=300, deadline=None)
@given(st.one_of(_replies(), _spaced()))
def test_the_first_test_reads_the_last_words_as_splitting_the_whole_tail_does(text):
    assert loops._may_loop(text) == _may_loop_by_splitting_the_tail(text)


def test_the_first_test_at_the_edges_of_its_word_count():
    """Around MAX_BLOCK + 3 words (where the right-hand split leaves the rest of the tail as its first piece) and
    past the tail's length, the first test answers as splitting the whole tail does."""
    for count in range(loops.MAX_BLOCK, loops.MAX_BLOCK + 6):
        for lead in ("", "  ", "\n"):
            text = lead + " ".join(f"w{i % 40}" for i in range(count))  # a block of 40: a loop only when long
            assert loops._may_loop(text) == _may_loop_by_splitting_the_tail(text), (count, lead)
    prose = " ".join(f"word{i}" for i in range(600))  # past the tail's length, no loop
    assert len(prose) > loops._TAIL and loops._may_loop(prose) is _may_loop_by_splitting_the_tail(prose) is False
    looping = prose + " and again" * 40
    assert loops._may_loop(looping) is _may_loop_by_splitting_the_tail(looping) is True


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


def test_a_loop_filling_the_window_is_followed_back_to_where_it_begins_on_request():
    # the multiple-choice reader reads the text before a loop again: it must not meet the same loop there (a reply
    # of 800 kB was read a hundred times over, one window less each time)
    lead = "The chart shows a flat line over the epochs. "
    text = lead + "A B C D " * 5_000  # 40,000 characters of loop, five windows' worth
    window = end_loop(text)
    assert window is not None and window.start >= len(text) - loops._WINDOW  # by default: within the window
    whole = end_loop(text, whole=True)
    assert whole is not None and whole.block == 4 and whole.start == len(lead)
    assert text[whole.start:whole.first_end] == "A B C D"
    # a loop beginning inside the window is the same either way
    short = lead + "A B C D " * 100
    assert end_loop(short, whole=True) == end_loop(short) and end_loop(short).start == len(lead)
    assert end_loop(lead * 3 + "and then it ends.", whole=True) is None
