"""CRAG-MM, default profile: where the default reading differs from both references (docs/profiles-judged.md).

* :func:`is_miss_default`: the abstention test with runs of whitespace collapsed first;
* :func:`parse_fb_strict`: a CORRECT/WRONG judge reply read only when unambiguous, else the row is an error.

The rest of the default behaviour (numbers read as text, an exact match never a miss, a missing judge an error,
the formulas on a single turn) is chosen in ``crag_mm/__init__.py`` and ``crag_mm/_shared.py`` by the profile.
"""

from __future__ import annotations

import re

from ...text.patterns import lazy_compile
from ._shared import clean_text

__all__ = ["is_miss_default", "parse_fb_strict"]


def is_miss_default(response: str) -> bool:
    """The default profile's test: facebookresearch's, with runs of whitespace collapsed first.

    ``"I  don't know"`` (two spaces) is an abstention to any reader; both references miss it because their
    test is a plain substring match.
    """
    cleaned = " ".join(clean_text(response).split())
    return "i dont know" in cleaned or "i do not know" in cleaned


_VERDICT_WORD = lazy_compile(r"\b(not\s+)?(CORRECT|INCORRECT|WRONG)\b", re.IGNORECASE)
_RESULT_LINE = lazy_compile(r"^\W*result\W*?:", re.IGNORECASE)


def _said(line: str) -> list[bool]:
    """What each verdict word of ``line`` says: CORRECT True, WRONG and INCORRECT False, ``not`` flips it."""
    return [(word.upper() == "CORRECT") != bool(negated) for negated, word in _VERDICT_WORD.findall(line)]


def parse_fb_strict(text: str) -> bool | None:
    """The default profile's reading of a CORRECT/WRONG reply: None unless it is unambiguous.

    The verdict comes from ``Result:`` lines (CORRECT, WRONG, INCORRECT as whole words, any case), or else from
    a last line that is nothing but such words (``"**Correct.**"``, ``"not CORRECT. WRONG"``). Verdict words on
    a last comment line after the ``Result:`` line must agree with it. INCORRECT means wrong; ``not`` before a
    word says the opposite. Anything else (no verdict, or CORRECT and WRONG both claimed) is None, which the
    scorer reports as an error.
    """
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        return None
    said = [v for ln in lines if _RESULT_LINE.match(ln) for v in _said(ln)]
    last = lines[-1]
    if said:
        # Verdict words on a trailing comment line must not contradict the Result line.
        said += [] if _RESULT_LINE.match(last) else _said(last)
    elif not re.sub(r"[^A-Za-z]", "", _VERDICT_WORD.sub("", last)):  # a last line of verdict words only
        said = _said(last)
    verdicts = set(said)
    return verdicts.pop() if len(verdicts) == 1 else None
