"""JSON-shaped replies: the answer field a harness asked for, read without evaluating anything.

Harnesses that ask for JSON get ``{"reasoning": "...", "answer": "10"}``, fenced in a ```` ```json ```` block or
not, with double or single (Python-dict) quotes, nested one level (``{"solution": {"answer": 10}}``) and often
followed by chatter. :func:`json_reply` finds such an object (a ``{`` opening a line, then a quoted key), reads its
key/value pairs with a small tolerant scanner (strings, numbers, literals, lists; LaTeX backslashes such as
``\\frac`` survive, which a JSON decoder would turn into a form feed; a list of lists is a matrix, ``[[1, 10], [0, 1]]``;
an answer object of named values, ``{"x": 2, "y": 3}``, reads ``x = 2, y = 3``) and returns the answer field
(``ANSWER_KEYS``, the first present wins; the last of its occurrences), else the reasoning field
(``REASONING_KEYS``; without one, the last field written) for the other rules to read. A reply cut off inside its object has an answer only if the
answer field was complete before the cut, or if a later line opens an object with one (a reasoning string left
unclosed, then ``{"answer": 30}`` on a line of its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..text.patterns import lazy_compile

__all__ = ["ANSWER_KEYS", "REASONING_KEYS", "JsonReply", "json_reply"]

#: Keys that hold the answer, strongest first (compared lower-cased, with spaces and dashes as underscores).
ANSWER_KEYS = ("final_answer", "answer", "correct_answer", "final_result", "result", "answer_value", "short_answer",
               "final")
#: Keys whose text states the reasoning (read for its own conclusion when there is no answer field).
REASONING_KEYS = ("reasoning", "explanation", "rationale", "solution", "thought", "thoughts", "steps", "analysis",
                  "work", "thinking")

# A line opening an object with a quoted key, optionally inside a code fence.
_OPEN = lazy_compile(r"(?m)^[ \t]*(?:```[ \t]*(?:json|JSON|python)?[ \t]*\n[ \t]*)?(\{)[ \t\n]*[\"']")
_BARE = lazy_compile(r"[^,}\]\n]+")
_ROWS = lazy_compile(r"\[\s*\[")  # a list of lists
# LaTeX commands a reply writes with one backslash inside a JSON string: \frac, \neq, \times, \right, \beta
_ESCAPE = lazy_compile(r"\\(u[0-9a-fA-F]{4}|[nrtbf](?![A-Za-z])|[\\\"'/])")
_CONTROL = {"n": "\n", "r": " ", "t": " ", "b": " ", "f": " "}


@dataclass(frozen=True)
class JsonReply:
    """What a JSON-shaped reply holds: its ``answer`` field (None: none; empty: an empty or null answer), its
    ``reasoning`` text, whether the object was ``closed`` (False: the reply was cut off inside it) and where it
    ``end``s."""

    answer: str | None
    reasoning: str | None
    closed: bool
    end: int = -1  #: where the object ends in the reply (after its closing brace; -1: not closed)


def _unescape(m: re.Match) -> str:
    code = m.group(1)
    if code[0] == "u" and len(code) == 5:
        return chr(int(code[1:], 16))
    return _CONTROL.get(code, code)


def _read_string(text: str, i: int) -> tuple[str, int] | None:
    """The string opening at ``text[i]`` (a quote) -> (its decoded text, the index after it); None if unclosed."""
    quote, j, n = text[i], i + 1, len(text)
    while j < n:
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == quote:
            return _ESCAPE.sub(_unescape, text[i + 1:j]), j + 1
        j += 1
    return None


def _skip_blank(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def _list_value(text: str, i: int, depth: int = 0) -> tuple[str, int] | None:
    """A list value ``[1, "2"]`` -> ("1, 2", index after it), a list of such lists (a matrix, ``[[1, 10], [0, 1]]``)
    as written, its rows bracketed; None if unclosed or nested deeper."""
    if depth == 0 and _ROWS.match(text, i):
        rows, j = [], _skip_blank(text, i + 1)
        while j < len(text) and text[j] == "[":
            row = _list_value(text, j, 1)
            if row is None:
                return None
            rows.append(f"[{row[0]}]")
            j = _skip_blank(text, row[1])
            if j < len(text) and text[j] == ",":
                j = _skip_blank(text, j + 1)
        return (f"[{', '.join(rows)}]", j + 1) if rows and j < len(text) and text[j] == "]" else None
    items, j = [], i + 1
    while j < len(text):
        j = _skip_blank(text, j)
        if j >= len(text):
            return None
        c = text[j]
        if c == "]":
            return ", ".join(items), j + 1
        if c in "\"'":
            read = _read_string(text, j)
            if read is None:
                return None
            items.append(read[0].strip())
            j = read[1]
        elif c == ",":
            j += 1
        elif c == "[" and depth:
            return None  # a matrix's row holding a list
        else:
            bare = _BARE.match(text, j)
            if bare is None:
                return None  # a nested structure: not a list of answers
            items.append(bare.group().strip())
            j = bare.end()
    return None


def _pairs(text: str, start: int) -> tuple[list[tuple[str, str, str]], bool]:
    """The scalar (and list) pairs (key, value, the key of the object they are in) of the object opening at
    ``start``, at any depth, and whether it closes."""
    pairs, end = _pairs_to(text, start)
    return pairs, end >= 0


def _pairs_to(text: str, start: int) -> tuple[list[tuple[str, str, str]], int]:
    """:func:`_pairs`, with where the object ends (after its closing brace; -1 when it does not close)."""
    pairs: list[tuple[str, str, str]] = []
    parents: list[str] = []  # the key each open bracket was the value of ("" for the outer object and lists)
    pending, i, n = "", start, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            read = _read_string(text, i)
            if read is None:
                return pairs, -1
            key, i = read
            colon = _skip_blank(text, i)
            if colon >= n or text[colon] != ":":
                continue
            i = _skip_blank(text, colon + 1)
            value = _value(text, i)
            if value is None and i < n and text[i] in "\"'":
                return pairs, -1  # cut off inside the value
            if value is not None:
                pairs.append((key, value[0], parents[-1] if parents else ""))
                i = value[1]
            elif i < n and text[i] == "{":
                pending = key
            continue
        if c in "{[":
            parents.append(pending)
            pending = ""
        elif c in "}]":
            parents.pop()
            if not parents:
                return pairs, i + 1
        i += 1
    return pairs, -1


def _value(text: str, i: int) -> tuple[str, int] | None:
    """A scalar or list value at ``text[i]`` -> (its text, the index after it); None for an object or nothing."""
    if i >= len(text) or text[i] == "{":
        return None
    if text[i] in "\"'":
        return _read_string(text, i)
    if text[i] == "[":
        return _list_value(text, i)
    bare = _BARE.match(text, i)
    return (bare.group().strip(), bare.end()) if bare is not None else None


_NESTED_VALUE = ("value", "answer", "final_answer", "result", "number", "expression")


def _nested_answer(pairs: list[tuple[str, str, str]]) -> str | None:
    """An answer field written as an object ({"answer": {"value": 10, "unit": "m"}}) -> "10 m"."""
    inner = {_key(k): v for k, v, parent in pairs if _key(parent) in ANSWER_KEYS}
    value = next((inner[k] for k in _NESTED_VALUE if inner.get(k, "").strip()), None)
    named = [(k, v) for k, v, parent in pairs if _key(parent) in ANSWER_KEYS and _NAME.fullmatch(k) and v.strip()]
    if value is None and len(named) >= 2 and len(named) == len(inner):
        return ", ".join(f"{k} = {v}" for k, v in named)  # {"final_answer": {"x": 2, "y": 3}}: named values
    if value is None:
        return None
    unit = inner.get("unit", inner.get("units", "")).strip()
    return f"{value} {unit}" if unit else value


_NAME = lazy_compile(r"[A-Za-z](?:_?\d)?")  # a variable's name: x, y, a1, x_2


def _key(name: str) -> str:
    return re.sub(r"[\s-]+", "_", name.strip().lower())


def _answer_of(pairs: list[tuple[str, str, str]]) -> str | None:
    """The answer field among ``pairs`` (its last occurrence; "" for an empty or null one), else a nested one."""
    found = {_key(k): "" if v.strip() == "null" else v for k, v, _ in pairs}
    answer = next((found[k] for k in ANSWER_KEYS if k in found), None)
    return answer if answer is not None else _nested_answer(pairs)


def _later_answer(text: str, start: int) -> tuple[str, bool] | None:
    """The answer field of an object opening a later line (after ``start``), and whether that object closes:
    a reply whose first object never closes its reasoning string and writes ``{"answer": 30}`` on a line of its
    own has given its answer there."""
    for m in _OPEN.finditer(text, start):
        pairs, closed = _pairs(text, m.start(1))
        answer = _answer_of(pairs)
        if answer is not None:
            return answer, closed
    return None


def json_reply(text: str) -> JsonReply | None:
    """The JSON-shaped object of a reply (the first line opening one), or None when the reply has none."""
    m = _OPEN.search(text)
    if m is None:
        return None
    pairs, end = _pairs_to(text, m.start(1))
    closed = end >= 0
    if not pairs and closed:
        return None
    found = {_key(k): "" if v.strip() == "null" else v for k, v, _ in pairs}  # the last occurrence wins
    answer = _answer_of(pairs)  # "": the reply answers nothing
    if answer is None and not closed:
        later = _later_answer(text, m.end())
        if later is not None:
            answer, closed = later
    # a reasoning field holding a bare value ("steps": 28, a count of steps) states no reasoning, nor a conclusion
    reasoning = next((found[k] for k in REASONING_KEYS if _WORDED.search(found.get(k, ""))), None)
    if answer is None and reasoning is None and closed and _key(pairs[-1][0]) not in REASONING_KEYS:
        reasoning = pairs[-1][1]  # no field named as either: the last one written concludes
    return JsonReply(answer, reasoning, closed, end)


_WORDED = lazy_compile(r"[^\W\d_]{2}")  # two letters in a row: words (or maths written with them), not a bare value
