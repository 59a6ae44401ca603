"""MEGA-Bench's exact and simple string matches: the string metrics other metric families fall back on.

Kept apart from ``metrics.py`` so that ``numeric.py`` (whose numerical matches fall back on ``simple_str_match``)
and ``metrics.py`` (which registers both) import it without importing each other.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["exact_str_match", "simple_str_match"]


def _single_letter(s: str, fixed: bool) -> str:
    if fixed:
        # A letter option, alone or followed by punctuation/space and text ("B", "(B) cat", "B. cat"), not
        # the first letter of a word ("Bob").
        m = re.match(r"^\(?([A-Za-z])\)?(?![A-Za-z])", s)
        return m.group(1) if m else s
    m = re.match(r"^\(?([A-Za-z])\)?(?:\s*\.\s*|\.)?(.*)", s)
    return m.group(1) if m else s


def exact_str_match(response: Any, target: Any, fixed: bool = False) -> int:
    response = response if isinstance(response, str) else str(response)
    target = target if isinstance(target, str) else str(target)
    if len(target) == 1 and target.isalpha() and len(response) > 1:
        response = _single_letter(response, fixed)
    return 1 if response == target else 0


def simple_str_match(response: Any, target: Any, fixed: bool = False) -> int:
    # The seed: "ignoring spaces and hyphens". The reference also deletes dots (3.14 == 314); fixed keeps them.
    drop = r"[ \-\n\t]" if fixed else r"[ \-\n\t.]"
    if not isinstance(target, str) and not fixed:
        return 0  # the reference calls .replace on the gold: a list or number gold raises, and the metric scores 0
    response = re.sub(drop, "", str(response)).lower()
    target = re.sub(drop, "", str(target)).lower()
    return exact_str_match(response, target, fixed)
