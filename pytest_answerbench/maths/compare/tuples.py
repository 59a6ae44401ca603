"""Tuples: the elements of ``(a, b)``, ``[a, b]``, ``\\langle a, b \\rangle``, split at top-level commas."""

from __future__ import annotations

import re




def split_top(text: str, sep: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def tuple_parts(text: str) -> list[str] | None:
    """The elements of ``(a, b, ...)``, ``[a, b]`` or ``\\langle a, b \\rangle``, or None."""
    t = text.strip()
    m = re.fullmatch(r"\\langle(.*)\\rangle", t)
    if m:
        inner = m.group(1)
    elif len(t) >= 2 and t[0] + t[-1] in ("()", "[]"):
        inner = t[1:-1]
        depth = 0
        for c in inner:  # "(1)+(2)" is not a tuple
            depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
            if depth < 0:
                return None
    else:
        return None
    parts = split_top(inner, ",")
    if len(parts) < 2:
        parts = split_top(inner, ";")  # (0; -2; 6): coordinates separated by semicolons
    if len(parts) < 2:
        return None
    return [p.strip() for p in parts]
