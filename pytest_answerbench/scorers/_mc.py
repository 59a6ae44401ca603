"""Helpers shared by the multiple-choice scorers: option columns and missing-cell tests."""

from __future__ import annotations

import math
import string
from typing import Any, Mapping


def is_missing(value: Any, *, blank: bool = False) -> bool:
    """True for what pandas would read as NaN: None, NaN, and the empty cell; with ``blank``, text of spaces
    too (the shape check, ``inputs/shape.py``, asks whether a cell holds anything; the scorers keep an option
    of spaces, as their references do)."""
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and (not value.strip() if blank else value == "")


def option_text(value: Any) -> str:
    """An option cell as text; integral floats (pandas' reading of ``4``) print without ``.0``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_LETTERS: dict[str, str] = {}  # limit -> the letters A..limit


def option_columns(row: Mapping[str, Any], limit: str = "Z") -> dict[str, str]:
    """The options ``A``..``limit`` that the row has, in letter order, as text."""
    letters = _LETTERS.get(limit)
    if letters is None:
        letters = _LETTERS[limit] = string.ascii_uppercase[: string.ascii_uppercase.index(limit) + 1]
    out = {}
    for letter in letters:
        if letter in row:
            value = row[letter]
            if value.__class__ is str:  # text: missing only when empty, and its own text
                if value:
                    out[letter] = value
            elif not is_missing(value):
                out[letter] = option_text(value)
    return out
