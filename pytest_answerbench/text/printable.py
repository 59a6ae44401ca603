"""The one escaping of text that came from a file (a row id, a file name, an answer, a gold, a judge's reply, a
report read back) before it is printed: on the terminal, in ``answerbench``'s output, in GitHub annotations, in
the markdown step summary and in JUnit messages.

Printed text holds no character that acts on the terminal or on a CI log instead of being read: no line break
(LF, CR, VT, FF, the C1 next-line, U+2028, U+2029), no escape sequence (ESC and every other C0 and C1 control,
DEL), no bidirectional override or isolate (U+202A-U+202E, U+2066-U+2069, and the marks U+200E, U+200F, U+061C)
that would show the text in another order than it is. Each such character is written as its escape, ``\\n``,
``\\r``, ``\\t``, ``\\xNN`` or ``\\uNNNN``, so the reader still sees that it is there. A lone surrogate (which no
UTF-8 output can hold) becomes U+FFFD. Backslashes already in the text are left as they are (LaTeX reads as
written), so the escaping is for reading, not for parsing back.

A line that would start with ``::`` (after blanks) is a GitHub Actions workflow command (``::add-mask::``,
``::stop-commands::``); a printed line never starts one: its first ``:`` is written ``\\x3a``. The run's own
annotations are built apart (``report/render/text.py``) and are the only lines that start with ``::``.
"""

from __future__ import annotations

from typing import Any

from .patterns import lazy_compile

__all__ = ["printable"]

#: What never reaches an output as itself: C0 controls, DEL, C1 controls, line and paragraph separators, the
#: bidirectional marks, embeddings, overrides and isolates, lone surrogates.
UNPRINTABLE = lazy_compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                           "\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_REPLACEMENT = "\ufffd"


def _escape(match: Any) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return _REPLACEMENT
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(value: Any, *, line_start: bool = True) -> str:
    """``str(value)`` as it may be printed: every character of :data:`UNPRINTABLE` as its escape, and a leading
    ``::`` (after blanks) written ``\\x3a:`` so that the text cannot start a workflow command (``line_start``
    False: the text is a value inside a workflow command, such as its ``file=`` property, where a leading ``::``
    starts nothing and GitHub's own escaping applies). Text needing neither comes back unchanged."""
    text = value if isinstance(value, str) else str(value)
    if UNPRINTABLE.search(text):
        text = UNPRINTABLE.sub(_escape, text)
    if not line_start:
        return text
    stripped = text.lstrip()
    if stripped.startswith("::"):
        start = len(text) - len(stripped)
        text = text[:start] + "\\x3a" + text[start + 1:]
    return text
