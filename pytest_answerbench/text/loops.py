"""A reply that ends in a loop: the same block of words repeated until a length limit cut it off.

Shared by the maths and the multiple-choice readers: text that repeats itself at the end of a degenerate reply is
not part of its answer (docs/profiles-math.md, docs/profiles-mc.md). The words are compared
lower-cased and without the punctuation around them, so "Berlin." and "berlin" are one word; the last word may be
cut short ("... Let me ver").
"""

from __future__ import annotations

from dataclasses import dataclass

from .patterns import lazy_compile

__all__ = ["Loop", "end_loop"]

_WORD = lazy_compile(r"\S+")
_WINDOW = 8000  # characters at the end a loop is looked for in
MAX_BLOCK = 60  # words in the longest repeated block
MIN_REPEATS = 3  # copies of the block, the last one possibly unfinished
MIN_WORDS = 8  # words a loop spans at least ("x x x" is not one)


@dataclass(frozen=True)
class Loop:
    """A loop at the end of a text: where its first copy starts and ends, and the words in one copy."""

    start: int
    first_end: int
    block: int


def end_loop(text: str, whole: bool = False) -> Loop | None:
    """The loop ``text`` ends in (the shortest block repeated at least ``MIN_REPEATS`` times), or None.

    Most replies end in no loop: their last ``MAX_BLOCK + 2`` words show it (a block of k words repeated at least
    ``MIN_REPEATS`` times makes the last word continue the word k before it, and the word before the last equal
    the word k before that), and only a reply where some k passes that test has its whole window read.

    The loop is looked for in the last ``_WINDOW`` characters; ``whole``: a loop filling that window is followed
    back through the whole text, so ``start`` is where the repetition really begins (one more pass over the text:
    a caller reading the text before the loop then never meets the same loop again)."""
    if not _may_loop(text):
        return None
    base = max(0, len(text) - _WINDOW)
    loop = _end_loop(text, base)
    if whole and loop is not None and base > 0 and not text[base:loop.start].strip():
        loop = _end_loop(text, 0)
    return loop


_TAIL = 2000  # characters the first test splits into words


def _may_loop(text: str) -> bool:
    """Could ``_end_loop`` find a loop? False only where no block length passes its first two comparisons."""
    # the tail's last MAX_BLOCK + 2 words, split from the right only as far as needed: with MAX_BLOCK + 3 pieces
    # the first is the rest of the tail (at least one more word), with fewer they are all its words
    pieces = text[-_TAIL:].rsplit(None, MAX_BLOCK + 2)
    whole = len(pieces) < MAX_BLOCK + 3
    if len(text) > _TAIL and whole:
        return True  # long words: too few in the tail to tell (the first one may be cut)
    keys = [w.strip(_PUNCTUATION).lower() for w in (pieces if whole else pieces[1:])]
    m = len(keys)
    if m < 3:
        return False
    last, before = keys[-1], keys[-2]
    # a block of k words (1 <= k <= MAX_BLOCK): the word k before the last continues it, the one before that
    # equals the word before the last; i is the index of the latter
    for i in range(m - 3, m - 3 - min(MAX_BLOCK, m - 2), -1):
        if keys[i] == before and keys[i + 1].startswith(last):
            return True
    return False


_PUNCTUATION = ".,;:!?()[]*\"'"


def _end_loop(text: str, base: int) -> Loop | None:
    """The loop among the words of ``text`` from ``base`` on."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(text, base)]
    keys = [text[a:b].strip(_PUNCTUATION).lower() for a, b in words]
    n = len(keys)
    for k in range(1, min(MAX_BLOCK, n // MIN_REPEATS) + 1):
        if not keys[n - 1 - k].startswith(keys[n - 1]):
            continue  # the last word (maybe cut short) does not continue a block of k words
        j = n - 2
        while j - k >= 0 and keys[j] == keys[j - k]:
            j -= 1
        start = j - k + 1  # the words from ``start`` on repeat with period k
        if n - start >= max(MIN_REPEATS * k, MIN_WORDS):
            return Loop(words[start][0], words[start + k - 1][1], k)
    return None
