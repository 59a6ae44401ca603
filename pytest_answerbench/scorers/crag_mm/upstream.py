"""CRAG-MM, upstream profile: the two references' own tests where the profiles differ.

* :func:`is_miss_upstream`: the chosen reference's substring test for "I don't know";
* :func:`parse_fb_upstream`: facebookresearch ``LLMJudge.parse_response``, quirks included.

The rest of the upstream behaviour (cells read as the reference reads them, a missing judge falling back to
exact match, reference edge cases of ``calculate_scores``) is chosen in ``crag_mm/__init__.py`` and
``crag_mm/_shared.py`` by the profile.
"""

from __future__ import annotations

from ._shared import STARTER_KIT, clean_text

__all__ = ["is_miss_upstream", "parse_fb_upstream"]


def is_miss_upstream(response: str, variant: str) -> bool:
    """The reference's substring test for an abstention.

    facebookresearch: ``"i dont know"`` or ``"i do not know"`` in ``clean_text(response)`` (so curly and
    missing apostrophes count); starter kit: the literal ``"i don't know"`` in the lower-cased response.
    """
    if variant == STARTER_KIT:
        return "i don't know" in response.lower()
    cleaned = clean_text(response)
    return "i dont know" in cleaned or "i do not know" in cleaned


def parse_fb_upstream(text: str) -> bool | None:
    """facebookresearch ``LLMJudge.parse_response``, quirks included.

    WRONG is checked first: ``"Result: WRONG"`` anywhere or ``"WRONG"`` in the last line -> False; then
    ``"Result: CORRECT"`` anywhere or ``"CORRECT"`` in the last line -> True (so a last line
    ``Result: INCORRECT`` is True); otherwise None. Case-sensitive.
    """
    last = text.split("\n")[-1]
    if "Result: WRONG" in text or "WRONG" in last:
        return False
    if "Result: CORRECT" in text or "CORRECT" in last:
        return True
    return None
