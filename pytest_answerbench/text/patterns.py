"""Regular expressions compiled on first use: :func:`lazy_compile` stands in for ``re.compile`` at module level.

The package's modules hold a few hundred patterns as module constants. Compiling them all at import cost a
noticeable share of every run's start-up, most of it for patterns the run never uses (a multiple-choice run
never reads maths, a run of one benchmark never needs another's scorer). A :class:`LazyPattern` keeps the
source and the flags and compiles on the first method call or attribute read (``search``, ``sub``,
``groupindex``...); from then on each method is a plain attribute of the object (the compiled pattern's bound
method), so a row pays what it paid with the compiled pattern.

``pattern`` (the source text) is there without compiling, so patterns built from other patterns
(``rf"{NUMBER.pattern}..."``) stay lazy. What needs a real ``re.Pattern`` (``re.sub(P, ...)``, ``isinstance``)
gets it from :meth:`LazyPattern.compiled`. A pattern with a syntax error raises ``re.error`` on first use instead
of at import; tests/plugin/test_startup.py compiles every one of them, so none reaches a user that way.

:func:`matches_at` is a pattern's ``finditer`` tried only at the places its matches can start (both readers use
it where those places are cheap to find with :func:`occurrences` and :func:`line_starts`: ``choice/scan.py``,
``maths/extract.py``'s answer markers).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["LazyPattern", "lazy_compile", "line_starts", "matches_at", "occurrences", "tex_delimited"]

# A global flag written in the pattern, "(?i)" or "(?ms)": the flags are then read from the compiled pattern.
_INLINE_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")  # compiled at import: this module is the one exception


class LazyPattern:
    """A regular expression that is compiled the first time it is used; otherwise a ``re.Pattern``."""

    def __init__(self, pattern: str | bytes, flags: int | re.RegexFlag = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern | None = None

    def compiled(self) -> re.Pattern:
        """The compiled pattern (compiled now if it was not yet)."""
        compiled = self._compiled
        if compiled is None:
            # Two threads may both get here first: both compile, the same pattern, and re's cache makes the
            # second one cheap; nothing is lost either way.
            compiled = self._compiled = re.compile(self.pattern, self._flags)
        return compiled

    @property
    def is_compiled(self) -> bool:
        return self._compiled is not None

    @property
    def flags(self) -> int:
        """``re.Pattern.flags`` (what ``lower_twin`` and the readers' tables check at import), without compiling
        when the source sets no flag inline: the flags given, plus ``re.UNICODE`` for a text pattern as ``re``
        adds it."""
        if self._compiled is None and not _INLINE_FLAGS.search(self.pattern if isinstance(self.pattern, str)
                                                               else self.pattern.decode("latin-1")):
            flags = int(self._flags)
            if isinstance(self.pattern, str) and not flags & (re.ASCII | re.LOCALE):
                flags |= re.UNICODE
            return flags
        return self.compiled().flags

    def __getattr__(self, name: str) -> Any:
        # Called only for names the instance does not hold yet: compile, then keep the compiled pattern's
        # attribute (a bound method, mostly) on the instance, so the next lookup is an ordinary attribute read.
        if name.startswith("__"):  # copy, pickle and friends probe dunders: do not compile for them
            raise AttributeError(name)
        value = getattr(self.compiled(), name)
        self.__dict__[name] = value
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyPattern, (self.pattern, self._flags))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyPattern):
            return (self.pattern, self._flags) == (other.pattern, other._flags)
        if isinstance(other, re.Pattern):
            return self.compiled() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.pattern, self._flags))

    def __repr__(self) -> str:
        flags = f", {re.RegexFlag(self._flags)!r}" if self._flags else ""
        return f"lazy_compile({self.pattern!r}{flags})"


def lazy_compile(pattern: str | bytes, flags: int | re.RegexFlag = 0) -> LazyPattern:
    """``re.compile`` deferred to the pattern's first use (module-level constants; see the module docstring)."""
    return LazyPattern(pattern, flags)


def tex_delimited(opener: str, closer: str, empty: bool = False, lines: bool = False) -> str:
    """The source of a pattern for ``opener`` ... ``closer`` (TeX's ``\\(`` ... ``\\)`` or ``\\[`` ... ``\\]``, each a
    backslash and one character), the content one group up to the first closer: a character or more (``empty``:
    or none), across lines unless ``lines`` (then within one line, as ``.`` without ``re.S``).

    The content holds no opener of its own, so an opener never closed ends its scan at the next opener instead of
    at the end of the text: ``\\((.+?)\\)`` scanned a run of unclosed openers again from each one (quadratic;
    8,000 took 1.7 s). A closed span reads as with the lazy dot; an unclosed opener before it is no part of it.
    """
    after = re.escape(opener[1:])
    plain = r"[^\\\n]" if lines else r"[^\\]"
    rest = plain + r"*(?:\\(?!" + after + r")" + plain + r"*)*?"
    first = "" if empty else r"(?:" + plain + r"|\\(?!" + after + r"))"
    return re.escape(opener) + "(" + first + rest + ")" + re.escape(closer)


def matches_at(pattern: Any, text: str, starts: list[int]) -> list[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose (never empty) matches can only start at ``starts`` (a
    superset is fine): the same matches, trying only those places, in order, past the end of the last match."""
    found = []
    pos = 0
    for start in sorted(set(starts)):
        if start < pos:
            continue
        m = pattern.match(text, start)
        if m:
            found.append(m)
            pos = m.end()
    return found


def occurrences(text: str, words: tuple[str, ...]) -> list[int]:
    """Every position where one of ``words`` occurs in ``text`` (overlapping ones too)."""
    found = []
    for word in words:
        i = text.find(word)
        while i >= 0:
            found.append(i)
            i = text.find(word, i + 1)
    return found


def line_starts(text: str) -> list[int]:
    """Where the lines of ``text`` start."""
    return [0, *(i + 1 for i in occurrences(text, ("\n",)))]
