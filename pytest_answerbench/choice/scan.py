"""How the reader runs its patterns fast, with exactly the matches a plain scan gives.

The reader runs once per row of a large benchmark (``tools/perf_choice.py`` times it), so every pattern is compiled
once, everything that depends only on the option set is built once per set (``optionset.py``), and the costly
scans are avoided in ways that give exactly the matches the plain scans give:

* pre-checks (``Needs``): a pattern runs only when the lower-cased text holds a word every match of it must
  contain (a plain substring test, far cheaper than a regex scan);
* lower-case twins (``lower_twin``): an IGNORECASE pattern written in lower case finds exactly the same spans in
  ``text.lower()`` without the flag, several times faster, when the text is ``fold_safe`` (see
  ``normalize.py``); otherwise the original pattern runs on the original text;
* candidate starts (``text.patterns.matches_at``): where every match of a pattern must start at a known word ("not", "final",
  a line start), only those places are tried, in finditer's order;
* lazy weak segments and memos (``reader.py``, ``decide.py``): weak commitments are read only when they can
  change the decision, and a payload or window repeated many times is read once.

A rule's pre-check and twin are derived from its own record (``Scan`` here, ``Marker`` in ``rules.py``), and
``tests/unit/test_choice_rules.py`` checks each against its pattern: every match passes the pre-check, the twin finds
the same spans, the candidate starts hold every match's start. The differential check behind the original speed
work compared (letter, method, detail) with the plain reader on the 939-case corpus plus 10,000 generated
replies; long inputs (50 kB of repeated letters, brackets, asterisks, spaces, markers) stay linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..text.patterns import lazy_compile


def present(low: str, words: tuple[str, ...]) -> bool:
    """True when one of ``words`` occurs in ``low``."""
    for word in words:
        if word in low:
            return True
    return False


def _ascii_only(words: tuple[str, ...]) -> tuple[str, ...]:
    """The ASCII members of ``words``: the only ones an ASCII text can hold."""
    return tuple(w for w in words if w.isascii())


def lower_twin(pattern: re.Pattern[str], lead: str = "") -> re.Pattern[str]:
    """The IGNORECASE ``pattern`` without the flag, to run on lower-cased text; ``lead``, when given, are the
    characters every match starts with, put first as a lookahead (the same matches: the regex engine then passes
    over other characters several times faster).

    Raises:
        ValueError: the pattern is not IGNORECASE, or is written with an upper-case ASCII letter (the twin would
            never match it in lower-cased text).
    """
    if not pattern.flags & re.I:
        raise ValueError(f"a lower-case twin needs an IGNORECASE pattern: {pattern.pattern[:60]!r}")
    if _UPPER_LETTER.search(pattern.pattern):
        raise ValueError(f"an IGNORECASE pattern with a twin is written in lower case: {pattern.pattern[:60]!r}")
    source = pattern.pattern if not lead else f"(?=[{lead}])" + pattern.pattern
    return lazy_compile(source, pattern.flags & ~re.I)  # compiled on first use, as the pattern itself


# an upper-case ASCII letter that is no escape (\S, \W, \B, \D and \A are escapes; "\\" before them is not)
_UPPER_LETTER = lazy_compile(r"(?<!\\)(?:\\\\)*[A-Z]")


def _compile_needs(alternatives: tuple[tuple[tuple[str, ...], ...], ...],
                   pattern: re.Pattern[str] | None) -> Callable[[str, bool], bool]:
    """``Needs.test``: the words of the one-group alternatives are tried first, in one flat tuple, then the
    alternatives of several groups, then the pattern; in an ASCII text only the ASCII words can occur (an
    alternative with a group of none cannot pass). A pre-check runs several times per reply: it is a closure."""
    words = tuple(w for alt in alternatives if len(alt) == 1 for w in alt[0])
    ascii_words = tuple(w for w in words if w.isascii())
    groups = tuple(alt for alt in alternatives if len(alt) > 1)
    ascii_groups = tuple(alt for alt in (tuple(tuple(w for w in group if w.isascii()) for group in alt)
                                         for alt in groups) if all(alt))
    if len(words) == 1 and not groups and pattern is None:
        word = words[0]
        if word.isascii():
            def test(low: str, ascii: bool = False) -> bool:
                return word in low
        else:
            def test(low: str, ascii: bool = False) -> bool:
                return not ascii and word in low
        return test
    if not words and len(groups) == 1 and len(groups[0]) == 2 and pattern is None:
        (first, second), = groups
        ascii_first, ascii_second = (ascii_groups[0] if ascii_groups else ((), ()))

        def test(low: str, ascii: bool = False) -> bool:
            for word in (ascii_first if ascii else first):
                if word in low:
                    break
            else:
                return False
            for word in (ascii_second if ascii else second):
                if word in low:
                    return True
            return False
        return test
    if not groups and pattern is None:
        def test(low: str, ascii: bool = False) -> bool:
            for word in (ascii_words if ascii else words):
                if word in low:
                    return True
            return False
        return test

    def test(low: str, ascii: bool = False) -> bool:
        for word in (ascii_words if ascii else words):
            if word in low:
                return True
        for alt in (ascii_groups if ascii else groups):
            for group in alt:
                for word in group:
                    if word in low:
                        break
                else:
                    break  # no word of this group: the alternative fails
            else:
                return True
        return pattern is not None and pattern.search(low) is not None
    return test


class Needs:
    """A pre-check on the lower-cased text: it passes when the text holds, for one of the alternatives, a word of
    every group of that alternative (or, when given, ``pattern`` matches it). A rule's pre-check lists what every
    match of its pattern must contain, so a failed pre-check means the pattern cannot match.

    Build one with ``Needs.any("so", "thus")`` (one of the words), ``Needs.all(("go",), ("with",))`` (a word of
    each group), ``Needs.match(pattern)`` and ``|`` (either)."""

    __slots__ = ("alternatives", "pattern", "test")

    def __init__(self, alternatives: tuple[tuple[tuple[str, ...], ...], ...],
                 pattern: re.Pattern[str] | None = None) -> None:
        self.alternatives = alternatives
        self.pattern = pattern
        #: the pre-check as a plain function ``test(low, ascii=False)``, the form the reader's hot paths call
        self.test = _compile_needs(alternatives, pattern)

    @classmethod
    def any(cls, *words: str) -> Needs:
        """One of ``words``."""
        return cls(((tuple(words),),))

    @classmethod
    def all(cls, *groups: tuple[str, ...]) -> Needs:
        """A word of each group."""
        return cls((tuple(tuple(g) for g in groups),))

    @classmethod
    def match(cls, pattern: re.Pattern[str]) -> Needs:
        """A match of ``pattern`` in the lower-cased text (for what words cannot say: "no" before punctuation)."""
        return cls((), pattern)

    def __or__(self, other: Needs) -> Needs:
        if self.pattern is not None and other.pattern is not None:
            raise ValueError("a pre-check holds one pattern at most")
        return Needs(self.alternatives + other.alternatives, self.pattern or other.pattern)

    @property
    def words(self) -> tuple[str, ...]:
        """Every word the pre-check looks for."""
        return tuple(w for alt in self.alternatives for group in alt for w in group)

    def __call__(self, low: str, ascii: bool = False) -> bool:
        """False only when ``low`` (a lower-cased text; ``ascii``: it is ASCII) holds no match of the rule."""
        return self.test(low, ascii)

    def __repr__(self) -> str:
        tail = f", {self.pattern.pattern!r}" if self.pattern is not None else ""
        return f"Needs({self.alternatives!r}{tail})"


@dataclass(frozen=True)
class Scan:
    """A pattern the reader searches the whole reply for, with what makes that search fast.

    Attributes:
        name: what the pattern finds (unique among the scans of ``rules.py``).
        pattern: the pattern, run on the reply's flat text.
        needs: the pre-check on the lower-cased text (None: always run).
        twin: a hand-written lower-case twin giving the same spans on the lower-cased text (None: derived from an
            IGNORECASE pattern by ``lower_twin``; a case-sensitive pattern has none).
        low: the twin in use (derived, never given).
    """

    name: str
    pattern: re.Pattern[str]
    needs: Needs | None = None
    twin: re.Pattern[str] | None = None
    low: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        low = self.twin if self.twin is not None else (
            lower_twin(self.pattern) if self.pattern.flags & re.I else None)
        object.__setattr__(self, "low", low)
